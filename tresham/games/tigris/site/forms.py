"""Order forms for every decision of Tigris & Euphrates (``GameRules.order_forms`` /
``form_order``; the contract's decisions, docs/tigris.md).

A form offers only what the rules accept now: its choices come from
:func:`tresham.games.tigris.legal.legal_orders` (the rules' own checks), so a square field
lists the legal squares only, by name ("F5"), and a colour the player cannot use now is
shown disabled with the reason. Only the seat the game waits on gets forms, made from what
he may see (the board and his own hand).

The forms by decision:

- ``action`` (TE-BASE-25): ``leader`` (place or move a leader, TE-BASE-29/30),
  ``withdraw`` (TE-BASE-31), ``tile.land`` and ``tile.river`` (a tile from the hand, a farm
  only on a river, TE-BASE-35), ``catastrophe`` (TE-BASE-41), ``swap`` (tiles by colour,
  TE-BASE-45), ``pass`` (TE-BASE-25);
- ``commit`` (TE-BASE-48/56, TE-ENG-02/03): the number of tiles, both sides' strengths so far
  in the help;
- ``war_order`` (TE-BASE-53), ``treasure`` (TE-BASE-72/73);
- ``monument`` / ``monument.decline`` (TE-BASE-62/63), ``building`` / ``building.decline``
  (TE-BLD-03/04), ``wonder`` / ``wonder.decline`` (TE-WON-02), ``wonder_point`` (TE-WON-06).

A square is posted as its name ("F5") and given to the rules as ``[c, r]``.
"""
from __future__ import annotations

import re
from typing import Any

from ...contract import FieldChoice, FormField, IllegalOrder, OrderForm
from ..board import Square, name
from ..legal import legal_orders
from ..rules.commit import allowed_counts, side_to_commit
from ..rules.common import who
from ..rules.turn import decider
from ..state import COLOURS, LEADER_NAMES, MONUMENTS, TILE_NAMES, TEState

BUILDING_COLOURS = {"library": "red", "granary": "blue", "market_hall": "green", "palace": "black"}
BUILDING_NAMES = {"library": "library", "granary": "granary", "market_hall": "market hall",
                  "palace": "palace"}


def square_value(sq: Any) -> str:
    """The posted value of a square: its name ("F5")."""
    return name((int(sq[0]), int(sq[1])))


def parse_square(text: Any, rule: str) -> list[int]:
    """ "F5" -> [5, 4]; IllegalOrder(``rule``) for anything else."""
    m = re.fullmatch(r"([A-Pa-p])([1-9]|1[01])", str(text or "").strip())
    if not m:
        raise IllegalOrder(rule, f"{str(text)[:20]!r} is not a square (a letter A..P and a row 1..11, e.g. \"F5\")")
    return [ord(m.group(1).upper()) - ord("A"), int(m.group(2)) - 1]


def _reading(values: list[list[int]]) -> list[list[int]]:
    return sorted({(q[0], q[1]) for q in values}, key=lambda q: (q[1], q[0]))


def _square_field(fname: str, label: str, squares: list, notes: dict[Square, str] | None = None,
                  *, required: bool = True, help: str = "") -> FormField:
    """A choice of squares (reading order), each labelled by its name (and a note)."""
    choices = []
    for q in _reading(squares):
        note = (notes or {}).get(q)
        choices.append(FieldChoice(square_value(q), f"{square_value(q)} ({note})" if note else square_value(q)))
    return FormField(fname, label, "choice", choices, value=choices[0].value if choices else None,
                     required=required, help=help)


def _by_type(orders: list[dict]) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for o in orders:
        out.setdefault(o["type"], []).append(o)
    return out


# ---- the action decision (TE-BASE-25..45) ---------------------------------------------------
def _leader_form(s: TEState, seat: int, orders: list[dict]) -> OrderForm | None:
    """Place a leader from supply or move one (TE-BASE-29/30): the colours with a legal
    square, the union of their squares, each square noting the colours it takes when not all."""
    by_colour: dict[str, set[Square]] = {c: set() for c in COLOURS}
    for o in orders:
        by_colour[o["colour"]].add((o["to"][0], o["to"][1]))
    open_cols = [c for c in COLOURS if by_colour[c]]
    if not open_cols:
        return None
    choices = []
    for c in COLOURS:
        cur = s.leader_square(seat, c)
        where = f"move from {name(cur)}" if cur is not None else "from your supply"
        choices.append(FieldChoice(c, f"{LEADER_NAMES[c]} ({c}), {where}", disabled=not by_colour[c],
                                   why="" if by_colour[c] else "no square open to it now"))
    union = set().union(*by_colour.values())
    notes = {}
    for q in union:
        cols = [c for c in open_cols if q in by_colour[c]]
        if len(cols) < len(open_cols):
            notes[q] = "only " + ", ".join(LEADER_NAMES[c] for c in cols)
    first = open_cols[0]
    to = _square_field("to", "To the square", list(union), notes,
                       help="a land square next to a face-up temple, not joining two kingdoms")
    to.value = square_value(sorted(by_colour[first], key=lambda q: (q[1], q[0]))[0])
    return OrderForm("leader", "Place or move a leader", [
        FormField("colour", "Leader", "choice", choices, value=first), to],
        submit="Place the leader", rule="TE-BASE-29",
        help="A leader from your supply, or one of yours already on the board (moving it is one "
             "action). Joining a kingdom holding a leader of the same colour starts a revolt.")


def _withdraw_form(s: TEState, seat: int, orders: list[dict]) -> OrderForm | None:
    if not orders:
        return None
    on = {o["colour"] for o in orders}
    choices = [FieldChoice(c, f"{LEADER_NAMES[c]} ({c})" + (f" on {name(s.leader_square(seat, c))}" if c in on else ""),
                           disabled=c not in on, why="" if c in on else "in your supply")
               for c in COLOURS]
    first = next(c for c in COLOURS if c in on)
    return OrderForm("withdraw", "Withdraw a leader", [
        FormField("colour", "Leader", "choice", choices, value=first)],
        submit="Withdraw the leader", rule="TE-BASE-31",
        help="Take one of your leaders off the board back to your supply.")


def _tile_forms(s: TEState, seat: int, orders: list[dict]) -> list[OrderForm]:
    """Two forms: a temple, market or settlement on land; a farm on a river (TE-BASE-35)."""
    hand = s.hands[seat]
    out = []
    for fid, title, cols, where in (("tile.land", "Place a tile on land", ("red", "green", "black"),
                                     "a land square"),
                                    ("tile.river", "Place a farm on a river", ("blue",), "a river square")):
        squares = {(o["to"][0], o["to"][1]) for o in orders if o["colour"] in cols}
        if not squares:
            continue
        choices = [FieldChoice(c, f"{TILE_NAMES[c]} ({c}), {hand[c]} in your hand", disabled=hand[c] < 1,
                               why="" if hand[c] >= 1 else "none in your hand") for c in cols]
        first = next(c for c in cols if hand[c] >= 1)
        out.append(OrderForm(fid, title, [
            FormField("colour", "Tile", "choice", choices, value=first),
            _square_field("to", "On the square", list(squares),
                          help=f"{where} that is empty and would not join three or more kingdoms")],
            submit="Place the tile", rule="TE-BASE-35",
            help="A tile joining two kingdoms starts a war for each colour with a leader in both."))
    return out


def _catastrophe_form(s: TEState, seat: int, orders: list[dict]) -> OrderForm | None:
    if not orders:
        return None
    left = s.catastrophes_left[seat]
    return OrderForm("catastrophe", "Place a catastrophe", [
        _square_field("to", "On the square", [o["to"] for o in orders],
                      help="an empty square or one with a tile, never a treasure, a monument or a leader")],
        submit="Place the catastrophe", rule="TE-BASE-41",
        help=f"You have {left} catastrophe tile{'s' if left != 1 else ''} left. It destroys the "
             "tile under it; leaders left without a temple go home.")


def _swap_form(s: TEState, seat: int, orders: list[dict]) -> OrderForm | None:
    if not orders:
        return None
    hand = s.hands[seat]
    choices = [FieldChoice(c, f"{TILE_NAMES[c]}s ({c})", max=hand[c], disabled=hand[c] < 1,
                           why="" if hand[c] >= 1 else "none in your hand") for c in COLOURS]
    total = sum(hand.values())
    return OrderForm("swap", "Swap tiles", [
        FormField("tiles", "Tiles to discard", "counts", choices, min=1, max=total, value={},
                  help="how many of each colour")],
        submit="Swap the tiles", rule="TE-BASE-45",
        help=f"Discard tiles from your hand and draw as many from the bag ({len(s.bag)} left in it).")


def _pass_form(s: TEState) -> OrderForm:
    n = s.actions_left
    return OrderForm("pass", "Pass", [], submit="Pass (end your turn)", rule="TE-BASE-25",
                     help=f"Give up the {n} action{'s' if n != 1 else ''} you have left this turn; "
                          "your hand is then refilled to six tiles.")


def _action_forms(s: TEState, seat: int) -> list[OrderForm]:
    t = _by_type(legal_orders(s, seat))
    out = [_leader_form(s, seat, t.get("leader", [])), _withdraw_form(s, seat, t.get("withdraw", []))]
    out += _tile_forms(s, seat, t.get("tile", []))
    out += [_catastrophe_form(s, seat, t.get("catastrophe", [])), _swap_form(s, seat, t.get("swap", [])),
            _pass_form(s)]
    return [f for f in out if f is not None]


# ---- conflicts (TE-BASE-46..61, TE-ENG) --------------------------------------------------------
def commit_help(s: TEState, seat: int) -> str:
    """Both sides' strengths so far, in words, for the seat committing now."""
    c = s.conflict
    side = "attacker" if c["attacker_committed"] is None else "defender"
    other = "defender" if side == "attacker" else "attacker"
    what = "revolt" if c["kind"] == "revolt" else f"{c['colour']} war"
    basis = "temples beside the leader" if c["kind"] == "revolt" else f"{c['colour']} tiles in the leader's kingdom"
    mine = c[f"{side}_strength"]
    theirs = c[f"{other}_strength"]
    words = (f"A {what}: you ({who(seat)}) are the {side}. Your strength so far: {mine} "
             f"({basis}). The {other} ({who(c[other])}): {theirs}")
    if side == "defender":
        words += f" + {c['attacker_committed']} committed = {theirs + c['attacker_committed']}"
        words += ". Ties go to you, the defender."
    else:
        words += ", and he commits after you. Ties go to the defender."
    if s.options.get("english"):
        words += (" English variant: the attacker may commit only to pass the defender's strength, "
                  "the defender only to reach exactly a tie.")
    return words


def _commit_forms(s: TEState, seat: int) -> list[OrderForm]:
    c = s.conflict
    allowed = allowed_counts(s, side_to_commit(s))
    tile = TILE_NAMES[c["colour"]]
    label = f"{tile.capitalize()}s ({c['colour']}) to commit"
    have = s.hands[seat][c["colour"]]
    if allowed == list(range(allowed[0], allowed[-1] + 1)):
        f = FormField("tiles", label, "number", min=allowed[0], max=allowed[-1], value=allowed[0],
                      help=f"{allowed[0]} to {allowed[-1]}; you hold {have}")
    else:
        f = FormField("tiles", label, "choice",
                      [FieldChoice(str(n), str(n)) for n in allowed], value=str(allowed[0]),
                      help=f"you hold {have}")
    rule = "TE-BASE-48" if c["kind"] == "revolt" else "TE-BASE-56"
    return [OrderForm("commit", "Commit tiles to the conflict", [f], submit="Commit", rule=rule,
                      help=commit_help(s, seat))]


def _war_order_forms(s: TEState, seat: int) -> list[OrderForm]:
    cols = list(s.ctx["war_colours"])
    return [OrderForm("war_order", "Choose the next war", [
        FormField("colour", "Colour at war", "choice",
                  [FieldChoice(c, f"{c} ({LEADER_NAMES[c]}s)") for c in cols], value=cols[0])],
        submit="Fight this war first", rule="TE-BASE-53",
        help="Several colours are at war; the one you choose is fought first, the others after it.")]


def _treasure_forms(s: TEState, seat: int) -> list[OrderForm]:
    squares = s.ctx["treasure"]["squares"]
    notes = {(q[0], q[1]): "special border" for q in squares if (q[0], q[1]) in s.board.special}
    return [OrderForm("treasure", "Take a treasure", [
        _square_field("at", "The treasure on", squares, notes)],
        submit="Take this treasure", rule="TE-BASE-72",
        help="Your trader's kingdom holds two or more treasures: you take all but one, choosing "
             "among these (those on special-border squares go first).")]


def _monument_forms(s: TEState, seat: int) -> list[OrderForm]:
    o = s.ctx["monument"]
    mons = [m for m in MONUMENTS if m in o["monuments"]]  # the contract's order (TE-BASE-06)
    build = OrderForm("monument", "Build a monument", [
        FormField("monument", "Monument", "choice", [FieldChoice(m, f"{m} monument") for m in mons],
                  value=mons[0]),
        _square_field("at", "On the block whose top-left square is", o["blocks"])],
        submit="Build the monument", rule="TE-BASE-62",
        help=f"Four {o['colour']} tiles form a square: you may build an unused monument of that "
             "colour on them, now or never (its four tiles turn face down).")
    no = OrderForm("monument.decline", "Build no monument", [], submit="Build no monument",
                   rule="TE-BASE-64", help="The chance is lost: no monument can be built on these tiles later.")
    return [build, no]


# ---- the additions (TE-BLD, TE-WON): built from the legal orders of their decisions ----------
def _building_forms(s: TEState, seat: int) -> list[OrderForm]:
    orders = [o for o in legal_orders(s, seat) if o.get("building")]
    out = []
    if orders:
        blds = [b for b in BUILDING_COLOURS if any(o["building"] == b for o in orders)]
        squares = [o["at"] for o in orders if o["building"] == blds[0]]
        allsq = [o["at"] for o in orders]
        notes = {}
        for q in {(x[0], x[1]) for x in allsq}:
            these = [b for b in blds if any(o["building"] == b and tuple(o["at"]) == q for o in orders)]
            if len(these) < len(blds):
                notes[q] = "only " + ", ".join(BUILDING_NAMES[b] for b in these)
        at = _square_field("at", "On the tile", allsq, notes)
        at.value = square_value(_reading(squares)[0])
        out.append(OrderForm("building", "Place or move a building", [
            FormField("building", "Building", "choice",
                      [FieldChoice(b, f"{BUILDING_NAMES[b]} ({BUILDING_COLOURS[b]})") for b in blds], value=blds[0]),
            at], submit="Place the building", rule="TE-BLD-03",
            help="A line of three or more tiles of a colour: its building may stand on one of them."))
    out.append(OrderForm("building.decline", "Place no building", [], submit="Place no building",
                         rule="TE-BLD-03"))
    return out


def _wonder_forms(s: TEState, seat: int) -> list[OrderForm]:
    at = [o["at"] for o in legal_orders(s, seat) if o.get("at") is not None]
    out = []
    if at:
        out.append(OrderForm("wonder", "Erect the wonder", [
            _square_field("at", "On the cross whose centre is", at)],
            submit="Erect the wonder", rule="TE-WON-02",
            help="Five tiles of one colour in a cross: they become the wonder."))
    out.append(OrderForm("wonder.decline", "Do not erect the wonder", [], submit="Decline", rule="TE-WON-02"))
    return out


def _wonder_point_forms(s: TEState, seat: int) -> list[OrderForm]:
    pts = s.points[seat]
    weakest = min(COLOURS, key=lambda c: pts[c])
    cols = [o["colour"] for o in legal_orders(s, seat)] or list(COLOURS)
    cols = [c for c in COLOURS if c in cols]
    return [OrderForm("wonder_point", "The wonder's point", [
        FormField("colour", "Colour", "choice", [FieldChoice(c, f"{c} (you have {pts[c]})") for c in cols],
                  value=weakest if weakest in cols else cols[0])],
        submit="Score this colour", rule="TE-WON-06",
        help="Your king stands in the wonder's kingdom: 1 point of the colour you choose.")]


FORMS = {"action": _action_forms, "commit": _commit_forms, "war_order": _war_order_forms,
         "treasure": _treasure_forms, "monument": _monument_forms, "building": _building_forms,
         "wonder": _wonder_forms, "wonder_point": _wonder_point_forms}


def order_forms(s: TEState, seat: int) -> list[OrderForm]:
    """The forms of ``seat``'s decision now ([] when the game does not wait on him)."""
    if s.finished or decider(s) != seat:
        return []
    make = FORMS.get(s.phase)
    return make(s, seat) if make else []


def form_order(s: TEState, seat: int, form_id: str, values: dict[str, Any]) -> dict:
    """The order form ``form_id`` gives with ``values`` (checked by the site against the
    form's fields); IllegalOrder when the form is not offered now or the values make no
    order. The rules still check the order itself when it is applied."""
    forms = {f.id: f for f in order_forms(s, seat)}
    if form_id not in forms:
        raise IllegalOrder("TE-BASE-27", f"the form {form_id!r} is not open to {who(seat)} now"
                           + (f"; the open ones are {', '.join(forms)}" if forms else ""))
    v = values or {}
    o: dict[str, Any] = {"player": seat}
    if form_id == "leader":
        o.update(type="leader", colour=v.get("colour"), to=parse_square(v.get("to"), "TE-BASE-29"))
    elif form_id == "withdraw":
        o.update(type="withdraw", colour=v.get("colour"))
    elif form_id in ("tile.land", "tile.river"):
        o.update(type="tile", colour=v.get("colour"), to=parse_square(v.get("to"), "TE-BASE-35"))
    elif form_id == "catastrophe":
        o.update(type="catastrophe", to=parse_square(v.get("to"), "TE-BASE-41"))
    elif form_id == "swap":
        tiles = {c: int(n) for c, n in (v.get("tiles") or {}).items() if int(n) > 0}
        if not tiles:
            raise IllegalOrder("TE-BASE-45", "a swap discards at least one tile")
        o.update(type="swap", tiles=tiles)
    elif form_id == "pass":
        o.update(type="pass")
    elif form_id == "commit":
        o.update(type="commit", tiles=int(v.get("tiles") or 0))
    elif form_id == "war_order":
        o.update(type="war_order", colour=v.get("colour"))
    elif form_id == "treasure":
        o.update(type="treasure", at=parse_square(v.get("at"), "TE-BASE-72"))
    elif form_id == "monument":
        o.update(type="monument", monument=v.get("monument"), at=parse_square(v.get("at"), "TE-BASE-63"))
    elif form_id == "monument.decline":
        o.update(type="monument", monument=None, at=None)
    elif form_id == "building":
        o.update(type="building", building=v.get("building"), at=parse_square(v.get("at"), "TE-BLD-03"))
    elif form_id == "building.decline":
        o.update(type="building", building=None, at=None)
    elif form_id == "wonder":
        o.update(type="wonder", at=parse_square(v.get("at"), "TE-WON-02"))
    elif form_id == "wonder.decline":
        o.update(type="wonder", at=None)
    elif form_id == "wonder_point":
        o.update(type="wonder_point", colour=v.get("colour"))
    else:  # pragma: no cover - every form of order_forms is named above
        raise IllegalOrder("", f"no order for the form {form_id!r}")
    return {"type": o.pop("type"), **o}
