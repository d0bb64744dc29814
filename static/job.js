// A job's page, kept up to date in place: its state and progress are asked of
// /api/jobs/<id> every second, and once the job is done the page moves on to its
// result. Without script the page reloads itself instead (a refresh in <noscript>).
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
    if (job.state === "done") {
      window.location.replace(job.result_url);
      return;
    }
    if (!open[job.state]) {
      window.location.reload(); // failed: the page offers to try again
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
