"""The site face's GameRules of Civilization: The Card Game through the contract (issue 29):
options (players, teams, the deck choice with the Tresham deck labelled our own design), the
bot levels, the order forms of every decision (an attack and its counter included), the mail
commands, the summary and the table page's data, which shows nothing of another seat's hand."""
from __future__ import annotations

import pytest

from tresham.games import registry
from tresham.games.civcards.site import tableau
from tresham.games.contract import IllegalOrder

from ..helpers import at_buy, hand, plots, res, started

R = registry.get("civcards")


def _form(s, seat, fid):
    return {f.id: f for f in R.offers.forms.order_forms(s, seat)}[fid]


@pytest.mark.variant("CCG-OV-01", "CCG-TEAM-01")
def test_the_options_players_teams_and_the_deck_labelled_our_own_design():
    assert (R.min_players, R.max_players) == (2, 4) and R.name == "civcards"
    assert R.parse_options({}) == {"players": 2, "teams": "none", "deck": "tresham"}
    with pytest.raises(IllegalOrder, match="team game is for 4 players"):
        R.parse_options({"players": 3, "teams": "opposite"})
    with pytest.raises(IllegalOrder, match="installed decks"):
        R.parse_options({"deck": "printed"})
    fields = {f.name: f for f in R.option_fields()}
    assert [c.value for c in fields["players"].choices] == [2, 3, 4]
    deck = fields["deck"].choices
    assert deck[0].value == "tresham" and "our own design" in deck[0].label
    assert "our own design" in R.offers.words["help_facts"]
    assert R.options_schema()["properties"]["deck"]["enum"] == ["tresham"]
    assert [b.key for b in R.offers.bots] == ["heuristic", "random"]


@pytest.mark.variant("CCG-COMB-01", "CCG-COMB-04", "CCG-COMB-05")
def test_an_attack_and_its_counter_through_the_forms():
    s = started(2, seed=3)
    at_buy(s, 0)
    hand(s, 0, "swordsman", "horseman")
    hand(s, 1, "archer")
    plots(s, 1, "grassland", "plains", pop=(2, 1))
    res(s, 0)
    s, _ = R.apply(s, R.offers.forms.form_order(s, 0, "end_buy", {}))
    assert s.phase == "attack"
    f = _form(s, 0, "attack")
    assert [x.name for x in f.fields] == ["t1"] and len(f.fields[0].choices) == 2
    units = [c.value for c in f.fields[0].choices]
    s, _ = R.apply(s, R.offers.forms.form_order(s, 0, "attack", {"t1": units}))
    assert s.phase == "defend" and R.pending(s)[0].player == 1
    assert R.offers.forms.order_forms(s, 0) == []  # only the defender decides
    d = _form(s, 1, "defend")
    horse = next(u for u in units if u.startswith("horseman"))
    (field,) = d.fields  # the archer counters the horseman only
    assert [c.value for c in field.choices] == [h for h in s.seats[1]["hand"] if h.startswith("archer")]
    order = R.offers.forms.form_order(s, 1, "defend", {field.name: field.choices[0].value})
    assert order["counters"] == [{"unit": horse, "by": field.choices[0].value}]
    s, _ = R.apply(s, order)
    pop_before = sum(pl["pop"] for pl in s.seats[1]["plots"])
    assert s.phase == "losses"
    lf = _form(s, 1, "losses")
    assert {x.name for x in lf.fields} == {"population", "buildings"} or {x.name for x in lf.fields} == {"population"}
    pop_field = next(x for x in lf.fields if x.name == "population")
    assert pop_field.min == pop_field.max == 1  # the swordsman steals 1; the countered horseman nothing
    first = pop_field.choices[0].value
    vals = {"population": {first: 1}, "buildings": []}
    s, _ = R.apply(s, R.offers.forms.form_order(s, 1, "losses", vals))
    assert sum(pl["pop"] for pl in s.seats[1]["plots"]) == pop_before - 1
    # the table page's data while the game goes on: no card of the other hand
    t = tableau.table(R.view(s, 0))
    assert t["hand"] is not None and t["players"][1]["neighbour"] and t["neighbours"] == ["Egypt"]
    assert len(t["market_techs"]) == 3 and len(t["market_plots"]) == 3


@pytest.mark.variant("CCG-TURN-02")
def test_a_form_not_open_now_is_refused_and_mail_commands_give_simple_orders():
    s = started(2, seed=5)
    d = R.pending(s)[0].player
    assert s.phase == "collect"
    with pytest.raises(IllegalOrder, match="not open"):
        R.offers.forms.form_order(s, d, "end_buy", {})
    assert R.offers.forms.order_forms(s, 1 - d) == []
    assert R.offers.mail_commands.order(s, d, "Collect") == {"type": "collect", "population": {}}
    with pytest.raises(IllegalOrder):
        R.offers.mail_commands.order(s, d, "done")
    assert R.offers.mail_commands.order(s, d, "hello") is None
    assert R.offers.mail_commands.help(s, d)[0].startswith("collect:")


def test_summary_and_board_table_from_a_view():
    s = started(3, seed=7)
    rows = R.summary(s)
    assert sorted(r.seat for r in rows) == [0, 1, 2] and all(r.points is not None for r in rows)
    assert [r.points for r in rows] == sorted((r.points for r in rows), reverse=True)
    table = R.board_table(R.view(s, None))
    assert len(table.rows) == sum(len(st["plots"]) for st in s.seats) and table.columns[0] == "Nation"
    assert R.placement_done(s) and not R.placement_done(R.new_game(R.parse_options({}), 1))
    assert R.loads(R.dumps(s)).digest() == R.digest(s)
