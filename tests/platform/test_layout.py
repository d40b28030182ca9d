"""The platform knows games only through the contract (``tresham/games/contract/``) and the
registry (issue 23): nothing under ``tresham/platform/`` imports Advanced Civilization or Tigris
& Euphrates (absolute, relative or ``importlib`` imports alike) or names one of them or a
thing of their rules in its code, templates, scripts or styles (:data:`GAME_WORDS`); its apps
import each other in layers, without a circle; and a second game registered through the
``TRESHAM_GAMES`` setting is created, joined, played (by people and by its bot) and rebuilt
from its log, and brings a page of its own through its own Django app, which the platform
links, without a line of the platform changing."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.import_scan import circles, imports
from tresham.games import registry
from tresham.games.contract import BotLevel, Decision, Event, IllegalOrder, Offers, OptionField, Page, SeatSummary, Table, Timer
from tresham.platform.clock.worker import run_due
from tresham.platform.lobby import services as lobby
from tresham.platform.play import services
from tresham.platform.play.models import Game, LogEntry

PLATFORM = Path(__file__).resolve().parents[2] / "tresham" / "platform"
#: The games of the family the platform must never import: it finds them through the registry.
FORBIDDEN = ("tresham.games.advciv", "tresham.games.tigris", "tresham.games.civcards")


def _forbidden(mod: str) -> bool:
    return any(mod == f or mod.startswith(f + ".") for f in FORBIDDEN)


def _package_of(path: Path) -> str:
    return ".".join(path.relative_to(PLATFORM.parents[1]).parts[:-1])


def _imported_modules(path: Path, package: str | None = None) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import in a file of ``package`` (default: found
    from its place under the tree), relative ones resolved, and of
    ``importlib.import_module("...")`` / ``__import__("...")`` with a literal name (the layout
    tests' one scanner, ``tests/import_scan.py``)."""
    return imports(path, package if package is not None else _package_of(path))


def test_the_import_scanner_sees_every_way_of_importing_the_game(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("import tresham.games.advciv.engine\n"
                     "from ...games.advciv import rules\n"
                     "from ...games import advciv\n"
                     "from .models import Game\n"
                     "import importlib\n"
                     "m = importlib.import_module('tresham.games.advciv.data')\n")
    mods = [m for _, m in _imported_modules(probe, package="tresham.platform.play")]
    assert "tresham.games.advciv.engine" in mods
    assert "tresham.games.advciv" in mods and "tresham.games.advciv.rules" in mods
    assert "tresham.platform.play.models" in mods
    assert "tresham.games.advciv.data" in mods
    assert _package_of(PLATFORM / "play" / "services.py") == "tresham.platform.play"


def test_the_scanner_flags_every_way_of_importing_either_game(tmp_path):
    """Each line of the probe imports a forbidden game in its own way (absolute, relative from
    two depths, a package's member, importlib, __import__); the last two import nothing of one."""
    lines = ["import tresham.games.tigris.engine",
             "from ...games.tigris import engine",
             "from ..games import tigris",
             "from ...games import advciv",
             "from ...games.advciv.site.rules import AdvancedCivilization",
             "import importlib; importlib.import_module('tresham.games.tigris')",
             "__import__('tresham.games.advciv.state')",
             "from ...games import registry",
             "from ...games.contract import IllegalOrder"]
    probes = []
    for i, text in enumerate(lines):
        probe = tmp_path / f"probe{i}.py"
        probe.write_text(text + "\n")
        pkg = "tresham.platform" if text.startswith("from ..games") else "tresham.platform.play"
        probes.append(any(_forbidden(m) for _, m in _imported_modules(probe, package=pkg)))
    assert probes == [True] * 7 + [False, False]
    assert not _forbidden("tresham.games.tigrisx") and not _forbidden("tresham.games.contract")


def test_nothing_under_platform_imports_a_particular_game():
    files = sorted(PLATFORM.rglob("*.py"))
    assert len(files) > 20
    found = [f"{f.relative_to(PLATFORM.parents[1])}:{line} imports {mod}"
             for f in files for line, mod in _imported_modules(f) if _forbidden(mod)]
    assert found == []


# ---- the platform names no game ---------------------------------------------------------------
#: What names a game or a thing of one game's rules: none may appear in the platform's code,
#: templates, scripts or styles (case does not matter). The games' own names and registry names,
#: the first game's variant, and the things of its rules the platform used to hold (its
#: succession track, its cards, its public score). Generic words of play ("trade", "nation",
#: "calamity" in the code of conduct's own text) are the platform's to use.
GAME_WORDS = ("advciv", "tigris", "civcards", "Advanced Civilization", "Euphrates", "Grand Imperial", "A.S.T.",
              "civilization card", "trade card", "Total Public Points", "The Card Game")
#: The files of the platform the check reads.
TEXT_FILES = (".py", ".html", ".js", ".css", ".txt", ".json", ".md")


def _game_words(root: Path = PLATFORM) -> list[str]:
    """Each place a file under ``root`` names a game (:data:`GAME_WORDS`): "path:line: word"."""
    out = []
    for f in sorted(p for p in root.rglob("*") if p.suffix in TEXT_FILES and "__pycache__" not in p.parts):
        for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), start=1):
            out += [f"{f.relative_to(root.parent)}:{n}: {w}" for w in GAME_WORDS if w.lower() in line.lower()]
    return out


def test_the_word_check_sees_a_game_named_anywhere(tmp_path):
    """A probe tree: a template naming the second game, a script naming the first's track and a
    docstring naming its registry name are found; a file of generic words is not."""
    root = tmp_path / "platform"
    (root / "play" / "templates").mkdir(parents=True)
    (root / "play" / "templates" / "page.html").write_text("<p>Welcome to Tigris &amp; Euphrates</p>\n")
    (root / "static.js").write_text("// the order form\nconst t = 'the A.S.T. track';\n")
    (root / "views.py").write_text('"""Pages of a game; e.g. ADVCIV\'s."""\n')
    (root / "clean.css").write_text(".trade { color: red; } /* a nation's colour */\n")
    assert _game_words(root) == ["platform/play/templates/page.html:1: tigris",
                                 "platform/play/templates/page.html:1: Euphrates",
                                 "platform/static.js:2: A.S.T.", "platform/views.py:1: advciv"]


def test_the_platforms_code_templates_and_scripts_name_no_game():
    files = [p for p in PLATFORM.rglob("*") if p.suffix in (".html", ".js")]
    assert len(files) > 40  # the check reads the templates and scripts, not only the code
    assert _game_words() == []


# ---- the platform's apps, in layers ---------------------------------------------------------
#: The platform's apps from the bottom up (docs/platform.md, "Apps, one concern each"): an app
#: imports only the apps before it here. The other modules of ``tresham/platform/`` (its
#: top-level modules, and ``sqlite/``, the database backend) are the shared ground every app
#: stands on (errors, limits, the API's boundary ...), which imports no app, or put the apps
#: together into the site (:data:`SITE`).
LAYERS = ("play", "ratings", "accounts", "lobby", "clock", "talk", "mail", "feeds", "help")
#: The modules that take the site as a whole: the API and the addresses, which assemble it from
#: its apps, its benchmarks, which play games through it (``bench_scale``: at scale), its
#: warm-up, which loads what its first pages need, and the ASGI application, which serves it
#: warmed up. They may import any app; no app imports them.
SITE = ("api", "urls", "bench", "bench_scale", "warmup", "asgi")


def _unit(module: str) -> str | None:
    """The app (the first folder under ``tresham/platform/``) or the top-level module a module
    of the platform belongs to; None outside the platform."""
    parts = module.split(".")
    return parts[2] if parts[:2] == ["tresham", "platform"] and len(parts) > 2 else None


def _unit_imports(root: Path = PLATFORM) -> dict[tuple[str, str], list[str]]:
    """(importer, imported) -> where: every import between two units of the platform under
    ``root``, at module level or inside a function alike (``_imported_modules`` sees both)."""
    out: dict[tuple[str, str], list[str]] = {}
    for f in sorted(root.rglob("*.py")):
        rel = f.relative_to(root.parents[1])
        here = _unit(".".join(rel.with_suffix("").parts))
        for line, mod in _imported_modules(f, _package_of(f) if root == PLATFORM else
                                           ".".join(rel.parts[:-1])):
            there = _unit(mod)
            if here and there and there != here:
                out.setdefault((here, there), []).append(f"{rel}:{line} imports {mod}")
    return out


def _circles(edges) -> list[list[str]]:
    """The strongly connected groups of more than one unit (Tarjan, ``import_scan.circles``):
    each an import circle."""
    graph: dict[str, set[str]] = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
    return circles(graph)


def _layer_breaches(edges) -> list[str]:
    """Every import against :data:`LAYERS`: an app importing an app at or above its own layer
    or a site module, the shared ground importing an app, or an app nobody placed."""
    apps = {p.name for p in PLATFORM.iterdir() if (p / "apps.py").exists()}  # a Django app's folder
    out = [f"{a}: an app not in LAYERS: give it its place" for a in sorted(apps - set(LAYERS))]
    for (a, b), where in sorted(edges.items()):
        if a in SITE:
            continue
        if b in SITE:
            out.append(f"{a} imports the site module {b}: {where[0]}")
        elif b in LAYERS and (a not in LAYERS or LAYERS.index(b) >= LAYERS.index(a)):
            out.append(f"{a} imports {b}, which stands {'above it' if a in LAYERS else 'on it'}: {where[0]}")
    return out


def test_the_circle_finder_and_the_layer_check_see_a_probe(tmp_path):
    """A probe tree: ``alpha`` and ``beta`` import each other (one at module level, one in a
    function), ``gamma`` imports ``alpha`` only: one circle; against the layers, the import
    going up is flagged and the one going down is not."""
    root = tmp_path / "tresham" / "platform"
    for app, text in (("alpha", "from ..beta import models\n"),
                      ("beta", "def f():\n    from tresham.platform.alpha import services\n"),
                      ("gamma", "from ..alpha import services\n")):
        (root / app).mkdir(parents=True)
        (root / app / "__init__.py").write_text("")
        (root / app / "services.py").write_text(text)
    edges = _unit_imports(root)
    assert set(edges) == {("alpha", "beta"), ("beta", "alpha"), ("gamma", "alpha")}
    assert _circles(edges) == [["alpha", "beta"]]
    assert _circles({("gamma", "alpha"): []}) == []
    # play below lobby: lobby -> play is fine, play -> lobby goes up; the shared ground imports no app
    breaches = _layer_breaches({("lobby", "play"): ["x"], ("play", "lobby"): ["y"], ("limits", "play"): ["z"],
                                ("api", "clock"): ["w"], ("clock", "urls"): ["v"]})
    assert breaches == ["clock imports the site module urls: v", "limits imports play, which stands on it: z",
                        "play imports lobby, which stands above it: y"]


def test_no_import_circle_between_the_platforms_apps():
    """No two apps of the platform (nor its shared modules) import each other, directly or
    round a loop, at module level or inside a function."""
    edges = _unit_imports()
    assert ("lobby", "play") in edges  # the scan sees the apps' imports
    assert _circles(edges) == []


def test_each_app_imports_only_the_apps_below_it():
    """The layers of docs/platform.md hold: an app imports the apps below it and the shared
    ground, never one above it; the shared ground imports no app; only the site's own modules
    (the API, the addresses, the benchmark) take them all together."""
    assert _layer_breaches(_unit_imports()) == []
    doc = (PLATFORM.parents[1] / "docs" / "platform.md").read_text()
    assert "Layers, from the bottom: " + ", ".join(f"`{a}`" for a in LAYERS) in doc


# ---- a second game: "count to three" ------------------------------------------------------
class CountToThree:
    """Two seats say the next number in turn, starting from 1; whoever says 3 wins. A seat may
    also pass (the default when his time runs out). Nothing hidden but the seed."""

    name = "count3"
    title = "Count to three"
    min_players = 2
    max_players = 2
    points_label = "Numbers said"

    def __init__(self) -> None:
        #: its bot, and a page of its own served by its own app (tests/platform/count3)
        self.offers = Offers(bots=(BotLevel("plain", "Plain", "says the next number", self.bot),), pages=(Page("tally", "Tally", "count3:tally", "tally",
                                                       about="How far the count has come"),),
                             app="tests.platform.count3")

    def options_schema(self) -> dict:
        return {"type": "object", "properties": {"players": {"const": 2}}, "additionalProperties": False}

    def parse_options(self, raw: Any) -> dict:
        if not isinstance(raw, dict) or set(raw) - {"players"} or raw.get("players", 2) != 2:
            raise IllegalOrder("options", "count to three is for 2 players and has no other option")
        return {"players": 2}

    def order_schema(self) -> dict:
        return {"oneOf": [
            {"type": "object", "properties": {"type": {"const": "say"}, "player": {"type": "integer"},
                                              "number": {"type": "integer"}}, "required": ["type", "number"]},
            {"type": "object", "properties": {"type": {"const": "pass"}, "player": {"type": "integer"}},
             "required": ["type"]}]}

    def option_fields(self) -> list[OptionField]:
        return []

    def new_game(self, options: dict, seed: int | str) -> dict:
        first = int(hashlib.sha256(str(seed).encode()).hexdigest(), 16) % 2
        return {"count": 0, "turn": first, "first": first, "winner": None, "said": []}

    def apply(self, state: dict, order: dict, *, by_site: bool = False) -> tuple[dict, list[Event]]:
        s = json.loads(json.dumps(state))
        if s["winner"] is not None:
            raise IllegalOrder("end", "the game is over")
        if order.get("player") != s["turn"]:
            raise IllegalOrder("turn", f"it is seat {s['turn']}'s turn")
        if order.get("type") == "pass":
            s["turn"] = 1 - s["turn"]
            return s, [Event(f"Seat {order['player'] + 1} passes.", "pass")]
        if order.get("type") != "say" or order.get("number") != s["count"] + 1:
            raise IllegalOrder("count", f"say {s['count'] + 1}")
        s["count"] += 1
        s["said"].append(order["player"])
        if s["count"] == 3:
            s["winner"] = order["player"]
        s["turn"] = 1 - s["turn"]
        return s, [Event(f"Seat {order['player'] + 1} says {s['count']}.", "say")]

    def round(self, state: dict) -> int:
        return 1 + len(state["said"]) // 2

    def timers(self, state: dict) -> list[Timer]:
        return []

    def pending(self, state: dict) -> list[Decision]:
        if state["winner"] is not None:
            return []
        return [Decision(state["turn"], "say", f"Say {state['count'] + 1}", default="pass")]

    def accepts(self, state: dict, player: int) -> list[str]:
        return ["say", "pass"] if state["winner"] is None and player == state["turn"] else []

    def default(self, state: dict, player: int) -> dict:
        return {"type": "pass", "player": player}

    def view(self, state: dict, player: int | None) -> dict:
        return {"count": state["count"], "turn": state["turn"], "winner": state["winner"], "seat": player}

    def finished(self, state: dict) -> bool:
        return state["winner"] is not None

    def result(self, state: dict) -> list[int] | None:
        if state["winner"] is None:
            return None
        return [1 if s == state["winner"] else 2 for s in range(2)]

    def summary(self, state: dict) -> list[SeatSummary]:
        pts = [state["said"].count(s) for s in range(2)]
        return sorted((SeatSummary(s, f"Seat {s + 1}", pts[s]) for s in range(2)), key=lambda r: -r.points)

    def stage(self, state: dict) -> str:
        return "Game over" if state["winner"] is not None else f"At {state['count']}"

    def placement_done(self, state: dict) -> bool:
        return True

    def board_table(self, view: dict) -> Table:
        return Table("Count", ["count"], [[view["count"]]])

    def bot(self, state: dict, seat: int, rng_seed: str) -> dict:
        return {"type": "say", "player": seat, "number": state["count"] + 1}

    def is_site_order(self, order: dict) -> bool:
        return False

    def dumps(self, state: dict) -> str:
        return json.dumps(state, sort_keys=True)

    def loads(self, text: str) -> dict:
        return json.loads(text)

    def digest(self, state: dict) -> str:
        return hashlib.sha256(self.dumps(state).encode()).hexdigest()


@pytest.fixture
def count3(register_games):
    register_games({"count3": "tests.platform.test_layout:CountToThree"})
    return "count3"


@pytest.mark.django_db(transaction=True)
def test_a_second_game_registered_by_setting_is_created_played_and_rebuilt(count3):
    User = get_user_model()
    a = User.objects.create_user("ann", "ann@example.org", "pw-long-enough")
    b = User.objects.create_user("bob", "bob@example.org", "pw-long-enough")
    with pytest.raises(IllegalOrder):
        services.create_game(count3, {"players": 3}, name="Too many")
    game = services.create_game(count3, {"players": 2}, name="Counting")
    lobby.join(game.pk, a)
    lobby.join(game.pk, b)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.kind == "count3"
    state = services.current_state(game)
    first = state["turn"]
    seats = {lobby_seat.index: lobby_seat.user for lobby_seat in game.seats.all()}
    # out of turn: refused, nothing changed
    before = (game.revision, game.state)
    with pytest.raises(IllegalOrder):
        services.submit(game.pk, {"type": "say", "number": 1}, seat=1 - first, account=seats[1 - first])
    game.refresh_from_db()
    assert (game.revision, game.state) == before
    turn = first
    for n in (1, 2, 3):
        out = services.submit(game.pk, {"type": "say", "number": n}, seat=turn, account=seats[turn])
        assert out.revision == n and out.events[0]["text"] == f"Seat {turn + 1} says {n}."
        turn = 1 - turn
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.stage == "Game over"
    rules = services.rules_of(game)
    assert rules.result(services.current_state(game)) == [1 if s == first else 2 for s in range(2)]
    assert rules.digest(services.rebuild(game, from_snapshot=False)) == rules.digest(services.current_state(game))
    assert list(LogEntry.objects.filter(game=game).values_list("seq", flat=True)) == [1, 2, 3]

    # the API serves its view and publishes its schemas, like any game's
    c = Client()
    c.force_login(seats[first])
    got = c.get(f"/api/games/{game.pk}").json()
    assert got["kind"] == "count3" and got["view"] == {"count": 3, "turn": 1 - first, "winner": first,
                                                      "seat": first}
    assert got["seed"] == game.seed  # revealed at the end
    comps = c.get("/api/openapi.json").json()["components"]["schemas"]
    assert "count3.Order" in comps and "count3.Options" in comps


@pytest.mark.django_db(transaction=True)
def test_the_second_games_bot_plays_through_the_worker(count3):
    u = get_user_model().objects.create_user("cat", "cat@example.org", "pw-long-enough")
    game = services.create_game(count3, {"players": 2}, name="Against the bot")
    lobby.join(game.pk, u)
    lobby.add_bot(game.pk)
    game.refresh_from_db()
    human = game.seats.get(user=u).index
    for _ in range(3):
        run_due()
        game.refresh_from_db()
        state = services.current_state(game)
        if game.is_finished:
            break
        assert state["turn"] == human  # the bot played its turn at once
        services.submit(game.pk, {"type": "say", "number": state["count"] + 1}, seat=human, account=u)
    game.refresh_from_db()
    assert game.is_finished
    assert LogEntry.objects.filter(game=game, reason="bot").count() >= 1
    assert services.rules_of(game).digest(services.rebuild(game, from_snapshot=False)) == \
        services.rules_of(game).digest(services.current_state(game))


@pytest.mark.django_db(transaction=True)
def test_the_second_game_brings_a_page_of_its_own_and_the_platform_links_it(count3):
    """The toy game declares a page ("Tally") served by its own Django app
    (``tests/platform/count3``, ``Offers.app``): the site installs the app and includes its
    addresses from the registry, the game's top panel links the page, and a request to it
    through the site's URL conf answers with the game's own page in the platform's frame; a
    game of another kind has no such page (404, its panel no link)."""
    assert "tests.platform.count3" in registry.apps()
    User = get_user_model()
    a = User.objects.create_user("ann", "ann@example.org", "pw-long-enough")
    b = User.objects.create_user("bob", "bob@example.org", "pw-long-enough")
    game = services.create_game(count3, {"players": 2}, name="Counting")
    lobby.join(game.pk, a)
    lobby.join(game.pk, b)
    game.refresh_from_db()
    state = services.current_state(game)
    seats = {s.index: s.user for s in game.seats.all()}
    c = Client()
    c.force_login(seats[state["turn"]])
    page = c.get(f"/games/{game.pk}/").content.decode()
    panel = page[page.index('<nav aria-label="This game">'):]
    panel = panel[:panel.index("</nav>")]
    assert f'<li><a href="/games/{game.pk}/tally/">Tally</a></li>' in panel
    r = c.get(f"/games/{game.pk}/tally/")
    html = r.content.decode()
    assert r.status_code == 200 and "<h1>Tally of Counting</h1>" in html
    assert f'id="tally">The count is at 0; Seat {state["turn"] + 1} (' in html
    assert f'<a href="/games/{game.pk}/tally/" aria-current="page"><strong>Tally</strong></a>' in html
    services.submit(game.pk, {"type": "say", "number": 1}, seat=state["turn"], account=seats[state["turn"]])
    assert 'id="tally">The count is at 1;' in c.get(f"/games/{game.pk}/tally/").content.decode()
    assert c.get("/games/999999/tally/").status_code == 404
    # a game of the site's own has no tally: a 404 that says so, and no link
    other = services.create_game(registry.default_name(), {"players": 2}, name="Other")
    r = c.get(f"/games/{other.pk}/tally/")
    assert r.status_code == 404 and "has no tally" in r.content.decode()
    assert f"/games/{other.pk}/tally/" not in c.get(f"/games/{other.pk}/").content.decode()
