"""What the game's own pages show, made from the game's state or a seat's view: the board as a
table (4.2), the viewer's hand (27.4), the trade phase's public messages (SITE-MSG-01), the
A.S.T. (33, SITE-AST-02), the trade page (SITE-TRADE-01..14) and the civilization cards
(32, 31.5)."""
from __future__ import annotations

from typing import Any

from ...contract import Table
from ..data import EPOCHS, card_groups, load
from ..engine import view
from ..rules import civcards as cc
from ..rules import trade as tr
from ..rules.ast import AGE_NAMES
from ..state import GameState, Player
from ..variant import game_for, variant_of
from .names import nation_name
from .reference import civ_card_rows


def board_table(view: dict) -> Table:
    """Areas with pieces, from a view (4.2): population limit, tokens by nation, the
    city and the ships there."""
    d = load()
    board = view.get("board") or {}
    ships: dict[str, dict[str, int]] = {}
    for nation, areas in (board.get("ships") or {}).items():
        for a in areas:
            ships.setdefault(a, {})
            ships[a][nation] = ships[a].get(nation, 0) + 1
    tokens = board.get("tokens") or {}
    cities = board.get("cities") or {}
    rows = []
    for a in sorted(set(tokens) | set(cities) | set(ships), key=lambda a: d.map.areas[a].name):
        area = d.map.areas[a]
        on = {n: k for n, k in (tokens.get(a) or {}).items() if k}
        if not on and a not in cities and a not in ships:
            continue
        rows.append([area.name, area.limit if area.is_land else "sea",
                     ", ".join(f"{nation_name(n)} {k}" for n, k in sorted(on.items())),
                     nation_name(cities[a]) if a in cities else "",
                     ", ".join(f"{nation_name(n)} {k}" for n, k in sorted(ships.get(a, {}).items()))])
    return Table("The board", ["Area", "Population limit", "Tokens", "City", "Ships"], rows)


def hand(view: dict) -> list[str]:
    """The viewer's trade cards by their printed names (27.4: only he sees them)."""
    seat = view.get("seat")
    if seat is None:
        return []
    d = load()
    for p in view.get("players", []):
        if p.get("seat") == seat:
            return [d.commodities[c].name if c in d.commodities else d.calamities[c].name
                    for c in p.get("hand", [])]
    return []


def public_messages(view: dict) -> list[tuple[int, str]]:
    """The trade phase's public messages (SITE-MSG-01), by seat."""
    if view.get("phase") != "trade":
        return []
    msgs = (view.get("phase_view") or {}).get("messages") or {}
    return sorted((int(k), t) for k, t in msgs.items() if t)


def ast_page(state: GameState) -> dict:
    """Each nation's A.S.T. track, its spaces labelled with their Age and Late Iron Age
    value, and each Age's entry requirements (33.2, SITE-AST-02)."""
    g = game_for(state)
    finish = g.d.ast.finish
    tracks = []
    for p in g.active():
        track = g.d.ast.tracks[p.nation]
        tracks.append({"seat": p.seat, "name": g.name(p.nation), "position": p.ast,
                       "age": AGE_NAMES[track.epoch_at(p.ast)],
                       "spaces": [{"space": i, "age": AGE_NAMES[track.epoch_at(i)],
                                   "points": track.threshold(i, finish)} for i in range(finish + 1)]})
    phase = variant_of(state).phase("ast")
    return {"ages": [{"name": AGE_NAMES[e], "requirements": phase.requirement_text(g, e)} for e in EPOCHS],
            "tracks": tracks, "finish": finish, "points_per_space": g.d.ast.points_per_space}


def trade_page(state: GameState, seat: int) -> dict | None:
    """The trade page of ``seat`` (SITE-TRADE-01..14), made from ``view(state, seat)``
    alone: his hand, the market, his offers and those made to him (only what was said,
    28.3). None outside the trade phase or for a seat without a nation."""
    v = view(state, seat)
    pv = v.get("phase_view") or {}
    if v.get("phase") != "trade" or v.get("finished") or "offers_made" not in pv:
        return None
    me = next((p for p in v.get("players", []) if p.get("seat") == seat), None)
    if me is None or not me.get("nation"):
        return None
    d = load()

    def name(c: str) -> str:
        if c == tr.UNSPECIFIED:
            return "Unspecified"
        if c == tr.DONT_CARE:
            return "Don't Care"
        if c in d.commodities:
            return d.commodities[c].name
        if c in d.calamities:
            return d.calamities[c].name
        return c

    def named(cards: list[str] | None) -> list[str] | None:
        return None if cards is None else [name(c) for c in cards]

    cards = sorted(({"id": c, "name": name(c)} for c in d.commodities), key=lambda x: x["name"])
    cards += sorted(({"id": cal.id, "name": name(cal.id)} for cal in d.calamities_in_play(state.options)
                     if cal.tradable), key=lambda x: x["name"])
    inside = list(pv.get("in_market", []))
    return {
        "market_open": bool(pv.get("market_open")),
        "in_market": seat in inside,
        "left": seat in pv.get("left", []),
        "min_cards": tr.MIN_CARDS, "true_cards": tr.TRUE_CARDS,
        "unspecified": tr.UNSPECIFIED, "dont_care": tr.DONT_CARE,
        "hand": [{"id": c, "name": name(c), "tradable": d.is_tradable(c)} for c in me.get("hand", [])],
        "cards": cards,
        "partners": [s for s in inside if s != seat],
        "offers_made": [{"id": o["id"], "to": o["to"], "give": named(o["give"]), "said": named(o["said"]),
                         "expect": named(o["expect"]), "accepted": o["accepted_said"] is not None,
                         "accepted_said": named(o["accepted_said"])} for o in pv["offers_made"]],
        "offers_received": [{"id": o["id"], "from": o["from"], "said": named(o["said"]),
                             "expect": named(o["expect"]), "expect_ids": list(o["expect"]),
                             "accepted": o["my_give"] is not None, "my_give": named(o["my_give"]),
                             "my_said": named(o["my_said"])} for o in pv["offers_received"]],
    }


def advances_page(state: GameState, seat: int | None) -> dict:
    """The 24 civilization cards (32): groups, cost, prerequisite, credits and effect;
    for the viewer's nation what he owns and what each card costs him after credits
    (31.5); every nation's cards."""
    g = game_for(state)
    groups = card_groups()
    me = g.s.players[seat] if seat is not None and 0 <= seat < len(g.s.players) else None
    if me is not None and not me.nation:
        me = None
    cards = []
    for cid, row in zip(g.d.civ_cards, civ_card_rows()):
        if me is not None:
            row.update({"owned": cid in me.civ_cards, "credit": cc.credit(g, me, cid),
                        "cost_after_credits": cc.cost_after_credits(g, me, cid)})
        cards.append(row)

    def holdings(p: Player) -> dict[str, Any]:
        owned = [c for c in g.d.civ_cards if c in p.civ_cards]
        return {"seat": p.seat, "name": g.name(p.nation), "cards": owned,
                "card_names": [g.d.civ_cards[c].name for c in owned], "points": g.civ_points(p.nation)}

    return {"groups": [{"id": k, "name": v} for k, v in groups.items()], "cards": cards,
            "yours": holdings(me) if me is not None else None,
            "players": [holdings(p) for p in g.active()]}
