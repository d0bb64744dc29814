// Comfort for the play page; the form works without it.
// Notes as they are typed: a Notes mode (the form's toggle, one on the digit pad, and the N
// key) makes symbols write notes, and Shift with a symbol writes one in any mode; notes are
// drawn in each open cell's mini-grid, and placing a value clears it from the notes of its
// peers (when that setting is on). The address bar, the form and the share link follow every
// entry and note, the notes in the marks code the server reads (marks_code.py), so a reload
// or a copied link shows what is on the screen. Start over asks first. The count of cells
// filled follows every entry, "Explain from here" the position on the screen, and the moment
// the last right value goes in the page says it is solved. A note a given rules out is
// refused in words, as the server refuses it without script.
// Other scripts hear of the page through events on the form: "play-moved" (each move, with the
// position before and after it), "play-linked" (the link followed, whether it is solved),
// "play-restart"; "play-restore" puts a position back, "play-settle" takes a change not yet
// taken as a move, "play-relink" follows the link again
// (for the clock: what the page was asked to show, a Check or a hint, stays in it).
(function () {
  "use strict";

  var STANDARD = "123456789ABCDEFGHIJKLMNOP";  // how a progress code writes values
  var LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  var BITS = 6;

  var form = document.querySelector("form.play-form");
  var table = form && form.querySelector("table.input-board");
  if (!table) return;
  var island = JSON.parse(document.getElementById(table.dataset.island).textContent);
  var symbols = island.symbols;
  var size = symbols.length;
  var inputs = Array.prototype.slice.call(table.querySelectorAll("input"));
  var marksField = form.querySelector("input[name=marks]");
  var everyCell = !!form.querySelector("input[name=candidates]");
  var autoclear = form.querySelector("input[name=autoclear]");
  var time = form.querySelector("input[name=time]");  // play_clock.js keeps it up to date
  var timer = form.querySelector("input[name=timer]");
  var shareLink = document.getElementById("share-link");
  var everyValue = ((1 << size) - 1) << 1;  // bit v for each value v (not `full`, the cells below)
  var cageSums = JSON.parse(form.dataset.cageSums || "[]");  // a Killer's [cells, sum] each
  var count = document.querySelector(".progress-count");
  var fromHere = document.querySelector("a[data-from-here]");
  var banner = document.querySelector(".solved-banner");
  var heading = document.querySelector("main h1");
  // What the script says of a note it refuses, where a screen reader hears it too.
  var noteStatus = document.createElement("p");
  noteStatus.className = "note-status";
  noteStatus.setAttribute("role", "status");
  table.closest(".input-grid").appendChild(noteStatus);

  var peers = inputs.map(function () { return {}; });
  island.units.forEach(function (unit) {
    unit.cells.forEach(function (cell) {
      unit.cells.forEach(function (other) { if (other !== cell) peers[cell][other] = true; });
    });
  });
  peers = peers.map(function (set) { return Object.keys(set).map(Number); });

  function valueOf(input) {
    var index = symbols.indexOf(input.value.trim().toUpperCase());
    return input.value.trim() && index >= 0 ? index + 1 : 0;
  }
  function values() { return inputs.map(valueOf); }

  // Every open cell's candidates: the values no peer holds (bit v for value v).
  function allowedBy(held) {
    return held.map(function (value, cell) {
      if (value) return 0;
      var taken = 0;
      peers[cell].forEach(function (peer) { taken |= 1 << held[peer]; });
      return everyValue & ~taken;
    });
  }

  // The givens, whose candidates are the notes' slots: the locked fields, or on a game's board,
  // whose fields lock the digits placed too, the puzzle's givens as the form names them.
  var givens = form.dataset.givens ? JSON.parse(form.dataset.givens) :
    inputs.map(function (input) { return input.readOnly ? valueOf(input) : 0; });
  var start = allowedBy(givens);  // the notes of a cell without notes: the code's slots

  // The marks code, as marks_code.py reads and writes it: a bit for each candidate the givens
  // allow (reading order, then by value), set when the notes remove it; six bits a letter.
  function decode(text) {
    var notes = start.slice();
    var slot = 0;
    start.forEach(function (mask, cell) {
      for (var v = 1; v <= size; v++) {
        if (!(mask >> v & 1)) continue;
        var letter = LETTERS.indexOf(text.charAt(Math.floor(slot / BITS)));
        if (letter > 0 && letter >> (BITS - 1 - slot % BITS) & 1) notes[cell] &= ~(1 << v);
        slot++;
      }
    });
    return notes;
  }
  function encode(notes) {
    var bits = [];
    start.forEach(function (mask, cell) {
      for (var v = 1; v <= size; v++) if (mask >> v & 1) bits.push(notes[cell] >> v & 1 ? 0 : 1);
    });
    var text = "";
    for (var top = 0; top < bits.length; top += BITS) {
      var number = 0;
      for (var i = 0; i < BITS; i++) number = number << 1 | (bits[top + i] || 0);
      text += LETTERS.charAt(number);
    }
    return text.replace(/A+$/, "");
  }

  var notes = decode(marksField ? marksField.value : "");
  // The cells noted with every candidate the givens allow, which the marks code cannot tell
  // from cells without notes: the link names them in noted= ("r1c2.r5c7", notes.py).
  var notedField = form.querySelector("input[name=noted]");
  var full = {};
  (notedField ? notedField.value : "").split(".").forEach(function (name) {
    var found = /^r(\d+)c(\d+)$/.exec(name);
    if (found) full[(Number(found[1]) - 1) * size + Number(found[2]) - 1] = true;
  });
  function notedCode() {
    return Object.keys(full).map(Number).filter(function (cell) {
      return full[cell] && notes[cell] === start[cell] && start[cell];
    }).sort(function (a, b) { return a - b; }).map(function (cell) {
      return "r" + (Math.floor(cell / size) + 1) + "c" + (cell % size + 1);
    }).join(".");
  }
  // the values the page came with (the browser may put back typed ones, see pageshow)
  var known = inputs.map(function (input) { return valueOf({ value: input.defaultValue }); });
  var labels = inputs.map(function (input) {
    return input.getAttribute("aria-label").replace(/, (notes|candidates|corner marks|centre marks|coloured) .*?(?=, cage |$)/, "");
  });
  function written(cell) { return notes[cell] !== start[cell] || !!full[cell]; }

  function inWords(items) {
    if (!items.length) return "none";
    return items.length > 1 ? items.slice(0, -1).join(", ") + " and " + items[items.length - 1] : items[0];
  }

  // Draw each open cell's notes (the player's, or with the candidates on show every
  // candidate the values allow) in its mini-grid, and say them in its label.
  function draw() {
    var held = values();
    var allowed = allowedBy(held);
    inputs.forEach(function (input, cell) {
      var td = input.parentNode;
      var old = td.querySelector(".marks");
      if (old) old.remove();
      td.classList.toggle("has-value", !!held[cell]);
      var mask = held[cell] ? null : written(cell) ? notes[cell] : everyCell ? allowed[cell] : null;
      if (mask === null) {
        input.setAttribute("aria-label", labels[cell]);
        return;
      }
      var box = document.createElement("span");
      box.className = "marks";
      box.setAttribute("aria-hidden", "true");
      var said = [];
      for (var v = 1; v <= size; v++) {
        var mark = document.createElement("span");
        mark.className = "mark";
        if (mask >> v & 1) {
          mark.textContent = symbols.charAt(v - 1);
          said.push(symbols.charAt(v - 1));
        }
        box.appendChild(mark);
      }
      td.appendChild(box);
      input.setAttribute("aria-label", labels[cell] + ", notes " + inWords(said));
    });
    highlight();
  }

  // A game's board keeps its position in this browser alone (game_tools.js): the server must
  // never see a player's notes, so the address bar leaves them out.
  var linked = !form.hasAttribute("data-kept-here");

  // The link of what is on the screen: in the address bar, the share link and the form.
  function follow(keepAsked) {
    var held = values();
    var code = encode(notes);
    var noted = notedCode();
    if (marksField) marksField.value = code;
    if (notedField) notedField.value = noted;
    var params = new URLSearchParams(window.location.search);
    params.set("progress", held.map(function (v) { return v ? STANDARD.charAt(v - 1) : "0"; }).join(""));
    if (code) params.set("marks", code); else params.delete("marks");
    if (noted) params.set("noted", noted); else params.delete("noted");
    if ((code || noted) && !everyCell) params.set("candidates", "0");
    else if (everyCell && !code && !noted) params.set("candidates", "1");
    else params.delete("candidates");
    if (autoclear && !autoclear.checked) params.set("autoclear", "0"); else params.delete("autoclear");
    if (time && Number(time.value)) params.set("time", time.value); else params.delete("time");
    if (timer && !timer.checked) params.set("timer", "0"); else params.delete("timer");
    if (keepAsked !== true) ["check", "hint", "restart"].forEach(function (name) { params.delete(name); });
    var query = "?" + params.toString();
    if (linked) window.history.replaceState(window.history.state, "", window.location.pathname + query + window.location.hash);
    if (shareLink) {
      var url = new URL(shareLink.href);
      shareLink.href = url.origin + url.pathname + query;
      shareLink.textContent = shareLink.href;
    }
    if (fromHere) fromHere.href = fromHere.dataset.fromHere + query;
    var done = solved(held);
    tell(held, done);
    var open = givens.filter(function (given) { return !given; }).length;
    form.dispatchEvent(new CustomEvent("play-linked", { detail: {
      query: query,
      filled: held.filter(function (value, cell) { return value && !givens[cell]; }).length,
      open: open,
      noted: !!(code || noted),
      solved: done
    } }));
  }

  // The count of cells filled, and once the grid is solved the page says so (the clock,
  // play_clock.js, puts its time in the banner).
  function tell(held, done) {
    var filled = held.filter(function (value) { return value; }).length;
    if (count) {
      count.textContent = filled + " of " + held.length + " cells filled." + (filled === held.length && !done ?
        " Every cell is filled, but not all of them are right: press Check to see which." : "");
    }
    if (!banner || done === !banner.hidden) return;
    banner.hidden = !done;
    if (heading) heading.textContent = done ? "Solved!" : playing.heading;
    document.title = done ? playing.title.replace(/^Play/, "Solved!") : playing.title;
  }
  // what the page says while the game goes on, for an undo after Solved!
  var playing = { heading: heading ? heading.textContent : "", title: document.title };
  form.addEventListener("play-relink", function () { follow(true); });

  // Whether every cell holds a value no peer holds: the solution, as a play puzzle has one.
  function solved(held) {
    return held.every(function (value, cell) {
      return value && peers[cell].every(function (peer) { return held[peer] !== value; });
    }) && cageSums.every(function (cage) {
      return cage[0].reduce(function (total, cell) { return total + held[cell]; }, 0) === cage[1];
    });
  }

  // A position as undo keeps it: each cell's value and notes.
  function snapshot() { return { values: values(), notes: notes.slice(), full: Object.assign({}, full) }; }
  function moved(before) {
    form.dispatchEvent(new CustomEvent("play-moved", { detail: { before: before, after: snapshot() } }));
  }

  // After anything that may have changed a value: clear placed values from the notes of
  // noted peers (the setting), redraw, and keep the link up to date.
  function sync() {
    var before = { values: known, notes: notes.slice(), full: Object.assign({}, full) };
    var held = values();
    var changed = false;
    held.forEach(function (value, cell) {
      if (value === known[cell]) return;
      changed = true;
      if (!value || (autoclear && !autoclear.checked)) return;
      peers[cell].forEach(function (peer) {
        if (!written(peer)) return;
        notes[peer] &= ~(1 << value);
        if (notes[peer] !== start[peer]) delete full[peer];  // the marks code says it now
      });
    });
    known = held;
    if (changed) {
      moved(before);
      draw();
      follow();
    }
  }
  function later() { window.setTimeout(sync, 0); }

  function current() {
    var td = table.querySelector("td.current");
    return td ? inputs.indexOf(td.querySelector("input")) : -1;
  }

  // Toggle a note in a cell (an open one, holding no value); null clears its notes.
  function note(cell, symbol) {
    if (cell < 0 || inputs[cell].readOnly || valueOf(inputs[cell])) return;
    var before = snapshot();
    if (symbol === null) {
      notes[cell] = start[cell];
      delete full[cell];
    } else {
      var v = symbols.indexOf(symbol) + 1;
      var ruledOut = givenClash(cell, v);
      noteStatus.textContent = ruledOut;
      if (ruledOut) return;
      var held = values();
      // a cell without notes counts as holding every candidate the values allow
      if (!written(cell)) notes[cell] = everyCell ? allowedBy(held)[cell] : 0;
      notes[cell] ^= 1 << v;
      notes[cell] &= start[cell];
      if (!notes[cell] && !everyCell) {
        notes[cell] = start[cell];
        delete full[cell];
      } else if (notes[cell] === start[cell]) {
        full[cell] = true;  // every candidate the givens allow: noted= keeps it
      } else {
        delete full[cell];
      }
    }
    if (notes[cell] === before.notes[cell] && !full[cell] === !before.full[cell]) return;
    moved(before);
    draw();
    follow();
  }

  // Why a note of value `v` cannot go in `cell`: a given in its units holds it ("" if none),
  // in the server's words (form.py, given_clash).
  function nameOf(cell) { return "r" + (Math.floor(cell / size) + 1) + "c" + (cell % size + 1); }
  function givenClash(cell, v) {
    var holder = peers[cell].slice().sort(function (a, b) { return a - b; }).filter(function (peer) {
      return givens[peer] === v;
    })[0];
    if (holder === undefined) return "";
    var symbol = symbols.charAt(v - 1);
    return nameOf(cell) + ": " + symbol + " cannot be a note here, as " + nameOf(holder) + " holds " + symbol;
  }

  // play_marks.js: a move of its marks or colours, one undo step with the position (its
  // fields beside values and notes; a move that lacks them left them as they were).
  form.addEventListener("play-marked", function (event) {
    var now = snapshot();
    form.dispatchEvent(new CustomEvent("play-moved", { detail: {
      before: Object.assign({}, now, event.detail.before),
      after: Object.assign({}, now, event.detail.after)
    } }));
    follow();
  });
  // A note in several chosen cells (play_marks.js) is one move: every cell takes it, or
  // when every cell held it, none keeps it (a null symbol clears their notes).
  form.addEventListener("play-note", function (event) {
    var symbol = event.detail.symbol;
    var v = symbol === null ? 0 : symbols.indexOf(symbol) + 1;
    var allowed = allowedBy(values());
    function holds(cell) { return !!((written(cell) ? notes[cell] : everyCell ? allowed[cell] : 0) >> v & 1); }
    var cells = event.detail.cells.filter(function (cell) { return !inputs[cell].readOnly && !valueOf(inputs[cell]); });
    var every = cells.every(holds);
    var before = snapshot();
    var tell = moved;
    moved = function () {};  // each cell's toggle is part of this one move
    cells.forEach(function (cell) { if (symbol === null || holds(cell) === every) note(cell, symbol); });
    moved = tell;
    if (JSON.stringify(before) !== JSON.stringify(snapshot())) moved(before);
  });

  // Every open cell noted with each candidate its peers' values leave, as one move (a game's
  // board asks it of the script; the play page's button asks the server).
  form.addEventListener("play-fill-notes", function () {
    var before = snapshot();
    var allowed = allowedBy(values());
    inputs.forEach(function (input, cell) {
      if (input.readOnly || valueOf(input)) return;
      notes[cell] = allowed[cell];
      if (notes[cell] === start[cell]) full[cell] = true; else delete full[cell];
    });
    if (JSON.stringify(before) === JSON.stringify(snapshot())) return;
    moved(before);
    draw();
    follow();
  });

  // A position put back (undo, redo): its values and notes, drawn, checked and linked.
  // A value typed is taken as a move once the field's own handling is done (later); undo
  // asks for it at once ("play-settle"), as a key can come before that: Ctrl+Z pressed right
  // after a digit undid the move before it, and the digit stayed.
  form.addEventListener("play-settle", sync);
  form.addEventListener("play-restore", function (event) {
    var state = event.detail;
    inputs.forEach(function (input, cell) {
      if (!input.readOnly) input.value = state.values[cell] ? symbols.charAt(state.values[cell] - 1) : "";
    });
    notes = state.notes.slice();
    full = Object.assign({}, state.full || {});
    known = values();
    draw();
    follow();
    table.dispatchEvent(new Event("board-changed"));  // grid.js marks clashes again
  });

  // Notes mode: the form's toggle (without script it reloads the page in notes mode) and
  // one on the digit pad, both saying whether it is on.
  var noting = false;
  var toggles = [];
  var formToggle = form.querySelector(".notes-toggle");
  if (formToggle) toggles.push(formToggle);
  var pad = form.querySelector(".digit-pad");
  if (pad) {
    var padToggle = document.createElement("button");
    padToggle.type = "button";
    padToggle.className = "secondary notes-toggle";
    padToggle.textContent = "Notes";
    pad.appendChild(padToggle);
    toggles.push(padToggle);
  }
  function setNoting(on) {
    noting = on;
    table.classList.toggle("noting", on);
    toggles.forEach(function (button) { button.setAttribute("aria-pressed", on ? "true" : "false"); });
  }
  toggles.forEach(function (button) {
    button.addEventListener("mousedown", function (event) { event.preventDefault(); });
    button.addEventListener("click", function (event) {
      event.preventDefault();
      event.stopPropagation();  // not a symbol for the pad
      setNoting(!noting);
    });
  });
  setNoting(false);

  function symbolOfCode(code) {
    var found = /^(?:Digit|Numpad)(\d)$/.exec(code) || /^Key([A-Z])$/.exec(code);
    return found && symbols.indexOf(found[1]) >= 0 ? found[1] : null;
  }

  // Before grid.js: N switches notes mode; Shift with a symbol, or a symbol in notes mode,
  // writes a note; Backspace and Delete in notes mode clear the cell's notes.
  table.addEventListener("keydown", function (event) {
    var cell = inputs.indexOf(event.target);
    if (cell < 0 || event.ctrlKey || event.altKey || event.metaKey) return;
    var key = event.key;
    var symbol = null;
    if ((key === "n" || key === "N") && symbols.indexOf("N") < 0) {
      setNoting(!noting);
    } else if (event.shiftKey && (symbol = symbolOfCode(event.code))) {
      note(cell, symbol);
    } else if (noting && key.length === 1 && symbols.indexOf(key.toUpperCase()) >= 0) {
      note(cell, key.toUpperCase());
    } else if (noting && (key === "Backspace" || key === "Delete")) {
      note(cell, null);
    } else {
      later();
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  }, true);
  table.addEventListener("input", later);
  table.addEventListener("paste", later);
  if (pad) {
    pad.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button || !noting || button.classList.contains("notes-toggle")) {
        later();
        return;
      }
      event.stopPropagation();  // grid.js would place it as a value
      note(current(), button.dataset.symbol || null);
    }, true);
  }
  if (autoclear) autoclear.addEventListener("change", follow);
  if (timer) timer.addEventListener("change", follow);

  // Start over asks first.
  var restart = document.querySelector("a.start-over");
  if (restart) {
    restart.addEventListener("click", function (event) {
      if (!window.confirm("Start over? Your entries and notes will be gone.")) {
        event.preventDefault();
        return;
      }
      event.preventDefault();
      form.dispatchEvent(new Event("play-restart"));
      window.location.assign(restart.href.replace(/\?.*$/, "") + "#board");
    });
  }

  // The digit in the chosen cell, wherever else it stands: in values and in notes.
  function highlight() {
    var cell = current();
    var digit = cell < 0 ? 0 : valueOf(inputs[cell]);
    inputs.forEach(function (input, other) {
      var td = input.parentNode;
      td.classList.toggle("same-digit", !!digit && valueOf(input) === digit);
      td.querySelectorAll(".mark").forEach(function (mark, index) {
        mark.classList.toggle("same-digit", index + 1 === digit && mark.textContent !== "");
      });
    });
  }
  table.addEventListener("focusin", function () { window.setTimeout(highlight, 0); });
  table.addEventListener("input", function () { window.setTimeout(highlight, 0); });

  // The server draws the play page's notes; a game's board has them from this browser alone.
  if (!linked) draw();
  window.addEventListener("pageshow", sync);
})();
