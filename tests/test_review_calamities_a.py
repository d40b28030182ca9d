"""Review of the calamity phase (29) and of Volcano/Earthquake, Treachery, Famine, Superstition,
Civil Disorder, Iconoclasm and Heresy, Piracy (30) and Monotheism (32.94): bugs found in the
review and edge cases that were not pinned yet."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.game import Game

from tests.helpers import play, refused, texts
from tests.test_calamities_a import (ASIA, ASSYRIA, BABYLON, CRETE, EGYPT, SEVEN, cal, cities,
                                     owed)


def visible(events, seat):
    return [e for e in events if e.to is None or seat in e.to]


# ---- SITE-CREATE-10: only the active calamity is shown ---------------------------------------

@pytest.mark.site("SITE-CREATE-10", "SITE-CAL-06", "SITE-CAL-03")
@pytest.mark.rule("29.3", "29.5")
def test_only_active_calamity_option_hides_upcoming_calamities_in_the_event_log():
    board = cities(SEVEN[:5], "egypt", {"upper_egypt": 12})
    players = {"egypt": {"hand": ["superstition", "civil_disorder", "iconoclasm"]}}
    for seed in range(8):
        s, ev = cal(board, players, options={"only_active_calamity": True}, seed=seed)
        upcoming = [c["calamity"] for c in s.step["queue"][1:]]
        disregarded = [c for c in ("superstition", "civil_disorder", "iconoclasm")
                       if c not in [q["calamity"] for q in s.step["queue"]]]
        shown = texts(visible(ev, BABYLON))
        # the active calamity is announced, the upcoming and the disregarded ones are not
        assert s.step["current"]["calamity"] == s.step["queue"][0]["calamity"]
        for c in upcoming + disregarded:
            name = Game(s).d.calamities[c].name
            assert name not in shown, (seed, name)
        active = Game(s).d.calamities[s.step["queue"][0]["calamity"]].name
        assert f"Egypt reveals {active}." in shown and f"{active} strikes Egypt." in shown
        # resolving everything reveals the rest: the next one when it strikes, then the
        # disregarded one (29.5) once all calamities are resolved
        while s.phase == "calamities" and owed(s):
            s, ev2 = play(s, {"type": "timeout", "player": owed(s)[0].player})
            ev += ev2
        out = texts(ev)
        for c in upcoming:
            assert f"Egypt reveals {Game(s).d.calamities[c].name}." in out
        assert f"{Game(s).d.calamities[disregarded[0]].name} is disregarded (29.5)" in out
        assert sorted(s.set_aside) == ["civil_disorder", "iconoclasm", "superstition"]


@pytest.mark.site("SITE-CREATE-10")
def test_without_the_option_every_calamity_is_revealed_at_once():
    board = cities(SEVEN[:5], "egypt", {"upper_egypt": 12})
    s, ev = cal(board, {"egypt": {"hand": ["superstition", "civil_disorder"]}})
    reveals = [e.text for e in ev if e.kind == "calamity_revealed"]
    assert reveals == ["Egypt reveals Superstition.", "Egypt reveals Civil Disorder."]
