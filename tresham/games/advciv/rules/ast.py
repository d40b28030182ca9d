"""Movement of A.S.T. markers (33), end of the game (34) and victory (35).

Automatic (SITE-AST-01): each marker moves one space if the requirements of the next space
are met; a nation with no cities moves back one space unless in the Stone Age (33.4).
When a marker enters the finish square the game ends after this phase (34.1A).
"""
from __future__ import annotations

from typing import Callable

from ..data import EPOCHS
from ..context import Context
from ..phase import Phase, register


def card_groups(g: Context, nation: str) -> set[str]:
    """Groups covered by a nation's civ cards; dual-group cards count for both (31.551)."""
    return {grp for c in g.of(nation).civ_cards for grp in g.d.civ_cards[c].groups}


def meets(g: Context, nation: str, space: int) -> bool:
    """Whether ``nation`` meets the entry requirements of A.S.T. ``space`` (33.2, 33.25)."""
    track = g.d.ast.tracks[nation]
    epoch = track.epoch_at(space)
    req = g.d.ast.requirements.get(epoch, {})
    p = g.of(nation)
    cities = len(g.cities_of(nation))
    if cities < req.get("cities", 0):
        return False
    if "card_groups" in req and len(card_groups(g, nation)) < req["card_groups"]:
        return False
    if "cards" in req and len(p.civ_cards) < req["cards"]:
        return False
    threshold = track.threshold(space, g.d.ast.finish)
    if epoch == "late_iron" and threshold is not None and g.civ_points(nation) < threshold:
        return False
    return True


def epoch_of(g: Context, nation: str) -> str:
    return g.d.ast.tracks[nation].epoch_at(g.of(nation).ast)


def move_markers(g: Context, check: Callable[[Context, str, int], bool] = meets) -> bool:
    """Move every marker (33.1-33.4); gives True when one entered the finish square.
    ``check(g, nation, space)``: whether a nation meets a space's requirements (``meets``; a
    variant's phase passes its own)."""
    finished = False
    for p in g.active():
        if p.inert:
            continue
        nation = p.nation
        if not g.cities_of(nation) and epoch_of(g, nation) != "stone":
            p.ast = max(0, p.ast - 1)  # 33.4
            g.emit(f"{g.name(nation)} has no cities and moves back to A.S.T. space {p.ast}.",
                   "ast_back", nation=nation, space=p.ast)
            continue
        nxt = p.ast + 1
        if nxt > g.d.ast.finish:
            continue
        if check(g, nation, nxt):
            p.ast = nxt
            g.emit(f"{g.name(nation)} advances to A.S.T. space {nxt} "
                   f"({g.d.ast.tracks[nation].epoch_at(nxt).replace('_', ' ')}).",
                   "ast_advance", nation=nation, space=nxt)
            if nxt == g.d.ast.finish:
                finished = True
        else:
            g.emit(f"{g.name(nation)} does not meet the requirements of A.S.T. space {nxt} and stays.",
                   "ast_frozen", nation=nation, space=p.ast)
    return finished


def end_game(g: Context, why: str) -> None:
    """End the game and name the winners: highest victory points; equal scores tie (35.2).
    A departed (inert) nation is scored but cannot win (ruling R-INERT-WIN), unless every
    nation is inert."""
    s = g.s
    s.finished = True
    s.phase = "over"
    scores = {p.seat: g.score(p.nation) for p in g.active()}
    eligible = {p.seat for p in g.active() if not p.inert} or set(scores)
    best = max((v for seat, v in scores.items() if seat in eligible), default=0)
    s.winners = sorted(seat for seat, v in scores.items() if v == best and seat in eligible)
    table = ", ".join(f"{g.name(s.players[seat].nation)} {v}" for seat, v in
                      sorted(scores.items(), key=lambda kv: -kv[1]))
    g.emit(f"The game ends: {why}. Final scores: {table}.", "game_over", scores=scores, winners=s.winners)


AGE_NAMES = {"stone": "Stone Age", "early_bronze": "Early Bronze Age", "late_bronze": "Late Bronze Age",
             "early_iron": "Early Iron Age", "late_iron": "Late Iron Age"}


def requirement_text(req: dict) -> str:
    """The entry requirements of an Age in words (33.2, SITE-AST-02)."""
    parts = []
    if req.get("cities"):
        parts.append(f"{req['cities']} cities")
    if req.get("cards"):
        parts.append(f"{req['cards']} civilization cards")
    if req.get("card_groups"):
        parts.append(f"cards in {req['card_groups']} groups" if req["card_groups"] < 5 else "cards in all 5 groups")
    if req.get("card_points_per_space"):
        parts.append("civilization card points at least the value printed on each space")
    return ", ".join(parts) if parts else "none"


def ast_page(g: Context) -> dict:
    """The A.S.T. page (SITE-AST-02, SITE-AST-03): each track's spaces labelled with their Age
    (Late Iron Age spaces with their point value), the entry requirements of each Age, and the
    public summary table sorted by Total Public Points."""
    finish = g.d.ast.finish
    tracks = {}
    for p in g.active():
        track = g.d.ast.tracks[p.nation]
        tracks[p.nation] = [{"space": i, "age": AGE_NAMES[track.epoch_at(i)],
                             "points": track.threshold(i, finish)} for i in range(finish + 1)]
    table = [{"nation": n, "ast": g.of(n).ast, "cities": len(g.cities_of(n)), "treasury": g.of(n).treasury,
              "civ_cards": len(g.of(n).civ_cards), "hand_size": len(g.of(n).hand),
              "civ_points": g.civ_points(n), "public_points": g.public_points(n)} for n in g.leaders()]
    return {"tracks": tracks,
            "requirements": {AGE_NAMES[e]: requirement_text(g.d.ast.requirements.get(e, {})) for e in EPOCHS},
            "table": table}


def points_footer(g: Context) -> str:
    """The Total Public Points line appended to game emails (SITE-AST-04)."""
    return "Total Public Points: " + ", ".join(f"{g.name(n)} {g.public_points(n)}" for n in g.leaders())


@register
class AstPhase(Phase):
    name = "ast"
    rule = "33"

    def start(self, g: Context) -> None:
        g.s.step["finish_reached"] = move_markers(g, self.meets)

    def meets(self, g: Context, nation: str, space: int) -> bool:
        """Whether ``nation`` meets the requirements of A.S.T. ``space`` (``meets``; a
        variant's phase adds its own)."""
        return meets(g, nation, space)

    def requirement_text(self, g: Context, epoch: str) -> str:
        """The entry requirements of ``epoch`` in words for the game's A.S.T. page
        (``requirement_text``; a variant's phase adds its own)."""
        return requirement_text(g.d.ast.requirements.get(epoch, {}))

    def complete(self, g: Context) -> bool:
        return True

    def finish(self, g: Context) -> None:
        if g.s.step.get("finish_reached"):
            end_game(g, "a nation entered the finish square of the A.S.T. (34.1A)")


@register
class OverPhase(Phase):
    """The game is over; no more orders."""

    name = "over"
    rule = "34.1"

    def complete(self, g: Context) -> bool:
        return False
