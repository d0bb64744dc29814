// The play page's clock ticking: it starts from the time the link holds (the server shows
// it, and the form sends it on), counts while the page is in view and not paused, and puts
// the time in the form each second and in the link every EVERY seconds and on every move
// (play.js follows the link). Solved, it stops and says "Solved in 12:34" (in the solved
// banner too). "Show timer" only shows or hides it: the time is kept either way. Paused, the
// board and the digit pad are hidden and take no entry until Resume.
(function () {
  "use strict";

  var LONGEST = 8640000;  // the most a link may hold (clock.py)
  var EVERY = 5;  // seconds between the link's updates while nobody moves

  var form = document.querySelector("form.play-form");
  var clock = document.querySelector(".play-clock");
  var field = form && form.querySelector("input[name=time]");
  if (!clock || !field) return;
  var face = clock.querySelector(".clock-face");
  var label = clock.querySelector(".clock-label");
  var shown = form.querySelector("input[name=timer]");

  var counted = Number(field.value) || 0;  // seconds counted before the clock last started
  var since = null;  // when it last started (ms), null while stopped
  var linked = counted;  // the time the link holds
  var paused = false;
  var solved = clock.dataset.solved === "1";

  function seconds() {
    var running = since === null ? 0 : (Date.now() - since) / 1000;
    return Math.min(LONGEST, Math.floor(counted + running));
  }
  function faceOf(total) {
    var hours = Math.floor(total / 3600);
    var minutes = Math.floor(total % 3600 / 60);
    var rest = ("0" + total % 60).slice(-2);
    return hours ? hours + ":" + ("0" + minutes).slice(-2) + ":" + rest : minutes + ":" + rest;
  }
  function show() {
    var total = seconds();
    face.textContent = faceOf(total);
    field.value = String(total);
    return total;
  }
  function relink() {
    linked = show();
    form.dispatchEvent(new Event("play-relink"));
  }

  function running() { return since !== null; }
  function start() {
    if (running() || paused || solved || document.hidden) return;
    since = Date.now();
  }
  function stop() {
    if (!running()) return;
    counted += (Date.now() - since) / 1000;
    since = null;
    show();
  }

  // What a pause hides and makes inert: the board, the pad and the buttons that change it.
  var hidden = [".play-board table", ".play-pad", ".grid-controls"].map(function (selector) {
    return form.querySelector(selector);
  }).filter(Boolean);
  var pausedNote = form.querySelector(".paused-note");
  var pause = document.createElement("button");
  pause.type = "button";
  pause.className = "secondary clock-pause";
  pause.textContent = "Pause";
  pause.addEventListener("click", function () {
    paused = !paused;
    pause.textContent = paused ? "Resume" : "Pause";
    clock.classList.toggle("paused", paused);
    form.classList.toggle("paused", paused);
    hidden.forEach(function (element) { element.inert = paused; });
    if (pausedNote) pausedNote.hidden = !paused;
    if (paused) stop(); else start();
    relink();
  });
  clock.append(" ", pause);
  pause.hidden = solved;

  window.setInterval(function () {
    if (!running()) return;
    if (show() - linked >= EVERY) relink();
  }, 1000);
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) stop(); else start();
  });
  // A move: the link it leads to holds the time to the second; the last one may solve it.
  form.addEventListener("play-moved", function () { linked = show(); });
  form.addEventListener("play-linked", function (event) {
    if (event.detail.solved === solved) return;
    solved = event.detail.solved;
    if (solved) stop(); else start();
    label.textContent = solved ? "Solved in" : "Time";
    pause.hidden = solved;
    if (solved) relink();
    var time = document.querySelector(".solved-banner .solved-time");
    if (time) time.textContent = face.textContent;
  });
  form.addEventListener("submit", show);
  if (shown) shown.addEventListener("change", function () { clock.hidden = !shown.checked; });
  start();
})();
