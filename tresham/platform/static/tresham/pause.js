/* The pause request form (clock/pause.html): the days requested, counted as the dates change.
   The output#days names its two date fields (data-start, data-end). */
(function () {
  "use strict";
  var out = document.getElementById("days");
  if (!out) return;
  var s = document.getElementById(out.getAttribute("data-start"));
  var e = document.getElementById(out.getAttribute("data-end"));
  if (!s || !e) return;
  function show() {
    var a = Date.parse(s.value), b = Date.parse(e.value);
    out.textContent = (isNaN(a) || isNaN(b) || b < a) ? "\u2014" : String(Math.round((b - a) / 86400000) + 1);
  }
  s.addEventListener("input", show);
  e.addEventListener("input", show);
})();
