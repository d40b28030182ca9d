"""tresham/games/advciv/rules/calamities/tribal_conflict.py: Tribal Conflict (Expansion Project 28.73)."""
import pytest

from tresham.games.advciv.context import Context

from tests.helpers import EGYPT, cal, owed, play, refused, texts

from .ep_minors import O, sampled


def board(**tokens):
    b = {"tanis": {"city": "egypt"}, "upper_egypt": {"tokens": {"egypt": 2}}}
    for a, n in (tokens or {"sinai": 3, "gaza": 1, "jerusalem": 2}).items():
        b[a] = {"tokens": {"egypt": n}}
    return b


@pytest.mark.variant("CPCAL-28.731")
def test_the_victim_chooses_two_neighbouring_areas_without_city_and_empties_them():
    s, _ = cal(board(), {"egypt": {"hand": ["tribal_conflict"]}}, options=O)
    d = owed(s)[0]
    assert d.kind == "calamity_choice"
    # Tanis holds a city; Upper Egypt borders none of them
    assert d.options["choices"] == ["gaza+jerusalem", "gaza+sinai", "jerusalem+sinai"]
    assert d.options["tokens"] == {"gaza+jerusalem": 3, "gaza+sinai": 4, "jerusalem+sinai": 5}
    refused(s, {"type": "calamity_choice", "player": EGYPT, "choice": "sinai+tanis"}, "28.731")
    refused(s, {"type": "calamity_choice", "player": EGYPT, "choice": "sinai+upper_egypt"}, "28.731")
    s, ev = play(s, {"type": "calamity_choice", "player": EGYPT, "choice": "gaza+sinai"})
    g = Context(s)
    assert g.tokens("sinai", "egypt") == 0 and g.tokens("gaza", "egypt") == 0
    assert g.tokens("jerusalem", "egypt") == 2 and g.tokens("upper_egypt", "egypt") == 2
    assert g.cities_of("egypt") == ["tanis"]
    assert "Gaza and Sinai are depopulated" in texts(ev)


@pytest.mark.variant("CPCAL-28.731")
def test_only_his_tokens_go_from_a_shared_area():
    b = board(sinai=2, gaza=1)
    b["gaza"]["tokens"]["babylon"] = 2
    s, _ = cal(b, {"egypt": {"hand": ["tribal_conflict"]}}, options=O)  # one pair: at once
    g = Context(s)
    assert g.tokens("sinai", "egypt") == 0 and g.tokens("gaza", "egypt") == 0
    assert g.tokens("gaza", "babylon") == 2


@pytest.mark.variant("CPCAL-28.732")
@pytest.mark.parametrize("tokens", [{"sinai": 3}, {"sinai": 3, "upper_egypt": 2}, {}])
def test_no_such_pair_no_effect(tokens):
    b = {"tanis": {"city": "egypt"}, "gaza": {"city": "egypt"}}  # cities are never depopulated
    for a, n in tokens.items():
        b[a] = {"tokens": {"egypt": n}}
    s, ev = cal(b, {"egypt": {"hand": ["tribal_conflict"]}}, options=O)
    g = Context(s)
    assert not any(d.kind in ("calamity_choice", "choose_losses") for d in owed(s))
    assert all(g.tokens(a, "egypt") == n for a, n in tokens.items())
    assert "it has no effect (28.732)" in texts(ev)


@pytest.mark.variant("CPCAL-28.733")
def test_no_more_than_five_tokens_removed_the_excess_stays():
    s, _ = cal(board(sinai=4, gaza=3), {"egypt": {"hand": ["tribal_conflict"]}}, options=O)
    d = owed(s)[0]  # a single pair: only the five tokens to choose
    assert d.kind == "choose_losses" and d.options["points"] == 5
    assert d.options["tokens"] == {"gaza": 3, "sinai": 4} and d.options["cities"] == {}
    refused(s, {"type": "choose_losses", "player": EGYPT, "tokens": {"gaza": 3, "sinai": 3}})
    refused(s, {"type": "choose_losses", "player": EGYPT, "tokens": {"gaza": 3, "upper_egypt": 2}})
    refused(s, {"type": "choose_losses", "player": EGYPT, "destroy": ["tanis"]})
    s, _ = play(s, {"type": "choose_losses", "player": EGYPT, "tokens": {"gaza": 3, "sinai": 2}})
    g = Context(s)
    assert g.tokens("gaza", "egypt") == 0 and g.tokens("sinai", "egypt") == 2
    assert g.tokens("upper_egypt", "egypt") == 2


@pytest.mark.variant("CPCAL-28.731", "CPCAL-28.733")
def test_default_takes_a_pair_with_fewest_tokens():
    s, _ = cal(board(), {"egypt": {"hand": ["tribal_conflict"]}}, options=O)
    s, _ = play(s, {"type": "timeout", "player": EGYPT})  # ruling EPM-7: Gaza+Jerusalem, 3 tokens
    g = Context(s)
    assert (g.tokens("gaza", "egypt"), g.tokens("jerusalem", "egypt"), g.tokens("sinai", "egypt")) == (0, 0, 3)


@pytest.mark.variant("CPCAL-28.733", "CPCAL-00c")
@pytest.mark.parametrize("seed", range(6))
def test_the_bots_choices_are_legal(seed):
    s, _ = cal(board(sinai=4, gaza=3, jerusalem=3), {"egypt": {"hand": ["tribal_conflict"]}}, options=O)
    before = Context(s).tokens_on_board("egypt")
    s = sampled(s, EGYPT, seed)
    if owed(s) and owed(s)[0].kind == "choose_losses":
        s = sampled(s, EGYPT, seed + 100)
    assert before - Context(s).tokens_on_board("egypt") == 5
