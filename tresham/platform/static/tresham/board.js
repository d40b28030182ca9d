/* The game page's map: zoom and pan of one SVG (the cached base map, fetched once and
   inlined, and the pieces of the viewer's own view drawn over it).
   Wheel or pinch zooms about the pointer, a drag moves the map; keys on the focused map:
   + / - zoom, arrows move, 0 shows the whole map; the buttons do the same. Names and
   pieces keep a readable size: below it they are enlarged as far as their area holds them,
   hidden when it cannot (they show again as one zooms in); they never grow past a ceiling.
   The first zoom in from the whole map (a button or a key) centres on the viewer's own pieces
   when the game names their areas (data-own, from its pieces' "own"), else on the middle. */
(function () {
  "use strict";
  var MIN_PX = 8, MAX_PX = 20, MAX_ZOOM = 16, SVGNS = "http://www.w3.org/2000/svg";

  function Board(view) {
    this.view = view;
    this.svg = view.querySelector("svg.board-stage");
    this.full = view.getAttribute("data-box").split(/\s+/).map(Number);
    this.box = this.full.slice();
    this.pointers = {};
    this.section = view.closest(".board-map") || document;
    /* the map's shape for a phone's layout (board.css), through the CSSOM: the page has no
       inline style (Content-Security-Policy, SITE-SAFE-08) */
    if (view.getAttribute("data-aspect")) view.style.setProperty("--board-aspect", view.getAttribute("data-aspect"));
    this.zoomText = this.section.querySelector(".board-zoom");
    this.bind();
    this.inline();
    this.apply();
  }

  Board.prototype.inline = function () {
    /* Fetch the base map (the page's only request for it) and put its elements in the
       empty <g class="board-base">, so its areas have their names on hover and its labels
       can be sized; if anything fails, the same map is shown as an <image> instead. */
    var self = this, base = this.svg.querySelector(".board-base"), url = this.view.getAttribute("data-base");
    if (!base || !url) return;
    function fallback() {
      if (!base.parentNode || base.querySelector("image")) return;
      var img = document.createElementNS(SVGNS, "image");
      img.setAttribute("href", url);
      ["x", "y", "width", "height"].forEach(function (a, i) { img.setAttribute(a, self.full[i]); });
      base.appendChild(img);
    }
    if (!window.fetch || !window.DOMParser) { fallback(); return; }
    fetch(url, {credentials: "same-origin"}).then(function (r) {
      if (!r.ok) throw new Error("map " + r.status);
      return r.text();
    }).then(function (text) {
      /* the map's own <style> is taken out before parsing (even a parsed document that is never
         shown is held to the page's policy) and adopted instead (see adopt) */
      var css = "";
      text = text.replace(/<style[^>]*>([\s\S]*?)<\/style>/g, function (all, rules) { css += rules; return ""; });
      if (css) adopt(css);
      var doc = new DOMParser().parseFromString(text, "image/svg+xml");
      var root = doc.documentElement;
      if (!root || root.nodeName !== "svg") throw new Error("not a map");
      var g = document.createElementNS(SVGNS, "g");
      g.setAttribute("class", "board-base " + (root.getAttribute("class") || ""));
      Array.prototype.forEach.call(root.childNodes, function (n) {
        if (n.nodeType !== 1 || n.nodeName === "title") return;
        if (n.nodeName === "desc") { n.removeAttribute("id"); }
        g.appendChild(document.importNode(n, true));
      });
      base.parentNode.replaceChild(g, base);
      self.apply();
      self.view.dispatchEvent(new CustomEvent("tresham:board-inlined", {bubbles: true}));
    }).catch(fallback);
  };

  var adopted = {};
  function adopt(css) {
    /* The map's own style sheet (the <style> of the SVG, which keeps it for when the map is
       opened or shown as an image): a <style> element put in the page would be refused by
       the site's Content-Security-Policy (style-src 'self', SITE-SAFE-08), so the same rules
       are adopted as a constructed style sheet, once per text. */
    if (adopted[css] || !window.CSSStyleSheet || !("adoptedStyleSheets" in document)) return;
    try {
      var sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      document.adoptedStyleSheets = document.adoptedStyleSheets.concat([sheet]);
      adopted[css] = true;
    } catch (e) { /* an old browser: the map keeps its shapes, unstyled */ }
  }

  Board.prototype.scale = function () {
    var r = this.svg.getBoundingClientRect();
    if (!r.width || !r.height) return 1;
    return Math.min(r.width / this.box[2], r.height / this.box[3]);
  };

  Board.prototype.clamp = function () {
    var f = this.full, b = this.box;
    var minW = f[2] / MAX_ZOOM;
    if (b[2] < minW) { var k = minW / b[2]; b[0] += b[2] * (1 - k) / 2; b[1] += b[3] * (1 - k) / 2; b[2] *= k; b[3] *= k; }
    if (b[2] > f[2] && b[3] > f[3]) { this.box = f.slice(); return; }
    b[0] = Math.min(Math.max(b[0], f[0] - b[2] / 2), f[0] + f[2] - b[2] / 2);
    b[1] = Math.min(Math.max(b[1], f[1] - b[3] / 2), f[1] + f[3] - b[3] / 2);
  };

  Board.prototype.apply = function () {
    this.clamp();
    this.svg.setAttribute("viewBox", this.box.map(function (v) { return v.toFixed(1); }).join(" "));
    var self = this;
    if (this.frame) return;
    this.frame = window.requestAnimationFrame(function () { self.frame = 0; self.size(); });
  };

  Board.prototype.size = function () {
    var s = this.scale();
    this.svg.querySelectorAll(".lbl").forEach(function (g) { fit(g, s, true); });
    this.svg.querySelectorAll(".pc").forEach(function (g) { fit(g, s, false); });
    if (this.zoomText) this.zoomText.textContent = "Zoom " + Math.round(this.full[2] / this.box[2] * 100) + "%";
  };

  function fit(g, s, mayHide) {
    var f = +g.getAttribute("data-f"), x = +g.getAttribute("data-x"), y = +g.getAttribute("data-y");
    if (!f) return;
    var px = f * s, k = 1;
    if (px < MIN_PX) k = MIN_PX / px;
    else if (px > MAX_PX) k = MAX_PX / px;
    if (mayHide && k > 1) {
      var room = +g.getAttribute("data-room"), w = +g.getAttribute("data-w");
      var sea = g.classList.contains("sea");
      // the enlarged name must fit across its area (a sea's name may spill over)
      g.style.display = (sea || w * MIN_PX <= 3.2 * room * s) ? "" : "none";
    } else if (mayHide) {
      g.style.display = "";
    }
    if (Math.abs(k - 1) < 1e-3) g.removeAttribute("transform");
    else g.setAttribute("transform", "translate(" + x + " " + y + ") scale(" + k.toFixed(3) + ") translate(" + (-x) + " " + (-y) + ")");
  }

  Board.prototype.toMap = function (cx, cy) {
    /* a point of the screen in map coordinates (viewBox, "meet": centred) */
    var r = this.svg.getBoundingClientRect(), s = this.scale();
    var ox = (r.width - this.box[2] * s) / 2, oy = (r.height - this.box[3] * s) / 2;
    return [this.box[0] + (cx - r.left - ox) / s, this.box[1] + (cy - r.top - oy) / s];
  };

  Board.prototype.own = function () {
    /* the centre, in map coordinates, of the viewer's own pieces: the areas the game names in
       data-own (its pieces' "own"), each found as a piece or an area of the map; null if none */
    var names = (this.view.getAttribute("data-own") || "").split(/\s+/).filter(Boolean), svg = this.svg;
    var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    names.forEach(function (n) {
      var q = '[data-area="' + (window.CSS && CSS.escape ? CSS.escape(n) : n) + '"]';
      var g = svg.querySelector(".pieces " + q) || svg.querySelector(".board-base " + q);
      if (!g || !g.getBBox) return;
      var b = g.getBBox();
      if (!b.width && !b.height) return;
      x0 = Math.min(x0, b.x); y0 = Math.min(y0, b.y); x1 = Math.max(x1, b.x + b.width); y1 = Math.max(y1, b.y + b.height);
    });
    return x0 < Infinity ? [(x0 + x1) / 2, (y0 + y1) / 2] : null;
  };

  Board.prototype.zoom = function (k, cx, cy) {
    var r = this.svg.getBoundingClientRect();
    var whole = this.box.every(function (v, i) { return Math.abs(v - this.full[i]) < 1e-6; }, this);
    var mine = cx === undefined && k > 1 && whole ? this.own() : null;
    if (mine) {
      /* the first zoom from the whole map (a button, a key) centres on the viewer's own pieces */
      var b0 = this.box;
      this.box = [mine[0] - b0[2] / k / 2, mine[1] - b0[3] / k / 2, b0[2] / k, b0[3] / k];
      this.apply();
      return;
    }
    if (cx === undefined) { cx = r.left + r.width / 2; cy = r.top + r.height / 2; }
    var p = this.toMap(cx, cy), b = this.box;
    b[0] = p[0] - (p[0] - b[0]) / k; b[1] = p[1] - (p[1] - b[1]) / k;
    b[2] /= k; b[3] /= k;
    this.apply();
  };

  Board.prototype.pan = function (dx, dy) {
    var s = this.scale();
    this.box[0] -= dx / s; this.box[1] -= dy / s;
    this.apply();
  };

  Board.prototype.fitAll = function () { this.box = this.full.slice(); this.apply(); };

  Board.prototype.bind = function () {
    var self = this, view = this.view;
    view.addEventListener("wheel", function (e) {
      e.preventDefault();
      self.zoom(Math.pow(1.0018, -e.deltaY * (e.deltaMode === 1 ? 16 : 1)), e.clientX, e.clientY);
    }, {passive: false});
    view.addEventListener("pointerdown", function (e) {
      if (e.button !== undefined && e.button > 0) return;
      view.setPointerCapture(e.pointerId);
      self.pointers[e.pointerId] = [e.clientX, e.clientY];
      view.classList.add("dragging");
    });
    view.addEventListener("pointermove", function (e) {
      var old = self.pointers[e.pointerId];
      if (!old) return;
      var ids = Object.keys(self.pointers);
      if (ids.length === 2) {
        var other = self.pointers[ids[0] == e.pointerId ? ids[1] : ids[0]];
        var d0 = Math.hypot(old[0] - other[0], old[1] - other[1]);
        var d1 = Math.hypot(e.clientX - other[0], e.clientY - other[1]);
        if (d0 > 0 && d1 > 0) self.zoom(d1 / d0, (e.clientX + other[0]) / 2, (e.clientY + other[1]) / 2);
      } else {
        self.pan(e.clientX - old[0], e.clientY - old[1]);
      }
      self.pointers[e.pointerId] = [e.clientX, e.clientY];
    });
    function up(e) {
      delete self.pointers[e.pointerId];
      if (!Object.keys(self.pointers).length) view.classList.remove("dragging");
    }
    view.addEventListener("pointerup", up);
    view.addEventListener("pointercancel", up);
    view.addEventListener("keydown", function (e) {
      var step = 60, done = true;
      switch (e.key) {
        case "+": case "=": self.zoom(1.4); break;
        case "-": case "_": self.zoom(1 / 1.4); break;
        case "0": self.fitAll(); break;
        case "ArrowLeft": self.pan(step, 0); break;
        case "ArrowRight": self.pan(-step, 0); break;
        case "ArrowUp": self.pan(0, step); break;
        case "ArrowDown": self.pan(0, -step); break;
        default: done = false;
      }
      if (done) e.preventDefault();
    });
    this.section.querySelectorAll("[data-board]").forEach(function (b) {
      b.addEventListener("click", function () {
        var what = b.getAttribute("data-board");
        if (what === "in") self.zoom(1.5);
        else if (what === "out") self.zoom(1 / 1.5);
        else self.fitAll();
      });
    });
    window.addEventListener("resize", function () { self.apply(); });
  };

  Board.prototype.refresh = function () {
    /* the pieces again, from the viewer's own view (for live pages) */
    var self = this, url = this.view.getAttribute("data-json");
    if (!url || !window.fetch) return Promise.resolve(false);
    return fetch(url, {credentials: "same-origin", headers: {Accept: "application/json"}}).then(function (r) {
      return r.ok ? r.json() : null;
    }).then(function (data) {
      if (!data || typeof data.svg !== "string") return false;
      var doc = new DOMParser().parseFromString('<svg xmlns="' + SVGNS + '">' + data.svg + "</svg>", "image/svg+xml");
      return self.show(doc.documentElement.querySelector("g.pieces"), data.revision, Array.isArray(data.own) ? data.own.join(" ") : null);
    });
  };

  Board.prototype.show = function (fresh, revision, own) {
    /* put the pieces ``fresh`` (a <g class="pieces"> of another document) in place of ours */
    var old = this.svg.querySelector("g.pieces");
    if (!fresh) return false;
    fresh = document.importNode(fresh, true);
    if (old) old.parentNode.replaceChild(fresh, old); else this.svg.appendChild(fresh);
    if (revision !== null && revision !== undefined) this.view.setAttribute("data-revision", revision);
    if (own !== null && own !== undefined) this.view.setAttribute("data-own", own);
    this.size();
    this.view.dispatchEvent(new CustomEvent("tresham:board-refreshed", {bubbles: true}));
    return true;
  };

  Board.prototype.take = function (doc) {
    /* the pieces from ``doc``, the page fetched again by the live channel (live.js), which
       draws them as the viewer's view gives them: no second request; the view's own JSON
       when that page does not have this map */
    var fresh = this.view.id && doc.getElementById(this.view.id);
    var pieces = fresh && fresh.querySelector("svg.board-stage g.pieces");
    if (!pieces) return this.refresh();
    return Promise.resolve(this.show(pieces, fresh.getAttribute("data-revision"), fresh.getAttribute("data-own") || ""));
  };

  var boards = [];
  function start() {
    document.querySelectorAll(".board-view[data-box]").forEach(function (v) { boards.push(new Board(v)); });
  }
  window.TreshamBoard = {
    boards: boards,
    refresh: function () { return Promise.all(boards.map(function (b) { return b.refresh(); })); },
    take: function (doc) { return Promise.all(boards.map(function (b) { return b.take(doc); })); }
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
