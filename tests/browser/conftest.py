"""Browser tests: a real site (``tresham serve`` in a subprocess, with its own data directory and
SQLite database) driven by Playwright for Python through Debian's ``chromium``.

Nothing here downloads a browser: Playwright's Python wheel carries its own driver, and the
browser is ``/usr/bin/chromium`` (``scripts/browser-deps`` installs it; ``TRESHAM_CHROMIUM``
names another). axe-core comes from ``node_modules/axe-core`` (``npm ci``, pinned in
``package.json`` / ``package-lock.json``; ``scripts/bootstrap`` runs it).

What the tests get:

- ``site``: the server (``site.url``) and an :class:`Oracle` that reads the true state of a game
  from the server's database (never served: only the test knows it) to tell what a viewer may
  not see, and the orders the game's bot would give.
- ``browser``: one Chromium for the session; ``players``: three people, each in his own browser
  context (his own cookies), registered through the register page; ``page_for(user)``;
  ``own_players``: three more of one test's own (a test that starts a game, SITE-META-01).
- ``spectator``: a context that never logs in.
- helpers: :func:`screenshot` (PNGs under ``test-artifacts/``), :func:`check_axe` (no serious
  or critical violation), :func:`assert_no_console_errors`, :func:`assert_no_leak` (no other
  seat's hand in a page or in what the page received), :func:`submit_order` (the game page's
  JSON order form).
"""
from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tresham.platform.bench import ServerProcess
from tresham.games import registry
from ..platform.leakscan import Secrets, scan
from tests.helpers import bot_order

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
CHROMIUM = os.environ.get("TRESHAM_CHROMIUM", "/usr/bin/chromium")
#: Without the background-networking flags Chromium calls home, and this closed network refuses it.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DESKTOP = (1280, 800)
PHONE = (390, 844)
SIZES = {"1280x800": DESKTOP, "390x844": PHONE}
#: axe impacts that fail a test
FAILING_IMPACTS = ("serious", "critical")
TIMEOUT_MS = 30_000

#: Records what the page's event streams receive (window.__treshamStream), for the leak check.
STREAM_RECORDER = """
(() => {
  const Native = window.EventSource;
  if (!Native || Native.__tresham) return;
  const seen = window.__treshamStream = [];
  function Recorded(url, init) {
    const es = new Native(url, init);
    const keep = (ev) => seen.push({url: String(url), type: ev.type, data: String(ev.data)});
    es.addEventListener('message', keep);
    const add = es.addEventListener.bind(es);
    es.addEventListener = (type, fn, opts) => {
      if (type !== 'message' && type !== 'open' && type !== 'error') add(type, keep, opts);
      return add(type, fn, opts);
    };
    return es;
  }
  Recorded.prototype = Native.prototype;
  Recorded.CONNECTING = 0; Recorded.OPEN = 1; Recorded.CLOSED = 2;
  Recorded.__tresham = true;
  window.EventSource = Recorded;
})();
"""

#: Records every Content-Security-Policy violation of a document (window.__treshamCsp) and
#: reports it on the console as an error, so that the console check fails on it (SITE-SAFE-08).
CSP_RECORDER = """
(() => {
  const seen = window.__treshamCsp = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    const what = `Content Security Policy violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}` +
                 ` at ${e.sourceFile || document.location.href}:${e.lineNumber}`;
    seen.push(what);
    console.error(what);
  }, true);
})();
"""
#: Console messages of any type that report the page breaking its Content-Security-Policy.
CSP_MESSAGES = ("Content Security Policy", "Content-Security-Policy", "Refused to")


# ---- the site and its oracle ----------------------------------------------------------------
class Oracle:
    """The truth of the site's games, read from the server's SQLite database (the test's
    knowledge, never a client's)."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.rules = registry.get("advciv")

    def _row(self, sql: str, *args) -> tuple:
        with sqlite3.connect(f"file:{self.db}?mode=ro", uri=True, timeout=30) as c:
            row = c.execute(sql, args).fetchone()
        assert row is not None, f"nothing in the site's database for {sql} {args}"
        return row

    def game(self, game_id: int) -> dict[str, Any]:
        status, revision, seed, state = self._row(
            "SELECT status, revision, seed, state FROM play_game WHERE id = ?", game_id)
        return {"status": status, "revision": revision, "seed": seed, "state": state}

    def state(self, game_id: int):
        g = self.game(game_id)
        assert g["state"], f"game {game_id} has not started"
        return self.rules.loads(g["state"])

    def grant_staff(self, username: str) -> None:
        """Make ``username`` staff, as the site's operator does (the admin, ``tresham manage``):
        the one write the oracle makes, for what only staff may do (a game from a prepared
        position, SITE-SAFE-11)."""
        with sqlite3.connect(str(self.db), timeout=30) as c:
            assert c.execute("UPDATE auth_user SET is_staff = 1 WHERE username = ?", (username,)).rowcount == 1

    def game_id(self, name: str) -> int:
        return self._row("SELECT id FROM play_game WHERE name = ?", name)[0]

    def seat_of(self, game_id: int, username: str) -> int | None:
        with sqlite3.connect(f"file:{self.db}?mode=ro", uri=True, timeout=30) as c:
            row = c.execute('SELECT s."index" FROM play_seat s JOIN auth_user u ON s.user_id = u.id '
                            "WHERE s.game_id = ? AND u.username = ?", (game_id, username)).fetchone()
        return None if row is None else row[0]

    def hands(self, game_id: int) -> dict[int, list[str]]:
        """Each seat's trade cards by printed name, from the seat's own view (rules.view)."""
        state = self.state(game_id)
        return {p.seat: self.rules.hand(self.rules.view(state, p.seat)) for p in state.players}

    def secrets(self, game_id: int, viewer: int | None) -> Secrets:
        """What ``viewer`` may not see now, for :func:`leakscan.scan` (JSON in a page, a
        response or an event-stream message; the seed anywhere)."""
        g = self.game(game_id)
        state = self.rules.loads(g["state"]) if g["state"] else None
        own = ()
        if state is not None:
            own = next((tuple(sorted(p.hand)) for p in state.players if p.seat == viewer), ())
        return Secrets(viewer=viewer,
                       other_hands={} if state is None else
                       {p.seat: list(p.hand) for p in state.players if p.seat != viewer},
                       stacks=[] if state is None else [list(s) for s in state.stacks],
                       seed=None if g["status"] == "finished" else g["seed"],
                       allowed={own} if own else set())

    def required(self, game_id: int):
        """The decision the game waits on (the first required one), or None."""
        state = self.state(game_id)
        return next((d for d in self.rules.pending(state) if d.required), None)

    def bot_order(self, game_id: int, seat: int, salt: str) -> dict:
        return bot_order(self.rules, self.state(game_id), seat, f"browser:{game_id}:{salt}")


@dataclass
class Site:
    server: ServerProcess
    oracle: Oracle

    @property
    def url(self) -> str:
        return self.server.url


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """``tresham serve`` on its own data directory and SQLite database (not the test
    database: the rest of the suite never sees these games), with the worker."""
    data = tmp_path_factory.mktemp("browser-site") / "var"
    data.mkdir(parents=True)
    db = data / "tresham.sqlite3"
    env = {"TRESHAM_DATA_DIR": str(data), "TRESHAM_DATABASE_URL": f"sqlite:///{db}",
           "DJANGO_SETTINGS_MODULE": "tresham.platform.settings", "TRESHAM_TESTING": "1",
           "TRESHAM_SECRET_KEY": secrets.token_urlsafe(40),
           "TRESHAM_REGISTRATIONS_PER_DAY": "0"}  # the tests open several accounts from 127.0.0.1
    with ServerProcess(env) as server:
        try:
            yield Site(server, Oracle(db))
        finally:  # what the server said (a traceback behind a 500), for whoever reads a failure
            ARTIFACTS.mkdir(exist_ok=True)
            worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
            (ARTIFACTS / f"browser-site-{worker}.log").write_text(server.output())


# ---- the browser -----------------------------------------------------------------------------
@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: the browser tests use Debian's chromium "
                    "(scripts/browser-deps installs it as root: apt-get install -y chromium). "
                    'Without it, deselect them: -m "not browser"', pytrace=False)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("Playwright for Python is missing: ./scripts/bootstrap installs the test extras "
                    '(pip install -e ".[test]")', pytrace=False)
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@dataclass
class Watch:
    """What one page showed in its console and received (for the checks)."""

    console_errors: list[str] = field(default_factory=list)
    responses: list[Any] = field(default_factory=list)  # the site's JSON responses


_watches: dict[int, Watch] = {}


def new_page(context, base_url: str):
    """A page of ``context`` whose console errors and JSON responses are recorded."""
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    w = _watches[id(page)] = Watch()

    def on_console(msg) -> None:
        if msg.type == "error" or any(m in msg.text for m in CSP_MESSAGES):
            loc = msg.location or {}
            w.console_errors.append(f"{msg.text} ({loc.get('url', '')}:{loc.get('lineNumber', '')})")

    def on_response(r) -> None:
        ctype = r.headers.get("content-type", "")
        if r.url.startswith(base_url) and "json" in ctype:
            w.responses.append(r)

    page.on("console", on_console)
    page.on("pageerror", lambda e: w.console_errors.append(f"uncaught: {e}"))
    page.on("response", on_response)
    return page


def watch(page) -> Watch:
    return _watches[id(page)]


def new_context(browser, site: Site, size=DESKTOP):
    ctx = browser.new_context(base_url=site.url, viewport={"width": size[0], "height": size[1]},
                              locale="en-GB", timezone_id="UTC")
    ctx.add_init_script(STREAM_RECORDER)
    ctx.add_init_script(CSP_RECORDER)
    return ctx


@dataclass
class Player:
    username: str
    password: str
    context: Any
    page: Any

    def __str__(self) -> str:
        return self.username


def register(browser, site: Site, username: str) -> Player:
    """A person opens an account on the register page (which logs him in), in his own context."""
    ctx = new_context(browser, site)
    page = new_page(ctx, site.url)
    password = secrets.token_urlsafe(12)
    page.goto("/accounts/register/")
    page.locator("#id_username").fill(username)
    page.locator("#id_email").fill(f"{username}@example.org")
    page.locator("#id_password1").fill(password)
    page.locator("#id_password2").fill(password)
    page.get_by_role("button", name="Open the account").click()
    page.wait_for_load_state()
    assert "/accounts/register/" not in page.url, f"registration of {username} refused:\n{main_text(page)}"
    assert page.get_by_role("button", name="Log out").count() == 1, "not logged in after registering"
    return Player(username, password, ctx, page)


def log_in(browser, site: Site, username: str, password: str, size=DESKTOP) -> Player:
    """Another browser of the same person, logged in through the login page."""
    ctx = new_context(browser, site, size)
    page = new_page(ctx, site.url)
    page.goto("/accounts/login/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()
    assert page.get_by_role("button", name="Log out").count() == 1, f"login of {username} failed"
    return Player(username, password, ctx, page)


@pytest.fixture(scope="session")
def players(browser, site) -> list[Player]:
    """Three people, each registered through the page in his own browser context."""
    tag = secrets.token_hex(2)
    people = [register(browser, site, f"{name}{tag}") for name in ("alice", "bruno", "chiara")]
    yield people
    for p in people:
        p.context.close()


@pytest.fixture
def own_players(browser, site) -> list[Player]:
    """Three people of the test's own, registered through the register page, each in his own
    browser context (closed after the test): a user shares at most three unfinished games with
    the same opponent (SITE-META-01), so a test that starts a game of its own has new players
    rather than the session's, who already share the games of the tests before it."""
    tag = secrets.token_hex(3)
    people = [register(browser, site, f"{name}{tag}") for name in ("dora", "emil", "fiona")]
    yield people
    for p in people:
        p.context.close()


@pytest.fixture(scope="session")
def page_for(players):
    """page_for(user) -> that player's page (user: a Player or his username)."""
    by_name = {p.username: p for p in players}

    def get(user):
        return by_name[str(user)].page

    return get


@pytest.fixture(scope="session")
def spectator(browser, site):
    """A visitor who never logs in."""
    ctx = new_context(browser, site)
    page = new_page(ctx, site.url)
    yield page
    ctx.close()


# ---- helpers -------------------------------------------------------------------------------
def main_text(page) -> str:
    return page.locator("main").inner_text()


def screenshot(page, name: str, *, full_page: bool = False, element=None) -> Path:
    """Save a PNG of the page (or of one element) as test-artifacts/<name>.png."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '-', name)}.png"
    if element is not None:
        element.screenshot(path=str(path))
    else:
        page.screenshot(path=str(path), full_page=full_page)
    return path


def update_readme_screenshot(path: Path) -> None:
    """With TRESHAM_README_SCREENSHOT=1, the screenshot becomes the README's (docs/images/)."""
    if os.environ.get("TRESHAM_README_SCREENSHOT") == "1":
        target = ROOT / "docs" / "images" / "game-in-progress.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)


def assert_no_console_errors(page, what: str = "") -> None:
    """No error on the console of ``page`` since the last check, and no Content-Security-Policy
    violation (a message on the console of any type, or a securitypolicyviolation event of
    the current document)."""
    w = watch(page)
    errors, w.console_errors = list(w.console_errors), []
    try:
        violations = page.evaluate("() => (window.__treshamCsp || []).splice(0)")
    except Exception:  # a page closed or navigating: its console messages were caught anyway
        violations = []
    errors += [v for v in violations if v not in errors]
    assert not errors, f"console errors on {what or page.url}:\n" + "\n".join(errors)


def axe_violations(page) -> list[dict]:
    """axe-core's serious and critical violations on the page as it is now."""
    if not AXE_JS.exists():
        pytest.fail(f"{AXE_JS} is missing: ./scripts/bootstrap installs the npm packages (npm ci)",
                    pytrace=False)
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE_JS.read_text())  # by the debugger protocol: no CSP stands in the way
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [v for v in result["violations"] if v.get("impact") in FAILING_IMPACTS]


def describe_violations(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"- {v['id']} ({v['impact']}): {v['help']} [{len(v['nodes'])} element(s)] {v['helpUrl']}")
        for n in v["nodes"][:5]:
            summary = " ".join((n.get("failureSummary") or "").split())
            lines.append(f"    {' '.join(map(str, n['target']))}: {summary[:300]}")
            lines.append(f"      {n['html'][:200]}")
    return "\n".join(lines)


def check_axe(page, what: str = "") -> None:
    """Fail on any serious or critical axe-core violation, listing them readably."""
    bad = axe_violations(page)
    assert not bad, f"accessibility violations on {what or page.url}:\n{describe_violations(bad)}"


def _names_in(text: str, names) -> dict[str, int]:
    return {n: len(re.findall(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text)) for n in names}


def hand_leaks(html: str, viewer_hand: list[str], other_hands: dict[int, list[str]],
               public_html: str | None = None, known: set[str] = frozenset()) -> list[str]:
    """Printed names of other seats' cards that ``html`` shows to a viewer holding
    ``viewer_hand``: a card name the viewer does not hold himself (nor ``known``, e.g. cards he
    gave) that appears more often than in ``public_html`` (the same page as a spectator sees
    it: rules texts, help, public history name cards too). None when ``public_html`` is None
    and a name appears at all."""
    names = {n for hand in other_hands.values() for n in hand} - set(viewer_hand) - set(known)
    if not names:
        return []
    here = _names_in(html, names)
    public = _names_in(public_html, names) if public_html is not None else {n: 0 for n in names}
    out = []
    for seat, hand in sorted(other_hands.items()):
        for n in sorted(set(hand) & names):
            if here[n] > public[n]:
                out.append(f"seat {seat}'s card {n!r} appears {here[n]} time(s) (a spectator sees it {public[n]})")
    return out


def assert_no_leak(page, site: Site, game_id: int, viewer: int | None, *, spectator=None,
                   known: set[str] = frozenset(), what: str = "", catalogue_selects: bool = False) -> int:
    """No secret of the game in the page's HTML, in the event-stream messages it received, or in
    the site's JSON responses it fetched: another seat's hand (by printed name in the HTML,
    beyond what ``spectator`` -- a logged-out page -- sees on the same address; as a JSON list or
    object), the deck order, the seed. ``catalogue_selects``: the page's drop-downs list every
    card of the game whoever holds them (the trade page), so names in them are not counted.
    Gives the number of bodies scanned."""
    oracle = site.oracle
    where = what or page.url
    html = page.content()
    hands = oracle.hands(game_id)
    own = hands.get(viewer, []) if viewer is not None else []
    others = {s: h for s, h in hands.items() if s != viewer}
    problems = [f"page: {f}" for f in scan(html, oracle.secrets(game_id, viewer))]
    if catalogue_selects:  # drop-downs listing every card there is (the trade page's "Say it is")
        html = re.sub(r"<select\b.*?</select>", "", html, flags=re.S)
    leaks = hand_leaks(html, own, others, None, known)
    if leaks and spectator is not None:  # only then is the public page worth fetching
        spectator.goto(page.url)
        leaks = hand_leaks(html, own, others, spectator.content(), known)
    problems += [f"page: {x}" for x in leaks]
    bodies = 1
    for m in page.evaluate("() => (window.__treshamStream || []).splice(0)"):
        bodies += 1
        problems += [f"event stream {m['url']}: {f}" for f in scan(m["data"], oracle.secrets(game_id, viewer))]
        problems += [f"event stream {m['url']}: {x}" for x in hand_leaks(m["data"], own, others, None, known)]
    w = watch(page)
    responses, w.responses = list(w.responses), []
    for r in responses:
        try:
            body = r.body()
        except Exception:  # a response the page dropped (navigated away): nothing was read
            continue
        bodies += 1
        problems += [f"response {r.url}: {f}" for f in scan(body, oracle.secrets(game_id, viewer))]
    assert not problems, f"secrets shown to seat {viewer} on {where}:\n" + "\n".join(problems)
    return bodies


# ---- the game page's order form -----------------------------------------------------------
def game_url(game_id: int) -> str:
    return f"/games/{game_id}/"


def open_advanced(page) -> None:
    """Open the game page's "Advanced: type an order" (SITE-TABLE-04: the raw order box is
    closed behind it while decision forms give the orders), as a player does: a click on it."""
    box = page.locator("details#advanced-order")
    assert box.count() == 1, f"no advanced order box on the page:\n{main_text(page)}"
    if box.get_attribute("open") is None:
        box.locator("> summary").click()
    assert box.get_attribute("open") is not None


def order_form_skeleton(page, game_id: int, order_type: str) -> dict:
    """Open the game page with ``order_type`` chosen in "Orders you may give now" (a click on
    its link, behind "Advanced", or its address when a form of the page gives that type and
    the box does not list it) and give the JSON the form starts from."""
    page.goto(game_url(game_id))
    open_advanced(page)
    link = page.locator(f"#decisions a[href='?type={order_type}#order']")
    if link.count():
        link.click()
    else:  # a type a form of the page gives is not listed (TBL-20); the box still takes it
        page.goto(f"{game_url(game_id)}?type={order_type}#order")
    page.wait_for_url(re.compile(rf"\?type={order_type}"))
    return json.loads(page.locator("#order textarea").input_value())


def decision_options(page) -> list[dict]:
    """The options of the viewer's decisions as the page lists them ("Options of this
    decision")."""
    out = []
    for pre in page.locator("#decisions details pre").all():
        out.append(json.loads(pre.text_content()))
    return out


def submit_order(page, game_id: int, order: dict, *, expect_accepted: bool = True) -> str:
    """Type ``order`` as JSON into the game page's order form and submit it; gives the page's
    message (accepted) or its refusal."""
    if "/games/" not in page.url or page.locator("#order textarea").count() == 0:
        page.goto(game_url(game_id))
    open_advanced(page)
    page.locator("#order textarea").fill(json.dumps(order))
    with page.expect_navigation():  # the order is posted: wait for the page that answers it
        page.locator("#order").get_by_role("button", name="Submit").click()
    page.wait_for_load_state()
    if page.locator("#error").count():
        text = page.locator("#error").inner_text()
        details = "\n".join(page.locator("#order .errorlist").all_inner_texts())
        assert not expect_accepted, f"order {order} refused: {text}\n{details}"
        # the browser reports the refusal's 4xx on the console: expected here, and not for a
        # later check of this page (another test's, with the same player) to find
        w = watch(page)
        w.console_errors = [e for e in w.console_errors
                            if not re.search(rf"status of 4\d\d .*/games/{game_id}/:", e)]
        return text
    msg = page.locator(".messages").inner_text() if page.locator(".messages").count() else ""
    assert not expect_accepted or "Order accepted" in msg, f"order {order}: no acceptance shown ({msg!r})"
    return msg


# ---- a three-player game, set up through the pages ------------------------------------------
@dataclass
class BrowserGame:
    id: int
    name: str
    by_seat: dict[int, Player]  # engine seat -> its player
    picks: list[tuple[int, str, str]] = field(default_factory=list)  # (seat, nation, area) in order

    def seat_of(self, player: Player) -> int:
        return next(s for s, p in self.by_seat.items() if p is player)


def create_game(site: Site, creator: Player, name: str, players: int = 3) -> int:
    """Game List -> Open -> "Create a new game" (SITE-CREATE-01); the creator takes seat 1."""
    page = creator.page
    page.goto("/")
    page.get_by_role("navigation", name="Site").get_by_role("link", name="Game List").click()
    page.get_by_role("navigation", name="Game list").get_by_role("link", name="Open").click()
    page.get_by_role("link", name="Create a new game").click()
    page.locator("#id_name").fill(name)
    page.locator("#id_opt_players").select_option(label=f"{players} players")
    assert page.locator("#id_take_seat").is_checked()
    page.get_by_role("button", name="Create the game").click()
    page.wait_for_load_state()
    assert page.get_by_role("heading", name=name).count(), f"game not created:\n{main_text(page)}"
    return site.oracle.game_id(name)


def join_game(player: Player, name: str) -> None:
    """Open list -> the game's name -> "Join this game"."""
    page = player.page
    page.goto("/lobby/open/")
    page.get_by_role("link", name=name, exact=True).click()
    page.get_by_role("button", name="Join this game").click()
    page.wait_for_load_state()
    assert page.get_by_text(f"{player.username} (you)").count(), f"{player} did not get a seat:\n{main_text(page)}"


def waits_on_me(page) -> bool:
    return page.locator("#decisions").get_by_text("the game waits on you").count() > 0


def pick_nation(site: Site, game_id: int, player: Player, taken: set[str]) -> tuple[str, str]:
    """Choose "pick" in the page's order types, take a free nation and its first start area
    from the decision's options as the page lists them, submit (SITE-PICK-03)."""
    page = player.page
    order = order_form_skeleton(page, game_id, "pick")
    nations = next(o["nations"] for o in decision_options(page) if "nations" in o)
    nation, areas = next((n, a) for n, a in nations.items() if n not in taken)
    order.update({"nation": nation, "area": areas[0]})
    submit_order(page, game_id, order)
    return nation, areas[0]


@pytest.fixture(scope="session")
def game(site, players, spectator) -> BrowserGame:
    """Three players set up a game through the pages (create, join) and pick their nations
    through the game page's order form, in pick order (the one the game waits on)."""
    name = f"Browser game {secrets.token_hex(2)}"
    game_id = create_game(site, players[0], name)
    for p in players[1:]:
        join_game(p, name)
    assert site.oracle.game(game_id)["status"] == "active"
    by_seat = {site.oracle.seat_of(game_id, p.username): p for p in players}
    assert sorted(by_seat) == [0, 1, 2], by_seat
    g = BrowserGame(game_id, name, by_seat)
    taken: set[str] = set()
    for _ in range(3):
        for p in players:
            p.page.goto(game_url(game_id))
        waiting = [p for p in players if waits_on_me(p.page)]
        assert len(waiting) == 1, f"the game waits on {[str(p) for p in waiting]}"
        who = waiting[0]
        nation, area = pick_nation(site, game_id, who, taken)
        taken.add(nation)
        g.picks.append((g.seat_of(who), nation, area))
        assert_no_console_errors(who.page, f"{who}'s game page after his pick")
        assert_no_leak(who.page, site, game_id, g.seat_of(who), spectator=spectator)
    return g


def start_prepared(site: Site, players: list[Player], position: dict, name: str) -> int:
    """A 3-player game named ``name`` started from the prepared ``position`` by the first of
    ``players``, made staff by the operator (only staff start from a prepared position,
    SITE-SAFE-11), through the site's JSON API from his own browser (the creation page does not
    offer a position); the others join on its page. Gives the game's id."""
    site.oracle.grant_staff(players[0].username)
    page = players[0].page
    token = page.request.get("/api/accounts/csrf").json()["csrf_token"]
    r = page.request.post("/api/lobby/games", data=json.dumps(
        {"name": name, "options": {"players": 3, "position": position}, "time_limit": 24 * 3600}),
        headers={"Content-Type": "application/json", "X-CSRFToken": token})
    assert r.status == 201, r.text()
    game_id = site.oracle.game_id(name)
    for p in players[1:]:
        join_game(p, name)
    return game_id
