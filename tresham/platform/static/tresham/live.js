/* Tresham live pages: when the game changes, the page shows it without a reload.
 *
 * Included by the game, history and messages pages as
 *   <script src=".../live.js" defer data-live-url="/games/G/live" data-live-revision="R"
 *           data-live-method="GET"></script>
 * It listens to the game's event stream (server-sent events: only "game G is at revision R",
 * no game data) and, on a newer revision, fetches this same page again and swaps in its
 * content: the elements marked data-live (matched by id) if the page has any, else the whole
 * <main>. Scroll position and focus are kept. It never clobbers what the user is doing: while
 * a field of the page has focus or has been changed, or the page is the answer to a form it
 * posted, it shows a notice "the game has changed" with a Refresh button instead. Elements
 * a script owns are kept as they are across a swap (data-live-keep with an id, and the map,
 * section.board-map, whose pieces board.js fetches again: TreshamBoard.refresh()). Other
 * scripts may veto a swap (preventDefault on "tresham:live-before-update") and redraw after
 * one ("tresham:live-updated", detail.revision) on document.
 *
 * The stream may also carry "talk" events (data {"game": G, "talk": n}: the newest message of
 * the viewer's conversations in the game, a number only, sent to their members alone). The
 * page says where it stands with an element data-talk-mark="n" (the table talk's include);
 * a larger number refreshes the page the same way as a newer revision.
 *
 * When the stream is refused (too many live pages: 429/503) or lost for good (RETRIES
 * failed reconnections), the page falls back to reloading itself every FALLBACK_SECONDS
 * (not while the user types or the tab is hidden), with a notice and a Reload button.
 * The highlight of updated content is left out under prefers-reduced-motion.
 * Without EventSource or fetch the page simply stays as it is, as before.
 */
(function () {
  "use strict";

  var RETRIES = 5;
  /* elements kept across a swap (matched by id): marked data-live-keep, and the map */
  var KEEP = "[data-live-keep][id], section.board-map[id]";
  var FALLBACK_SECONDS = 60;

  var script = document.currentScript;
  if (!script || !window.EventSource || !window.fetch || !window.DOMParser) {
    return;
  }
  var url = script.getAttribute("data-live-url");
  if (!url) {
    return;
  }
  var posted = (script.getAttribute("data-live-method") || "GET").toUpperCase() !== "GET";
  var revision = parseInt(script.getAttribute("data-live-revision"), 10);
  if (isNaN(revision)) {
    revision = -1; /* unknown: the stream's first message says where the game is */
  }
  var wanted = revision;
  var talkSeen = talkMark(document);
  var talkWanted = talkSeen;
  var source = null;
  var failures = 0;
  var fetching = false;
  var again = false;
  var fallbackTimer = null;
  var reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

  /* the newest message of the viewer's conversations the page shows (-1: it shows none) */
  function talkMark(doc) {
    var el = doc.querySelector("[data-talk-mark]");
    var n = el ? parseInt(el.getAttribute("data-talk-mark"), 10) : NaN;
    return isNaN(n) ? -1 : n;
  }

  function behind() {
    return wanted > revision || talkWanted > talkSeen;
  }

  /* ---- the stream -------------------------------------------------------------------- */
  function streamUrl() {
    if (revision < 0) {
      return url;
    }
    return url + (url.indexOf("?") < 0 ? "?" : "&") + "since=" + revision;
  }

  function connect() {
    if (source || fallbackTimer) {
      return;
    }
    source = new EventSource(streamUrl());
    source.addEventListener("open", function () {
      failures = 0;
      hideNotice("offline");
    });
    source.addEventListener("revision", function (e) {
      var data;
      try {
        data = JSON.parse(e.data);
      } catch (err) {
        return;
      }
      if (!data || typeof data.revision !== "number") {
        return;
      }
      if (revision < 0) {
        revision = wanted = data.revision;
        return;
      }
      if (data.revision > wanted) {
        wanted = data.revision;
      }
      if (wanted > revision) {
        update();
      }
    });
    source.addEventListener("talk", function (e) {
      var data;
      try {
        data = JSON.parse(e.data);
      } catch (err) {
        return;
      }
      if (!data || typeof data.talk !== "number") {
        return;
      }
      if (talkSeen < 0) {
        talkSeen = talkWanted = data.talk; /* the page shows no mark: this is where it stands */
        return;
      }
      if (data.talk > talkWanted) {
        talkWanted = data.talk;
      }
      if (behind()) {
        update();
      }
    });
    source.addEventListener("error", function () {
      if (!source) {
        return;
      }
      if (source.readyState === EventSource.CLOSED) {
        /* refused (429, 503, 404...): the browser does not retry */
        fallback();
        return;
      }
      failures += 1; /* the browser retries by itself, sending Last-Event-ID */
      if (failures >= RETRIES) {
        fallback();
      }
    });
  }

  function disconnect() {
    if (source) {
      source.close();
      source = null;
    }
  }

  function fallback() {
    disconnect();
    if (fallbackTimer) {
      return;
    }
    showNotice("offline", "Live updates are off: this page reloads itself every " +
               FALLBACK_SECONDS + " seconds.", "Reload now", reload);
    fallbackTimer = window.setInterval(function () {
      if (!document.hidden && !editing()) {
        reload();
      }
    }, FALLBACK_SECONDS * 1000);
  }

  function reload() {
    if (posted) {
      window.location.assign(window.location.href); /* a GET, never the form posted again */
    } else {
      window.location.reload();
    }
  }

  /* ---- refreshing the page ----------------------------------------------------------- */
  function update() {
    if (document.hidden) {
      return; /* done when the tab is shown again */
    }
    if (fetching) {
      again = true;
      return;
    }
    if (posted || editing()) {
      changedNotice();
      return;
    }
    refresh();
  }

  function changedNotice() {
    showNotice("changed", "The game has changed since this page was shown.", "Refresh", function () {
      hideNotice("changed");
      if (posted) {
        reload();
      } else {
        refresh(true); /* he asked for it: what he typed in the page goes */
      }
    });
  }

  function refresh(force) {
    fetching = true;
    fetch(window.location.href, {credentials: "same-origin", cache: "no-store",
                                 headers: {"X-Requested-With": "tresham-live"}})
      .then(function (response) {
        if (!response.ok) {
          throw new Error("HTTP " + response.status);
        }
        return response.text();
      })
      .then(function (html) {
        if (!force && editing()) { /* the user started typing while the page was fetched */
          changedNotice();
          return;
        }
        swap(new DOMParser().parseFromString(html, "text/html"));
      })
      .catch(function () {
        showNotice("changed", "The game has changed, but this page could not be fetched again.",
                   "Reload", reload);
      })
      .then(function () {
        fetching = false;
        if (again) {
          again = false;
          if (behind()) {
            update();
          }
        }
      });
  }

  function swap(doc) {
    var before = new CustomEvent("tresham:live-before-update", {cancelable: true, detail: {revision: wanted}});
    if (!document.dispatchEvent(before)) {
      changedNotice();
      return;
    }
    var main = document.querySelector("main");
    var freshMain = doc.querySelector("main");
    if (!main || !freshMain) {
      reload();
      return;
    }
    var x = window.scrollX;
    var y = window.scrollY;
    var focus = focusPath(main);
    var updated = [];
    var piecesShown = !!doc.querySelector("section.board-map g.pieces"); /* else board.json refuses */
    var parts = main.querySelectorAll("[data-live][id]");
    if (parts.length) {
      Array.prototype.forEach.call(parts, function (old) {
        var fresh = doc.getElementById(old.id);
        if (fresh) {
          var copy = document.importNode(fresh, true);
          old.replaceWith(copy);
          updated.push(copy);
        }
      });
    } else {
      var flash = main.querySelector(":scope > .messages");
      var fragment = document.createDocumentFragment();
      Array.prototype.forEach.call(freshMain.childNodes, function (n) {
        fragment.appendChild(document.importNode(n, true));
      });
      /* what a script of the page owns (the map: its zoom, its handlers) stays, moved into
         the new content in place of its fresh copy; its script updates it */
      Array.prototype.forEach.call(main.querySelectorAll(KEEP), function (old) {
        var fresh = old.id && fragment.querySelector("#" + CSS.escape(old.id));
        if (fresh) {
          fresh.replaceWith(old);
        }
      });
      main.replaceChildren(fragment);
      if (flash && !main.querySelector(":scope > .messages")) {
        main.insertBefore(flash, main.firstChild); /* "Order accepted" stays until he leaves */
      }
      updated.push(main);
    }
    if (doc.title) {
      document.title = doc.title;
    }
    var tag = doc.querySelector("script[data-live-url]");
    var shown = tag ? parseInt(tag.getAttribute("data-live-revision"), 10) : NaN;
    revision = isNaN(shown) ? wanted : Math.max(shown, revision);
    if (wanted < revision) {
      wanted = revision;
    }
    var mark = talkMark(doc);
    talkSeen = mark < 0 ? talkWanted : Math.max(mark, talkSeen);
    if (talkWanted < talkSeen) {
      talkWanted = talkSeen;
    }
    window.scrollTo(x, y);
    restoreFocus(main, focus);
    announce("The page was updated: the game is at revision " + revision + ".");
    if (!(reduced && reduced.matches)) {
      updated.forEach(function (el) {
        if (el.animate) {
          el.animate([{backgroundColor: "#fff3c4"}, {backgroundColor: "transparent"}],
                     {duration: 900, easing: "ease-out"});
        }
      });
    }
    if (piecesShown && window.TreshamBoard && typeof window.TreshamBoard.take === "function") {
      window.TreshamBoard.take(doc); /* the map's pieces, as the page just fetched draws them */
    }
    document.dispatchEvent(new CustomEvent("tresham:live-updated", {detail: {revision: revision}}));
  }

  /* ---- the user's work --------------------------------------------------------------- */
  function changed(field) {
    var type = (field.type || "").toLowerCase();
    if (type === "hidden" || type === "submit" || type === "button" || type === "reset") {
      return false;
    }
    if (type === "checkbox" || type === "radio") {
      return field.checked !== field.defaultChecked;
    }
    if (field.tagName === "SELECT") {
      var first = -1;
      var marked = -1;
      for (var i = 0; i < field.options.length; i++) {
        var o = field.options[i];
        if (field.multiple && o.selected !== o.defaultSelected) {
          return true;
        }
        if (o.defaultSelected) {
          marked = i;
        }
        if (first < 0 && !o.disabled) {
          first = i;
        }
      }
      /* a single choice with no option marked selected starts on its first option */
      return !field.multiple && field.selectedIndex !== (marked >= 0 ? marked : first);
    }
    return field.value !== field.defaultValue;
  }

  function editing() {
    var main = document.querySelector("main");
    if (!main) {
      return false;
    }
    var active = document.activeElement;
    if (active && main.contains(active) &&
        (/^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName) || active.isContentEditable)) {
      return true;
    }
    var fields = main.querySelectorAll("input, textarea, select");
    for (var i = 0; i < fields.length; i++) {
      if (changed(fields[i])) {
        return true;
      }
    }
    return false;
  }

  function focusPath(main) {
    var active = document.activeElement;
    if (!active || !main.contains(active) || active === main) {
      return null;
    }
    if (active.id) {
      return {id: active.id};
    }
    var path = [];
    for (var n = active; n && n !== main; n = n.parentElement) {
      path.unshift(Array.prototype.indexOf.call(n.parentElement.children, n));
    }
    return {path: path, tag: active.tagName};
  }

  function restoreFocus(main, focus) {
    if (!focus) {
      return;
    }
    var el = null;
    if (focus.id) {
      el = document.getElementById(focus.id);
    } else {
      el = main;
      for (var i = 0; el && i < focus.path.length; i++) {
        el = el.children[focus.path[i]];
      }
      if (el && el.tagName !== focus.tag) {
        el = null;
      }
    }
    if (el && el !== document.activeElement && typeof el.focus === "function") {
      try {
        el.focus({preventScroll: true});
      } catch (err) { /* not focusable any more */ }
    }
  }

  /* ---- what the user is told --------------------------------------------------------- */
  var status = null;

  function announce(text) {
    if (!status) {
      status = document.createElement("div");
      status.setAttribute("role", "status");
      status.setAttribute("aria-live", "polite");
      status.className = "skip"; /* the layout's visually hidden class */
      document.body.appendChild(status);
    }
    status.textContent = text;
  }

  var notices = {};

  function showNotice(kind, text, label, action) {
    var box = notices[kind];
    if (!box) {
      box = document.createElement("div");
      box.setAttribute("role", "status");
      box.setAttribute("aria-live", "polite");
      box.className = "live-notice live-notice-" + kind;
      var s = box.style;
      s.position = "fixed";
      s.left = "1rem";
      s.bottom = "1rem";
      s.zIndex = "1000";
      s.maxWidth = "30rem";
      s.padding = "0.5rem 0.75rem";
      s.background = "#28324a";
      s.color = "#fff";
      s.borderRadius = "4px";
      s.boxShadow = "0 2px 8px rgba(0, 0, 0, 0.3)";
      box.appendChild(document.createElement("span"));
      var button = document.createElement("button");
      button.type = "button";
      button.style.marginLeft = "0.75rem";
      box.appendChild(button);
      document.body.appendChild(box);
      notices[kind] = box;
    }
    box.firstChild.textContent = text + " ";
    var b = box.lastChild;
    b.textContent = label;
    b.onclick = action;
    box.hidden = false;
  }

  function hideNotice(kind) {
    if (notices[kind]) {
      notices[kind].hidden = true;
    }
  }

  /* ---- the page's life --------------------------------------------------------------- */
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && behind()) {
      update();
    }
  });
  window.addEventListener("pagehide", disconnect); /* lets the page into the back-forward cache */
  window.addEventListener("pageshow", function (e) {
    if (e.persisted) {
      connect();
    }
  });
  connect();
})();
