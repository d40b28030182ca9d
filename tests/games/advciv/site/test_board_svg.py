"""The board drawn from real geography (``tresham/games/advciv/site/board``): every area in play a
region of the real coastlines with its name, regions that never overlap, land areas on land
and open seas at sea, each configuration showing its own areas only, and a pieces layer made
from a seat's view alone."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
import shapely
from shapely.geometry import Point

from tests.helpers import four_nations, play
from tresham.games.advciv import engine
from tresham.games.advciv.site.board import board_key, board_pieces, board_svg, coast
from tresham.games.advciv.site.board.geometry import geometry
from tresham.games.advciv.site.board.svg import render
from tresham.games.advciv.data import load
from tresham.games.advciv.context import board_areas
from tresham.games.advciv.site.rules import AdvancedCivilization

SVG = "{http://www.w3.org/2000/svg}"
RULES = AdvancedCivilization()


def parsed(config: str, wem: bool) -> ET.Element:
    return ET.fromstring(board_svg({"board": config, "wem": wem}))


def area_groups(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-area"): g for g in root.iter(f"{SVG}g") if "area" in (g.get("class") or "").split()}


def label_groups(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-area"): g for g in root.iter(f"{SVG}g") if "lbl" in (g.get("class") or "").split()}


# ---- the coastlines and the regions -------------------------------------------------------------
def test_the_coastlines_are_the_pinned_natural_earth_package():
    assert coast.data_path().name == "land-50m.json" and coast.data_path().parent.name == "world-atlas"
    assert coast.digest() == coast.SHA256
    land = coast.land_degrees(*(-10.0, 30.0, 40.0, 46.0))
    # the Mediterranean is water, Anatolia and Italy are land
    assert not land.contains(Point(18.0, 34.0)) and land.contains(Point(33.0, 39.0)) and land.contains(Point(13.0, 42.5))


def test_every_area_of_the_map_has_a_region_containing_its_point():
    geo = geometry()
    assert set(geo.areas) == set(load().map.areas)
    for aid, s in geo.areas.items():
        assert not s.region.is_empty and s.region.is_valid, aid
        assert s.region.distance(Point(s.point)) < 0.5, f"{aid}'s point is outside its region"
        assert s.region.buffer(1e-6).contains(Point(s.anchor)), f"{aid}'s label anchor is outside its region"


def test_regions_meet_only_on_their_borders():
    geo = geometry()
    ids = sorted(geo.areas)
    regions = [geo.areas[a].region for a in ids]
    tree = shapely.STRtree(regions)
    for i, j in zip(*tree.query(regions, predicate="intersects")):
        if i < j:
            shared = regions[i].intersection(regions[j]).area
            assert shared < 0.5, f"{ids[i]} and {ids[j]} overlap by {shared:.1f} km²"


def test_land_areas_are_on_land_and_open_seas_at_sea():
    geo = geometry()
    d = load()
    land = geo.land
    for aid, s in geo.areas.items():
        area = s.region.area
        if d.map.areas[aid].is_land:
            off = s.region.difference(land).area
            assert off < 0.01 * area + 1.0, f"{aid}: {off:.0f} km² of its region is water"
        else:
            on = s.region.intersection(land).area
            assert on < 1.0, f"{aid}: {on:.0f} km² of the sea is land"


def test_each_island_area_lies_on_its_own_island():
    geo = geometry()
    d = load()
    for aid, a in d.map.areas.items():
        if not a.island:
            continue
        mates = [b for b, o in d.map.areas.items() if o.island == a.island]
        mass = [m for m in geo.land.geoms if m.intersects(Point(geo.areas[aid].point).buffer(0.5))]
        assert mass, aid
        for b in mates:
            assert mass[0].buffer(1.0).contains(geo.areas[b].region)  # simplified by 0.8 km, f"{b} is not on the island of {aid}"
        # and no mainland area reaches onto it
        for b, o in d.map.areas.items():
            if o.is_land and o.island != a.island:
                assert geo.areas[b].region.intersection(mass[0]).area < 1.0, f"{b} reaches onto {a.island}"


# ---- the SVG of each configuration --------------------------------------------------------------
@pytest.mark.parametrize("config,wem", [("full_8p", True), ("full_8p", False), ("two", False),
                                        ("four_west_wem", True), ("five_panels_2_3", False)])
def test_every_area_in_play_and_no_other_has_a_region_a_title_and_a_label(config, wem):
    root = parsed(config, wem)
    in_play = board_areas(config, wem)
    groups, labels = area_groups(root), label_groups(root)
    assert set(groups) == set(in_play)
    assert set(labels) == set(in_play)
    d = load()
    for aid, g in groups.items():
        title = g.find(f"{SVG}title")
        assert title is not None and title.text.startswith(d.map.areas[aid].name)
        assert g.find(f"{SVG}use").get("href") == f"#r-{aid}"
        texts = [t.text for t in labels[aid].iter(f"{SVG}text")]
        assert texts[0] == d.map.areas[aid].name
        if d.map.areas[aid].is_land:
            assert str(in_play[aid].limit) in texts  # the population limit (4.5)


def test_the_svg_has_a_title_and_a_description():
    root = parsed("full_8p", True)
    assert root.get("role") == "img"
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert "Western Extension Map" in title.text and "159 areas in play" in desc.text


@pytest.mark.rule("4.61")
def test_the_western_extension_map_adds_its_areas_only_when_chosen():
    d = load()
    wem_areas = {a for a, o in d.map.areas.items() if o.panel == "WEM"}
    assert len(wem_areas) == 27 and "bay_of_biscay" in wem_areas  # 26 land areas and a sea
    with_wem = set(area_groups(parsed("full_8p", True)))
    without = set(area_groups(parsed("full_8p", False)))
    assert with_wem - without == wem_areas
    assert not without & wem_areas
    # WEM start areas take the Italian ones' place (4.61): Baetica's band, not Etruria's
    svg_wem, svg_no = board_svg({"board": "full_8p", "wem": True}), board_svg({"board": "full_8p", "wem": False})
    assert 'class="start" href="#r-baetica"' in svg_wem and 'class="start" href="#r-etruria"' not in svg_wem
    assert 'class="start" href="#r-etruria"' in svg_no
    assert board_key({"board": "full_8p", "wem": True}) != board_key({"board": "full_8p", "wem": False})


@pytest.mark.rule("16.8")
def test_the_two_player_board_disregards_island_city_sites():
    labels = label_groups(parsed("two", False))
    full = label_groups(parsed("full_8p", False))
    has_site = lambda g: any((r.get("class") or "").startswith("site-") for r in g.iter(f"{SVG}rect"))
    assert has_site(full["knossos"]) and not has_site(labels["knossos"])
    assert has_site(labels["athens"])  # a mainland site stays


def test_printed_facts_are_drawn():
    svg = board_svg({"board": "full_8p", "wem": True})
    d = load()
    white = sorted(a for a, o in d.map.areas.items() if o.city_site == "white")
    black = sorted(a for a, o in d.map.areas.items() if o.city_site == "black")
    assert svg.count('class="site-white"') == len(white) and svg.count('class="site-black"') == len(black)
    flood = [a for a, o in d.map.areas.items() if o.flood_plain]
    assert svg.count('class="flood"') == len(flood) == 19
    assert svg.count('class="volcano"') == 3
    assert svg.count('class="area open_sea"') == 10


def test_the_drawing_is_deterministic_and_its_key_names_it():
    once = render("three", False)
    assert render("three", False) == once == board_svg({"board": "three"})
    assert board_key({"board": "three"}) == board_key({"board": "three", "wem": False})
    # the WEM option changes nothing on a board without WEM areas: one drawing, one key
    assert board_key({"board": "three", "wem": True}) == board_key({"board": "three"})
    assert len(board_key({"board": "three"})) == 32


def test_the_default_board_follows_the_number_of_players():
    assert board_svg({"players": 3}) == board_svg({"board": "three"})
    assert board_svg(RULES.parse_options({"players": 4})) == board_svg({"board": "four_east"})


# ---- the pieces of a view ------------------------------------------------------------------------
def _pieces_by(view, kind):
    return {(p["area"], p["owner"]): p for p in board_pieces(view)["pieces"] if p["kind"] == kind}


def test_tokens_cities_ships_barbarians_and_pirates_are_drawn_in_their_colours():
    state, _ = four_nations({"memphis": {"tokens": {"egypt": 3}, "city": "egypt"},
                             "thebes": {"tokens": {"egypt": 2, "barbarians": 4}},
                             "sidon": {"city": "pirates"}},
                            {}, phase="movement", ships={"egypt": ["alexandria", "alexandria"]})
    view = engine.view(state, 0)
    layer = board_pieces(view)
    tokens = _pieces_by(view, "tokens")
    assert tokens[("memphis", "egypt")]["count"] == 3 and tokens[("thebes", "barbarians")]["count"] == 4
    assert ("memphis", "egypt") in _pieces_by(view, "city") and ("sidon", "pirates") in _pieces_by(view, "city")
    ships = [p for p in layer["pieces"] if p["kind"] == "ship"]
    assert [(p["area"], p["owner"]) for p in ships] == [("alexandria", "egypt")] * 2
    assert ships[0]["x"] != ships[1]["x"]  # side by side
    svg = layer["svg"]
    assert ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{svg}</svg>') is not None
    assert 'fill="#f4b400"' in svg and 'fill="#1b1b1b"' in svg and 'fill="#ffffff"' in svg
    assert "Egypt: 3 tokens in Memphis" in svg and "Pirates: city in Sidon" in svg
    assert {o["owner"] for o in layer["legend"]} >= {"egypt", "barbarians", "pirates"}


def test_the_pieces_layer_holds_nothing_the_view_does_not_and_names_no_card():
    state, _ = four_nations({"memphis": {"tokens": {"egypt": 3}}}, {
        "egypt": {"hand": ["papyrus", "papyrus"]}, "babylon": {"hand": ["ochre"]}})
    d = load()
    card_names = [c.name for c in d.commodities.values()] + [c.name for c in d.calamities.values()]
    card_ids = list(d.commodities) + list(d.calamities)
    for seat in (0, 1, None):
        view = engine.view(state, seat)
        layer = board_pieces(view)
        text = layer["svg"] + repr(layer["pieces"])
        assert not [c for c in card_names + card_ids if c.lower() in text.lower()]
        # the same layer from the view with everything but the board taken out
        assert board_pieces({"options": view["options"], "board": view["board"], "seat": seat,
                             "players": view["players"], "phase": view["phase"],
                             "phase_view": view.get("phase_view")}) == layer


@pytest.mark.site("SITE-GEN-04", "SITE-CITY-01")
def test_possible_cities_are_green_when_marked_and_red_when_not_for_their_player_only():
    state, _ = four_nations({"memphis": {"tokens": {"egypt": 6}}, "thebes": {"tokens": {"egypt": 6}},
                             "alexandria": {"tokens": {"egypt": 6}}},
                            {}, phase="cities")
    seat = next(p.seat for p in state.players if p.nation == "egypt")

    def marks(st):
        return {a: p["mark"] for (a, _), p in _pieces_by(engine.view(st, seat), "new_city").items()}

    before = marks(state)
    assert set(before) == {"memphis", "thebes", "alexandria"}
    marked = set(engine.view(state, seat)["phase_view"]["marked"])
    assert before == {a: "keep" if a in marked else "lose" for a in before}
    state, _ = play(state, {"type": "toggle_city", "player": seat, "area": "thebes"})
    after = marks(state)
    flip = {"keep": "lose", "lose": "keep"}
    assert after == {**before, "thebes": flip[before["thebes"]]}
    if len(set(after.values())) == 1:  # make both colours show
        state, _ = play(state, {"type": "toggle_city", "player": seat, "area": "memphis"})
        after = marks(state)
    layer = board_pieces(engine.view(state, seat))["svg"]
    keeps = sum(1 for m in after.values() if m == "keep")
    assert layer.count("mark-keep") == keeps and layer.count("mark-lose") == 3 - keeps
    assert 'stroke="#1b9e3a"' in layer and 'stroke="#d81b1b"' in layer
    # another seat and a visitor see no choice of his
    for other in (next(p.seat for p in state.players if p.nation == "babylon"), None):
        assert _pieces_by(engine.view(state, other), "new_city") == {}


@pytest.mark.site("SITE-GEN-04", "SITE-SHIP-04")
def test_ships_are_red_until_kept_and_new_ships_green_for_their_player_only():
    # Asia (a token and treasury by a coast) decides first; Babylon enters his order early
    state, _ = four_nations({"chaldaea": {"tokens": {"babylon": 4}}, "susa": {"tokens": {"babylon": 2}},
                             "lycia": {"tokens": {"asia": 8}}},
                            {"babylon": {"treasury": 10, "stock": 39}}, phase="ships",
                            ships={"babylon": ["chaldaea", "susa"]})
    seat = next(p.seat for p in state.players if p.nation == "babylon")
    other = next(p.seat for p in state.players if p.nation == "egypt")

    def marks(st, who):
        return sorted((p["kind"], p["area"], p["mark"]) for p in board_pieces(engine.view(st, who))["pieces"]
                      if "ship" in p["kind"])

    assert engine.view(state, seat)["phase_view"]["queue"][0] != "babylon"
    assert marks(state, seat) == [("ship", "chaldaea", "lose"), ("ship", "susa", "lose")]
    state, _ = play(state, {"type": "ships", "player": seat,
                            "maintain": [{"area": "chaldaea", "pay": "treasury"}],
                            "build": [{"area": "chaldaea", "pay": "treasury"}]})
    assert engine.view(state, seat)["phase_view"]["entered_early"]
    assert marks(state, seat) == [("new_ship", "chaldaea", "keep"), ("ship", "chaldaea", "keep"),
                                  ("ship", "susa", "lose")]
    # nobody else sees his choice, not even that he made one
    for who in (other, None):
        assert marks(state, who) == [("ship", "chaldaea", None), ("ship", "susa", None)]


@pytest.mark.site("SITE-SHIP-04", "SITE-TABLE-03")
def test_each_ship_is_a_piece_the_ships_forms_upkeep_names():
    """TBL-23: every ship on the board is a piece of its own (``data-piece``: owner, area,
    number there), for every viewer; the places the ships form's upkeep rows name are
    exactly the player's own ship pieces."""
    from tests.games.advciv.site.test_forms import _upkeep_position
    from tresham.games import registry

    state = _upkeep_position()
    state.board.ships["babylon"] = ["tanis"]
    view = engine.view(state, 0)
    drawn = board_pieces(view)
    ships = sorted((p["owner"], p["piece"]) for p in drawn["pieces"] if p["kind"] == "ship")
    assert ships == [("babylon", "ship-babylon-tanis-1"), ("egypt", "ship-egypt-alexandria-1"),
                     ("egypt", "ship-egypt-tanis-1"), ("egypt", "ship-egypt-tanis-2")]
    root = ET.fromstring('<svg xmlns="http://www.w3.org/2000/svg">' + drawn["svg"] + "</svg>")
    in_svg = sorted(g.get("data-piece") for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-piece"))
    assert in_svg == sorted(p for _, p in ships)
    f = next(f for f in registry.get("advciv").order_forms(state, 0) if f.id == "ships")
    named = {c.place for x in f.fields if x.name.startswith("keep") for c in x.choices} - {""}
    assert named == {p for o, p in ships if o == "egypt"}
    assert {p["piece"] for p in board_pieces(engine.view(state, None))["pieces"] if p["kind"] == "ship"} == \
        {p for _, p in ships}


@pytest.mark.site("SITE-TABLE-03")
def test_the_pieces_name_the_viewers_own_areas_for_the_maps_first_zoom():
    """``own``: the areas of the viewer's own tokens, cities and ships (the map's first zoom
    centres on them, board.js); none for a spectator."""
    from tests.games.advciv.site.test_forms import _ships_position
    from tresham.games import registry

    rules = registry.get("advciv")
    state = _ships_position()
    view = rules.view(state, 0)
    mine = next(p["nation"] for p in view["players"] if p["seat"] == 0)
    p = board_pieces(view)
    expected = sorted({q["area"] for q in p["pieces"] if q["owner"] == mine})
    assert p["own"] == expected and {"tanis", "alexandria", "memphis"} <= set(p["own"])
    assert board_pieces(rules.view(state, None))["own"] == []
