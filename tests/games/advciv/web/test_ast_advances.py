"""The A.S.T. page (tracks labelled with their Ages, the Ages' requirements below, the public
summary sorted by Total Public Points) and the Advances page (the viewer's cards, then
everyone's, every card's cost, groups, credits, prerequisite and effect)."""
from __future__ import annotations

import re

import pytest
from django.test import Client

from tresham.games.advciv.site import pages

from tests.platform.play.conftest import section, table_head, table_rows

pytestmark = pytest.mark.django_db


@pytest.mark.site("SITE-AST-02")
def test_the_ast_page_labels_each_band_with_its_age_and_lists_the_requirements_below(trading):
    t = trading
    state = t.state()
    html = Client().get(f"/games/{t.game.pk}/ast/").content.decode()
    data = pages.ast_page(state)
    legend = section(html, "legend")
    ages = ["Stone Age", "Early Bronze Age", "Late Bronze Age", "Early Iron Age", "Late Iron Age"]
    for i, age in enumerate(ages):
        assert f'<span class="age{i}">' in legend and f"= {age}</span>" in legend
    track = html[html.index('<table class="track"'):html.index("</table>", html.index('<table class="track"'))]
    rows = re.findall(r'<tr><th scope="row">([^<]+)</th>(.*?)</tr>', track, re.S)
    assert [r[0] for r in rows] == [tr["name"] for tr in data["tracks"]] and len(rows) == 3
    for (name, cells), tr in zip(rows, data["tracks"]):
        classes = re.findall(r'<td class="(age\d)( here)?" title="([^"]+)"', cells)
        assert [c[2].split(":")[0] for c in classes] == [sp["age"] for sp in tr["spaces"]]
        assert [ages[int(c[0][3:])] for c in classes] == [sp["age"] for sp in tr["spaces"]]
        assert len(classes) == 16 and [i for i, c in enumerate(classes) if c[1]] == [tr["position"]]
        assert f"{name} is here" in cells
        late = [sp["points"] for sp in tr["spaces"] if sp["points"]]
        assert late and all(f"<br>{p}" in cells for p in late)  # the Late Iron Age values
    # the requirements, below the table
    reqs = html.index('<dl id="ages">')
    assert reqs > html.index('<table class="track"')
    dl = html[reqs:html.index("</dl>", reqs)]
    assert re.findall(r"<dt[^>]*>([^<]+)</dt><dd>([^<]+)</dd>", dl) == [
        ("Stone Age", "None."), ("Early Bronze Age", "2 cities."), ("Late Bronze Age", "3 cities, cards in 3 groups."),
        ("Early Iron Age", "4 cities, 9 civilization cards, cards in all 5 groups."),
        ("Late Iron Age", "5 cities, civilization card points at least the value printed on each space.")]


@pytest.mark.site("SITE-AST-03")
def test_the_ast_summary_ends_with_civ_advancement_and_total_public_points_sorted(table, client_for):
    t = table
    t.play_until(lambda s: s.players[0].civ_cards and s.phase != "advances")
    state = t.state()
    html = client_for(t.bob).get(f"/games/{t.game.pk}/ast/").content.decode()
    head = table_head(html, "summary")
    assert head[-2:] == ["Civ Advancement Points", "Total Public Points"]
    rows = table_rows(html, "summary")
    col = {h: i for i, h in enumerate(head)}
    tpp = [int(r[-1]) for r in rows]
    assert tpp == sorted(tpp, reverse=True)
    from tresham.games.advciv.data import load  # test side: the printed costs

    cards = load().civ_cards
    seat_of = {s.name: s.seat for s in t.rules.summary(state)}
    for r in rows:
        p = state.players[seat_of[r[0]]]
        cap = sum(cards[c].cost for c in p.civ_cards)
        assert int(r[col["Civ Advancement Points"]]) == cap
        assert int(r[-1]) == cap + p.treasury + 100 * p.ast + 50 * int(r[col["Cities"]])
    assert any(int(r[col["Civ Advancement Points"]]) > 0 for r in rows)


@pytest.fixture
def with_cards(table):
    table.play_until(lambda s: s.players[0].civ_cards and s.players[1].civ_cards)
    return table


@pytest.mark.site("SITE-ADV-09", "SITE-ADV-10")
def test_the_advances_page_lists_the_viewers_cards_then_everyones(with_cards, client_for):
    t = with_cards
    state = t.state()
    from tresham.games.advciv.data import load

    d = load()
    html = client_for(t.alice).get(f"/games/{t.game.pk}/advances/").content.decode()
    yours = section(html, "yours")
    mine = [d.civ_cards[c].name for c in d.civ_cards if c in state.players[0].civ_cards]
    assert re.findall(r"<li><strong>([^<]+)</strong>", yours) == mine
    assert html.index('id="yours"') < html.index('id="everyone"')  # everyone's below his own
    block = section(html, "everyone")
    rows = re.findall(r'<tr><th scope="row">([^<]+)</th><td class="prose">([^<]*)</td><td class="num">(\d+)</td>'
                      r'<td class="num">(\d+)</td></tr>', block)
    summary = {s.seat: s.name for s in t.rules.summary(state)}
    got = {r[0]: (r[1], int(r[2]), int(r[3])) for r in rows}
    for p in state.players:
        names = [d.civ_cards[c].name for c in d.civ_cards if c in p.civ_cards]
        who = {0: "alice", 1: "bob", 2: "bot"}[p.seat]
        assert got[f"{summary[p.seat]} ({who})"] == (", ".join(names) or "none", len(names),
                                                      sum(d.civ_cards[c].cost for c in p.civ_cards))


@pytest.mark.site("SITE-ADV-10")
def test_every_cards_cost_groups_credits_prerequisite_and_effect_are_readable(with_cards, client_for):
    t = with_cards
    html = client_for(t.alice).get(f"/games/{t.game.pk}/advances/").content.decode()
    block = section(html, "cards")
    rows = re.findall(r'<tr><th scope="row">([^<]+)</th>(.*?)</tr>', block, re.S)
    assert len(rows) == 24
    road = next(cells for name, cells in rows if name.startswith("Roadbuilding"))
    cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", road, re.S)]
    # groups, cost, your credit, your cost, prerequisite, effect, credits given
    assert cells[0] == "Crafts (orange square)" and cells[1] == "140" and cells[4] == "Engineering"
    assert "Tokens may move through one land area into a second (32.251)" in cells[5] and "(rule 32.25)" in cells[5]
    assert "Pottery 10" in cells[6] and "Mining 10" in cells[6]
    state = t.state()
    from tresham.games.advciv.context import Context as Game
    from tresham.games.advciv.rules.civcards import cost_after_credits, credit  # the engine's arithmetic

    g, me = Game(state), state.players[0]
    assert int(cells[2]) == credit(g, me, "roadbuilding") > 0
    assert int(cells[3]) == cost_after_credits(g, me, "roadbuilding") == 140 - int(cells[2])
    owned = [name for name, _ in rows if name.endswith("(yours)")]
    assert len(owned) == len(state.players[0].civ_cards)
    # a visitor reads the same cards, without the columns about "you"
    public = Client().get(f"/games/{t.game.pk}/advances/").content.decode()
    assert 'id="yours"' not in public and "Your cost" not in public and "(yours)" not in public
    assert "Tokens may move through one land area into a second (32.251)" in public
