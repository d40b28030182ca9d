"""What an order costs and what follows, before it is sent (SITE-TABLE-05, issue 24 "A preview
before every order"): ``preview(state, seat, order)`` for the ship, city, purchase and move
orders, computed by the rules' own checks on the seat's information state (his view of the
game: other hands and the decks face down, the generator unknown), so it never tells what
the seat may not know. It changes nothing.

Every preview holds ``ok`` (the rules accept the order now), ``rule`` and ``reason`` (why not,
"" when ok), ``lines`` (sentences for the page) and the figures of its kind:

- ``ships``: ``tokens_levied`` {area: n}, ``treasury_spent``, ``treasury_after``,
  ``ships_kept``, ``ships_lost``, ``ships_built`` (areas), ``ships_after``;
- ``build_cities``: ``cities_built``, ``tokens_to_stock`` {area: n}, ``treasury_spent``,
  ``treasury_after``, ``support`` {tokens, cities, needed, short} once surplus is removed
  (26.31), ``reduced_at_least`` (the fewest cities the support check then reduces, new ones
  first, 26.32), ``surplus`` {area: tokens removed} (26.1);
- ``buy``: ``costs`` {card: cost after credits}, ``owed``, ``card_value``, ``cards_spent``,
  ``treasury_spent``, ``treasury_after``, ``overpaid``, ``hand_after`` (cards kept),
  ``discarded``, ``mining`` (used);
- ``move``: ``judged`` (each move: ``movement.judge_moves``), ``departures`` and ``arrivals``
  {area: n} of the moves that stand, ``conflicts`` (areas where other owners' tokens would
  exceed the limit with his, 24.1), ``above_limit`` {area: n} (his tokens above the limit
  there, surplus unless they move on or fight, 26.1).

Other order types: ``ok`` and ``reason`` from the rules, no figures. The contract's hook that
lets the page ask for a preview comes with the contract (``tresham/games/contract``).
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from ...contract import IllegalOrder
from ..context import Context
from ..orders import from_json
from ..rules import cities as city_rules
from ..rules import civcards as cc
from ..rules import movement, ships, support
from ..rules.surplus import surplus_in
from ..state import GameState
from ..variant import game_for, variant_of
from ..view import information_state
from ..words import plural


def preview(state: GameState, seat: int, order: dict) -> dict[str, Any]:
    """What ``order`` of ``seat`` costs and what follows (module docstring), from what the
    seat may know only."""
    known = information_state(state, seat)
    g = game_for(known)
    nation = known.players[seat].nation if 0 <= seat < len(known.players) else None
    kind = order.get("type") if isinstance(order, dict) else None
    out: dict[str, Any] = {"ok": True, "rule": "", "reason": "", "lines": []}
    if nation is None and kind != "pick":  # a pick is what gives the seat its nation
        return {**out, "ok": False, "reason": "this seat has no nation"}
    try:
        o = from_json({**order, "player": seat}, variant=known.options.variant)
        maker = PREVIEWS.get(kind)
        if maker is not None:
            out.update(maker(g, seat, nation, o, order))
        else:  # the rules' own verdict, on a copy of what the seat knows; what follows the
            # order (a phase ending: the market's trades, with hands he cannot see) is not run
            from ..engine import apply_in_place

            apply_in_place(known.copy(), {**order, "player": seat}, settle=False)
    except IllegalOrder as e:
        out.update(ok=False, rule=e.rule, reason=getattr(e, "reason", None) or e.message)
        out["lines"] = out.get("lines", []) + [f"Refused: {e.message}"]
    return out


def _by_name(g: Context, counts: dict[str, int]) -> str:
    return ", ".join(f"{g.area_name(a)} {n}" for a, n in sorted(counts.items(), key=lambda kv: g.area_name(kv[0])))


# ---- ships (22) ---------------------------------------------------------------------------------
def _ships(g: Context, seat: int, nation: str, o, raw: dict) -> dict[str, Any]:
    """22.1-22.4, TBL-23: each ship kept and how its upkeep is paid, the ships back to stock,
    the ships built and what they cost, and the whole order's levy and treasury."""
    kept, built = variant_of(g.s).phase("ships").check(g, nation, o.maintain, o.build)
    levied: Counter = Counter()
    upkeep_levied: Counter = Counter()
    spent = upkeep_spent = 0
    for area, pay in kept:
        if pay == "treasury":
            upkeep_spent += 1
        else:
            upkeep_levied[area] += 1
    for area, pay in built:
        t, k = ships.BUILD_PAY[pay]
        spent += t
        if k:
            levied[area] += k
    before = g.of(nation).treasury
    held = list(g.ships_of(nation))
    lost = list(held)
    for area, _ in kept:
        lost.remove(area)
    total_levied, total_spent = levied + upkeep_levied, spent + upkeep_spent
    after = f"treasury {before} → {before - total_spent}."
    lines = []
    if kept:
        lines.append("Kept: " + ", ".join(
            f"your ship in {g.area_name(a)} ({'1 from treasury' if pay == 'treasury' else '1 token from ' + g.area_name(a)})"
            for a, pay in kept) + ".")
    if lost:
        lines.append("Not kept, back to stock: your ship in " + ", ".join(g.area_name(a) for a in lost) + ".")
    if kept and (upkeep_spent or upkeep_levied):
        lines.append(f"Upkeep: {plural(sum(upkeep_levied.values()), 'token')} levied"
                     + (f" ({_by_name(g, dict(upkeep_levied))})" if upkeep_levied else "")
                     + f" and {upkeep_spent} from treasury" + ("." if built else f"; {after}"))
    if built:
        cost = (f"{plural(sum(levied.values()), 'token')} levied ({_by_name(g, dict(levied))}) and {spent} from treasury"
                if levied else f"{spent} from treasury")
        lines.append(f"{plural(len(built), 'ship')} built: {cost}" + (f"; {after}" if not kept else "."))
        if kept:
            lines.append(f"In all: {plural(sum(total_levied.values()), 'token')} levied"
                         + (f" ({_by_name(g, dict(total_levied))})" if total_levied else "")
                         + f" and {total_spent} from treasury; {after}")
    return {"tokens_levied": dict(total_levied), "treasury_spent": total_spent, "treasury_after": before - total_spent,
            "ships_kept": [a for a, _ in kept], "ships_lost": lost, "ships_built": [a for a, _ in built],
            "ships_after": len(kept) + len(built), "lines": lines}


# ---- city construction (25), surplus and support (26) ------------------------------------------
def _cities(g: Context, seat: int, nation: str, o, raw: dict) -> dict[str, Any]:
    areas = list(o.areas) if o.areas is not None else list((g.s.step.get("marks") or {}).get(str(seat), []))
    city_rules.check_order(g, nation, areas, o.architecture)
    built = areas + ([o.architecture] if o.architecture else [])
    to_stock = {a: g.tokens(a, nation) for a in built}
    spent = city_rules.tokens_needed(g, o.architecture) - g.tokens(o.architecture, nation) if o.architecture else 0
    before = g.of(nation).treasury
    tokens, count, needed = city_rules.support_after(g, nation, set(built))
    short = max(0, needed - tokens)
    surplus = {a: n for a in g.token_areas(nation) if a not in built
               for n in [surplus_in(g, a, nation)] if n}
    reduced = _fewest_reductions(g, nation, built, short)
    lines = [f"{plural(len(built), 'city', 'cities')} built: {plural(sum(to_stock.values()), 'token')} to stock"
             + (f" and {spent} from treasury (treasury {before} → {before - spent})" if spent else "") + "."]
    if short:
        lines.append(f"Not supported: {plural(tokens, 'token')} for {plural(count, 'city', 'cities')}, which need "
                     f"{needed}; at least {plural(reduced, 'new city', 'new cities')} will be reduced (26.32).")
    else:
        lines.append(f"Supported: {plural(tokens, 'token')} for {plural(count, 'city', 'cities')}, which need {needed}.")
    if surplus:
        lines.append(f"Surplus removed: {_by_name(g, surplus)}.")
    return {"cities_built": built, "tokens_to_stock": to_stock, "treasury_spent": spent,
            "treasury_after": before - spent,
            "support": {"tokens": tokens, "cities": count, "needed": needed, "short": short},
            "reduced_at_least": reduced, "surplus": surplus, "lines": lines}


def _fewest_reductions(g: Context, nation: str, built: list[str], short: int) -> int:
    """The fewest cities reduced to cover ``short`` support tokens (26.41: each reduction
    frees 2 and puts the area's limit back), the new cities first (26.32), those giving back
    most first; the stock as it would be after building."""
    if short <= 0:
        return 0
    stock = g.of(nation).stock + sum(g.tokens(a, nation) for a in built)
    gains = sorted((support.tokens_from_reduction(g, nation, a, stock) for a in built), reverse=True)
    old = sorted((support.tokens_from_reduction(g, nation, a, stock) for a in g.cities_of(nation)), reverse=True)
    n = 0
    for gain in gains + old:
        if short <= 0:
            break
        short -= 2 + gain
        n += 1
    return n


# ---- civilization cards (31) --------------------------------------------------------------------
def _buy(g: Context, seat: int, nation: str, o, raw: dict) -> dict[str, Any]:
    p = g.s.players[seat]
    cards, pay, discard = list(o.cards), list(o.pay_cards), list(o.discard)
    cc.check_cards(g, p, cards)
    owed, value, mined = cc.check_payment(g, p, cards, pay, o.treasury)
    hand_after = cc.take(p.hand, pay) or []
    kept = cc.check_discard(g, hand_after, discard)
    costs = {c: cc.cost_after_credits(g, p, c) for c in cards}
    lines = []
    if cards:
        lines.append(f"{', '.join(g.d.civ_cards[c].name for c in cards)}: {owed} after credits; paid {value} in "
                     f"{plural(len(pay), 'trade card')} and {o.treasury} from treasury (treasury {p.treasury} → "
                     f"{p.treasury - o.treasury})" + (", Mining used" if mined else "") + ".")
        if value + o.treasury > owed:
            lines.append(f"Overpaid by {value + o.treasury - owed}: no change is given (31.58).")
    if discard:
        lines.append(f"{plural(len(discard), 'card')} surrendered over the hand limit.")
    lines.append(f"Trade cards kept: {len(kept)}.")
    return {"costs": costs, "owed": owed, "card_value": value, "cards_spent": sorted(pay),
            "treasury_spent": o.treasury, "treasury_after": p.treasury - o.treasury,
            "overpaid": max(0, value + o.treasury - owed), "hand_after": len(kept), "discarded": sorted(discard),
            "mining": mined, "lines": lines}


# ---- movement (23) ------------------------------------------------------------------------------
def _move(g: Context, seat: int, nation: str, o, raw: dict) -> dict[str, Any]:
    judged = movement.judge_moves(g.s, seat, raw)
    parts = dict(movement.order_parts(raw))
    standing = {part: [m for m, v in zip(parts[part], [v for v in judged if v["part"] == part]) if v["legal"]]
                for part in parts}
    plan = variant_of(g.s).phase("movement").check(g, nation, movement.with_parts(o, standing))
    dep: Counter = Counter()
    arr: Counter = Counter()
    for m in plan["moves"]:
        dep[m["from"]] += m["count"]
        arr[m["to"]] += m["count"]
    for v in plan["voyages"]:
        for src, dst, n in v["legs"]:
            if src != dst and not str(src).startswith("@"):
                dep[src] += n
                arr[dst] += n
    conflicts, above = [], {}
    for area in sorted(arr):
        mine = g.tokens(area, nation) - dep.get(area, 0) + arr[area]
        others = sum(n for owner, n in g.s.board.tokens.get(area, {}).items() if owner != nation)
        limit = g.areas[area].limit
        if (others or area in g.s.board.cities and g.s.board.cities[area] != nation) and \
                (mine + others > limit or area in g.s.board.cities):
            conflicts.append(area)
        elif mine > g.limit(area, nation):
            above[area] = mine - g.limit(area, nation)
    lines = [f"Refused: {m}" for m in _refusals(g, judged, parts)]
    if arr:
        lines.append(f"Tokens arrive in {_by_name(g, dict(arr))}; they leave {_by_name(g, dict(dep))}.")
    if conflicts:
        lines.append("Conflict follows in " + ", ".join(g.area_name(a) for a in conflicts) + " (24.1).")
    if above:
        lines.append(f"Above the limit (surplus unless they move on): {_by_name(g, above)}.")
    ok = all(v["legal"] for v in judged)
    out = {"judged": judged, "departures": dict(dep), "arrivals": dict(arr), "conflicts": conflicts,
           "above_limit": above, "lines": lines}
    if not ok:
        first = next(v for v in judged if not v["legal"])
        out.update(ok=False, rule=first["rule"], reason=first["reason"])
    return out


def _refusals(g: Context, judged: list[dict], parts: dict[str, list]) -> list[str]:
    words = dict(movement.PARTS)
    return [f"{words[v['part']]} {v['index'] + 1} ({movement.describe_move(g, v['part'], parts[v['part']][v['index']])}): "
            f"{v['reason']}" for v in judged if not v["legal"]]


#: order type -> its preview
PREVIEWS = {"ships": _ships, "build_cities": _cities, "buy": _buy, "move": _move}
