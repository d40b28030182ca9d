"""No secret leaves the server: bots play three whole 4-player games through the HTTP API of a
real ``tresham serve``, and every response body any client received is scanned for secrets.

Each seat is a person's browser: an account opened and logged in through the API, its own
cookies, a seat taken through the lobby's API. The seat whose decision the game waits on
fetches its view (``GET /api/games/{id}``) and posts its bot's order; seats fetch their
history now and then, and a spectator (no account) watches. The bot needs the true state, so
the test's oracle reads it from the database -- the oracle is the test, not a client: it
decides the orders, and it knows at each moment what each viewer may not see (other seats'
hands, the deck order, the seed until the end, the real cards behind each lie), which
:func:`leakscan.scan` looks for in that viewer's bodies (its docstring says exactly what is
checked). A bot's platform order (a seat's deadline default) is applied as the clock applies
it, through ``services.submit``. Zero findings, and the scan must have had things to find.
"""
from __future__ import annotations

import json
from collections import Counter

import httpx
import pytest

from tresham.games import registry
from tresham.platform.play import services
from tresham.platform.play.models import EventRecord, Game

from .leakscan import Finding, Lie, Secrets, scan
from .serving import SiteClient, live_site, register_and_login  # noqa: F401  (fixture)
from tests.helpers import bot_order

PLAYERS = 4
TURNS = 14  # a turn cap (34.1B): long enough for trades with lies, short enough for CI
SEEDS = ["ab" * 16, "5eed" * 8, "0123456789abcdef" * 2]
HISTORY_EVERY = 20  # orders between history fetches


def card_names() -> dict[str, str]:
    """Printed names of the trade cards (for finding a hidden card named in a text). The
    platform never needs them; this oracle does."""
    from tresham.games.advciv.data import load

    d = load()
    return {**{k: c.name for k, c in d.commodities.items()}, **{k: c.name for k, c in d.calamities.items()}}


def _lists(x) -> list[tuple[str, ...]]:
    """Every list of strings inside a JSON value, sorted (as the scanner compares them)."""
    out = []
    if isinstance(x, dict):
        for v in x.values():
            out += _lists(v)
    elif isinstance(x, list):
        if all(isinstance(v, str) for v in x):
            out.append(tuple(sorted(x)))
        else:
            for v in x:
                out += _lists(v)
    return out


class Oracle:
    """The truth of one game, from the database, and what each viewer knows for itself."""

    def __init__(self, game: Game, names: dict[str, str]) -> None:
        self.game = game
        self.rules = services.rules_of(game)
        self.names = names
        self.known: dict[int | None, set[tuple[str, ...]]] = {s: set() for s in range(PLAYERS)}
        self.known[None] = set()
        self.lies: dict[tuple[int, int, int], Lie] = {}  # (turn, offer, liar) -> lie
        self.last_event = -1
        self.state = None
        self.lies_seen_pending = 0

    def refresh(self) -> None:
        self.game.refresh_from_db()
        self.state = self.rules.loads(self.game.state)
        s = self.state
        for p in s.players:
            self.known[p.seat].add(tuple(sorted(p.hand)))
        if s.phase == "trade":
            for off in s.step.get("offers", []):
                self._learn_offer(off)
        for e in EventRecord.objects.filter(game=self.game, seq__gt=self.last_event).order_by("seq", "n"):
            self.last_event = max(self.last_event, e.seq)
            if e.to is None and e.kind == "trade":  # public statements of a deal (SITE-TRADE-13)
                for viewer in self.known:
                    self.known[viewer].update(_lists({k: e.data.get(k) for k in ("said", "partner_said")}))
            if e.to is not None and e.kind == "trade_private":  # the cards one has received
                for seat in e.to:
                    self.known[seat].update(_lists(e.data.get("received")))

    def _learn_offer(self, off: dict) -> None:
        a, b, acc = off["from"], off["to"], off.get("accept")
        named = set(off["said"]) | set(off["expect"])
        self.known[b].update({tuple(sorted(off["said"])), tuple(sorted(off["expect"]))})
        self.known[a].update({tuple(sorted(off["give"])), tuple(sorted(off["said"])),
                              tuple(sorted(off["expect"]))})
        if acc:
            named |= set(acc["said"]) | set(acc["expect"])
            self.known[a].update({tuple(sorted(acc["said"])), tuple(sorted(acc["expect"]))})
            self.known[b].update({tuple(sorted(acc["give"])), tuple(sorted(acc["said"])),
                                  tuple(sorted(acc["expect"]))})
        sides = [(a, off["give"], off["said"])] + ([(b, acc["give"], acc["said"])] if acc else [])
        for liar, real, stated in sides:
            if Counter(real) != Counter(stated):
                key = (self.state.turn, off["id"], liar)
                if key not in self.lies:
                    self.lies_seen_pending += 1
                self.lies[key] = Lie(off["id"], liar, tuple(real), tuple(stated), frozenset(named))

    def gave(self, seat: int, order: dict) -> None:
        """The viewer knows the lists in its own orders."""
        self.known[seat].update(_lists(order))

    def secrets(self, viewer: int | None) -> Secrets:
        s = self.state
        current = [lie for (turn, _, _), lie in self.lies.items() if turn == s.turn and s.phase == "trade"]
        return Secrets(viewer=viewer,
                       other_hands={p.seat: list(p.hand) for p in s.players if p.seat != viewer},
                       stacks=[list(st) for st in s.stacks],
                       seed=None if self.game.is_finished else self.game.seed,
                       lies=list(self.lies.values()), current_lies=current,
                       allowed=set(self.known[viewer]), names=self.names)


class Scanner:
    """Scans bodies and keeps the findings and the counts."""

    def __init__(self) -> None:
        self.findings: list[str] = []
        self.bodies = 0
        self.bytes = 0

    def check(self, body: bytes, secrets: Secrets, what: str) -> None:
        self.bodies += 1
        self.bytes += len(body)
        self.findings += [f"{what}: {f}" for f in scan(body, secrets)]


def _play(live_site, seed: str, names: dict[str, str], scanner: Scanner) -> dict[str, int]:
    """One whole game through the API; gives its counts."""
    game = services.create_game("advciv", {"players": PLAYERS, "turn_limit": TURNS}, name=f"Leaks {seed[:6]}",
                                seed=seed)
    clients: dict[int, SiteClient] = {}
    for _ in range(PLAYERS):
        c, _ = register_and_login(live_site.url)
        r = c.post(f"/api/lobby/games/{game.pk}/join", {})
        assert r.status_code == 201, r.text
        seat = c.get(f"/api/games/{game.pk}").json()["your_seat"]
        clients[seat] = c
    assert sorted(clients) == list(range(PLAYERS))
    spectator = httpx.Client(base_url=live_site.url, timeout=60)
    oracle = Oracle(game, names)
    oracle.refresh()
    rules = oracle.rules
    assert game.status == Game.Status.ACTIVE
    seen = {s: 0 for s in [*range(PLAYERS), None]}
    http_orders = clock_orders = 0

    def history(viewer: int | None) -> None:
        c = clients[viewer].http if viewer is not None else spectator
        r = c.get(f"/api/games/{game.pk}/history", params={"after": seen[viewer], "limit": 2000})
        assert r.status_code == 200, r.text
        scanner.check(r.content, oracle.secrets(viewer), f"history of seat {viewer}")
        if r.json():
            seen[viewer] = max(e["seq"] for e in r.json())  # an order's events are committed together

    n = 0
    while not game.is_finished:
        state = oracle.state
        d = next(d for d in rules.pending(state) if d.required)
        seat = d.player
        order = bot_order(rules, state, seat, f"leaks:{seed}:{n}")
        view = clients[seat].get(f"/api/games/{game.pk}")
        assert view.status_code == 200
        scanner.check(view.content, oracle.secrets(seat), f"view of seat {seat}")
        if rules.is_site_order(order):
            services.submit(game.pk, order, seat=seat, by_site=True, reason="timeout")
            clock_orders += 1
            oracle.refresh()
        else:
            oracle.gave(seat, order)
            r = clients[seat].post(f"/api/games/{game.pk}/orders",
                                   {"order": order, "revision": view.json()["revision"], "client_key": f"o{n}"})
            assert r.status_code == 201, r.text
            http_orders += 1
            oracle.refresh()  # the response is of the moment after the order
            scanner.check(r.content, oracle.secrets(seat), f"order response to seat {seat}")
        n += 1
        if n % HISTORY_EVERY == 0:
            for viewer in [*range(PLAYERS), None]:
                history(viewer)
            r = spectator.get(f"/api/games/{game.pk}")
            scanner.check(r.content, oracle.secrets(None), "spectator's view")
        assert n < 5000, "the game does not end"
    for viewer in [*range(PLAYERS), None]:  # the end: the seed is public now, the hands are not
        history(viewer)
        c = clients[viewer].http if viewer is not None else spectator
        r = c.get(f"/api/games/{game.pk}")
        assert r.json()["seed"] == game.seed
        scanner.check(r.content, oracle.secrets(viewer), f"final view of seat {viewer}")
    for c in clients.values():
        c.close()
    spectator.close()
    assert services.rules_of(game).digest(services.rebuild(game, from_snapshot=False)) == \
        services.rules_of(game).digest(oracle.state)
    return {"orders": n, "http": http_orders, "clock": clock_orders, "lies": len(oracle.lies)}


@pytest.mark.slow
@pytest.mark.site("SITE-TRADE-06")
@pytest.mark.django_db(transaction=True)
def test_three_bot_games_over_http_leak_nothing_to_any_client(live_site):
    names = card_names()
    scanner = Scanner()
    counts = [_play(live_site, seed, names, scanner) for seed in SEEDS]
    assert scanner.findings == []
    assert sum(c["lies"] for c in counts) >= 2, counts  # the lie check had lies to look behind
    assert all(c["http"] >= 100 for c in counts), counts
    assert scanner.bodies >= 3 * 300


# ---- the scanner finds what it looks for ------------------------------------------------------
def _secrets(**kw) -> Secrets:
    base = dict(viewer=0, other_hands={1: ["salt", "grain", "treachery"]},
                stacks=[["ochre", "hides", "ochre", "volcano", "ochre"]], seed="f" * 8 + "0123456789abcdef" + "a" * 8,
                lies=[Lie(3, 1, ("salt", "salt", "treachery"), ("salt", "salt", "grain"), frozenset({"salt", "grain", "oil"}))],
                names={"salt": "Salt", "grain": "Grain", "treachery": "Treachery", "oil": "Oil"})
    base["current_lies"] = base["lies"]
    base.update(kw)
    return Secrets(**base)


def _kinds(body, **kw) -> list[str]:
    return sorted({f.kind for f in scan(json.dumps(body) if not isinstance(body, str) else body, _secrets(**kw))})


def test_the_scanner_finds_each_kind_of_leak_and_passes_a_clean_view():
    s = _secrets()
    clean = {"view": {"players": [{"seat": 0, "hand": ["oil", "oil", "wine"]}, {"seat": 1, "hand_size": 3}],
                      "phase_view": {"offers_received": [{"id": 3, "from": 1, "said": ["salt", "salt", "grain"],
                                                          "expect": ["oil", "dont_care", "dont_care"]}]}},
             "events": [{"kind": "offer_received", "text": "Offer #3 from Babylon: 3 cards said to be Salt, "
                         "Salt, Grain, for Oil.", "data": {"offer": 3, "said": ["salt", "salt", "grain"]}}]}
    assert _kinds(clean, allowed={("grain", "salt", "salt"), ("dont_care", "dont_care", "oil")}) == []
    assert _kinds({"p": [{"seat": 1, "hand": ["x"]}]}) == ["hand"]
    assert _kinds({"cards": ["treachery", "salt", "grain"]}) == ["hand"]
    assert _kinds({"cards": ["treachery", "salt", "grain"]}, allowed={("grain", "salt", "treachery")}) == []
    assert _kinds({"deck": ["x", "hides", "ochre", "volcano", "ochre"]}) == ["deck"]
    assert _kinds({"deck": ["ochre", "ochre", "ochre", "ochre"]}, stacks=[["ochre"] * 6]) == []
    assert _kinds(f"<p>seed {s.seed.upper()}</p>") == ["seed"]
    assert _kinds(f"<p>seed {s.seed}</p>", seed=None) == []
    assert _kinds({"stacks": []}) == ["stored-state"]
    assert _kinds({"x": ["salt", "treachery", "salt"]}) == ["lie"]
    assert _kinds({"kind": "offer_received", "text": "Offer #3: you get Treachery"}) == ["lie"]
    assert _kinds({"kind": "trade_private", "text": "Trade #3: you receive Treachery"}) == []
    assert _kinds({"offers_received": [{"id": 3, "said": ["oil", "treachery", "grain"]}]}) == ["lie"]
    assert _kinds({"kind": "offer_received", "text": "Offer #3: you get Treachery"}, viewer=1) == []  # the liar
    assert _kinds("event: x\ndata: {\"stacks\": 1}\n\n") == ["stored-state"]


def test_the_oracle_lists_helper_sorts_every_string_list():
    assert _lists({"a": ["b", "a"], "c": [{"d": ["z", "y"]}], "e": 1}) == [("a", "b"), ("y", "z")]
    assert isinstance(Finding("k", "$", "d"), Finding)
