"""Live pages: after a commit, "game G is at revision R" goes to whoever listens.

One process: an in-memory broadcast to the event-stream clients of that process. The message
carries no game data (clients then fetch their own view), so it cannot leak anything.
"""
from __future__ import annotations

import threading
from collections import defaultdict
from typing import Callable

_listeners: dict[int, list[Callable[[int, int], None]]] = defaultdict(list)
_lock = threading.Lock()


def subscribe(game_id: int, fn: Callable[[int, int], None]) -> Callable[[], None]:
    """Call ``fn(game_id, revision)`` after each change of the game; gives an unsubscribe."""
    with _lock:
        _listeners[game_id].append(fn)

    def cancel() -> None:
        with _lock:
            if fn in _listeners.get(game_id, []):
                _listeners[game_id].remove(fn)

    return cancel


def publish(game_id: int, revision: int) -> None:
    with _lock:
        fns = list(_listeners.get(game_id, ()))
    for fn in fns:
        try:
            fn(game_id, revision)
        except Exception:  # a listener's failure never reaches the order's caller
            pass
