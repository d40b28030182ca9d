/* The trade page's cards (issue 10): an enhancement over the plain form. Each card of a
 * form's hand may be dragged into its "You give" box, or moved there and back with its
 * Give / Take back button (keyboard); a card in the box is a ticked checkbox, so the form
 * posts exactly what it would without this script. "Say it is" is shown for given cards. */
(function () {
  "use strict";

  function setup(form) {
    var hand = form.querySelector("[data-hand]");
    var box = form.querySelector("[data-give-box]");
    var zone = form.querySelector("[data-give]");
    if (!hand || !box || !zone) return;
    box.hidden = false;
    var submit = form.querySelector("[data-submit]");
    var cards = Array.prototype.slice.call(hand.querySelectorAll("[data-card]"));

    function refresh() {
      var given = 0;
      cards.forEach(function (li) {
        var cb = li.querySelector("input[type=checkbox]");
        var said = li.querySelector("[data-said]");
        var btn = li.querySelector("button[data-move]");
        if (said) said.hidden = !cb.checked;
        if (btn) {
          var name = li.getAttribute("data-name");
          btn.textContent = cb.checked ? "Take back" : "Give";
          btn.setAttribute("aria-label", (cb.checked ? "Take back " : "Give ") + name);
        }
        if (cb.checked) given += 1;
      });
      if (submit) submit.setAttribute("data-given", String(given));
    }

    function place(li, give) {
      var cb = li.querySelector("input[type=checkbox]");
      cb.checked = give;
      (give ? zone : hand).appendChild(li);
      refresh();
    }

    cards.forEach(function (li, i) {
      var cb = li.querySelector("input[type=checkbox]");
      var label = li.querySelector("label[for='" + cb.id + "']");
      li.setAttribute("data-name", label ? label.textContent.replace(/^Give\s+/, "") : "card");
      li.id = li.id || cb.id + "-card";
      li.draggable = true;
      // the button and the card's name stand for the checkbox, which still carries the choice
      cb.hidden = true;
      if (label) label.hidden = true;
      var shown = document.createElement("span");
      shown.className = "card-name";
      shown.textContent = li.getAttribute("data-name");
      li.insertBefore(shown, li.firstChild);
      var btn = document.createElement("button");
      btn.type = "button";
      btn.setAttribute("data-move", "");
      btn.addEventListener("click", function () { place(li, !cb.checked); });
      li.insertBefore(btn, li.firstChild);
      cb.addEventListener("change", function () { place(li, cb.checked); });
      li.addEventListener("dragstart", function (e) {
        e.dataTransfer.setData("text/plain", li.id);
        e.dataTransfer.effectAllowed = "move";
      });
      if (cb.checked) zone.appendChild(li);
    });

    function target(el, give) {
      el.addEventListener("dragover", function (e) { e.preventDefault(); el.classList.add("over"); });
      el.addEventListener("dragleave", function () { el.classList.remove("over"); });
      el.addEventListener("drop", function (e) {
        e.preventDefault();
        el.classList.remove("over");
        var li = document.getElementById(e.dataTransfer.getData("text/plain"));
        if (li && cards.indexOf(li) >= 0) place(li, give);
      });
    }
    target(zone, true);
    target(hand, false);
    refresh();
  }

  function init() {
    Array.prototype.forEach.call(document.querySelectorAll("form[data-trade-form]"), function (form) {
      if (form.hasAttribute("data-ready")) return;  // set up once (live.js swaps in new forms)
      form.setAttribute("data-ready", "");
      setup(form);
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
  /* live.js put the page's newer content in place: set up its forms */
  document.addEventListener("tresham:live-updated", init);
})();
