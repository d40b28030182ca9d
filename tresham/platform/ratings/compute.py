"""The rating of one finished game (SITE-RANK-03..08), with openskill's Plackett-Luce model.

Pure: a game's record and the ratings before it in, the ratings after it out. Each seat is a
team of two: the person (or the bot) who played it and its side (the nation), whose strength
the model learns from every game like a player's. So beating a seat whose nation tends to win
earns more, and losing with a nation that tends to lose costs less (SITE-RANK-05); how much a
result moves a rating depends on everyone's skill, not only on places (SITE-RANK-04, -08).

Seats someone abandoned (quit or removed, SITE-RANK-06/07, SITE-REMOVE-04):

- an abandoner is rated as if his seat had finished last, and only a loss counts: quitting
  can only lower a rating;
- a replacement who took the seat over and finished it keeps a gain; a loss he would have
  taken is charged to the abandoners of that seat instead (each of them), so he cannot lose;
- a bot is rated as its level, a player of its own, never as the person whose seat it plays
  (SITE-BOT-04).

A subject is ``("person", "<user id>")``, ``("bot", "<level key>")`` (``("bot", "bot")`` in
games rated before levels) or ``("side", "<name>")``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
Subject = tuple[str, str]


@dataclass(frozen=True, slots=True)
class Skill:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def initial() -> Skill:
    r = MODEL.rating()
    return Skill(r.mu, r.sigma)


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat of a finished game: its place (1 = first; equal places tie), its side, who
    finished it (None: nobody, its defaults played on), who abandoned it (user ids, in order)
    and whether the finisher took it over from someone."""

    seat: int
    place: int
    side: str
    occupant: Subject | None
    abandoners: tuple[str, ...] = ()

    @classmethod
    def from_json(cls, d: dict) -> "SeatRecord":
        occ = d.get("occupant")
        return cls(int(d["seat"]), int(d["place"]), str(d["side"]), tuple(occ) if occ else None,
                   tuple(str(a) for a in d.get("abandoners") or ()))

    def to_json(self) -> dict:
        return {"seat": self.seat, "place": self.place, "side": self.side,
                "occupant": list(self.occupant) if self.occupant else None, "abandoners": list(self.abandoners)}


@dataclass(slots=True)
class Change:
    """What a game does to one subject: its skill after, and the places it finished (one per
    seat it held to the end; none for an abandoner)."""

    after: Skill
    places: list[int]


def _rate(teams: list[list[Skill]], ranks: list[int]) -> list[list[Skill]]:
    model_teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma) for s in team] for team in teams]
    out = MODEL.rate(model_teams, ranks=ranks)
    return [[Skill(r.mu, r.sigma) for r in team] for team in out]


def rate_game(seats: Iterable[SeatRecord], skill: dict[Subject, Skill]) -> dict[Subject, Change]:
    """The changes one game makes, from the skills before it (``skill``; a subject not in it
    starts at the model's initial rating)."""
    seats = sorted(seats, key=lambda s: s.seat)
    if len(seats) < 2:
        return {}
    get = lambda subj: skill.get(subj) or initial()  # noqa: E731
    last = max(s.place for s in seats) + 1

    def member(s: SeatRecord) -> Subject:
        if s.occupant is not None:
            return s.occupant
        return ("person", s.abandoners[-1]) if s.abandoners else ("bot", "vacant")

    teams = [[get(member(s)), get(("side", s.side))] for s in seats]
    result = _rate(teams, [s.place for s in seats])
    out: dict[Subject, Change] = {}
    deltas: dict[Subject, list[Skill]] = {}

    def add(subj: Subject, after: Skill, place: int | None) -> None:
        ch = out.setdefault(subj, Change(after, []))
        if place is not None:
            ch.places.append(place)
        deltas.setdefault(subj, []).append(after)

    for i, s in enumerate(seats):
        before, after = teams[i][0], result[i][0]
        add(("side", s.side), result[i][1], s.place)
        loss = min(0.0, after.mu - before.mu)  # what the finisher would lose
        if s.occupant is not None and not s.abandoners:
            add(s.occupant, after, s.place)
        elif s.occupant is not None:
            # a replacement keeps a gain; a loss goes to those who left the seat (SITE-RANK-06)
            add(s.occupant, Skill(before.mu + max(0.0, after.mu - before.mu), after.sigma), s.place)
        charged = loss if s.occupant is not None else 0.0  # nobody to spare a loss: none passed on
        for a in dict.fromkeys(s.abandoners):
            subj = ("person", a)
            mine = get(subj)
            # the abandoner as if his seat had finished last (SITE-RANK-07)
            alone = [list(t) for t in teams]
            alone[i] = [mine, teams[i][1]]
            ranks = [last if j == i else x.place for j, x in enumerate(seats)]
            quit_delta = min(0.0, _rate(alone, ranks)[i][0].mu - mine.mu)
            add(subj, Skill(mine.mu + quit_delta + charged, mine.sigma), None)
    # a subject in two seats of one game (the bot): the mean of its results
    for subj, afters in deltas.items():
        if len(afters) > 1:
            out[subj].after = Skill(sum(a.mu for a in afters) / len(afters), sum(a.sigma for a in afters) / len(afters))
    out.pop(("bot", "vacant"), None)
    return out
