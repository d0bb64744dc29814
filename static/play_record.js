// The player's own record, kept in this browser only (localStorage "sudoku-record"; the
// record page, record.js, shows it): each game finished, with its variant and level (the
// form says them), its time, the hints asked on the way, and, for a Puzzle of the day (one
// /daily showed, daily_record.js), that day. Nothing of it goes to the server.
(function () {
  "use strict";

  var KEY = "sudoku-record";
  var MOST = 5000;
  var MOST_HINTS = 1000;  // positions kept per game: its hints count at most this many

  var form = document.querySelector("form.play-form");
  if (!form) return;
  var code = decodeURIComponent(window.location.pathname.split("/").pop());
  var hintsKey = "sudoku-record-hints:" + code;
  var dailyKey = "sudoku-record-daily:" + code;

  function store() {
    try {
      return window.localStorage;
    } catch (error) {
      return null;
    }
  }
  function get(name) {
    try {
      return store().getItem(name);
    } catch (error) {
      return null;
    }
  }
  function put(name, text) {
    try {
      if (text === null) store().removeItem(name); else store().setItem(name, text);
    } catch (error) { /* refused: the game goes uncounted */ }
  }
  function today() { return new Date().toISOString().slice(0, 10); }

  // The positions (values and notes) at which a hint was asked in this game: a hint counts
  // once for its position, however often its page is shown (a reload, the link followed
  // again). An older record kept the count alone: those hints stay counted.
  function hintsAsked() {
    var kept = null;
    try {
      kept = JSON.parse(get(hintsKey));
    } catch (error) { /* unreadable: none counted */ }
    if (Array.isArray(kept)) return kept;
    var count = Number(kept) || 0;
    var older = [];
    for (var i = 0; i < count && i < MOST_HINTS; i++) older.push("earlier " + i);
    return older;
  }
  var query = new URLSearchParams(window.location.search);
  if (query.get("hint") === "1") {
    var asked = hintsAsked();
    var position = (query.get("progress") || "") + " " + (query.get("marks") || "");
    if (asked.indexOf(position) < 0 && asked.length < MOST_HINTS) {
      asked.push(position);
      put(hintsKey, JSON.stringify(asked));
    }
  }
  function finished(seconds) {
    var record = null;
    try {
      record = JSON.parse(get(KEY));
    } catch (error) { /* unreadable: start again */ }
    if (!record || !Array.isArray(record.games)) record = { version: 1, games: [] };
    var game = {
      code: code,
      variant: form.dataset.variant || "Classic",
      level: form.dataset.level || "",
      seconds: seconds,
      hints: hintsAsked().length,
      daily: get(dailyKey) || "",
      finished: today()
    };
    // the same finish seen twice (the link followed again, a reload of Solved!) counts once
    var again = record.games.some(function (old) { return old.code === game.code && old.seconds === game.seconds; });
    if (!again) record.games.push(game);
    record.games = record.games.slice(-MOST);
    put(KEY, JSON.stringify(record));
    put(hintsKey, null);
    put(dailyKey, null);
  }

  function time() {
    var field = form.querySelector("input[name=time]");
    return field ? Number(field.value) || 0 : 0;
  }
  // the banner is on every play page, hidden until solved: only a page shown solved counts
  if (document.querySelector(".solved-banner:not([hidden])")) finished(time());
  form.addEventListener("play-linked", function (event) {
    if (event.detail.solved) finished(time());
  });
})();
