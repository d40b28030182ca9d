"""Bots ranked per level (SITE-BOT-04): each level of a game's bot is rated as a player of
its own ("Bot: Heuristic") and listed among the people on the rankings page and in its JSON;
a game one person plays against bots only is rated only if its creator chose so."""
from __future__ import annotations

import itertools
import re

import pytest
from django.test import Client
from django.utils import timezone

from tresham.platform.clock.worker import run_due
from tresham.platform.lobby import services as lobby
from tresham.platform.play import services as play
from tresham.platform.play.models import Game, Seat, Tenure
from tresham.platform.ratings import rankings, record, services
from tresham.platform.ratings.compute import SeatRecord
from tresham.platform.ratings.models import RatedGame, Rating

pytestmark = pytest.mark.django_db

ROW = re.compile(r'<tr><td>(\d+)</td><th scope="row">([^<]+)</th><td>(\d+)</td><td>([^<]+)</td></tr>')
_games = itertools.count(1)


def finished(seats: list, places: list[int], kind: str = "advciv") -> Game:
    """A finished game whose seats are ``seats`` (a user, or a bot level's key) at ``places``,
    rated as a real one is at its end (each seat's occupant as ``record.occupant`` says)."""
    now = timezone.now()
    game = Game.objects.create(kind=kind, name=f"Finished {next(_games)}", options={}, players=len(seats),
                               status=Game.Status.FINISHED, seed="t", seed_sha256=Game.hash_seed("t"),
                               started_at=now, finished_at=now)
    out = []
    for i, (who, place) in enumerate(zip(seats, places)):
        if isinstance(who, str):
            seat = Seat.objects.create(game=game, index=i, is_bot=True, bot_level=who, status=Seat.Status.PLAYING)
        else:
            seat = Seat.objects.create(game=game, index=i, user=who, status=Seat.Status.PLAYING)
            Tenure.objects.create(game=game, seat=i, user=who, ended_at=now, ended=Tenure.End.FINISHED)
        out.append(SeatRecord(i, place, f"Side {i + 1}", record.occupant(seat)))
    services.rate(game, kind, out)
    return game


@pytest.mark.site("SITE-BOT-04")
def test_each_bot_level_is_ranked_as_a_player_of_its_own(make_user, client_for):
    ann, bob = make_user("ann"), make_user("bob")
    for _ in range(3):
        finished([ann, "heuristic", bob, "random"], [1, 2, 3, 4])
    # two seats of one level in a game: one player, one game more, the mean of its two results
    finished([ann, "heuristic", "heuristic", bob], [1, 2, 3, 4])
    bots = {r.key: r for r in Rating.objects.filter(kind="advciv", subject="bot")}
    assert sorted(bots) == ["heuristic", "random"]
    assert (bots["heuristic"].games, bots["heuristic"].place_sum) == (4, 2 + 2 + 2 + 2 + 3)
    assert (bots["random"].games, bots["random"].place_sum) == (3, 12)
    ranked = rankings.ranking("advciv")
    assert [(r.rank, r.user_id, r.bot, r.games) for r in ranked] == [
        (1, ann.pk, "", 4), (2, None, "heuristic", 4), (3, bob.pk, "", 4), (4, None, "random", 3)]
    page = Client().get("/rankings/?kind=advciv").content.decode()
    assert ROW.findall(page) == [("1", "ann", "4", "plays every turn"), ("2", "Bot: Heuristic", "4", "computer player"),
                                 ("3", "bob", "4", "plays every turn"), ("4", "Bot: Random", "3", "computer player")]
    assert "4 ranked" in page
    body = Client().get("/api/rankings?kind=advciv").json()
    assert body["total"] == 4
    assert [(p["rank"], p["name"], p["username"], p["bot"], p["bot_level"]) for p in body["players"]] == [
        (1, "ann", "ann", False, None), (2, "Bot: Heuristic", None, True, "heuristic"),
        (3, "bob", "bob", False, None), (4, "Bot: Random", None, True, "random")]
    # a person's rank counts the bot levels as the page lists them
    assert rankings.rank_of(bob, "advciv") == (3, 4)
    assert "<li>Rank 3 of 4 in Advanced Civilization</li>" in client_for(bob).get("/accounts/me/").content.decode()


@pytest.fixture
def leveled(register_games):
    register_games({"leveled": "tests.platform.clock.test_bot_levels:LeveledCount"})


def _play_to_the_end(game: Game, user) -> Game:
    for _ in range(10):
        run_due()
        game.refresh_from_db()
        if game.is_finished:
            return game
        state = play.current_state(game)
        play.submit(game.pk, {"type": "say", "number": state["count"] + 1}, seat=0, account=user)
    raise AssertionError("the game did not end")


@pytest.mark.django_db(transaction=True)
@pytest.mark.site("SITE-BOT-04")
def test_a_game_against_bots_only_is_rated_only_if_its_creator_chose_so(leveled, make_user, client_for):
    ann = make_user("ann")
    c = client_for(ann)
    plain = lobby.create(ann, kind="leveled", bot_seats=[1], time_limit=None)
    assert plain.against_bots_only and not plain.is_rated
    assert c.get(f"/api/lobby/games/{plain.pk}").json()["rated"] is False
    _play_to_the_end(plain, ann)
    assert not RatedGame.objects.filter(game=plain).exists()
    assert not Rating.objects.filter(kind="leveled").exists()
    chosen = lobby.create(ann, kind="leveled", bot_seats=[1], bot_levels={1: "counter"}, time_limit=None,
                          rated_against_bots=True)
    detail = c.get(f"/api/lobby/games/{chosen.pk}").json()
    assert (detail["rated"], detail["rated_against_bots"]) == (True, True)
    chosen = _play_to_the_end(chosen, ann)
    rated = RatedGame.objects.get(game=chosen)
    assert [s["occupant"] for s in rated.record] == [["person", str(ann.pk)], ["bot", "counter"]]
    winner = play.current_state(chosen)["winner"]
    assert {(r.subject, r.key, r.games, r.place_sum) for r in Rating.objects.filter(kind="leveled")
            .exclude(subject="side")} == {("person", str(ann.pk), 1, 1 if winner == 0 else 2),
                                          ("bot", "counter", 1, 1 if winner == 1 else 2)}
    names = [p["name"] for p in Client().get("/api/rankings?kind=leveled").json()["players"]]
    assert sorted(names) == ["Bot: Counter", "ann"]


@pytest.mark.site("SITE-BOT-04")
def test_two_people_or_a_seat_a_bot_took_over_from_a_person_make_a_rated_game(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    both = lobby.create(ann, options={"players": 3}, friends=[], bot_seats=[2], time_limit=None)
    assert not both.against_bots_only and both.is_rated  # an open seat is a person's to come
    lobby.join(both.pk, bob)
    both.refresh_from_db()
    assert both.is_rated
    # bob's seat given to a bot once he left: still a game of two people, rated
    Tenure.objects.filter(game=both, user=bob).update(ended=Tenure.End.QUIT, ended_at=timezone.now())
    Seat.objects.filter(game=both, index=1).update(user=None, is_bot=True, bot_level="random")
    both = Game.objects.get(pk=both.pk)
    assert not both.against_bots_only and both.is_rated
    alone = lobby.create(ann, options={"players": 3}, bot_seats=[1, 2], time_limit=None)
    assert alone.against_bots_only and not alone.is_rated
