"""The board data (``tresham/games/tigris/data/board.json``): the same file as the shared data
folder's, the invariants of ``data_check.problems`` on
both sides, the printed facts of TE-BASE-11..16 and TE-ADVB-01/04 with their numbers, and a
mistyped copy reported by name."""
from __future__ import annotations

import copy
import json

import pytest

from tests.shared_folder import shared
from tresham.games.tigris import board
from tresham.games.tigris.tools import data_check

OURS = board.DATA

BASE_SHEDU = [(1, 1), (10, 0), (5, 2), (15, 1), (13, 4), (8, 6), (1, 7), (14, 8), (5, 9), (10, 10)]
BASE_SPECIAL = [(1, 1), (15, 1), (1, 7), (14, 8)]
ADV_SHEDU = [(4, 0), (9, 0), (14, 1), (1, 2), (6, 3), (11, 3), (3, 5), (15, 5), (0, 7), (7, 7),
             (12, 7), (4, 9), (9, 10), (14, 10)]
ADV_SPECIAL = [(1, 2), (15, 5), (0, 7), (4, 9), (9, 10), (14, 10)]


def reading(squares):
    return sorted(squares, key=lambda s: (s[1], s[0]))


def doc() -> dict:
    return json.loads(OURS.read_text(encoding="utf-8"))


def test_the_projects_copy_is_the_shared_file():
    original = shared("data", "tigris-euphrates", "board.json")
    assert json.loads(original.read_text(encoding="utf-8")) == doc()
    assert original.read_bytes() == OURS.read_bytes()


def test_the_projects_copy_has_no_problems():
    assert data_check.problems(doc()) == []
    assert data_check.check_file(OURS) == []
    assert (OURS.parent / "PROVENANCE.md").exists()


@pytest.mark.variant("TE-BASE-11", "TE-BASE-12")
def test_the_grid_is_16_by_11_and_squares_are_named_column_letter_row_number():
    for side in board.SIDES:
        b = board.load(side)
        assert (b.width, b.height) == (16, 11)
        sq = b.squares()
        assert len(sq) == 176 and sq[:3] == [(0, 0), (1, 0), (2, 0)] and sq[16] == (0, 1)
        assert b.on_board((15, 10)) and not b.on_board((16, 0)) and not b.on_board((0, 11))
    assert board.name((0, 0)) == "A1" and board.name((1, 1)) == "B2"
    assert board.name((15, 1)) == "P2" and board.name((15, 10)) == "P11"
    with pytest.raises(ValueError, match="no board side 'gold'"):
        board.load("gold")


@pytest.mark.variant("TE-BASE-13")
def test_squares_touch_along_an_edge_never_at_a_corner():
    b = board.load("base")
    assert sorted(b.neighbours((0, 0))) == [(0, 1), (1, 0)]
    assert sorted(b.neighbours((5, 5))) == [(4, 5), (5, 4), (5, 6), (6, 5)]
    assert len(b.neighbours((15, 10))) == 2 and len(b.neighbours((7, 0))) == 3
    for sq in b.squares():
        for nb in b.neighbours(sq):
            assert abs(nb[0] - sq[0]) + abs(nb[1] - sq[1]) == 1  # never a diagonal
    assert (6, 6) not in b.neighbours((5, 5)) and (4, 4) not in b.neighbours((5, 5))
    assert sum(len(b.neighbours(s)) for s in b.squares()) == 2 * (15 * 11 + 16 * 10)


@pytest.mark.variant("TE-BASE-14")
def test_the_base_side_has_41_river_squares_in_runs_of_12_and_29():
    b = board.load("base")
    assert len(b.rivers) == 41 and 176 - len(b.rivers) == 135
    assert data_check.runs(set(b.rivers)) == [12, 29]
    assert {(0, 3), (8, 0)} <= b.rivers and {(12, 0), (0, 6)} <= b.rivers
    assert not b.is_river((0, 5))  # TE-Z-18: not a river
    assert b.is_river((4, 0)) and not b.is_river((0, 0))


@pytest.mark.variant("TE-BASE-15")
def test_the_base_side_has_ten_shedu_squares_none_on_a_river():
    b = board.load("base")
    assert b.shedu == tuple(reading(BASE_SHEDU)) and len(b.shedu) == 10
    assert not set(b.shedu) & b.rivers


@pytest.mark.variant("TE-BASE-16")
def test_four_base_shedu_squares_have_the_special_border():
    b = board.load("base")
    assert b.special == frozenset(BASE_SPECIAL) and len(b.special) == 4
    assert b.special <= set(b.shedu)


@pytest.mark.variant("TE-ADVB-01", "TE-ADVB-04")
def test_the_advanced_side_39_rivers_in_one_run_14_shedu_6_special():
    a, b = board.load("advanced"), board.load("base")
    assert len(a.rivers) == 39 and data_check.runs(set(a.rivers)) == [39]
    assert a.is_river((6, 10))  # where the joined rivers leave the board
    assert a.shedu == tuple(reading(ADV_SHEDU)) and len(a.shedu) == 14
    assert len(a.shedu) - len(b.shedu) == 4  # four extra treasures
    assert a.special == frozenset(ADV_SPECIAL) and len(a.special) == 6
    assert (9, 10) in a.special and (8, 10) not in a.special  # TE-Z-16
    assert not set(a.shedu) & a.rivers and a.special <= set(a.shedu)
    assert a.rivers != b.rivers  # a different map on the reverse side


def mistyped(change) -> list[str]:
    d = doc()
    change(d)
    return data_check.problems(d, "board.json")


@pytest.mark.variant("TE-BASE-14", "TE-ADVB-04")
def test_a_mistyped_copy_is_reported_by_name():
    # the 42nd river of one source (TE-Z-18): one run grows to 30
    p = mistyped(lambda d: d["base"]["rivers"].append([0, 5]))
    assert p == ["board.json: base.rivers: 42 squares, want 41",
                 "board.json: base.rivers: runs of [12, 30] squares, want [12, 29]"]
    # the source's (8,10) for (9,10) (TE-Z-16): not a Shedu square
    def eight(d):
        d["advanced"]["special_treasures"][4] = [8, 10]
    assert mistyped(eight) == ["board.json: advanced: special borders not on a Shedu square [[8, 10]]"]
    # a Shedu square moved onto a river; a river square dropped (the run breaks)
    def wet(d):
        d["base"]["temples_with_treasure"][0] = [4, 0]
    assert mistyped(wet) == ["board.json: base: Shedu squares on a river [[4, 0]]"]
    def dry(d):
        d["advanced"]["rivers"].remove([2, 3])
    assert mistyped(dry) == ["board.json: advanced.rivers: 38 squares, want 39",
                             "board.json: advanced.rivers: runs of [6, 32] squares, want [39]"]
    def shape(d):
        d["width"] = 15
        d["advanced"]["shedu_temples"].append([16, 0])
        d["advanced"]["special_treasures"].append([1, 2])
        del d["base"]["special_treasures"]
    assert mistyped(shape) == [
        "board.json: width x height is 15 x 11, want 16 x 11",
        "board.json: base: missing special_treasures",
        "board.json: advanced.shedu_temples: [16, 0] is outside the 16 x 11 grid",
        "board.json: advanced.special_treasures: squares listed twice [[1, 2]]",
    ]
    assert data_check.problems([], "x.json") == ["x.json: not a JSON object"]


def test_a_file_is_named_by_its_file_name(tmp_path):
    bad = copy.deepcopy(doc())
    bad["advanced"]["rivers"].append([0, 0])
    path = tmp_path / "board-copy.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    assert data_check.check_file(path) == ["board-copy.json: advanced.rivers: 40 squares, want 39",
                                           "board-copy.json: advanced.rivers: runs of [1, 39] squares, want [39]"]
    path.write_text("{not json", encoding="utf-8")
    assert data_check.check_file(path)[0].startswith("board-copy.json: cannot be read as JSON")
