// What the home form's scripts (regions.js, cages.js, rule_marks.js) share, loaded before
// them: `made`, a new element with its class, text and attributes.
(function () {
  "use strict";

  function made(tag, className, text, attributes) {
    var element = document.createElement(tag);
    if (className) element.className = className;
    if (text) element.textContent = text;
    Object.keys(attributes || {}).forEach(function (name) { element.setAttribute(name, attributes[name]); });
    return element;
  }

  window.sudokuForm = { made: made };
})();
