// The position kept in the browser: each time the link follows the board (play.js), it is
// saved in localStorage under play:<the puzzle's code>, for at most KEPT puzzles (the ones
// played longest ago go first). Opening the puzzle again without a position in the link
// offers the saved one back: Resume goes to its link, Start fresh forgets it, and so does a
// move made without answering. A solved puzzle, or one started over, is forgotten. Where the
// browser keeps nothing (private windows may refuse), nothing is offered and nothing is said.
(function () {
  "use strict";

  var KEPT = 50;
  var PREFIX = "play:";

  var form = document.querySelector("form.play-form");
  var table = form && form.querySelector("table.input-board");
  if (!table) return;
  var key = PREFIX + decodeURIComponent(window.location.pathname.split("/").pop());

  function store() {
    try {
      return window.localStorage;
    } catch (error) {
      return null;
    }
  }
  function read(name) {
    try {
      return JSON.parse(store().getItem(name));
    } catch (error) {
      return null;
    }
  }
  function forget() {
    try {
      store().removeItem(key);
    } catch (error) { /* nothing kept, nothing to forget */ }
  }
  function keep(entry) {
    try {
      var kept = store();
      var first = kept.getItem(key) === null;
      kept.setItem(key, JSON.stringify(entry));
      if (first) prune(kept);
    } catch (error) { /* full or refused: the link still holds the position */ }
  }
  // At most KEPT puzzles: those saved longest ago go.
  function prune(kept) {
    var saved = [];
    for (var i = 0; i < kept.length; i++) {
      var name = kept.key(i);
      if (name.indexOf(PREFIX) === 0) saved.push({ name: name, at: (read(name) || {}).at || 0 });
    }
    saved.sort(function (a, b) { return b.at - a.at; });
    saved.slice(KEPT).forEach(function (old) { kept.removeItem(old.name); });
  }

  // The offer of a saved position, while it stands.
  var offer = null;
  function withdraw() {
    if (offer) offer.remove();
    offer = null;
  }

  function offerBack(saved) {
    offer = document.createElement("div");
    offer.className = "resume-offer notice";
    var text = document.createElement("p");
    text.textContent = "You were playing this puzzle (" + saved.filled + " of " + saved.open +
      " cells filled" + (saved.noted ? ", with notes" : "") + ") ";
    var resume = document.createElement("a");
    resume.className = "button";
    resume.href = window.location.pathname + saved.query + "#board";
    resume.textContent = "Resume";
    var fresh = document.createElement("button");
    fresh.type = "button";
    fresh.className = "secondary";
    fresh.textContent = "Start fresh";
    fresh.addEventListener("click", function () {
      forget();
      withdraw();
    });
    text.append(resume, " ", fresh);
    offer.appendChild(text);
    var count = document.querySelector(".progress-count");
    (count || form).insertAdjacentElement(count ? "afterend" : "beforebegin", offer);
  }

  var solvedPage = !!document.querySelector(".solved-banner:not([hidden])");
  var positioned = new URLSearchParams(window.location.search).has("progress");
  if (solvedPage) {
    forget();
  } else if (!positioned) {
    var saved = read(key);
    if (saved && saved.query && (saved.filled || saved.noted)) offerBack(saved);
  }

  form.addEventListener("play-moved", withdraw);  // played on: a fresh start
  form.addEventListener("play-restart", forget);
  form.addEventListener("play-linked", function (event) {
    var now = event.detail;
    if (offer) return;  // the clock moved, not the player: the saved position stays
    if (now.solved || !(now.filled || now.noted)) {
      forget();
      return;
    }
    var query = new URLSearchParams(now.query);
    ["check", "hint", "restart"].forEach(function (name) { query.delete(name); });  // asked once
    keep({ query: "?" + query.toString(), filled: now.filled, open: now.open, noted: now.noted, at: Date.now() });
  });
})();
