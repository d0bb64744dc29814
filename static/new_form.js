// The new-puzzle form: the symmetry field goes while a variant without givens (a Killer)
// is chosen and comes back with any other, so the form never offers a choice that makes
// nothing different. Without script the field stays and the server ignores it for a Killer.
// A variant made at some levels only (its option's data-levels) keeps every level on the
// menu; choosing one it is not made at says which levels it is made at, under the level
// (without script the server says the same when the form is sent).
(function () {
  "use strict";
  var variant = document.getElementById("variant");
  if (!variant) {
    return;
  }
  var fields = document.querySelectorAll("[data-not-for]");
  var level = document.getElementById("level");
  var note = document.getElementById("level-note");

  function show() {
    fields.forEach(function (field) {
      var away = field.getAttribute("data-not-for") === variant.value;
      field.hidden = away;
      field.querySelectorAll("select").forEach(function (select) {
        select.disabled = away;
      });
    });
  }

  function sayLevels() {
    if (!level || !note) {
      return;
    }
    var chosen = variant.options[variant.selectedIndex];
    var levels = chosen ? chosen.getAttribute("data-levels") : null;
    var unmade = levels !== null && levels.split(" ").indexOf(level.value) < 0;
    note.textContent = unmade ? chosen.getAttribute("data-level-note") : "";
    if (unmade) {
      level.setAttribute("aria-invalid", "true");
    } else if (level.getAttribute("aria-describedby").indexOf("new-problem") < 0) {
      level.removeAttribute("aria-invalid");
    }
  }

  variant.addEventListener("change", show);
  variant.addEventListener("change", sayLevels);
  if (level) {
    level.addEventListener("change", sayLevels);
  }
  show();
  sayLevels();
})();
