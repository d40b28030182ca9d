"""Every order a bot gives can be given through the page's forms (issue 24, finding 8 and its
"Build"), for Tigris & Euphrates with its board sides and additions: in seeded games of the
random and the greedy bot, each order a bot gives is given again through the forms built for
the seat, their values posted and read back by the site's own field checks
(``decision_forms.read``), turned into an order by the game (``form_order``) and applied: the
state is the same as the bot's order leaves (but for the count of orders applied). The
platform's ``timeout`` is the site's default, not a player's order, and is not checked."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from tresham.games.contract import IllegalOrder
from tresham.games.tigris.board import name
from tresham.games.tigris.site.rules import TigrisEuphrates
from tresham.platform.play.decision_forms import find, read

from tests.helpers import posted

R = TigrisEuphrates()


def fill(order: dict) -> tuple[str, dict]:
    """The form and the values a player sends to give ``order`` (squares by name, "F5")."""
    t, o = order["type"], order
    if t == "leader":
        return "leader", {"colour": o["colour"], "to": name(tuple(o["to"]))}
    if t == "withdraw":
        return "withdraw", {"colour": o["colour"]}
    if t == "tile":
        return ("tile.river" if o["colour"] == "blue" else "tile.land"), {"colour": o["colour"],
                                                                         "to": name(tuple(o["to"]))}
    if t == "catastrophe":
        return "catastrophe", {"to": name(tuple(o["to"]))}
    if t == "swap":
        return "swap", {"tiles": dict(o["tiles"])}
    if t == "pass":
        return "pass", {}
    if t == "commit":
        return "commit", {"tiles": o["tiles"]}
    if t == "war_order":
        return "war_order", {"colour": o["colour"]}
    if t == "treasure":
        return "treasure", {"at": name(tuple(o["at"]))}
    if t == "monument":
        if o.get("monument") is None:
            return "monument.decline", {}
        return "monument", {"monument": o["monument"], "at": name(tuple(o["at"]))}
    if t == "building":
        if o.get("building") is None:
            return "building.decline", {}
        return "building", {"building": o["building"], "at": name(tuple(o["at"]))}
    if t == "wonder":
        return ("wonder.decline", {}) if o.get("at") is None else ("wonder", {"at": name(tuple(o["at"]))})
    if t == "wonder_point":
        return "wonder_point", {"colour": o["colour"]}
    raise AssertionError(f"no form is known for the order type {t!r}")


def comparable(state) -> str:
    d = json.loads(state.dumps())
    d["order_count"] = 0
    return json.dumps(d, sort_keys=True)


def check_game(options: dict, seed: int, orders: int, bots: str) -> Counter:
    s = R.new_game(R.parse_options(options), seed)
    seen: Counter = Counter()
    from tresham.games.tigris.bots import greedy_bot, random_bot

    for n in range(orders):
        ds = R.pending(s)
        if R.finished(s) or not ds:
            break
        seat = ds[0].player
        bot = random_bot if bots == "random" or (bots == "mixed" and n % 2) else greedy_bot
        o = bot(s, seat, f"p{seed}-{n}")
        after, _ = R.apply(s, o, by_site=R.is_site_order(o))
        if R.is_site_order(o):
            seen[f"platform:{o['type']}"] += 1
        else:
            fid, values = fill(o)
            form = find(R.order_forms(s, seat), fid)
            assert form is not None, f"order {n} ({s.phase}) {o}: no form {fid!r} for seat {seat}"
            try:
                mine, _ = R.apply(s, R.form_order(s, seat, fid, read(form, posted(form, values))))
            except IllegalOrder as e:
                raise AssertionError(f"order {n} ({s.phase}) {o} cannot be given through {fid} {values}: {e}") from None
            assert comparable(mine) == comparable(after), f"order {n} ({s.phase}) {o} through {fid} {values}"
            seen[o["type"]] += 1
        s = after
    return seen


FAST = [({"players": 2}, 1, 300, "mixed"),
        ({"players": 3, "board": "advanced", "buildings": True, "english": True, "wonder": True}, 2, 300, "random")]
SLOW = [({"players": p, "board": b, "buildings": x, "english": x, "wonder": x}, 10 + p, 5000, k)
        for p in (2, 3, 4) for b, x in (("base", False), ("advanced", True)) for k in ("random", "greedy")]


@pytest.mark.site("SITE-TABLE-13", "SITE-GEN-02")
@pytest.mark.variant("TE-BASE-25", "TE-ADVB-01", "TE-BLD-03", "TE-ENG-02", "TE-WON-02")
@pytest.mark.parametrize("options, seed, orders, bots", FAST, ids=["base-2p", "all-additions-3p"])
def test_every_bot_order_can_be_given_through_the_forms(options, seed, orders, bots):
    """Finding 8 (issue 24): a few hundred bot orders, each given again through the forms."""
    seen = check_game(options, seed, orders, bots)
    assert sum(n for k, n in seen.items() if ":" not in k) >= 150, seen
    assert {"tile", "leader", "commit"} <= set(seen), seen


@pytest.mark.slow
@pytest.mark.site("SITE-TABLE-13", "SITE-GEN-02")
@pytest.mark.variant("TE-BASE-25", "TE-ADVB-01", "TE-BLD-03", "TE-ENG-02", "TE-WON-02")
@pytest.mark.parametrize("options, seed, orders, bots", SLOW,
                         ids=[f"{o['board']}-{o['players']}p-{k}" for o, _, _, k in SLOW])
def test_every_bot_order_of_whole_games_can_be_given_through_the_forms(options, seed, orders, bots):
    """Finding 8 (issue 24), at length: whole games, 2 to 4 players, each board and addition."""
    seen = check_game(options, seed, orders, bots)
    assert sum(n for k, n in seen.items() if ":" not in k) > 100, seen
