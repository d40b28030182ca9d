/* The action bar's countdown (SITE-TABLE-01, play/_action_bar.html): every <time data-countdown
 * datetime="..."> shows the time left to its moment in words ("in 5 h 12 min"), the same words
 * as the server's (play/actionbar.py time_left), kept current every second. The elements are
 * looked up at each tick, so a page whose content live.js swaps keeps counting. Without this
 * script the words are those of the moment the page was made, and the absolute time beside
 * them (in the viewer's time zone) still reads right. */
(function () {
  "use strict";

  function left(ms) {
    var secs = Math.floor(ms / 1000);
    if (secs <= 0) {
      return "now";
    }
    var days = Math.floor(secs / 86400);
    var hours = Math.floor((secs % 86400) / 3600);
    var mins = Math.floor((secs % 3600) / 60);
    var s = secs % 60;
    if (days) {
      return "in " + days + " day" + (days !== 1 ? "s" : "") + (hours ? " " + hours + " h" : "");
    }
    if (hours) {
      return "in " + hours + " h" + (mins ? " " + mins + " min" : "");
    }
    if (mins >= 10) {
      return "in " + mins + " min";
    }
    if (mins) {
      return "in " + mins + " min " + s + " s";
    }
    return "in " + s + " s";
  }

  function tick() {
    var now = Date.now();
    var all = document.querySelectorAll("time[data-countdown]");
    for (var i = 0; i < all.length; i++) {
      var at = Date.parse(all[i].getAttribute("datetime"));
      if (!isNaN(at)) {
        var text = left(at - now);
        if (all[i].textContent !== text) {
          all[i].textContent = text;
        }
      }
    }
  }

  if (!window.__treshamCountdown) { /* once per page, however many times it is included */
    window.__treshamCountdown = true;
    tick();
    window.setInterval(tick, 1000);
  }
})();
