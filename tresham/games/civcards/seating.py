"""Seats in a circle: who is left of whom, who may attack whom, and the teams
(CCG-SET-03/04/07, CCG-COMB-01, CCG-CONF-03, CCG-TEAM-01).

Seat numbers run clockwise: seat p + 1 sits to the left of seat p (docs/rulings/civcards.md,
CCR-SEATS). Only neighbours may be attacked (CCG-COMB-01); in a 2-player game the one
opponent is the neighbour on both sides; teammates never attack each other (CCG-CONF-03).
In the team game (4 players), teams "opposite" are seats {0, 2} and {1, 3}; teams
"adjacent" are {0, 1} and {2, 3} (CCG-TEAM-01).
"""
from __future__ import annotations


def clockwise(n: int, start: int) -> list[int]:
    """Every seat once, clockwise from ``start``."""
    return [(start + i) % n for i in range(n)]


def counter_clockwise(n: int, start: int) -> list[int]:
    return [(start - i) % n for i in range(n)]


def team_of(options: dict, p: int) -> int | None:
    """The team of seat ``p`` (0 or 1), None outside the team game."""
    t = options.get("teams", "none")
    if t == "opposite":
        return p % 2
    if t == "adjacent":
        return p // 2
    return None


def teammates(options: dict, p: int, q: int) -> bool:
    tp = team_of(options, p)
    return p != q and tp is not None and tp == team_of(options, q)


def teammate(options: dict, n: int, p: int) -> int | None:
    return next((q for q in range(n) if teammates(options, p, q)), None)


def neighbours(n: int, p: int) -> list[int]:
    """The seats beside ``p``, right then left (one seat in a 2-player game)."""
    return sorted({(p - 1) % n, (p + 1) % n} - {p})


def targets(options: dict, n: int, p: int) -> list[int]:
    """The seats ``p`` may attack: neighbours that are not his teammates."""
    return [q for q in neighbours(n, p) if not teammates(options, p, q)]
