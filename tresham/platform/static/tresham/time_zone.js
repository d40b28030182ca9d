// Registration (accounts/register.html, SITE-TABLE-12): a time-zone drop-down marked
// data-fill="browser-zone" (the form as first shown, never one sent back with errors) takes
// the browser's own zone while it still shows its default and the site knows that zone.
// Without this script it keeps its default (UTC), which the person can change.
(function () {
  "use strict";
  var zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (e) {
    return;
  }
  if (!zone) return;
  document.querySelectorAll('select[data-fill="browser-zone"]').forEach(function (sel) {
    var chosen = sel.options[sel.selectedIndex];
    if (chosen && !chosen.defaultSelected) return;  // touched already
    var known = Array.prototype.some.call(sel.options, function (o) { return o.value === zone; });
    if (known) sel.value = zone;
  });
})();
