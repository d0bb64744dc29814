// The learning path, kept in this browser only (localStorage "sudoku-learning"; nothing of
// it goes to the server): for each technique practised, how many answers were right, partly
// right and wrong. A practice page's verdict (data-practice-verdict, which the server wrote
// after a Check) is counted when the page shows it; /learn draws the path into
// [data-learning-path] with the names and links the server lists in #learn-techniques, and
// links the technique missed most; the record page exports and imports it with the games
// (record.js, through window.sudokuLearning).
(function () {
  "use strict";

  var KEY = "sudoku-learning";
  var KINDS = ["right", "partial", "wrong"];
  var SLUG = /^[a-z0-9-]{1,60}$/;
  var MOST_TECHNIQUES = 200;
  var MOST_ANSWERS = 1000000;

  function store() {
    try {
      return window.localStorage;
    } catch (error) {
      return null;
    }
  }

  // A sentence saying what is wrong with a learning path as read, or null when it is one.
  function checked(path) {
    if (!path || typeof path !== "object" || !path.techniques || typeof path.techniques !== "object") {
      return "it is not a learning path (an object with \"techniques\")";
    }
    var slugs = Object.keys(path.techniques);
    if (slugs.length > MOST_TECHNIQUES) return "it holds " + slugs.length + " techniques, more than " + MOST_TECHNIQUES;
    for (var i = 0; i < slugs.length; i++) {
      var counts = path.techniques[slugs[i]];
      if (!SLUG.test(slugs[i])) return "technique " + (i + 1) + " has no technique's name";
      if (!counts || typeof counts !== "object") return "technique " + slugs[i] + " has no counts";
      for (var k = 0; k < KINDS.length; k++) {
        var count = counts[KINDS[k]];
        if (!Number.isInteger(count) || count < 0 || count > MOST_ANSWERS) {
          return "technique " + slugs[i] + " has no count of " + KINDS[k] + " answers";
        }
      }
    }
    return null;
  }
  function empty() {
    return { version: 1, techniques: {} };
  }
  function load() {
    var kept = store();
    var path = null;
    try {
      path = JSON.parse(kept ? kept.getItem(KEY) : "null");
    } catch (error) { /* unreadable: as if empty */ }
    return path && !checked(path) ? path : empty();
  }
  function save(path) {
    try {
      store().setItem(KEY, JSON.stringify(path));
      return true;
    } catch (error) {
      return false;
    }
  }
  // Another path merged into `into`, each count kept as the larger of the two, so that the
  // same file imported twice counts once; how many techniques changed.
  function merge(into, other) {
    var changed = 0;
    Object.keys(other.techniques).forEach(function (slug) {
      var mine = into.techniques[slug] || { right: 0, partial: 0, wrong: 0 };
      var theirs = other.techniques[slug];
      var before = JSON.stringify(mine);
      KINDS.forEach(function (kind) { mine[kind] = Math.max(mine[kind], theirs[kind]); });
      into.techniques[slug] = mine;
      if (JSON.stringify(mine) !== before) changed++;
    });
    return changed;
  }
  function answered(slug, kind) {
    if (!SLUG.test(slug) || KINDS.indexOf(kind) < 0) return;
    var path = load();
    var counts = path.techniques[slug] || { right: 0, partial: 0, wrong: 0 };
    counts[kind] = Math.min(counts[kind] + 1, MOST_ANSWERS);
    path.techniques[slug] = counts;
    save(path);
  }

  window.sudokuLearning = { checked: checked, load: load, save: save, merge: merge };

  var verdict = document.querySelector("[data-practice-verdict]");
  if (verdict) answered(verdict.getAttribute("data-practice-slug"), verdict.getAttribute("data-practice-verdict"));

  var root = document.querySelector("[data-learning-path]");
  var island = document.getElementById("learn-techniques");
  if (!root || !island) return;
  var known = JSON.parse(island.textContent);  // [[slug, name, lesson, practice], ...] easiest first

  function made(tag, text) {
    var element = document.createElement(tag);
    element.textContent = text;
    return element;
  }
  function link(href, text) {
    var anchor = made("a", text);
    anchor.href = href;
    return anchor;
  }

  var path = load();
  root.textContent = "";
  var practised = known.filter(function (item) { return path.techniques[item[0]]; });
  if (!practised.length) {
    root.appendChild(made("p", "No practice answered in this browser yet: open a technique's practice, answer and press Check, and it is counted here."));
    return;
  }
  var table = document.createElement("table");
  table.className = "learn-table learning-path";
  table.appendChild(made("caption", "Techniques practised in this browser, easiest first"));
  var head = document.createElement("tr");
  ["Technique", "Answers", "Right", "Partly", "Wrong"].forEach(function (name) {
    var th = made("th", name);
    th.scope = "col";
    head.appendChild(th);
  });
  table.appendChild(head);
  var missedMost = null;
  var missedCount = 0;
  practised.forEach(function (item) {
    var counts = path.techniques[item[0]];
    var total = counts.right + counts.partial + counts.wrong;
    var missed = total - counts.right;
    if (missed > missedCount) {
      missedMost = item;
      missedCount = missed;
    }
    var row = document.createElement("tr");
    var name = document.createElement("th");
    name.scope = "row";
    name.appendChild(link(item[2], item[1]));
    row.append(name, made("td", String(total)),
      made("td", Math.round(100 * counts.right / Math.max(total, 1)) + "%"),
      made("td", String(counts.partial)), made("td", String(counts.wrong)));
    table.appendChild(row);
  });
  root.appendChild(table);
  var next = document.createElement("p");
  next.className = "learning-next";
  if (missedMost) {
    next.append("The one you miss most: ", link(missedMost[3] || missedMost[2], "Practise " + missedMost[1]),
      " (" + missedCount + " of your answers not right).");
  } else {
    next.textContent = "Every answer right so far: try the next technique in the suggested order.";
  }
  root.appendChild(next);
})();
