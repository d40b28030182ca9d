// The new-game form: an option that applies only with some values of other options (its
// control's data-when, e.g. {"variant": ["grand_imperial"]}) is shown only while they have
// them. Without this script every option shows, and the form sends such an option only when
// its condition holds (lobby/forms.py), so nothing depends on it.
(function () {
  "use strict";
  function update() {
    document.querySelectorAll("[data-when]").forEach(function (el) {
      var when = JSON.parse(el.getAttribute("data-when"));
      var ok = Object.keys(when).every(function (name) {
        var ctl = document.querySelector('[name="opt_' + name + '"]');
        return ctl !== null && when[name].map(String).indexOf(ctl.value) >= 0;
      });
      (el.closest("p") || el).hidden = !ok;
    });
  }
  document.addEventListener("change", update);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", update);
  } else {
    update();
  }
})();
