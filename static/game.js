// A game's page, live: both clocks tick between updates, and the game is followed through
// its live events (/game/<id>/events, Server-Sent Events: from the live relay, the version,
// on which the state is asked for; from the app, the state itself), or by asking
// /game/<id>/state.json every few seconds when the server has no place for one more live
// follower. When the game changes what this page shows (a move on this player's board, the
// turn, the end), the page is asked for again, so the server draws the board as it does
// without script; a Race's other board (a silhouette) and the clocks are updated in place, so
// a digit being typed is not lost. Without script the page reloads itself instead (<noscript>).
(function () {
  "use strict";
  var section = document.querySelector("section.game[data-state]");
  if (!section || !window.fetch) {
    return;
  }
  var seen = Number(section.dataset.seen);
  var version = Number(section.dataset.version);
  var phase = section.dataset.phase;
  var turn = null;
  var clocks = Array.prototype.slice.call(section.querySelectorAll(".game-clock"));
  var shownAt = performance.now();
  var polling = null;
  // A form of this page sent (a move, a resignation): its answer is the page drawn anew, so
  // a change heard meanwhile (often that very move) does not reload it too, which would cut
  // the form's answer short.
  var sent = false;
  document.addEventListener("submit", function (event) {
    if (!event.defaultPrevented) {
      sent = true;
    }
  });

  function clockText(milliseconds) {
    var seconds = Math.max(0, Math.floor(milliseconds / 1000));
    var hours = Math.floor(seconds / 3600);
    var minutes = Math.floor((seconds % 3600) / 60);
    var rest = String(seconds % 60).padStart(2, "0");
    return hours ? hours + ":" + String(minutes).padStart(2, "0") + ":" + rest : minutes + ":" + rest;
  }

  var askedAtZero = false;

  function tick() {
    var passed = performance.now() - shownAt;
    clocks.forEach(function (clock) {
      var left = Number(clock.dataset.leftMs);
      var running = clock.classList.contains("running");
      clock.querySelector(".time").textContent = clockText(running ? left - passed : left);
      if (running && left - passed <= 0 && !askedAtZero) {
        askedAtZero = true; // a clock ran out: the server says how the game ended
        ask();
      }
    });
  }

  function changed(state) {
    // What only the server draws: this player's board, the turn, the phase.
    return state.seen !== seen || state.phase !== phase || (turn !== null && state.turn !== turn);
  }

  function show(state) {
    if (changed(state)) {
      if (!sent) {
        window.location.reload();
      }
      return;
    }
    turn = state.turn;
    version = state.version;
    shownAt = performance.now();
    state.clocks.forEach(function (facts) {
      var clock = clocks[facts.seat - 1];
      if (clock) {
        clock.dataset.leftMs = String(facts.left_ms);
        clock.classList.toggle("running", facts.running);
      }
    });
    var silhouette = section.querySelectorAll("table.silhouette td");
    if (state.other && silhouette.length) {
      state.other.silhouette.forEach(function (cell) {
        silhouette[cell].className = "filled";
      });
    }
    tick();
  }

  function ask() {
    fetch(section.dataset.state, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(function (state) {
        if (state) {
          show(state);
        }
      })
      .catch(function () {});
  }

  function follow() {
    if (!window.EventSource || phase === "over") {
      return;
    }
    var events = new EventSource(section.dataset.events);
    // Leaving or reloading: close at once, so the server frees this follower's place.
    window.addEventListener("pagehide", function () {
      events.close();
    });
    events.addEventListener("state", function (message) {
      show(JSON.parse(message.data));
    });
    // The live relay tells the game's version alone: ask for the game as this seat sees it
    // when it has moved on.
    events.addEventListener("version", function (message) {
      if (JSON.parse(message.data).version !== version) {
        ask();
      }
    });
    events.addEventListener("error", function () {
      // Closed for good (a 429, or the game gone): ask every few seconds instead.
      if (events.readyState === EventSource.CLOSED && polling === null) {
        polling = window.setInterval(ask, 3000);
      }
    });
  }

  window.setInterval(tick, 250);
  follow();
})();
