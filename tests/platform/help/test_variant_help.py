"""The help pages of a variant (EP-14): ``/help/playing/?variant=KEY`` gives the variant's
turn with its phases' names, what each phase it changes or adds does and what each of its
decisions asks (from the variant's own phases and orders), and its sub-options. Only the
built-in variants have one: on a site that registers only the plain game (the test patches
``VARIANTS`` and ``BUILT_IN``) there is none; Grand Imperial, registered, has one."""
from __future__ import annotations

import re

import pytest
from django.test import Client

from tresham.games.advciv import variant as V
from tresham.games.advciv.grand_imperial.variant import KEY, GrandImperial

from .conftest import main_text, table

pytestmark = pytest.mark.django_db


@pytest.fixture
def registered(monkeypatch):
    """Grand Imperial registered, as the product does (a fresh object, so a test's changes stay
    in it)."""
    monkeypatch.setitem(V.VARIANTS, KEY, GrandImperial())
    monkeypatch.setattr(V, "BUILT_IN", frozenset({"standard", KEY}))


@pytest.fixture
def plain_only(monkeypatch):
    """A site whose product registers only the plain game."""
    monkeypatch.delitem(V.VARIANTS, KEY, raising=False)
    monkeypatch.setattr(V, "BUILT_IN", frozenset({"standard"}))


def test_no_variant_help_while_only_the_plain_game_is_built_in(plain_only):
    page = Client().get("/help/playing/").content.decode()
    assert "Variants played on this site" not in page and "Grand Imperial" not in page
    assert Client().get("/help/playing/?variant=grand_imperial").status_code == 404
    assert Client().get("/help/playing/?variant=chess").status_code == 404


@pytest.mark.variant("GI-TURN-13", "GI-AST-02", "GI-AST-03")
def test_the_grand_imperial_turn_and_its_decisions_are_explained(registered):
    """The plain page links to the variant's; the variant's lists the phases in its turn's
    order (the Leadership cards first, new; acquisition and the A.S.T. changed, with what they
    do and what buy_regional and auction_bid ask), the Grand Diplomat taken in any phase, and
    the two A.S.T. sub-options with their defaults (GIR-54: off)."""
    plain = Client().get("/help/playing/").content.decode()
    assert '<a href="?variant=grand_imperial">Grand Imperial</a>' in plain
    page = Client().get("/help/playing/?variant=grand_imperial").content.decode()
    heads = re.findall(r'<h3 id="phase-([a-z_]+)">(.*?) <small>\((.*?)\)</small></h3>', page)
    assert [h[0] for h in heads] == ["pick", *GrandImperial.turn]
    by_id = {i: (name, small) for i, name, small in heads}
    assert by_id["leaders"] == ("Leadership cards", "rule GI-LEADER-01; new in Grand Imperial")
    assert by_id["acquisition"] == ("Trade card acquisition", "rule GI-TRADE-01; changed in Grand Imperial")
    assert by_id["ast"] == ("A.S.T. alteration", "rule 33; changed in Grand Imperial")
    assert by_id["census"] == ("Census", "rule 21")
    text = main_text(page)
    acq = text[text.index("Trade card acquisition (rule GI-TRADE-01"):text.index("Trade (rule 28)")]
    assert "buy_regional Draw the top card of region and pay twice its face value from treasury" in acq
    assert "auction_bid A sealed bid for the card auctioned (GI-TRADE-05)" in acq
    assert "for 18 each" not in acq  # the plain acquisition's help (stack 9 for 18) does not apply
    ast = text[text.index("A.S.T. alteration (rule 33"):]
    assert '"per city", entering a space of an Age also needs as many different city advances' in ast
    assert "diplomat Play the Grand Diplomat, at any time" in text
    head, rows = table(page, "variant-options")
    assert head == ["Option", "What it does", "Values", "Default"]
    assert [r[0] for r in rows] == ["ast_advances", "capital_to_win", "pirate_range"]
    assert rows[0][2:] == ["off, per_city, per_colour", "off"] and rows[1][2:] == ["False, True", "False"]
    main = page[page.index('<main id="content">'):page.index("</main>")]
    levels = [int(h) for h in re.findall(r"<h([1-6])\b", main)]
    assert levels.count(1) == 1 and all(b <= a + 1 for a, b in zip(levels, levels[1:])), levels
