"""The one path by which a game changes: one transaction per accepted order.

    lock the game row (SELECT ... FOR UPDATE on PostgreSQL; the IMMEDIATE write
        transaction on SQLite, which takes the database's single write lock)
    a retried request (same account and client key) -> the first answer, nothing applied
    a stale revision -> Stale (409), nothing applied
    state', events = rules.apply(state, order)   # IllegalOrder -> 400, nothing written
    state' == state and no event -> AlreadyDone ("already done"), nothing written (SITE-SAFE-10)
    append the order to the log (seq = revision + 1), its events, a snapshot every N orders
    store state' on the game; replace the game's due rows (bots, deadlines) from pending()
    signals.changed (the mail app's outbox rows, in this same transaction)
    commit; then tell live pages "game G is at revision R"

Everything a crash could split lives in that transaction. Nothing here knows a particular
game: the rules come from the registry by the game's ``kind``.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import OuterRef, Prefetch, Subquery
from django.utils import timezone

from ...games import registry
from ...games.contract import AlreadyDone, Event, GameRules, IllegalOrder
from ..errors import Refusal
from . import hooks, live, signals
from .models import EventRecord, Game, LogEntry, Seat, Snapshot, Tenure


class NotYourSeat(Refusal):
    status, code = 403, "not_your_seat"


class GameNotFound(Refusal):
    status, code = 404, "no_such_game"


class GameOver(Refusal):
    status, code = 409, "game_over"


class NotStarted(Refusal):
    status, code = 409, "not_started"


class Stale(Refusal):
    """The client decided on an older revision of the game than the current one."""

    status, code = 409, "stale_revision"

    def __init__(self, current: int) -> None:
        super().__init__(f"the game has changed since you looked: it is at revision {current}; "
                         "look again and resubmit if your order still stands")
        self.current = current

    def body(self) -> dict[str, Any]:
        return {**super().body(), "revision": self.current}


@dataclass
class Outcome:
    """What an accepted order did: the game's new revision and the events it caused."""

    game_id: int
    revision: int
    events: list[dict[str, Any]] = field(default_factory=list)
    replayed: bool = False  # True: a retried request, answered with the first result


def rules_of(game: Game) -> GameRules:
    return registry.get(game.kind)


# ---- creation and start ------------------------------------------------------------------
def new_seed() -> str:
    """A fresh secret seed (128 bits); its SHA-256 is published at creation."""
    return secrets.token_hex(16)


@transaction.atomic
def create_game(kind: str, options: Any, *, name: str, creator=None, time_limit: int | None = None,
                seed: str | None = None) -> Game:
    """A new open game: options checked by the game's rules (IllegalOrder if wrong), the seed
    drawn and committed (its hash public), every seat open."""
    rules = registry.get(kind)
    opts = rules.parse_options(options)
    players = int(opts.get("players", rules.min_players))
    seed = seed or new_seed()
    game = Game.objects.create(kind=kind, name=name, creator=creator, options=opts, players=players,
                               time_limit=time_limit, seed=seed, seed_sha256=Game.hash_seed(seed))
    Seat.objects.bulk_create([Seat(game=game, index=i) for i in range(players)])
    return game


def start_game(game: Game) -> None:
    """Deal the game (the rules' new game from the options and the committed seed) once every
    seat is taken. Call inside a transaction holding the game's lock."""
    rules = rules_of(game)
    state = rules.new_game(dict(game.options), game.seed)
    game.state = rules.dumps(state)
    game.status = Game.Status.ACTIVE
    game.started_at = timezone.now()
    game.stage = rules.stage(state)
    game.save(update_fields=["state", "status", "started_at", "stage", "updated_at"])
    Snapshot.objects.create(game=game, seq=0, state=game.state)
    EventRecord.objects.create(game=game, seq=0, n=0, kind="start", text="The game begins.")
    _after_change(game, rules, None, state, [])


# ---- the one path --------------------------------------------------------------------------
def lock(game_id: int, *, skip_locked: bool = False, seats: bool = False,
         replay: tuple[Any, str] | None = None) -> Game | None:
    """The game's row, locked for this transaction (None if ``skip_locked`` and another
    transaction holds it). On SQLite the IMMEDIATE transaction already holds the lock.

    ``seats``: its seats (with their users and profiles) read with it and kept for the
    transaction (:meth:`.models.Game.keep_seats`), the one read of them an order makes, and
    what the other apps read with the row (:func:`.hooks.read_with_lock`).
    ``replay``: (account, client key): the revision of the order that account already gave
    with that key, if any, read in the same statement (``game.replay_seq``, None if none)."""
    qs = Game.objects.select_for_update(skip_locked=skip_locked).filter(pk=game_id)
    if seats:
        qs = qs.prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user__profile")
                                          .order_by("index"))).annotate(**hooks.lock_reads())
    if replay is not None:
        account, key = replay
        first = LogEntry.objects.filter(game=OuterRef("pk"), client_key=key)
        first = first.filter(account=account) if account is not None else first.filter(account__isnull=True)
        qs = qs.annotate(replay_seq=Subquery(first.values("seq")[:1]))
    game = qs.first()
    if game is None and not skip_locked:
        raise GameNotFound(f"there is no game {game_id}")
    if game is not None and seats:
        game.keep_seats(list(game.seats.all()))
    return game


#: ``submit(..., seat=OWN)``: the seat the account plays in the game, found among the seats
#: read with the game's lock (no look-up of its own)
OWN = object()


def submit(game_id: int, order: Any, *, seat: int | None | object, account=None, by_site: bool = False,
           reason: str = "", client_key: str | None = None, revision: int | None = None,
           notes: list[Event] | tuple[Event, ...] = ()) -> Outcome:
    """Apply one order to a game in one transaction, or refuse it changing nothing.

    ``seat``: who gives it (checked by the caller to be the account's seat; None only for a
    site order that concerns no seat); :data:`OWN`: the seat ``account`` plays in the game
    (NotYourSeat if none, or if the order names another). ``by_site``: the site gives it (timeouts, the
    clock, bots' defaults, standing orders). ``reason``: why the platform gives it, kept in
    the log; a bot's order (:data:`BOT_REASONS`) reads as its seat's own in the history, the
    seat's name followed by "(bot)" (SITE-BOT-03). ``client_key``: a retried request with the same
    key is answered with the first result. ``revision``: the revision the client saw; an
    older one raises :class:`Stale`. ``notes``: the platform's own events about this order
    ("Egypt's standing order was applied"), recorded before the game's. Raises IllegalOrder
    (the rules refuse), AlreadyDone (an IllegalOrder: the order would change nothing, so
    nothing is logged; SITE-SAFE-10), Refusal (the site refuses it: not his seat, a stale
    revision, the game not started or over).

    Its statements (SITE-SAFE-01's "nothing lost", issue 28's lean path): the game's row with
    its seats and the client key's first answer (two reads), the log entry, its events, the
    game's row, the clock's due rows; no savepoint of its own: a client key racing in through
    another connection fails the log entry's unique constraint, the whole transaction rolls
    back, and the first answer is given."""
    if not isinstance(order, dict):
        raise IllegalOrder("", "an order must be a JSON object")
    replay = (account, client_key) if client_key is not None else None
    try:
        with transaction.atomic():
            game = lock(game_id, seats=True, replay=replay)
            try:
                if seat is OWN:
                    seat = _own_seat(game, account, order)
                return _submit_locked(game, order, seat=seat, account=account, by_site=by_site,
                                      reason=reason, client_key=client_key, revision=revision, notes=notes)
            except (IllegalOrder, Stale, GameOver) as e:
                first = _first_answer(game, account, client_key, seat) if replay else None
                if first is None:
                    raise
                return first  # the first request's answer raced in on PostgreSQL (docstring)
            finally:
                game.forget_seats()
    except IntegrityError:
        first = _first_answer(Game(pk=game_id), account, client_key, None if seat is OWN else seat) if replay else None
        if first is None:
            raise
        return first


def _own_seat(game: Game, account, order: dict) -> int:
    """The seat ``account`` plays in ``game`` (among its kept seats), which the order must not
    name otherwise."""
    seat = seat_among(game.seats_now(), account)
    if seat is None:
        raise NotYourSeat("you have no seat in this game")
    given = order.get("player", seat)
    if given != seat or isinstance(given, bool):
        raise NotYourSeat(f"you play seat {seat}; you cannot give orders for seat {given!r}"[:200])
    return seat


def _first_answer(game: Game, account, client_key: str | None, seat) -> Outcome | None:
    """The answer to the order ``account`` already gave with ``client_key``, if any."""
    first = LogEntry.objects.filter(game_id=game.pk, account=account, client_key=client_key).first()
    if first is None:
        return None
    if not isinstance(seat, int):
        seat = first.seat
    return Outcome(game.pk, first.seq, _events_for(game, first.seq, seat), replayed=True)


def _submit_locked(game: Game, order: dict, *, seat: int | None, account, by_site: bool, reason: str,
                   client_key: str | None, revision: int | None, notes) -> Outcome:
    """:func:`submit` once the game's row is locked, its seats kept."""
    if getattr(game, "replay_seq", None) is not None:
        return Outcome(game.pk, game.replay_seq, _events_for(game, game.replay_seq, seat), replayed=True)
    if game.status == Game.Status.FINISHED:
        raise GameOver("the game is over")
    if game.status != Game.Status.ACTIVE:
        raise NotStarted("the game has not started: it waits for its players")
    if revision is not None and revision != game.revision:
        raise Stale(game.revision)
    rules = rules_of(game)
    if seat is not None:
        order = {**order, "player": seat}
    state = rules.loads(game.state)
    new, events = rules.apply(state, order, by_site=by_site)  # IllegalOrder: nothing written
    text = rules.dumps(new)
    if not events and text == game.state:
        # SITE-SAFE-10: accepted, but it leaves the game as it was and says nothing: a repeat
        # ("Done" twice). Not logged, no new revision; no deadline, mail or live page moves.
        raise AlreadyDone()
    seq = game.revision + 1
    stage = rules.stage(new)
    LogEntry.objects.create(game=game, seq=seq, seat=seat, by_site=by_site, account=account, order=order,
                            reason=reason[:40], stage=stage[:120], client_key=client_key)
    if reason in BOT_REASONS and seat is not None:
        events = as_bots(rules, (state, new), seat, events)
    events = list(notes) + list(events)
    _record_events(game, seq, events)
    seats = game.seats_now()
    if account is not None and seat is not None and not by_site and any(
            s.index == seat and s.user_id == account.pk and s.missed_in_a_row for s in seats):
        # his own order: the run of missed deadlines is over (SITE-REMOVE-01)
        Seat.objects.filter(game=game, index=seat, user=account, missed_in_a_row__gt=0).update(missed_in_a_row=0)
    game.revision = seq
    game.state = text
    game.stage = stage
    fields = ["revision", "state", "stage", "updated_at"]
    if rules.finished(new):
        game.status = Game.Status.FINISHED
        game.finished_at = timezone.now()
        fields += ["status", "finished_at"]
        Tenure.objects.filter(game=game, ended_at__isnull=True).update(
            ended_at=game.finished_at, ended=Tenure.End.FINISHED)
    game.save(update_fields=fields)
    if seq % settings.SNAPSHOT_EVERY == 0:
        Snapshot.objects.create(game=game, seq=seq, state=game.state)
    _after_change(game, rules, state, new, events)
    visible = [e.to_json() for e in events if e.visible_to(seat)] if seat is not None else \
        [e.to_json() for e in events if e.to is None]
    return Outcome(game.pk, seq, visible)


#: the reasons of a bot's orders (``clock.worker``): its own order, and its default after the
#: rules refused its order
BOT_REASONS = ("bot", "bot default")


def as_bots(rules: GameRules, states: tuple[Any, ...], seat: int, events: list[Event]) -> list[Event]:
    """The events of a bot's order as its own (SITE-BOT-03): an event that begins with its
    seat's name (the name ``rules.summary`` gives in any of ``states``, or "Seat 2" before it
    has one) reads "<name> (bot) ...": "Illyria (bot) takes the default: ...", "Archer (bot)
    places a red tile ...". The game's words are otherwise kept as they are."""
    names = {f"Seat {seat + 1}"}
    for st in states:
        names.update(r.name for r in rules.summary(st) if r.seat == seat and r.name)
    longest = sorted(names, key=len, reverse=True)
    out = []
    for e in events:
        for name in longest:
            rest = e.text[len(name):]
            if e.text.startswith(name) and rest[:1] in (" ", "'", ":", ",") and not rest.startswith(" (bot)"):
                e = Event(f"{name} (bot){rest}", e.kind, e.to, e.data)
                break
        out.append(e)
    return out


def _record_events(game: Game, seq: int, events: list[Event]) -> None:
    EventRecord.objects.bulk_create([
        EventRecord(game=game, seq=seq, n=i, text=e.text[:5000], kind=e.kind[:40],
                    to=list(e.to) if e.to is not None else None, data=e.data)
        for i, e in enumerate(events)])


def _events_for(game: Game, seq: int, seat: int | None) -> list[dict[str, Any]]:
    out = []
    for r in EventRecord.objects.filter(game=game, seq=seq):
        if r.visible_to(seat):
            d: dict[str, Any] = {"text": r.text, "kind": r.kind}
            if r.to is not None:
                d["to"] = r.to
            if r.data:
                d["data"] = r.data
            out.append(d)
    return out


def _after_change(game: Game, rules: GameRules, before: Any, after: Any, events: list[Event]) -> None:
    """Inside the order's transaction: replace the game's due rows (the clock's, through
    :mod:`.hooks`), tell the receivers of :data:`.signals.changed` (mails); tell the live
    pages of every process, at commit (PostgreSQL: a NOTIFY in this transaction; :mod:`.live`)."""
    due = hooks.clock().reschedule(game, rules, after)
    signals.send_changed(game=game, rules=rules, before=before, after=after, events=events, due=due)
    live.changed(game.pk, game.revision)


def reschedule(game: Game, now=None) -> list:
    """Bring the game's due rows up to date from its stored state after a change that is not
    an order (a seat taken or opened, a pause): the clock's, through :mod:`.hooks`. Call inside
    a transaction holding the game's lock; gives the rows now stored."""
    if not game.state:
        return []
    return hooks.clock().reschedule(game, rules_of(game), current_state(game), now)


# ---- reading ------------------------------------------------------------------------------------
def current_state(game: Game) -> Any:
    """The latest state (never a replay)."""
    return rules_of(game).loads(game.state)


def rebuild(game: Game, upto: int | None = None, *, from_snapshot: bool = True) -> Any:
    """The state after order ``upto`` (default: all), rebuilt from the log: from the nearest
    snapshot, or from the options and the seed alone (``from_snapshot=False``)."""
    rules = rules_of(game)
    upto = game.revision if upto is None else upto
    snap = None
    if from_snapshot:
        snap = game.snapshots.filter(seq__lte=upto).order_by("-seq").first()
    if snap is not None:
        state, start = rules.loads(snap.state), snap.seq
    else:
        state, start = rules.new_game(dict(game.options), game.seed), 0
    for entry in game.log.filter(seq__gt=start, seq__lte=upto).order_by("seq").iterator():
        try:
            state, _ = rules.apply(state, entry.order, by_site=True)  # the log holds accepted orders
        except AlreadyDone:  # a repeat logged before SITE-SAFE-10: it changed nothing but counters
            continue
    return state


def seat_of(game: Game, user) -> int | None:
    """The seat ``user`` plays in ``game``, or None."""
    return seat_in(game.pk, user)


def seat_in(game_id: int, user) -> int | None:
    """The seat ``user`` plays in the game ``game_id``, or None (no such game, no such seat)."""
    if user is None or not user.is_authenticated:
        return None
    return Seat.objects.filter(game_id=game_id, user=user, status=Seat.Status.PLAYING).values_list(
        "index", flat=True).first()


def seat_among(seats: list[Seat], user) -> int | None:
    """The seat ``user`` plays among a game's ``seats`` (:meth:`.models.Game.seats_now`), or None."""
    if user is None or not user.is_authenticated:
        return None
    return next((s.index for s in seats if s.user_id == user.pk and s.status == Seat.Status.PLAYING), None)
