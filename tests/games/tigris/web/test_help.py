"""The help pages about Tigris & Euphrates (``?game=tigris``, what its game panel links): the
site's own topics and the game's turn, none of Advanced Civilization's facts; the site's first
game keeps every topic without the query."""
from __future__ import annotations

import re

import pytest
from django.test import Client

TOPICS = re.compile(r'<ul id="topics">(.*?)</ul>', re.S)


def _topics(html: str) -> list[str]:
    return re.findall(r'<li><a href="([^"]+)">', TOPICS.search(html).group(1))


@pytest.mark.site("SITE-GEN-06")
def test_the_help_index_of_tigris_lists_the_sites_topics_and_not_the_first_games_facts(db):
    html = Client().get("/help/?game=tigris").content.decode()
    assert "games of Tigris &amp; Euphrates on Tresham" in html and "calamities" not in html
    assert _topics(html)[:3] == ["/help/joining/?game=tigris", "/help/creating/?game=tigris",
                                 "/help/playing/?game=tigris"]
    assert not any(t.startswith(("/help/trading/", "/help/calamities/", "/help/advances/", "/help/ages/"))
                   for t in _topics(html))
    assert '<a href="/help/">Advanced Civilization</a>' in html  # the other game's help
    first = Client().get("/help/").content.decode()
    assert _topics(first)[:7] == ["/help/joining/", "/help/creating/", "/help/playing/", "/help/trading/",
                                  "/help/calamities/", "/help/advances/", "/help/ages/"]
    assert Client().get("/help/playing/?game=chess").status_code == 404


@pytest.mark.site("SITE-GEN-06")
def test_the_playing_page_of_tigris_shows_its_turn_and_only_its_own_pages(db):
    html = Client().get("/help/playing/?game=tigris").content.decode()
    assert '<h2 id="phases">' in html
    for order in ("leader", "tile", "commit"):
        assert f"<code>{order}</code>" in html, order
    assert "<dt>Trade</dt>" not in html and "<dt>A.S.T.</dt>" not in html and "<dt>Advances</dt>" not in html
    assert "your tiles" in html and "every dynasty" in html
    assert "choice of nations" not in html
    plain = Client().get("/help/playing/").content.decode()
    assert "<dt>Trade</dt>" in plain and "A game starts with the choice of nations" in plain


@pytest.mark.site("SITE-GEN-06")
def test_joining_and_creating_speak_of_dynasties_and_no_choosing_of_nations_for_tigris(db):
    joining = Client().get("/help/joining/?game=tigris").content.decode()
    assert "take over the dynasty as" in joining and "choosing nations" not in joining
    assert "civilization cards" not in joining and "pick\n    order" not in joining
    creating = Client().get("/help/creating/?game=tigris").content.decode()
    assert "plays its dynasty by itself" in creating and "choosing a nation" not in creating
    assert "The options of Tigris &amp; Euphrates" in creating
    plain = Client().get("/help/joining/").content.decode()
    assert "take over the nation as" in plain and "choosing nations</a>" in plain
    assert "civilization cards bought so far" in plain
