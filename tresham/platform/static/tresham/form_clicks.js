/* A click on the map fills a decision form's place field (play/_decision_forms.html), for any
   game: the clicked area's name (the data-area of the map's area or piece under the pointer)
   is chosen in a <select> of a decision form that offers it as a value. The form the player
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
  function offering(form, value) {
    var out = null;
    form.querySelectorAll("select").forEach(function (s) {
      if (out) return;
      for (var i = 0; i < s.options.length; i++) {
        var o = s.options[i];
        if (o.value === value && !o.disabled) { out = s; return; }
      }
    });
    return out;
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
  function fill(value) {
    /* the form in use only, when there is one: the places it does not offer take no click */
    var order = last && document.contains(last) ? [last] : forms();
    for (var i = 0; i < order.length; i++) {
      var s = offering(order[i], value);
      if (s) {
        s.value = value;
        last = order[i];
        s.dispatchEvent(new Event("change", {bubbles: true}));
        var label = order[i].querySelector('label[for="' + s.id + '"]');
        var title = order[i].querySelector("h3");
        say(order[i], value + " chosen" + (label ? " for “" + label.textContent.trim() + "”" : "") +
          (title ? " in “" + title.textContent.trim() + "”" : "") + ": press the form's button to give the order.");
        s.focus({preventScroll: true});
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
      return f.querySelector("select");
    })[0];
    if (!form) return;
    form.querySelectorAll("select").forEach(function (s) {
      for (var i = 0; i < s.options.length; i++) {
        var o = s.options[i];
        if (!o.value || o.disabled) continue;
        var value = window.CSS && CSS.escape ? CSS.escape(o.value) : o.value.replace(/"/g, "");
        document.querySelectorAll('.board-view .board-base [data-area="' + value + '"]').forEach(function (g) {
          g.setAttribute("tabindex", "0"); g.setAttribute("role", "button");
          g.setAttribute("aria-label", "Choose " + o.value + (o.label && o.label !== o.value ? " (" + o.label + ")" : ""));
          if (o.value !== s.value) { g.classList.add("fc-offer"); return; }
          g.classList.add("fc-chosen");
          g.parentNode.appendChild(g); /* drawn last, so its outline shows whole */
        });
      }
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
    if (area && fill(area)) { e.preventDefault(); mark(); }
    else if (area && last && document.contains(last)) say(last, area + " is not offered by this form: choose an outlined place.");
  });
  document.addEventListener("keydown", function (e) {
    /* Enter (or Space) on a focused place of the map chooses it (SITE-TABLE-03) */
    if (e.key !== "Enter" && e.key !== " ") return;
    if (document.getElementById("map-orders")) return;
    var g = e.target && e.target.closest && e.target.closest(".board-view [data-area][tabindex]");
    if (!g || g.classList.contains("board-view")) return;
    var area = g.getAttribute("data-area");
    if (area && fill(area)) {
      e.preventDefault(); e.stopPropagation();
      mark();
      var again = document.querySelector('.board-view .board-base [data-area="' + area + '"][tabindex]');
      if (again) again.focus({preventScroll: true});
    }
  });
})();
