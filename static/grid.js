// Comfort for the Sudoku board; every page works without it.
// On any table.input-board: the board is one Tab stop, inside which arrow keys, Home and End
// move; a symbol fills a cell and moves on, Backspace and Delete clear, pasting a whole puzzle
// fills the grid, Clear empties it, and a symbol twice in a unit (a row, column, box, or any
// unit a variant adds) is marked and worded as it is typed. The page says what the units,
// symbols and words are (a JSON island the table names): nothing here works them out. On touch
// screens and narrow windows a digit pad types without a keyboard. A readonly cell (a given on
// a play page) is locked: arrows move onto it, nothing changes it.
// Links to an empty grid ask before throwing filled cells away; "Copy link" copies the link.
(function () {
  "use strict";

  var BLANKS = "0. ";
  var SEPARATORS = /[\s|+\-]/g;

  // What the page tells the script about a board (webapp/web/board_island.py): its units, each
  // with its cells, title and how a clash in it is worded; its symbols; the words to use.
  function readIsland(table) {
    return JSON.parse(document.getElementById(table.dataset.island).textContent);
  }

  // A template's {fields} filled in: "{unit} has {count} {symbol}s ({where})".
  function fillIn(template, fields) {
    return template.replace(/\{(\w+)\}/g, function (field, name) { return fields[name]; });
  }

  // Every symbol that a unit holds more than once, worded as the server words a clash.
  function findClashes(values, island, units) {
    var words = island.words;
    function inWords(items) {
      var last = items[items.length - 1];
      return items.length > 1 ? items.slice(0, -1).join(words.listSeparator) + words.listLast + last : last;
    }
    var clashes = [];
    units.forEach(function (unit) {
      for (var s = 0; s < island.symbols.length; s++) {
        var symbol = island.symbols[s];
        var at = [];  // the places in the unit holding the symbol
        unit.cells.forEach(function (cell, i) { if (values[cell] === symbol) at.push(i); });
        if (at.length < 2) continue;
        var message = fillIn(words.clash, {
          unit: unit.title,
          count: words.counts[at.length] || String(at.length),
          symbol: symbol,
          where: fillIn(unit.where, { cells: inWords(at.map(function (i) { return unit.cellNames[i]; })) })
        });
        clashes.push({ cells: at.map(function (i) { return unit.cells[i]; }), message: message });
      }
    });
    return clashes;
  }

  function enhanceBoard(table) {
    var size = Number(table.dataset.size);  // cells a row: how far up and down arrows move
    var island = readIsland(table);
    var symbols = island.symbols;  // a Hexadoku's are 0-F
    var words = island.words;
    var inputs = Array.prototype.slice.call(table.querySelectorAll("input"));
    var wrapper = table.closest(".input-grid") || table.parentNode;
    var form = table.closest("form");
    // The home form's variant menu: the island says which kinds of unit each variant has.
    var variant = form && island.variantKinds && form.querySelector("select[data-variant]");
    // A Jigsaw's regions are the map's as typed: cells with one label, one region.
    var regionInputs = form ? Array.prototype.slice.call(form.querySelectorAll("[data-region-grid] input")) : [];
    function regionUnits() {
      var byLabel = {};
      var order = [];
      regionInputs.forEach(function (input, cell) {
        var label = input.value.trim().toUpperCase();
        if (!label) return;
        if (!byLabel[label]) { byLabel[label] = []; order.push(label); }
        byLabel[label].push(cell);
      });
      return order.map(function (label) {
        var cells = byLabel[label];
        return {
          kind: "region",
          cells: cells,
          title: fillIn(island.regionTitle, { label: label }),
          where: "{cells}",
          cellNames: cells.map(function (cell) { return "r" + (Math.floor(cell / size) + 1) + "c" + (cell % size + 1); })
        };
      });
    }
    function activeUnits() {
      var kinds = variant && island.variantKinds[variant.value];
      if (!kinds) return island.units;
      var units = island.units.filter(function (unit) { return kinds.indexOf(unit.kind) >= 0; });
      return kinds.indexOf("region") >= 0 ? units.concat(regionUnits()) : units;
    }
    if (variant) variant.addEventListener("change", function () { refresh(); });
    // A map changed by typing or painting (regions.js sends "input" too) asks again.
    regionInputs.forEach(function (input) { input.addEventListener("input", function () { refresh(); }); });
    var status = wrapper.querySelector(".clash-status");
    var typing = inputs[0].getAttribute("inputmode");
    var said = "";  // the clashes the status last reported (or that the page came with)

    function locked(input) { return input.readOnly; }

    // One Tab stop: the cell last focused, at first the first one the server marked invalid.
    var stop = inputs.filter(function (input) { return input.getAttribute("aria-invalid") === "true"; })[0] || inputs[0];
    function makeStop(input) {
      stop.tabIndex = -1;
      stop.parentNode.classList.remove("current");
      stop = input;
      stop.tabIndex = 0;
      stop.parentNode.classList.add("current");
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

    // The next cell after `index` that typing may fill; `index` itself when there is none.
    // Play stays on the chosen cell: moving on suits typing givens, not solving.
    var stay = table.classList.contains("play-board-table");
    function nextOpen(index) {
      if (stay) return index;
      for (var i = index + 1; i < inputs.length; i++) if (!locked(inputs[i])) return i;
      return index;
    }

    // A cell no longer wrong keeps only the notes that are not about a problem (a photo's
    // "check r4c7" note stays); the error summary's problems and the clash status go.
    function keepNotes(input) {
      var kept = (input.getAttribute("aria-describedby") || "").split(/\s+/).filter(function (id) {
        return id && id.indexOf("problem-") !== 0 && !(status && id === status.id);
      });
      if (kept.length) input.setAttribute("aria-describedby", kept.join(" "));
      else input.removeAttribute("aria-describedby");
    }

    // Mark every cell in a clash (class, aria-invalid), unmark the rest, and say what changed.
    function refresh(quiet) {
      dropUndo();  // something changed the grid since Clear: no taking the old one back
      var values = inputs.map(function (input) { return input.value.toUpperCase(); });
      var clashes = findClashes(values, island, activeUnits());
      // A cell holding what is no symbol here (a letter in a 9x9) is worded as the server
      // words it, and marked like a clash until it is fixed.
      inputs.forEach(function (input, i) {
        var text = input.value.trim();
        if (!text || locked(input) || (text.length === 1 && symbols.indexOf(text.toUpperCase()) >= 0)) return;
        var cellName = "r" + (Math.floor(i / size) + 1) + "c" + (i % size + 1);
        clashes.push({ cells: [i], message: fillIn(words.notSymbol, { cell: cellName, text: "'" + text + "'" }) });
      });
      var clashing = {};
      clashes.forEach(function (clash) { clash.cells.forEach(function (cell) { clashing[cell] = true; }); });
      inputs.forEach(function (input, i) {
        var cell = input.parentNode;
        if (clashing[i]) {
          cell.classList.add("clash");
          input.setAttribute("aria-invalid", "true");
          if (!input.hasAttribute("aria-describedby") && status) input.setAttribute("aria-describedby", status.id);
        } else if (cell.classList.contains("clash") || !cell.classList.contains("invalid")) {
          // a clash (the server's or this script's) now fixed; or a cell nothing is wrong with
          cell.classList.remove("clash", "invalid");
          input.removeAttribute("aria-invalid");
          keepNotes(input);
        }
      });
      var text = clashes.map(function (clash) { return clash.message + "."; }).join(" ");
      if (status && !quiet && text !== said) {
        status.textContent = text || words.noClashes;
        status.classList.toggle("clear", !text);
      }
      said = text;
    }

    // Put `text` in a cell, unless it is locked; the server's mark on it no longer applies.
    function fill(input, text, quiet) {
      if (locked(input)) return;
      input.value = text;
      input.parentNode.classList.remove("invalid");
      if (!quiet) refresh();
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
        if ((input.value === "" || locked(input)) && index > 0) {
          focusAt(index - 1);
          fill(inputs[index - 1], "");
        } else {
          fill(input, "");
        }
      } else if (key === "Delete") {
        event.preventDefault();
        fill(input, "");
      } else if (key.length === 1 && symbols.indexOf(key.toUpperCase()) >= 0) {
        event.preventDefault();
        if (locked(input)) return;
        fill(input, key.toUpperCase());
        focusAt(nextOpen(index));
      } else if (key.length === 1 && BLANKS.indexOf(key) >= 0) {
        event.preventDefault();
        if (locked(input)) return;
        fill(input, "");
        focusAt(nextOpen(index));
      }
      // Anything else is typed as usual; the server says what is wrong with it.
    });

    // Phone keyboards often send no usable keydown: finish the job on input.
    table.addEventListener("input", function (event) {
      var input = event.target;
      var index = inputs.indexOf(input);
      if (index < 0) return;
      var text = input.value.toUpperCase();
      if (text.length === 1 && symbols.indexOf(text) >= 0) {
        fill(input, text);
        focusAt(nextOpen(index));
      } else {
        input.parentNode.classList.remove("invalid");
        refresh();
      }
    });

    table.addEventListener("paste", function (event) {
      var text = (event.clipboardData.getData("text") || "").replace(SEPARATORS, "");
      if (text.length === inputs.length) {
        event.preventDefault();
        inputs.forEach(function (input, i) {
          var symbol = text.charAt(i).toUpperCase();
          var blank = symbol === "." || (symbol === "0" && symbols.indexOf("0") < 0);
          fill(input, blank ? "" : symbol, true);
        });
        refresh();
        focusAt(0);
      } else if (island.puzzleLengths.indexOf(text.length) >= 0 && form) {
        // A whole puzzle of another size: let the server open the right grid.
        event.preventDefault();
        window.location.assign(form.action + "?puzzle=" + encodeURIComponent(text));
      }
    });

    // Clear empties the grid at once and offers to take it back ("Undo"), until the next
    // thing typed: a slip of the finger costs nothing.
    var clear = form && form.querySelector("[data-action=clear]");
    var undoBar = null;
    function dropUndo() {
      if (undoBar) undoBar.remove();
      undoBar = null;
    }
    if (clear) {
      clear.addEventListener("click", function (event) {
        event.preventDefault();
        var before = inputs.map(function (input) { return input.value; });
        inputs.forEach(function (input) { fill(input, "", true); });
        refresh();
        if (before.some(function (value) { return value; })) {
          undoBar = document.createElement("p");
          undoBar.className = "clear-undo";
          undoBar.setAttribute("role", "status");
          undoBar.textContent = "The grid is cleared. ";
          var undo = document.createElement("button");
          undo.type = "button";
          undo.className = "secondary";
          undo.textContent = "Undo";
          undo.addEventListener("click", function () {
            inputs.forEach(function (input, index) { fill(input, before[index], true); });
            refresh();
            dropUndo();
            focusAt(0);
          });
          undoBar.appendChild(undo);
          clear.parentNode.insertAdjacentElement("afterend", undoBar);
        }
        focusAt(0);
      });
    }

    // The digit pad: 1..N and Erase, filling the Tab stop's cell as typing would. It goes in
    // the form's [data-digit-pad] (kept in sight beside Solve), else under the board; CSS shows
    // it on touch screens and in narrow windows.
    var pad = document.createElement("div");
    pad.className = "digit-pad";
    pad.setAttribute("role", "group");
    pad.setAttribute("aria-label", words.pad);
    (symbols + " ").split("").forEach(function (symbol) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "secondary";
      button.dataset.symbol = symbol.trim();
      button.textContent = symbol.trim() || words.erase;
      if (!symbol.trim()) button.setAttribute("aria-label", words.eraseCell);
      pad.appendChild(button);
    });
    var slot = form && form.querySelector("[data-digit-pad]");
    if (slot) slot.insertBefore(pad, slot.firstChild);
    else wrapper.appendChild(pad);
    // A press keeps the focus (and a phone's keyboard state) where it is.
    pad.addEventListener("mousedown", function (event) { event.preventDefault(); });
    pad.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button || locked(stop)) return;
      var index = inputs.indexOf(stop);
      fill(stop, button.dataset.symbol);
      var next = button.dataset.symbol ? nextOpen(index) : index;
      if (document.activeElement === button) makeStop(inputs[next]);  // a keyboard press
      else focusAt(next);
    });
    // On a touch screen the pad is the keyboard: the phone's own would cover it.
    var coarse = window.matchMedia("(pointer: coarse)");
    function choosePadOrKeyboard() {
      var padOnly = coarse.matches && window.getComputedStyle(pad).display !== "none";
      inputs.forEach(function (input) {
        if (!locked(input)) input.setAttribute("inputmode", padOnly ? "none" : typing);
      });
    }
    choosePadOrKeyboard();
    coarse.addEventListener("change", choosePadOrKeyboard);
    // Another script that changed the cells (play's undo) asks for the clashes again.
    table.addEventListener("board-changed", function () { refresh(); });

    refresh(true);
    return refresh;
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

  var refreshers = Array.prototype.map.call(document.querySelectorAll("table.input-board"), enhanceBoard);
  document.querySelectorAll("a[data-new-grid]").forEach(guardNewGridLink);
  document.querySelectorAll("button[data-copy]").forEach(enhanceCopyButton);
  // Back to this page: the browser may have put back typed cells (or the whole page, from its
  // back-forward cache) after the script ran, so the marks are worked out again.
  window.addEventListener("pageshow", function (event) {
    var asked = document.querySelector(".size-confirm");
    if (event.persisted && asked) asked.remove();
    refreshers.forEach(function (refresh) { refresh(true); });
  });
  var summary = document.querySelector(".error-summary");
  if (summary) summary.focus();
})();
