/* Orders given by clicking the game page's map (advciv/_map_orders.html): a nation's pick
   (SITE-PICK-03: click one of its start areas), population placement when the stock is short
   (SITE-POP-02: each click places one token), movement (SITE-MOVE-01/03: click a stack to take
   one token, shift-click takes one more, a double click the whole stack, click the source again to put one
   back, click a destination to drop them; Done, Done unless threatened, Reset: SITE-MOVE-06/07).
   Everything is sent through the page's own order form (#order: its CSRF token, its revision),
   so the server checks it and shows its refusals as for a typed order. The panel beside the
   map has labelled controls for the keyboard; without this script the order form still works.
   SITE-TABLE-03: once a stack is taken, only the areas it may reach (data.legal, the rules'
   legal destinations) are highlighted and take a click; the areas that take a click are
   focusable (Tab) and Enter (Shift+Enter: shift-click) acts on them. A pick is confirmed in the
   panel, with what it does (the API's preview), before it is sent (SITE-TABLE-05). A move
   order refused for one move comes back with the moves sent (data.refused): they stay entered
   and the refused one shows its reason (SITE-TABLE-07). */
(function () {
  "use strict";
  var data = null, sel = null, moves = [], voyages = [], placed = {}, down = null, bound = false;
  var refusedMove = null, refusedVoyage = null, picking = null, pickLines = null;

  function $(s, root) { return (root || document).querySelector(s); }
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function view() { return $(".board-view[data-box]"); }
  function decision(kind) {
    return data ? (data.decisions || []).filter(function (d) { return d.kind === kind; })[0] : null;
  }
  function mode() {
    if (decision("pick")) return "pick";
    if (decision("grow")) return "grow";
    if (decision("move")) return "move";
    return null;
  }
  function areaName(id) {
    var t = $("#area-" + id + " > title");
    return t ? t.textContent.split(",")[0] : id;
  }
  function limitOf(id) {
    var t = $("#area-" + id + " > title"), m = t && /population limit (\d+)/.exec(t.textContent);
    return m ? +m[1] : null;
  }
  function allAreas() {
    var out = [];
    document.querySelectorAll(".board-view g.area.land[data-area]").forEach(function (g) {
      out.push(g.getAttribute("data-area"));
    });
    return out.sort(function (a, b) { return areaName(a).localeCompare(areaName(b)); });
  }

  function send(order) {
    var form = document.getElementById("order");
    var box = form && form.querySelector("textarea[name=order]");
    if (!box) { say("The order form is missing: reload the page."); return; }
    box.value = JSON.stringify(order);
    if (form.requestSubmit) form.requestSubmit(); else form.submit();
  }
  function say(text) { var s = $("#map-orders .map-orders-status"); if (s) s.textContent = text; }

  /* ---- pick (SITE-PICK-03/04) ---- */
  function pickOptions() {
    var d = decision("pick"), out = [];
    var nations = (d && d.options && d.options.nations) || {};
    Object.keys(nations).sort().forEach(function (n) {
      (nations[n] || []).forEach(function (a) { out.push({nation: n, area: a}); });
    });
    return out;
  }
  function pickAt(area) {
    /* asks for confirmation first (SITE-TABLE-05): the panel shows the pick and what it does */
    var o = pickOptions().filter(function (p) { return p.area === area; })[0];
    if (!o) { say(areaName(area) + " is not a start area you may pick now."); return; }
    picking = o; pickLines = null;
    render();
    preview({type: "pick", nation: o.nation, area: o.area}, function (lines) {
      if (picking === o) { pickLines = lines; render(); }
    });
    var c = $("#mo-pick-confirm");
    if (c) c.focus();
  }
  function preview(order, done) {
    /* the API's preview of an order (POST /api/games/{id}/preview): its lines, or the refusal */
    var form = document.getElementById("order"), token = form && form.querySelector("input[name=csrfmiddlewaretoken]");
    var url = $("#map-orders") && $("#map-orders").getAttribute("data-preview-url");
    if (!url || !window.fetch) return;
    fetch(url, {method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "Accept": "application/json", "X-CSRFToken": token ? token.value : ""},
      body: JSON.stringify({order: order})})
      .then(function (r) { return r.json().then(function (b) { return {ok: r.ok, body: b}; }); })
      .then(function (a) { done(a.ok && a.body.ok ? (a.body.lines || []) : ["Refused: " + (a.body.message || "")], a.body); })
      .catch(function () { /* no preview: the confirmation still stands */ });
  }

  /* ---- population (SITE-POP-02) ---- */
  function growOptions() { var d = decision("grow"); return (d && d.options) || {}; }
  function placedTotal() { return Object.keys(placed).reduce(function (s, a) { return s + placed[a]; }, 0); }
  function growAt(area, back) {
    var o = growOptions(), room = (o.areas || {})[area] || 0;
    if (back) { if (placed[area]) { placed[area] -= 1; if (!placed[area]) delete placed[area]; } }
    else if (!room) { say(areaName(area) + " cannot grow now."); return; }
    else if ((placed[area] || 0) >= room) { say(areaName(area) + " grows by at most " + room + "."); return; }
    else if (placedTotal() >= (o.stock || 0)) { say("No token left to place: Done, or take one back."); return; }
    else placed[area] = (placed[area] || 0) + 1;
    render();
  }

  /* ---- movement (SITE-MOVE-01/03/06/07) ---- */
  function left(area) {
    var n = (data.tokens || {})[area] || 0;
    moves.forEach(function (m) { if (m.from === area && typeof m.count === "number") n -= m.count; });
    voyages.forEach(function (v) {
      /* the tokens a voyage loads where its ship starts (23.51) */
      var s = (v.steps || [])[0];
      if (v.ship === area && s && s[0] === "load" && typeof s[1] === "number") n -= s[1];
    });
    return n;
  }
  function voyageWays(area) {
    /* where a ship of the player's in ``area``, not yet given a voyage, may carry a stack
       (data.voyages: the rules' legal voyages, SITE-TABLE-03); {to: {path, tokens}} */
    var ships = ((data && data.ships) || {})[area] || 0, out = {};
    voyages.forEach(function (v) { if (v.ship === area) ships -= 1; });
    if (ships < 1) return out;
    (((data && data.voyages) || {})[area] || []).forEach(function (w) { out[w.to] = w; });
    return out;
  }
  function voyageOnly(area) {
    /* the voyage destinations of the stack taken that overland moves do not reach */
    var ways = voyageWays(area), land = legalFrom(area) || [];
    return Object.keys(ways).filter(function (a) { return land.indexOf(a) < 0; });
  }
  function legalFrom(area) {
    /* the areas a stack in ``area`` may reach (SITE-TABLE-03); null: not known (any area) */
    if (!data || !data.legal) return null;
    return data.legal[area] || [];
  }
  function moveAt(area, shift) {
    var reach = sel ? legalFrom(sel.from) : null;
    var way = sel && area !== sel.from && reach && reach.indexOf(area) < 0 ? voyageWays(sel.from)[area] : null;
    if (way) {
      /* by ship (23.5): load where it starts, sail the rules' way, unload all there */
      if (sel.n > way.tokens) {
        say("A ship carries at most " + way.tokens + " tokens from " + areaName(sel.from) + ": put some back first.");
        return;
      }
      var steps = [["load", sel.n]];
      way.path.forEach(function (a) { steps.push(["sail", a]); });
      steps.push(["unload", sel.n]);
      voyages.push({ship: sel.from, steps: steps});
      sel = null; refusedMove = null; refusedVoyage = null;
      render();
      return;
    }
    if (sel && area !== sel.from && reach && reach.indexOf(area) < 0) {
      say(areaName(area) + " cannot be reached from " + areaName(sel.from) + ": choose a highlighted area.");
      return;
    }
    if (sel && area === sel.from) {
      if (shift) {
        if (sel.n < left(area)) sel.n += 1; else say("No more of your tokens in " + areaName(area) + ".");
      } else {
        sel.n -= 1;
        if (!sel.n) sel = null;
      }
    } else if (sel) {
      moves.push({from: sel.from, to: area, count: sel.n});
      sel = null; refusedMove = null;
    } else if (left(area) > 0) {
      /* over its population limit: one click takes the excess (SITE-MOVE-02) */
      var lim = limitOf(area), excess = lim === null ? 0 : Math.min(left(area), (data.tokens[area] || 0) - lim);
      sel = {from: area, n: excess > 1 ? excess : 1};
    } else {
      say("You have no token left to move in " + areaName(area) + ".");
      return;
    }
    render();
  }
  function sendMoves(done) {
    /* the voyages as an order states them (the stored plan adds paths and legs) */
    send({type: "move", moves: moves, voyages: voyages.map(function (v) { return {ship: v.ship, steps: v.steps}; }),
          done: done});
  }

  /* ---- the map's clicks ---- */
  function areaAt(x, y) {
    var hits = document.elementsFromPoint ? document.elementsFromPoint(x, y) : [document.elementFromPoint(x, y)];
    for (var i = 0; i < hits.length; i++) {
      var h = hits[i] && hits[i].closest && hits[i].closest("[data-area]");
      if (h && h.closest(".board-view")) return h.getAttribute("data-area");
    }
    return null;
  }
  function bind() {
    var v = view();
    if (!v || bound) return;
    bound = true;
    v.addEventListener("pointerdown", function (e) { down = [e.clientX, e.clientY]; }, true);
    v.addEventListener("click", function (e) {
      if (down && Math.hypot(e.clientX - down[0], e.clientY - down[1]) > 6) return; /* a drag */
      var area = areaAt(e.clientX, e.clientY), m = mode();
      if (!area || !m) return;
      e.preventDefault();
      if (m === "pick") pickAt(area);
      else if (m === "grow") growAt(area, e.shiftKey);
      else moveAt(area, e.shiftKey);
    });
    v.addEventListener("dblclick", function (e) {
      /* a double click takes the whole stack (SITE-MOVE-03): its two clicks took one and put it back */
      if (mode() !== "move" || (down && Math.hypot(e.clientX - down[0], e.clientY - down[1]) > 6)) return;
      var area = areaAt(e.clientX, e.clientY);
      if (!area || left(area) < 1) return;
      e.preventDefault();
      sel = {from: area, n: left(area)};
      render();
    });
    v.addEventListener("keydown", function (e) {
      /* Enter (or Space) on a focused area acts as a click on it (SITE-TABLE-03) */
      if (e.key !== "Enter" && e.key !== " ") return;
      var g = e.target && e.target.closest && e.target.closest("g.area[data-area][tabindex]");
      var m = mode();
      if (!g || !m) return;
      e.preventDefault(); e.stopPropagation();
      var area = g.getAttribute("data-area");
      if (m === "pick") pickAt(area);
      else if (m === "grow") growAt(area, e.shiftKey);
      else moveAt(area, e.shiftKey);
      var again = document.getElementById("area-" + area);
      if (again && again.hasAttribute("tabindex")) again.focus({preventScroll: true});
    });
    v.classList.add("map-clickable");
  }

  /* ---- the panel ---- */
  function button(text, fn, attrs) {
    var b = el("button", Object.assign({type: "button"}, attrs || {}), text);
    b.addEventListener("click", fn);
    return b;
  }
  function selectOf(id, label, values, names) {
    var wrap = el("p"), l = el("label", {"for": id}, label), s = el("select", {id: id});
    values.forEach(function (v, i) { s.appendChild(el("option", {value: v}, names[i])); });
    wrap.appendChild(l); wrap.appendChild(document.createTextNode(" ")); wrap.appendChild(s);
    return wrap;
  }
  function center(id) {
    var l = $('.board-view .lbl[data-area="' + id + '"]');
    return l ? [+l.getAttribute("data-x"), +l.getAttribute("data-y")] : null;
  }
  function arrows() {
    /* the pending moves drawn over the map: a line from source to destination, with the count */
    var svg = $(".board-view svg.board-stage"), NS = "http://www.w3.org/2000/svg";
    if (!svg) return;
    var g = svg.querySelector("g.mo-arrows");
    if (g) g.parentNode.removeChild(g);
    if (mode() !== "move" || !(moves.length || voyages.length)) return;
    g = document.createElementNS(NS, "g");
    g.setAttribute("class", "mo-arrows");
    g.setAttribute("aria-hidden", "true");
    moves.forEach(function (mv) {
      var a = center(mv.from), b = center(mv.to);
      if (!a || !b) return;
      var line = document.createElementNS(NS, "line");
      line.setAttribute("x1", a[0]); line.setAttribute("y1", a[1]);
      line.setAttribute("x2", b[0]); line.setAttribute("y2", b[1]);
      g.appendChild(line);
      var head = document.createElementNS(NS, "circle");
      head.setAttribute("cx", b[0]); head.setAttribute("cy", b[1]); head.setAttribute("r", 4);
      g.appendChild(head);
      var t = document.createElementNS(NS, "text");
      t.setAttribute("x", (a[0] + b[0]) / 2); t.setAttribute("y", (a[1] + b[1]) / 2);
      t.textContent = String(mv.count);
      g.appendChild(t);
    });
    voyages.forEach(function (v) {
      /* a voyage: a dashed line along its way, with the tokens it carries */
      var pts = [center(v.ship)].concat(sails(v).map(center)).filter(function (p) { return p; });
      if (pts.length < 2) return;
      var line = document.createElementNS(NS, "polyline");
      line.setAttribute("points", pts.map(function (p) { return p[0] + "," + p[1]; }).join(" "));
      line.setAttribute("class", "mo-sail");
      g.appendChild(line);
      var end = pts[pts.length - 1], t = document.createElementNS(NS, "text");
      t.setAttribute("x", end[0]); t.setAttribute("y", end[1] - 6);
      t.textContent = String(loaded(v));
      g.appendChild(t);
    });
    svg.appendChild(g);
  }
  function sails(v) { return (v.steps || []).filter(function (s) { return s[0] === "sail"; }).map(function (s) { return s[1]; }); }
  function loaded(v) { var s = (v.steps || [])[0]; return s && s[0] === "load" ? s[1] : 0; }
  function unsent() {
    if (sel || Object.keys(placed).length) return true;
    var sent = (data && data.my_moves && data.my_moves.moves) || [];
    var sentV = ((data && data.my_moves && data.my_moves.voyages) || []).map(function (v) { return {ship: v.ship, steps: v.steps}; });
    return mode() === "move" && (JSON.stringify(sent) !== JSON.stringify(moves) ||
      JSON.stringify(sentV) !== JSON.stringify(voyages.map(function (v) { return {ship: v.ship, steps: v.steps}; })));
  }
  function mark() {
    document.querySelectorAll(".board-view g.area.mo-offer, .board-view g.area.mo-source, .board-view g.area.mo-target, .board-view g.area.mo-voyage")
      .forEach(function (g) { g.classList.remove("mo-offer", "mo-source", "mo-target", "mo-voyage"); });
    document.querySelectorAll(".board-view g.area[data-area][tabindex]").forEach(function (g) {
      g.removeAttribute("tabindex"); g.removeAttribute("role"); g.removeAttribute("aria-label");
    });
    var m = mode(), offer = [], verb = "";
    if (m === "pick") { offer = pickOptions().map(function (p) { return p.area; }); verb = "Pick the nation starting in "; }
    else if (m === "grow") { offer = Object.keys(growOptions().areas || {}); verb = "Place a token in "; }
    else if (m === "move" && sel && legalFrom(sel.from)) {
      /* a stack taken: only where it may go (SITE-TABLE-03) */
      offer = legalFrom(sel.from); verb = "Move the " + sel.n + " taken to ";
    } else if (m === "move") {
      offer = Object.keys(data.tokens || {}).filter(function (a) { return left(a) > 0; }); verb = "Take a token from ";
    }
    offer.forEach(function (a) {
      var g = $("#area-" + a);
      if (!g) return;
      g.classList.add(m === "move" && sel ? "mo-target" : "mo-offer");
      g.setAttribute("tabindex", "0"); g.setAttribute("role", "button"); g.setAttribute("aria-label", verb + areaName(a));
    });
    if (m === "move" && sel) {
      /* where a ship of his there may carry the stack, lit apart from the overland moves */
      voyageOnly(sel.from).forEach(function (a) {
        var g = $("#area-" + a);
        if (!g) return;
        g.classList.add("mo-voyage");
        g.setAttribute("tabindex", "0"); g.setAttribute("role", "button");
        g.setAttribute("aria-label", "Sail the " + sel.n + " taken to " + areaName(a) + " by ship");
      });
    }
    if (sel) {
      var s = $("#area-" + sel.from);
      if (s) {
        s.classList.add("mo-source");
        s.setAttribute("tabindex", "0"); s.setAttribute("role", "button");
        s.setAttribute("aria-label", "Put one token back in " + areaName(sel.from));
      }
    }
    /* a map whose areas take focus is a group of controls, not a picture */
    var stage = $(".board-view svg.board-stage");
    if (stage) stage.setAttribute("role", $(".board-view g.area[data-area][tabindex]") ? "group" : "img");
    arrows();
  }
  function render() {
    var panel = $("#map-orders [data-map-orders]");
    if (!panel) return;
    var m = mode();
    panel.textContent = "";
    panel.appendChild(el("p", {"class": "map-orders-status", role: "status", "aria-live": "polite"}));
    if (m === "pick") {
      panel.appendChild(el("p", {}, "Click one of the start areas bordered in a nation's colour to choose that nation " +
        "(before your turn this is a pre-selection). Or choose here:"));
      var opts = pickOptions();
      panel.appendChild(selectOf("mo-pick", "Nation and start area", opts.map(function (o) { return o.area; }),
        opts.map(function (o) { return o.nation + " — " + areaName(o.area); })));
      panel.appendChild(button("Pick this nation", function () { pickAt($("#mo-pick").value); }));
      if (picking) {
        var box = el("div", {"class": "mo-confirm", role: "group", "aria-labelledby": "mo-confirm-title"});
        box.appendChild(el("p", {id: "mo-confirm-title"}, "Pick " + picking.nation + ", starting in " +
          areaName(picking.area) + "? A nation once picked cannot be changed."));
        if (pickLines) {
          var ul = el("ul", {"class": "mo-preview"});
          pickLines.forEach(function (line) { ul.appendChild(el("li", {}, line)); });
          box.appendChild(ul);
        }
        box.appendChild(button("Confirm the pick", function () {
          var o = picking;
          picking = null;
          say("Picking " + o.nation + " in " + areaName(o.area) + "…");
          send({type: "pick", nation: o.nation, area: o.area});
        }, {id: "mo-pick-confirm"}));
        box.appendChild(button("Cancel", function () { picking = null; pickLines = null; render(); }));
        panel.appendChild(box);
      }
    } else if (m === "grow") {
      var o = growOptions(), rest = (o.stock || 0) - placedTotal();
      panel.appendChild(el("p", {}, "Click an area to place one token there (shift-click takes one back). Tokens left to place: " + rest + "."));
      var ul = el("ul", {"class": "mo-list"});
      Object.keys(o.areas || {}).sort().forEach(function (a) {
        var li = el("li", {}, areaName(a) + ": " + (placed[a] || 0) + " of at most " + o.areas[a] + " ");
        li.appendChild(button("+1", function () { growAt(a, false); }, {"aria-label": "+1: place one token in " + areaName(a)}));
        li.appendChild(button("−1", function () { growAt(a, true); }, {"aria-label": "−1: take one token back from " + areaName(a)}));
        ul.appendChild(li);
      });
      panel.appendChild(ul);
      var growTools = el("p", {"class": "mo-tools", "data-column-foot": ""});
      growTools.appendChild(button("Done", function () { send({type: "grow", areas: placed}); }));
      growTools.appendChild(button("Reset", function () { placed = {}; render(); }));
      panel.appendChild(growTools);
    } else if (m === "move") {
      panel.appendChild(el("p", {}, sel ? ("Taken: " + sel.n + " token" + (sel.n > 1 ? "s" : "") + " from " + areaName(sel.from) +
        ". Click the destination; shift-click the source for one more, click it to put one back.")
        : "Click an area holding your tokens to take one (shift-click takes one more, a double click all of them), then click its destination."));
      var list = el("ol", {"class": "mo-list", "aria-label": "Your pending moves"});
      moves.forEach(function (mv, i) {
        var li = el("li", {}, mv.count + " from " + areaName(mv.from) + " → " + areaName(mv.to) + " ");
        if (refusedMove && refusedMove.index === i) {
          /* the move the server refused, with its reason; the others stay entered (SITE-TABLE-07) */
          li.className = "mo-refused";
          li.appendChild(el("strong", {"class": "mo-reason"}, "Refused: " + refusedMove.reason + " "));
        }
        li.appendChild(button("Remove", function () { moves.splice(i, 1); refusedMove = null; render(); },
          {"aria-label": "Remove the move from " + areaName(mv.from) + " to " + areaName(mv.to)}));
        list.appendChild(li);
      });
      if (!moves.length) list.appendChild(el("li", {}, "No move yet."));
      panel.appendChild(list);
      if (voyages.length || (sel && voyageOnly(sel.from).length)) {
        if (sel && voyageOnly(sel.from).length) {
          panel.appendChild(el("p", {"class": "mo-voyage-help"}, "Your ship in " + areaName(sel.from) +
            " can carry them: the areas lit in blue are reached by sea only (at most " +
            voyageWays(sel.from)[voyageOnly(sel.from)[0]].tokens + " tokens aboard)."));
        }
        var vl = el("ol", {"class": "mo-list", "aria-label": "Your pending voyages"});
        voyages.forEach(function (v, i) {
          var way = sails(v);
          var li = el("li", {}, loaded(v) + " by ship from " + areaName(v.ship) + " → " + areaName(way[way.length - 1]) +
            (way.length > 1 ? " (by " + way.slice(0, -1).map(areaName).join(", ") + ")" : "") + " ");
          if (refusedVoyage && refusedVoyage.index === i) {
            li.className = "mo-refused";
            li.appendChild(el("strong", {"class": "mo-reason"}, "Refused: " + refusedVoyage.reason + " "));
          }
          li.appendChild(button("Remove", function () { voyages.splice(i, 1); refusedVoyage = null; render(); },
            {"aria-label": "Remove the voyage from " + areaName(v.ship) + " to " + areaName(way[way.length - 1])}));
          vl.appendChild(li);
        });
        if (!voyages.length) vl.appendChild(el("li", {}, "No voyage yet."));
        panel.appendChild(vl);
      }
      var froms = Object.keys(data.tokens || {}).filter(function (a) { return left(a) > 0; });
      var from0 = sel ? sel.from : froms[0];
      if (sel && froms.indexOf(sel.from) > 0) { froms.splice(froms.indexOf(sel.from), 1); froms.unshift(sel.from); }
      var tos = legalFrom(from0) || allAreas();
      if (froms.length && tos.length) {
        var f = el("fieldset"); f.appendChild(el("legend", {}, "Add a move without the mouse"));
        f.appendChild(selectOf("mo-from", "From", froms, froms.map(function (a) { return areaName(a) + " (" + left(a) + ")"; })));
        f.appendChild(selectOf("mo-to", "To", tos, tos.map(areaName)));
        f.querySelector("#mo-from").addEventListener("change", function () {
          /* the destinations the chosen stack may reach (SITE-TABLE-03) */
          var to = f.querySelector("#mo-to"), reach = legalFrom(this.value) || allAreas();
          to.textContent = "";
          reach.forEach(function (a) { to.appendChild(el("option", {value: a}, areaName(a))); });
        });
        var p = el("p"), l = el("label", {"for": "mo-count"}, "Tokens"), n = el("input", {id: "mo-count", type: "number", min: "1", value: "1"});
        p.appendChild(l); p.appendChild(document.createTextNode(" ")); p.appendChild(n); f.appendChild(p);
        f.appendChild(button("Add this move", function () {
          var from = $("#mo-from").value, to = $("#mo-to").value, k = parseInt($("#mo-count").value, 10) || 0;
          var reach = legalFrom(from);
          if (k < 1 || k > left(from) || from === to || (reach && reach.indexOf(to) < 0)) {
            say("Choose another number of tokens or destination."); return;
          }
          moves.push({from: from, to: to, count: k}); sel = null; refusedMove = null; render();
        }));
        panel.appendChild(f);
      }
      /* the panel's foot: beside the map it stays at the decision column's bottom (the platform's play.css) */
      var tools = el("p", {"class": "mo-tools", "data-column-foot": ""});
      tools.appendChild(button("Done", function () { sendMoves("done"); }));
      tools.appendChild(button("Done unless threatened", function () { sendMoves("unless_threatened"); }));
      tools.appendChild(button("Send without confirming", function () { sendMoves(null); }));
      tools.appendChild(button("Reset", function () {
        moves = []; voyages = []; sel = null; refusedMove = null; refusedVoyage = null;
        if (data.my_moves) send({type: "move", moves: [], voyages: [], done: null}); else render();
      }));
      panel.appendChild(tools);
    }
    mark();
  }

  function oneEntry() {
    /* One place per decision (SITE-TABLE-04, TBL-22): the decision forms of the decisions this
       panel gives are hidden, and the panel stands where they were, beside the map. Without
       this script the panel stays hidden and those forms are the entry. */
    var sec = document.getElementById("map-orders");
    if (!sec) return;
    var kinds = ((data && data.decisions) || []).map(function (d) { return d.kind; }), first = null;
    document.querySelectorAll("#decisions form.decision-form[data-form]").forEach(function (f) {
      if (kinds.indexOf(f.getAttribute("data-form").split(".")[0]) < 0) return;
      f.hidden = true;
      f.setAttribute("data-map-entry", "");
      if (!first) first = f;
    });
    if (first && sec.nextElementSibling !== first) first.parentNode.insertBefore(sec, first);
    sec.hidden = !data;
  }
  function load() {
    var s = document.getElementById("map-orders-data");
    var fresh = null;
    try { fresh = s ? JSON.parse(s.textContent) : null; } catch (e) { fresh = null; }
    var same = data && fresh && data.revision === fresh.revision;
    data = fresh;
    if (!same) {
      sel = null; placed = {}; picking = null; refusedMove = null; refusedVoyage = null;
      moves = (data && data.my_moves && Array.isArray(data.my_moves.moves)) ? data.my_moves.moves.slice() : [];
      voyages = (data && data.my_moves && Array.isArray(data.my_moves.voyages)) ? data.my_moves.voyages.map(function (v) {
        return {ship: v.ship, steps: v.steps};
      }) : [];
      if (data && data.refused && Array.isArray(data.refused.moves)) {
        /* the order refused for one move: what was sent stays entered (SITE-TABLE-07) */
        moves = data.refused.moves.slice();
        voyages = (data.refused.voyages || []).map(function (v) { return {ship: v.ship, steps: v.steps}; });
        if (data.refused.part === "moves") refusedMove = {index: data.refused.index, reason: data.refused.reason};
        if (data.refused.part === "voyages") refusedVoyage = {index: data.refused.index, reason: data.refused.reason};
      }
    }
    oneEntry();
    if (!data) return;
    bind();
    render();
    if (data.refused && data.refused.part !== "moves" && data.refused.part !== "voyages") say("Refused: " + data.refused.reason);
  }

  document.addEventListener("tresham:board-inlined", render);
  document.addEventListener("tresham:board-refreshed", mark);
  document.addEventListener("tresham:live-updated", load);
  /* a live update would lose what was clicked and not yet sent: the page's notice instead */
  document.addEventListener("tresham:live-before-update", function (e) { if (data && unsent()) e.preventDefault(); });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", load); else load();
})();
