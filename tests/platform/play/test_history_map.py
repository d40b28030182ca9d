"""The history on the map (SITE-TABLE-10): the board as it stood after any number of orders,
stepped phase by phase or order by order, public pieces only while the game is on; once it is
over the same steps show every hand (SITE-TABLE-14). ``play/steps.py``."""
from __future__ import annotations

import re

import pytest
from django.test import Client

from tresham.platform.play import services, steps

from ..leakscan import Secrets, scan

pytestmark = pytest.mark.django_db

PIECE = re.compile(r'<g class="pc tokens" data-area="([^"]+)" data-owner="([^"]+)"[^>]*><title>[^<]*?(\d+) tokens? in ')


def _client(user=None) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def _map(html: str) -> str:
    """The stepper's map (its pieces) of a history or replay page."""
    start = html.index('id="step-board-view"')
    return html[start:html.index("</svg>", start)]


def _tokens_drawn(svg: str) -> dict[tuple[str, str], int]:
    return {(area, owner): int(n) for area, owner, n in PIECE.findall(svg)}


def _tokens_of(state) -> dict[tuple[str, str], int]:
    """The tokens on the board of an Advanced Civilization state, from the engine's own state."""
    return {(area, owner): n for area, by in state.board.tokens.items() for owner, n in by.items() if n}


def _label(html: str) -> str:
    return re.search(r'<strong id="step-label"[^>]*>([^<]+)</strong>', html).group(1)


@pytest.mark.site("SITE-TABLE-10")
def test_each_step_draws_the_public_board_after_that_many_orders(trading, client_for):
    t = trading
    g, rules = t.game, t.rules
    g.refresh_from_db()
    placed = next(n for n in range(g.revision + 1) if rules.placement_done(services.rebuild(g, n)))
    url = f"/games/{g.pk}/history/"
    for who in (client_for(t.alice), client_for(t.carol), Client()):
        html = who.get(f"{url}?at={placed}").content.decode()
        state = services.rebuild(g, placed)
        drawn = _tokens_drawn(_map(html))
        # the nations' starting tokens, as the engine's state has them after the placement
        assert drawn == _tokens_of(state) and len(drawn) == 3 and set(drawn.values()) == {2}
        assert _label(html) == f"{rules.stage(state)} (order {placed} of {g.revision})"
    # a later step: the tokens moved and grew; every step its own board, not the current one
    later = next(n for n in range(placed + 1, g.revision) if _tokens_of(services.rebuild(g, n))
                 not in (_tokens_of(services.rebuild(g, placed)), _tokens_of(t.state())))
    html = client_for(t.bob).get(f"{url}?at={later}").content.decode()
    assert _tokens_drawn(_map(html)) == _tokens_of(services.rebuild(g, later))
    now = client_for(t.bob).get(url).content.decode()  # no "at": the latest step
    assert _tokens_drawn(_map(now)) == _tokens_of(t.state())
    assert _label(now).endswith(f"(order {g.revision} of {g.revision})")
    # the same pieces as the public view of that moment (what a spectator saw then)
    public = rules.offers.board.pieces(rules.view(services.rebuild(g, later), None))["svg"]
    assert public in html
    # the start: nothing on the board yet
    start = client_for(t.bob).get(f"{url}?at=0").content.decode()
    assert _tokens_drawn(_map(start)) == {} and "(the start, before any order)" in _label(start)


@pytest.mark.site("SITE-TABLE-10")
def test_the_links_step_by_phase_and_by_order(trading, client_for):
    t = trading
    g = t.game
    g.refresh_from_db()
    stages = dict(g.log.values_list("seq", "stage"))
    starts = [0] + [n for n in sorted(stages) if stages[n] != stages.get(n - 1, stages[n] if n == 1 else None)]
    html = client_for(t.alice).get(f"/games/{g.pk}/history/?at={starts[3] + 1}").content.decode()
    links = dict(re.findall(r'<a href="/games/\d+/history/\?at=(\d+)" data-at="\d+" rel="(\w+)"', html))
    assert {v: int(k) for k, v in links.items()} == {"first": 0, "prev": starts[3], "next": starts[4],
                                                    "last": g.revision}
    assert f'?at={starts[3]}" data-at="{starts[3]}">One order back' in html
    assert f'?at={starts[3] + 2}" data-at="{starts[3] + 2}">One order on' in html
    # the list of phases: every start, the current one chosen
    options = re.findall(r'<option value="(\d+)"( selected)?>', html)
    assert [int(v) for v, _ in options] == starts
    assert [int(v) for v, sel in options if sel] == [starts[3]]
    # at either end the links that lead nowhere are not links
    first = client_for(t.alice).get(f"/games/{g.pk}/history/?at=0").content.decode()
    assert '<span aria-disabled="true">« First</span>' in first and 'rel="prev" title' not in first
    last = client_for(t.alice).get(f"/games/{g.pk}/history/?at={g.revision}").content.decode()
    assert '<span aria-disabled="true">Last »</span>' in last and 'rel="next" title' not in last


@pytest.mark.site("SITE-TABLE-10", "SITE-SAFE-04")
def test_no_step_shows_a_hand_or_the_seed_while_the_game_is_on(trading, client_for):
    t = trading
    g, rules = t.game, t.rules
    g.refresh_from_db()
    ref = rules.reference() or {}
    names = [c["name"] for c in ref.get("commodities", []) + ref.get("calamities", [])]
    assert len(names) > 20
    alice = client_for(t.alice)
    for n in range(g.revision + 1):
        state = services.rebuild(g, n)
        for viewer, c in ((0, alice), (None, Client())):
            body = c.get(f"/games/{g.pk}/steps/?at={n}").content.decode()
            assert _label(body).startswith(rules.stage(state))
            secrets = Secrets(viewer=viewer, other_hands={p.seat: list(p.hand) for p in state.players},
                              stacks=[list(x) for x in state.stacks], seed=g.seed)
            assert scan(body, secrets) == [], n
            # public pieces only: no hand at all, not even the viewer's own
            assert 'id="step-hands"' not in body
            assert not [x for x in names if f">{x}<" in body or f" {x}," in body or f"{x}, " in body], n
    page = alice.get(f"/games/{g.pk}/history/?at=1").content.decode()
    assert g.seed not in page and 'id="step-hands"' not in page


@pytest.mark.site("SITE-TABLE-10")
def test_a_bad_step_is_refused_or_brought_to_an_end_never_an_error(trading, client_for):
    t = trading
    g = t.game
    g.refresh_from_db()
    c = client_for(t.alice)
    for url in (f"/games/{g.pk}/history/", f"/games/{g.pk}/steps/"):
        for bad in ("abc", "1e3", "٣", "3.5", "0x10", "9" * 40, "1; drop"):
            r = c.get(url, {"at": bad})
            assert r.status_code == 400, (url, bad)
            assert "“at” must be a number of orders, from 0 (the start) to" in r.content.decode()
        assert _label(c.get(url, {"at": "-3"}).content.decode()).endswith("(the start, before any order)")
        assert _label(c.get(url, {"at": "99999"}).content.decode()).endswith(f"(order {g.revision} of {g.revision})")
    assert c.get(f"/games/{g.pk + 1000}/steps/?at=1").status_code == 404


@pytest.mark.site("SITE-TABLE-10", "SITE-LIST-04")
def test_before_the_placement_only_the_players_step_through(table, client_for):
    t = table
    g = t.game
    assert not t.rules.placement_done(t.state())
    assert Client().get(f"/games/{g.pk}/steps/?at=0").status_code == 403
    assert client_for(t.carol).get(f"/games/{g.pk}/steps/?at=0").status_code == 403
    assert 'id="steps"' not in Client().get(f"/games/{g.pk}/history/").content.decode()
    assert client_for(t.alice).get(f"/games/{g.pk}/steps/?at=0").status_code == 200


@pytest.mark.site("SITE-TABLE-10")
def test_one_step_replays_less_than_a_snapshots_span(trading, client_for, settings, monkeypatch):
    """The cost is bounded: a step replays from the nearest snapshot only."""
    t = trading
    g = t.game
    g.refresh_from_db()
    rules = services.rules_of(g)
    calls = []
    real = type(rules).apply

    def counting(self, state, order, *, by_site=False):
        calls.append(1)
        return real(self, state, order, by_site=by_site)

    monkeypatch.setattr(type(rules), "apply", counting)
    # the fixture's game was logged with a snapshot every 100 orders: only the start's
    far = g.revision - 1
    client_for(t.alice).get(f"/games/{g.pk}/steps/?at={far}")
    assert len(calls) == far  # from the start: no nearer snapshot
    calls.clear()
    client_for(t.alice).get(f"/games/{g.pk}/steps/?at={g.revision}")
    assert calls == []  # the latest step is the game's own state
    # with a snapshot every 10 orders, a step replays at most 9
    from tresham.platform.play.models import Snapshot
    for n in range(10, g.revision + 1, 10):
        Snapshot.objects.create(game=g, seq=n, state=rules.dumps(services.rebuild(g, n)))
    calls.clear()
    client_for(t.alice).get(f"/games/{g.pk}/steps/?at={far}")
    assert len(calls) == far % 10


def _hands(html: str) -> list[tuple[str, str]]:
    body = html[html.index('<table id="step-hands"'):]
    return re.findall(r'<tr><th scope="row">([^<]+)</th><td>([^<]*)</td></tr>', body[:body.index("</table>")])


@pytest.mark.site("SITE-TABLE-14")
def test_the_replay_steps_on_the_map_with_every_hand(finished, client_for):
    t = finished
    g, rules = t.game, t.rules
    g.refresh_from_db()
    at = g.revision // 2
    html = client_for(t.carol).get(f"/games/{g.pk}/replay/?at={at}").content.decode()
    state = services.rebuild(g, at)
    assert _tokens_drawn(_map(html)) == _tokens_of(state) and _tokens_of(state)
    rows = _hands(html)
    names = {r.seat: r.name for r in rules.summary(t.state())}
    assert [label for label, _ in rows] == [f"{names[0]} (alice)", f"{names[1]} (bob)", f"{names[2]} (bot)"]
    for (label, cards), p in zip(rows, state.players):
        assert cards == (", ".join(rules.offers.hand(rules.view(state, p.seat))) or "—")
        assert len(p.hand) == (0 if cards == "—" else len(cards.split(", ")))
    # the replay opens at the start; the fragment of a replay's step links the replay
    start = Client().get(f"/games/{g.pk}/replay/").content.decode()
    assert "(the start, before any order)" in _label(start)
    frag = Client().get(f"/games/{g.pk}/steps/?page=replay&at=5").content.decode()
    assert f'href="/games/{g.pk}/replay/?at=0"' in frag and 'id="step-hands"' in frag


@pytest.mark.site("SITE-TABLE-10", "SITE-TABLE-14")
def test_tigris_steps_too_with_its_tiles_once_over(make_user, client_for):
    """Any game through the contract: a Tigris & Euphrates game steps on its map, its tiles
    shown only once it is over."""
    from tresham.platform.lobby import services as lobby
    ann, bob = make_user("ann"), make_user("bob")
    game = lobby.create(ann, kind="tigris", name="Between the rivers", options={"players": 2}, seed="tigris-replay-1")
    lobby.join(game.pk, bob)
    users = [ann, bob]
    rules = services.rules_of(game)

    def state():
        game.refresh_from_db()
        return rules.loads(game.state)

    s = state()
    first = s.active
    services.submit(game.pk, {"type": "leader", "colour": "black", "to": [6, 9]}, seat=first, account=users[first])
    html = client_for(bob).get(f"/games/{game.pk}/history/?at=1").content.decode()
    one = services.rebuild(game, 1)
    assert rules.offers.board.pieces(rules.view(one, None))["svg"] in _map(html)
    assert 'id="step-hands"' not in html and _label(html) == f"{rules.stage(one)} (order 1 of 1)"
    while not s.finished:  # whole-hand swaps until the bag cannot supply one
        services.submit(game.pk, {"type": "swap", "tiles": {c: n for c, n in s.hands[s.active].items() if n}},
                        seat=s.active, account=users[s.active])
        s = state()
    html = Client().get(f"/games/{game.pk}/replay/?at=1").content.decode()
    rows = _hands(html)
    names = {r.seat: r.name for r in rules.summary(s)}
    assert [label for label, _ in rows] == [f"{names[0]} (ann)", f"{names[1]} (bob)"]
    for (label, tiles), seat in zip(rows, (0, 1)):
        assert tiles == ", ".join(rules.offers.hand(rules.view(one, seat)))
        assert sum(one.hands[seat].values()) == 6  # the six tiles each holds (TE-BASE-08)
