"""The board drawn (``tresham/games/tigris/svg.py``): the base map of each side as an SVG document
(176 squares with their ids, the rivers, the Shedu squares and the special frames counted),
its key, and the pieces layer made from a hand-made view (each kind on its square, nothing
from a hand)."""
from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET

import pytest

from tresham.games.tigris import board
from tresham.games.tigris.site import svg
from tresham.games.tigris.site.rules import TigrisEuphrates

NS = "{http://www.w3.org/2000/svg}"


def parsed(side: str) -> ET.Element:
    return ET.fromstring(svg.board_svg({"board": side}))


def classes(el: ET.Element) -> list[str]:
    return (el.get("class") or "").split()


def squares(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("id"): g for g in root.iter(f"{NS}g") if "sq" in classes(g)}


def count_class(root: ET.Element, cls: str) -> int:
    return sum(1 for el in root.iter() if cls in classes(el))


def names_with(root: ET.Element, cls: str) -> set[str]:
    """The squares (by name) holding an element of class ``cls``."""
    out = set()
    for sid, g in squares(root).items():
        if any(cls in classes(el) for el in g.iter()):
            out.add(sid.removeprefix("sq-"))
    return out


def names(sqs) -> set[str]:
    return {board.name(s) for s in sqs}


# ---- the base map -------------------------------------------------------------------------------
@pytest.mark.variant("TE-BASE-11", "TE-BASE-12", "TE-BASE-14", "TE-BASE-15", "TE-BASE-16")
def test_the_base_side_drawn_176_squares_41_rivers_10_shedu_4_frames():
    root = parsed("base")
    assert root.tag == f"{NS}svg" and root.get("data-side") == "base"
    sq = squares(root)
    assert len(sq) == 176
    assert set(sq) == {f"sq-{board.name((c, r))}" for c in range(16) for r in range(11)}
    for sid, g in sq.items():
        c, r = map(int, g.get("data-at").split(","))
        assert sid == f"sq-{board.name((c, r))}" and g.get("data-area") == board.name((c, r))
    rivers = {sid.removeprefix("sq-") for sid, g in sq.items() if "river" in classes(g)}
    assert len(rivers) == 41 and rivers == names(board.load("base").rivers)
    assert sum(1 for g in sq.values() if "land" in classes(g)) == 135
    assert count_class(root, "shedu") == 10 and names_with(root, "shedu") == names(board.load("base").shedu)
    assert count_class(root, "special-frame") == 4
    assert names_with(root, "special-frame") == {"B2", "P2", "B8", "O9"}
    # the gold border, the view box of 16 x 60 + 2 x 40 by 11 x 60 + 2 x 40
    assert root.get("viewBox") == "0 0 1040 740"
    border = next(el for el in root.iter(f"{NS}rect") if "border-band" in classes(el))
    assert border.get("stroke") == svg.BORDER["base"] == "#c9a227"
    # the square B2 is the rectangle at column 1, row 1
    rect = sq["sq-B2"].find(f"{NS}rect")
    assert (rect.get("x"), rect.get("y"), rect.get("width")) == ("100", "100", "60")
    assert "Shedu" in sq["sq-B2"].find(f"{NS}title").text and "river" in sq["sq-E1"].find(f"{NS}title").text


@pytest.mark.variant("TE-ADVB-01", "TE-ADVB-04")
def test_the_advanced_side_drawn_39_rivers_14_shedu_6_frames_blue_border():
    root = parsed("advanced")
    sq = squares(root)
    assert len(sq) == 176
    rivers = {sid.removeprefix("sq-") for sid, g in sq.items() if "river" in classes(g)}
    assert len(rivers) == 39 and rivers == names(board.load("advanced").rivers)
    assert count_class(root, "shedu") == 14 and count_class(root, "special-frame") == 6
    framed = names_with(root, "special-frame")
    assert "J11" in framed and "I11" not in framed  # (9,10), not (8,10): TE-Z-16
    assert framed == {"B3", "P6", "A8", "E10", "J11", "O11"}
    border = next(el for el in root.iter(f"{NS}rect") if "border-band" in classes(el))
    assert border.get("stroke") == svg.BORDER["advanced"] == "#2b5fa8"
    assert parsed("base").get("data-side") == "base" and root.get("data-side") == "advanced"


@pytest.mark.variant("TE-BASE-12")
def test_column_letters_and_row_numbers_on_the_edges():
    root = parsed("base")
    cols = [t.text for t in root.iter(f"{NS}text") if "col" in classes(t)]
    rows = [t.text for t in root.iter(f"{NS}text") if "row" in classes(t)]
    assert sorted(set(cols)) == [chr(ord("A") + i) for i in range(16)] and len(cols) == 32
    assert sorted(set(rows), key=int) == [str(i) for i in range(1, 12)] and len(rows) == 22


def test_the_key_follows_the_side_and_the_svg_is_the_same_each_time():
    base, adv = svg.board_key({"board": "base"}), svg.board_key({"board": "advanced"})
    assert re.fullmatch(r"[0-9a-f]{20}", base) and base != adv
    assert svg.board_key({}) == base == svg.board_key({"board": "base", "players": 4, "wonder": True})
    assert svg.render("base") == svg.board_svg({"board": "base"}) == svg.board_svg({})
    assert svg.board_svg({"board": "advanced"}) != svg.board_svg({"board": "base"})


# ---- the pieces ---------------------------------------------------------------------------------
def sq(at, **kw):
    d = {"at": list(at), "tile": None, "face_down": False, "treasure": False, "special": False,
         "catastrophe": False, "leader": None, "monument": None, "building": None, "wonder": False,
         "unification": False}
    d.update(kw)
    return d


def hand_made_view(hand=None) -> dict:
    """A base-board view: one of each kind of piece on known squares."""
    mono = [sq((8, 2), tile="red", face_down=True, monument="red-blue"),
            sq((9, 2), tile="red", face_down=True, monument="red-blue"),
            sq((8, 3), tile="red", face_down=True, monument="red-blue", treasure=True),
            sq((9, 3), tile="red", face_down=True, monument="red-blue")]
    wonder = [sq(at, wonder=True) for at in ((10, 5), (9, 5), (11, 5), (10, 4), (10, 6))]
    return {
        "game": "tigris", "board": "base", "options": {"players": 3, "board": "base"}, "seat": 0,
        "squares": [
            sq((1, 1), tile="red", treasure=True, special=True),
            sq((2, 1), leader={"owner": 2, "colour": "black"}),
            sq((1, 2), leader={"owner": 0, "colour": "red"}),
            sq((4, 1), tile="blue"),
            sq((6, 4), tile="green", building="market_hall"),
            sq((7, 4), tile="black", unification=True),
            sq((3, 4), catastrophe=True),
            *mono, *wonder,
        ],
        "monuments": [{"id": "red-blue", "colours": ["red", "blue"], "at": [8, 2]},
                      {"id": "green-black", "colours": ["green", "black"], "at": None}],
        "buildings": [{"id": "market_hall", "colour": "green", "at": [6, 4]},
                      {"id": "library", "colour": "red", "at": None}],
        "wonder": {"at": [10, 5]},
        "players": [{"seat": 0, "dynasty": "archer", "hand_size": 6},
                    {"seat": 1, "dynasty": "bull", "hand_size": 6},
                    {"seat": 2, "dynasty": "lion", "hand_size": 6}],
        "hand": hand,
    }


def by_kind(out: dict) -> dict[str, list[dict]]:
    kinds: dict[str, list[dict]] = {}
    for p in out["pieces"]:
        kinds.setdefault(p["kind"], []).append(p)
    return kinds


@pytest.mark.variant("TE-BASE-03", "TE-BASE-05")
def test_each_kind_of_piece_is_on_its_square():
    out = svg.board_pieces(hand_made_view({"red": 2, "blue": 4}))
    k = by_kind(out)
    assert {a: len(v) for a, v in k.items()} == {"tile": 4, "face_down": 4, "catastrophe": 1,
                                                 "monument": 1, "wonder": 1, "building": 1,
                                                 "treasure": 2, "leader": 2, "unification": 1}
    assert [(p["area"], p["title"]) for p in k["tile"]] == [
        ("B2", "red temple on B2"), ("E2", "blue farm on E2"), ("G5", "green market on G5"),
        ("H5", "black settlement on H5")]
    assert [p["area"] for p in k["face_down"]] == ["I3", "J3", "I4", "J4"]
    assert k["face_down"][0]["title"] == "face-down tile under the red-blue monument on I3"
    assert k["catastrophe"][0]["area"] == "D5" and k["catastrophe"][0]["title"] == "catastrophe on D5"
    assert [(p["area"], p["owner"], p["title"]) for p in k["leader"]] == [
        ("C2", "lion", "Lion's king on C2"), ("B3", "archer", "Archer's priest on B3")]
    assert [(p["area"], p["title"]) for p in k["treasure"]] == [
        ("B2", "treasure on B2 (special border: taken first)"), ("I4", "treasure on I4")]
    assert k["building"][0]["area"] == "G5" and k["building"][0]["title"] == "market hall (green) on G5"
    assert k["unification"][0]["area"] == "H5"
    assert k["wonder"][0]["area"] == "K6"
    # a monument stands over its 2 x 2 block, centred on the block's middle corner
    m = k["monument"][0]
    assert m["area"] == "I3" and m["title"] == "red-blue monument on I3–J4"
    assert (m["x"], m["y"]) == (40 + 9 * 60, 40 + 3 * 60)
    # a piece in the middle of its square: C2's leader at (40 + 2.5 x 60, 40 + 1.5 x 60)
    assert (k["leader"][0]["x"], k["leader"][0]["y"]) == (190.0, 130.0)
    # monuments, buildings and a wonder not on the board are not drawn
    assert not [p for p in out["pieces"] if "green-black" in p["title"] or "library" in p["title"]]
    assert out["view_box"] == [0, 0, 1040, 740] and out["side"] == "base"
    for p in out["pieces"]:
        assert set(p) == {"kind", "area", "owner", "count", "mark", "x", "y", "title"}
        assert p["count"] == 1 and p["mark"] is None


@pytest.mark.variant("TE-BASE-03", "TE-BASE-05")
def test_the_pieces_layer_draws_the_colours_and_the_dynasty_signs():
    out = svg.board_pieces(hand_made_view())
    g = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{out["svg"]}</svg>').find(f"{NS}g")
    assert classes(g) == ["pieces"]
    drawn = [el for el in g if "pc" in classes(el)]
    assert len(drawn) == len(out["pieces"]) == 17
    for el, p in zip(drawn, out["pieces"]):
        assert classes(el) == ["pc", p["kind"]] and el.get("data-area") == p["area"]
        assert el.find(f"{NS}title").text == p["title"]
    fills = {p["area"]: el[1].get("fill") for el, p in zip(drawn, out["pieces"]) if p["kind"] in ("tile", "leader")}
    assert fills == {"B2": "#c0392b", "E2": "#1f5fbf", "G5": "#2e7d32", "H5": "#1d1d1d",
                     "C2": "#1d1d1d", "B3": "#c0392b"}
    face_down = next(el for el in drawn if "face_down" in classes(el))
    assert [r.get("fill") for r in face_down.iter(f"{NS}rect")] == [svg.FACE_DOWN, "#c0392b", "#1f5fbf"]
    leaders = [el for el in drawn if "leader" in classes(el)]
    assert [el.get("data-owner") for el in leaders] == ["lion", "archer"]
    signs = {d: svg.dynasty_glyph(d, 0, 0, 20) for d in svg.DYNASTIES}
    assert len(set(signs.values())) == 4  # four different signs
    lion_sign = ET.tostring(leaders[0][2]).decode()
    assert 'fill="#fff"' in lion_sign


def test_the_pieces_never_come_from_a_hand():
    """A view carries only its own seat's hand; whatever it holds, the pieces are the same."""
    def drawn(view):  # what is drawn; "own" names the viewer's leaders (the first zoom's centre)
        return {k: v for k, v in svg.board_pieces(view).items() if k != "own"}

    plain = drawn(hand_made_view(None))
    for hand in ({"red": 6}, {"red": 1, "blue": 2, "green": 2, "black": 1}):
        assert drawn(hand_made_view(hand)) == plain
    other = hand_made_view({"black": 6})
    other["seat"] = 1
    assert drawn(other) == plain
    assert all("hand" not in p["title"] and p["kind"] != "hand" for p in plain["pieces"])
    # a spectator's view (no hand at all) draws the same board
    spectator = copy.deepcopy(hand_made_view())
    spectator.pop("hand")
    spectator["seat"] = None
    assert drawn(spectator) == plain and svg.board_pieces(spectator)["own"] == []


def test_an_empty_advanced_view_and_squares_off_the_board():
    view = {"board": "advanced", "options": {"board": "advanced"}, "squares": [
        sq((9, 10), tile="red", treasure=True, special=True), sq((16, 0), tile="red"),
        sq((0, 0), leader={"owner": 3, "colour": "green"})], "monuments": [], "buildings": [],
        "wonder": None, "players": []}
    out = svg.board_pieces(view)
    assert out["side"] == "advanced" and out["view_box"] == [0, 0, 1040, 740]
    assert [(p["kind"], p["area"]) for p in out["pieces"]] == [("tile", "J11"), ("treasure", "J11"),
                                                              ("leader", "A1")]
    assert out["pieces"][2]["title"] == "Urn's trader on A1"  # seat 3's dynasty by seat order
    assert svg.board_pieces({"squares": []})["pieces"] == []


def test_the_legend_names_the_side():
    assert "gold border" in svg.board_legend({"board": "base"})[0]
    assert "blue border" in svg.board_legend({"board": "advanced"})[0]


# ---- through the engine ---------------------------------------------------------------------------
def test_the_engine_draws_its_own_views():
    rules = TigrisEuphrates()
    for side, shedu, special in (("base", 10, 4), ("advanced", 14, 6)):
        state = rules.new_game(rules.parse_options({"players": 3, "board": side}), seed=5)
        view = rules.view(state, 0)
        out = rules.board_pieces(view)
        assert rules.board_svg(view["options"]) == svg.board_svg({"board": side})
        assert rules.board_key(view["options"]) == svg.board_key({"board": side})
        assert rules.board_legend(view["options"]) == svg.board_legend({"board": side})
        k = by_kind(out)
        assert sorted(k) == ["tile", "treasure"]
        assert len(k["tile"]) == shedu and {p["title"].split(" on ")[0] for p in k["tile"]} == {"red temple"}
        assert {p["area"] for p in k["tile"]} == {p["area"] for p in k["treasure"]} == names(board.load(side).shedu)
        assert sum("special border" in p["title"] for p in k["treasure"]) == special
        # every seat and a spectator see the same board; no hand in it
        assert all(rules.board_pieces(rules.view(state, s)) == out for s in (1, 2, None))
    # a leader placed by the active seat next to the temple on B2 (TE-BASE-29)
    state = rules.new_game(rules.parse_options({"players": 2}), seed=3)
    seat = rules.view(state, None)["active"]
    state, _ = rules.apply(state, {"type": "leader", "player": seat, "colour": "black", "to": [2, 1]})
    leaders = by_kind(rules.board_pieces(rules.view(state, None)))["leader"]
    assert [(p["area"], p["title"]) for p in leaders] == [("C2", f"{svg.DYNASTIES[seat].capitalize()}'s king on C2")]
