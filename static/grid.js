// Comfort for the Sudoku board; every page works without it.
// Arrow keys move, a symbol fills and advances, Backspace/Delete clear,
// pasting a whole puzzle into any cell fills the grid, Clear empties it,
// links to an empty grid ask before throwing filled cells away, and "Copy link" copies the
// share link.
(function () {
  "use strict";

  var SYMBOLS = "123456789ABCDEFGHIJKLMNOP";
  var BLANKS = "0. ";
  var SEPARATORS = /[\s|+\-]/g;
  var MOVES = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };

  function enhanceBoard(table) {
    var size = Number(table.dataset.size);
    var symbols = SYMBOLS.slice(0, size);
    var inputs = Array.prototype.slice.call(table.querySelectorAll("input"));

    function focusAt(index) {
      var input = inputs[Math.max(0, Math.min(inputs.length - 1, index))];
      input.focus();
      input.select();
    }

    function set(input, text) {
      input.value = text;
      input.removeAttribute("aria-invalid");
      input.parentNode.classList.remove("invalid");
    }

    table.addEventListener("focusin", function (event) {
      if (inputs.indexOf(event.target) >= 0) event.target.select();
    });

    table.addEventListener("keydown", function (event) {
      var input = event.target;
      var index = inputs.indexOf(input);
      if (index < 0 || event.ctrlKey || event.metaKey || event.altKey) return;
      var key = event.key;
      if (MOVES[key]) {
        var row = Math.floor(index / size) + MOVES[key][0];
        var col = (index % size) + MOVES[key][1];
        event.preventDefault();
        if (row >= 0 && row < size && col >= 0 && col < size) focusAt(row * size + col);
      } else if (key === "Backspace") {
        event.preventDefault();
        if (input.value === "" && index > 0) {
          focusAt(index - 1);
          set(inputs[index - 1], "");
        } else {
          set(input, "");
        }
      } else if (key === "Delete") {
        event.preventDefault();
        set(input, "");
      } else if (key.length === 1 && symbols.indexOf(key.toUpperCase()) >= 0) {
        event.preventDefault();
        set(input, key.toUpperCase());
        focusAt(index + 1);
      } else if (key.length === 1 && BLANKS.indexOf(key) >= 0) {
        event.preventDefault();
        set(input, "");
        focusAt(index + 1);
      }
      // Anything else is typed as usual; the server says what is wrong with it.
    });

    // Phone keyboards often send no usable keydown: finish the job on input.
    table.addEventListener("input", function (event) {
      var input = event.target;
      var text = input.value.toUpperCase();
      if (text.length === 1 && symbols.indexOf(text) >= 0) {
        set(input, text);
        focusAt(inputs.indexOf(input) + 1);
      }
    });

    table.addEventListener("paste", function (event) {
      var text = (event.clipboardData.getData("text") || "").replace(SEPARATORS, "");
      if (text.length === inputs.length) {
        event.preventDefault();
        inputs.forEach(function (input, i) {
          var symbol = text.charAt(i).toUpperCase();
          set(input, symbol === "0" || symbol === "." ? "" : symbol);
        });
        focusAt(0);
      } else if ([16, 36, 81, 144, 256, 625].indexOf(text.length) >= 0) {
        // A whole puzzle of another size: let the server open the right grid.
        event.preventDefault();
        window.location.assign(table.closest("form").action + "?puzzle=" + encodeURIComponent(text));
      }
    });

    var clear = document.querySelector("[data-action=clear]");
    if (clear) {
      clear.addEventListener("click", function (event) {
        event.preventDefault();
        inputs.forEach(function (input) { set(input, ""); });
        table.querySelectorAll(".conflict").forEach(function (cell) { cell.classList.remove("conflict"); });
        focusAt(0);
      });
    }
  }

  // How many cells hold something typed (not locked) on any board of the page.
  function filledCells() {
    var inputs = document.querySelectorAll("table.input-board input");
    return Array.prototype.filter.call(inputs, function (input) {
      return !input.readOnly && input.value.trim() !== "";
    }).length;
  }

  // A link to an empty grid asks first when cells are filled: Discard and switch, or Keep editing.
  function guardNewGridLink(link) {
    link.addEventListener("click", function (event) {
      var filled = filledCells();
      if (!filled || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      var old = document.querySelector(".size-confirm");
      if (old) old.remove();
      var box = document.createElement("div");
      box.className = "size-confirm";
      box.setAttribute("role", "group");
      box.setAttribute("aria-labelledby", "size-confirm-text");
      var text = document.createElement("p");
      text.id = "size-confirm-text";
      text.textContent = link.textContent + " starts an empty grid: the " +
        (filled === 1 ? "cell" : filled + " cells") + " you filled would be lost.";
      var discard = document.createElement("button");
      discard.type = "button";
      discard.textContent = "Discard and switch";
      var keep = document.createElement("button");
      keep.type = "button";
      keep.className = "secondary";
      keep.textContent = "Keep editing";
      discard.addEventListener("click", function () { window.location.assign(link.href); });
      keep.addEventListener("click", function () {
        box.remove();
        link.focus();
      });
      box.addEventListener("keydown", function (key) { if (key.key === "Escape") keep.click(); });
      box.append(text, discard, keep);
      (link.closest("nav") || link.parentNode).insertAdjacentElement("afterend", box);
      keep.focus();
    });
  }

  function enhanceCopyButton(button) {
    var link = document.getElementById(button.dataset.copy);
    var status = button.parentNode.querySelector(".copy-status");
    button.hidden = false;
    button.addEventListener("click", function () {
      function done(message) { status.textContent = message; }
      function fallback() {
        var range = document.createRange();
        range.selectNodeContents(link);
        var selection = window.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
        done(document.execCommand("copy") ? "Link copied." : "Press Ctrl+C (or Cmd+C) to copy the link.");
      }
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(link.href).then(function () { done("Link copied."); }, fallback);
      } else {
        fallback();
      }
    });
  }

  document.querySelectorAll("table.input-board").forEach(enhanceBoard);
  document.querySelectorAll("a[data-new-grid]").forEach(guardNewGridLink);
  document.querySelectorAll("button[data-copy]").forEach(enhanceCopyButton);
  // Back to this page from the back-forward cache: the question asked before leaving is moot.
  window.addEventListener("pageshow", function (event) {
    var asked = document.querySelector(".size-confirm");
    if (event.persisted && asked) asked.remove();
  });
  var summary = document.querySelector(".error-summary");
  if (summary) summary.focus();
})();
