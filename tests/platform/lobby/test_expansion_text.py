"""SITE-SAFE-12: the Expansion Project calamities follow seed 002's text by default; the later
text's card substitutions are an option, off by default, created through the new-game form
and listed with the game's options on the lobby's and the game's pages and in the help page's
options table."""
from __future__ import annotations

import re

import pytest
from django.test import Client

from tresham.platform.play.models import Game

from tests.platform.help.conftest import table
from tests.platform.lobby.test_create import form_defaults

LABEL = "Expansion Project: cards of the later text"


@pytest.mark.site("SITE-SAFE-12", "SITE-CREATE-15")
def test_the_option_is_offered_off_and_listed_with_the_games_options(make_user, client_for):
    c = client_for(make_user())
    form = c.get("/lobby/new/").content.decode()
    box = re.search(r'<input type="checkbox" name="opt_ep_later_modifiers"[^>]*>', form).group(0)
    assert "checked" not in box
    assert re.search(rf'<label for="id_opt_ep_later_modifiers">{LABEL}</label>', form)
    c.post("/lobby/new/", form_defaults(name="page text", opt_ep_major="on"))
    c.post("/lobby/new/", form_defaults(name="later text", opt_ep_major="on", opt_ep_later_modifiers="on"))
    plain, later = Game.objects.get(name="page text"), Game.objects.get(name="later text")
    assert plain.options["ep_later_modifiers"] is False and later.options["ep_later_modifiers"] is True
    for game, words in ((plain, "No"), (later, "Yes")):
        for url in (f"/lobby/games/{game.pk}/", f"/games/{game.pk}/"):
            page = Client().get(url).content.decode()
            assert f"<dt>{LABEL}</dt><dd>{words}</dd>" in page, url
        opts = {o["name"]: o for o in Client().get(f"/api/lobby/games/{game.pk}").json()["options"]}
        assert opts["ep_later_modifiers"]["text"] == words
    # without the major calamities the option has nothing to change: refused, nothing created
    r = c.post("/lobby/new/", form_defaults(name="nothing to change", opt_ep_later_modifiers="on"))
    assert r.status_code == 400 and "play with the Expansion Project major calamities" in r.content.decode()
    assert not Game.objects.filter(name="nothing to change").exists()


@pytest.mark.site("SITE-SAFE-12", "SITE-GEN-06")
def test_the_help_pages_options_table_lists_it_off_by_default():
    page = Client().get("/help/playing/").content.decode()
    head, rows = table(page, "game-options-table")
    assert head == ["Option", "What it does", "Default"]
    row = next(r for r in rows if r[0] == LABEL)
    assert row[2] == "off"
    assert "Engineering spares two cities and keeps two ships (for Calendar)" in row[1]
    assert "Military spares 5 unit points and Democracy 10 (for Sculpture)" in row[1]
    assert "off: the page's own text, where no advance softens either" in row[1]
    assert [r[2] for r in rows if r[0] in ("Stoic", "Public trade message", "Hand limit")] == ["8", "off", "on"]
