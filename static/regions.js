// Painting a Jigsaw's region map on the home form (progressive enhancement): a palette of
// region labels appears above the map's fields; pick one, then click or drag over cells to
// put it in their fields. The fields stay the form's: without this script a person types the
// same labels, and the form posts the same thing either way. The thick lines and tints
// follow the labels as they change (the server draws them the same way on the next page).
(function () {
  "use strict";

  var TINTS = 6;  // style.css: region-tint-1 .. region-tint-6

  function enhance(grid) {
    var table = grid.querySelector("table.region-board");
    var inputs = Array.prototype.slice.call(table.querySelectorAll("input"));
    var size = Number(table.dataset.size);
    var labels = grid.dataset.labels.split("");
    var chosen = labels[0];

    function redraw() {
      var values = inputs.map(function (input) { return input.value.toUpperCase(); });
      inputs.forEach(function (input, i) {
        var cell = input.parentNode;
        var right = i % size < size - 1 && values[i + 1] !== values[i];
        var below = i + size < inputs.length && values[i + size] !== values[i];
        cell.classList.toggle("edge-right", right);
        cell.classList.toggle("edge-below", below);
        var tint = labels.indexOf(values[i]);
        for (var t = 1; t <= TINTS; t++) cell.classList.remove("region-tint-" + t);
        if (tint >= 0) cell.classList.add("region-tint-" + (tint % TINTS + 1));
      });
    }

    // The palette: one button a label, the chosen one pressed.
    function made(tag, className, text, attributes) {
      var element = document.createElement(tag);
      element.className = className;
      element.textContent = text;
      Object.keys(attributes).forEach(function (name) { element.setAttribute(name, attributes[name]); });
      return element;
    }
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
      redraw();
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

    // Choosing a Jigsaw in the variant menu unfolds the map.
    var form = grid.closest("form");
    var variant = form && form.querySelector("select[data-variant]");
    var details = grid.closest("details");
    if (variant && details) {
      variant.addEventListener("change", function () {
        var option = variant.options[variant.selectedIndex];
        if (option && option.hasAttribute("data-regions")) details.open = true;
      });
    }
  }

  document.querySelectorAll("[data-region-grid]").forEach(enhance);
})();
