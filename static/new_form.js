// The new-puzzle form: the symmetry field goes while a variant without givens (a Killer)
// is chosen and comes back with any other, so the form never offers a choice that makes
// nothing different. Without script the field stays and the server ignores it for a Killer.
(function () {
  "use strict";
  var variant = document.getElementById("variant");
  var fields = document.querySelectorAll("[data-not-for]");
  if (!variant || !fields.length) {
    return;
  }

  function show() {
    fields.forEach(function (field) {
      var away = field.getAttribute("data-not-for") === variant.value;
      field.hidden = away;
      field.querySelectorAll("select").forEach(function (select) {
        select.disabled = away;
      });
    });
  }

  variant.addEventListener("change", show);
  show();
})();
