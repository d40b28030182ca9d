"""Every order a bot gives can be given through the page's forms (issue 24, finding 8 and its
"Build": "a property test that every order a bot gives, in every game and variant, can be
given through the page's forms"): in seeded bot games of Advanced Civilization (the plain
game, with the Expansion Project's calamities, and Grand Imperial), each order a bot gives
for a decision is given again by a player through the forms built for his seat, their values
posted and read back by the site's own field checks (``decision_forms.read``), turned into an
order by the game and applied: the state is the same as the bot's order leaves.

Not through a decision form, and so not checked here: the trade page's offers
(``trade_offer``, ``trade_accept``, ``trade_withdraw``: the trade page gives them) and the
platform's own orders (a bot's ``timeout``: the site's default, not a player's order).

The same state: equal in every part but the count of orders applied (the forms may take
several orders where the bot takes one: a move and a voyage each added, then confirmed) and
the order of a nation's ships in the board's list, and in Grand Imperial the numbers of the
ships built by one order (numbered in the order built; a form has no order of ships, and the
rules none either) and of the cards set aside for restacking (a form counts the cards
paid by kind; the cards set aside are shuffled before they go back, 29.7, 31.8). A purchase
is the bot's when it is the bot's order with its cards paid in the order the form lists them
(that order feeds only that shuffle)."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from tresham.games import registry
from tresham.games.contract import IllegalOrder
from tresham.rng import Rng, seed_state

from tests.games.advciv.site.form_fill import NotOnAForm, fill, through_forms

R = registry.get("advciv")


def comparable(state) -> str:
    d = state.to_json()
    d["order_count"] = 0
    d["set_aside"] = sorted(d.get("set_aside") or [])  # shuffled before they are restacked (29.7, 31.8)
    ships = d.get("board", {}).get("ships")
    if isinstance(ships, dict):
        d["board"]["ships"] = {n: sorted(a) for n, a in ships.items()}
    records = (d.get("variant_state") or {}).get("ships")
    if isinstance(records, dict):  # Grand Imperial's ship records: numbered in the order built
        d["variant_state"]["ships"] = {n: sorted(json.dumps({k: v for k, v in r.items() if k != "id"}, sort_keys=True)
                                             for r in rs) for n, rs in records.items()}
    return json.dumps(d, sort_keys=True)


#: an order's lists of cards, whose order a form (counts by kind) does not give
CARD_LISTS = ("pay_cards", "discard", "cards")


def paid_in_another_order(bot: dict, form: dict) -> bool:
    """The form's order is the bot's with the cards of its card lists (and of its city
    advances' rows) in another order: a form counts cards by kind. The order of cards paid
    only feeds the shuffle of the cards set aside (29.7, 31.8)."""
    def cards(o):
        rows = [sorted(r.get("pay_cards") or []) for r in o.get("advances") or []]
        return {k: sorted(o[k]) for k in CARD_LISTS if isinstance(o.get(k), list)}, rows

    def rest(o):  # an empty field and one left out say the same
        out = {k: v for k, v in o.items() if k not in CARD_LISTS and k != "advances" and v not in ("", None, {}, [])}
        out["advances"] = [{k: v for k, v in r.items() if k != "pay_cards"} for r in o.get("advances") or []]
        return out
    return bot["type"] == form["type"] == "buy" and cards(bot) == cards(form) and rest(bot) == rest(form)


def random_order(state, seat: int, n: int) -> dict:
    from tresham.games.advciv.bots.random_bot import random_bot

    return random_bot(state, seat, Rng(seed_state(f"property-{n}")))


def check_game(options: dict, seed: int, orders: int, bots: str) -> Counter:
    """Play ``orders`` orders of a bot game; for each bot order, give it through the forms and
    compare. Gives the count of orders checked by type (and of those the forms do not give,
    as "page:TYPE" / "platform:TYPE"); fails on the first order the forms cannot give."""
    s = R.new_game(options, seed)
    seen: Counter = Counter()
    for n in range(orders):
        ds = [d for d in R.pending(s) if d.required]
        if R.finished(s) or not ds:
            break
        d = ds[n % len(ds)]
        use_random = bots == "random" or (bots == "mixed" and (d.player + n) % 2)
        o = random_order(s, d.player, n) if use_random else R.bot(s, d.player, f"p{seed}-{n}")
        platform = R.is_site_order(o)
        try:
            after, _ = R.apply(s, o, by_site=platform)
        except IllegalOrder:  # a sampled order the rules refuse: the default instead
            o, platform = R.default(s, d.player), True
            after, _ = R.apply(s, o, by_site=True)
        if platform:
            seen[f"platform:{o['type']}"] += 1
        else:
            try:
                steps = fill(s, d.player, o)
            except NotOnAForm:
                seen[f"page:{o['type']}"] += 1
            else:
                sent: list[dict] = []
                try:
                    mine = through_forms(R, s, d.player, steps, sent)
                except IllegalOrder as e:
                    raise AssertionError(f"order {n} ({s.phase}, turn {s.turn}) {o} cannot be given through "
                                         f"the forms {steps}: {e}") from None
                same = after
                if comparable(mine) != comparable(after) and paid_in_another_order(o, sent[-1]):
                    same, _ = R.apply(s, sent[-1])  # the bot's order, its cards paid as the form lists them
                    seen["cards in the form's order"] += 1
                assert comparable(mine) == comparable(same), (
                    f"order {n} ({s.phase}, turn {s.turn}) {o} through the forms {steps} leaves another state")
                seen[o["type"]] += 1
        s = after
    return seen


#: (options, seed, orders, bots): the plain game, the Expansion Project, Grand Imperial
FAST = [({"players": 5, "turn_limit": 20}, 11, 700, "mixed"),
        ({"players": 6, "ep_major": True, "ep_minor": True, "turn_limit": 20}, 12, 700, "random"),
        ({"players": 5, "variant": "grand_imperial", "wem": True, "turn_limit": 14}, 13, 500, "mixed")]
SLOW = [({"players": p, "turn_limit": 60}, 200 + p, 30000, "mixed") for p in (3, 5, 7)] \
    + [({"players": p}, 210 + p, 30000, "heuristic") for p in (4, 8)] \
    + [({"players": p, "ep_major": True, "ep_minor": True, "turn_limit": 60}, 220 + p, 30000, b)
       for p, b in ((6, "mixed"), (4, "random"))] \
    + [({"players": p, "variant": "grand_imperial", "wem": True, "turn_limit": 40}, 230 + p, 30000, b)
       for p, b in ((4, "mixed"), (6, "mixed"), (8, "random"))]


@pytest.mark.site("SITE-TABLE-03", "SITE-GEN-02")
@pytest.mark.variant("EP-12")
@pytest.mark.parametrize("options, seed, orders, bots", FAST,
                         ids=["plain-5p", "expansion-6p", "grand-imperial-5p"])
def test_every_bot_order_can_be_given_through_the_forms(options, seed, orders, bots):
    """Finding 8 (issue 24): a few hundred bot orders of each kind of game, each given again
    through the forms, leave the same state."""
    seen = check_game(options, seed, orders, bots)
    checked = sum(n for k, n in seen.items() if ":" not in k and " " not in k)
    assert checked >= 100, seen
    assert {"ships", "move"} <= set(seen), seen


@pytest.mark.slow
@pytest.mark.site("SITE-TABLE-03", "SITE-GEN-02")
@pytest.mark.variant("EP-12")
@pytest.mark.parametrize("options, seed, orders, bots", SLOW,
                         ids=[f"{o.get('variant', 'plain')}{'-ep' if o.get('ep_major') else ''}-{o['players']}p-{b}"
                              for o, _, _, b in SLOW])
def test_every_bot_order_of_longer_games_can_be_given_through_the_forms(options, seed, orders, bots):
    """Finding 8 (issue 24), at length: whole bot games (or 40-60 turns) of 3 to 8 players."""
    seen = check_game(options, seed, orders, bots)
    assert sum(n for k, n in seen.items() if ":" not in k and " " not in k) > 150, seen
