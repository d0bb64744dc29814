// Play's tools on a Race player's board (templates/game.html): the play page's own scripts
// (play.js, play_undo.js, play_select.js, play_marks.js) run on it, as on the play page, with
// this one first. Their position lives in the form's fields for notes and marks (disabled, so
// a move never sends them) and, because a game page's link must never carry a player's notes,
// in this browser's localStorage instead of the link: put back into the fields before Play's
// scripts read them, kept again each time they follow the board ("play-linked"). It also
// adds what the play page's form has as buttons for the server: Notes mode, and "Fill in all
// candidates", which play.js does here in the browser. Without script the board is a plain
// form of one move.
(function () {
  "use strict";

  var FIELDS = ["marks", "noted", "corner", "centre", "colours"];

  var form = document.querySelector("form.play-form[data-kept-here]");
  var controls = form && form.querySelector(".grid-controls");
  if (!controls) return;
  var key = "sudoku-game-board:" + form.dataset.keptHere;

  function field(name) { return form.querySelector("input[name=" + name + "]"); }
  function read() {
    try {
      return JSON.parse(window.localStorage.getItem(key) || "{}") || {};
    } catch (error) {
      return {};  // nothing kept, or storage refused (a private window): a fresh board
    }
  }
  var kept = read();
  FIELDS.forEach(function (name) {
    if (field(name) && typeof kept[name] === "string") field(name).value = kept[name];
  });
  form.addEventListener("play-linked", function () {
    var now = {};
    FIELDS.forEach(function (name) { now[name] = field(name) ? field(name).value : ""; });
    try {
      window.localStorage.setItem(key, JSON.stringify(now));
    } catch (error) { /* full or refused: the board keeps them until the page goes */ }
  });

  function button(label, className) {
    var made = document.createElement("button");
    made.type = "button";
    made.className = "secondary " + className;
    made.textContent = label;
    made.addEventListener("mousedown", function (event) { event.preventDefault(); });
    return made;
  }
  var tools = document.createElement("div");
  tools.className = "actions";
  var notes = button("Notes mode", "notes-toggle");
  notes.setAttribute("aria-pressed", "false");
  notes.setAttribute("aria-keyshortcuts", "N");
  var fill = button("Fill in all candidates", "fill-notes");
  fill.addEventListener("click", function () {
    form.dispatchEvent(new CustomEvent("play-fill-notes"));
  });
  tools.append(notes, fill);
  controls.insertBefore(tools, controls.firstChild);
})();
