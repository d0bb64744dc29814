// Adding a Killer's cages on the home form (progressive enhancement): click or drag over the
// cage map to select cells, type their sum, and Enter (or "Add cage") gives them a new label
// in the map's fields and writes "label=sum" into the sums field. The cages so far are listed,
// each with a button to remove it. The fields stay the form's: without this script a person
// types the same labels and sums, and the form posts the same thing either way; the server
// checks the cages and says what is wrong with one.
(function () {
  "use strict";

  var LABELS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  var PAIR = /([0-9A-Za-z]+)\s*[=:]\s*([^\s,;=:]*)/g;
  var NONE = ".";

  var made = window.sudokuForm.made;  // form_parts.js

  function enhance(grid) {
    var table = grid.querySelector("table.cage-board");
    var inputs = Array.prototype.slice.call(table.querySelectorAll("input"));
    var size = Number(table.dataset.size);
    var form = grid.closest("form");
    var sums = form.querySelector("#cage_sums");
    var selected = [];

    function label(input) { return input.value.trim() || NONE; }
    function place(i) { return "r" + (Math.floor(i / size) + 1) + "c" + (i % size + 1); }

    function sumsByLabel() {
      var found = {};
      (sums.value.match(PAIR) || []).forEach(function (pair) {
        var parts = pair.split(/\s*[=:]\s*/);
        found[parts[0]] = parts[1];
      });
      return found;
    }

    // The controls: the sum of the selection, Add, and the list of cages so far.
    var hint = made("p", "hint", "Click or drag across cells to select a cage, type its sum, then press Enter or Add cage.");
    var row = made("div", "cage-add");
    var sumLabel = made("label", "", "Sum of the selected cells", { for: "cage-new-sum" });
    var sumInput = made("input", "", "", { id: "cage-new-sum", inputmode: "numeric", autocomplete: "off", size: "4" });
    var add = made("button", "secondary", "Add cage", { type: "button" });
    var clear = made("button", "secondary", "Clear selection", { type: "button" });
    var status = made("p", "cage-status", "", { role: "status" });
    var listHeading = made("p", "cage-list-heading", "Cages so far:");
    var list = made("ul", "cage-list");
    row.append(sumLabel, sumInput, add, clear);
    grid.insertBefore(hint, grid.firstChild);
    grid.insertBefore(row, hint.nextSibling);
    grid.append(status, listHeading, list);

    function redraw() {
      var values = inputs.map(label);
      inputs.forEach(function (input, i) {
        var cell = input.parentNode;
        cell.classList.toggle("edge-right", i % size < size - 1 && values[i + 1] !== values[i]);
        cell.classList.toggle("edge-below", i + size < inputs.length && values[i + size] !== values[i]);
        cell.classList.toggle("cage-selected", selected.indexOf(i) >= 0);
      });
      var given = sumsByLabel();
      var cages = {};
      var order = [];
      values.forEach(function (value, i) {
        if (value === NONE) return;
        if (!cages[value]) { cages[value] = []; order.push(value); }
        cages[value].push(i);
      });
      list.textContent = "";
      order.forEach(function (name) {
        var total = given[name] === undefined ? "no sum yet" : given[name] === "?" ? "no sum" : "sum " + given[name];
        var item = made("li", "", "Cage " + name + ": " + total + ", " + cages[name].map(place).join(" "));
        var remove = made("button", "secondary", "Remove", { type: "button", "aria-label": "Remove cage " + name });
        remove.addEventListener("click", function () { removeCage(name); });
        item.append(" ", remove);
        list.append(item);
      });
      listHeading.hidden = order.length === 0;
    }

    function removeCage(name) {
      inputs.forEach(function (input) { if (label(input) === name) input.value = ""; });
      sums.value = sums.value.replace(PAIR, function (pair, found) { return found === name ? "" : pair; })
        .replace(/^[\s,;]+|[\s,;]+$/g, "").replace(/\s*,[\s,;]*/g, ", ");
      status.textContent = "Cage " + name + " removed.";
      redraw();
    }

    function addCage() {
      if (!selected.length) { status.textContent = "Select the cage's cells first."; return; }
      var total = sumInput.value.trim();
      if (total && !/^\d+$/.test(total)) { status.textContent = "A sum is a whole number; leave it empty for a cage without one."; return; }
      var used = {};
      inputs.forEach(function (input) { used[label(input)] = true; });
      Object.keys(sumsByLabel()).forEach(function (name) { used[name] = true; });
      var name = LABELS.split("").filter(function (letter) { return !used[letter]; })[0];
      if (!name) { status.textContent = "Every label is in use: type two-letter labels into the map."; return; }
      selected.forEach(function (i) {
        inputs[i].value = name;
        inputs[i].removeAttribute("aria-invalid");
      });
      var pairs = sums.value.replace(/[\s,;]+$/, "");
      sums.value = (pairs ? pairs + ", " : "") + name + "=" + (total || "?");
      var cells = selected.length === 1 ? "1 cell" : selected.length + " cells";
      status.textContent = "Cage " + name + " added: " + cells + (total ? ", sum " + total : ", no sum") + ".";
      selected = [];
      sumInput.value = "";
      redraw();
    }

    // Selecting: a press starts selecting (or unselecting, on a selected cell) and a drag
    // carries it over the cells it passes.
    var selecting = null;
    function touch(target) {
      var cell = target && target.closest && target.closest("table.cage-board td");
      var input = cell && cell.querySelector("input");
      var i = inputs.indexOf(input);
      if (i < 0) return;
      var at = selected.indexOf(i);
      if (selecting && at < 0) selected.push(i);
      if (!selecting && at >= 0) selected.splice(at, 1);
      redraw();
    }
    table.addEventListener("pointerdown", function (event) {
      if (event.button !== 0) return;
      var input = event.target.closest("td") && event.target.closest("td").querySelector("input");
      selecting = selected.indexOf(inputs.indexOf(input)) < 0;
      event.preventDefault();  // no text selection, no focus jump while dragging
      touch(event.target);
    });
    table.addEventListener("pointermove", function (event) {
      if (selecting !== null) touch(document.elementFromPoint(event.clientX, event.clientY));
    });
    ["pointerup", "pointercancel"].forEach(function (name) {
      document.addEventListener(name, function () {
        if (selecting !== null && selected.length) sumInput.focus();
        selecting = null;
      });
    });
    sumInput.addEventListener("keydown", function (event) {
      if (event.key === "Enter") { event.preventDefault(); addCage(); }
    });
    add.addEventListener("click", addCage);
    clear.addEventListener("click", function () { selected = []; redraw(); });
    table.addEventListener("input", redraw);
    sums.addEventListener("input", redraw);
    redraw();

    // Choosing a Killer in the variant menu unfolds the map.
    var variant = form.querySelector("select[data-variant]");
    var details = grid.closest("details");
    if (variant && details) {
      variant.addEventListener("change", function () {
        var option = variant.options[variant.selectedIndex];
        if (option && option.hasAttribute("data-cages")) details.open = true;
      });
    }
  }

  document.querySelectorAll("[data-cage-grid]").forEach(enhance);
})();
