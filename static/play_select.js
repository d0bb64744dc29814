// Several cells chosen at once on the play page, as SudokuPad chooses them: drag across cells
// (a mouse, or a finger on a touch screen), Shift or Ctrl with a click, or Shift with an
// arrow key, adds cells to the chosen cell; a plain click, tap or arrow chooses one again,
// and Escape too. The cells chosen carry the class "selected" (when there are two or more);
// play_marks.js types into every one of them. Without script one cell is typed at a time.
(function () {
  "use strict";

  var form = document.querySelector("form.play-form");
  var table = form && form.querySelector("table.input-board");
  if (!table) return;
  var inputs = Array.prototype.slice.call(table.querySelectorAll("input"));
  // A finger on the board chooses cells rather than scrolling the page (the pad and the
  // board fit a phone's screen together, so nothing below is out of reach).
  table.classList.add("selecting");

  var chosen = {};
  var adding = false;  // the next cell focused joins the others (Shift+arrow)
  var keep = false;  // the focus that follows a press goes with what the press chose
  var dragging = false;

  function show() {
    var many = Object.keys(chosen).length > 1;
    inputs.forEach(function (input, cell) {
      input.parentNode.classList.toggle("selected", many && !!chosen[cell]);
    });
    form.dispatchEvent(new CustomEvent("play-selected"));
  }
  function only(cell) {
    chosen = {};
    chosen[cell] = true;
    show();
  }
  function add(cell) {
    if (chosen[cell]) return;
    chosen[cell] = true;
    show();
  }
  function cellAt(x, y) {
    var found = document.elementFromPoint(x, y);
    var td = found && found.closest("td");
    var input = td && td.querySelector("input");
    return input ? inputs.indexOf(input) : -1;
  }

  table.addEventListener("pointerdown", function (event) {
    var cell = cellAt(event.clientX, event.clientY);
    if (cell < 0 || event.button > 0) return;
    keep = true;
    if (event.shiftKey || event.ctrlKey || event.metaKey) {
      if (chosen[cell] && event.ctrlKey) {  // Ctrl+click takes a chosen cell out again
        delete chosen[cell];
        show();
      } else {
        add(cell);
      }
      return;
    }
    dragging = true;
    only(cell);
    if (event.pointerType !== "mouse") {
      // a tap moves the typing to the cell, as a click does, without the phone's keyboard
      event.preventDefault();
      inputs[cell].focus({ preventScroll: true });
    }
  });
  // A finger's press is the pointerdown's alone: no tap afterwards moves the focus (and the
  // choice) to the cell where the drag ended.
  table.addEventListener("touchstart", function (event) {
    if (cellAt(event.touches[0].clientX, event.touches[0].clientY) >= 0) event.preventDefault();
  }, { passive: false });
  table.addEventListener("pointermove", function (event) {
    if (!dragging) return;
    var cell = cellAt(event.clientX, event.clientY);
    if (cell >= 0) add(cell);
  });
  function stop() {
    dragging = false;
    keep = false;
  }
  document.addEventListener("pointerup", stop);
  document.addEventListener("pointercancel", stop);

  table.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      var cell = inputs.indexOf(event.target);
      if (cell >= 0) only(cell);
      return;
    }
    adding = event.shiftKey && event.key.indexOf("Arrow") === 0;
  }, true);
  table.addEventListener("focusin", function (event) {
    var cell = inputs.indexOf(event.target);
    if (cell < 0) return;
    if (keep) {
      keep = false;
      if (!Object.keys(chosen).length) only(cell);
    } else if (adding) {
      adding = false;
      add(cell);
    } else {
      only(cell);
    }
  });
})();
