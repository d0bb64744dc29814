// Comfort for the play page; the form works without it.
// Pencil marks step aside in a cell as soon as something is typed in it.
(function () {
  "use strict";

  document.querySelectorAll("table.with-marks").forEach(function (table) {
    function mark(input) {
      input.parentNode.classList.toggle("has-value", input.value.trim() !== "");
    }
    table.querySelectorAll("input").forEach(mark);
    table.addEventListener("input", function (event) { mark(event.target); });
    table.addEventListener("change", function (event) { mark(event.target); });
  });
})();
