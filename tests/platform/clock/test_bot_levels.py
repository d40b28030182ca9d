"""Bots at the table, the platform's side (issue 26): each bot seat's level chosen by the
creator and played by the worker (SITE-BOT-05), a level that waits, a bot taking over a seat
its player left, and a bot's orders under its seat's own name (SITE-BOT-03) -- on a toy game
with three levels, then on both real games."""
from __future__ import annotations

import json

import pytest
from django.test import Client

from tresham.games.contract import BotLevel, Event, Offers
from tresham.platform.clock import absence
from tresham.platform.clock.models import Due
from tresham.platform.clock.worker import run_due
from tresham.platform.lobby import services as lobby
from tresham.platform.play import services
from tresham.platform.play.models import EventRecord, Game, LogEntry, Seat
from tests.platform.test_layout import CountToThree
from tests.helpers import bot_order

pytestmark = pytest.mark.django_db


class LeveledCount(CountToThree):
    """Count to three with three bot levels: ``counter`` says the next number, ``passer``
    passes, ``waiter`` waits (gives None) until someone has cheered; anyone may ``cheer`` at
    any time (an order that leaves the seat on turn owing the same decision)."""

    name = "leveled"

    def __init__(self) -> None:
        super().__init__()
        self.asked = 0
        self.offers = Offers(bots=(
            BotLevel("counter", "Counter", "says the next number", self.bot),
            BotLevel("passer", "Passer", "always passes", lambda s, seat, seed: {"type": "pass", "player": seat}),
            BotLevel("waiter", "Waiter", "waits for a cheer", self.wait),
        ))

    def new_game(self, options: dict, seed: int | str) -> dict:
        return {**super().new_game(options, seed), "cheers": 0}

    def apply(self, state: dict, order: dict, *, by_site: bool = False):
        if order.get("type") == "cheer":
            return {**state, "cheers": state["cheers"] + 1}, [Event(f"Seat {order['player'] + 1} cheers.", "cheer")]
        return super().apply(state, order, by_site=by_site)

    def wait(self, state: dict, seat: int, seed: str) -> dict | None:
        self.asked += 1
        return None if state["cheers"] == 0 else self.bot(state, seat, seed)


def post(client: Client, path: str, body) -> object:
    return client.post(path, data=json.dumps(body), content_type="application/json")


@pytest.fixture
def leveled(register_games):
    register_games({"leveled": "tests.platform.clock.test_bot_levels:LeveledCount"})
    return "leveled"


def texts(game: Game) -> list[str]:
    return list(EventRecord.objects.filter(game=game).order_by("seq", "n").values_list("text", flat=True))


# ---- the creator chooses each bot seat's level (SITE-BOT-05) ------------------------------------
@pytest.mark.site("SITE-BOT-05")
def test_the_creator_chooses_each_bot_seats_level_in_the_api(make_user, client_for):
    alice = make_user("alice")
    c = client_for(alice)
    form = c.get("/api/lobby/new-game").json()
    levels = {k["kind"]: [b["key"] for b in k["bot_levels"]] for k in form["kinds"]}
    assert levels["advciv"] == ["trader", "heuristic", "random"] and levels["tigris"] == ["strong", "greedy", "random"]
    r = post(c, "/api/lobby/games", {"kind": "advciv", "options": {"players": 3}, "bot_seats": [1, 2],
                                      "bot_levels": {"2": "random"}})
    assert r.status_code == 201, r.content
    body = r.json()
    assert [(s["index"], s["is_bot"], s["bot_level"], s["name"]) for s in body["seats"]] == [
        (0, False, None, "alice"), (1, True, "trader", "Bot (Trader)"), (2, True, "random", "Bot (Random)")]
    game = Game.objects.get(pk=body["id"])
    assert list(game.seats.order_by("index").values_list("bot_level", flat=True)) == ["", "trader", "random"]
    # the game's own JSON and its page name each bot seat's level
    seats = c.get(f"/api/games/{game.pk}").json()["seats"]
    assert [(s["bot_level"], s["name"]) for s in seats] == [(None, "alice"), ("trader", "Bot (Trader)"),
                                                           ("random", "Bot (Random)")]
    page = c.get(f"/games/{game.pk}/").content.decode()
    assert page.count("Bot (computer player, Trader)") >= 1 and "Bot (computer player, Random)" in page
    lobby_page = c.get(f"/lobby/games/{game.pk}/").content.decode()
    assert "Seat 2: Bot (Trader)" in lobby_page and "Seat 3: Bot (Random)" in lobby_page


@pytest.mark.site("SITE-BOT-05")
def test_an_unknown_bot_level_is_refused_and_nothing_is_created(make_user, client_for):
    c = client_for(make_user("alice"))
    before = Game.objects.count()
    r = post(c, "/api/lobby/games", {"kind": "advciv", "options": {"players": 3}, "bot_seats": [1],
                                      "bot_levels": {"1": "grandmaster"}})
    assert r.status_code == 400
    assert r.json()["message"] == ("Advanced Civilization has no bot level 'grandmaster'; its levels are "
                                   "trader, heuristic, random")
    r = post(c, "/api/lobby/games", {"kind": "tigris", "options": {"players": 2}, "bot_seats": [1],
                                      "bot_levels": {"0": "random"}})
    assert r.status_code == 400 and r.json()["message"].startswith("seat 1 is not a bot seat")
    r = post(c, "/api/lobby/games", {"kind": "tigris", "bot_seats": [1], "bot_levels": {"x": "random"}})
    assert r.status_code == 400 and "not a seat index" in r.json()["message"]
    assert Game.objects.count() == before


@pytest.mark.site("SITE-BOT-05")
def test_the_new_game_page_offers_each_seats_level_and_refuses_another(make_user, client_for):
    c = client_for(make_user("alice"))
    page = c.get("/lobby/new/?kind=tigris").content.decode()
    assert '<label for="id_bot_level_1">Bot level, seat 2</label>' in page
    assert '<option value="strong" selected>Strong</option>' in page and '<option value="random">Random</option>' in page
    form = {"name": "Levels", "time_limit": "86400", "take_seat": "on", "opt_players": "3", "opt_board": "base",
            "bot_seats": ["1", "2"], "bot_level_1": "random"}
    before = Game.objects.count()
    bad = c.post("/lobby/new/?kind=tigris", {**form, "bot_level_2": "grandmaster"})
    assert bad.status_code == 400 and "Select a valid choice. grandmaster is not one of the available choices." \
        in bad.content.decode()
    assert Game.objects.count() == before
    ok = c.post("/lobby/new/?kind=tigris", form)
    assert ok.status_code == 302
    game = Game.objects.latest("pk")
    assert list(game.seats.order_by("index").values_list("is_bot", "bot_level")) == [
        (False, ""), (True, "random"), (True, "strong")]


# ---- the worker plays the seat's level; a level may wait ------------------------------------------
@pytest.mark.site("SITE-BOT-05", "SITE-BOT-03")
def test_the_worker_plays_each_seat_at_its_level_under_its_own_name(leveled, make_user):
    game = lobby.create(make_user("alice"), kind="leveled", bot_seats=[1], bot_levels={1: "passer"},
                        time_limit=None)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    state = services.current_state(game)
    if state["turn"] == 0:
        services.submit(game.pk, {"type": "say", "number": 1}, seat=0, account=game.creator)
    assert run_due() == 1
    entry = LogEntry.objects.filter(game=game).latest("seq")
    assert (entry.seat, entry.order, entry.reason) == (1, {"type": "pass", "player": 1}, "bot")
    assert texts(game)[-1] == "Seat 2 (bot) passes."  # the bot's order under its seat's name
    game.refresh_from_db()
    assert services.current_state(game)["turn"] == 0


@pytest.mark.site("SITE-BOT-05")
def test_a_level_that_waits_gives_nothing_and_is_asked_again_at_the_next_order(leveled, make_user):
    alice = make_user("alice")
    game = lobby.create(alice, kind="leveled", bot_seats=[1], bot_levels={1: "waiter"}, time_limit=None)
    game.refresh_from_db()
    rules = services.rules_of(game)
    if services.current_state(game)["turn"] == 0:  # alice passes: the bot owes the first number
        services.submit(game.pk, {"type": "pass"}, seat=0, account=alice)
    revision = Game.objects.get(pk=game.pk).revision
    rules.asked = 0
    assert Due.objects.filter(game=game, seat=1, action=Due.Action.BOT).count() == 1
    # the bot waits: its row is dropped, nothing is logged or recorded, nothing is due
    assert run_due() == 1 and rules.asked == 1
    assert Game.objects.get(pk=game.pk).revision == revision and not Due.objects.filter(game=game).exists()
    # no busy loop: nothing asks the bot again until the game changes
    assert run_due() == 0 and run_due() == 0 and rules.asked == 1
    # alice's accepted order (a cheer: the bot still owes the same decision) makes it due again
    services.submit(game.pk, {"type": "cheer"}, seat=0, account=alice)
    assert Due.objects.filter(game=game, seat=1, action=Due.Action.BOT).count() == 1
    assert run_due() == 1 and rules.asked == 2
    game.refresh_from_db()
    assert services.current_state(game)["count"] == 1
    assert texts(game)[-2:] == ["Seat 1 cheers.", "Seat 2 (bot) says 1."]


# ---- a bot takes over a seat its player left (SITE-BOT-05) ----------------------------------------
@pytest.mark.site("SITE-BOT-05")
def test_a_bot_takes_over_a_removed_players_seat_as_it_stands_and_says_so(seated):
    t = seated(3)
    Game.objects.filter(pk=t.game.pk).update(bots_take_vacant_seats=True)
    t.game.refresh_from_db()
    t.play_until(lambda s: t.rules.placement_done(s))
    nation = next(r.name for r in t.rules.summary(t.state()) if r.seat == 2)
    seat = Seat.objects.get(game=t.game, index=2)
    absence.remove(t.game, seat, why="missed 3 deadlines in a row")
    said = texts(t.game)
    assert said[-2].endswith("is removed from the game (missed 3 deadlines in a row); the seat awaits a replacement.")
    assert said[-1] == f"A bot (Trader) takes over {nation}'s seat, as it stands, until someone takes it."
    record = EventRecord.objects.filter(game=t.game).latest("seq", "n")
    assert (record.kind, record.to, record.data) == ("bot_takes_over", None, {"seat": 2, "level": "trader"})
    # the bot plays the seat from where it stands: its next decision is the worker's
    t.play_until(lambda s: 2 in {d.player for d in t.rules.pending(s) if d.required}, skip={2})
    assert Due.objects.filter(game=t.game, seat=2, action=Due.Action.BOT).exists()
    assert run_due(limit=1) == 1
    assert LogEntry.objects.filter(game=t.game, seat=2, reason="bot").exists()


# ---- a bot's orders read as its own (SITE-BOT-03), in both games ---------------------------------
def _bot_texts(game: Game) -> list[str]:
    seqs = LogEntry.objects.filter(game=game, reason__in=("bot", "bot default")).values_list("seq", flat=True)
    return list(EventRecord.objects.filter(game=game, seq__in=list(seqs), to__isnull=True)
                .values_list("text", flat=True))


@pytest.mark.site("SITE-BOT-03")
def test_advciv_bots_orders_read_as_their_own_never_as_a_missed_deadline(seated):
    t = seated(3, bots=(1, 2))
    t.play_until(lambda s: s.turn >= 2)
    said = _bot_texts(t.game)
    nations = {r.name for r in t.rules.summary(t.state()) if r.seat in (1, 2)}
    assert len(said) >= 6  # the pick, the start area and the movement of each bot seat in turn 1
    assert not [x for x in said if "in time" in x or "time ran out" in x]
    own = [x for x in said if any(x.startswith(f"{n} (bot)") for n in nations)]
    assert own, said
    # the heuristic gives the default in some phases: as its own choice, never a deadline
    defaults = [x for x in said if " (bot) takes the default" in x]
    assert defaults, said
    assert LogEntry.objects.filter(game=t.game, reason="bot", order__type="bot_default").exists()


@pytest.mark.site("SITE-BOT-03")
def test_only_a_real_timeout_reads_as_a_missed_deadline(seated):
    from tresham.platform.clock.worker import carry_out
    from .conftest import later

    t = seated(3, bots=(2,))
    for _ in range(3):  # the bot picks first if it is first in the pick order
        if [p for p in t.owed() if t.users[p] is not None]:
            break
        run_due()
    person = next(p for p in t.owed() if t.users[p] is not None)
    row = Due.objects.get(game=t.game, seat=person, action=Due.Action.TIMEOUT)
    game = services.lock(t.game.pk)
    carry_out(game, row, later(days=2))
    said = texts(t.game)
    name = t.users[person].username
    assert f"{name} did not decide in time: the site's default applies." in said
    assert any(x.startswith(f"Seat {person + 1} did not pick in time;") for x in said)


@pytest.mark.site("SITE-BOT-03")
def test_tigris_bots_orders_read_as_their_own(make_user):
    alice = make_user("alice")
    game = lobby.create(alice, kind="tigris", options={"players": 2}, bot_seats=[1], bot_levels={1: "random"},
                        time_limit=None)
    rules = services.rules_of(game)
    for i in range(40):
        run_due()
        game.refresh_from_db()
        state = services.current_state(game)
        owed = [d.player for d in rules.pending(state) if d.required]
        if not owed or owed == [1]:
            continue
        order = bot_order(rules, state, 0, f"t{i}")
        services.submit(game.pk, order, seat=0, account=alice, by_site=rules.is_site_order(order))
    said = _bot_texts(game)
    assert len(said) >= 10 and all(x.startswith("Bull (bot) ") or "(bot)" not in x for x in said)
    assert sum(x.startswith("Bull (bot) ") for x in said) >= 5, said
    # the engine words a bot's default as its own choice, the platform marks the seat's name
    game.refresh_from_db()
    state = services.current_state(game)
    seat = next(d.player for d in rules.pending(state) if d.required)
    out = services.submit(game.pk, rules.offers.bot_default(state, seat), seat=seat, by_site=True, reason="bot")
    who = ["Archer", "Bull"][seat]
    assert out.events[0]["text"].startswith(f"{who} (bot) takes the default: ")
    assert out.events[0]["kind"] == "bot_default"
