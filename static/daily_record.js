// The Puzzles of the day, for the player's own record (play_record.js, record.js): each
// puzzle this page shows is marked in this browser as the day's, so finishing it counts
// toward the daily streak. Nothing is sent anywhere.
(function () {
  "use strict";

  var list = document.querySelector(".daily-puzzles[data-day]");
  if (!list || !list.dataset.codes) return;
  try {
    var kept = window.localStorage;
    list.dataset.codes.split(" ").forEach(function (code) {
      if (code && !kept.getItem("sudoku-record-daily:" + code)) kept.setItem("sudoku-record-daily:" + code, list.dataset.day);
    });
  } catch (error) { /* nothing kept: the games count, without the streak */ }
})();
