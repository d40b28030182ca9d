"""The order forms of the game page (``forms.py``): every decision of a game offers forms whose
values give the rules' own orders; what a form says is checked by the rules as any order."""
from __future__ import annotations

from functools import lru_cache

import pytest

from tresham.games import registry
from tresham.games.advciv.site.forms import FORMS
from tresham.games.contract import IllegalOrder

R = registry.get("advciv")


def start_values(form) -> dict:
    """What a form posts untouched (its controls' starting values)."""
    out = {}
    for f in form.fields:
        if f.kind == "choice":
            out[f.name] = f.value if f.value is not None else (f.choices[0].value if f.required and f.choices else None)
        elif f.kind == "multi":
            out[f.name] = list(f.value or [])
        elif f.kind == "counts":
            out[f.name] = dict(f.value or {})
        elif f.kind == "number":
            out[f.name] = f.value if f.value is not None else (f.min or 0)
        else:
            out[f.name] = f.value or "a message"
    return out


@lru_cache(maxsize=None)
def first_states() -> dict:
    """The first state of a few bot games where each decision kind is owed: kind -> (state, decision)."""
    found: dict = {}
    for g in range(3):
        s = R.new_game({"players": 5 if g % 2 else 3}, f"forms-{g}")
        for n in range(2500):
            if R.finished(s):
                break
            ds = [d for d in R.pending(s) if d.required]
            if not ds:
                break
            for d in ds:
                found.setdefault(d.kind, (s, d))
            o = R.bot(s, ds[0].player, f"b{n}")
            s, _ = R.apply(s, o, by_site=R.is_site_order(o))
    return found


@pytest.mark.site("SITE-GEN-02")
def test_every_decision_kind_met_has_forms_and_their_values_are_orders():
    """Of every decision kind the bot games meet, the seat's forms exist (the trade phase's
    included); the forms' starting values make an order the rules accept or refuse with a
    reason, never an error; choice values are unique within a field."""
    found = first_states()
    assert {"pick", "grow", "ships", "move", "build_cities", "trade", "buy", "tax_rate"} <= set(found)
    for kind, (s, d) in found.items():
        forms = R.order_forms(s, d.player)
        if kind in FORMS:
            assert forms and all(f.id.split(".")[0] == kind for f in forms if f.id.split(".")[0] == kind), kind
        for f in forms:
            for field in f.fields:
                values = [c.value for c in field.choices]
                assert len(values) == len(set(values)), (f.id, field.name)
                assert field.label, (f.id, field.name)
            order = R.form_order(s, d.player, f.id, start_values(f))
            assert order["player"] == d.player and isinstance(order["type"], str)
            assert order["type"] == f.order_type, f.id  # what the "Advanced" box counts as given (TBL-20)
            try:
                R.apply(s, order)
            except IllegalOrder as e:
                assert e.message, (f.id, order)


@pytest.mark.site("SITE-POP-02")
def test_the_growth_form_places_the_counts_entered():
    s, d = first_states()["grow"]
    f = next(f for f in R.order_forms(s, d.player) if f.id == "grow")
    field = f.fields[0]
    assert field.kind == "counts" and field.max == d.options["stock"]
    assert {c.value: c.max for c in field.choices} == d.options["areas"]
    order = R.form_order(s, d.player, "grow", {"areas": {"x": 2}})
    assert order == {"type": "grow", "player": d.player, "areas": {"x": 2}}


@pytest.mark.site("SITE-ADV-01", "SITE-ADV-09")
def test_the_cart_greys_what_one_cannot_buy_and_pays_with_cards_and_treasury():
    s, d = first_states()["buy"]
    f = next(f for f in R.order_forms(s, d.player) if f.id == "buy")
    cards = next(x for x in f.fields if x.name == "cards")
    open_ = {c.value for c in cards.choices if not c.disabled}
    assert open_ == set(d.options["buyable"])
    assert all(c.why for c in cards.choices if c.disabled)
    owned = set(s.players[d.player].civ_cards)
    assert not owned & {c.value for c in cards.choices}
    order = R.form_order(s, d.player, "buy", {"cards": ["pottery"], "pay": {"ochre": 2}, "treasury": 3})
    assert order == {"type": "buy", "player": d.player, "cards": ["pottery"], "pay_cards": ["ochre", "ochre"],
                     "treasury": 3, "discard": []}


@pytest.mark.rule("23.5")
def test_a_voyage_is_load_sail_unload_added_to_the_moves_entered():
    s, d = first_states()["move"]
    order = R.form_order(s, d.player, "move.voyage", {"ship": "x", "load": 3, "sail1": "a", "sail2": "b",
                                                     "sail3": None, "sail4": None, "sail5": None, "unload": 3})
    assert order["voyages"][-1] == {"ship": "x", "steps": [["load", 3], ["sail", "a"], ["sail", "b"], ["unload", 3]]}
    with pytest.raises(IllegalOrder, match="sails to at least one area"):
        R.form_order(s, d.player, "move.voyage", {"ship": "x", "load": 1, "sail1": None, "unload": 1})
    with pytest.raises(IllegalOrder, match="not open"):
        R.form_order(s, d.player, "tax_rate", {"rate": "2"})


@pytest.mark.site("SITE-SHIP-02", "SITE-SHIP-04")
def test_the_ship_form_keeps_and_builds():
    s, d = first_states()["ships"]
    opts = d.options
    values = {f"keep{i}": "treasury" for i in range(len(opts["ships"]))}
    if opts["build"]:
        a, p = opts["build"][0]
        values[f"build.{a}"] = {p: 1}
    order = R.form_order(s, d.player, "ships", values)
    assert order["maintain"] == [{"area": a, "pay": "treasury"} for a in opts["ships"]]
    assert order["build"] == ([{"area": opts["build"][0][0], "pay": opts["build"][0][1]}] if opts["build"] else [])


@pytest.mark.variant("CPCAL-28.711", "CPCAL-28.813", "CPCAL-28.832")
def test_the_expansion_projects_decisions_have_forms():
    """A bot game with both Expansion Project options meets its new decisions (the cards
    Corruption or Banditry takes, Tyranny's annexation, Minor Uprising's payment): each has a
    form whose starting values make an order the rules accept or refuse with a reason."""
    s = R.new_game({"players": 6, "ep_major": True, "ep_minor": True, "turn_limit": 40}, "ep3")
    met = set()
    for n in range(4000):
        ds = [d for d in R.pending(s) if d.required]
        if R.finished(s) or not ds:
            break
        for d in ds:
            if d.kind in ("calamity_cards", "uprising_pay", "tyranny_annex"):
                forms = [f for f in R.order_forms(s, d.player) if f.id == d.kind]
                assert forms, d.kind
                order = R.form_order(s, d.player, d.kind, start_values(forms[0]))
                assert order["type"] == d.kind == forms[0].order_type and order["player"] == d.player
                try:
                    R.apply(s, order)
                except IllegalOrder as e:
                    assert e.message
                met.add(d.kind)
        o = R.bot(s, ds[0].player, f"b{n}")
        s, _ = R.apply(s, o, by_site=R.is_site_order(o))
    assert met == {"calamity_cards", "uprising_pay", "tyranny_annex"}, met


# ---- issue 24: the table's forms -----------------------------------------------------------------
def _ships_position():
    """Egypt first in census order: 4 tokens in Tanis (coast), 1 in Alexandria (coast), 4 in
    Memphis (inland), treasury 3."""
    from tests.helpers import four_nations

    board = {"tanis": {"tokens": {"egypt": 4}}, "alexandria": {"tokens": {"egypt": 1}},
             "memphis": {"tokens": {"egypt": 4}}}
    state, _ = four_nations(board, {"egypt": {"stock": 10, "treasury": 3}}, phase="ships",
                            options={"tokens": 22})
    return state


def _read(form, values):
    """The values of ``form`` as the site reads them from a post (its own field checks)."""
    from tresham.platform.play.decision_forms import read
    from tests.helpers import posted

    return read(form, posted(form, values))


@pytest.mark.rule("22.1", "22.2")
@pytest.mark.site("SITE-SHIP-02", "SITE-TABLE-05")
def test_the_ship_form_says_each_row_is_ships_and_what_one_costs():
    """Finding 1 (issue 24): a row reads as ships built in an area and what each costs, with
    the most one can pay for; only coasts where a ship can be built have rows; a number typed
    is ships, and building one ship levies exactly 2 tokens."""
    state = _ships_position()
    f = next(f for f in R.order_forms(state, 0) if f.id == "ships")
    rows = {x.name: x for x in f.fields if x.kind == "counts"}
    assert set(rows) == {"build.tanis", "build.alexandria"}  # Memphis is inland
    tanis = rows["build.tanis"]
    assert "ships" in tanis.label.lower() and "Tanis" in tanis.label and "4 of your tokens" in tanis.label
    by_pay = {c.value: c for c in tanis.choices}
    assert set(by_pay) == {"tokens", "treasury", "mixed"}
    assert by_pay["tokens"].max == 2 and "2 tokens from Tanis" in by_pay["tokens"].label
    assert by_pay["treasury"].max == 1 and "2 from treasury" in by_pay["treasury"].label
    assert by_pay["mixed"].max == 3 and "1 token from Tanis and 1 from treasury" in by_pay["mixed"].label
    alex = {c.value: c.max for c in rows["build.alexandria"].choices}
    assert alex == {"treasury": 1, "mixed": 1}  # one token there: no ship of 2 levied tokens
    order = R.form_order(state, 0, "ships", _read(f, {"build.tanis": {"tokens": 1}}))
    assert order["build"] == [{"area": "tanis", "pay": "tokens"}]
    after, _ = R.apply(state, order)
    assert after.board.tokens["tanis"]["egypt"] == 2 and after.board.ships["egypt"] == ["tanis"]
    assert after.player("egypt").treasury == 3
    with pytest.raises(IllegalOrder, match="at most 2"):  # 3 ships of 2 levied tokens: not in the box
        _read(f, {"build.tanis": {"tokens": 3}})


def _upkeep_position():
    """Egypt in ship construction with three ships: two in Tanis (4 tokens there), one in
    Alexandria (no token there); treasury 1."""
    from tests.helpers import four_nations

    board = {"tanis": {"tokens": {"egypt": 4}}, "memphis": {"tokens": {"egypt": 4}}}
    state, _ = four_nations(board, {"egypt": {"stock": 10, "treasury": 1}}, phase="ships",
                            ships={"egypt": ["tanis", "alexandria", "tanis"]}, options={"tokens": 19})
    return state


@pytest.mark.rule("22.3")
@pytest.mark.site("SITE-SHIP-04", "SITE-TABLE-03")
def test_each_ships_upkeep_names_that_ship_on_the_map_and_removed_is_a_choice():
    """TBL-23: each ship's upkeep row names the ship's own piece on the map (its owner, area and
    number there: two ships in Tanis are two pieces), not its coast, which the building rows
    name; the ways to keep it name the piece, "removed" names none; every ship starts kept
    the first way he can pay. Kept by a token, kept from treasury, removed: 1 token levied in
    Tanis, the treasury 1 → 0, two ships left."""
    state = _upkeep_position()
    f = next(f for f in R.order_forms(state, 0) if f.id == "ships")
    keeps = {x.name: x for x in f.fields if x.name.startswith("keep")}
    assert set(keeps) == {"keep0", "keep1", "keep2"}
    assert {x.name: {c.value: (c.label, c.place) for c in x.choices} for x in keeps.values()} == {
        "keep0": {"treasury": ("kept, 1 from treasury", "ship-egypt-tanis-1"),
                  "token": ("kept, 1 token from Tanis", "ship-egypt-tanis-1"),
                  "remove": ("removed, back to stock", "")},
        "keep1": {"treasury": ("kept, 1 from treasury", "ship-egypt-alexandria-1"),
                  "remove": ("removed, back to stock", "")},
        "keep2": {"treasury": ("kept, 1 from treasury", "ship-egypt-tanis-2"),
                  "token": ("kept, 1 token from Tanis", "ship-egypt-tanis-2"),
                  "remove": ("removed, back to stock", "")}}
    assert [(x.label, x.value, x.required) for x in keeps.values()] == [
        ("Your ship in Tanis", "treasury", True), ("Your ship in Alexandria", "treasury", True),
        ("Your ship in Tanis", "treasury", True)]
    build = next(x for x in f.fields if x.name == "build.tanis")
    assert {c.place for c in build.choices} == {"tanis"}  # the coast, apart from its ships
    order = R.form_order(state, 0, "ships", _read(f, {"keep0": "token", "keep1": "remove", "keep2": "treasury"}))
    assert order["maintain"] == [{"area": "tanis", "pay": "token"}, {"area": "tanis", "pay": "treasury"}]
    assert order["build"] == []
    after, _ = R.apply(state, order)
    assert after.board.ships["egypt"] == ["tanis", "tanis"]
    assert after.board.tokens["tanis"]["egypt"] == 3 and after.player("egypt").treasury == 0
    with pytest.raises(IllegalOrder):  # a required choice: "none" is not one of them
        _read(f, {"keep0": "", "keep1": "remove", "keep2": "treasury"})


def _cities_position():
    """Egypt in the cities phase: 12 tokens in the Sinai (no site, limit 1), 6 on the Thebes
    site (limit 3), 2 in Upper Egypt and 1 in Nubia; no city yet."""
    from tests.helpers import four_nations

    board = {"thebes": {"tokens": {"egypt": 6}}, "sinai": {"tokens": {"egypt": 12}},
             "upper_egypt": {"tokens": {"egypt": 2}}, "nubia": {"tokens": {"egypt": 1}}}
    state, _ = four_nations(board, {"egypt": {"stock": 10, "treasury": 0}}, phase="cities",
                            options={"tokens": 31})
    return state


@pytest.mark.rule("26.31", "25.2")
@pytest.mark.site("SITE-CITY-02", "SITE-CITY-04", "SITE-TABLE-05")
def test_the_city_form_ticks_a_supported_set_and_explains_the_support_check():
    """Finding 2 (issue 24): Sinai and Thebes can both be built, but then 3 tokens (Upper Egypt
    2, Nubia 1) would be left for 2 cities, which need 4; the form starts with the Sinai ticked
    (the set the site's default builds: no site first, as support allows), not with nothing,
    and says why, how many tokens remain and that the ticked cities are supported."""
    state = _cities_position()
    d = next(d for d in R.pending(state) if d.kind == "build_cities")
    assert d.options["marked"] == ["sinai"]
    f = next(f for f in R.order_forms(state, 0) if f.id == "build_cities")
    areas = next(x for x in f.fields if x.name == "areas")
    assert areas.value == ["sinai"]
    words = f.help
    assert "2 tokens on the board for each city" in words
    assert "Building all 2 possible cities would leave 3 tokens for 2 cities, which need 4" in words
    assert "With the ticked cities: 6 tokens on the board for 1 city, which needs 2: supported" in words
    order = R.form_order(state, 0, "build_cities", _read(f, {"areas": areas.value}))
    after, _ = R.apply(state, order)
    assert after.board.cities == {"sinai": "egypt"}


def _through(state, seat, fid, values):
    """``state`` after sending form ``fid`` with ``values`` as the page does."""
    order = R.form_order(state, seat, fid, _read(next(f for f in R.order_forms(state, seat) if f.id == fid), values))
    return R.apply(state, order)[0]


@pytest.mark.rule("23.31")
@pytest.mark.site("SITE-TABLE-03")
def test_the_overland_form_takes_a_roadbuilding_move_through_an_area():
    """Finding 8 (issue 24): with Roadbuilding, 3 tokens from Macedonia through Thrace into
    Byzantium are given with the overland form (its "through" field)."""
    from tests.games.advciv.rules.test_movement import ROAD, THRACE, pos

    s = pos({"macedonia": {"tokens": {"thrace": 3}}, "thrace": {"tokens": {"thrace": 1}}}, players=ROAD)
    s = _through(s, THRACE, "move.land", {"from": "macedonia", "via": "thrace", "to": "byzantium", "count": 3})
    s = _through(s, THRACE, "move.done", {"done": "done"})
    assert s.board.tokens["byzantium"]["thrace"] == 3 and "macedonia" not in s.board.tokens


@pytest.mark.rule("23.1")
@pytest.mark.site("SITE-TABLE-03")
def test_without_a_token_on_the_board_the_overland_form_is_not_offered():
    """Finding 8 (issue 24): Crete has only its ship (no token on the board): no overland form
    with an empty "From" list; it may still sail the ship and confirm."""
    from tests.games.advciv.rules.test_movement import CRETE, pos

    s = pos({"knossos": {"city": "crete"}}, ships={"crete": ["knossos"]})
    ids = [f.id for f in R.order_forms(s, CRETE)]
    assert ids == ["move.voyage", "move.done"]


@pytest.mark.rule("26.32")
@pytest.mark.site("SITE-SURPLUS-02")
def test_the_ticked_cities_are_reduced_this_turns_new_ones_first():
    """Finding 8 (issue 24): Babylon has 1 token for 3 cities, Susa and Ur new this turn; one
    reduction (+3) is enough. Charax (old) and Susa ticked: the order sends Susa first (26.32)
    though Charax comes first alphabetically, and is accepted: Susa is reduced, and then the
    rest are supported, so Charax stays."""
    from tests.helpers import at_surplus

    board = {"ur": {"city": "babylon"}, "susa": {"city": "babylon"}, "charax": {"city": "babylon"},
             "babylonia": {"tokens": {"babylon": 1}}}
    state, _ = at_surplus(board, players={"babylon": {"new_cities": ["susa", "ur"]}})
    seat = state.player("babylon").seat
    f = next(f for f in R.order_forms(state, seat) if f.id == "reduce_cities")
    order = R.form_order(state, seat, "reduce_cities", _read(f, {"areas": ["charax", "susa"]}))
    assert order["areas"][0] == "susa"
    after, _ = R.apply(state, order)
    assert sorted(a for a, o in after.board.cities.items() if o == "babylon") == ["charax", "ur"]


@pytest.mark.rule("23.3")
@pytest.mark.site("SITE-TABLE-03")
def test_the_overland_forms_to_list_holds_only_areas_a_stack_can_reach():
    """Finding 4 (issue 24): "To" offered all ~60 land areas; now only those a stack of his
    can move to (``movement.legal_destinations``): from Macedonia and Thrace, their nine
    neighbours between them."""
    from tests.games.advciv.rules.test_movement import THRACE, pos

    s = pos({"macedonia": {"tokens": {"thrace": 3}}, "thrace": {"tokens": {"thrace": 1}}})
    f = next(f for f in R.order_forms(s, THRACE) if f.id == "move.land")
    to = next(x for x in f.fields if x.name == "to")
    assert sorted(c.value for c in to.choices) == ["appollonia", "byzantium", "epirus", "macedonia", "moesia",
                                                   "paeonia", "thessalonica", "thessaly", "thrace"]


@pytest.mark.site("SITE-TABLE-03")
def test_the_forms_name_the_places_a_click_on_the_map_fills():
    """TBL-22: the choices that name an area say so (``FieldChoice.place``), for the map's
    clicks to fill them: each way to pay a ship built on a coast is that coast's; each city to
    build is its area (a ship's upkeep names the ship's piece, TBL-23:
    ``test_each_ships_upkeep_names_that_ship_on_the_map_and_removed_is_a_choice``)."""
    f = next(f for f in R.order_forms(_ships_position(), 0) if f.id == "ships")
    places = {x.name: {c.place for c in x.choices} for x in f.fields}
    assert places["build.tanis"] == {"tanis"} and places["build.alexandria"] == {"alexandria"}
    f = next(f for f in R.order_forms(_cities_position(), 0) if f.id == "build_cities")
    areas = next(x for x in f.fields if x.name == "areas")
    assert {c.value: c.place for c in areas.choices} == {"sinai": "sinai", "thebes": "thebes"}
