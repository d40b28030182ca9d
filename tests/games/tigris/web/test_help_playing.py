"""The help pages for Tigris & Euphrates (``reference.py`` through ``Reference.facts``):
``/help/playing/?game=tigris`` shows the turn's steps in order, each with its decision, its
order types and what the site does at the deadline (the contract's defaults), and the
game's options; the first game's page keeps its own."""
from __future__ import annotations

import html as html_lib
import re

import pytest
from django.test import Client

from tresham.games.tigris import engine
from tresham.games.tigris.rules.turn import ACCEPTS
from tresham.games.tigris.site.rules import TigrisEuphrates

from tests.platform.help.conftest import table

pytestmark = pytest.mark.django_db

RULES = TigrisEuphrates()


def get(path: str) -> str:
    r = Client().get(path)
    assert r.status_code == 200, (path, r.status_code)
    return html_lib.unescape(r.content.decode())


@pytest.mark.variant("TE-BASE-25", "TE-BASE-27", "TE-BASE-28", "TE-BLD-06", "TE-WON-06")
def test_the_playing_page_shows_the_tigris_turn_decisions_and_defaults():
    page = get("/help/playing/?game=tigris")
    main = page[page.index('<main id="content">'):page.index("</main>")]
    ids = re.findall(r'<h3 id="phase-([a-z_]+)"', main)
    assert ids == ["action", "commit", "war_order", "building", "monument", "wonder", "treasure",
                   "wonder_point", "end"]
    # every decision of the contract is a phase taking its own order type
    for kind, types in ACCEPTS.items():
        if kind != "over":
            sec = main[main.index(f'id="phase-{kind}"'):]
            sec = sec[:sec.index("</section>")]
            for t in types:
                assert f"<code>{t}</code>" in sec, (kind, t)
    defaults = {"action": "You pass: the actions you have left are not taken.",
                "commit": "You commit nothing.",
                "war_order": "The first colour at war in the order red, blue, green, black.",
                "treasure": "The first eligible treasure in reading order.",
                "monument": "You decline: no monument is built.",
                "building": "You decline: no building is placed or moved.",
                "wonder": "You decline: the wonder is not erected.",
                "wonder_point": "Your weakest colour"}
    for kind, text in defaults.items():
        sec = main[main.index(f'id="phase-{kind}"'):]
        sec = sec[:sec.index("</section>")]
        assert "If your time runs out:</strong> " + text in sec, kind
        assert "What you decide:" in sec
    end = main[main.index('id="phase-end"'):]
    assert "This phase takes no order" in end[:end.index("</section>")]
    assert "(rule TE-BLD-03; option Civilization buildings)" in main
    assert "(rule TE-WON-06; option Wonder)" in main and "(rule TE-BASE-48)" in main
    # the options
    head, rows = table(main, "game-options-table")
    assert head == ["Option", "What it does", "Default"]
    assert [r[0] for r in rows] == ["Board side", "Civilization buildings", "English variant", "Wonder",
                                    "Open scoring"]
    assert rows[0][2] == "base" and all(r[2] == "off" for r in rows[1:])
    assert "14 Shedu temples" in rows[0][1] and "exactly a tie" in rows[2][1]
    # no Reset/Done paragraph written for the first game's movement and trade
    orders = main[main.index('id="orders"'):]
    orders = orders[:orders.index("</section>")]
    assert "needs no Reset or Done" in orders and "movement" not in orders and "market" not in orders
    assert "a click on the map chooses it" in orders
    # the page's own links keep the game
    assert 'href="/help/creating/?game=tigris"' in main


@pytest.mark.variant("TE-BASE-25")
@pytest.mark.site("SITE-SAFE-12")
def test_the_first_games_playing_page_has_its_own_options_table():
    """The first game's page has none of this game's phases or options: its options table is
    its own (where SITE-SAFE-12's option is listed)."""
    page = get("/help/playing/")
    assert 'id="phase-action"' not in page
    head, rows = table(page[page.index("<main"):], "game-options-table")
    labels = [r[0] for r in rows]
    assert "Board side" not in labels and "Open scoring" not in labels
    assert "Expansion Project: cards of the later text" in labels and "Stoic" in labels
    assert 'id="phases"' in page
    assert "in the trade\n    phase you leave the market" in page  # its own Reset and Done


@pytest.mark.variant("TE-BASE-25", "TE-BASE-28")
def test_reference_phases_carry_their_orders_and_help():
    ref = RULES.reference()
    for p in ref["phases"]:
        assert set(p) >= {"id", "name", "rule", "orders", "help"}
        assert p["help"]["decide"]
        assert set(p["orders"]) <= set(t for ts in ACCEPTS.values() for t in ts)
    assert {o["name"] for o in ref["options"]} == set(engine.OPTION_DEFAULTS) - {"players"}
