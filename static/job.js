// A job's page, kept up to date in place: its state and progress are asked of
// /api/jobs/<id> every second, and once the job has ended the page is asked for again,
// which sends a finished job on to its result (at an address no cache has kept) and
// shows a failed one with the offer to try again. Without script the page reloads
// itself instead (a refresh in <noscript>).
(function () {
  "use strict";
  var section = document.querySelector("section.job[data-job]");
  if (!section || !window.fetch) {
    return;
  }
  var state = document.getElementById("job-state");
  var list = section.querySelector(".job-lines");
  var open = { queued: true, running: true };

  function show(job) {
    if (!open[job.state]) {
      window.location.reload(); // done or failed: the server says where to go
      return;
    }
    state.textContent = job.words;
    list.replaceChildren.apply(
      list,
      job.lines.map(function (line) {
        var item = document.createElement("li");
        item.textContent = line;
        return item;
      })
    );
    window.setTimeout(poll, 1000);
  }

  function poll() {
    fetch(section.dataset.job, { headers: { Accept: "application/json" } })
      .then(function (response) {
        return response.ok ? response.json() : Promise.reject(response.status);
      })
      .then(show)
      .catch(function () {
        window.setTimeout(poll, 3000); // the server is busy or away: ask again later
      });
  }

  if (open[section.dataset.state]) {
    window.setTimeout(poll, 1000);
  }
})();
