"""The end of a game (SITE-TABLE-14): the result on top of the finished game's page (places,
points, the winner named), in the lobby's Completed tab with the viewer's own place, each
linking the replay. The game-over mail's: tests/platform/mail/test_game_mails.py."""
from __future__ import annotations

import re

import pytest
from django.test import Client

from tresham.games.advciv.variant import game_for
from tresham.platform.play.results import Placing, Result, ordinal

from .conftest import table_rows

pytestmark = pytest.mark.django_db


def _expected(t):
    """Each seat's (place, victory points, label) from the engine's own final state."""
    state = t.state()
    g = game_for(state)
    who = {0: "alice", 1: "bob", 2: "bot"}
    places = t.rules.result(state)
    return {p.seat: (places[p.seat], g.score(p.nation), f"{g.name(p.nation)} ({who[p.seat]})") for p in state.players}


@pytest.mark.site("SITE-TABLE-14")
def test_the_finished_games_page_shows_its_result_on_top(finished, client_for):
    t = finished
    exp = _expected(t)
    winners = [s for s, (place, _, _) in exp.items() if place == 1]
    for viewer, seat in ((t.alice, 0), (t.bob, 1), (t.carol, None)):
        html = client_for(viewer).get(f"/games/{t.game.pk}/").content.decode()
        top = html.index('id="result"')
        assert top < html.index('id="map"') and top < html.index('id="summary"')  # on top, before the map
        headline = re.search(r'<strong id="result-headline">([^<]+)</strong>', html).group(1)
        if len(winners) == 1:
            place, score, label = exp[winners[0]]
            assert headline == f"Won by {label} with {score:,} victory points"
        else:  # the fixture's game ends in a tie: every winner named, in seat order
            labels = [exp[s][2] for s in sorted(winners)]
            named = labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]
            assert headline == f"Won by {named}, sharing first place with {exp[winners[0]][1]:,} victory points"
        rows = table_rows(html, "result-places")
        assert sorted((int(r[0]), r[1], int(r[3])) for r in rows) == sorted(
            (p, lab.split(" (")[0], sc) for p, sc, lab in exp.values())
        assert [int(r[0]) for r in rows] == sorted(p for p, _, _ in exp.values())  # best first
        yours = re.search(r'<span id="result-yours">([^<]+)</span>', html)
        if seat is None:
            assert yours is None
        else:
            place = exp[seat][0]
            shared = [p for p, _, _ in exp.values()].count(place) > 1
            want = ("You won" if place == 1 else f"You came {ordinal(place)} of 3") + (
                (", sharing first place" if place == 1 else ", sharing it") if shared else "")
            assert yours.group(1) == want + "."
        assert f'<a href="/games/{t.game.pk}/replay/" id="result-replay">The replay</a>' in html
    assert Client().get(f"/games/{t.game.pk}/replay/").status_code == 200


@pytest.mark.site("SITE-TABLE-14", "SITE-LIST-05")
def test_the_completed_tab_gives_the_result_and_the_viewers_place(finished, client_for):
    t = finished
    exp = _expected(t)
    for viewer, seat in ((t.alice, 0), (t.bob, 1)):
        html = client_for(viewer).get("/lobby/completed/").content.decode()
        row = html[html.index(t.game.name.replace("<", "&lt;").replace(">", "&gt;")):]
        row = row[:row.index("</tr>")]
        place = exp[seat][0]
        if place == 1:
            assert "You won" in row
        else:
            assert f'<strong class="result-yours">You came {ordinal(place)} of 3' in row
        assert "Won by " in row and "victory points." in row
        assert f'<a href="/games/{t.game.pk}/replay/">Replay</a>' in row
        assert "<th scope=\"col\">Result</th>" in html


@pytest.mark.site("SITE-TABLE-14")
def test_the_result_in_words():
    def p(place, seat, name, player, points):
        return Placing(place, seat, name, player, points)

    r = Result([p(1, 1, "Babylon", "alice", 1650), p(2, 0, "Egypt", "bob", 1200), p(3, 2, "Crete", "bot", 800)],
               "victory points")
    assert r.headline == "Won by Babylon (alice) with 1,650 victory points"
    assert (r.your_place(1), r.your_place(0), r.your_place(2), r.your_place(None)) == (
        "You won", "You came 2nd of 3", "You came 3rd of 3", "")
    tie = Result([p(1, 0, "Archer", "ann", 7), p(1, 1, "Bull", "bob", 7), p(3, 2, "Lion", "cy", 5)])
    assert tie.headline == "Won by Archer (ann) and Bull (bob), sharing first place with 7 points"
    assert tie.your_place(1) == "You won, sharing first place" and tie.your_place(2) == "You came 3rd of 3"
    second = Result([p(1, 0, "A", "a", 9), p(2, 1, "B", "b", 5), p(2, 2, "C", "c", 5)])
    assert second.your_place(2) == "You came 2nd of 3, sharing it"
    assert Result([p(1, 0, "Archer", "ann", None)]).headline == "Won by Archer (ann)"
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]
