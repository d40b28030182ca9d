"""The replay page of a Tigris & Euphrates game (SITE-HIST-01, issue 14): the game's own tables
(``Replay.tables``) of every hand, swap, commit and score turn by turn, shown only
once the game is over; while it is played the address answers 404 and reveals nothing."""
from __future__ import annotations

import pytest
from django.test import Client

from tresham.games.tigris import engine
from tresham.games.tigris.rules.swap import words
from tresham.platform.lobby import services as lobby
from tresham.platform.play import services
from tresham.platform.play.models import Game

from .conftest import table_head, table_rows

pytestmark = pytest.mark.django_db

SEED = "tigris-replay-1"


def _words(counts: dict[str, int]) -> str:
    return words(counts) if any(counts.values()) else "none"


def _state(game: Game):
    game.refresh_from_db()
    return services.rules_of(game).loads(game.state)


def _give(game: Game, users, order: dict) -> None:
    seat = order["player"]
    services.submit(game.pk, order, seat=seat, account=users[seat], reason="test")


@pytest.mark.site("SITE-HIST-01")
@pytest.mark.variant("TE-BASE-45", "TE-BASE-48", "TE-BASE-76")
def test_a_finished_tigris_game_shows_every_hand_and_is_refused_while_played(make_user, client_for):
    ann, bob = make_user("ann"), make_user("bob")
    game = lobby.create(ann, kind="tigris", name="Between the rivers", options={"players": 2}, seed=SEED)
    lobby.join(game.pk, bob)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    users = [ann, bob]
    labels = {0: "Archer (ann)", 1: "Bull (bob)"}
    deal = engine.new_game(game.options, game.seed)  # the hands dealt, from the options and seed alone
    first = deal.active
    second = 1 - first
    red = deal.hands[second]["red"]
    assert red >= 1, "the seed must give the attacker a temple to commit"
    swap_colour = next(c for c in ("blue", "green", "black", "red") if deal.hands[second][c] and
                       (c != "red" or deal.hands[second][c] > red))
    # turn 1: the first player's king by the temple of F10 and a trader by B2's; turn 2: the
    # second player's king by the same temple, a revolt; he commits his temples, the defender
    # nothing; then he swaps one tile
    _give(game, users, {"type": "leader", "player": first, "colour": "black", "to": [6, 9]})
    _give(game, users, {"type": "leader", "player": first, "colour": "green", "to": [2, 1]})
    _give(game, users, {"type": "leader", "player": second, "colour": "black", "to": [4, 9]})
    assert _state(game).phase == "commit"
    _give(game, users, {"type": "commit", "player": second, "tiles": red})
    _give(game, users, {"type": "commit", "player": first, "tiles": 0})
    before_swap = _state(game).hands[second]
    _give(game, users, {"type": "swap", "player": second, "tiles": {swap_colour: 1}})

    # still being played: 404 for a player, a stranger and a visitor, and no link
    s = _state(game)
    for c in (client_for(ann), client_for(make_user("carol")), Client()):
        r = c.get(f"/games/{game.pk}/replay/")
        assert r.status_code == 404
        html = r.content.decode()
        assert 'id="replay-unavailable"' in html and "once the game is over" in html
        assert "tiles and points stay his own" in html and "trade" not in html.split("<main")[-1]
        assert "At the start" not in html and "Final scores" not in html and 'id="turn-2-1"' not in html
        assert f"/games/{game.pk}/replay/" not in c.get(f"/games/{game.pk}/").content.decode()
    assert not s.finished

    while not s.finished:  # whole-hand swaps until the bag cannot supply one (TE-BASE-76)
        _give(game, users, {"type": "swap", "player": s.active,
                            "tiles": {c: n for c, n in s.hands[s.active].items() if n}})
        s = _state(game)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED

    r = Client().get(f"/games/{game.pk}/replay/")
    assert r.status_code == 200
    html = r.content.decode()
    assert "<h1>Replay of Between the rivers</h1>" in html
    assert "here are the final scores with the colours each player" in html
    assert "trade cards" not in html  # the first game's words are not used
    assert f'href="/games/{game.pk}/replay/">Replay</a>' in client_for(ann).get(f"/games/{game.pk}/").content.decode()
    # turn 1 begins with the hands dealt
    t1 = {row[0]: row for row in table_rows(html, "turn-1-1")}
    for seat in (0, 1):
        assert t1[labels[seat]][1] == _words(deal.hands[seat])
    assert table_head(html, "turn-1-1") == ["Player", "At the start", "Placed", "Committed", "Swapped away",
                                            "Drawn", "At the end"]
    # turn 2: the attacker's temples committed, the swap's tile gone
    t2 = {row[0]: row for row in table_rows(html, "turn-2-1")}
    assert t2[labels[second]][3] == _words({"red": red})
    assert t2[labels[first]][3] == "none"
    assert t2[labels[second]][4] == _words({swap_colour: 1})
    swaps = table_rows(html, "turn-2-2")
    assert swaps[0][:3] == ["6", labels[second], _words({swap_colour: 1})]
    commits = table_rows(html, "turn-2-3")
    assert commits == [["4", labels[second], "revolt of the kings", f"attacker against {labels[first]}",
                        _words({"red": red})],
                       ["5", labels[first], "revolt of the kings", f"defender against {labels[second]}", "none"]]
    assert sum(before_swap.values()) == 6 - red
    points = {row[0]: row[1:] for row in table_rows(html, "turn-2-4")}
    assert points[labels[second]] == ["1", "0", "0", "0"]  # the revolt's red point (TE-BASE-50)
    # the end: every hand as the game ended
    final = {row[0]: row[1:] for row in table_rows(html, "final-2")}
    for seat in (0, 1):
        assert final[labels[seat]] == [_words(s.hands[seat]), str(sum(s.hands[seat].values()))]
    scores = {row[0]: row for row in table_rows(html, "final-1")}
    assert scores[labels[second]][1:5] == [str(s.points[second][c]) for c in ("red", "blue", "green", "black")]
    assert 'id="replay-error"' not in html  # the replay reached the stored state
