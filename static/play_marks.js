// The solver's marks on the play page, as SudokuPad keeps them: corner marks, centre marks and
// cell colours beside the notes (which stay the default kind). Corner, Centre and Colour
// buttons (keys X, C and V) choose what a symbol typed or pressed on the pad writes; pressed
// again, they go back to values. In every mode a symbol goes into every chosen cell
// (play_select.js): each takes it, or when all held it, none keeps it. Colours come from a
// palette of nine (in colour mode the keys 1 to 9 too).
// The marks live in the link as corner=, centre= and colours= (cell_marks.py writes and
// reads the same text), in the form for the buttons without script, and in undo: each change
// is one move (play.js records it). On a Killer, the chosen cell's cage says the ways of
// making its sum that the board still allows (the page hands the sets; cage_ways.py); on any
// puzzle, cells chosen together fill the sum helper's form, whose line the server gives.
(function () {
  "use strict";

  var STANDARD = "123456789ABCDEFGHIJKLMNOP";  // how the link writes a value
  var COLOURS = ["red", "orange", "yellow", "green", "teal", "blue", "purple", "pink", "grey"];
  var KINDS = ["corner", "centre", "colours"];
  var MODE_KEYS = { x: "corner", c: "centre", v: "colours" };

  var form = document.querySelector("form.play-form");
  var table = form && form.querySelector("table.input-board");
  if (!table) return;
  var island = JSON.parse(document.getElementById(table.dataset.island).textContent);
  var symbols = island.symbols;
  var size = symbols.length;
  var inputs = Array.prototype.slice.call(table.querySelectorAll("input"));

  function valueOf(input) {
    var index = symbols.indexOf(input.value.trim().toUpperCase());
    return input.value.trim() && index >= 0 ? index + 1 : 0;
  }
  function given(cell) { return inputs[cell].readOnly && !!valueOf(inputs[cell]); }

  // Each kind by cell: a mask of values (bit v) for corner and centre marks, a colour number.
  function read(text, colours) {
    var found = {};
    (text || "").split(".").forEach(function (part) {
      var match = /^r(\d+)c(\d+)-(\w+)$/.exec(part);
      if (!match) return;
      var cell = (Number(match[1]) - 1) * size + Number(match[2]) - 1;
      if (colours) {
        found[cell] = Number(match[3]);
        return;
      }
      var mask = 0;
      match[3].split("").forEach(function (char) {
        var v = STANDARD.indexOf(char.toUpperCase()) + 1;
        if (v > 0 && v <= size) mask |= 1 << v;
      });
      if (mask) found[cell] = mask;
    });
    return found;
  }
  function written(marks, colours) {
    return Object.keys(marks).map(Number).sort(function (a, b) { return a - b; }).map(function (cell) {
      var text = "";
      if (colours) text = String(marks[cell]);
      else for (var v = 1; v <= size; v++) if (marks[cell] >> v & 1) text += STANDARD.charAt(v - 1);
      return "r" + (Math.floor(cell / size) + 1) + "c" + (cell % size + 1) + "-" + text;
    }).join(".");
  }
  var fields = {};
  var marks = {};
  KINDS.forEach(function (kind) {
    fields[kind] = form.querySelector("input[name=" + kind + "]");
    marks[kind] = read(fields[kind] ? fields[kind].value : "", kind === "colours");
  });
  function copy() {
    var kept = {};
    KINDS.forEach(function (kind) { kept[kind] = Object.assign({}, marks[kind]); });
    return kept;
  }

  function inWords(items) {
    return items.length > 1 ? items.slice(0, -1).join(", ") + " and " + items[items.length - 1] : items[0];
  }
  function symbolsOf(mask) {
    var found = [];
    for (var v = 1; v <= size; v++) if (mask >> v & 1) found.push(symbols.charAt(v - 1));
    return found;
  }

  // Draw every cell's marks and colour and say them after its label (play.js says the rest).
  function draw() {
    inputs.forEach(function (input, cell) {
      var td = input.parentNode;
      td.querySelectorAll(".corner-marks, .centre-marks").forEach(function (old) { old.remove(); });
      for (var n = 1; n <= COLOURS.length; n++) td.classList.remove("colour-" + n);
      var said = "";
      if (!valueOf(input)) {
        if (marks.corner[cell]) {
          var corner = document.createElement("span");
          corner.className = "corner-marks";
          corner.setAttribute("aria-hidden", "true");
          symbolsOf(marks.corner[cell]).forEach(function (symbol) {
            var mark = document.createElement("span");
            mark.textContent = symbol;
            corner.appendChild(mark);
          });
          td.appendChild(corner);
          said += ", corner marks " + inWords(symbolsOf(marks.corner[cell]));
        }
        if (marks.centre[cell]) {
          var centre = document.createElement("span");
          centre.className = "centre-marks";
          centre.setAttribute("aria-hidden", "true");
          centre.textContent = symbolsOf(marks.centre[cell]).join("");
          td.appendChild(centre);
          said += ", centre marks " + inWords(symbolsOf(marks.centre[cell]));
        }
      }
      if (marks.colours[cell]) {
        td.classList.add("colour-" + marks.colours[cell]);
        said += ", coloured " + COLOURS[marks.colours[cell] - 1];
      }
      var label = input.getAttribute("aria-label").replace(/, (corner marks|centre marks|coloured) .*?(?=, (cage|notes|candidates) |$)/, "");
      input.setAttribute("aria-label", label + said);
    });
  }

  // The link and the form hold the marks as on the screen (play.js's follow keeps the rest).
  function link() {
    var params = new URLSearchParams(window.location.search);
    KINDS.forEach(function (kind) {
      var text = written(marks[kind], kind === "colours");
      if (fields[kind]) fields[kind].value = text;
      if (text) params.set(kind, text); else params.delete(kind);
    });
    // a game's board keeps them in this browser alone (game_tools.js), never in its link
    if (!form.hasAttribute("data-kept-here")) window.history.replaceState(window.history.state, "", window.location.pathname + "?" + params.toString() + window.location.hash);
  }

  // A change of marks: drawn, linked, and one move for undo.
  function change(apply) {
    var before = copy();
    apply();
    if (JSON.stringify(before) === JSON.stringify(marks)) return;
    draw();
    link();
    form.dispatchEvent(new CustomEvent("play-marked", { detail: { before: before, after: copy() } }));
  }

  // The cells a symbol goes into: those chosen together, else the chosen one.
  function targets() {
    var chosen = inputs.filter(function (input) { return input.parentNode.classList.contains("selected"); });
    if (!chosen.length) {
      var td = table.querySelector("td.current");
      chosen = td ? [td.querySelector("input")] : [];
    }
    return chosen.map(function (input) { return inputs.indexOf(input); });
  }
  function open(cell) { return !given(cell) && !valueOf(inputs[cell]); }

  // Toggle value `v` in the `kind` of marks of the chosen open cells (0 clears them).
  function mark(kind, v) {
    var cells = targets().filter(open);
    change(function () {
      var every = cells.every(function (cell) { return (marks[kind][cell] || 0) >> v & 1; });
      cells.forEach(function (cell) {
        var mask = marks[kind][cell] || 0;
        if (!v) mask = 0;
        else if (every) mask &= ~(1 << v);
        else mask |= 1 << v;
        if (mask) marks[kind][cell] = mask; else delete marks[kind][cell];
      });
    });
  }
  // Colour the chosen cells `n` (when all are that colour already, or n is 0, uncolour them).
  function colour(n) {
    var cells = targets();
    change(function () {
      var every = cells.every(function (cell) { return marks.colours[cell] === n; });
      cells.forEach(function (cell) {
        if (!n || every) delete marks.colours[cell]; else marks.colours[cell] = n;
      });
    });
  }

  // Values and notes in several chosen cells at once (one cell is play.js's and grid.js's).
  function typeInto(cells, symbol, noting) {
    if (noting) {
      form.dispatchEvent(new CustomEvent("play-note", { detail: { cells: cells, symbol: symbol } }));
      return;
    }
    var changed = [];
    cells.forEach(function (cell) {
      if (inputs[cell].readOnly) return;
      inputs[cell].value = symbol || "";
      changed.push(inputs[cell]);
    });
    // play.js takes them all as one move; told through the focused cell, grid.js keeps the
    // focus (and so the choice of cells) where it is
    var told = changed.indexOf(document.activeElement) >= 0 ? document.activeElement : changed[0];
    if (told) told.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // The modes, each a button saying whether it is on.
  var mode = "";
  var slot = form.querySelector("[data-digit-pad]") || form;
  var group = document.createElement("div");
  group.className = "mark-modes";
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", "What a symbol writes");
  var buttons = {};
  [["corner", "Corner", "X"], ["centre", "Centre", "C"], ["colours", "Colour", "V"]].forEach(function (made) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "secondary mark-mode";
    button.textContent = made[1];
    button.setAttribute("aria-keyshortcuts", made[2]);
    button.addEventListener("mousedown", function (event) { event.preventDefault(); });
    button.addEventListener("click", function () { setMode(mode === made[0] ? "" : made[0]); });
    buttons[made[0]] = button;
    group.appendChild(button);
  });
  var palette = document.createElement("div");
  palette.className = "palette";
  palette.setAttribute("role", "group");
  palette.setAttribute("aria-label", "Colours");
  COLOURS.concat(["none"]).forEach(function (name, index) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "secondary swatch-button" + (index < COLOURS.length ? " colour-" + (index + 1) : "");
    button.textContent = index < COLOURS.length ? String(index + 1) : "No colour";
    button.setAttribute("aria-label", index < COLOURS.length ? "Colour " + (index + 1) + ", " + name : "No colour");
    button.addEventListener("mousedown", function (event) { event.preventDefault(); });
    button.addEventListener("click", function () { colour(index < COLOURS.length ? index + 1 : 0); });
    palette.appendChild(button);
  });
  // Where the digit pad is shown (touch screens, narrow windows) the modes and the palette go
  // under it, where a finger is; elsewhere the modes go beside the notes' toggle, after the
  // board's controls in the Tab order (Check first).
  var actions = form.querySelector(".grid-controls .actions");
  var notesToggle = actions && actions.querySelector(".notes-toggle");
  var pad = form.querySelector(".digit-pad");
  var padShown = pad && window.getComputedStyle(pad).display !== "none";
  slot.insertBefore(palette, pad ? pad.nextSibling : slot.firstChild);
  if (padShown) slot.insertBefore(group, palette);
  else if (notesToggle) notesToggle.insertAdjacentElement("afterend", group);
  else (actions || slot).appendChild(group);

  function notesOn() { return form.querySelector(".notes-toggle[aria-pressed=true]"); }
  function setMode(wanted) {
    mode = wanted;
    if (mode && notesOn()) notesOn().click();  // one kind of mark at a time
    KINDS.forEach(function (kind) { buttons[kind].setAttribute("aria-pressed", mode === kind ? "true" : "false"); });
    palette.hidden = mode !== "colours";
    table.dataset.markMode = mode;
  }
  setMode("");
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest(".notes-toggle") && mode) setMode("");
  }, true);

  // Keys, before play.js and grid.js see them: X, C, V switch modes (where they are not
  // symbols); in a mode a symbol marks; with several cells chosen a symbol fills them all.
  document.addEventListener("keydown", function (event) {
    var cell = inputs.indexOf(event.target);
    if (cell < 0 || event.ctrlKey || event.altKey || event.metaKey) return;
    var key = event.key;
    var upper = key.length === 1 ? key.toUpperCase() : "";
    var symbol = upper && symbols.indexOf(upper) >= 0 ? upper : null;
    var erase = key === "Backspace" || key === "Delete";
    var many = targets().length > 1;
    // Shift with a digit writes a note whatever the layout makes of the key ("^" for 6)
    var shifted = event.shiftKey && /^(Digit|Numpad)\d$/.test(event.code) ? event.code.slice(-1) : null;
    if (shifted && symbols.indexOf(shifted) >= 0) symbol = shifted;
    if (MODE_KEYS[key.toLowerCase()] && !symbol) {
      setMode(mode === MODE_KEYS[key.toLowerCase()] ? "" : MODE_KEYS[key.toLowerCase()]);
    } else if (mode === "colours" && (erase || /^[0-9]$/.test(key))) {
      colour(erase ? 0 : Number(key));
    } else if (mode && (erase || symbol)) {
      mark(mode, erase ? 0 : symbols.indexOf(symbol) + 1);
    } else if (many && (erase || symbol)) {
      typeInto(targets(), erase ? null : symbol, !!shifted || table.classList.contains("noting"));
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  }, true);

  // The digit pad, before grid.js and play.js: in a mode it marks (a colour's number in
  // colour mode); with several cells chosen it fills them all.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".digit-pad button");
    if (!button || button.classList.contains("notes-toggle") || !("symbol" in button.dataset)) return;
    var symbol = button.dataset.symbol;
    var v = symbol ? symbols.indexOf(symbol) + 1 : 0;
    if (mode === "colours") colour(v <= COLOURS.length ? v : 0);
    else if (mode) mark(mode, v);
    else if (targets().length > 1) typeInto(targets(), symbol || null, table.classList.contains("noting"));
    else return;
    event.preventDefault();
    event.stopPropagation();
  }, true);

  // Undo and redo put marks back with the position (before play.js redraws and links it).
  document.addEventListener("play-restore", function (event) {
    var state = event.detail;
    if (!state.corner) return;  // a move of values or notes: the marks stay
    KINDS.forEach(function (kind) { marks[kind] = Object.assign({}, state[kind]); });
    link();
  }, true);
  // play.js redraws the cells' labels and notes after each move: the marks follow.
  form.addEventListener("play-linked", function () {
    draw();
    showCage();
  });

  // The Killer combination helper: the chosen cell's cage, its ways still possible.
  var cageData = document.getElementById("cage-ways-data");
  var cages = cageData ? JSON.parse(cageData.textContent).cages : [];
  var cageOf = {};
  cages.forEach(function (cage) { cage.cells.forEach(function (cell) { cageOf[cell] = cage; }); });
  var panel = null;
  if (cages.length) {
    var list = document.querySelector(".cage-list");
    if (list) list.hidden = true;  // the live line below says the chosen cage's
    panel = document.createElement("section");
    panel.className = "cage-ways";
    panel.setAttribute("aria-labelledby", "cage-ways-title");
    var side = form.querySelector(".play-side");
    side.insertBefore(panel, side.firstChild);
  }
  var peers = inputs.map(function () { return {}; });
  island.units.forEach(function (unit) {
    unit.cells.forEach(function (cell) {
      unit.cells.forEach(function (other) { if (other !== cell) peers[cell][other] = true; });
    });
  });
  // A cell's candidates as the board shows them: its value, its notes, its centre marks,
  // else every value its peers leave.
  function candidates(cell) {
    var value = valueOf(inputs[cell]);
    if (value) return 1 << value;
    var mask = 0;
    inputs[cell].parentNode.querySelectorAll(".marks .mark").forEach(function (shown, index) {
      if (shown.textContent) mask |= 1 << (index + 1);
    });
    if (mask) return mask;
    if (marks.centre[cell]) return marks.centre[cell];
    mask = ((1 << size) - 1) << 1;
    Object.keys(peers[cell]).forEach(function (peer) { mask &= ~(1 << valueOf(inputs[peer])); });
    return mask;
  }
  // Whether the digits can go one to a cell, each where the cell allows it (a matching).
  function fits(digits, masks) {
    var owner = {};
    function place(digit, seen) {
      for (var i = 0; i < masks.length; i++) {
        if (!(masks[i] >> digit & 1) || seen[i]) continue;
        seen[i] = true;
        if (!(i in owner) || place(owner[i], seen)) {
          owner[i] = digit;
          return true;
        }
      }
      return false;
    }
    return digits.every(function (digit) { return place(digit, {}); });
  }
  function showCage() {
    if (!panel) return;
    var cell = targets()[0];
    var cage = cell === undefined ? null : cageOf[cell];
    panel.hidden = !cage;
    if (!cage) return;
    var masks = cage.cells.map(candidates);
    var possible = [];
    var out = [];
    cage.sets.forEach(function (digits) { (fits(digits, masks) ? possible : out).push(digits.join("-")); });
    panel.textContent = "";
    var title = document.createElement("h2");
    title.id = "cage-ways-title";
    title.textContent = cage.name + ": " + cage.sumIn;
    var ways = document.createElement("p");
    ways.textContent = "Possible: " + (possible.join(", ") || "none");
    panel.append(title, ways);
    if (out.length) {
      var ruled = document.createElement("p");
      ruled.className = "ruled-out";
      ruled.textContent = "Ruled out by the board: " + out.join(", ");
      panel.appendChild(ruled);
    }
  }
  table.addEventListener("focusin", function () { window.setTimeout(showCage, 0); });
  form.addEventListener("play-selected", showCage);

  // The helper for chosen cells (on any puzzle): the cells chosen together on the board are
  // named in its form, and its line is asked of the server (chosen_sums.py lists the ways)
  // for the game as the link holds it now, as the cells or the sum change.
  var sumForm = document.querySelector(".sum-helper form");
  var asked = 0;  // the latest question: an older answer arriving late is dropped
  var lastQuestion = "";
  function askSum() {
    var cellsField = sumForm.elements.cells;
    var sumField = sumForm.elements.sum;
    var line = sumForm.querySelector(".sum-line");
    var error = sumForm.querySelector(".sum-error");
    if (!cellsField.value.trim() || !sumField.value.trim()) return;
    var params = new URLSearchParams(window.location.search);
    // the clock relinks the page every second: only a change of the game or the question asks
    ["time", "timer", "check", "hint", "restart"].forEach(function (name) { params.delete(name); });
    params.set("cells", cellsField.value);
    params.set("sum", sumField.value);
    var question = sumForm.dataset.sums + "?" + params.toString();
    if (question === lastQuestion) return;
    lastQuestion = question;
    var mine = ++asked;
    fetch(question, { headers: { Accept: "application/json" } })
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        if (mine !== asked) return;
        var wrong = answer.error || "";
        line.textContent = wrong ? "" : answer.line;
        error.textContent = wrong;
        error.hidden = !wrong;
        [cellsField, sumField].forEach(function (field) {
          var at = wrong.indexOf(field === cellsField ? "Cells:" : "Sum:") === 0;
          if (at) {
            field.setAttribute("aria-invalid", "true");
            field.setAttribute("aria-describedby", "sum-error");
          } else {
            field.removeAttribute("aria-invalid");
            field.removeAttribute("aria-describedby");
          }
        });
      })
      .catch(function () {
        if (mine !== asked) return;
        lastQuestion = "";  // asked again by the button
        line.textContent = "The ways could not be asked: press Show the ways.";
      });
  }
  if (sumForm) {
    form.addEventListener("play-selected", function () {
      var chosen = targets();
      if (chosen.length < 2) return;
      sumForm.elements.cells.value = chosen.sort(function (a, b) { return a - b; }).map(function (cell) {
        return "r" + (Math.floor(cell / size) + 1) + "c" + (cell % size + 1);
      }).join(" ");
      askSum();
    });
    // the sum is asked as it is typed; cell names once the field is left (a name half typed
    // would be refused at every key)
    sumForm.addEventListener("input", function (event) {
      if (event.target === sumForm.elements.sum) askSum();
    });
    sumForm.elements.cells.addEventListener("change", askSum);
    form.addEventListener("play-linked", askSum);  // the board changed: so may the ways
    sumForm.addEventListener("submit", function (event) {
      event.preventDefault();
      askSum();
    });
  }

  draw();
  showCage();
})();
