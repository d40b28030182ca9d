/* The board step by step (play/_steps.html, SITE-TABLE-10, SITE-TABLE-14): without this
   script every link and the list are plain addresses (?at=N) that load the page again. With
   it a step is fetched alone (the section's data-fragment, play:steps) and swapped in: its
   label, links and hands, and the pieces of the map (the base map, its zoom and position
   stay); the address follows (?at=N), so Back and Forward step too. A live update of the
   page (live.js) that moves the latest step brings its pieces as well. */
(function () {
  "use strict";
  if (!window.fetch || !window.DOMParser || !window.history || !history.pushState) return;
  var SVGNS = "http://www.w3.org/2000/svg";
  var busy = 0;

  function section() { return document.getElementById("steps"); }
  function view() { return document.getElementById("step-board-view"); }

  function go(at, push, focusRel) {
    var sec = section();
    if (!sec) return;
    var base = sec.getAttribute("data-fragment");
    var ticket = ++busy;
    sec.setAttribute("aria-busy", "true");
    fetch(base + (base.indexOf("?") < 0 ? "?" : "&") + "at=" + encodeURIComponent(at),
          {credentials: "same-origin", headers: {Accept: "text/html"}}).then(function (r) {
      if (!r.ok) throw new Error("step " + r.status);
      return r.text();
    }).then(function (text) {
      if (ticket !== busy) return; /* a later click won */
      var doc = new DOMParser().parseFromString("<!doctype html><body>" + text, "text/html");
      var now = document.getElementById("step-now");
      var hidden = doc.querySelector("svg.step-pieces");
      var fresh = hidden ? hidden.querySelector("g.pieces") : null;
      if (hidden) hidden.remove();
      now.replaceChildren.apply(now, Array.prototype.map.call(doc.body.childNodes, function (n) {
        return document.importNode(n, true);
      }));
      now.setAttribute("data-at", at);
      var v = view();
      if (v && fresh) {
        var svg = v.querySelector("svg.board-stage");
        var moved = document.importNode(fresh, true);
        var old = svg.querySelector("g.pieces");
        if (old) old.replaceWith(moved); else svg.appendChild(moved);
        v.setAttribute("data-at", at);
        var boards = (window.TreshamBoard && window.TreshamBoard.boards) || [];
        boards.forEach(function (b) { if (b.view === v) b.size(); });
      }
      if (push) {
        var url = new URL(window.location.href);
        url.searchParams.set("at", at);
        history.pushState({at: at}, "", url.pathname + url.search + "#steps");
      }
      var target = focusRel && now.querySelector('a[rel="' + focusRel + '"]');
      (target || document.getElementById("step-label") || now).focus({preventScroll: true});
      sec.removeAttribute("aria-busy");
      sec.dispatchEvent(new CustomEvent("tresham:step-shown", {bubbles: true, detail: {at: +at}}));
    }).catch(function () {
      /* anything wrong: load the page of that step instead */
      var url = new URL(window.location.href);
      url.searchParams.set("at", at);
      window.location.assign(url.toString());
    });
  }

  document.addEventListener("click", function (e) {
    var a = e.target.closest && e.target.closest("#step-now a[data-at]");
    if (!a || e.button > 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    go(a.getAttribute("data-at"), true, a.getAttribute("rel"));
  });
  document.addEventListener("submit", function (e) {
    var f = e.target;
    if (!f.matches || !f.matches("#step-now form.step-jump")) return;
    e.preventDefault();
    go(f.querySelector("select[name=at]").value, true, null);
  });
  window.addEventListener("popstate", function (e) {
    if (!section()) return;
    var at = e.state && e.state.at !== undefined ? e.state.at : new URL(window.location.href).searchParams.get("at");
    if (at !== null) go(at, false, null);
  });
  var first = document.getElementById("step-now");
  if (first && first.getAttribute("data-at") !== "") {
    history.replaceState({at: first.getAttribute("data-at")}, "");
  }
  document.addEventListener("tresham:live-updated", function () {
    /* the page was swapped for a newer one; the map (kept) may show an older step */
    var now = document.getElementById("step-now"), v = view();
    if (now && v && now.getAttribute("data-at") !== v.getAttribute("data-at")) go(now.getAttribute("data-at"), false, null);
  });
})();
