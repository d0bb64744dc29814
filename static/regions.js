// Painting a Jigsaw's region map on the home form (progressive enhancement): a palette of
// region labels appears above the map's fields; pick one, then click or drag over cells to
// put it in their fields. The fields stay the form's: without this script a person types the
// same labels, and the form posts the same thing either way. The thick lines and tints
// follow the labels as they change (the server draws them the same way on the next page),
// on the map and, while a Jigsaw is chosen, on the grid of givens above it too, whose box
// lines give way to the regions' (grid.js checks the givens against the same regions).
(function () {
  "use strict";

  var TINTS = 6;  // style.css: region-tint-1 .. region-tint-6

  function enhance(grid) {
    var table = grid.querySelector("table.region-board");
    var inputs = Array.prototype.slice.call(table.querySelectorAll("input"));
    var size = Number(table.dataset.size);
    var labels = grid.dataset.labels.split("");
    var chosen = labels[0];

    // Thick lines on `cells` (the <td>s of a board) where `values` change.
    function drawEdges(cells, values) {
      cells.forEach(function (cell, i) {
        cell.classList.toggle("edge-right", i % size < size - 1 && values[i + 1] !== values[i]);
        cell.classList.toggle("edge-below", i + size < cells.length && values[i + size] !== values[i]);
      });
    }

    var form = grid.closest("form");
    var variant = form && form.querySelector("select[data-variant]");
    var givens = form && form.querySelector("table.input-board");
    var givenCells = givens ? Array.prototype.slice.call(givens.querySelectorAll("td")) : [];
    // The server draws a Jigsaw's givens as one band without box lines: tell it by that.
    var drawnAsJigsaw = givens && givens.querySelectorAll("tbody").length === 1 && size > 3;

    function jigsawChosen() {
      var option = variant && variant.options[variant.selectedIndex];
      return Boolean(option && option.hasAttribute("data-regions"));
    }

    function redraw() {
      var values = inputs.map(function (input) { return input.value.toUpperCase(); });
      drawEdges(inputs.map(function (input) { return input.parentNode; }), values);
      inputs.forEach(function (input, i) {
        var cell = input.parentNode;
        var tint = labels.indexOf(values[i]);
        for (var t = 1; t <= TINTS; t++) cell.classList.remove("region-tint-" + t);
        if (tint >= 0) cell.classList.add("region-tint-" + (tint % TINTS + 1));
      });
      if (!givens) return;
      var regions = jigsawChosen();
      givens.classList.toggle("regions-drawn", regions || drawnAsJigsaw);
      if (regions) drawEdges(givenCells, values);
      else if (drawnAsJigsaw) drawEdges(givenCells, boxLabels());
      else drawEdges(givenCells, givenCells.map(function () { return ""; }));
    }

    // Each cell's box, for a grid the server drew as a Jigsaw's when another variant is chosen.
    function boxLabels() {
      var island = JSON.parse(document.getElementById(givens.dataset.island).textContent);
      var boxes = [];
      island.units.forEach(function (unit) {
        if (unit.kind === "box") unit.cells.forEach(function (cell) { boxes[cell] = unit.index; });
      });
      return givenCells.map(function (cell, i) { return String(boxes[i]); });
    }

    // The palette: one button a label, the chosen one pressed.
    var made = window.sudokuForm.made;  // form_parts.js
    var palette = made("div", "region-palette", "", { role: "group", "aria-label": "Region to paint with" });
    var hint = made("p", "hint", "Pick a region, then click or drag across cells to paint them into it.", {});
    var buttons = labels.map(function (label, i) {
      var button = made("button", "secondary region-tint-" + (i % TINTS + 1), label, {
        type: "button", "aria-label": "Region " + label, "aria-pressed": String(label === chosen)
      });
      button.addEventListener("click", function () {
        chosen = label;
        buttons.forEach(function (other) { other.setAttribute("aria-pressed", String(other === button)); });
      });
      palette.append(button);
      return button;
    });
    grid.insertBefore(hint, grid.firstChild);
    grid.insertBefore(palette, hint.nextSibling);

    function paint(target) {
      var cell = target && target.closest && target.closest("table.region-board td");
      var input = cell && cell.querySelector("input");
      if (!input || input.value.toUpperCase() === chosen) return;
      input.value = chosen;
      input.removeAttribute("aria-invalid");
      cell.classList.remove("invalid");
      // As typing would: this script redraws, grid.js checks the givens against it.
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    var painting = false;
    table.addEventListener("pointerdown", function (event) {
      if (event.button !== 0) return;
      painting = true;
      event.preventDefault();  // no text selection, no focus jump while dragging
      paint(event.target);
    });
    table.addEventListener("pointermove", function (event) {
      if (painting) paint(document.elementFromPoint(event.clientX, event.clientY));
    });
    ["pointerup", "pointercancel"].forEach(function (name) {
      document.addEventListener(name, function () { painting = false; });
    });
    table.addEventListener("input", redraw);
    redraw();

    // Choosing a Jigsaw in the variant menu unfolds the map and draws it on the givens.
    var details = grid.closest("details");
    if (variant) {
      variant.addEventListener("change", function () {
        if (details && jigsawChosen()) details.open = true;
        redraw();
      });
    }
  }

  document.querySelectorAll("[data-region-grid]").forEach(enhance);
})();
