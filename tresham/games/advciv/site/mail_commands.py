"""Orders by replying to a "your turn" mail (``Offers.mail_commands``, SITE-MAILIN-01): one
command a line, turned into the same orders the game page's forms and the trade page give
(``forms.py``, ``web/trade.py``), and gone through the one order path like theirs.

| command | order | decision |
|---|---|---|
| ``done`` | ``done`` (movement: the moves entered become final) / ``trade_done`` (leave the market) | the panel's Done (``rules.commands``) |
| ``pass`` | the decision's "nothing": no moves, no ship, no city, no card, leave the market | see :data:`PASS` |
| ``accept N [with CARD, ...]`` | ``trade_accept`` of offer #N, the cards it names given truthfully, ``with`` the cards for its Don't Care / Unspecified entries | trade (28.1) |
| ``reject N`` | ``trade_withdraw`` of offer #N (declined, or withdrawn if his own) | trade (28.1) |
| ``message TEXT`` | ``trade_message`` | trade (SITE-MSG-01) |
| ``tax N`` | ``tax_rate`` N per city | taxation with Coinage (19.2) |
| ``buy N`` | ``buy_cards`` N stack-9 cards | trade card acquisition (27.51) |
| ``buy CARD, CARD`` | ``buy`` those civilization cards, paid as the standing order pays (``standing.best_payment``: the most valuable hand kept, treasury last), the excess over the hand limit surrendered the same way | civilization cards (31) |
| ``discard CARD, ...`` | ``buy`` nothing and surrender those cards (31.71); or the cards a calamity takes (``calamity_cards``, 28.711) | |
| ``pick NATION [in AREA]`` | ``pick`` (15.3), its first start area if none is named | choosing nations |

Names are matched without regard to case, spaces or punctuation ("cloth making" is Cloth
Making); a count may come before a trade card ("2 Salt"). A lie in a trade, moves of tokens,
ships to build and the calamities' choices are given on the game's pages (or left to the
default / a standing order): the command says so.
"""
from __future__ import annotations

import re
from typing import Any

from ...contract import IllegalOrder
from ..rules import civcards as cc
from ..rules.trade import trade_view
from ..state import GameState
from ..variant import game_for, variant_of
from ..engine import pending
from .names import nation_name
from .standing import best_payment

#: The "nothing" order of each decision that has one (by the order type the phase takes).
PASS: dict[str, dict[str, Any]] = {
    "move": {"type": "move", "moves": [], "voyages": [], "done": "done"},
    "ships": {"type": "ships", "maintain": [], "build": []},
    "trade_done": {"type": "trade_done"},
    "buy_cards": {"type": "buy_cards", "count": 0},
    "build_cities": {"type": "build_cities", "areas": []},
}


def _key(text: str) -> str:
    """A name as matched: lower case, letters and digits only."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _split(text: str, known: set[str]) -> list[str]:
    """Names separated by commas, semicolons or "and" ("Drama and Poetry" is one name when
    ``known``, the names' keys, has it)."""
    out = []
    for part in (p.strip() for p in re.split(r"[,;]", text)):
        if not part:
            continue
        bare = re.sub(r"^\d{1,2}\s*(?:x\s+)?", "", part, flags=re.I)
        if _key(bare) in known or not re.search(r"\band\b", part, flags=re.I):
            out.append(part)
        else:
            out += [p.strip() for p in re.split(r"\band\b", part, flags=re.I) if p.strip()]
    return out


def _accepts(state: GameState, seat: int) -> list[str]:
    """The players' order types the phase takes now, if ``seat`` has a decision in it (as
    ``rules.accepts``)."""
    if state.finished or not any(d.player == seat for d in pending(state)):
        return []
    variant = variant_of(state)
    site = variant.order_types(by_site=True)
    return [t for t in variant.phase(state.phase).accepts if t not in site]


def _number(word: str, what: str) -> int:
    if not re.fullmatch(r"#?\d{1,4}", word.strip()):
        raise IllegalOrder("", f"{what} is a number, not {word.strip()[:20]!r}")
    return int(word.strip().lstrip("#"))


def _civ_cards(g, text: str) -> list[str]:
    by_name = {_key(c.name): cid for cid, c in g.d.civ_cards.items()} | {_key(cid): cid for cid in g.d.civ_cards}
    out = []
    for name in _split(text, set(by_name)):
        cid = by_name.get(_key(name))
        if cid is None:
            raise IllegalOrder("32.1", f"there is no civilization card called {name[:40]!r}")
        out.append(cid)
    if not out:
        raise IllegalOrder("31.1", "name the civilization cards to buy: buy Law, Monarchy")
    return list(dict.fromkeys(out))


def _trade_cards(g, text: str, hand: list[str]) -> list[str]:
    """The trade cards ``text`` names ("Salt, 2 Ochre"), each from ``hand``; IllegalOrder for
    a name that is no trade card or more of one than the hand holds."""
    known = {**g.d.commodities, **g.d.calamities}
    by_name = {_key(c.name): cid for cid, c in known.items()} | {_key(cid): cid for cid in known}
    out: list[str] = []
    for part in _split(text, set(by_name)):
        m = re.fullmatch(r"(\d{1,2})\s*(?:x\s+)?(.+)", part, flags=re.I)
        n, name = (int(m.group(1)), m.group(2)) if m else (1, part)
        cid = by_name.get(_key(name))
        if cid is None:
            raise IllegalOrder("27.1", f"there is no trade card called {name[:40]!r}")
        out += [cid] * n
    for cid in set(out):
        if out.count(cid) > hand.count(cid):
            held = hand.count(cid)
            raise IllegalOrder("28.3", f"you hold {held} {cc.printed_name(g, cid)} card{'s' if held != 1 else ''}, "
                                       f"not {out.count(cid)}")
    return out


def _offer(g, seat: int, n: int) -> dict:
    for off in trade_view(g, seat).get("offers_received", []):
        if off["id"] == n:
            return off
    raise IllegalOrder("28.2", f"there is no offer #{n} made to you now")


def _accept(g, seat: int, rest: str) -> dict:
    m = re.fullmatch(r"(\S+)(?:\s+with\s+(.*))?", rest.strip(), flags=re.I | re.S)
    number, given = (m.group(1), m.group(2) or "") if m else (rest, "")
    n = _number(number, "the offer")
    off = _offer(g, seat, n)
    hand = list(g.s.players[seat].hand)
    named = [e for e in off["expect"] if e not in ("dont_care", "unspecified")]
    free = len(off["expect"]) - len(named)
    extra = _trade_cards(g, given, [c for c in hand]) if given.strip() else []
    if len(extra) != free:
        if free:
            raise IllegalOrder("28.2", f"offer #{n} leaves {free} card{'s' if free != 1 else ''} to your choice: "
                                       f"write accept {n} with CARD, CARD")
        raise IllegalOrder("28.2", f"offer #{n} names every card it wants: write accept {n} alone")
    give = named + extra
    if any(give.count(c) > hand.count(c) for c in give):
        raise IllegalOrder("28.3", f"you do not hold the cards offer #{n} asks for: "
                                   + ", ".join(cc.printed_name(g, c) for c in named))
    return {"type": "trade_accept", "offer": n, "give": give, "said": [], "expect": []}


def _buy(g, seat: int, rest: str) -> dict:
    p = g.s.players[seat]
    cards = _civ_cards(g, rest)
    price = cc.costs(g, p)
    most = cc.max_payment(g, p)
    owed = 0
    for cid in cards:
        name = g.d.civ_cards[cid].name
        if cid in p.civ_cards:
            raise IllegalOrder("31.1", f"you own {name} already")
        if cid not in price:
            pre = g.d.civ_cards[cid].prerequisite
            raise IllegalOrder("32.1", f"{name} needs {g.d.civ_cards[pre].name} owned from an earlier turn"
                               if pre else f"{name} cannot be bought now")
        owed += price[cid]
    if owed > most:
        raise IllegalOrder("31.2", f"{', '.join(g.d.civ_cards[c].name for c in cards)} cost{'s' if len(cards) == 1 else ''} "
                                   f"{owed} after credits and you can pay at most {most}")
    pay, treasury, discard = best_payment(g, p, owed, [])
    return {"type": "buy", "cards": cards, "pay_cards": pay, "treasury": treasury, "discard": discard}


def _pick(g, state: GameState, seat: int, rest: str) -> dict:
    d = next((d for d in pending(state) if d.player == seat and d.kind == "pick"), None)
    nations: dict[str, list[str]] = dict(d.options.get("nations", {})) if d is not None else {}
    where = ""
    m = re.fullmatch(r"(.+?)\s+(?:in|at|from)\s+(.+)", rest.strip(), flags=re.I)
    name = rest.strip()
    if m:
        name, where = m.group(1), m.group(2)
    nation = next((n for n in nations if _key(nation_name(n)) == _key(name) or _key(n) == _key(name)), None)
    if nation is None:
        free = ", ".join(sorted(nation_name(n) for n in nations))
        raise IllegalOrder("15.3", f"{name[:40]!r} is not a nation you may pick now" + (f"; free: {free}" if free else ""))
    areas = list(nations[nation])
    if where:
        area = next((a for a in areas if _key(g.area_name(a)) == _key(where) or _key(a) == _key(where)), None)
        if area is None:
            raise IllegalOrder("4.6", f"{nation_name(nation)} does not start in {where[:40]!r}; its start areas: "
                                      + ", ".join(g.area_name(a) for a in areas))
    else:
        area = areas[0]
    return {"type": "pick", "nation": nation, "area": area}


def order(state: GameState, seat: int, line: str) -> dict | None:
    """The order the command ``line`` gives ``seat`` now (the module's table); None when it
    is no command of this game; IllegalOrder when his decision does not take it now."""
    word, _, rest = line.strip().partition(" ")
    word, rest = word.lower(), rest.strip()
    acc = _accepts(state, seat)
    g = game_for(state)
    if word == "done":
        if "done" in acc:
            return {"type": "done"}
        if "trade_done" in acc:
            return {"type": "trade_done"}
        raise IllegalOrder("", "your decision now has no Done: give its order (the commands below) or reply default")
    if word == "pass":
        for t, o in PASS.items():
            if t in acc:
                return dict(o)
        if "buy" in acc:
            _, _, discard = best_payment(g, g.s.players[seat], 0, [])
            return {"type": "buy", "cards": [], "pay_cards": [], "treasury": 0, "discard": discard}
        raise IllegalOrder("", "your decision now cannot be passed: give its order, or reply default")
    if word in ("accept", "reject", "decline", "message"):
        if "trade_accept" not in acc:
            raise IllegalOrder("28.1", f"{word} answers trade offers, and you are not in the trade market now")
        if word == "accept":
            return _accept(g, seat, rest)
        if word == "message":
            return {"type": "trade_message", "text": rest[:500]}
        return {"type": "trade_withdraw", "offer": _number(rest, "the offer")}
    if word == "tax":
        if "tax_rate" not in acc:
            raise IllegalOrder("19.2", "you set no tax rate now (a Coinage holder does, in taxation)")
        return {"type": "tax_rate", "rate": _number(rest, "the tax rate")}
    if word == "buy":
        if "buy_cards" in acc and re.fullmatch(r"\d{1,3}", rest):
            return {"type": "buy_cards", "count": int(rest)}
        if "buy" in acc:
            return _buy(g, seat, rest)
        raise IllegalOrder("31.1", "you buy nothing now: civilization cards are bought in their own phase")
    if word == "discard":
        p = g.s.players[seat]
        if "buy" in acc:
            return {"type": "buy", "cards": [], "pay_cards": [], "treasury": 0,
                    "discard": _trade_cards(g, rest, list(p.hand))}
        if "calamity_cards" in acc:
            return {"type": "calamity_cards", "cards": _trade_cards(g, rest, list(p.hand))}
        raise IllegalOrder("31.71", "you surrender no cards now")
    if word == "pick":
        if "pick" not in acc:
            raise IllegalOrder("15.3", "nations are not being chosen now")
        return _pick(g, state, seat, rest)
    return None


def help(state: GameState, seat: int) -> list[str]:  # noqa: A001 - the capability's name
    """The commands ``seat``'s decisions take now, one line each."""
    acc = _accepts(state, seat)
    g = game_for(state)
    lines: list[str] = []
    if "pick" in acc:
        d = next((d for d in pending(state) if d.player == seat and d.kind == "pick"), None)
        free = sorted(nation_name(n) for n in (d.options.get("nations", {}) if d else {}))
        lines.append("pick NATION [in AREA]: take that nation" + (f" ({', '.join(free)})" if free else ""))
    if "move" in acc:
        lines += ["done: the moves you entered on the game page are carried out, and you have finished moving",
                  "pass: no movement"]
    if "ships" in acc:
        lines.append("pass: build no ship and maintain none")
    if "trade_accept" in acc:
        offers = trade_view(g, seat).get("offers_received", [])
        for off in offers:
            if off["my_give"] is None:
                said = ", ".join(cc.printed_name(g, c) for c in off["said"])
                want = ", ".join("a card of your choice" if e in ("dont_care", "unspecified") else cc.printed_name(g, e)
                                 for e in off["expect"])
                lines.append(f"accept {off['id']}: {nation_name(g.s.players[off['from']].nation)} offers {said} "
                             f"for {want}" + (" (add: with CARD, CARD)" if "a card of your choice" in want else ""))
        lines += ["reject N: decline offer N", "message TEXT: your public message",
                  "done: leave the market (you have finished trading)"]
    if "tax_rate" in acc:
        lines.append("tax N: your tax rate per city")
    if "buy_cards" in acc:
        lines += ["buy N: buy N stack-9 trade cards", "pass: buy none"]
    if "buy" in acc:
        lines += ["buy CARD, CARD: buy these civilization cards, paid with the cards and treasury that keep "
                  "the most valuable hand", "discard CARD, CARD: buy nothing and surrender these trade cards",
                  "pass: buy nothing"]
    if "calamity_cards" in acc:
        lines.append("discard CARD, CARD: the commodity cards the calamity takes")
    if "build_cities" in acc:
        lines.append("pass: build no city")
    return lines
