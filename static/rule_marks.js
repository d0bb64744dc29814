// Entering marks and lines on the home form (progressive enhancement): choose a kind (a
// Kropki dot, an X or V, a thermometer, even cells), select cells on the small grid in order
// (two side-by-side cells for a mark; a line's cells from its start; any cells for marked
// cells), then "Add": the entry is
// written into the marks-and-lines field in the same notation a person types without this
// script ("W r1c1-r1c2", "T r1c1-r1c2-r1c3"), so the form posts the same thing either way;
// the server reads the field and says what is wrong with an entry.
(function () {
  "use strict";

  var made = window.sudokuForm.made;  // form_parts.js

  function enhance(fold) {
    var size = Number(fold.dataset.size);
    var kinds = JSON.parse(fold.dataset.kinds || "[]");
    var field = fold.querySelector("#rule_marks");
    if (!size || !kinds.length || !field) return;
    var selected = [];

    function place(i) { return "r" + (Math.floor(i / size) + 1) + "c" + (i % size + 1); }

    var hint = made("p", "hint", "Choose a mark, line or marked cells, select its cells in order on the grid below, then Add.");
    var row = made("div", "rule-mark-add");
    var kindLabel = made("label", "", "Mark or line", { for: "rule-mark-kind" });
    var kind = made("select", "", "", { id: "rule-mark-kind" });
    kinds.forEach(function (each) {
      kind.append(made("option", "", each[1] + " (" + each[0] + ")", { value: each[0] }));
    });
    var add = made("button", "secondary", "Add", { type: "button" });
    var clear = made("button", "secondary", "Clear selection", { type: "button" });
    var status = made("p", "rule-mark-status", "", { role: "status" });
    row.append(kindLabel, kind, add, clear);
    // A 16x16's cells, 24 px each as every target, are wider than a phone: they scroll in a
    // box of their own, as a big board does (board-16 says so).
    var scroller = made("div", "rule-mark-scroll", "");
    var cells = made("div", "rule-mark-cells board-" + size, "", { role: "group", "aria-label": "Cells to select, in order" });
    scroller.append(cells);
    cells.style.setProperty("--size", String(size));
    var buttons = [];
    for (var i = 0; i < size * size; i++) {
      var button = made("button", "", "", { type: "button", "aria-pressed": "false", "aria-label": place(i), "data-cell": String(i) });
      buttons.push(button);
      cells.append(button);
    }
    field.parentNode.insertBefore(hint, field.previousElementSibling);
    field.parentNode.insertBefore(row, field.previousElementSibling);
    field.parentNode.insertBefore(scroller, field.previousElementSibling);
    field.parentNode.insertBefore(status, field.previousElementSibling);

    function redraw() {
      buttons.forEach(function (button, i) {
        var at = selected.indexOf(i);
        button.setAttribute("aria-pressed", at >= 0 ? "true" : "false");
        button.textContent = at >= 0 ? String(at + 1) : "";
      });
    }

    cells.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-cell]");
      if (!button) return;
      var i = Number(button.dataset.cell);
      var at = selected.indexOf(i);
      if (at >= 0) selected.splice(at, 1); else selected.push(i);
      redraw();
    });

    clear.addEventListener("click", function () { selected = []; redraw(); status.textContent = ""; });

    add.addEventListener("click", function () {
      var chosen = kinds.filter(function (each) { return each[0] === kind.value; })[0];
      var shape = chosen[2];  // "mark", "line" or "cells" (rule_text.notation_kinds)
      var wrong = shape === "mark" ? selected.length !== 2 : shape === "line" ? selected.length < 2 : selected.length < 1;
      if (wrong) {
        status.textContent = shape === "mark" ? "Select the two side-by-side cells the " + chosen[1] + " sits between." :
          shape === "line" ? "Select the " + chosen[1] + "'s cells in order from its start, two or more." :
          "Select the " + chosen[1] + ", one or more.";
        return;
      }
      var group = selected.map(place).join(shape === "cells" ? " " : "-");
      var lines = field.value.split("\n").filter(function (line) { return line.trim(); });
      var head = new RegExp("^" + chosen[0] + "!?(\\s|$)", "i");
      var found = -1;
      lines.forEach(function (line, at) { if (head.test(line.trim())) found = at; });
      if (found >= 0) lines[found] = lines[found].trim() + " " + group; else lines.push(chosen[0] + " " + group);
      field.value = lines.join("\n");
      status.textContent = "Added: " + chosen[1] + " " + group + ".";
      selected = [];
      redraw();
    });
  }

  document.querySelectorAll("[data-rule-marks]").forEach(enhance);
})();
