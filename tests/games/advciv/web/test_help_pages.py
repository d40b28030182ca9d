"""The help pages (SITE-GEN-06): every topic, written for this site, with the game's facts
taken from its rules (the figures checked here against the game's data files), accessible
(one h1, no skipped heading level, captioned tables with header cells), open to visitors."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.test import Client

from tests.shared_folder import shared
from tresham.games import registry
from tresham.games.advciv.site.phase_help import PHASES

from tests.platform.help.conftest import main_text, table

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parents[4] / "tresham" / "games" / "advciv" / "data"
PAGES = {"joining": "Joining a game", "creating": "Creating a game", "playing": "Playing a turn",
         "trading": "Trading", "calamities": "Calamities", "advances": "Civilization cards",
         "ages": "The A.S.T. and its Ages"}


def _data(name: str) -> dict:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def get(path: str) -> str:
    r = Client().get(path)
    assert r.status_code == 200, (path, r.status_code)
    return r.content.decode()


@pytest.mark.site("SITE-GEN-06")
def test_the_help_index_lists_every_topic_and_the_code_of_conduct():
    page = get("/help/")
    topics = page[page.index('<ul id="topics">'):page.index("</ul>", page.index('<ul id="topics">'))]
    links = re.findall(r'<a href="([^"]+)">([^<]+)</a>', topics)
    assert links == [(f"/help/{k}/", v) for k, v in PAGES.items()] + [("/accounts/conduct/", "The code of conduct")]
    assert get("/accounts/conduct/")  # the linked page is there


@pytest.mark.site("SITE-GEN-06", "SITE-TABLE-11")
@pytest.mark.parametrize("name", list(PAGES))
def test_every_help_page_is_accessible_and_leads_to_the_others(name):
    page = get(f"/help/{name}/")
    main = page[page.index('<main id="content">'):page.index("</main>")]
    levels = [int(h) for h in re.findall(r"<h([1-6])\b", main)]
    assert levels.count(1) == 1 and levels[0] == 1
    assert all(b <= a + 1 for a, b in zip(levels, levels[1:])), levels  # no level skipped
    assert re.search(rf"<h1>{re.escape(PAGES[name])}</h1>", main)
    for t in re.findall(r"<table\b.*?</table>", main, re.S):
        assert re.search(r"<caption\b", t) and '<th scope="col">' in t
    # each table scrolls in its own region named by its caption, never the page (SITE-TABLE-11)
    tables = re.findall(r'<table id="([\w-]+)">\s*<caption id="([\w-]+)">', main)
    assert len(tables) == main.count("<table")
    for table, caption in tables:
        assert f'<div class="table-scroll" role="region" tabindex="0" aria-labelledby="{caption}">\n' \
               f'  <table id="{table}">' in main
    for section in re.findall(r'<section aria-labelledby="([^"]+)"', main):
        assert f'id="{section}"' in main  # every section is named by its heading
    assert f'aria-current="page">{PAGES[name]}</a>' in main  # the breadcrumb
    others = re.findall(r'<li><a href="(/help/[a-z]+/)">', main[main.index('class="topics"'):])
    assert sorted(others) == sorted(f"/help/{k}/" for k in PAGES if k != name)
    assert '<a href="/accounts/conduct/">The code of conduct</a>' in main


@pytest.mark.site("SITE-GEN-06")
def test_the_calamity_table_lists_the_12_calamities_with_their_stack_tradability_effect_and_rule():
    head, rows = table(get("/help/calamities/"), "calamity-table")
    assert head == ["Calamity", "Stack", "Tradable", "What it does", "Rule"]
    cards = _data("trade_cards.json")["calamities"]
    assert len(rows) == len(cards) == 12
    # in the order they are resolved: by stack, the non-tradable one first (29.6)
    assert [r[0] for r in rows] == [c["name"] for c in cards]
    keys = [(int(r[1]), r[2] == "Yes") for r in rows]
    assert keys == sorted(keys) and len(set(keys)) == 12
    for r, c in zip(rows, cards):
        assert (r[1], r[2], r[4]) == (str(c["stack"]), "Yes" if c["tradable"] else "No", c["rule"])
        assert len(r[3]) > 60 and r[3].count(".") <= 3  # an effect of one or two sentences
    by_name = {r[0]: r for r in rows}
    flood = by_name["Flood"]
    assert flood[1:3] == ["5", "No"] and flood[4] == "30.51"
    assert "17 unit points" in flood[3] and "lose 10" in flood[3] and "coastal city" in flood[3]
    assert by_name["Epidemic"][1:3] == ["6", "Yes"] and "16 unit points" in by_name["Epidemic"][3]
    assert "25 more, no more than 10 each" in by_name["Epidemic"][3]
    assert by_name["Famine"][1:3] == ["3", "No"] and "10 unit points" in by_name["Famine"][3]
    assert by_name["Piracy"][1:3] == ["9", "Yes"] and by_name["Piracy"][4] == "30.91"
    assert [r[0] for r in rows if r[2] == "No"] == ["Volcanic Eruption / Earthquake", "Famine", "Civil War", "Flood"]


@pytest.mark.site("SITE-GEN-06")
@pytest.mark.variant("CPCAL-00a", "CPCAL-00c")
def test_the_calamity_page_lists_the_expansion_projects_twelve_with_their_option():
    """The calamities the Expansion Project options add, in the order they are resolved, each
    with its option, stack, tradability, effect and the page's rule number."""
    head, rows = table(get("/help/calamities/"), "variant-calamity-table")
    assert head == ["Calamity", "Option", "Stack", "Tradable", "What it does", "Rule"]
    cards = _data("expansion_calamities.json")["calamities"]
    assert len(rows) == len(cards) == 12
    assert sorted(r[0] for r in rows) == sorted(c["name"] for c in cards)
    keys = [(int(r[2]), r[3] == "Yes") for r in rows]
    assert keys == sorted(keys)
    by_name = {r[0]: r for r in rows}
    assert by_name["Cyclone"][1:4] == ["Expansion Project major calamities", "6", "No"]
    assert by_name["Cyclone"][5] == "28.61" and "reduces 3" in by_name["Cyclone"][4]
    assert by_name["Banditry"][1:4] == ["Expansion Project minor calamities", "9", "Yes"]
    assert "10 treasury" in by_name["Squandered Wealth"][4] and "at least 10" in by_name["Corruption"][4]
    assert "No civilization card softens a minor calamity" in main_text(get("/help/calamities/"))


@pytest.mark.site("SITE-GEN-06")
def test_the_calamity_page_explains_victims_the_cap_the_order_and_the_default():
    text = main_text(get("/help/calamities/"))
    for words in ("revealed when the trade phase is over", "more than two calamities in a turn",
                  "two of them are picked at random", "With Stoic every one of them strikes",
                  "from the lowest stack to the highest", "non-tradable one first",
                  "leading by Total Public Points", "picked at random"):
        assert words in text, words


@pytest.mark.site("SITE-GEN-06", "SITE-ADV-10")
def test_the_civilization_cards_page_is_made_from_the_games_data():
    page = get("/help/advances/")
    head, rows = table(page, "card-table")
    assert head == ["Card", "Groups", "Cost", "Prerequisite", "Effect", "Credits it gives", "Rule"]
    doc = _data("civ_cards.json")
    cards = doc["cards"]
    groups = dict(doc["meta"]["groups"])
    names = {c["id"]: c["name"] for c in cards}
    assert len(rows) == len(cards) == 24
    for r, c in zip(rows, cards):
        assert r[0] == c["name"] and r[2] == str(c["cost"]) and r[6] == c["rule"]
        assert r[1] == ", ".join(groups[g] for g in c["groups"])
        assert r[3] == (names[c["prerequisite"]] if c.get("prerequisite") else "none")
        credits = ", ".join(f"{names[t]} {n}" for t, n in c.get("credits", {}).items()) or "none"
        assert r[5] == credits
        assert r[4]  # every card has its effect
    total = sum(c["cost"] for c in cards)
    assert total == 3190 and f"cost {total}" in main_text(page)
    assert re.findall(r"<li>([^<]+)</li>", page[page.index('<ul id="groups">'):])[:5] == list(groups.values())
    pottery = next(r for r in rows if r[0] == "Pottery")
    assert pottery[1:4] == ["Crafts (orange square)", "45", "none"] and pottery[5].startswith("Cloth Making 10")


@pytest.mark.site("SITE-GEN-06")
def test_the_ages_page_gives_each_ages_requirements_and_every_nations_track():
    page = get("/help/ages/")
    ages = re.findall(r"<dt>([^<]+)</dt><dd>([^<]+)</dd>", page[page.index('<dl id="ages">'):])
    assert ages[:5] == [("Stone Age", "None."), ("Early Bronze Age", "2 cities."),
                        ("Late Bronze Age", "3 cities, cards in 3 groups."),
                        ("Early Iron Age", "4 cities, 9 civilization cards, cards in all 5 groups."),
                        ("Late Iron Age", "5 cities, civilization card points at least the value printed on each space.")]
    head, rows = table(page, "track-table")
    assert head == ["Nation", "Stone Age", "Early Bronze Age", "Late Bronze Age", "Early Iron Age",
                    "Late Iron Age", "Late Iron Age points"]
    ast = _data("ast.json")
    assert len(rows) == len(ast["tracks"]) == 9
    for r, t in zip(rows, ast["tracks"].values()):
        assert r[1:6] == [str(t["epoch_start"][e]) for e in ("stone", "early_bronze", "late_bronze",
                                                            "early_iron", "late_iron")]
        assert r[6] == ", ".join(map(str, t["late_iron_thresholds"]))
    egypt = next(r for r in rows if r[0] == "Egypt")
    assert egypt == ["Egypt", "1", "4", "7", "10", "13", "1300, 1600, 1900"]
    text = main_text(page)
    assert f"worth {ast['points_per_space']} points" in text and f"space {ast['finish_space']}" in text


@pytest.mark.site("SITE-GEN-06", "SITE-TRADE-12")
def test_the_trading_page_explains_dont_care_unspecified_lies_the_embargo_and_the_cutoff():
    page = get("/help/trading/")
    text = main_text(page)
    for words in ("at least 3 cards; a player holding fewer cannot trade",
                  "at least 2 must be what that side says", "1 with 3 cards",
                  "Don't Care", "even a calamity he names as such", "you are only sure of one Wine",
                  "Only a card your partner calls \"unspecified\" fills it",
                  "name those two and ask for one Unspecified",
                  "first half of the time limit no card changes hands",
                  "the embargo lasts 24 hours and the market closes after 384 hours",
                  "as many time limits as there are players still trading", "does not push the cutoff back"):
        assert words in text, words
    tradable = [c["name"] for c in _data("trade_cards.json")["calamities"] if c["tradable"]]
    assert "The tradable calamities are " + ", ".join(tradable) + "." in text and "Flood" not in tradable
    head, rows = table(page, "commodity-table")
    commodities = _data("trade_cards.json")["commodities"]
    assert len(rows) == len(commodities) == 18
    assert rows[0] == ["Ochre", "1", "7", "49"]  # 7 cards of value 1: 7 x 7 x 1
    assert [r[:3] for r in rows] == [[c["name"], str(c["value"]), str(c["count"])] for c in commodities]
    assert all(int(r[3]) == int(r[2]) ** 2 * int(r[1]) for r in rows)


#: What the site does at a deadline, per phase (site-behaviour section 18), as the page words it.
DEFAULTS = {
    "pick": "A free nation and one of its start areas are picked for you at random.",
    "tax": "A Coinage holder pays 2 per city, or 1 if 2 would leave cities unpaid",
    "population": "Your tokens are placed at random",
    "ships": "Nothing is built and nothing is maintained",
    "movement": "The moves you entered are carried out even if you never confirmed them; with none "
                "entered, nothing of yours moves.",
    "conflict": "The largest pillage you are allowed is taken.",
    "cities": "Every city that can be built is, those on areas without a city site first, then those on "
              "city sites, as far as your support allows; Architecture is not used.",
    "surplus": "Cities are reduced at random, those built this turn first.",
    "acquisition": "No stack-9 card is bought.",
    "trade": "the market closes at its cutoff and you keep your hand.",
    "calamities": "Losses you hand out go to the leading players by Total Public Points",
    "advances": "the site buys the cheapest card you can pay for from your hand that brings you within it",
}


@pytest.mark.site("SITE-GEN-06")
def test_the_playing_page_has_a_section_per_phase_with_its_decision_and_its_default():
    page = get("/help/playing/")
    phases = registry.get("advciv").reference()["phases"]
    assert [p["id"] for p in phases] == ["pick", "tax", "population", "census", "ships", "movement", "conflict",
                                         "cities", "surplus", "acquisition", "trade", "calamities", "advances", "ast"]
    assert set(PHASES) == {p["id"] for p in phases}  # every phase of the game has its help, no more
    found = re.findall(r'<h3 id="phase-([a-z]+)">([^<]+) <small>\(rule ([0-9.]+)\)</small></h3>', page)
    assert found == [(p["id"], p["name"], p["rule"]) for p in phases]
    for p in phases:
        start = page.index(f'<h3 id="phase-{p["id"]}">')
        part = main_text(page[start:page.index("</section>", start)] + "")
        assert "What you decide:" in part
        if p["id"] in DEFAULTS:
            assert "If your time runs out:" in part and DEFAULTS[p["id"]] in part, p["id"]
        else:  # census and A.S.T.: nothing to decide, no default
            assert "If your time runs out:" not in part and "Nothing:" in part
        if p["orders"]:
            assert "Orders of this phase: " + ", ".join(p["orders"]) + "." in part
        else:
            assert "This phase takes no order" in part
    text = main_text(page)
    assert "one and a half times the limit" in text and "Reset" in text and "Done" in text


@pytest.mark.site("SITE-GEN-06")
def test_the_creating_page_describes_every_option_the_form_offers():
    page = get("/help/creating/")
    options = page[page.index('<dl id="options">'):page.index("</dl>", page.index('<dl id="options">'))]
    labels = re.findall(r"<dt>([^<]+)</dt>", options)
    fields = registry.get("advciv").option_fields()
    assert labels == [f.label for f in fields] and "Stoic" in labels and "Hand limit" in labels
    text = main_text(page)
    assert "Create a new game" in text and "1 hour" in text and "7 days" in text
    assert "No time limit\" means nobody ever runs out of time" in text
    assert "Suggested, by the number of players: 2 players 55, 3 players 47" in main_text(options)


@pytest.mark.site("SITE-GEN-06")
def test_the_joining_page_explains_the_tabs_the_queue_and_the_same_opponent_limit():
    text = main_text(get("/help/joining/"))
    for words in ("Active", "Open", "Completed", "Join this game", "Add me to the player queue!",
                  "Join New Games? (ticked unless you untick it)", "Join Games in Progress? (unticked unless you tick it)",
                  "no more than 3 unfinished games with any one other player"):
        assert words in text, words


def test_help_pages_are_read_only_and_unknown_ones_are_not_found():
    assert Client().post("/help/calamities/").status_code == 405
    assert Client().get("/help/no-such-page/").status_code == 404



def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower().replace("’", "'"))


@pytest.mark.site("SITE-GEN-06")
def test_the_help_pages_copy_no_sentence_of_the_seed_texts():
    """Our own words: no run of 10 words of a help page appears in the manual, the rulebook or
    any other seed text (names and figures alone never make 10 words). The strings the page
    shows from the game's rules (its data's names and descriptions, the options' help, which
    the new-game form shows too) are the rules' own: they are cut out of the page first."""
    n = 10

    def grams(text: str) -> set[tuple[str, ...]]:
        out = set()
        for part in text.split("\u00a6"):
            w = _words(part)
            out |= {tuple(w[i:i + n]) for i in range(len(w) - n + 1)}
        return out

    def leaves(x) -> list[str]:
        if isinstance(x, str):
            return [x]
        if isinstance(x, dict):
            return [s for v in x.values() for s in leaves(v)]
        if isinstance(x, list):
            return [s for v in x for s in leaves(v)]
        return []

    seed_grams = set()
    texts = sorted(shared("seeds", "readable").glob("*.txt"))
    assert len(texts) >= 7, texts  # the manual, the rulebook and the other seed texts
    for f in texts:
        seed_grams |= grams(f.read_text(encoding="utf-8", errors="replace"))
    rules = registry.get("advciv")
    shown = leaves(rules.reference())
    for f in rules.option_fields():
        shown += [f.label, f.help] + [c.label for c in f.choices or []]
    shown = sorted({t for t in shown if len(t.split()) > 1}, key=len, reverse=True)
    copied = []
    for name in ["", *PAGES]:
        text = main_text(get(f"/help/{name}/" if name else "/help/"))
        for t in shown:
            text = re.sub(re.escape(t), " \u00a6 ", text, flags=re.I)
        copied += [(name, " ".join(g)) for g in grams(text) & seed_grams]
    assert copied == [], copied
