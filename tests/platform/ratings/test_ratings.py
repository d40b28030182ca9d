"""The rankings' ratings (``tresham/platform/ratings``): openskill's Plackett-Luce model over
teams of (player, side); abandoned seats; the bot; a game rated once, in the transaction that
ends it; a rebuild from the records equal to the incremental updates."""
from __future__ import annotations

import random

import pytest

from tresham.platform.play.models import Game, Seat, Tenure
from tresham.platform.ratings import services
from tresham.platform.ratings.compute import SeatRecord, Skill, initial, rate_game
from tresham.platform.ratings.models import RatedGame, Rating
from tresham.platform.ratings.simulate import simulate

from ..play.conftest import finished  # noqa: F401  (the pages' table played to its end)

P = lambda uid: ("person", str(uid))  # noqa: E731
START = initial()


def game(seats: list[tuple[int, str, tuple | None]], skill=None, abandoners=None) -> dict:
    """rate_game of seats (place, side, occupant) in seat order."""
    recs = [SeatRecord(i, place, side, occ, tuple((abandoners or {}).get(i, ())))
            for i, (place, side, occ) in enumerate(seats)]
    return rate_game(recs, skill or {})


def delta(changes, subject, skill=None) -> float:
    before = (skill or {}).get(subject, START)
    return changes[subject].after.mu - before.mu


@pytest.mark.site("SITE-RANK-03")
def test_points_move_from_those_behind_to_those_ahead():
    ch = game([(1, "Egypt", P(1)), (2, "Crete", P(2)), (3, "Thrace", P(3))])
    d = [delta(ch, P(i)) for i in (1, 2, 3)]
    assert d[0] > 0 > d[2], d
    assert d[0] > d[1] > d[2]
    assert ch[("side", "Egypt")].places == [1] and ch[("side", "Thrace")].places == [3]


@pytest.mark.site("SITE-RANK-04", "SITE-RANK-08")
def test_beating_a_stronger_player_gains_more_than_beating_a_weaker_one():
    strong, weak = Skill(35.0, 4.0), Skill(15.0, 4.0)
    me = Skill(25.0, 4.0)
    over_strong = game([(1, "A", P(1)), (2, "B", P(2))], {P(1): me, P(2): strong})
    over_weak = game([(1, "A", P(1)), (2, "B", P(2))], {P(1): me, P(2): weak})
    g_strong = delta(over_strong, P(1), {P(1): me})
    g_weak = delta(over_weak, P(1), {P(1): me})
    assert g_strong > 2 * g_weak > 0, (g_strong, g_weak)
    # losing to a stronger player costs less than losing to a weaker one
    to_strong = game([(2, "A", P(1)), (1, "B", P(2))], {P(1): me, P(2): strong})
    to_weak = game([(2, "A", P(1)), (1, "B", P(2))], {P(1): me, P(2): weak})
    assert 0 > delta(to_strong, P(1), {P(1): me}) > delta(to_weak, P(1), {P(1): me})
    # the same places, other opponents: another change (not by places alone)
    assert g_strong != g_weak


@pytest.mark.site("SITE-RANK-05")
def test_beating_a_side_that_tends_to_win_earns_more():
    """Two games alike but for the side beaten: one that tends to win (its learned strength
    high) and an average one; losing with a weak side costs less too."""
    me = Skill(25.0, 4.0)
    strong_side = {P(1): me, P(2): me, ("side", "Babylon"): Skill(30.0, 2.0), ("side", "Crete"): Skill(25.0, 2.0)}
    even_side = {P(1): me, P(2): me, ("side", "Babylon"): Skill(25.0, 2.0), ("side", "Crete"): Skill(25.0, 2.0)}
    beat_strong = delta(game([(1, "Crete", P(1)), (2, "Babylon", P(2))], strong_side), P(1), strong_side)
    beat_even = delta(game([(1, "Crete", P(1)), (2, "Babylon", P(2))], even_side), P(1), even_side)
    assert beat_strong > beat_even > 0
    weak = {P(1): me, P(2): me, ("side", "Crete"): Skill(20.0, 2.0), ("side", "Babylon"): Skill(25.0, 2.0)}
    lose_weak = delta(game([(2, "Crete", P(1)), (1, "Babylon", P(2))], weak), P(1), weak)
    lose_even = delta(game([(2, "Crete", P(1)), (1, "Babylon", P(2))], even_side), P(1), even_side)
    assert lose_even < lose_weak < 0


@pytest.mark.site("SITE-RANK-06", "SITE-RANK-07")
def test_a_replacement_who_finishes_last_does_not_fall_and_the_quitter_does():
    ch = game([(1, "Egypt", P(1)), (2, "Crete", P(2)), (3, "Thrace", P(3))], abandoners={2: ["4"]})
    assert ch[P(3)].after.mu == START.mu  # the replacement keeps his skill...
    assert ch[P(3)].after.ordinal > START.ordinal  # ...and his rank rises a little (more certain)
    assert delta(ch, P(4)) < 0 and ch[P(4)].places == []  # the quitter is charged
    # the quitter pays both his own leaving and the loss his replacement was spared
    alone = game([(1, "Egypt", P(1)), (2, "Crete", P(2)), (3, "Thrace", None)], abandoners={2: ["4"]})
    assert delta(ch, P(4)) < delta(alone, P(4)) < 0


@pytest.mark.site("SITE-RANK-06")
def test_a_replacement_keeps_what_he_gains_and_the_quitter_gains_nothing():
    ch = game([(2, "Egypt", P(1)), (3, "Crete", P(2)), (1, "Thrace", P(3))], abandoners={2: ["4"]})
    assert delta(ch, P(3)) > 0
    assert delta(ch, P(4)) < 0  # his seat won without him: quitting is a loss all the same


@pytest.mark.site("SITE-RANK-07", "SITE-REMOVE-04")
def test_quitting_or_being_removed_can_only_lower_a_rating():
    """Whatever the seat's place after he left, a quitter's (or removed player's) skill does
    not rise and its uncertainty does not shrink: his rank can only fall."""
    rng = random.Random(7)
    for _ in range(200):
        n = rng.randint(2, 6)
        places = list(range(1, n + 1))
        rng.shuffle(places)
        skill = {P(i): Skill(rng.uniform(10, 40), rng.uniform(1, 8)) for i in range(20)}
        seat = rng.randrange(n)
        occupant = rng.choice([None, P(10 + seat), ("bot", "bot")])
        seats = [(places[i], f"S{i}", occupant if i == seat else P(i)) for i in range(n)]
        ch = game(seats, skill, abandoners={seat: ["19"]})
        before = skill[P(19)]
        assert ch[P(19)].after.mu < before.mu and ch[P(19)].after.sigma == before.sigma
        assert ch[P(19)].after.ordinal < before.ordinal


@pytest.mark.site("SITE-RANK-02")
def test_the_bot_is_rated_as_the_bot_never_as_a_person():
    ch = game([(1, "Egypt", ("bot", "bot")), (2, "Crete", P(2)), (3, "Thrace", ("bot", "bot"))])
    assert ("bot", "bot") in ch and not [s for s in ch if s[0] == "person" and s != P(2)]
    assert ch[("bot", "bot")].places == [1, 3]


# ---- the database: rated once, when the game ends; rebuilt the same -------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.site("SITE-RANK-03", "SITE-RANK-07")
def test_a_finished_game_is_rated_once_in_its_last_order(finished):
    """The pages' three-seat table played to its end (alice, bob, the bot): the game's record
    and the ratings are written with its last order; rating it again does nothing."""
    g = finished.game
    rated = RatedGame.objects.get(game=g)
    places = finished.rules.result(finished.state())
    assert [s["place"] for s in rated.record] == places
    assert [s["occupant"] for s in rated.record] == [["person", str(finished.alice.pk)],
                                                    ["person", str(finished.bob.pk)], ["bot", "trader"]]
    people = Rating.objects.filter(subject="person")
    assert sorted(r.user_id for r in people) == sorted([finished.alice.pk, finished.bob.pk])
    assert Rating.objects.filter(subject="side").count() == 3 and Rating.objects.filter(subject="bot").count() == 1
    best = min(range(3), key=lambda s: places[s])
    worst = max(range(3), key=lambda s: places[s])
    if places.count(places[best]) == 1 and best != 2 and worst != 2:
        by_seat = {0: finished.alice.pk, 1: finished.bob.pk}
        assert Rating.objects.get(user_id=by_seat[best]).mu > START.mu > Rating.objects.get(user_id=by_seat[worst]).mu
    before = list(Rating.objects.order_by("pk").values_list("mu", "sigma", "games"))
    from tresham.platform.ratings.record import game_record

    assert services.rate(g, g.kind, game_record(g, finished.rules, finished.state())) is None
    assert list(Rating.objects.order_by("pk").values_list("mu", "sigma", "games")) == before


@pytest.mark.django_db
@pytest.mark.site("SITE-RANK-06", "SITE-REMOVE-04")
def test_the_record_names_who_finished_a_seat_and_who_left_it(make_user):
    from tresham.platform.ratings.record import game_record

    a, b, c, d = (make_user(n) for n in ("ann", "ben", "cid", "dan"))
    g = Game.objects.create(kind="advciv", name="t", options={}, players=3, status=Game.Status.FINISHED,
                            seed="s", seed_sha256=Game.hash_seed("s"))
    Seat.objects.create(game=g, index=0, user=a, status=Seat.Status.PLAYING)
    Seat.objects.create(game=g, index=1, user=d, status=Seat.Status.PLAYING)
    Seat.objects.create(game=g, index=2, status=Seat.Status.OPEN)
    Tenure.objects.create(game=g, seat=1, user=b, ended=Tenure.End.QUIT)
    Tenure.objects.create(game=g, seat=1, user=d, replacement=True, ended=Tenure.End.FINISHED)
    Tenure.objects.create(game=g, seat=2, user=c, ended=Tenure.End.REMOVED)

    class Rules:
        def result(self, state):
            return [2, 3, 1]

        def summary(self, state):
            from tresham.games.contract import SeatSummary
            return [SeatSummary(i, n, 0) for i, n in enumerate(["Egypt", "Crete", "Thrace"])]

    rec = game_record(g, Rules(), None)
    assert rec == [SeatRecord(0, 2, "Egypt", P(a.pk)), SeatRecord(1, 3, "Crete", P(d.pk), (str(b.pk),)),
                   SeatRecord(2, 1, "Thrace", None, (str(c.pk),))]
    services.rate(g, "advciv", rec)
    r = {x.user_id: x for x in Rating.objects.filter(subject="person")}
    assert r[d.pk].mu == START.mu and r[b.pk].mu < START.mu and r[c.pk].mu < START.mu
    assert r[b.pk].games == 1 and r[b.pk].place_sum == 0  # an abandoner finished nowhere


@pytest.mark.django_db
@pytest.mark.site("SITE-RANK-03", "SITE-RANK-05")
def test_a_rebuild_from_the_records_gives_the_incremental_ratings_and_they_mean_something():
    """200 simulated games among 30 people of hidden skill (quits, replacements, bots): the
    rebuild equals the ratings kept, to the last bit; a damaged rating is found and mended;
    the ranking follows the hidden skill."""
    simulate(games=200, people=30, seed=3)
    assert RatedGame.objects.count() == 200
    out = services.rebuild(write=False)
    assert out.games == 200 and out.differences == []
    r = Rating.objects.filter(subject="person").order_by("pk").first()
    r.mu += 1e-9
    r.save()
    out = services.rebuild()
    assert len(out.differences) == 1
    assert services.rebuild(write=False).differences == []
    # the ranking agrees with the hidden skills (simulate's own draw, same seed)
    rng = random.Random(3)
    from django.contrib.auth import get_user_model

    folks = list(get_user_model().objects.filter(username__startswith="sim-").order_by("username"))
    hidden = {u.pk: rng.gauss(0, 1) for u in folks}
    rated = {x.user_id: x.ordinal for x in Rating.objects.filter(subject="person")}
    pairs = [(hidden[u], rated[u]) for u in rated]
    agree = sum((a1 - a2) * (b1 - b2) > 0 for i, (a1, b1) in enumerate(pairs) for (a2, b2) in pairs[i + 1:])
    total = len(pairs) * (len(pairs) - 1) // 2
    assert agree / total > 0.7, agree / total
