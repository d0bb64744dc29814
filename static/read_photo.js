// The home page's "Read a photo": a preview of the picture chosen, before it is sent. The
// preview exists only with this script; without it the form works the same, unpreviewed.
(function () {
  "use strict";
  var input = document.querySelector("[data-photo-input]");
  if (!input || !window.URL || !URL.createObjectURL) return;
  var preview = document.createElement("img");
  preview.className = "photo-preview";
  preview.alt = "The chosen photo";
  preview.hidden = true;
  preview.setAttribute("data-photo-preview", "");
  input.insertAdjacentElement("afterend", preview);
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
