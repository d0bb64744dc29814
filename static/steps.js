// Comfort for the explanation pages; every link works without it.
// The arrow keys go to the previous and next step, Home and End to the first and last.
(function () {
  "use strict";

  var links = {};
  document.querySelectorAll(".step-nav a[data-key]").forEach(function (link) {
    links[link.dataset.key] = link;
  });
  var hint = document.getElementById("keys-hint");
  if (hint) hint.hidden = false;

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
    var target = event.target;
    if (target.closest && target.closest("input, textarea, select, summary, [contenteditable]")) return;
    var link = links[event.key];
    if (link) {
      event.preventDefault();
      window.location.assign(link.href);
    }
  });
})();
