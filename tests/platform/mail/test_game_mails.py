"""The game mails as their recipients receive them (a real SMTP server): the turn with its
deadline in the recipient's own time zone, the lobby's (a player joined, the game is full, a
friend added you), the public trade message with what was *said* and never what was given,
pauses, a quit, a removal, the end of a game -- each ending with the Total Public Points."""
from __future__ import annotations

import datetime as dt

import pytest
from django.db import transaction

from tresham.games import registry
from tresham.games.contract import Event
from tresham.platform.lobby import services as lobby
from tresham.platform.mail import game_mails, sender
from tresham.platform.mail.models import Outbox
from tresham.platform.play import services
from tresham.platform.play.models import EventRecord

from .conftest import drain_later, placed, play_until, started_game
from tests.helpers import bot_order

WINTER_EVENING = dt.datetime(2024, 1, 15, 19, 0, tzinfo=dt.timezone.utc)


def _standings_lines(game) -> list[str]:
    """What the Total Public Points block must hold, from the rules' own summary."""
    rules = registry.get(game.kind)
    state = rules.loads(game.state)
    names = {s.index: s.label for s in game.seats.select_related("user__profile")}
    return [f"{r.name} ({names[r.seat]})" for r in rules.summary(state)], [r.points for r in rules.summary(state)]


def _assert_standings(text: str, game) -> None:
    """SITE-AST-04 / SITE-EMAIL-05: the mail ends with every seat's Total Public Points, best first."""
    head, _, block = text.partition("Total Public Points (")
    assert block, "no Total Public Points at the bottom"
    lines = [l.strip() for l in block.split("\n")[1:] if l.strip() and not l.startswith("-- ")]
    names, points = _standings_lines(game)
    table = lines[:len(names)]
    assert [l.split(" ", 1)[1].rsplit(" ", 1)[0].strip() for l in table] == names
    assert [int(l.rsplit(" ", 1)[1]) for l in table] == points
    assert [l.split(".", 1)[0] for l in table] == [str(i) for i in range(1, len(names) + 1)]


def all_owe(game, rules, state) -> bool:
    """Every seat owes a decision (a turn mail is for a decision owed, SITE-NOTIFY-01)."""
    return rules.placement_done(state) and \
        len({d.player for d in rules.pending(state) if d.required}) == len(rules.summary(state))


def _one(smtp, address: str):
    got = smtp.to(address)
    assert len(got) == 1, [g["Subject"] for g in got]
    return got[0]


# ---- it is your turn ---------------------------------------------------------------------------
@pytest.mark.site("SITE-EMAIL-06", "SITE-AST-04", "SITE-EMAIL-05")
def test_the_turn_mail_gives_the_deadline_in_the_recipients_zone_and_the_public_points(smtp, person):
    alice, bob, carol = person("alice", "Europe/Paris"), person("bob", "America/New_York"), person("carol")
    game = play_until(started_game([alice, bob, carol], name="Crete 2000 BC", seed="mail-trade-3"), all_owe)
    rules = registry.get(game.kind)
    state = rules.loads(game.state)
    with transaction.atomic():
        for seat in range(3):
            game_mails.your_turn(game, seat, deadline=WINTER_EVENING)
        game_mails.your_turn(game, 0, deadline=WINTER_EVENING)  # the same turn again: no second mail
    assert drain_later() == 3
    a, b, c = _one(smtp, "alice@example.org"), _one(smtp, "bob@example.org"), _one(smtp, "carol@example.org")
    assert a["Subject"] == f"[Tresham] Crete 2000 BC: your turn ({rules.stage(state)})"
    assert "Your deadline: Monday 15 January 2024, 20:00 CET (Europe/Paris)" in a.text
    assert "Your deadline: Monday 15 January 2024, 14:00 EST (America/New_York)" in b.text
    assert "Your deadline: Monday 15 January 2024, 19:00 UTC" in c.text and "(UTC)" not in c.text
    assert a.text.startswith(f"Alice, it is your turn in Crete 2000 BC ({rules.stage(state)}).")
    for got, seat in ((a, 0), (b, 1), (c, 2)):
        own = [d for d in rules.pending(state) if d.player == seat and d.required]
        for d in own:
            assert f"- {d.prompt}" in got.text
        assert f"The game: https://tresham.example.org/games/{game.pk}/" in got.text
        _assert_standings(got.text, game)
    assert Outbox.objects.filter(kind="turn").count() == 3


def test_a_game_without_time_limit_says_so(smtp, person):
    alice, bob = person("alice"), person("bob")
    game = started_game([alice, bob])
    rules = registry.get(game.kind)
    first = rules.pick_order(rules.loads(game.state))[0]  # the first to choose a nation
    with transaction.atomic():
        game_mails.your_turn(game, first, deadline=None)
    drain_later()
    got = _one(smtp, ("alice@example.org", "bob@example.org")[first])
    assert "This game has no time limit." in got.text and "Total Public Points" not in got.text  # before placement


@pytest.mark.rule("28.3")
def test_a_mail_shows_only_the_recipients_own_hand_never_anothers(smtp, person):
    """A turn mail in the trade phase, where every hand is full: none of another seat's cards
    that the recipient does not hold himself is named, nor is the seed."""
    users = [person("alice"), person("bob"), person("carol")]
    game = play_until(started_game(users, seed="mail-trade-3"),
                      lambda g, r, s: g.stage.endswith("trade") and all_owe(g, r, s))
    rules = registry.get(game.kind)
    state = rules.loads(game.state)
    hands = {seat: set(rules.hand(rules.view(state, seat))) for seat in range(3)}
    with transaction.atomic():
        for seat in range(3):
            game_mails.your_turn(game, seat, deadline=WINTER_EVENING)
    drain_later()
    checked = 0
    for seat, user in enumerate(users):
        got = _one(smtp, user.email)
        others = set().union(*(h for s, h in hands.items() if s != seat)) - hands[seat]
        assert not [n for n in others if n in got.text]
        assert game.seed not in got.text
        checked += len(others)
    assert checked, "the test needs a seat holding a card another does not"


# ---- the lobby ------------------------------------------------------------------------------------
@pytest.mark.site("SITE-QUEUE-07", "SITE-EMAIL-01")
def test_every_member_is_mailed_when_a_player_joins_and_when_the_game_fills(smtp, person, django_capture_on_commit_callbacks):
    alice, bob, carol = person("alice"), person("bob"), person("carol")
    with django_capture_on_commit_callbacks(execute=True):
        game = lobby.create(alice, name="Crete 2000 BC", options={"players": 3})
    with django_capture_on_commit_callbacks(execute=True):
        lobby.join(game.pk, bob)
    with django_capture_on_commit_callbacks(execute=True):
        lobby.join(game.pk, carol)
    drain_later()
    game.refresh_from_db()
    rules = registry.get(game.kind)
    first = (alice, bob, carol)[rules.pick_order(rules.loads(game.state))[0]].username
    subjects = {u.username: sorted(m["Subject"] for m in smtp.to(u.email)) for u in (alice, bob, carol)}
    expected = {
        "alice": ["[Tresham] Crete 2000 BC is full and starts", "[Tresham] Crete 2000 BC: Bob joined",
                  "[Tresham] Crete 2000 BC: Carol joined"],
        "bob": ["[Tresham] Crete 2000 BC is full and starts", "[Tresham] Crete 2000 BC: Carol joined"],
        "carol": ["[Tresham] Crete 2000 BC is full and starts"],
    }
    expected[first] = sorted(expected[first] + ["[Tresham] Crete 2000 BC: your turn (Choosing nations)"])
    assert subjects == expected  # the first to pick a nation is told it is his turn; the others wait
    (joined,) = [m for m in smtp.to(alice.email) if "Bob joined" in m["Subject"]]
    assert "Alice, Bob took seat 2 in Crete 2000 BC." in joined.text
    assert "1 seat still open: the game starts when every seat is taken." in joined.text
    (full,) = [m for m in smtp.to(carol.email) if "full" in m["Subject"]]
    game.refresh_from_db()
    assert "Carol, every seat of Crete 2000 BC is taken: the game starts (Choosing nations)." in full.text
    assert "Seat 1: Alice\n  Seat 2: Bob\n  Seat 3: Carol" in full.text
    assert game.seed_sha256 in full.text and game.seed not in full.text


@pytest.mark.site("SITE-CREATE-14", "SITE-EMAIL-02")
def test_a_friend_added_to_a_new_game_is_mailed(smtp, person, django_capture_on_commit_callbacks):
    from tresham.platform.accounts import friends

    alice, bob = person("alice"), person("bob")
    friends.send_request(alice, bob)
    friends.accept(bob, alice)
    with django_capture_on_commit_callbacks(execute=True):
        game = lobby.create(alice, name="Among friends", options={"players": 3}, friends=[bob])
    sender.drain()
    got = _one(smtp, "bob@example.org")
    assert got["Subject"] == "[Tresham] Alice put you in a new game: Among friends"
    assert "Bob, your friend Alice created the game Among friends (Advanced Civilization) and gave you a seat in it." \
        in got.text
    assert "1 seat still open" in got.text and f"https://tresham.example.org/games/{game.pk}/" in got.text
    assert smtp.to("alice@example.org") == []  # she added him herself: no "Bob joined" for her


# ---- the public trade message ------------------------------------------------------------------------
def _trade_with_a_lie(person, **options):
    """A 3-player game in its trade phase; seat A gives B three cards, one of them stated as a
    card it is not (a lie, SITE-TRADE-06); the deal is carried out when the embargo ends.
    Gives (game, seat A, B, the third seat, the real cards, the stated ones, B's cards, the
    events of the order that carried the trade out and its seq)."""
    users = [person("alice"), person("bob"), person("carol")]
    game = started_game(users, seed="mail-trade-3", name="Trading table", **options)
    game = play_until(game, lambda g, r, s: g.stage.endswith("trade")
                      and len({d.player for d in r.pending(s) if d.required}) >= 2)
    rules = registry.get(game.kind)
    state = rules.loads(game.state)
    traders = sorted({d.player for d in rules.pending(state) if d.required})[:2]
    a, b = traders
    (third,) = {0, 1, 2} - {a, b}
    hand = sorted(state.players[a].hand)[:3]
    b_gives = sorted(state.players[b].hand)[:3]
    # the lie: a card whose name is nowhere else in the deal, given but stated as Salt
    lie_of = next((c for i, c in enumerate(hand) if c not in hand[:i] + hand[i + 1:] and c not in b_gives), None)
    assert lie_of is not None, "the test needs a card named nowhere else in the deal"
    real = [c for c in hand if c != lie_of] + [lie_of]
    stated = real[:2] + ["salt"]
    assert "salt" not in real + b_gives
    seats = {s.index: s.user for s in game.seats.all()}
    services.submit(game.pk, {"type": "trade_offer", "to": b, "give": real, "said": stated, "expect": b_gives},
                    seat=a, account=seats[a])
    game.refresh_from_db()
    offer = rules.view(services.current_state(game), b)["phase_view"]["offers_received"][0]["id"]
    services.submit(game.pk, {"type": "trade_accept", "offer": offer, "give": b_gives, "said": [], "expect": []},
                    seat=b, account=seats[b])
    out = services.submit(game.pk, {"type": "market_open", "player": 0}, seat=None, by_site=True)
    events = [Event(r.text, r.kind, r.to, r.data) for r in EventRecord.objects.filter(game=game, seq=out.revision)]
    game.refresh_from_db()
    return game, users, (a, b, third), real, stated, b_gives, events, out.revision


@pytest.mark.site("SITE-TRADE-13", "SITE-EMAIL-03", "SITE-AST-04")
def test_after_a_trade_the_other_players_are_told_what_was_said_never_what_was_given(smtp, person):
    game, users, (a, b, third), real, stated, b_gives, events, seq = _trade_with_a_lie(person)
    assert any(e.kind == "trade" and e.to is None for e in events)
    with transaction.atomic():
        rows = game_mails.mails_for_events(game, seq, events)
        again = game_mails.mails_for_events(game, seq, events)  # the order path retried: no second mail
    assert [r.pk for r in rows] == [r.pk for r in again] and len(rows) == 1
    sender.drain()
    assert smtp.to(users[a].email) == [] and smtp.to(users[b].email) == []  # the traders know
    got = _one(smtp, users[third].email)
    rules = registry.get(game.kind)
    state = rules.loads(game.state)
    from tresham.games.advciv.context import Context as Board
    from tresham.games.advciv.rules.acquisition import card_name

    board = Board(state)
    nation = {p.seat: board.name(p.nation) for p in state.players}
    said = ", ".join(card_name(board, c) for c in stated)
    assert got["Subject"] == f"[Tresham] Trading table: {nation[a]} and {nation[b]} traded"
    assert f"{nation[a]} traded 3 cards said to be {said} to {nation[b]}" in got.text
    assert card_name(board, real[2]) not in got.text  # the lie's real card: never
    assert "Salt" in got.text
    _assert_standings(got.text, game)


@pytest.mark.site("SITE-TRADE-13", "SITE-CREATE-13")
def test_no_trade_mail_when_the_game_disables_it(smtp, person):
    game, users, _, real, stated, b_gives, events, seq = _trade_with_a_lie(person, public_trade_message=False)
    assert game.options["public_trade_message"] is False
    with transaction.atomic():
        assert game_mails.mails_for_events(game, seq, events) == []
    # even handed a trade event, the rules mail nothing for such a game
    rules = registry.get(game.kind)
    state = rules.loads(game.state)
    fake = Event("Babylon traded 3 cards said to be Salt, Salt, Salt to Egypt ...", "trade",
                 data={"nation": "babylon", "partner": "egypt"})
    assert rules.mail_events(state, [fake]) == []
    state.options.public_trade_message = True
    (m,) = rules.mail_events(state, [Event("private", "trade", to=[0]), fake])
    assert m.event is fake and m.title == "Babylon and Egypt traded"
    sender.drain()
    assert smtp.received == []


def test_a_game_whose_rules_mail_no_events_gets_none(person, register_games):
    register_games({"count3": "tests.platform.test_layout:CountToThree"})
    alice, bob = person("alice"), person("bob")
    game = services.create_game("count3", {"players": 2}, name="Counting")
    lobby.join(game.pk, alice)
    lobby.join(game.pk, bob)
    game.refresh_from_db()
    with transaction.atomic():
        assert game_mails.mails_for_events(game, 1, [Event("Seat 1 says 1.", "say")]) == []


# ---- pauses, quits, removals, the end ---------------------------------------------------------------
def test_a_pause_and_its_removal_are_told_with_their_times_in_each_zone(smtp, person):
    alice, bob = person("alice", "Europe/Paris"), person("bob", "Asia/Tokyo")
    game = play_until(started_game([alice, bob], name="Long game"), placed)
    start = dt.datetime(2024, 7, 1, 8, 0, tzinfo=dt.timezone.utc)
    end = dt.datetime(2024, 7, 8, 8, 0, tzinfo=dt.timezone.utc)
    with transaction.atomic():
        game_mails.pause_started(game, 17, by=alice, starts=start, until=end, reason="Holidays in Crete")
        game_mails.pause_removed(game, 17, by=alice, ends_at=dt.datetime(2024, 7, 3, 8, 0, tzinfo=dt.timezone.utc))
    sender.drain()
    started = [m for m in smtp.to(bob.email) if m["Subject"] == "[Tresham] Long game is paused"]
    assert len(started) == 1
    text = started[0].text
    assert ("Bob, Alice paused Long game from Monday 1 July 2024, 17:00 JST (Asia/Tokyo) until Monday 8 July 2024, "
            "17:00 JST (Asia/Tokyo).") in text
    assert "Reason given: Holidays in Crete" in text
    _assert_standings(text, game)
    (removed,) = [m for m in smtp.to(alice.email) if "removed" in m["Subject"]]
    assert "Alice, Alice removed a pause of Long game." in removed.text
    assert "It stays in force until Wednesday 3 July 2024, 10:00 CEST (Europe/Paris)" in removed.text


@pytest.mark.site("SITE-QUIT-04", "SITE-EMAIL-04", "SITE-AST-04")
def test_every_other_player_is_told_that_a_player_quit(smtp, person):
    alice, bob, carol, dan = person("alice"), person("bob"), person("carol"), person("dan")
    game = play_until(started_game([alice, bob, carol], name="Crete 2000 BC"), placed)
    nation = {r.seat: r.name for r in registry.get(game.kind).summary(registry.get(game.kind).loads(game.state))}
    with transaction.atomic():
        game_mails.player_quit(game, 1, bob)
        game_mails.player_quit(game, 1, bob)  # told twice: mailed once
    sender.drain()
    assert smtp.to(bob.email) == []
    for user in (alice, carol):
        got = _one(smtp, user.email)
        assert got["Subject"] == "[Tresham] Crete 2000 BC: Bob quit"
        assert f"{user.profile.display_name}, Bob quit Crete 2000 BC and left {nation[1]} (seat 2)." in got.text
        assert "The seat is open for a new player (in the Open games list)." in got.text
        _assert_standings(got.text, game)
    # a quit naming his replacement (SITE-QUIT-02): the replacement is told he is named
    with transaction.atomic():
        game_mails.player_quit(game, 2, carol, replacement=dan, ref="second")
    sender.drain()
    assert "Carol named you to take over the seat." in _one(smtp, dan.email).text
    assert "Dan is named to take over the seat." in smtp.to(alice.email)[-1].text
    # his taking the seat is no second mail: the quit's says it
    with transaction.atomic():
        assert game_mails.player_joined(game, 2, dan, "replacement") == []


def test_a_removed_player_and_the_others_are_told(smtp, person):
    alice, bob = person("alice"), person("bob")
    game = play_until(started_game([alice, bob], name="Crete 2000 BC"), placed)
    with transaction.atomic():
        game_mails.player_removed(game, 1, bob, missed=2)
    sender.drain()
    assert "Bob, you were removed from Crete 2000 BC" in _one(smtp, bob.email).text
    assert "after missing 2 deadlines in a row" in _one(smtp, bob.email).text
    assert "Alice, Bob was removed from Crete 2000 BC" in _one(smtp, alice.email).text


@pytest.mark.site("SITE-AST-04")
def test_the_end_of_a_game_tells_the_final_places_and_reveals_the_seed(smtp, person):
    alice, bob = person("alice"), person("bob")
    game = started_game([alice, bob], name="Short game", seed="mail-end", turn_limit=1)
    game = play_until(game, lambda g, r, s: r.finished(s))
    assert game.is_finished
    rules = registry.get(game.kind)
    state = rules.loads(game.state)
    with transaction.atomic():
        game_mails.game_over(game)
    sender.drain()
    for user in (alice, bob):
        got = _one(smtp, user.email)
        assert got["Subject"] == "[Tresham] Short game is over"
        assert f"The game's seed: {game.seed}" in got.text
        assert f"Its SHA-256, published when the game was created: {game.seed_sha256}" in got.text
        names = {s.index: s.label for s in game.seats.all()}
        summary = {r.seat: r.name for r in rules.summary(state)}
        for seat, place in enumerate(rules.result(state)):
            assert f"  {place}. {summary[seat]} ({names[seat]})" in got.text
        _assert_standings(got.text, game)


def test_names_are_written_as_they_are_in_a_plain_text_mail(smtp, person):
    """Plain text is not HTML: a game's name and a player's name arrive as typed, unescaped."""
    alice, bob = person("alice"), person("bob")
    bob.profile.display_name = "O'Brien"
    bob.profile.save()
    game = started_game([alice, bob], name='Rock & Roll <3 "finals"')
    with transaction.atomic():
        game_mails.player_quit(game, 1, bob)
    sender.drain()
    got = _one(smtp, alice.email)
    assert got["Subject"] == '[Tresham] Rock & Roll <3 "finals": O\'Brien quit'
    assert 'Alice, O\'Brien quit Rock & Roll <3 "finals" and left seat 2.' in got.text
    assert "&amp;" not in got.text and "&#x27;" not in got.text and "&lt;" not in got.text


@pytest.mark.site("SITE-TABLE-14")
def test_the_game_over_mail_gives_the_result_and_links_the_replay(smtp, person):
    """Read from the real SMTP server on the loopback: the winner named with his points, the
    recipient's own place, each place with its points, and the replay's absolute address."""
    from tresham.games.advciv.variant import game_for
    from tresham.platform.play.results import ordinal
    alice, bob = person("alice"), person("bob")
    game = started_game([alice, bob], name="Short game", seed="mail-end", turn_limit=1)
    rules = registry.get(game.kind)
    users = {0: alice, 1: bob}
    for n in range(3000):  # the bots' orders through the one order path, to the end
        game.refresh_from_db()
        state = rules.loads(game.state)
        if rules.finished(state):
            break
        d = next(d for d in rules.pending(state) if d.required)
        order = bot_order(rules, state, d.player, f"end:{n}")
        by_site = rules.is_site_order(order)
        services.submit(game.pk, order, seat=d.player, by_site=by_site, account=None if by_site else users[d.player])
    assert game.is_finished
    drain_later()  # the game over mail the last order enqueued, sent to the loopback server
    state = rules.loads(game.state)
    g = game_for(state)
    places = rules.result(state)
    who = {0: "Alice", 1: "Bob"}
    for seat, user in enumerate((alice, bob)):
        mails = [m for m in smtp.to(user.email) if m["Subject"] == "[Tresham] Short game is over"]
        assert len(mails) == 1
        text = mails[0].text
        for p in state.players:
            assert f"  {places[p.seat]}. {g.name(p.nation)} ({who[p.seat]}): {g.score(p.nation)} victory points" in text
        best = min(range(2), key=lambda s: places[s])
        if places.count(1) == 1:
            winner = state.players[best]
            assert f"Won by {g.name(winner.nation)} ({who[best]}) with {g.score(winner.nation):,} victory points." in text
        mine = "You won" if places[seat] == 1 else f"You came {ordinal(places[seat])} of 2"
        assert mine in text
        assert f"https://tresham.example.org/games/{game.pk}/replay/\n" in text
