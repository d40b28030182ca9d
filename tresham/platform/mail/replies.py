"""Orders by replying to a mail (SITE-MAILIN-01, -02): the reply address of a "your turn" mail,
its secret, and what a reply's commands do.

**The address.** When the sender sends a mail about decisions (a "your turn" mail, a
reminder, the answer to a reply while a decision is still owed), and ``TRESHAM_MAILIN_DOMAIN``
is set, it draws a fresh secret of 128 bits and sets ``Reply-To: reply+<secret>@<domain>``
(:func:`outgoing`); the mail lists the commands the decision takes now (the game's
``Offers.mail_commands.help``, and the site's ``default`` and ``standing``). Only the
secret's SHA-256 is stored (:class:`.models.ReplyToken`), bound to the game, the seat, its
holder and the clock's keys of the decisions (``clock.schedule.decision_key``).

**A reply** (:func:`carry_out`): the secret found, its holder still in the seat, one of its
decisions still owed, never used before -- else nothing changes and one line says why (an
unknown secret: :func:`unknown`). The secret is marked used before anything else (single use:
a replayed or duplicated mail finds it used). Its commands are then given in order, each its
own order through the one order path (``play.services.submit``, its client key made from the
secret's row and the line, so a command is never applied twice), each answered in one line:
what was applied (the first event it caused that the player may read) or why not. The first
refused command stops the rest ("not tried"), and so does the decision closing (an order
for the next decision is the next mail's). The answer goes to the account's own address,
never to the address the reply came from, and carries a new reply address while one of the
decisions is still owed.

The site's commands, before the game's: ``default`` gives now what the deadline would give
(the player's standing order for the decision if it applies, else the game's default);
``standing KIND [SPEC|off]`` sets (a JSON spec, or none: its defaults) or removes his standing
order for KIND decisions, as the standing-orders page does.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import secrets
from dataclasses import dataclass, field

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from ...games import registry
from ...games.contract import Event, IllegalOrder
from ..clock import standing as standing_orders
from ..clock.models import StandingOrder
from ..errors import Refusal
from ..play import services
from ..play.models import Game, Seat
from . import attention, outbox
from .models import Outbox, ReplyToken

#: The local part of a reply address: ``reply+`` and the secret, 32 hex digits.
ADDRESS = re.compile(r"^reply\+([0-9a-f]{32})@([a-z0-9.-]+)$", re.I)
#: The kinds of mail whose ``decisions`` a reply may give.
ANSWERABLE = ("turn", "reminder")
#: The longest command line read.
MAX_LINE = 300


def digest_of(secret: str) -> str:
    return hashlib.sha256(secret.lower().encode()).hexdigest()


def address_of(secret: str) -> str:
    return f"reply+{secret}@{settings.TRESHAM_MAILIN_DOMAIN}"


def secret_in(address: str) -> str | None:
    """The secret of a reply address of this site's domain, or None (another address)."""
    m = ADDRESS.match(address.strip().strip("<>"))
    if m is None or not settings.TRESHAM_MAILIN_DOMAIN or m.group(2).lower() != settings.TRESHAM_MAILIN_DOMAIN:
        return None
    return m.group(1).lower()


def new_token(game_id: int, seat: int, user_id: int, decisions: list[str], mail: Outbox | None = None) -> str:
    """A fresh secret bound to (game, seat, holder, decisions); only its digest is stored."""
    secret = secrets.token_hex(16)
    ReplyToken.objects.create(digest=digest_of(secret), game_id=game_id, seat=seat, user_id=user_id,
                              decisions=list(decisions), mail=mail)
    return secret


# ---- the mails sent -------------------------------------------------------------------------------
def _binding(row: Outbox) -> list[list]:
    if row.reply_for:
        return list(row.reply_for)
    return list(row.decisions or []) if row.kind in ANSWERABLE else []


def outgoing(row: Outbox) -> tuple[str, str]:
    """(the Reply-To address, the lines that tell how to reply) of ``row`` as it is sent now;
    ("", "") for a mail no reply can answer: no mail-in domain, no decision, none still owed
    by its recipient, a game without mail commands. Draws and stores a new secret."""
    if not settings.TRESHAM_MAILIN_DOMAIN or row.game_id is None or row.user_id is None:
        return "", ""
    binding = _binding(row)
    if not binding:
        return "", ""
    seat = int(binding[0][0])
    keys = [k for s, k in binding if int(s) == seat]
    game = Game.objects.filter(pk=row.game_id).first()
    if game is None or game.status != Game.Status.ACTIVE or not game.state:
        return "", ""
    if not Seat.objects.filter(game=game, index=seat, user_id=row.user_id, status=Seat.Status.PLAYING).exists():
        return "", ""
    rules = registry.get(game.kind)
    if rules.offers.mail_commands is None:
        return "", ""
    state = rules.loads(game.state)
    owed = {key for key, s, _ in attention.owed(rules, state, seat)}
    if not owed & set(keys):
        return "", ""
    secret = new_token(game.pk, seat, row.user_id, keys, mail=row)
    return address_of(secret), how_to_reply(rules, state, seat)


def how_to_reply(rules, state, seat: int) -> str:
    """The lines under a mail that may be answered: how, and the commands open now."""
    lines = list(rules.offers.mail_commands.help(state, seat))
    defaults = [d.default for d in rules.pending(state) if d.player == seat and d.required and d.default]
    lines.append("default: what your deadline would give now (your standing order, else the site's default"
                 + (f": {defaults[0]}" if defaults else "") + ")")
    if rules.offers.standing is not None:
        lines.append("standing KIND [SPEC|off]: set or remove your standing order for KIND decisions "
                     "(as on the game's Standing orders page)")
    return ("To give your orders by e-mail, reply to this mail with one command a line at the top of your "
            "reply (quoted text and your signature are not read). The commands open to you now:\n"
            + "\n".join(f"  {line}" for line in lines)
            + "\nThe reply address is yours alone and works once; each answer brings a new one.")


# ---- a reply --------------------------------------------------------------------------------------
@dataclass
class Answer:
    """What a reply did: ``lines`` for the answer mail (one per command, or the one line why
    nothing changed); ``applied``: how many orders went through."""

    lines: list[str]
    applied: int = 0
    rows: list[Outbox] = field(default_factory=list)


def why_dead(tok: ReplyToken) -> str:
    """Why the secret's decisions can no longer be given by it ("" if one still can)."""
    game = Game.objects.filter(pk=tok.game_id).first()
    if game is None or game.status != Game.Status.ACTIVE or not game.state:
        return "the game is no longer being played"
    if not Seat.objects.filter(game=game, index=tok.seat, user_id=tok.user_id, status=Seat.Status.PLAYING).exists():
        return "you no longer hold the seat this mail was about"
    rules = registry.get(game.kind)
    owed = {key for key, _, _ in attention.owed(rules, rules.loads(game.state), tok.seat)}
    if not owed & set(tok.decisions):
        return "the decision this mail asked for is closed (given, or its deadline passed)"
    return ""


def carry_out(secret: str, commands: list[str], *, subject: str = "", now: dt.datetime | None = None) -> Answer:
    """A reply to the address of ``secret`` whose first lines are ``commands``: the module's
    text. Gives the answer, already in the outbox (to the account's address)."""
    now = now or timezone.now()
    tok = ReplyToken.objects.select_related("user", "game").filter(digest=digest_of(secret)).first()
    if tok is None:
        return Answer(["This is no reply address of the site's (or it was made up): nothing was changed."])
    if not commands:
        line = "Your reply has no command on its first lines: nothing was changed."
        return _answer(tok, [line], f"mailin:{tok.pk}:empty", now)
    with transaction.atomic():
        fresh = ReplyToken.objects.filter(pk=tok.pk, used_at__isnull=True).update(used_at=now)
    if not fresh:
        return _answer(tok, ["This reply address was used already (each works once): nothing was changed."],
                       f"mailin:{tok.pk}:again", now)
    why = why_dead(tok)
    if why:
        return _answer(tok, [f"{why[0].upper()}{why[1:]}: nothing was changed."], f"mailin:{tok.pk}:stale", now)
    lines, applied, stop = [], 0, ""
    for n, line in enumerate(commands[:settings.TRESHAM_MAILIN_MAX_COMMANDS]):
        line = line[:MAX_LINE]
        if not stop:
            closed = why_dead(tok) if n else ""
            if closed:
                stop = f"not tried: {closed}"
        if stop:
            lines.append(f"{line}: {stop}")
            continue
        ok, text = _one(tok, n, line)
        applied += ok
        lines.append(f"{line}: {text}")
        if not ok:
            stop = "not tried: an earlier command was refused"
    for line in commands[settings.TRESHAM_MAILIN_MAX_COMMANDS:]:
        lines.append(f"{line[:MAX_LINE]}: not read (at most {settings.TRESHAM_MAILIN_MAX_COMMANDS} commands a reply)")
    return _answer(tok, lines, f"mailin:{tok.pk}", now, applied=applied, subject=subject)


def _one(tok: ReplyToken, n: int, line: str) -> tuple[bool, str]:
    """Give one command: (applied?, its answer's words)."""
    game = Game.objects.get(pk=tok.game_id)
    rules = registry.get(game.kind)
    state = rules.loads(game.state)
    word, _, rest = line.strip().partition(" ")
    word = word.lower()
    key = f"mail:{tok.pk}:{n}"
    try:
        if word == "standing":
            return True, _standing(game, rules, tok, rest.strip())
        if word == "default":
            order, by_site, reason = _default(game, rules, state, tok), True, "mail default"
        else:
            order = rules.offers.mail_commands.order(state, tok.seat, line)
            by_site, reason = False, "mail"
            if order is None:
                return False, "refused: no such command (the commands open to you are listed in the mail)"
        outcome = services.submit(game.pk, order, seat=tok.seat, account=tok.user, by_site=by_site, reason=reason,
                                  client_key=key)
    except IllegalOrder as e:
        return False, f"refused: {e.message}"
    except Refusal as e:
        return False, f"refused: {e.message}"
    said = next((e["text"] for e in outcome.events if e.get("text")), "")
    return True, "applied." + (f" {' '.join(said.split())[:240]}" if said else "")


def _default(game: Game, rules, state, tok: ReplyToken) -> dict:
    """What the deadline of the secret's decision would give now: his standing order for it
    if it gives an order now, else the game's default."""
    kinds = [kind for key, _, kind in attention.owed(rules, state, tok.seat) if key in tok.decisions]
    held = StandingOrder.objects.filter(game=game, seat=tok.seat, user=tok.user, kind__in=kinds).first()
    if held is not None and rules.offers.standing is not None:
        try:
            order = rules.offers.standing.order(state, tok.seat, held.kind, held.spec)
        except IllegalOrder:
            order = None
        if order is not None:
            return order
    return rules.default(state, tok.seat)


def _standing(game: Game, rules, tok: ReplyToken, rest: str) -> str:
    """``standing KIND [SPEC|off]``: store or remove a standing order; raises Refusal."""
    kind, _, spec_text = rest.partition(" ")
    spec_text = spec_text.strip()
    if not kind:
        raise IllegalOrder("", "name the kind of decision: standing KIND [SPEC|off]")
    if spec_text.lower() in ("off", "none", "remove"):
        had = standing_orders.clear_order(game.pk, tok.user, kind)
        return "applied. Your standing order was removed." if had else "applied. You had no standing order for it."
    try:
        spec = json.loads(spec_text) if spec_text else {}
    except ValueError:
        raise IllegalOrder("", "a standing order's spec is JSON, as the Standing orders page shows it") from None
    standing_orders.set_order(game.pk, tok.user, kind, spec)
    return (f"applied. Your standing order for {standing_orders.title_of(rules, kind)} is set: it applies when "
            "your deadline passes.")


def _answer(tok: ReplyToken, lines: list[str], key: str, now: dt.datetime, *, applied: int = 0,
            subject: str = "") -> Answer:
    """The answer mail to the secret's holder (his account's address), carrying a new reply
    address while one of its decisions is owed (the sender draws it: ``reply_for``)."""
    game = tok.game
    head = f"Your reply about {game.name}" + (f" ({subject[:80]})" if subject else "") + ":"
    body = outbox.tidy(head + "\n\n" + "\n".join(lines) + f"\n\nThe game: {_link(game)}\n")
    with transaction.atomic():
        row = outbox.enqueue(tok.user, "mailin", f"Your orders by mail: {game.name}", body, key[:200],
                             address=tok.user.email, game=game, now=now,
                             reply_for=[[tok.seat, k] for k in tok.decisions])
    return Answer(lines, applied, [row])


def _link(game: Game) -> str:
    return settings.SITE_URL.rstrip("/") + f"/games/{game.pk}/"


def unknown(address: str, why: str, now: dt.datetime | None = None) -> Outbox | None:
    """The one-line answer to a mail to no known reply address, sent to ``address`` (where it
    came from): at most one an hour to an address and ``TRESHAM_MAILIN_UNKNOWN_PER_HOUR`` an
    hour in all, so a forged sender cannot make the site mail a stranger again and again."""
    now = now or timezone.now()
    address = address.strip().strip("<>")
    if not address or "@" not in address:
        return None
    hour = now.strftime("%Y%m%d%H")
    key = f"mailin:unknown:{hashlib.sha256(address.lower().encode()).hexdigest()[:24]}:{hour}"
    since = now - dt.timedelta(hours=1)
    if Outbox.objects.filter(kind="mailin", key__startswith="mailin:unknown:", created_at__gte=since).count() >= \
            settings.TRESHAM_MAILIN_UNKNOWN_PER_HOUR:
        return None
    return outbox.enqueue(None, "mailin", "Your mail to the site: nothing was changed", f"{why}\n", key,
                          address=address, now=now)
