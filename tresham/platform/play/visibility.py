"""Who may see what of a game: the one answer every page and endpoint of a game asks before
it shows anything of it (SITE-SAFE-04, SITE-LIST-04, SITE-HIST-01).

- A player of the game (a seat he plays now) sees, at every stage, what his seat may see:
  his seat's view (``rules.view``), the public events and his seat's own, the table's
  messages.
- Anybody else (a visitor, a logged-in user without a seat) sees nothing of the game -- no
  view, standing, board, history event, public message or table message -- until its initial
  placement is over (``rules.placement_done``) or it is finished; then the spectator's view
  (seat None) and the public events.
- What only describes the game stays public at every stage, as the lobby's lists show it for
  every game: its name, options, seats and their people, status, stage line and revision,
  whom it waits on and the deadlines.

Which events a seat may see is the game's decision, taken when it emits them (``Event.to``:
None for everyone, else the seats told; e.g. who handed a card over is told to the two
seats concerned only, SITE-SAFE-05); :func:`sees_event` applies it, after
:func:`sees_game`. Pages, the JSON API, the board's pieces and the mails all ask here (the
mails go to players only, each rendered from his own seat); the live stream carries only the
revision number.
"""
from __future__ import annotations

from typing import Any

from ...games.contract import GameRules
from .models import EventRecord, Game
from .services import rules_of


def sees_game(game: Game, rules: GameRules, state: Any | None, seat: int | None) -> bool:
    """Whether the holder of ``seat`` (None: anyone without a seat in ``game``) may see
    anything of the game: its players always; the others once initial placement is over
    (``state`` past ``rules.placement_done``) or the game is finished (SITE-SAFE-04)."""
    if seat is not None:
        return True
    if game.is_finished:
        return True
    return state is not None and bool(rules.placement_done(state))


def sees_stored_game(game: Game, seat: int | None) -> bool:
    """:func:`sees_game` for the game's stored state, loaded only when the answer depends on
    it (a visitor's, while the game is played)."""
    rules = rules_of(game)
    if sees_game(game, rules, None, seat) or not game.state:
        return sees_game(game, rules, None, seat)
    return sees_game(game, rules, rules.loads(game.state), seat)


def sees_event(record: EventRecord, seat: int | None) -> bool:
    """Whether ``seat`` (None: a spectator) is among the audience the game gave the event:
    a public one (``to`` None) or one told to his seat. Ask :func:`sees_game` first."""
    return record.to is None or (seat is not None and seat in record.to)


def visible_event_ids(game: Game, seat: int | None, *, shown: bool) -> list[int]:
    """The ids of the events of ``game`` the holder of ``seat`` may see, oldest first: none
    unless ``shown`` (:func:`sees_game`), else the public ones and his seat's own."""
    if not shown:
        return []
    qs = EventRecord.objects.filter(game=game).order_by("seq", "n")
    if seat is None:
        return list(qs.filter(to__isnull=True).values_list("pk", flat=True))
    return [pk for pk, to in qs.values_list("pk", "to") if to is None or seat in to]
