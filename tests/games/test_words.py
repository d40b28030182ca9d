"""The games' words to players (issue 24, finding 9): no "1 tokens", and Tigris & Euphrates
names its dynasties as names ("Archer"), in every event, decision prompt and form of seeded
bot games of both games. The order values keep their lower case ("archer" is not shown)."""
from __future__ import annotations

import re

import pytest

from tresham.games import registry

#: a count of 1 with a plural noun, not part of a larger number ("11 tokens", "2.1 cards")
ONE_PLURAL = re.compile(r"(?<![\d.,-])1 (tokens|cities|cards|ships|unit points|points|tiles|areas|advances|"
                        r"actions|treasures|stacks|turns|spaces|tokens' worth)\b")
DYNASTY_LOWER = re.compile(r"\b(archer|bull|lion|urn)\b")


def words_of_play(game: str, options: dict, seed: int, orders: int) -> list[tuple[str, str]]:
    """(where, text) of every event, decision prompt and default, and form title, help (and its
    longer part), field label and choice label of a bot game's first ``orders`` orders."""
    R = registry.get(game)
    s = R.new_game(options, seed)
    out: list[tuple[str, str]] = []
    for i in range(orders):
        ds = [d for d in R.pending(s) if d.required]
        if R.finished(s) or not ds:
            break
        for d in ds:
            out += [("prompt", d.prompt), ("default", d.default)]
            for f in R.order_forms(s, d.player):
                out += [("form", f.title), ("form", f.help), ("form", f.more), ("form", f.more_label)]
                for x in f.fields:
                    out += [("field", x.label), ("field", x.help)] + [("choice", c.label) for c in x.choices]
        o = R.bot(s, ds[0].player, f"b{i}")
        s, ev = R.apply(s, o, by_site=R.is_site_order(o))
        out += [("event", e.text) for e in ev]
    return out


GAMES = [("advciv", {"players": 3, "turn_limit": 10}, 1, 1500),
         ("advciv", {"players": 6, "ep_major": True, "ep_minor": True, "turn_limit": 10}, 2, 2500),
         ("tigris", {"players": 3}, 3, 400),
         ("tigris", {"players": 2, "english": True, "buildings": True, "wonder": True}, 4, 400)]


@pytest.mark.site("SITE-TABLE-05")
@pytest.mark.parametrize("game, options, seed, orders", GAMES, ids=[f"{g}-{s}" for g, _, s, _ in GAMES])
def test_no_count_of_one_with_a_plural_and_dynasties_by_name(game, options, seed, orders):
    """Finding 9 (issue 24): "(1 tokens remain)" and Tigris's "archer"/"bull" in lower case."""
    texts = words_of_play(game, options, seed, orders)
    assert len(texts) > 500
    plural = sorted({t for _, t in texts if t and ONE_PLURAL.search(t)})
    assert plural == [], plural[:10]
    if game == "tigris":
        lower = sorted({t for _, t in texts if t and DYNASTY_LOWER.search(t)})
        assert lower == [], lower[:10]
