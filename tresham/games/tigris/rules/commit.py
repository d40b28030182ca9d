"""What a side may commit to a revolt or war (TE-BASE-48/56), and committing it.

:func:`allowed_counts` is the one place that decides the counts a side may commit. In the
base game: any number from 0 to the tiles of the conflict's colour in hand. In the English
variant (option ``english``, TE-ENG-01..03, the checklist's recommended reading = B1's):

- the attacker may commit tiles only if his board strength plus them is greater than the
  defender's board strength (TE-ENG-02); any such number, and 0;
- the defender may commit only the exact number that brings his board strength up to the
  attacker's total, a tie he wins (TE-ENG-03); that number, and 0.

Committing nothing is always allowed, so the timeout default stays legal.
"""
from __future__ import annotations

from ...contract import Event, IllegalOrder
from ..state import TEState
from .common import emit, tile_words, who


def side_to_commit(s: TEState) -> str:
    """"attacker" until he has committed, then "defender" (TE-BASE-48/56)."""
    return "attacker" if s.conflict["attacker_committed"] is None else "defender"


def allowed_counts(s: TEState, side: str) -> list[int]:
    """The numbers of tiles ``side`` may commit now, ascending, 0 first (TE-BASE-48: red in
    a revolt; TE-BASE-56: the war's colour; TE-ENG-02/03 with the option ``english``)."""
    c = s.conflict
    have = s.hands[c[side]][c["colour"]]
    if not s.options.get("english"):
        return list(range(0, have + 1))
    a, d = c["attacker_strength"], c["defender_strength"]
    if side == "attacker":
        return [0] + [n for n in range(1, have + 1) if a + n > d]       # TE-ENG-02
    need = a + c["attacker_committed"] - d                                # TE-ENG-03
    return [0] + ([need] if 1 <= need <= have else [])


def forced_nothing(s: TEState) -> str | None:
    """Why the side to commit now has no choice but to commit nothing, judged on public facts
    alone (both strengths, what the attacker committed, the size of the hand, never its
    colours: a hand's colours are the seat's secret, and skipping a decision would tell
    them); None when he may have a choice. SITE-TABLE-08: such a decision is not asked. In
    the base game only the hand tells (a hand is never empty in play, TE-BASE-28), so only
    the English variant's limits (TE-ENG-02/03) can settle it in public."""
    if not s.options.get("english"):  # any number up to the tiles held: the hand decides
        return None
    c = s.conflict
    side = side_to_commit(s)
    held = sum(s.hands[c[side]].values())
    a, d = c["attacker_strength"], c["defender_strength"]
    if side == "attacker":
        if a + held <= d:
            return (f"with {a} against {d} and {held} tile{'s' if held != 1 else ''} in hand he cannot "
                    "get ahead (TE-ENG-02)")
        return None
    total = a + c["attacker_committed"]
    if d >= total:
        return f"he already wins with {d} against {total} (TE-ENG-03)"
    if total - d > held:
        return (f"he cannot reach {total} from {d} with {held} tile{'s' if held != 1 else ''} in hand "
                "(TE-ENG-03)")
    return None


def refusal(s: TEState, side: str, n: int, allowed: list[int]) -> IllegalOrder:
    """The IllegalOrder for committing ``n`` (not in ``allowed``), naming the rule."""
    c = s.conflict
    have = s.hands[c[side]][c["colour"]]
    seat = c[side]
    if n > have or not s.options.get("english"):
        rule = "TE-BASE-48" if c["kind"] == "revolt" else "TE-BASE-56"
        return IllegalOrder(rule, f"{who(seat)} may commit 0 to {have} {c['colour']} tiles here "
                                  f"(he holds {have}), not {n}")
    a, d = c["attacker_strength"], c["defender_strength"]
    if side == "attacker":
        if len(allowed) == 1:
            why = (f"with {a} against {d} and {have} in hand he cannot get ahead, so he "
                   f"commits nothing")
        else:
            why = f"his total must pass the defender's {d}: commit 0 or {allowed[1]} to {have}"
        return IllegalOrder("TE-ENG-02", f"English variant: {who(seat)} as attacker may commit "
                                         f"tiles only to get ahead; {why}, not {n}")
    total = a + c["attacker_committed"]
    if len(allowed) == 1:
        why = (f"he already wins with {d} against {total}" if d >= total else
               f"he cannot reach {total} from {d} with {have} in hand")
        why += ", so he commits nothing"
    else:
        why = f"exactly {allowed[1]} to tie at {total}, or 0"
    return IllegalOrder("TE-ENG-03", f"English variant: {who(seat)} as defender may commit only "
                                     f"the tiles that tie the attacker; {why}, not {n}")


def commit(s: TEState, seat: int, n: int, ev: list[Event]) -> bool:
    """``seat`` commits ``n`` tiles; True once both sides have (the conflict can be settled)."""
    side = side_to_commit(s)
    c = s.conflict
    allowed = allowed_counts(s, side)
    if n not in allowed:
        raise refusal(s, side, n, allowed)
    s.hands[seat][c["colour"]] -= n
    s.removed[c["colour"]] += n  # TE-BASE-50/59: committed tiles leave the game
    c[f"{side}_committed"] = n
    emit(ev, f"{who(seat)} commits {tile_words(c['colour'], n)} as {side}", "commit",
         side=side, tiles=n)
    return side == "defender"
