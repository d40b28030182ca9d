"""tresham/games/advciv/rules/conflict.py: conflict (24), Metalworking (32.231), Engineering
(32.311) and the site's conflict decisions (SITE-CONFLICT-*)."""
import pytest

from tresham.games.advciv.context import Context
from tresham.games.advciv.phase import PHASES
from tresham.games.advciv.rules import conflict as cf
from tresham.games.contract import IllegalOrder
from tresham.rng import Rng

from tests.helpers import play, position, refused, texts


NATIONS = ["babylon", "egypt", "assyria", "asia"]  # seats 0, 1, 2, 3
SEAT = {n: i for i, n in enumerate(NATIONS)}


def start_conflict(board: dict, players: dict | None = None, seed: int = 0, options: dict | None = None,
                   **extra):
    """A position on the four-player eastern board, then the conflict phase started on it
    (without running later phases). Gives (state, events of the conflict start)."""
    state, _ = position(options={"players": 4, "board": "four_east", **(options or {})}, nations=NATIONS,
                        board=board, players=players or {}, phase="pick", seed=seed, **extra)
    state.phase = "conflict"
    state.step = {}
    g = Context(state)
    PHASES["conflict"].start(g)
    g.sync()
    return state, g.events


def toks(state, area: str) -> dict[str, int]:
    return dict(state.board.tokens.get(area, {}))


def p(state, nation: str):
    return state.player(nation)


def _pillage_position(options=None, **players):
    """Egypt destroyed Babylon's city in Ur and Assyria Asia's in Nineveh: two pillages owed.
    Babylon has 4 tokens in treasury; the tokens not on the board nor in treasury are in stock."""
    base = {"babylon": {"treasury": 4}}
    base.update(players)
    return start_conflict({"ur": {"tokens": {"egypt": 7}, "city": "babylon"},
                           "nineveh": {"tokens": {"assyria": 7}, "city": "asia"}}, base, options=options)


# ---- 24.1, 24.11, 24.12 When there is conflict --------------------------------------------------
@pytest.mark.rule("24.1")
def test_coexistence_within_limit_is_no_conflict():
    s, ev = start_conflict({"sumeria": {"tokens": {"babylon": 1, "egypt": 2}}})
    assert toks(s, "sumeria") == {"babylon": 1, "egypt": 2}
    assert "Conflict" not in texts(ev)


@pytest.mark.rule("24.1", "24.2", "24.21", "24.12")
def test_over_limit_fewest_removes_first_and_losses_return_to_stock():
    s0, _ = position(options={"players": 4, "board": "four_east"}, nations=NATIONS, phase="pick",
                     board={"sumeria": {"tokens": {"babylon": 3, "egypt": 5}}})
    stock_b, stock_e = p(s0, "babylon").stock, p(s0, "egypt").stock
    s, ev = start_conflict({"sumeria": {"tokens": {"babylon": 3, "egypt": 5}}})
    # B 3->2, E 5->4, B->1, E->3 (total 4 > 3), B->0: Egypt keeps 3.
    assert toks(s, "sumeria") == {"egypt": 3}
    assert p(s, "babylon").stock == stock_b + 3 and p(s, "egypt").stock == stock_e + 2
    assert ("Conflict in Sumeria: Babylon loses 3 tokens (0 left), Egypt loses 2 tokens "
            "(3 left).") in texts(ev)


@pytest.mark.rule("24.1", "24.31")
def test_city_counts_as_full():
    s, _ = start_conflict({"ur": {"tokens": {"egypt": 1}, "city": "babylon"}})
    assert s.board.cities["ur"] == "babylon" and toks(s, "ur") == {}


@pytest.mark.rule("24.11")
def test_ships_never_involved():
    s, _ = start_conflict({"ur": {"tokens": {"babylon": 1, "egypt": 4}}},
                          ships={"babylon": ["ur"], "egypt": ["ur", "ur"]})
    assert toks(s, "ur") == {"egypt": 4}  # Babylon 1 -> 0 at once
    assert s.board.ships == {"babylon": ["ur"], "egypt": ["ur", "ur"]}
    # Only land areas know conflict: even tokens left at sea would not fight.
    s.board.tokens["eastern_mediterranean"] = {"babylon": 3, "egypt": 3}
    assert not cf.in_conflict(Context(s), "eastern_mediterranean")
    s.board.tokens["sumeria"] = {"babylon": 3, "egypt": 3}
    assert cf.in_conflict(Context(s), "sumeria")


@pytest.mark.rule("24.1")
def test_phase_without_conflict_needs_no_decision():
    s, ev = start_conflict({"sumeria": {"tokens": {"babylon": 2}}})
    g = Context(s)
    assert PHASES["conflict"].pending(g) == [] and PHASES["conflict"].complete(g)
    assert ev == []


@pytest.mark.rule("24.1", "30.5252")
def test_barbarians_and_a_nation_coexist_within_the_limit():
    s, ev = start_conflict({"sumeria": {"tokens": {"barbarians": 2, "egypt": 1}}})
    assert toks(s, "sumeria") == {"barbarians": 2, "egypt": 1} and "Conflict" not in texts(ev)


@pytest.mark.rule("24.1", "24.12")
def test_random_positions_resolve_every_conflict_and_keep_counts():
    """After the phase start no area is in conflict and every token is accounted for."""
    from tresham.games.advciv.tools.sim import check_invariants

    areas = ["ur", "thebes", "sumeria", "gaza", "tyre", "nineveh"]  # 6 x 9 tokens <= 55
    owners = NATIONS + ["barbarians"]
    for seed in range(40):
        r = Rng(seed)
        board: dict = {}
        for a in areas:
            spec: dict = {"tokens": {}}
            for o in r.sample(owners, 1 + r.below(3)):
                spec["tokens"][o] = 1 + r.below(9)
            if r.below(2):
                spec["city"] = r.choice(NATIONS + ["pirates"])
            board[a] = spec
        cards = {n: {"civ_cards": r.sample(["engineering", "metalworking", "agriculture"],
                                           r.below(3))} for n in NATIONS}
        s, _ = start_conflict(board, cards, seed=seed)
        g = Context(s)
        assert not [a for a in s.board.tokens if cf.in_conflict(g, a)], seed
        assert check_invariants(s) == [], seed
        for d in PHASES["conflict"].pending(g):
            assert 1 <= d.options["max"] <= 3


# ---- 24.21, 24.22 Token against token -----------------------------------------------------------
@pytest.mark.rule("24.21")
def test_conflict_may_end_in_coexistence():
    # limit 4: B 2->1 brings the total to 4, the limit: both stay.
    s, _ = start_conflict({"upper_egypt": {"tokens": {"babylon": 2, "egypt": 3}}})
    assert toks(s, "upper_egypt") == {"babylon": 1, "egypt": 3}


@pytest.mark.rule("24.22", "17.4")
def test_equal_numbers_remove_simultaneously_no_ast_tiebreak():
    s, _ = start_conflict({"gaza": {"tokens": {"babylon": 1, "egypt": 1}},
                           "sumeria": {"tokens": {"assyria": 2, "asia": 2}}})
    assert toks(s, "gaza") == {}  # limit 1: both removed at once, the area is depopulated
    assert toks(s, "sumeria") == {"assyria": 1, "asia": 1}  # 2+2 -> 1+1 = 2 <= 3


@pytest.mark.site("SITE-CONFLICT-02")
@pytest.mark.rule("32.241", "26.11")
def test_agriculture_never_applies_in_conflict():
    # Cilicia limit 2; Egypt's Agriculture would make 3, but not with Babylon there.
    s, ev = start_conflict({"cilicia": {"tokens": {"egypt": 2, "babylon": 1}}},
                           {"egypt": {"civ_cards": ["agriculture"]}})
    assert toks(s, "cilicia") == {"egypt": 2}
    assert "Babylon loses 1 token" in texts(ev)


# ---- 24.23 Three or more nations (Z-33) ---------------------------------------------------------
@pytest.mark.rule("24.23")
def test_three_nations_ascending_round_robin():
    # Media limit 2. Round 1: Babylon(1) 1->0, Egypt(2) 2->1, Assyria(4) 4->3;
    # round 2: Egypt 1->0 -> only Assyria remains with 3.
    s, _ = start_conflict({"media": {"tokens": {"babylon": 1, "egypt": 2, "assyria": 4}}})
    assert toks(s, "media") == {"assyria": 3}


@pytest.mark.rule("24.23", "24.22")
def test_three_nations_ties_remove_together():
    # Sumeria limit 3: 2,2,3 -> (1,1,3) -> (1,1,2) total 4 -> (0,0,2).
    assert cf.token_losses({"a": 2, "b": 2, "c": 3}, 3, set()) == {"a": 2, "b": 2, "c": 1}
    s, _ = start_conflict({"sumeria": {"tokens": {"babylon": 2, "egypt": 2, "assyria": 3}}})
    assert toks(s, "sumeria") == {"assyria": 2}


@pytest.mark.rule("24.23")
def test_three_nations_stop_as_soon_as_within_limit():
    # Upper Egypt limit 4: 1,2,3 -> Babylon 1->0 leaves 5, Egypt 2->1 leaves 4: stop.
    s, _ = start_conflict({"upper_egypt": {"tokens": {"babylon": 1, "egypt": 2, "assyria": 3}}})
    assert toks(s, "upper_egypt") == {"egypt": 1, "assyria": 3}


# ---- 24.24 Metalworking -------------------------------------------------------------------------
@pytest.mark.rule("24.24", "32.231")
def test_metalworking_holder_removes_after_non_holder():
    # Gaza limit 1, 1 v 1: Babylon (no Metalworking) removes first, Egypt survives.
    s, _ = start_conflict({"gaza": {"tokens": {"babylon": 1, "egypt": 1}},
                           "cilicia": {"tokens": {"babylon": 2, "egypt": 2}}},
                          {"egypt": {"civ_cards": ["metalworking"]}})
    assert toks(s, "gaza") == {"egypt": 1}
    # Cilicia limit 2: B 2->1 (3), E 2->1 (2): co-exist 1+1 (not simultaneous 2->1 each).
    assert toks(s, "cilicia") == {"babylon": 1, "egypt": 1}


@pytest.mark.rule("24.24", "32.231")
def test_metalworking_both_holders_resolve_normally():
    s, _ = start_conflict({"gaza": {"tokens": {"babylon": 1, "egypt": 1}}},
                          {"egypt": {"civ_cards": ["metalworking"]},
                           "babylon": {"civ_cards": ["metalworking"]}})
    assert toks(s, "gaza") == {}


@pytest.mark.rule("24.24", "32.231", "24.23")
def test_metalworking_in_three_nation_conflict():
    # Sumeria limit 3; Babylon 2 holds Metalworking, Egypt 2, Assyria 3.
    # Round 1: E 2->1 (6), A 3->2 (5), then B 2->1 (4); round 2: E 1->0 (3): stop.
    s, _ = start_conflict({"sumeria": {"tokens": {"babylon": 2, "egypt": 2, "assyria": 3}}},
                          {"babylon": {"civ_cards": ["metalworking"]}})
    assert toks(s, "sumeria") == {"babylon": 1, "assyria": 2}
    # Without Metalworking Babylon and Egypt remove together and both are wiped out.
    assert cf.token_losses({"b": 2, "e": 2, "a": 3}, 3, set()) == {"b": 2, "e": 2, "a": 1}


@pytest.mark.rule("24.24", "30.5252")
def test_barbarians_fight_like_a_nation_without_cards():
    s, _ = start_conflict({"gaza": {"tokens": {"barbarians": 1, "egypt": 1}},
                           "sumeria": {"tokens": {"barbarians": 5, "babylon": 3}}},
                          {"egypt": {"civ_cards": ["metalworking"]}})
    assert toks(s, "gaza") == {"egypt": 1}
    assert toks(s, "sumeria") == {"barbarians": 3}  # B 3->2, X 5->4, B->1, X->3 (4), B->0


@pytest.mark.rule("24.23", "24.24", "24.22")
def test_two_metalworking_holders_with_equal_counts_remove_together_after_the_non_holder():
    """Sumeria (limit 3): Babylon 3 and Egypt 3 hold Metalworking, Asia 4 does not. Each
    round Asia removes first, then the two holders together: A3 B2 E2; A2 B1 E1; A1 (3)."""
    s, _ = start_conflict({"sumeria": {"tokens": {"babylon": 3, "egypt": 3, "asia": 4}}},
                          {"babylon": {"civ_cards": ["metalworking"]},
                           "egypt": {"civ_cards": ["metalworking"]}})
    assert toks(s, "sumeria") == {"asia": 1, "babylon": 1, "egypt": 1}


@pytest.mark.rule("24.24", "24.41", "24.31")
def test_metalworking_attacker_still_loses_tokens_to_defenders():
    """Metalworking only changes who removes first: 7 attackers (holder) against 3
    defenders: D->2, B->6, D->1, B->5, D->0. Five left are too few to attack."""
    s, ev = start_conflict({"sumeria": {"city": "asia", "tokens": {"asia": 3, "babylon": 7}}},
                           {"babylon": {"civ_cards": ["metalworking"]}})
    assert s.board.cities.get("sumeria") == "asia" and toks(s, "sumeria") == {}
    assert "5 Babylon tokens cannot attack Asia's city in Sumeria (7 needed)" in texts(ev)


@pytest.mark.rule("24.24", "24.32", "32.231")
def test_metalworking_defender_in_the_fight_after_the_city_is_replaced():
    """Asia's city (Metalworking) in Sumeria (limit 3) falls to 8 Babylonians; the 6 Asian
    replacement tokens remove after Babylon each round: B7 A5, B6 A4, B5 A3, B4 A2, B3 A1,
    B2 (3 = limit): Asia keeps 1, Babylon 2 (without Metalworking Babylon would keep 3)."""
    s, _ = start_conflict({"sumeria": {"city": "asia", "tokens": {"babylon": 8}}},
                          {"asia": {"civ_cards": ["metalworking"]}})
    assert toks(s, "sumeria") == {"asia": 1, "babylon": 2}
    s, _ = start_conflict({"sumeria": {"city": "asia", "tokens": {"babylon": 8}}})
    assert toks(s, "sumeria") == {"babylon": 3}


# ---- 24.31, 24.32 Tokens against cities ---------------------------------------------------------
@pytest.mark.rule("24.3", "24.31")
def test_fewer_than_seven_attackers_are_removed():
    s0, _ = position(options={"players": 4, "board": "four_east"}, nations=NATIONS, phase="pick",
                     board={"ur": {"tokens": {"egypt": 6}, "city": "babylon"}})
    s, ev = start_conflict({"ur": {"tokens": {"egypt": 6}, "city": "babylon"}})
    assert s.board.cities["ur"] == "babylon" and toks(s, "ur") == {}
    assert p(s, "egypt").stock == p(s0, "egypt").stock + 6
    assert ("6 Egypt tokens cannot attack Babylon's city in Ur (7 needed) and are "
            "removed.") in texts(ev)


@pytest.mark.rule("24.31", "24.32")
@pytest.mark.site("SITE-CONFLICT-01")
def test_seven_attackers_destroy_city_replaced_by_six():
    s, ev = start_conflict({"ur": {"tokens": {"egypt": 7}, "city": "babylon"}},
                           {"babylon": {"stock": 20}}, options={"tokens": 20})
    # city -> 6 Babylon tokens; Ur limit 3: B6->5, E7->6, ... B2->1 (E3, total 4), E->2 (3): stop.
    assert "ur" not in s.board.cities
    assert toks(s, "ur") == {"babylon": 1, "egypt": 2}
    assert p(s, "babylon").stock == 20 - 6 + 5
    assert "Babylon's city in Ur is replaced by 6 tokens to fight 7 Egypt tokens." in texts(ev)
    g = Context(s)
    # SITE-CONFLICT-01: the only prompt is the pillage.
    owed = [(d.player, d.kind) for d in PHASES["conflict"].pending(g)]
    assert owed == [(SEAT["egypt"], "pillage")]


@pytest.mark.rule("24.32")
def test_short_stock_replaces_city_with_what_he_has():
    s, ev = start_conflict({"ur": {"tokens": {"egypt": 7}, "city": "babylon"}},
                           {"babylon": {"stock": 2, "treasury": 53}})  # the victim's treasury stays out
    # 2 Babylon tokens: B 2->1, E 7->6, B->0: Egypt keeps 6 in the empty city area.
    assert "ur" not in s.board.cities
    assert toks(s, "ur") == {"egypt": 6}
    assert "replaced by 2 tokens" in texts(ev)


@pytest.mark.rule("24.32")
@pytest.mark.site("SITE-CONFLICT-06")
def test_defender_resolves_other_conflicts_first_to_refill_stock():
    # Babylon has no stock; its tokens lost in Sumeria (no city) return to stock before its
    # city in Ur is replaced.
    s, ev = start_conflict({"ur": {"tokens": {"egypt": 7}, "city": "babylon"},
                            "sumeria": {"tokens": {"babylon": 4, "assyria": 6}}},
                           {"babylon": {"stock": 0, "treasury": 51}})  # the victim's treasury stays out
    # Sumeria: B4->3, A6->5, B->2, A->4, B->1 (5), A->3 (4), B->0 -> Babylon lost 4.
    assert toks(s, "sumeria") == {"assyria": 3}
    t = texts(ev)
    assert t.index("Conflict in Sumeria") < t.index("city in Ur is replaced by 4 tokens")


# ---- 24.33 Attackers cannot combine -------------------------------------------------------------
@pytest.mark.rule("24.33")
def test_two_attackers_fight_each_other_first():
    # Third party's city; Egypt 8 v Assyria 3: A 3->2, E 8->7, A->1, E->6, A->0: 6 < 7.
    s, ev = start_conflict({"ur": {"tokens": {"egypt": 8, "assyria": 3}, "city": "babylon"}})
    assert s.board.cities["ur"] == "babylon" and toks(s, "ur") == {}
    assert "6 Egypt tokens cannot attack" in texts(ev)


@pytest.mark.rule("24.33")
def test_surviving_attacker_may_then_attack():
    # Egypt 10 v Assyria 2: A->1, E->9, A->0: Egypt attacks with 9.
    s, ev = start_conflict({"ur": {"tokens": {"egypt": 10, "assyria": 2}, "city": "babylon"}},
                           {"babylon": {"stock": 20}}, options={"tokens": 20})
    assert "ur" not in s.board.cities
    assert "replaced by 6 tokens to fight 9 Egypt tokens" in texts(ev)
    # 9 v 6 in Ur (limit 3): B6->5 E->8 B->4 E->7 B->3 E->6 B->2 E->5 B->1 E->4 B->0.
    assert toks(s, "ur") == {"egypt": 4}
    assert p(s, "assyria").hand == []


@pytest.mark.rule("24.23", "24.33", "24.41", "24.31", "24.32")
def test_defended_city_with_two_attacking_nations():
    """Asia's city in Sumeria with 2 defending tokens; Babylon 9 and Egypt 3. All tokens
    fight first (ascending): A2->1, E3->2, B9->8; A->0, E->1, B->7; E->0. Babylon's 7
    then attack: the city becomes 6 Asian tokens; limit 3: 6v7 ... Asia 1, Babylon 2."""
    s, ev = start_conflict({"sumeria": {"city": "asia",
                                        "tokens": {"asia": 2, "babylon": 9, "egypt": 3}}})
    t = texts(ev)
    assert "Asia's city in Sumeria is destroyed by Babylon's attack with 7 tokens." in t
    assert toks(s, "sumeria") == {"asia": 1, "babylon": 2}
    assert s.step["pillage"] == [{"nation": "babylon", "area": "sumeria"}]


# ---- 24.34 Pirate cities ------------------------------------------------------------------------
@pytest.mark.rule("24.34", "24.53")
@pytest.mark.site("SITE-CONFLICT-04")
def test_pirate_city_attacked():
    s, ev = start_conflict({"tyre": {"tokens": {"egypt": 7}, "city": "pirates"}},
                           {"egypt": {"hand": ["grain"]}})
    t = texts(ev)
    assert "The Pirates' city in Tyre is replaced by 6 tokens" in t
    assert "replaced by 6 tokens to fight 7 Egypt tokens" in t  # Z-39
    # Tyre limit 3: P6->5, E->6, P->4, E->5, P->3, E->4, P->2, E->3, P->1 (4), E->2 (3): stop.
    assert "The 1 surviving pirate token in Tyre is removed (24.34)." in t
    assert toks(s, "tyre") == {"egypt": 2} and "tyre" not in s.board.cities
    assert p(s, "egypt").hand == ["grain"]  # no card from pirates
    assert "draws" not in t
    g = Context(s)
    assert [d.options for d in PHASES["conflict"].pending(g)] == [{"area": "tyre", "max": 3}]


@pytest.mark.rule("24.34", "24.35")
def test_pirate_city_against_engineering_becomes_five():
    s, ev = start_conflict({"tyre": {"tokens": {"egypt": 6}, "city": "pirates"}},
                           {"egypt": {"civ_cards": ["engineering"]}})
    assert "replaced by 5 tokens to fight 6 Egypt tokens" in texts(ev)
    assert "pirates" not in toks(s, "tyre")


@pytest.mark.rule("24.33", "24.34")
def test_two_nations_at_a_pirate_city_fight_first_then_the_survivor_attacks():
    """Egypt 9, Babylon 2 at a pirate city: B->1, E->8, B->0; 8 Egyptians attack 6 pirate
    tokens (Tyre, limit 3): 6v8 -> 5v7 -> 4v6 -> 3v5 -> 2v4 -> 1v3 (4), P->0: Egypt keeps 3.
    Pillage but no card (24.53), and Babylon's hand is untouched."""
    s, ev = start_conflict({"tyre": {"tokens": {"egypt": 9, "babylon": 2}, "city": "pirates"}},
                           {"babylon": {"hand": ["grain"]}})
    assert "tyre" not in s.board.cities
    assert toks(s, "tyre") == {"egypt": 3}
    assert s.step["pillage"] == [{"nation": "egypt", "area": "tyre"}]
    assert s.players[0].hand == ["grain"] and "draws" not in texts(ev)


# ---- 24.35 Engineering --------------------------------------------------------------------------
@pytest.mark.rule("24.35", "32.311")
def test_engineering_attacker_needs_six_city_becomes_five():
    s, ev = start_conflict({"fayum": {"tokens": {"egypt": 6}, "city": "babylon"}},
                           {"egypt": {"civ_cards": ["engineering"]}, "babylon": {"stock": 20}},
                           options={"tokens": 20})
    assert "fayum" not in s.board.cities
    assert "replaced by 5 tokens to fight 6 Egypt tokens" in texts(ev)
    # Fayum limit 5: B5->4, E6->5, B->3, E->4, B->2, E->3 (5): co-existence.
    assert toks(s, "fayum") == {"babylon": 2, "egypt": 3}


@pytest.mark.rule("24.35", "32.311")
def test_engineering_defender_needs_eight_city_becomes_seven():
    s, ev = start_conflict({"ur": {"tokens": {"egypt": 7}, "city": "babylon"},
                            "thebes": {"tokens": {"egypt": 8}, "city": "babylon"}},
                           {"babylon": {"civ_cards": ["engineering"], "stock": 20}}, options={"tokens": 20})
    assert s.board.cities["ur"] == "babylon"
    assert "7 Egypt tokens cannot attack Babylon's city in Ur (8 needed)" in texts(ev)
    assert "thebes" not in s.board.cities
    assert "replaced by 7 tokens to fight 8 Egypt tokens" in texts(ev)


@pytest.mark.rule("24.35", "32.311")
def test_engineering_on_both_sides_cancels():
    both = {"egypt": {"civ_cards": ["engineering"]},
            "babylon": {"civ_cards": ["engineering"], "stock": 20}}
    s, ev = start_conflict({"ur": {"tokens": {"egypt": 6}, "city": "babylon"}}, both, options={"tokens": 20})
    assert s.board.cities["ur"] == "babylon" and "(7 needed)" in texts(ev)
    s, ev = start_conflict({"ur": {"tokens": {"egypt": 7}, "city": "babylon"}}, both, options={"tokens": 20})
    assert "ur" not in s.board.cities and "replaced by 6 tokens" in texts(ev)


@pytest.mark.rule("15.63", "24.35")
def test_inert_nation_keeps_engineering_for_defence():
    s, ev = start_conflict({"ur": {"tokens": {"egypt": 7}, "city": "babylon"}},
                           {"babylon": {"civ_cards": ["engineering"], "inert": True}})
    assert s.board.cities["ur"] == "babylon" and "(8 needed)" in texts(ev)


@pytest.mark.rule("24.35", "32.311", "24.41")
def test_engineering_attacker_survivors_need_only_six():
    """8 Engineering attackers against 2 defenders: D->1, B->7, D->0: 7 >= 6 attack and the
    city becomes 5 tokens (limit 3: 5v7 -> 4v6 -> 3v5 -> 2v4 -> 1v3 (4), A->0)."""
    s, ev = start_conflict({"sumeria": {"city": "asia", "tokens": {"asia": 2, "babylon": 8}}},
                           {"babylon": {"civ_cards": ["engineering"]}})
    assert "replaced by 5 tokens to fight 7 Babylon tokens" in texts(ev)
    assert toks(s, "sumeria") == {"babylon": 3}


@pytest.mark.rule("24.35", "24.34", "24.31")
def test_five_engineering_tokens_cannot_attack_a_pirate_city():
    s, ev = start_conflict({"tyre": {"tokens": {"egypt": 5}, "city": "pirates"}},
                           {"egypt": {"civ_cards": ["engineering"]}})
    assert s.board.cities.get("tyre") == "pirates" and toks(s, "tyre") == {}
    assert "(6 needed)" in texts(ev) and s.step["pillage"] == []


@pytest.mark.rule("24.35", "30.5252", "24.31")
def test_barbarians_need_eight_against_an_engineering_city():
    s, ev = start_conflict({"sumeria": {"city": "asia", "tokens": {"barbarians": 7}}},
                           {"asia": {"civ_cards": ["engineering"]}})
    assert s.board.cities.get("sumeria") == "asia" and toks(s, "sumeria") == {}
    assert "(8 needed)" in texts(ev)


# ---- 24.4, 24.41 Defended cities ----------------------------------------------------------------
@pytest.mark.rule("24.4", "24.41")
def test_defending_tokens_fight_first_then_city():
    # Babylon 2 defend, Egypt 9: B2->1, E->8, B->0; 8 attack: city -> 6.
    s, ev = start_conflict({"ur": {"tokens": {"egypt": 9, "babylon": 2}, "city": "babylon"}},
                           {"babylon": {"stock": 20}}, options={"tokens": 22})
    t = texts(ev)
    assert "Conflict in Ur: Babylon loses 2 tokens (0 left), Egypt loses 1 token (8 left)." in t
    assert "replaced by 6 tokens to fight 8 Egypt tokens" in t
    assert "ur" not in s.board.cities


@pytest.mark.rule("24.41")
def test_city_survives_if_too_few_attackers_survive_defenders():
    # Babylon 3 defend, Egypt 8: B->2 E->7 B->1 E->6 B->0: 6 left, too few.
    s, _ = start_conflict({"ur": {"tokens": {"egypt": 8, "babylon": 3}, "city": "babylon"}})
    assert s.board.cities["ur"] == "babylon" and toks(s, "ur") == {}


@pytest.mark.rule("24.41")
def test_defenders_may_win_the_token_fight():
    # E 2->1, B 3->2, E->0: the defenders keep 2 tokens beside their city.
    s, _ = start_conflict({"ur": {"tokens": {"egypt": 2, "babylon": 3}, "city": "babylon"}})
    assert s.board.cities["ur"] == "babylon" and toks(s, "ur") == {"babylon": 2}


# ---- 24.51 The attacker draws a card ------------------------------------------------------------
@pytest.mark.rule("24.5", "24.51")
@pytest.mark.site("SITE-CONFLICT-03")
def test_attacker_draws_a_random_card_from_victim():
    s, ev = start_conflict({"ur": {"tokens": {"egypt": 7}, "city": "babylon"}},
                           {"babylon": {"hand": ["grain", "wine", "cloth"], "stock": 20},
                            "egypt": {"hand": ["ochre"]}}, options={"tokens": 20})
    eg, bab = p(s, "egypt"), p(s, "babylon")
    assert len(eg.hand) == 2 and len(bab.hand) == 2
    drawn = [c for c in eg.hand if c != "ochre"][0]
    assert sorted(bab.hand + [drawn]) == ["cloth", "grain", "wine"]
    public = [e for e in ev if e.kind == "conflict_card"]
    private = [e for e in ev if e.kind == "conflict_card_private"]
    assert public[0].to is None and drawn not in public[0].text
    assert private[0].to == [SEAT["babylon"], SEAT["egypt"]] and private[0].data["card"] == drawn
    assert drawn.capitalize() in private[0].text  # "... is Grain."


@pytest.mark.rule("24.51")
def test_random_card_varies_with_the_generator():
    seen = set()
    for seed in range(12):
        s, _ = start_conflict({"ur": {"tokens": {"egypt": 7}, "city": "babylon"}},
                              {"babylon": {"hand": ["grain", "wine", "cloth"]}}, seed=seed)
        seen.add(p(s, "egypt").hand[0])
    assert seen == {"grain", "wine", "cloth"}


@pytest.mark.rule("24.51")
def test_no_draw_from_empty_hand():
    s, ev = start_conflict({"ur": {"tokens": {"egypt": 7}, "city": "babylon"}})
    assert p(s, "egypt").hand == [] and "has no trade card" in texts(ev)


@pytest.mark.rule("24.51", "24.52")
def test_card_and_pillage_even_if_defenders_survive_the_fight():
    # Z-21: Fayum limit 5; 7 v 6 ends in co-existence 3 v 2, the city is gone all the same.
    s, _ = start_conflict({"fayum": {"tokens": {"egypt": 7}, "city": "babylon"}},
                          {"babylon": {"hand": ["grain"], "stock": 20}}, options={"tokens": 20})
    assert toks(s, "fayum") == {"babylon": 2, "egypt": 3}
    assert p(s, "egypt").hand == ["grain"]
    assert len(PHASES["conflict"].pending(Context(s))) == 1


@pytest.mark.rule("15.62", "24.51")
def test_inert_city_gives_a_retained_card():
    s, _ = start_conflict({"ur": {"tokens": {"egypt": 7}, "city": "babylon"}},
                          {"babylon": {"inert": True}},
                          )
    assert p(s, "egypt").hand == []
    s, _ = position(options={"players": 4, "board": "four_east"}, nations=NATIONS, phase="pick",
                    board={"ur": {"tokens": {"egypt": 7}, "city": "babylon"}},
                    players={"babylon": {"inert": True}})
    s.retained_cards["babylon"] = ["salt"]
    s.stacks[2].remove("salt")
    s.phase, s.step = "conflict", {}
    g = Context(s)
    PHASES["conflict"].start(g)
    assert p(s, "egypt").hand == ["salt"] and s.retained_cards["babylon"] == []
    assert [d.kind for d in PHASES["conflict"].pending(g)] == ["pillage"]


@pytest.mark.rule("24.51")
def test_drawn_card_is_named_only_to_attacker_and_victim():
    s, ev = start_conflict({"sumeria": {"city": "asia", "tokens": {"babylon": 7}}},
                           {"asia": {"hand": ["grain"]}})
    card_events = [e for e in ev if e.kind.startswith("conflict_card")]
    public = [e for e in card_events if e.to is None]
    private = [e for e in card_events if e.to is not None]
    assert len(public) == 1 and "grain" not in repr(public[0].to_json()).lower()
    assert len(private) == 1 and sorted(private[0].to) == [0, 3] and "Grain" in private[0].text
    assert s.players[0].hand == ["grain"] and s.players[3].hand == []


# ---- 24.52 Pillage ------------------------------------------------------------------------------
@pytest.mark.rule("24.52")
@pytest.mark.site("SITE-CONFLICT-03")
def test_pillage_is_the_attackers_choice_up_to_three():
    s, _ = _pillage_position(egypt={"stock": 10, "treasury": 1}, options={"tokens": 18})
    assert s.phase == "conflict"
    s2, ev = play(s, {"type": "pillage", "player": SEAT["egypt"], "amount": 2})
    eg = p(s2, "egypt")
    # Egypt's stock: 10 + 5 tokens lost in the fight, - 2 pillaged.
    assert eg.treasury == 3 and eg.stock == 10 + 5 - 2
    assert p(s2, "babylon").treasury == 4  # the victim is untouched
    assert "Egypt pillages 2 tokens from the city in Ur (stock to treasury)." in texts(ev)
    assert [d.player for d in PHASES["conflict"].pending(Context(s2))] == [SEAT["assyria"]]


@pytest.mark.rule("24.52")
def test_pillage_more_than_three_refused_state_unchanged():
    s, _ = _pillage_position()
    h = s.digest()
    with pytest.raises(IllegalOrder) as e:
        play(s, {"type": "pillage", "player": SEAT["egypt"], "amount": 4})
    assert e.value.rule == "24.52" and "0 to 3" in e.value.message
    assert s.digest() == h
    for bad in ({"type": "pillage", "player": SEAT["egypt"], "amount": -1},
                {"type": "pillage", "player": SEAT["egypt"], "amount": 1, "area": "thebes"},
                {"type": "pillage", "player": SEAT["babylon"], "amount": 1},
                {"type": "pillage", "player": SEAT["egypt"], "amount": "3"}):
        with pytest.raises(IllegalOrder) as e:
            play(s, bad)
        assert e.value.rule == "24.52"
        assert s.digest() == h


@pytest.mark.rule("24.52")
def test_pillage_capped_by_stock():
    # Egypt has 7 on board and 0 elsewhere at first; its fight losses come back to stock.
    s, _ = start_conflict({"jericho": {"tokens": {"egypt": 7}, "city": "babylon"},
                           "nineveh": {"tokens": {"assyria": 7}, "city": "asia"}},
                          {"babylon": {"stock": 0, "treasury": 8}, "egypt": {"stock": 1}},
                          options={"tokens": 8})  # Asia: 8 in stock
    # Babylon replaces with 0 tokens: Egypt loses nothing; its stock is 1.
    g = Context(s)
    opts = {d.player: d.options["max"] for d in PHASES["conflict"].pending(g)}
    assert opts[SEAT["egypt"]] == 1
    with pytest.raises(IllegalOrder):
        play(s, {"type": "pillage", "player": SEAT["egypt"], "amount": 2})
    s2, _ = play(s, {"type": "pillage", "player": SEAT["egypt"], "amount": 1})
    assert p(s2, "egypt").treasury == 1 and p(s2, "egypt").stock == 0


@pytest.mark.rule("24.52")
def test_no_stock_no_pillage_decision():
    s, ev = start_conflict({"jericho": {"tokens": {"egypt": 7}, "city": "babylon"}},
                           {"babylon": {"stock": 0, "treasury": 7}, "egypt": {"stock": 0}},
                           options={"tokens": 7})
    assert PHASES["conflict"].pending(Context(s)) == []
    assert "Egypt has no tokens in stock to pillage" in texts(ev)
    assert p(s, "egypt").treasury == 0


@pytest.mark.rule("24.52")
def test_two_cities_two_pillages_three_each():
    s, _ = start_conflict({"ur": {"tokens": {"egypt": 7}, "city": "babylon"},
                           "thebes": {"tokens": {"egypt": 7}, "city": "babylon"},
                           "nineveh": {"tokens": {"assyria": 7}, "city": "asia"}},
                          {"egypt": {"stock": 0}}, options={"tokens": 14})  # Babylon, Asia: 14 in stock
    g = Context(s)
    mine = [d for d in PHASES["conflict"].pending(g) if d.player == SEAT["egypt"]]
    assert sorted(d.options["area"] for d in mine) == ["thebes", "ur"]
    s2, _ = play(s, {"type": "pillage", "player": SEAT["egypt"], "amount": 3, "area": "thebes"},
                 {"type": "pillage", "player": SEAT["egypt"], "amount": 3})
    assert p(s2, "egypt").treasury == 6


@pytest.mark.rule("15.61", "24.52")
def test_inert_attacker_pillages_automatically():
    s, ev = start_conflict({"ur": {"tokens": {"egypt": 7}, "city": "babylon"}},
                           {"egypt": {"inert": True, "stock": 10}},
                           options={"tokens": 17})  # Babylon: 17 in stock
    assert PHASES["conflict"].pending(Context(s)) == []
    assert p(s, "egypt").treasury == 3 and p(s, "egypt").stock == 10 + 5 - 3
    assert "Egypt pillages 3 tokens from the city in Ur" in texts(ev)


@pytest.mark.rule("24.52")
def test_pillage_for_two_cities_is_capped_by_the_remaining_stock():
    """Stock 4 and two cities destroyed: up to 3 for the first, then at most 1 (never more
    than the stock, 24.52); the timeout takes what is left."""
    s, _ = start_conflict({"ur": {"tokens": {"egypt": 7}, "city": "babylon"},
                           "thebes": {"tokens": {"egypt": 7}, "city": "babylon"}},
                          {"babylon": {"stock": 0, "treasury": 18}, "egypt": {"stock": 4}},
                          options={"tokens": 18})
    g = Context(s)
    assert [d.options["max"] for d in PHASES["conflict"].pending(g)] == [3, 3]
    s, _ = play(s, {"type": "pillage", "player": 1, "amount": 3, "area": "ur"})
    g = Context(s)
    assert [d.options for d in PHASES["conflict"].pending(g)] == [{"area": "thebes", "max": 1}]
    refused(s, {"type": "pillage", "player": 1, "amount": 2}, "24.52")
    s, ev = play(s, {"type": "timeout", "player": 1})
    assert s.players[1].treasury == 4 and s.players[1].stock == 0


@pytest.mark.rule("24.52")
@pytest.mark.site("SITE-CONFLICT-03")
def test_pillage_for_a_city_not_destroyed_is_refused_with_the_cities_owed():
    s, _ = start_conflict({"ur": {"tokens": {"egypt": 7}, "city": "babylon"}},
                          {"babylon": {"stock": 0, "treasury": 11}, "egypt": {"stock": 4}},
                          options={"tokens": 11})
    e = refused(s, {"type": "pillage", "player": 1, "amount": 3, "area": "thebes"}, "24.52")
    assert "no city to pillage in Thebes" in e.message and "destroyed in: Ur" in e.message
    refused(s, {"type": "pillage", "player": 0, "amount": 1}, "24.52")  # Babylon destroyed none


@pytest.mark.rule("24.52")
@pytest.mark.site("SITE-CONFLICT-03")
def test_a_pillage_order_must_say_how_many_tokens():
    """The amount is the player's choice (24.52): an order without it is refused rather
    than silently taken as 0 (which would forfeit the pillage)."""
    s, _ = start_conflict({"ur": {"tokens": {"egypt": 7}, "city": "babylon"}},
                          {"babylon": {"stock": 0, "treasury": 11}, "egypt": {"stock": 4}},
                          options={"tokens": 11})
    e = refused(s, {"type": "pillage", "player": 1}, "24.52")
    assert "how many" in e.message and "0 to 3" in e.message
    s, _ = play(s, {"type": "pillage", "player": 1, "amount": 0})
    assert s.players[1].treasury == 0 and s.players[1].stock == 4


@pytest.mark.site("SITE-CONFLICT-05")
def test_pillage_timeout_takes_the_maximum():
    s, _ = _pillage_position(egypt={"stock": 10}, options={"tokens": 17})
    s2, ev = play(s, {"type": "timeout", "player": SEAT["egypt"]})
    assert p(s2, "egypt").treasury == 3 and p(s2, "egypt").stock == 10 + 5 - 3
    assert "the maximum is pillaged" in texts(ev)


@pytest.mark.site("SITE-CONFLICT-03")
def test_view_shows_owed_pillage():
    from tresham.games.advciv import engine

    s, _ = _pillage_position()
    v = engine.view(s, SEAT["babylon"])
    assert v["phase"] == "conflict"
    owed = sorted((e["nation"], e["area"]) for e in v["phase_view"]["pillage"])
    assert owed == [("assyria", "nineveh"), ("egypt", "ur")]


@pytest.mark.rule("24.52")
def test_sample_gives_every_legal_amount():
    s, _ = _pillage_position(egypt={"stock": 10}, options={"tokens": 17})
    g = Context(s)
    rng = Rng(5)
    amounts = set()
    for _ in range(60):
        o = PHASES["conflict"].sample(g, SEAT["egypt"], rng)
        play(s, o.to_json())  # legal
        amounts.add(o.amount)
    assert amounts == {0, 1, 2, 3}


# ---- 24.53 Barbarians take no card and no pillage -----------------------------------------------
@pytest.mark.rule("24.53", "30.526")
def test_barbarians_destroy_city_without_card_or_pillage():
    s, ev = start_conflict({"ur": {"tokens": {"barbarians": 8}, "city": "babylon"}},
                           {"babylon": {"hand": ["grain"], "stock": 20}}, options={"tokens": 20})
    assert "ur" not in s.board.cities
    assert p(s, "babylon").hand == ["grain"]
    assert PHASES["conflict"].pending(Context(s)) == []
    # 8 v 6, limit 3: B6->5 X->7 B->4 X->6 B->3 X->5 B->2 X->4 B->1 X->3 B->0.
    assert toks(s, "ur") == {"barbarians": 3}


# ---- SITE-CONFLICT-06 Processing order; the contract for other phases ---------------------------
@pytest.mark.site("SITE-CONFLICT-06")
def test_processing_order():
    s, _ = position(options={"players": 4, "board": "four_east"}, nations=NATIONS, phase="pick",
                    board={
                        "ur": {"tokens": {"egypt": 9}, "city": "babylon"},  # undefended, 9
                        "thebes": {"tokens": {"assyria": 12}, "city": "egypt"},  # undefended, 12
                        "susa": {"tokens": {"egypt": 8, "babylon": 1}, "city": "babylon"},  # def 1
                        # defended by 2, 7 attackers / defended by 2, 8 attackers:
                        "nineveh": {"tokens": {"egypt": 7, "assyria": 2}, "city": "assyria"},
                        "memphis": {"tokens": {"asia": 8, "egypt": 2}, "city": "egypt"},
                        "sumeria": {"tokens": {"babylon": 3, "asia": 2}},  # no city
                        "tyre": {"tokens": {"egypt": 7}, "city": "pirates"},  # pirates
                        "elam": {"tokens": {"barbarians": 3, "asia": 2}},  # barbarians
                    })
    order = cf.conflict_areas(Context(s))
    # barbarians/pirates first: Elam (no city) before Tyre (a city), then the other groups
    assert order[:2] == ["elam", "tyre"]
    assert order[2:] == ["sumeria", "memphis", "nineveh", "susa", "thebes", "ur"]


@pytest.mark.site("SITE-CONFLICT-06")
def test_remaining_ties_pseudo_random():
    seen = set()
    for seed in range(16):
        s, _ = position(options={"players": 4, "board": "four_east"}, nations=NATIONS, phase="pick",
                        seed=seed, board={"sumeria": {"tokens": {"babylon": 3, "asia": 2}},
                                          "elam": {"tokens": {"babylon": 3, "asia": 2}}})
        seen.add(tuple(cf.conflict_areas(Context(s))))
    assert seen == {("sumeria", "elam"), ("elam", "sumeria")}


def test_resolve_area_contract_for_other_phases():
    """resolve_area resolves one area and returns (not applies) the pillage owed."""
    s, _ = position(options={"players": 4, "board": "four_east"}, nations=NATIONS, phase="pick",
                    board={"ur": {"tokens": {"barbarians": 15, "egypt": 7}, "city": "babylon"},
                           "sumeria": {"tokens": {"babylon": 1}}})
    g = Context(s)
    assert cf.resolve_area(g, "sumeria") == []
    owed = cf.resolve_area(g, "ur")
    # barbarians 15 v Egypt 7: E->6 X->14 ... E->0, barbarians 8 attack the city: no spoils.
    assert owed == [] and "ur" not in s.board.cities
    s, _ = position(options={"players": 4, "board": "four_east"}, nations=NATIONS, phase="pick",
                    board={"ur": {"tokens": {"barbarians": 2, "egypt": 9}, "city": "babylon"}})
    g = Context(s)
    assert cf.resolve_area(g, "ur") == [{"nation": "egypt", "area": "ur"}]
    before = p(s, "egypt").treasury
    cf.pillage(g, "egypt", "ur", cf.pillage_max(g, "egypt"))
    assert p(s, "egypt").treasury == before + 3
