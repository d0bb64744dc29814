// The home page's "Read a photo": a preview of the picture chosen, before it is sent.
// Without this script the form works the same, only without the preview.
(function () {
  "use strict";
  var input = document.querySelector("[data-photo-input]");
  var preview = document.querySelector("[data-photo-preview]");
  if (!input || !preview || !window.URL || !URL.createObjectURL) return;
  var shown = null;
  input.addEventListener("change", function () {
    if (shown) URL.revokeObjectURL(shown);
    shown = null;
    var file = input.files && input.files[0];
    if (!file || file.type.indexOf("image/") !== 0) {
      preview.hidden = true;
      preview.removeAttribute("src");
      return;
    }
    shown = URL.createObjectURL(file);
    preview.src = shown;
    preview.hidden = false;
  });
})();
