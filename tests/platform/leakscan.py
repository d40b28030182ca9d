"""The leak scanner: does a response body that one viewer received hold a secret of the game?

:func:`scan` takes the body (JSON text, an event stream whose ``data:`` lines are JSON, or any
other text such as a page) and :class:`Secrets` -- what this viewer may not know at the moment
the body was made, computed by the test's oracle from the true state in the database -- and
gives its :class:`Finding` s (none, for a body that leaks nothing). What it checks:

``seed``
    the game's secret seed (its exact text, in any case) anywhere in the body, while the game
    is not finished.
``stored-state``
    a JSON object with a key only the stored state has (``stacks``, ``set_aside``, ``rng``):
    the state itself, or part of it, was served.
``hand``
    a JSON object for another seat (``"seat": N``) that carries a ``hand``; or a JSON list of
    three or more strings equal, as a multiset, to another seat's current hand of three or more
    cards -- unless the viewer knows that list for itself (``Secrets.allowed``: its own hand,
    the lists in its own orders, what others stated to it, public statements).
``deck``
    a JSON list holding, in order, four consecutive cards of a stack (the deck order) that are
    not all the same card, unless the viewer knows that list for itself.
``lie``
    for each lie made to someone other than the viewer-liar (an offered or accepted side whose
    stated cards are not the real ones): (a) anywhere in the body, a list equal as a multiset to
    the real cards, unless the viewer knows that list; (b) in a JSON object that refers to that
    offer (its ``id`` in an ``offers_*`` list, ``"offer": id`` in an event or its data, or
    ``#id`` in an event's text) and is not the event that hands the cards over (kind
    ``trade_private``: the receiver holds them then), a hidden card -- one given but not stated
    -- in a list the viewer does not know, or its printed name in a text, unless that card is
    also stated or expected in the deal.

For text that is not JSON only the seed check and the JSON inside it (event-stream ``data:``
lines, ``<script type="application/json">`` blocks) are scanned; pages may add their own checks.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterator

STATE_KEYS = ("stacks", "set_aside", "rng")
DECK_RUN = 4
MIN_LIST = 3


@dataclass(frozen=True)
class Lie:
    """A side of a deal whose stated cards are not the real ones."""

    offer: int
    liar: int
    real: tuple[str, ...]
    stated: tuple[str, ...]
    named: frozenset[str] = frozenset()  # cards the deal names openly (stated or expected, both sides)

    @property
    def hidden(self) -> set[str]:
        """Cards given but not stated."""
        return set((Counter(self.real) - Counter(self.stated)).keys())


@dataclass
class Secrets:
    """What one viewer (a seat, or None for a spectator) may not see at one moment."""

    viewer: int | None
    other_hands: dict[int, list[str]]
    stacks: list[list[str]]
    seed: str | None  # None once the game is over (then it is public)
    lies: list[Lie] = field(default_factory=list)
    current_lies: list[Lie] = field(default_factory=list)  # of the trade phase going on: checked by reference
    allowed: set[tuple[str, ...]] = field(default_factory=set)  # sorted lists the viewer knows itself
    names: dict[str, str] = field(default_factory=dict)  # card id -> printed name


@dataclass(frozen=True)
class Finding:
    kind: str
    where: str
    detail: str

    def __str__(self) -> str:
        return f"{self.kind} at {self.where}: {self.detail}"


def scan(body: str | bytes | Any, secrets: Secrets) -> list[Finding]:
    """Every secret of ``secrets`` that ``body`` shows (see the module's docstring)."""
    if isinstance(body, bytes):
        body = body.decode("utf-8", "replace")
    findings: list[Finding] = []
    if isinstance(body, str):
        if secrets.seed and secrets.seed.lower() in body.lower():
            findings.append(Finding("seed", "$", "the secret seed is in the body"))
        docs = list(_json_parts(body))
    else:
        docs = [body]
        if secrets.seed and secrets.seed.lower() in json.dumps(body).lower():
            findings.append(Finding("seed", "$", "the secret seed is in the body"))
    for doc in docs:
        findings += _scan_json(doc, secrets)
    return findings


def _json_parts(text: str) -> Iterator[Any]:
    try:
        yield json.loads(text)
        return
    except ValueError:
        pass
    for line in text.splitlines():
        if line.startswith("data:"):
            try:
                yield json.loads(line[5:].strip())
            except ValueError:
                pass
    for m in re.finditer(r'<script[^>]*type="application/json"[^>]*>(.*?)</script>', text, re.S):
        try:
            yield json.loads(m.group(1))
        except ValueError:
            pass


def _walk(x: Any, path: str = "$", parent_key: str = "") -> Iterator[tuple[str, str, Any]]:
    yield path, parent_key, x
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _walk(v, f"{path}.{k}", str(k))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _walk(v, f"{path}[{i}]", parent_key)


def _str_list(x: Any) -> bool:
    return isinstance(x, list) and len(x) >= MIN_LIST and all(isinstance(v, str) for v in x)


def _contains_run(items: list[str], stack: list[str]) -> list[str] | None:
    for i in range(len(stack) - DECK_RUN + 1):
        run = stack[i:i + DECK_RUN]
        if len(set(run)) < 2:
            continue
        for j in range(len(items) - DECK_RUN + 1):
            if items[j:j + DECK_RUN] == run:
                return run
    return None


def _scan_json(doc: Any, s: Secrets) -> list[Finding]:
    out: list[Finding] = []
    hands = {seat: tuple(sorted(h)) for seat, h in s.other_hands.items() if len(h) >= MIN_LIST}
    lies = [lie for lie in s.lies if lie.liar != s.viewer]
    current = [lie for lie in s.current_lies if lie.liar != s.viewer]
    for path, parent, x in _walk(doc):
        if isinstance(x, dict):
            for k in STATE_KEYS:
                if k in x:
                    out.append(Finding("stored-state", path, f"key {k!r} of the stored state"))
            seat = x.get("seat")
            if "hand" in x and isinstance(seat, int) and not isinstance(seat, bool) and seat != s.viewer:
                out.append(Finding("hand", path, f"seat {seat}'s hand: {x['hand']!r}"[:300]))
            for lie in current:
                if _refers(x, parent, lie.offer):
                    out += _lie_in(x, path, lie, s)
        elif _str_list(x):
            key = tuple(sorted(x))
            if key in s.allowed:
                continue
            for seat, hand in hands.items():
                if key == hand:
                    out.append(Finding("hand", path, f"seat {seat}'s whole hand {list(hand)}"))
            for n, stack in enumerate(s.stacks):
                run = _contains_run(x, stack)
                if run:
                    out.append(Finding("deck", path, f"stack {n + 1} in order: {run}"))
            for lie in lies:
                if key == tuple(sorted(lie.real)):
                    out.append(Finding("lie", path, f"the real cards {list(lie.real)} of offer #{lie.offer}, "
                                                    f"stated as {list(lie.stated)}"))
    return out


def _refers(d: dict, parent: str, offer: int) -> bool:
    """Whether a JSON object is about this offer (and not the cards' handover)."""
    if d.get("kind") == "trade_private":
        return False
    data = d.get("data")
    if d.get("offer") == offer or (isinstance(data, dict) and data.get("offer") == offer):
        return True
    if d.get("id") == offer and parent.startswith("offers"):
        return True
    text = d.get("text")
    return isinstance(text, str) and re.search(rf"#{offer}\b", text) is not None


def _lie_in(d: dict, path: str, lie: Lie, s: Secrets) -> list[Finding]:
    out = []
    hidden = lie.hidden - lie.named
    for p, _, x in _walk(d, path):
        if isinstance(x, list) and all(isinstance(v, str) for v in x) and tuple(sorted(x)) not in s.allowed:
            shown = hidden & set(x)
            if shown:
                out.append(Finding("lie", p, f"offer #{lie.offer}: hidden card(s) {sorted(shown)} behind "
                                             f"the stated {list(lie.stated)}"))
        elif isinstance(x, str) and not p.endswith(".kind"):
            for card in hidden:
                name = s.names.get(card)
                if name and re.search(rf"\b{re.escape(name)}\b", x):
                    out.append(Finding("lie", p, f"offer #{lie.offer}: the hidden card {name} is named"))
    return out
