/* What a decision form's order would cost and do, shown as the form changes (SITE-TABLE-05,
   play/_decision_forms.html): each form with data-preview-url posts its controls to the API's
   preview (POST /api/games/{id}/preview, {form, values}) and shows the lines it answers, or the
   refusal it foresees (ok false), in the form's own status region; the form's own button then sends the order (its
   Preview button, for pages without script, is hidden). Nothing is sent to the game by a
   preview. Any game: the lines are the game's own (Offers.preview). */
(function () {
  "use strict";
  var SKIP = {csrfmiddlewaretoken: 1, form: 1, client_key: 1, revision: 1, preview: 1};

  function values(form) {
    var out = {};
    new FormData(form).forEach(function (v, k) {
      if (SKIP[k] || typeof v !== "string") return;
      (out[k] = out[k] || []).push(v);
    });
    return out;
  }
  function show(region, lines, refused) {
    region.textContent = "";
    region.hidden = false;
    region.classList.toggle("refused", !!refused);
    var h = document.createElement("p");
    h.className = "preview-title";
    h.textContent = refused ? "This order would be refused:" : "What this order costs and does:";
    region.appendChild(h);
    var ul = document.createElement("ul");
    ul.className = "preview-lines";
    lines.forEach(function (line) {
      var li = document.createElement("li");
      li.textContent = line;
      ul.appendChild(li);
    });
    region.appendChild(ul);
  }
  function ask(form) {
    var region = form.querySelector(".order-preview-live");
    var token = form.querySelector("input[name=csrfmiddlewaretoken]");
    if (!region || !window.fetch) return;
    var asked = (form.__previewAsked || 0) + 1;
    form.__previewAsked = asked;
    fetch(form.getAttribute("data-preview-url"), {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "Accept": "application/json",
                "X-CSRFToken": token ? token.value : ""},
      body: JSON.stringify({form: form.getAttribute("data-form"), values: values(form)})
    }).then(function (r) {
      return r.json().then(function (body) { return {ok: r.ok, body: body}; });
    }).then(function (a) {
      if (form.__previewAsked !== asked) return; /* an older answer */
      if (a.ok && a.body.ok) show(region, a.body.lines || [], false);
      else show(region, [a.body.message || "refused"], true);
    }).catch(function () {
      if (form.__previewAsked === asked) show(region, ["The preview cannot be shown now."], true);
    });
  }
  function setUp(form) {
    if (form.__previewSetUp) return;
    form.__previewSetUp = true;
    var preview = form.querySelector("button.preview-button"), send = form.querySelector("button.send-button");
    if (preview && send) { preview.hidden = true; send.hidden = false; }
    var timer = null;
    function later() { clearTimeout(timer); timer = setTimeout(function () { ask(form); }, 250); }
    form.addEventListener("change", later);
    form.addEventListener("input", later);
    ask(form);
  }
  function all() { document.querySelectorAll("form.decision-form[data-preview-url]").forEach(setUp); }

  document.addEventListener("tresham:live-updated", all);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", all); else all();
})();
