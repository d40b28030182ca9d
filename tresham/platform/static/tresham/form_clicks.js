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
   are focusable (Tab) with Enter choosing one (SITE-TABLE-03). */
(function () {
  "use strict";
  if (window.treshamFormClicks) return; /* once per page, whatever live updates insert */
  window.treshamFormClicks = true;
  var last = null, down = null;

  function forms() { return Array.prototype.slice.call(document.querySelectorAll("form.decision-form")); }
  function placeOf(o) { return o.getAttribute("data-place") || o.value; }
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
      for (var i = 0; i < c.options.length; i++) {
        if (placeOf(c.options[i]) === value && !c.options[i].disabled) { c.value = c.options[i].value; break; }
      }
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
      var button = form.querySelector("button[type=submit]");
      form.insertBefore(p, button ? button.parentNode : null);
    }
    p.textContent = text;
  }
  function areaAt(e) {
    var hits = document.elementsFromPoint ? document.elementsFromPoint(e.clientX, e.clientY) : [e.target];
    for (var i = 0; i < hits.length; i++) {
      var h = hits[i] && hits[i].closest && hits[i].closest("[data-area]");
      if (h && h.closest(".board-view")) return h.getAttribute("data-area");
    }
    return null;
  }
  function areaName(value) {
    var t = document.querySelector('.board-view [data-area="' + (window.CSS && CSS.escape ? CSS.escape(value) : value) + '"] > title');
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
        say(order[i], areaName(value) + " " + what + (label ? " for “" + label + "”" : "") +
          (title ? " in “" + title.textContent.trim() + "”" : "") + ": press the form's button to give the order.");
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
    var chosen = {}, offered = [];
    controls(form).forEach(function (c) {
      places(c).forEach(function (p) {
        if (offered.indexOf(p[0]) < 0) offered.push(p[0]);
        if (p[1]) chosen[p[0]] = true;
      });
    });
    offered.forEach(function (place) {
      var value = window.CSS && CSS.escape ? CSS.escape(place) : place.replace(/"/g, "");
      document.querySelectorAll('.board-view .board-base [data-area="' + value + '"]').forEach(function (g) {
        if (!g.classList.contains("lbl")) {
          /* the place itself takes focus; its name's label (its text) only a click */
          g.setAttribute("tabindex", "0"); g.setAttribute("role", "button");
          g.setAttribute("aria-label", "Choose " + areaName(place) + (chosen[place] ? " (chosen)" : ""));
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
    var area = areaAt(e);
    if (area && fill(area, e.shiftKey)) { e.preventDefault(); mark(); }
    else if (area && last && document.contains(last)) say(last, area + " is not offered by this form: choose an outlined place.");
  });
  document.addEventListener("keydown", function (e) {
    /* Enter (or Space) on a focused place of the map chooses it (SITE-TABLE-03) */
    if (e.key !== "Enter" && e.key !== " ") return;
    if (document.getElementById("map-orders")) return;
    var g = e.target && e.target.closest && e.target.closest(".board-view [data-area][tabindex]");
    if (!g || g.classList.contains("board-view")) return;
    var area = g.getAttribute("data-area");
    if (area && fill(area, e.shiftKey)) {
      e.preventDefault(); e.stopPropagation();
      mark();
      var again = document.querySelector('.board-view .board-base [data-area="' + area + '"][tabindex]');
      if (again) again.focus({preventScroll: true});
    }
  });
})();
