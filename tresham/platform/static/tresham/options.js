// The new-game form follows its own choices (lobby/forms.py, SITE-TABLE-12). An element with
// data-when (e.g. {"variant": ["grand_imperial"]} or {"players": [3]}) applies only while the
// named options have one of those values:
// - an option's control (a whole row): shown only then; the server leaves such an option out
//   when its condition does not hold, so nothing depends on this script;
// - a choice of a drop-down (a board part) or a checkbox (a bot seat): hidden and disabled
//   otherwise; a chosen one falls back to the drop-down's first choice that applies, a ticked
//   box is cleared. Without the script every choice shows and the server refuses a wrong one.
// A span.suggested[data-suggested] (a suggestion per player count) names only the chosen
// count's (its data-for names the count's control).
(function () {
  "use strict";
  function holds(el) {
    var when = JSON.parse(el.getAttribute("data-when"));
    return Object.keys(when).every(function (name) {
      var ctl = document.querySelector('[name="opt_' + name + '"]');
      return ctl !== null && when[name].map(String).indexOf(ctl.value) >= 0;
    });
  }
  function update() {
    document.querySelectorAll("[data-when]").forEach(function (el) {
      var ok = holds(el);
      if (el.tagName === "OPTION") {
        el.hidden = el.disabled = !ok;
        var sel = el.parentElement;
        if (!ok && el.selected) {
          var first = Array.prototype.find.call(sel.options, function (o) { return !o.disabled; });
          if (first) sel.value = first.value;
        }
      } else if (el.type === "checkbox") {
        el.disabled = !ok;
        if (!ok) el.checked = false;
        (el.closest("label") ? el.closest("label").parentElement : el).hidden = !ok;
      } else {
        (el.closest("p") || el).hidden = !ok;
      }
    });
    document.querySelectorAll("span.suggested[data-suggested]").forEach(function (span) {
      var ctl = document.querySelector('[name="' + span.getAttribute("data-for") + '"]');
      var by = JSON.parse(span.getAttribute("data-suggested"));
      if (ctl !== null && Object.prototype.hasOwnProperty.call(by, ctl.value)) {
        span.textContent = "Suggested for " + ctl.value + " players: " + by[ctl.value];
      }
    });
  }
  document.addEventListener("change", update);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", update);
  } else {
    update();
  }
})();
