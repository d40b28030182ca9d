/* The decision column beside the map at wide screens (SITE-TABLE-02, play/game.html, play.css):
   it scrolls by itself under the sticky action bar, as tall as the window leaves it from where
   the column starts, so that the decision the viewer owes is given without scrolling the page.
   This sets on <html> --table-bar (the action bar's foot once it sticks) and --table-side-top
   (the column's top in the window, never above the bar), on load, on resize and as the page
   scrolls, and --board-rest (the map's view's top on the page: the view ends at the window's
   foot with the page unscrolled) on load and resize; play.css has fallbacks without script.
   A control focused in the column is kept above the sticky foot of its box (a form's preview
   and send button, data-column-foot), and the column's scroll is kept across a live update of
   the page. Any game: it knows the page's classes only. */
(function () {
  "use strict";
  var root = document.documentElement;
  var queued = false;
  var kept = null;

  function side() { return document.querySelector(".game-table > .table-side"); }
  function boxed(s) { return !!s && window.getComputedStyle(s).overflowY === "auto"; }

  function measure() {
    queued = false;
    var s = side();
    if (!s) return;
    var bar = document.getElementById("action-bar");
    /* the bar sticks at the window's top: its foot there is its height (and a little room) */
    var barFoot = bar ? Math.round(bar.getBoundingClientRect().height) + 4 : 0;
    var top = Math.max(barFoot, Math.round(s.getBoundingClientRect().top));
    var b = barFoot + "px", t = top + "px";
    if (root.style.getPropertyValue("--table-bar") !== b) root.style.setProperty("--table-bar", b);
    if (root.style.getPropertyValue("--table-side-top") !== t) root.style.setProperty("--table-side-top", t);
  }
  /* the map's view, on the page (not the window): its height leaves it in the window unscrolled */
  function rest() {
    var view = document.querySelector(".game-table .board-view");
    if (!view) return;
    var at = Math.round(view.getBoundingClientRect().top + window.scrollY) + "px";
    if (root.style.getPropertyValue("--board-rest") !== at) {
      root.style.setProperty("--board-rest", at);
      window.dispatchEvent(new Event("resize")); /* the map fits its view again (board.js) */
    }
  }
  function later() {
    if (!queued) { queued = true; window.requestAnimationFrame(measure); }
  }

  /* the foot that sticks over a control of the column (data-column-foot: a form's preview and
     send button, a panel's buttons), the child of the control's nearest box that has one */
  function footOf(el, s) {
    for (var box = el.parentElement; box && box !== s; box = box.parentElement) {
      var foot = box.querySelector(":scope > [data-column-foot]");
      if (foot) return foot;
    }
    return null;
  }
  /* a control focused under that foot: the column scrolls it up above the foot */
  function clearOfFoot(el) {
    var s = side();
    if (!s || !boxed(s) || !s.contains(el)) return;
    var foot = footOf(el, s);
    if (!foot || foot.contains(el)) return;
    var over = el.getBoundingClientRect().bottom - foot.getBoundingClientRect().top;
    if (over > 0) s.scrollTop += over + 8;
  }

  /* a foot that grows (a longer preview) may come over the control that has focus */
  var watcher = window.ResizeObserver ? new ResizeObserver(function () {
    if (document.activeElement) clearOfFoot(document.activeElement);
  }) : null;
  function watchFeet() {
    if (!watcher) return;
    watcher.disconnect();
    document.querySelectorAll(".table-side [data-column-foot]").forEach(function (f) { watcher.observe(f); });
  }

  document.addEventListener("focusin", function (e) {
    var el = e.target;
    window.requestAnimationFrame(function () { clearOfFoot(el); });
  });
  document.addEventListener("tresham:live-before-update", function () {
    var s = side();
    kept = s ? s.scrollTop : null;
  });
  document.addEventListener("tresham:live-updated", function () {
    var s = side();
    if (s && kept !== null) s.scrollTop = kept;
    kept = null;
    rest();
    measure();
    watchFeet();
  });
  window.addEventListener("scroll", later, {passive: true});
  window.addEventListener("resize", function () { rest(); later(); });
  function ready() { rest(); measure(); watchFeet(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready); else ready();
  window.addEventListener("load", ready);
})();
