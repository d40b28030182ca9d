"""A game created through the JSON API with the option ``position`` (a prepared start
position, docs/scenarios.md): it starts at the prepared phase with the prepared hands, shows
the option in words, and rebuilds exactly from its log. No spec ID names the option; the
closest are SITE-CREATE-04 (the creator's options) and SITE-CREATE-15 (shown to all)."""
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
    creator, b, c = make_user(), make_user(), make_user()
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
    api = client_for(make_user())
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
    creator, b, c = make_user(), make_user(), make_user()
    r = post_json(client_for(creator), "/api/lobby/games", {"name": "secret", "options": {"players": 3, "position": POSITION}})
    game = Game.objects.get(name="secret")
    for user in (b, c):
        post_json(client_for(user), f"/api/lobby/games/{game.pk}/join", {})
    for who in (creator, b, None):
        body = (client_for(who) if who else __import__("django.test").test.Client()).get(f"/api/games/{game.pk}").json()
        assert body["options"]["position"] == "Start position: prepared, turn 5, taxation"
        assert "superstition" not in json.dumps(body["options"]) and "papyrus" not in json.dumps(body["options"])
