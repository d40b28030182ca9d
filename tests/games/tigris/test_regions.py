"""Regions and kingdoms (TE-BASE-22..24)."""
import pytest

from tresham.games.tigris.regions import kingdom_of, regions

from .helpers import game, leader, sq, tile, tiles


@pytest.mark.variant("TE-BASE-22")
def test_leaders_link_like_tiles():
    s = game()
    tiles(s, "red", "E5", "G5")
    r = regions(s)
    assert len(r.members) == 2 + 3  # 3: helpers.SPARE
    leader(s, "F5", 0, "black")
    r = regions(s)
    assert len(r.members) == 1 + 3 and len(kingdom_of(s, sq("E5"))) == 3


@pytest.mark.variant("TE-BASE-23")
def test_kingdom_is_a_region_with_a_leader():
    s = game()
    tiles(s, "red", "E5", "J5")
    leader(s, "E6", 0, "black")
    leader(s, "E4", 1, "red")
    r = regions(s)
    kings = [i for i in range(len(r.members)) if r.is_kingdom(s, i)]
    assert len(r.members) == 2 + 3 and len(kings) == 1
    assert len(r.leaders(s, kings[0])) == 2  # leaders of two players in one kingdom


@pytest.mark.variant("TE-BASE-24")
def test_catastrophes_break_links_face_down_tiles_link():
    s = game()
    tiles(s, "red", "E5", "F5", "G5")
    s.catastrophes.add(sq("F5"))
    del s.tiles[sq("F5")]
    assert len(regions(s).members) == 2 + 3
    tile(s, "E6", "green", face_down=True)
    tile(s, "F6", "green", face_down=True)
    tile(s, "G6", "green", face_down=True)
    r = regions(s)
    assert len(r.members) == 1 + 3 and len(kingdom_of(s, sq("E5"))) == 5
    assert kingdom_of(s, sq("E5")) == kingdom_of(s, sq("G5"))
    assert len(kingdom_of(s, sq("E5"), blocked={sq("F6")})) == 2
