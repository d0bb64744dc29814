// The record page: this browser's finished games (play_record.js keeps them in localStorage
// under "sudoku-record"), counted by variant and level with the best and median times and
// the hints used, the streak of days with a Puzzle of the day finished, and the record
// exported as a file or imported from one (merged with what is here, each game once). The
// learning path (learn_path.js, window.sudokuLearning) travels in the same file.
(function () {
  "use strict";

  var KEY = "sudoku-record";
  var MOST = 5000;  // games kept; an import beyond keeps the latest
  var DAY = /^\d{4}-\d{2}-\d{2}$/;

  var root = document.querySelector("[data-record]");
  if (!root) return;

  function store() {
    try {
      return window.localStorage;
    } catch (error) {
      return null;
    }
  }

  // The games of a record as read, or a sentence saying what is wrong with it.
  function checked(record) {
    if (!record || typeof record !== "object" || !Array.isArray(record.games)) {
      return "it is not a record of games (an object with a list \"games\")";
    }
    if (record.games.length > MOST) return "it holds " + record.games.length + " games, more than " + MOST;
    for (var i = 0; i < record.games.length; i++) {
      var game = record.games[i];
      var where = "game " + (i + 1);
      if (!game || typeof game !== "object") return where + " is not a game";
      if (typeof game.code !== "string" || !game.code || game.code.length > 2000) return where + " has no puzzle code";
      if (typeof game.variant !== "string" || game.variant.length > 60) return where + " has no variant";
      if (typeof game.level !== "string" || game.level.length > 30) return where + " has no level";
      if (!Number.isInteger(game.seconds) || game.seconds < 0 || game.seconds > 8640000) return where + " has no time in seconds";
      if (!Number.isInteger(game.hints) || game.hints < 0 || game.hints > 100000) return where + " has no count of hints";
      if (typeof game.finished !== "string" || !DAY.test(game.finished)) return where + " has no day it was finished";
      if (game.daily && (typeof game.daily !== "string" || !DAY.test(game.daily))) return where + " has a daily puzzle's day that is not a date";
    }
    return null;
  }
  function load() {
    var kept = store();
    var record = null;
    try {
      record = JSON.parse(kept ? kept.getItem(KEY) : "null");
    } catch (error) { /* unreadable: as if empty */ }
    return record && !checked(record) ? record : { version: 1, games: [] };
  }
  function save(record) {
    try {
      store().setItem(KEY, JSON.stringify(record));
      return true;
    } catch (error) {
      return false;
    }
  }

  function clock(seconds) {
    var hours = Math.floor(seconds / 3600);
    var minutes = Math.floor(seconds % 3600 / 60);
    var rest = String(seconds % 60).padStart(2, "0");
    return hours ? hours + ":" + String(minutes).padStart(2, "0") + ":" + rest : minutes + ":" + rest;
  }
  function median(sorted) {
    var middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
  }
  // Days in a row, up to today or yesterday (UTC), with a Puzzle of the day finished; and
  // the longest such run.
  function streaks(games) {
    var days = {};
    games.forEach(function (game) { if (game.daily) days[game.daily] = true; });
    var sorted = Object.keys(days).sort();
    var longest = 0;
    var run = 0;
    var last = null;
    sorted.forEach(function (day) {
      var time = Date.parse(day + "T00:00:00Z");
      run = last !== null && time - last === 86400000 ? run + 1 : 1;
      longest = Math.max(longest, run);
      last = time;
    });
    var today = Date.parse(new Date().toISOString().slice(0, 10) + "T00:00:00Z");
    var current = last !== null && today - last <= 86400000 ? run : 0;
    return { current: current, longest: longest };
  }

  function cellOf(tag, text) {
    var made = document.createElement(tag);
    made.textContent = text;
    return made;
  }

  var status = document.createElement("p");
  status.setAttribute("role", "status");

  function show() {
    var record = load();
    root.textContent = "";
    var games = record.games;
    if (!games.length) {
      root.appendChild(cellOf("p", "No games finished in this browser yet: solve a puzzle on its Play page and it is counted here."));
    } else {
      var groups = {};
      games.forEach(function (game) {
        var key = game.variant + "\u0000" + game.level;
        (groups[key] = groups[key] || []).push(game);
      });
      var table = document.createElement("table");
      table.className = "record-table";
      table.appendChild(cellOf("caption", "Games finished, by variant and level"));
      var head = document.createElement("tr");
      ["Variant", "Level", "Finished", "Best time", "Median time", "Hints used"].forEach(function (name) {
        var th = cellOf("th", name);
        th.scope = "col";
        head.appendChild(th);
      });
      table.appendChild(head);
      Object.keys(groups).sort().forEach(function (key) {
        var group = groups[key];
        var times = group.map(function (game) { return game.seconds; }).sort(function (a, b) { return a - b; });
        var row = document.createElement("tr");
        var variant = cellOf("th", group[0].variant);
        variant.scope = "row";
        row.append(
          variant,
          cellOf("td", group[0].level || "unrated"),
          cellOf("td", String(group.length)),
          cellOf("td", clock(times[0])),
          cellOf("td", clock(median(times))),
          cellOf("td", String(group.reduce(function (sum, game) { return sum + game.hints; }, 0)))
        );
        table.appendChild(row);
      });
      root.appendChild(table);
    }
    var streak = streaks(games);
    root.appendChild(cellOf("p", "Puzzles of the day: a streak of " + streak.current + (streak.current === 1 ? " day" : " days") +
      " (the longest " + streak.longest + ")."));
    root.appendChild(tools(record));
    root.appendChild(status);
  }

  // Export (a download of the record as JSON) and import (a file chosen, merged in).
  function tools(record) {
    var box = document.createElement("div");
    box.className = "record-tools";
    var download = document.createElement("a");
    download.className = "button secondary";
    download.textContent = "Export your record";
    download.download = "sudoku-record.json";
    var learning = window.sudokuLearning;
    var exported = learning ? Object.assign({}, record, { learning: learning.load() }) : record;
    download.href = URL.createObjectURL(new Blob([JSON.stringify(exported, null, 1)], { type: "application/json" }));
    var label = document.createElement("label");
    label.textContent = "Import a record file ";
    var file = document.createElement("input");
    file.type = "file";
    file.accept = "application/json,.json";
    label.appendChild(file);
    file.addEventListener("change", function () {
      if (!file.files.length) return;
      file.files[0].text().then(function (text) {
        var read = null;
        try {
          read = JSON.parse(text);
        } catch (error) {
          status.textContent = "That file cannot be imported: it is not JSON.";
          return;
        }
        var problem = checked(read);
        var learning = window.sudokuLearning;
        if (!problem && read.learning !== undefined && learning) {
          var pathProblem = learning.checked(read.learning);
          if (pathProblem) problem = "its learning path is wrong: " + pathProblem;
        }
        if (problem) {
          status.textContent = "That file cannot be imported: " + problem + ".";
          return;
        }
        var techniques = 0;
        if (read.learning !== undefined && learning) {
          var path = learning.load();
          techniques = learning.merge(path, read.learning);
          learning.save(path);
        }
        var merged = load();
        var seen = {};
        merged.games.forEach(function (game) { seen[JSON.stringify(game)] = true; });
        var added = 0;
        read.games.forEach(function (game) {
          var kept = { code: game.code, variant: game.variant, level: game.level, seconds: game.seconds,
            hints: game.hints, daily: game.daily || "", finished: game.finished };
          if (seen[JSON.stringify(kept)]) return;
          seen[JSON.stringify(kept)] = true;
          merged.games.push(kept);
          added++;
        });
        merged.games = merged.games.slice(-MOST);
        var saved = save(merged);
        show();
        status.textContent = saved ? "Imported " + added + (added === 1 ? " game" : " games") + " (those already here were kept once)" +
          (techniques ? " and the practice of " + techniques + (techniques === 1 ? " technique." : " techniques.") : ".")
          : "This browser refused to keep the record.";
      });
    });
    box.append(download, " ", label);
    return box;
  }

  show();
})();
