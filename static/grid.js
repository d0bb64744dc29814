// Comfort for the Sudoku board; every page works without it.
// On any table.input-board: the board is one Tab stop, inside which arrow keys, Home and End
// move; a symbol fills a cell and moves on, Backspace and Delete clear, pasting a whole puzzle
// fills the grid, and Clear empties it. Links to an empty grid ask before throwing filled cells
// away; "Copy link" copies the share link.
(function () {
  "use strict";

  var SYMBOLS = "123456789ABCDEFGHIJKLMNOP";
  var BLANKS = "0. ";
  var SEPARATORS = /[\s|+\-]/g;

  function enhanceBoard(table) {
    var size = Number(table.dataset.size);
    var symbols = SYMBOLS.slice(0, size);
    var inputs = Array.prototype.slice.call(table.querySelectorAll("input"));
    var wrapper = table.closest(".input-grid") || table.parentNode;

    // One Tab stop: the cell last focused, at first the first one the server marked invalid.
    var stop = inputs.filter(function (input) { return input.getAttribute("aria-invalid") === "true"; })[0] || inputs[0];
    function makeStop(input) {
      stop.tabIndex = -1;
      stop = input;
      stop.tabIndex = 0;
    }
    inputs.forEach(function (input) { input.tabIndex = -1; });
    makeStop(stop);

    var hint = wrapper.querySelector(".grid-keys");
    if (hint) {
      hint.hidden = false;
      table.setAttribute("aria-describedby", hint.id);
    }

    function focusAt(index) {
      var input = inputs[Math.max(0, Math.min(inputs.length - 1, index))];
      input.focus();
      input.scrollIntoView({ block: "nearest", inline: "nearest" });
    }

    function set(input, text) {
      input.value = text;
      input.removeAttribute("aria-invalid");
      input.parentNode.classList.remove("invalid");
    }

    table.addEventListener("focusin", function (event) {
      if (inputs.indexOf(event.target) < 0) return;
      makeStop(event.target);
      event.target.select();
    });

    table.addEventListener("keydown", function (event) {
      var input = event.target;
      var index = inputs.indexOf(input);
      if (index < 0 || event.altKey || event.metaKey) return;
      var key = event.key;
      var row = Math.floor(index / size);
      var to = null;
      if (key === "ArrowRight") to = Math.min(index + 1, inputs.length - 1);  // on into the next row
      else if (key === "ArrowLeft") to = Math.max(index - 1, 0);  // back into the row above
      else if (key === "ArrowDown") to = row + 1 < size ? index + size : index;
      else if (key === "ArrowUp") to = row > 0 ? index - size : index;
      else if (key === "Home") to = event.ctrlKey ? 0 : row * size;
      else if (key === "End") to = event.ctrlKey ? inputs.length - 1 : row * size + size - 1;
      if (to !== null) {
        event.preventDefault();
        focusAt(to);
        return;
      }
      if (event.ctrlKey) return;
      if (key === "Backspace") {
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
