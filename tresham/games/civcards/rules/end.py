"""Scores and the end of the game (CCG-OV-03..05, CCG-TEAM-02).

The game ends at the end of the turn in which the last technology is bought (CCG-OV-03, the
checklist's reading). Victory points: 1 per wonder, technology and population (CCG-OV-04);
ties are broken by technologies, then population, then wonders (CCG-OV-05); a tie on all
four shares the place (docs/rulings/civcards.md, CCR-SHARED). In the team game each team
adds up its two players' points, technologies, population and wonders, and both teammates
take the team's place (CCG-TEAM-02).
"""
from __future__ import annotations

from ...contract import Event
from ..effects import population, wonders
from ..seating import team_of
from ..state import CCState
from .common import emit


def score(s: CCState, p: int) -> dict[str, int]:
    """``p``'s victory points and tie-breakers (CCG-OV-04/05)."""
    t, pop, w = len(s.seats[p]["techs"]), population(s, p), wonders(s, p)
    return {"vp": t + pop + w, "techs": t, "population": pop, "wonders": w}


def key(sc: dict[str, int]) -> tuple[int, int, int, int]:
    return (sc["vp"], sc["techs"], sc["population"], sc["wonders"])


def sides(s: CCState) -> list[list[int]]:
    """The sides that are ranked: each seat alone, or the two teams."""
    if team_of(s.options, 0) is None:
        return [[p] for p in range(s.players)]
    teams: dict[int, list[int]] = {}
    for p in range(s.players):
        teams.setdefault(team_of(s.options, p), []).append(p)
    return [teams[t] for t in sorted(teams)]


def side_score(s: CCState, side: list[int]) -> dict[str, int]:
    out = {"vp": 0, "techs": 0, "population": 0, "wonders": 0}
    for p in side:
        for k, v in score(s, p).items():
            out[k] += v
    return out


def places(s: CCState) -> list[int]:
    """Each seat's place (1 = first), ties on all four figures sharing a place."""
    ranked = [(key(side_score(s, side)), side) for side in sides(s)]
    out = [0] * s.players
    for k, side in ranked:
        better = sum(1 for k2, _ in ranked if k2 > k)
        for p in side:
            out[p] = better + 1
    return out


def finish(s: CCState, reason: str, ev: list[Event]) -> None:
    s.finished = True
    s.phase = "over"
    s.end_reason = reason
    s.queue = []
    pl = places(s)
    emit(ev, f"the game is over: {reason}", "end", places=pl)
