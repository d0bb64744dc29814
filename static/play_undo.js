// Undo and Redo on the play page: buttons beside the form's, and Ctrl+Z, Ctrl+Y (or
// Ctrl+Shift+Z) in the board. Each value typed or cleared, each note toggled or cleared, is
// one move (play.js tells of it); undoing puts the position before it back, and the link
// follows. Without script the browser's Back is the undo: every button leads to a new link.
(function () {
  "use strict";

  var LONGEST = 500;  // moves kept; the oldest go first

  var form = document.querySelector("form.play-form");
  var table = form && form.querySelector("table.input-board");
  var actions = form && form.querySelector(".grid-controls .actions");
  if (!table || !actions) return;

  var done = [];
  var undone = [];

  function button(label, keys) {
    var made = document.createElement("button");
    made.type = "button";
    made.className = "secondary";
    made.textContent = label;
    made.setAttribute("aria-keyshortcuts", keys);
    // A click keeps the focus in the board, as the digit pad does.
    made.addEventListener("mousedown", function (event) { event.preventDefault(); });
    return made;
  }
  var group = document.createElement("span");
  group.className = "undo-redo";
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", "Undo and redo");
  var undo = button("Undo", "Control+Z");
  var redo = button("Redo", "Control+Y Control+Shift+Z");
  group.append(undo, redo);
  actions.insertBefore(group, actions.firstChild);

  function update() {
    undo.disabled = !done.length;
    redo.disabled = !undone.length;
  }

  // Take the last move of `from` to `to`, putting back its position `which` (before, after).
  function step(from, to, which) {
    form.dispatchEvent(new CustomEvent("play-settle"));  // a value typed a moment ago first
    var move = from.pop();
    if (!move) return;
    to.push(move);
    form.dispatchEvent(new CustomEvent("play-restore", { detail: move[which] }));
    update();
  }
  function back() { step(done, undone, "before"); }
  function again() { step(undone, done, "after"); }

  form.addEventListener("play-moved", function (event) {
    done.push(event.detail);
    if (done.length > LONGEST) done.shift();
    undone = [];
    update();
  });
  undo.addEventListener("click", back);
  redo.addEventListener("click", again);
  table.addEventListener("keydown", function (event) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    var key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) back();
    else if (key === "y" || key === "z") again();
    else return;
    event.preventDefault();  // not the field's own undo of its one character
  });
  update();
})();
