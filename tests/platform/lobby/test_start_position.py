"""A game created through the JSON API with the option ``position`` (a prepared start
position, docs/scenarios.md): it starts at the prepared phase with the prepared hands, shows
the option in words, and rebuilds exactly from its log. No spec ID names the option; the
closest are SITE-CREATE-04 (the creator's options) and SITE-CREATE-15 (shown to all). Only the
site's staff may create one, it is never rated, and every page of it says so (SITE-SAFE-11)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.platform.conftest import post_json
from tresham.platform.play import services as play
from tresham.platform.play.models import Game

pytestmark = pytest.mark.django_db

POSITION = json.loads((Path(__file__).resolve().parents[2] / "browser" / "positions" / "three_turns.json").read_text())


@pytest.mark.site("SITE-CREATE-04", "SITE-CREATE-15")
def test_a_game_created_with_a_position_starts_there_and_rebuilds_from_its_log(make_user, client_for):
    creator, b, c = make_user(is_staff=True), make_user(), make_user()
    api = client_for(creator)
    r = post_json(api, "/api/lobby/games", {"name": "prepared", "options": {"players": 3, "position": POSITION}})
    assert r.status_code == 201, r.content
    game = Game.objects.get(name="prepared")
    assert game.options["position"] == POSITION and game.status != Game.Status.ACTIVE
    shown = {o["name"]: o for o in r.json()["options"]}
    assert shown["position"]["text"] == "Start position: prepared, turn 5, taxation"
    assert "superstition" not in json.dumps(r.json())  # the document is not dumped
    for user in (b, c):
        assert post_json(client_for(user), f"/api/lobby/games/{game.pk}/join", {}).status_code == 201
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    state = play.current_state(game)
    assert (state.turn, state.phase) == (5, "population")  # taxation passed at once
    assert [p.nation for p in state.players] == ["crete", "thrace", "africa"]
    assert sorted(state.players[0].hand) == sorted(POSITION["players"]["crete"]["hand"])
    assert sorted(state.players[2].hand) == sorted(POSITION["players"]["africa"]["hand"])
    # a few orders, then the log alone (options + seed + orders) gives the same state
    play.submit(game.pk, {"type": "grow", "player": 1, "areas": {"byzantium": 2, "thrace": 1}}, seat=1)
    play.submit(game.pk, {"type": "ships", "player": 0, "maintain": [{"area": "knossos", "pay": "treasury"}]}, seat=0)
    game.refresh_from_db()
    now = play.current_state(game)
    assert now.phase == "ships" and now.digest() != state.digest()
    assert play.rebuild(game, from_snapshot=False).digest() == now.digest()


@pytest.mark.site("SITE-CREATE-04")
def test_a_bad_position_is_refused_and_creates_nothing(make_user, client_for):
    api = client_for(make_user(is_staff=True))
    bad = {**POSITION, "board": {**POSITION["board"], "atlantis": {"tokens": {"crete": 1}}}}
    r = post_json(api, "/api/lobby/games", {"name": "bad", "options": {"players": 3, "position": bad}})
    assert r.status_code == 400 and "board.atlantis" in r.content.decode()
    r = post_json(api, "/api/lobby/games", {"name": "bad", "options": {"players": 4, "position": POSITION}})
    assert r.status_code == 400 and "the game is for 4 players" in r.content.decode()
    assert not Game.objects.filter(name="bad").exists()


@pytest.mark.site("SITE-CREATE-15")
def test_the_game_api_shows_a_position_in_words_never_its_hands_until_the_end(make_user, client_for):
    """The prepared hands and stacks are secrets of the game: the game's JSON (to a player,
    to anyone) has the position in words only while it is played; the whole options are
    published with the seed and the log at the end (the log page)."""
    creator, b, c = make_user(is_staff=True), make_user(), make_user()
    r = post_json(client_for(creator), "/api/lobby/games", {"name": "secret", "options": {"players": 3, "position": POSITION}})
    game = Game.objects.get(name="secret")
    for user in (b, c):
        post_json(client_for(user), f"/api/lobby/games/{game.pk}/join", {})
    for who in (creator, b, None):
        body = (client_for(who) if who else __import__("django.test").test.Client()).get(f"/api/games/{game.pk}").json()
        assert body["options"]["position"] == "Start position: prepared, turn 5, taxation"
        assert "superstition" not in json.dumps(body["options"]) and "papyrus" not in json.dumps(body["options"])


# ---- SITE-SAFE-11: the staff's, never rated, and said on every page -------------------------------
NOTE = "Started from a prepared position: not rated."


@pytest.mark.site("SITE-SAFE-11")
def test_only_staff_may_start_a_game_from_a_prepared_position(make_user, client_for):
    """Whoever writes a position knows every hand and stack in it: a game from one is the
    staff's to create (ruling in docs/scenarios.md); anyone else gets 403 and nothing is made."""
    player = make_user()
    before = Game.objects.count()
    r = post_json(client_for(player), "/api/lobby/games",
                  {"name": "mine", "options": {"players": 3, "position": POSITION}})
    assert r.status_code == 403
    assert r.json() == {"error": "staff_only", "message": "only the site's staff may start a game from a "
                                                          "prepared position (such a game is never rated)"}
    assert Game.objects.count() == before
    # the same player may create a game from the normal start; staff may use the position
    assert post_json(client_for(player), "/api/lobby/games", {"name": "plain", "options": {"players": 3}}).status_code == 201
    staff = make_user(is_staff=True)
    r = post_json(client_for(staff), "/api/lobby/games", {"name": "staff's", "options": {"players": 3, "position": POSITION}})
    assert r.status_code == 201 and r.json()["prepared"] is True and r.json()["rated"] is False


def _prepared_table(make_user, **options):
    """alice (staff, seat 0) and bob in a game from the position, the bot in seat 2."""
    from tresham.platform.lobby import services as lobby

    from tests.platform.play.conftest import Table

    alice, bob, carol = make_user("alice", is_staff=True), make_user("bob"), make_user("carol")
    game = lobby.create(alice, name="Prepared", options={"players": 3, "position": POSITION, **options},
                        bot_seats=[2], time_limit=24 * 3600)
    lobby.join(game.pk, bob)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return Table(game, alice, bob, carol)


@pytest.mark.site("SITE-SAFE-11")
def test_every_page_of_a_prepared_game_says_it_is_not_rated(make_user, client_for):
    from django.test import Client

    t = _prepared_table(make_user)
    plain = play.create_game("advciv", {"players": 3}, name="Plain")
    pages = ["/games/{}/", "/games/{}/history/", "/games/{}/messages/", "/games/{}/advances/", "/games/{}/ast/",
             "/games/{}/trade/", "/games/{}/replay/", "/lobby/games/{}/"]
    for who, client in (("alice", client_for(t.alice)), ("carol", client_for(t.carol)), ("visitor", Client())):
        for page in pages:
            r = client.get(page.format(t.game.pk))
            assert NOTE in r.content.decode(), (who, page, r.status_code)
            assert NOTE not in client.get(page.format(plain.pk)).content.decode(), (who, page)
    r = client_for(t.alice).get(f"/games/{t.game.pk}/standing-orders/")
    assert r.status_code == 200 and NOTE in r.content.decode()
    for who in (t.alice, t.carol):
        body = client_for(who).get(f"/api/games/{t.game.pk}").json()
        assert (body["prepared"], body["rated"]) == (True, False)
        body = client_for(who).get(f"/api/lobby/games/{t.game.pk}").json()
        assert (body["prepared"], body["rated"]) == (True, False)
    body = Client().get(f"/api/games/{plain.pk}").json()
    assert (body["prepared"], body["rated"]) == (False, True)
    listed = client_for(t.alice).get("/api/lobby/games?tab=active").json()["games"]
    assert [(g["name"], g["prepared"], g["rated"]) for g in listed] == [("Prepared", True, False)]


@pytest.mark.site("SITE-SAFE-11", "SITE-RANK-03")
def test_a_game_from_a_prepared_position_is_never_rated(make_user):
    """Played to its end (the turn limit at the end of turn 5), the game has its places but no
    rating moves: no record, no rating of anyone in it, of the bot or of a nation."""
    from tresham.platform.ratings.models import RatedGame, Rating

    t = _prepared_table(make_user, turn_limit=5)
    t.play_until(lambda s: s.finished)
    t.game.refresh_from_db()
    assert t.game.status == Game.Status.FINISHED
    assert sorted(t.rules.result(t.state())) in ([1, 2, 3], [1, 1, 3], [1, 2, 2], [1, 1, 1])
    assert not RatedGame.objects.filter(game=t.game).exists()
    assert Rating.objects.count() == 0
    body = __import__("django.test").test.Client().get(f"/api/games/{t.game.pk}").json()
    assert body["status"] == "finished" and body["rated"] is False
