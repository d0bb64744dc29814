/* The watch page of a match, live: the relay tells each step of the match
   (/match/<id>/events) and the page's live part is read again and put in place.
   Without this script the page reloads itself (its <noscript> refresh); where no relay
   answers, this script reloads it every few seconds instead. */
(function () {
  "use strict";
  var live = document.querySelector(".match-live");
  if (!live) {
    return;
  }
  var every = Number(live.dataset.refresh || "2") * 1000;

  function reloadLater() {
    window.setTimeout(function () {
      window.location.reload();
    }, every);
  }

  function readAgain() {
    fetch(window.location.href, { headers: { Accept: "text/html" } })
      .then(function (response) {
        return response.ok ? response.text() : null;
      })
      .then(function (html) {
        if (html === null) {
          return;
        }
        var fresh = new DOMParser()
          .parseFromString(html, "text/html")
          .querySelector(".match-live");
        if (fresh) {
          live.replaceWith(fresh);
          live = fresh;
        }
      })
      .catch(function () {});
  }

  if (!window.EventSource) {
    reloadLater();
    return;
  }
  var events = new EventSource(live.dataset.events);
  // Leaving or reloading: close at once, so the relay frees this watcher's place.
  window.addEventListener("pagehide", function () {
    events.close();
  });
  events.addEventListener("match", function (message) {
    readAgain();
    if (JSON.parse(message.data).phase === "over") {
      events.close();
    }
  });
  events.addEventListener("error", function () {
    // Closed for good (no relay, a 429, the match gone): reload as without script.
    if (events.readyState === EventSource.CLOSED) {
      reloadLater();
    }
  });
})();
