/* A click on the map fills a decision form's place field (play/_decision_forms.html), for any
   game: the clicked area's name (the data-area of the map's area or piece under the pointer)
   is chosen in a <select> of a decision form that offers it as a value (or as an option's
   data-place); a box whose data-place is that area is ticked (a click again, or a
   shift-click, unticks it); a number whose data-place is that area is raised by one up to its
   max (the first such number of the form not at its max: e.g. one more ship built there),
   a shift-click lowers the last raised one (SITE-TABLE-03, TBL-22). Each change is the
   form's own (a change event: its live preview follows, order_preview.js). The form the player
   is using (last focused) alone once there is one, else the forms in page order; nothing is sent, the player still
   presses the form's button (so a click never gives an order by itself). Without this script
   the forms work as they are. When the game's own click-the-map orders are on the page
   (an element #map-orders, in its board overlay), their clicks are theirs and this script
   stays out of the way.
   The places the form in use offers are outlined on the map (fc-offer), its choice more
   strongly (fc-chosen); only those take a click (others are said to be not offered), and they
   are focusable (Tab) with Enter choosing one (SITE-TABLE-03).
   A place is an area (data-area) or a piece on the map (data-piece, e.g. one ship): a click
   on a piece that the form offers is the piece's, not its area's (the area's when the form
   does not offer the piece). A <select> whose options name one place only (data-place) is
   that place's own choice (e.g. a ship's upkeep): a click on the place goes to its next
   option, those naming no place included (a shift-click to the one before), and the page
   says which is chosen (TBL-23). */
(function () {
  "use strict";
  if (window.treshamFormClicks) return; /* once per page, whatever live updates insert */
  window.treshamFormClicks = true;
  var last = null, down = null;

  function forms() { return Array.prototype.slice.call(document.querySelectorAll("form.decision-form")); }
  function placeOf(o) { return o.getAttribute("data-place") || o.value; }
  function valued(c) {
    /* a select's options a player may choose (a value, not disabled) */
    return Array.prototype.filter.call(c.options, function (o) { return o.value && !o.disabled; });
  }
  function ownPlace(c) {
    /* the one place a select's options name (data-place), when it is that place's own choice */
    if (c.tagName !== "SELECT") return null;
    var named = {};
    valued(c).forEach(function (o) { if (o.getAttribute("data-place")) named[o.getAttribute("data-place")] = true; });
    var keys = Object.keys(named);
    return keys.length === 1 && valued(c).length > 1 ? keys[0] : null;
  }
  function chosenText(c) {
    var o = c.options[c.selectedIndex];
    return o ? o.textContent.trim() : "";
  }
  function controls(form) {
    /* the form's controls that name a place of the map, in the form's order */
    return Array.prototype.slice.call(form.querySelectorAll(
      "select, input[type=checkbox][data-place]:not([data-place='']), input[type=number][data-place]:not([data-place=''])"))
      .filter(function (c) { return !c.disabled; });
  }
  function places(c) {
    /* the places a control offers: [[place, chosen now]] */
    if (c.tagName === "SELECT") {
      var out = [];
      for (var i = 0; i < c.options.length; i++) {
        var o = c.options[i];
        if (o.value && !o.disabled) out.push([placeOf(o), o.value === c.value]);
      }
      return out;
    }
    if (c.type === "checkbox") return [[c.getAttribute("data-place"), c.checked]];
    return [[c.getAttribute("data-place"), (parseInt(c.value, 10) || 0) > 0]];
  }
  function offering(form, value) {
    /* the first of the form's controls that offers the place ``value`` */
    var cs = controls(form);
    for (var i = 0; i < cs.length; i++) {
      if (places(cs[i]).some(function (p) { return p[0] === value; })) return cs[i];
    }
    return null;
  }
  function nameOf(c) {
    var form = c.form, label = form && c.id ? form.querySelector('label[for="' + c.id + '"]') : null;
    var set = c.closest("fieldset"), legend = set && set.querySelector("legend");
    var text = label ? label.textContent.trim() : "";
    if (c.tagName !== "SELECT" && legend) text = legend.textContent.trim() + (text ? ": " + text : "");
    return text;
  }
  function change(form, value, back) {
    /* what a click on ``value`` does to ``form`` (``back``: a shift-click); the word said, or null */
    var c = offering(form, value);
    if (!c) return null;
    if (c.tagName === "SELECT") {
      var os = valued(c), at = os.indexOf(c.options[c.selectedIndex]);
      var naming = os.filter(function (o) { return placeOf(o) === value; });
      if (ownPlace(c) === value && at >= 0 && placeOf(os[at]) === value) {
        /* the place's own choice, already on it: the next option (back: the one before) */
        c.value = os[(at + (back ? os.length - 1 : 1)) % os.length].value;
        return "changed";
      }
      if (naming.length) c.value = naming[back && ownPlace(c) === value ? naming.length - 1 : 0].value;
      return "chosen";
    }
    if (c.type === "checkbox") {
      c.checked = back ? false : !c.checked;
      return c.checked ? "ticked" : "unticked";
    }
    var nums = controls(form).filter(function (x) { return x.type === "number" && x.getAttribute("data-place") === value; });
    if (back) {
      var down = nums.filter(function (x) { return (parseInt(x.value, 10) || 0) > 0; }).pop();
      if (!down) return "at 0 already";
      down.value = (parseInt(down.value, 10) || 0) - 1;
      c = down;
    } else {
      var up = nums.filter(function (x) { return !x.max || (parseInt(x.value, 10) || 0) < +x.max; })[0];
      if (!up) return "at its most already";
      up.value = (parseInt(up.value, 10) || 0) + 1;
      c = up;
    }
    form.__lastControl = c;
    return "now " + c.value;
  }
  function say(form, text) {
    var p = form.querySelector(".form-click-status");
    if (!p) {
      p = document.createElement("p");
      p.className = "form-click-status";
      p.setAttribute("role", "status");
      p.setAttribute("aria-live", "polite");
      /* above the form's own part that holds its button (its foot, play/_decision_forms.html) */
      var at = form.querySelector("button[type=submit]");
      while (at && at.parentNode !== form) at = at.parentNode;
      form.insertBefore(p, at);
    }
    p.textContent = text;
  }
  function placesAt(e) {
    /* the places under the pointer, the topmost first: a piece (data-piece), then its area:
       [{place, piece: true when a piece}] */
    var hits = document.elementsFromPoint ? document.elementsFromPoint(e.clientX, e.clientY) : [e.target];
    var out = [], seen = {};
    function add(place, piece) {
      if (place && !seen[place]) { seen[place] = true; out.push({place: place, piece: piece}); }
    }
    for (var i = 0; i < hits.length; i++) {
      if (!hits[i] || !hits[i].closest || !hits[i].closest(".board-view")) continue;
      var p = hits[i].closest("[data-piece]"), a = hits[i].closest("[data-area]");
      if (p) add(p.getAttribute("data-piece"), true);
      if (a) add(a.getAttribute("data-area"), false);
    }
    return out;
  }
  function esc(v) { return window.CSS && CSS.escape ? CSS.escape(v) : String(v).replace(/"/g, ""); }
  function onMap(place) {
    /* the map's elements of a place: a piece, or an area of the base map */
    var pieces = document.querySelectorAll('.board-view [data-piece="' + esc(place) + '"]');
    return pieces.length ? pieces : document.querySelectorAll('.board-view .board-base [data-area="' + esc(place) + '"]');
  }
  function areaName(value) {
    var t = document.querySelector('.board-view [data-area="' + esc(value) + '"] > title');
    return t ? t.textContent.split(",")[0] : value;
  }
  function fill(value, back) {
    /* the form in use only, when there is one: the places it does not offer take no click */
    var order = last && document.contains(last) ? [last] : forms();
    for (var i = 0; i < order.length; i++) {
      var s = offering(order[i], value);
      if (s) {
        var what = change(order[i], value, back);
        var c = order[i].__lastControl && s.type === "number" ? order[i].__lastControl : s;
        order[i].__lastControl = null;
        last = order[i];
        c.dispatchEvent(new Event("change", {bubbles: true}));
        var label = nameOf(c), title = order[i].querySelector("h3");
        var inForm = title ? " in “" + title.textContent.trim() + "”" : "";
        if (ownPlace(c) === value) {  /* the place's own choice: what it is now, in words */
          say(order[i], (label || value) + ": " + chosenText(c) +
            ". Another click on it changes that; press the form's button to give the order.");
        } else {
          say(order[i], areaName(value) + " " + what + (label ? " for “" + label + "”" : "") + inForm +
            ": press the form's button to give the order.");
        }
        if (c.tagName === "SELECT") c.focus({preventScroll: true});
        return true;
      }
    }
    return false;
  }

  function mark() {
    document.querySelectorAll(".board-view .fc-offer, .board-view .fc-chosen").forEach(function (g) {
      g.classList.remove("fc-offer", "fc-chosen");
      g.removeAttribute("tabindex"); g.removeAttribute("role"); g.removeAttribute("aria-label");
    });
    stageRole();
    if (document.getElementById("map-orders")) return;
    /* the form in use, or before any is used the first that offers places */
    var form = last && document.contains(last) ? last : forms().filter(function (f) {
      return controls(f).length;
    })[0];
    if (!form) return;
    var chosen = {}, offered = [], own = {};
    controls(form).forEach(function (c) {
      var mine = ownPlace(c);
      if (mine) own[mine] = nameOf(c) + ": " + chosenText(c) + " (Enter changes it)";
      places(c).forEach(function (p) {
        if (offered.indexOf(p[0]) < 0) offered.push(p[0]);
        if (p[1]) chosen[p[0]] = true;
      });
    });
    offered.forEach(function (place) {
      onMap(place).forEach(function (g) {
        if (!g.classList.contains("lbl")) {
          /* the place itself takes focus; its name's label (its text) only a click */
          g.setAttribute("tabindex", "0"); g.setAttribute("role", "button");
          g.setAttribute("aria-label", own[place] || "Choose " + areaName(place) + (chosen[place] ? " (chosen)" : ""));
        }
        if (!chosen[place]) { g.classList.add("fc-offer"); return; }
        g.classList.add("fc-chosen");
        g.parentNode.appendChild(g); /* drawn last, so its outline shows whole */
      });
    });
    stageRole();
  }
  function stageRole() {
    /* a map whose places take focus is a group of controls, not a picture */
    var stage = document.querySelector(".board-view svg.board-stage");
    if (stage) stage.setAttribute("role", stage.querySelector("[data-area][tabindex]") ? "group" : "img");
  }

  document.addEventListener("focusin", function (e) {
    var f = e.target && e.target.closest && e.target.closest("form.decision-form");
    if (f && f !== last) { last = f; mark(); }
  });
  document.addEventListener("change", function (e) {
    if (e.target && e.target.closest && e.target.closest("form.decision-form") === last) mark();
  });
  document.addEventListener("tresham:board-inlined", mark);
  document.addEventListener("tresham:board-refreshed", mark);
  document.addEventListener("tresham:live-updated", function () { last = null; mark(); });
  document.addEventListener("pointerdown", function (e) { down = [e.clientX, e.clientY]; }, true);
  document.addEventListener("click", function (e) {
    if (!e.target.closest || !e.target.closest(".board-view")) return;
    if (document.getElementById("map-orders")) return; /* the game's own map orders */
    if (down && Math.hypot(e.clientX - down[0], e.clientY - down[1]) > 6) return; /* a drag */
    var at = placesAt(e);
    for (var i = 0; i < at.length; i++) {
      if (fill(at[i].place, e.shiftKey)) { e.preventDefault(); mark(); return; }
    }
    var area = at.filter(function (p) { return !p.piece; })[0];
    if (area && last && document.contains(last)) say(last, areaName(area.place) + " is not offered by this form: choose an outlined place.");
  });
  document.addEventListener("keydown", function (e) {
    /* Enter (or Space) on a focused place of the map chooses it (SITE-TABLE-03) */
    if (e.key !== "Enter" && e.key !== " ") return;
    if (document.getElementById("map-orders")) return;
    var g = e.target && e.target.closest && e.target.closest(".board-view [data-piece][tabindex], .board-view [data-area][tabindex]");
    if (!g || g.classList.contains("board-view")) return;
    var place = g.getAttribute("data-piece") || g.getAttribute("data-area");
    if (place && fill(place, e.shiftKey)) {
      e.preventDefault(); e.stopPropagation();
      mark();
      var again = Array.prototype.filter.call(onMap(place), function (x) { return x.hasAttribute("tabindex"); })[0];
      if (again) again.focus({preventScroll: true});
    }
  });
})();
