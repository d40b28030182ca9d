"""Rating games, one after another (``Ledger``), and rebuilding every rating from the records."""
from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction

from .compute import SeatRecord, Skill, Subject, initial, rate_game
from .models import Ledger, RatedGame, Rating


def _ledger() -> Ledger:
    Ledger.objects.get_or_create(pk=1)
    return Ledger.objects.select_for_update().get(pk=1)


def _user_id(subject: Subject) -> int | None:
    return int(subject[1]) if subject[0] == Rating.Subject.PERSON else None


@transaction.atomic
def rate(game, kind: str, seats: list[SeatRecord]) -> RatedGame | None:
    """Rate a finished game once (a second call does nothing): its record kept, the ratings
    of everyone in it and of its sides moved. Call in the transaction that ends the game."""
    ledger = _ledger()
    if RatedGame.objects.filter(game=game).exists() or len(seats) < 2:
        return None
    subjects: set[Subject] = set()
    for s in seats:
        subjects.add(("side", s.side))
        if s.occupant:
            subjects.add(tuple(s.occupant))
        subjects.update(("person", a) for a in s.abandoners)
    rows = {(r.subject, r.key): r for r in Rating.objects.select_for_update().filter(
        kind=kind, subject__in={s for s, _ in subjects}, key__in={k for _, k in subjects})}
    before = {k: Skill(r.mu, r.sigma) for k, r in rows.items()}
    changes = rate_game(seats, before)
    for subj, ch in changes.items():
        row = rows.get(subj)
        if row is None:
            row = Rating(kind=kind, subject=subj[0], key=subj[1], user_id=_user_id(subj))
        row.mu, row.sigma, row.ordinal = ch.after.mu, ch.after.sigma, ch.after.ordinal
        row.games += 1
        row.place_sum += sum(ch.places)
        row.save()
    ledger.rated += 1
    ledger.save(update_fields=["rated"])
    return RatedGame.objects.create(game=game, seq=ledger.rated, kind=kind, record=[s.to_json() for s in seats])


@dataclass
class Rebuilt:
    games: int
    ratings: int
    differences: list[str]


def replay(records) -> dict[tuple[str, str, str], tuple[Skill, int, int]]:
    """Every rating after the records in order: (kind, subject, key) -> (skill, games, place_sum)."""
    out: dict[tuple[str, str, str], tuple[Skill, int, int]] = {}
    for rg in records:
        seats = [SeatRecord.from_json(d) for d in rg.record]
        before = {(s, k): v[0] for (kind, s, k), v in out.items() if kind == rg.kind}
        for subj, ch in rate_game(seats, before).items():
            _, games, places = out.get((rg.kind, *subj), (initial(), 0, 0))
            out[(rg.kind, *subj)] = (ch.after, games + 1, places + sum(ch.places))
    return out


@transaction.atomic
def rebuild(*, write: bool = True) -> Rebuilt:
    """Recompute every rating from the finished games' records, in the order they were rated,
    and compare with the ratings kept (the incremental updates); ``write``: replace them."""
    _ledger()  # no game is rated meanwhile
    new = replay(RatedGame.objects.order_by("seq").iterator())
    old = {(r.kind, r.subject, r.key): r for r in Rating.objects.all()}
    diffs = []
    for key in sorted(set(new) | set(old)):
        a, b = new.get(key), old.get(key)
        if a is None or b is None:
            diffs.append(f"{key}: {'only kept' if a is None else 'only rebuilt'}")
        elif (a[0].mu, a[0].sigma, a[1], a[2]) != (b.mu, b.sigma, b.games, b.place_sum):
            diffs.append(f"{key}: kept mu={b.mu!r} sigma={b.sigma!r} games={b.games}, rebuilt mu={a[0].mu!r} "
                         f"sigma={a[0].sigma!r} games={a[1]}")
    if write and diffs:
        people = set(get_user_model().objects.values_list("pk", flat=True))
        new = {k: v for k, v in new.items() if k[1] != Rating.Subject.PERSON or int(k[2]) in people}
        Rating.objects.all().delete()
        Rating.objects.bulk_create([Rating(kind=k, subject=s, key=key, user_id=_user_id((s, key)), mu=v[0].mu,
                                           sigma=v[0].sigma, ordinal=v[0].ordinal, games=v[1], place_sum=v[2])
                                    for (k, s, key), v in new.items()])
    return Rebuilt(RatedGame.objects.count(), len(new), diffs)
