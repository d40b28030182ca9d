"""The ``ship_roles`` phase (GI-TURN-05, GI-SHIP-02, -03; decision D4), before movement.

"This phase begins with players declaring any of their ships either Galleons or Warships, and
paying the additional token to make the transformation. After all players have declared,
movement begins." Declarations are simultaneous and sealed (GIR-15): each player owing one
enters it, may replace it until the last is in, and they are revealed and paid together::

    {"type": "ship_roles", "player": 0, "roles": {"1": "galleon", "2": "warship"},
     "pay": {"1": "treasury", "2": "aboard"}}

A Galleon needs the Galleons card, a Warship Navy (GI-SHIP-03, GI-CIV-02, -03). Each costs 1
token more than a Trireme (GI-SHIP-02: upkeep 2 against 1; the data's ``maintenance``),
paid from treasury (the default when ``pay`` names no way), with a token of his in the ship's
area (``token``) or a token aboard (``aboard``). A ship not declared is a Trireme this turn.
Who owes a declaration: a player with a ship, the Galleons or Navy card, and a way to pay.
Timeout: every ship a Trireme, nothing paid.

A ship whose cargo is more than its role of this turn can hold (a Galleon of last turn with 7
aboard, now a Trireme) sets the extra tokens down in its area, then loses the extra cards,
chosen by the generator, to ``set_aside`` (ruling GISH-4).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ...contract import Decision, IllegalOrder
from ..context import Context
from ..orders import Order, order
from ..phase import Phase, refuse_repeat, register, require_phase_player
from ..schema import Mapping
from . import fleet
from .variant import KEY

ShipKey = Literal["1", "2", "3", "4"]
RolePay = Literal["treasury", "token", "aboard"]
PAY_WORDS = {"treasury": "from treasury", "token": "levied in its area", "aboard": "from aboard"}


@order("ship_roles", rule="GI-SHIP-03", variant=KEY)
@dataclass(slots=True)
class ShipRoles(Order):
    """This turn's roles of one's ships, by ship number (a ship not named is a Trireme), and
    how each extra token is paid (GI-SHIP-02, -03)."""

    roles: Mapping(ShipKey, Literal["trireme", "galleon", "warship"]) = field(default_factory=dict)
    pay: Mapping(ShipKey, RolePay) = field(default_factory=dict)


def extra_cost(role: str) -> int:
    """Tokens a role costs above a Trireme's upkeep (GI-SHIP-02: 2 - 1)."""
    return fleet.spec(role).maintenance - fleet.spec(fleet.TRIREME).maintenance


def allowed_roles(g: Context, nation: str) -> list[str]:
    """The roles ``nation`` may declare: Trireme, and the roles whose card it holds (GI-SHIP-03)."""
    p = g.of(nation)
    return [r for r in fleet.ROLES if fleet.spec(r).requires is None or p.has(fleet.spec(r).requires)]


def pay_options(g: Context, nation: str, rec: fleet.Record, treasury: int, levy: dict, aboard: dict) -> list[str]:
    """The ways left to pay one extra token for ship ``rec`` (GI-SHIP-03)."""
    out = []
    if treasury >= 1:
        out.append("treasury")
    if g.tokens(rec["area"], nation) - levy.get(rec["area"], 0) >= 1:
        out.append("token")
    if rec["tokens"] - aboard.get(rec["id"], 0) >= 1:
        out.append("aboard")
    return out


def owes(g: Context, nation: str) -> bool:
    """A declaration is owed: a ship, a role beyond the Trireme, and a way to pay for it."""
    if len(allowed_roles(g, nation)) < 2:
        return False
    treasury = g.of(nation).treasury
    return any(pay_options(g, nation, r, treasury, {}, {}) for r in fleet.records(g.s, nation))


def check(g: Context, nation: str, roles: dict, pay: dict) -> dict[str, dict[str, str]]:
    """Check a declaration, changing nothing (GI-SHIP-03): gives its normal form
    ``{"roles": {id: role}, "pay": {id: how}}`` with Triremes left out."""
    if not isinstance(roles, dict) or not isinstance(pay, dict):
        raise IllegalOrder("GI-SHIP-03", "roles and pay map ship numbers to a role and a payment")
    allowed = allowed_roles(g, nation)
    treasury = g.of(nation).treasury
    levy: dict[str, int] = {}
    aboard: dict[int, int] = {}
    out: dict[str, dict[str, str]] = {"roles": {}, "pay": {}}
    for key in sorted(set(roles) | set(pay)):
        rec = fleet.ship(g.s, nation, int(key)) if str(key).isdigit() else None
        if rec is None:
            raise IllegalOrder("GI-SHIP-03", f"you have no ship {key}")
        role = roles.get(key, fleet.TRIREME)
        if role not in fleet.ROLES:
            raise IllegalOrder("GI-SHIP-03", f"a ship is a trireme, galleon or warship, not {role!r}")
        if role not in allowed:
            card = fleet.spec(role).requires
            raise IllegalOrder("GI-SHIP-03", f"a {fleet.spec(role).name} needs the "
                               f"{g.d.civ_cards[card].name if card in g.d.civ_cards else card} card")
        cost = extra_cost(role)
        if not cost:
            if key in pay:
                raise IllegalOrder("GI-SHIP-03", f"ship {key} is a Trireme: there is nothing more to pay")
            continue
        how = pay.get(key, "treasury")
        have = {"treasury": treasury, "token": g.tokens(rec["area"], nation) - levy.get(rec["area"], 0),
                "aboard": rec["tokens"] - aboard.get(rec["id"], 0)}.get(how)
        if have is None:
            raise IllegalOrder("GI-SHIP-03", f"pay with treasury, token or aboard, not {how!r}")
        if have < cost:
            raise IllegalOrder("GI-SHIP-03", f"ship {key} as a {fleet.spec(role).name} costs {cost} more "
                               f"token, and you have none left to pay it {PAY_WORDS.get(how, how)}")
        if how == "treasury":
            treasury -= cost
        elif how == "token":
            levy[rec["area"]] = levy.get(rec["area"], 0) + cost
        else:
            aboard[rec["id"]] = aboard.get(rec["id"], 0) + cost
        out["roles"][str(rec["id"])] = role
        out["pay"][str(rec["id"])] = how
    return out


def apply(g: Context, nation: str, decl: dict[str, dict[str, str]]) -> None:
    """Pay and set this turn's roles (every ship not declared a Trireme, GI-SHIP-01), then
    bring any ship over its capacity back within it (GISH-4); one public event."""
    said = []
    for rec in fleet.records(g.s, nation):
        key = str(rec["id"])
        role = decl["roles"].get(key, fleet.TRIREME)
        cost = extra_cost(role)
        if cost:
            how = decl["pay"][key]
            if how == "treasury":
                g.spend_treasury(nation, cost)
            elif how == "token":
                g.remove_tokens(nation, rec["area"], cost)
            else:
                fleet.pay_from_aboard(g, nation, rec["id"], cost)
            said.append(f"ship {key} in {g.area_name(rec['area'])} a {fleet.spec(role).name} "
                        f"({cost} {PAY_WORDS[how]})")
        rec["role"] = role
        over = -fleet.free(rec)
        if over > 0:
            down = min(over, rec["tokens"])
            if down:
                fleet.unload(g, nation, rec["id"], rec["area"], down)
            lost = []
            while fleet.free(rec) < 0:
                lost.append(rec["cards"].pop(g.rng.below(len(rec["cards"]))))
            g.s.set_aside.extend(lost)
            g.emit(f"{g.possessive(nation)} ship {key}, a {fleet.spec(role).name} this turn, holds at most "
                   f"{fleet.capacity(rec)}: {down} token{'s' if down != 1 else ''} go ashore in "
                   f"{g.area_name(rec['area'])}" + (f" and {len(lost)} card{'s' if len(lost) != 1 else ''} "
                                                    "aboard are set aside" if lost else "") + " (GISH-4).",
                   "ship_over_capacity", nation=nation, ship=rec["id"], tokens=down, cards=len(lost))
    if said:
        g.emit(f"{g.name(nation)} declares " + "; ".join(said) + "; its other ships are Triremes.",
               "ship_roles", nation=nation, roles=dict(decl["roles"]))


def random_declaration(g: Context, seat: int, rng) -> ShipRoles:
    """A random affordable role for each ship (5.2, D4), paid in a random affordable way."""
    nation = g.s.players[seat].nation
    allowed = allowed_roles(g, nation)
    treasury = g.of(nation).treasury
    levy: dict[str, int] = {}
    aboard: dict[int, int] = {}
    roles, pay = {}, {}
    for rec in fleet.records(g.s, nation):
        role = allowed[rng.below(len(allowed))]
        cost = extra_cost(role)
        if not cost:
            continue
        opts = pay_options(g, nation, rec, treasury, levy, aboard)
        if not opts:
            continue
        how = opts[rng.below(len(opts))]
        if how == "treasury":
            treasury -= cost
        elif how == "token":
            levy[rec["area"]] = levy.get(rec["area"], 0) + cost
        else:
            aboard[rec["id"]] = aboard.get(rec["id"], 0) + cost
        roles[str(rec["id"])] = role
        pay[str(rec["id"])] = how
    return ShipRoles(seat, roles, pay)


@register(variant=KEY)
class ShipRolesPhase(Phase):
    """Galleons and Warships declared, sealed and simultaneous, before movement (GI-TURN-05)."""

    name = "ship_roles"
    rule = "GI-SHIP-03"
    accepts = ("ship_roles",)

    def start(self, g: Context) -> None:
        g.s.step = {"owed": [p.seat for p in g.census_order() if owes(g, p.nation)], "roles": {}}

    def _waiting(self, g: Context) -> list[int]:
        st = g.s.step
        return [s for s in st.get("owed", []) if str(s) not in st["roles"] and not g.s.players[s].inert]

    def pending(self, g: Context) -> list[Decision]:
        out = []
        for seat in self._waiting(g):
            nation = g.s.players[seat].nation
            out.append(Decision(
                seat, "ship_roles", "Declare which of your ships are Galleons or Warships this turn "
                "(1 more token each; sealed until everyone has declared)",
                default="every ship a Trireme, nothing paid",
                options={"ships": fleet.public(g.s).get(nation, []), "roles": allowed_roles(g, nation),
                         "treasury": g.of(nation).treasury,
                         "extra": {r: extra_cost(r) for r in allowed_roles(g, nation)}}))
        return out

    def complete(self, g: Context) -> bool:
        return not self._waiting(g)

    def handle(self, g: Context, o: Order) -> None:
        require_phase_player(g, o, "GI-SHIP-03")
        assert isinstance(o, ShipRoles)
        if o.player not in g.s.step.get("owed", []):
            raise IllegalOrder("GI-SHIP-03", "you owe no ship declaration this turn (no ship, no Galleons "
                               "or Navy card, or nothing to pay with)")
        nation = g.s.players[o.player].nation
        roles = check(g, nation, o.roles, o.pay)
        refuse_repeat(g.s.step["roles"].get(str(o.player)), roles, "GI-SHIP-03",
                      "this ship declaration is already noted")  # SITE-SAFE-10
        g.s.step["roles"][str(o.player)] = roles
        g.emit("Your ship declaration is noted (sealed until everyone has declared).", "ship_roles_pending",
               to=[o.player])

    def timeout(self, g: Context, seat: int) -> None:
        """D4 timeout: every ship a Trireme, nothing paid."""
        if seat not in self._waiting(g):
            super().timeout(g, seat)
        g.s.step["roles"][str(seat)] = {"roles": {}, "pay": {}}
        g.emit(f"{g.name(g.s.players[seat].nation)} declared nothing in time: its ships are Triremes.",
               "timeout", nation=g.s.players[seat].nation)

    def sample(self, g: Context, seat: int, rng) -> Order:
        return random_declaration(g, seat, rng)

    def finish(self, g: Context) -> None:
        """All in: every player's ships get this turn's roles, paid, revealed together (GIR-15);
        a player who owed nothing has Triremes."""
        decls = g.s.step.get("roles", {})
        for p in g.census_order():
            decl = decls.get(str(p.seat), {"roles": {}, "pay": {}})
            apply(g, p.nation, decl)
        # nations no longer in the census order (inert) keep Triremes too
        for p in g.s.players:
            if p.nation and p.inert:
                apply(g, p.nation, {"roles": {}, "pay": {}})


def ship_roles_view(g: Context, seat: int | None) -> dict:
    """Who still owes a declaration (public), and the seat's own declaration entered; the
    others' stay sealed until all are in (GIR-15)."""
    st = g.s.step
    out: dict = {"waiting": [g.s.players[s].nation for s in st.get("owed", [])
                             if str(s) not in st.get("roles", {}) and not g.s.players[s].inert]}
    if seat is not None and str(seat) in st.get("roles", {}):
        out["mine"] = st["roles"][str(seat)]
    return out
