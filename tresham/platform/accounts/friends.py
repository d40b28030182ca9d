"""The friends list (SITE-ACCT-04): mutual friendship, a request the other accepts.

Friends are seated automatically in a creator's new games (SITE-CREATE-14) and a quitter may
name one as his replacement (SITE-QUIT-02); mutual consent keeps strangers from pulling
anyone into a game. :func:`are_friends` and :func:`friends_of` are what that code asks.

One row per pair (:class:`Friendship`): a pending request, a friendship, or a declined request
(which keeps its sender from asking again; the one who declined may still ask him).
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from .errors import AccountError
from .models import Friendship

User = get_user_model()

#: At most this many requests of one user may wait for an answer.
MAX_PENDING_SENT = 30


def _pair(a, b) -> tuple[int, int]:
    return (a.pk, b.pk) if a.pk < b.pk else (b.pk, a.pk)


def _row(a, b, *, lock: bool = False) -> Friendship | None:
    lo, hi = _pair(a, b)
    qs = Friendship.objects.filter(user_a_id=lo, user_b_id=hi)
    return (qs.select_for_update() if lock else qs).first()


def are_friends(a, b) -> bool:
    """Whether ``a`` and ``b`` are friends (both agreed)."""
    if a is None or b is None or a.pk == b.pk:
        return False
    lo, hi = _pair(a, b)
    return Friendship.objects.filter(user_a_id=lo, user_b_id=hi, status=Friendship.Status.ACCEPTED).exists()


def friends_of(user) -> QuerySet:
    """The users who are ``user``'s friends."""
    rows = Friendship.objects.filter(status=Friendship.Status.ACCEPTED)
    return User.objects.filter(Q(pk__in=rows.filter(user_a=user).values("user_b"))
                               | Q(pk__in=rows.filter(user_b=user).values("user_a"))).order_by("pk")


def incoming(user) -> QuerySet:
    """Requests others sent ``user`` that wait for his answer."""
    return (Friendship.objects.filter(Q(user_a=user) | Q(user_b=user), status=Friendship.Status.PENDING)
            .exclude(requested_by=user).select_related("requested_by__profile").order_by("created_at"))


def outgoing(user) -> QuerySet:
    """Requests ``user`` sent that wait for an answer."""
    return (Friendship.objects.filter(requested_by=user, status=Friendship.Status.PENDING)
            .select_related("user_a__profile", "user_b__profile").order_by("created_at"))


def send_request(sender, to) -> Friendship:
    """``sender`` asks ``to`` to be friends. When ``to`` had already asked ``sender``, this
    accepts his request."""
    if to is None or not to.is_active:
        raise AccountError("no_such_user", "there is no such player", 404)
    if to.pk == sender.pk:
        raise AccountError("not_yourself", "you cannot befriend yourself")
    with transaction.atomic():
        row = _row(sender, to, lock=True)
        if row is None:
            if Friendship.objects.filter(requested_by=sender, status=Friendship.Status.PENDING).count() \
                    >= MAX_PENDING_SENT:
                raise AccountError("too_many_requests", f"{MAX_PENDING_SENT} of your requests wait for an "
                                   "answer already", 429)
            lo, hi = _pair(sender, to)
            try:
                with transaction.atomic():
                    return Friendship.objects.create(user_a_id=lo, user_b_id=hi, requested_by=sender)
            except IntegrityError:  # the other asked at the same moment
                row = _row(sender, to, lock=True)
        if row.status == Friendship.Status.ACCEPTED:
            raise AccountError("already_friends", "you are friends already", 409)
        if row.requested_by_id == sender.pk:
            if row.status == Friendship.Status.DECLINED:
                raise AccountError("declined", "this player declined your request", 409)
            raise AccountError("already_requested", "your request waits for an answer", 409)
        # the other had asked (or had been declined by the sender, who now asks himself)
        if row.status == Friendship.Status.PENDING:
            row.status, row.answered_at = Friendship.Status.ACCEPTED, timezone.now()
        else:
            row.status, row.requested_by, row.created_at, row.answered_at = (
                Friendship.Status.PENDING, sender, timezone.now(), None)
        row.save()
        return row


def _pending_for(user, other) -> Friendship:
    row = _row(user, other, lock=True) if other is not None else None
    if row is None or row.status != Friendship.Status.PENDING or row.requested_by_id == user.pk:
        raise AccountError("no_request", "this player has no request waiting for your answer", 404)
    return row


def accept(user, other) -> Friendship:
    """``user`` accepts ``other``'s request: they are friends."""
    with transaction.atomic():
        row = _pending_for(user, other)
        row.status, row.answered_at = Friendship.Status.ACCEPTED, timezone.now()
        row.save(update_fields=["status", "answered_at"])
        return row


def decline(user, other) -> Friendship:
    """``user`` declines ``other``'s request; ``other`` cannot ask again (``user`` can)."""
    with transaction.atomic():
        row = _pending_for(user, other)
        row.status, row.answered_at = Friendship.Status.DECLINED, timezone.now()
        row.save(update_fields=["status", "answered_at"])
        return row


def remove(user, other) -> None:
    """End a friendship, or withdraw one's own waiting request; afterwards either may ask."""
    with transaction.atomic():
        row = _row(user, other, lock=True) if other is not None and other.pk != user.pk else None
        if row is None or not (row.status == Friendship.Status.ACCEPTED
                               or (row.status == Friendship.Status.PENDING and row.requested_by_id == user.pk)):
            raise AccountError("not_friends", "you are not friends with this player and have no request "
                               "waiting for him", 404)
        row.delete()
