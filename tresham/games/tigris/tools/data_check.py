"""The board data's own check (TE-BASE-11, TE-BASE-14..16, TE-ADVB-04): what ``data/board.json``
must satisfy on both sides, as a list of problems in words, each naming the file and the
list at fault ("board.json: base.rivers: 42 squares, want 41"), so that a mistyped copy is
reported by name rather than failing later in a rule.

The invariants: a 16 x 11 grid; the base side has 41 river squares in two orthogonally
connected runs of 12 and 29, 10 Shedu squares (a temple and a treasure at the start) and 4
special borders among them; the advanced side has 39 river squares in one run, 14 Shedu
squares and 6 special borders; on each side no Shedu square is a river square and every
special border is on a Shedu square (which is what catches the source's (8,10) for (9,10),
TE-Z-16). Plain data in, plain words out: nothing here is a rule.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

WIDTH, HEIGHT = 16, 11

#: per side: the JSON key of each list, its expected size, and the river runs' sizes
EXPECTED: dict[str, dict[str, Any]] = {
    "base": {"keys": {"rivers": 41, "temples_with_treasure": 10, "special_treasures": 4},
             "shedu": "temples_with_treasure", "runs": [12, 29]},
    "advanced": {"keys": {"rivers": 39, "shedu_temples": 14, "special_treasures": 6},
                 "shedu": "shedu_temples", "runs": [39]},
}

Square = tuple[int, int]


def _squares(where: str, items: Any, out: list[str]) -> list[Square]:
    """The entries of one list as squares; a malformed entry is a problem (and left out)."""
    if not isinstance(items, list):
        out.append(f"{where} is not a list")
        return []
    cells: list[Square] = []
    for it in items:
        if (not isinstance(it, list) or len(it) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in it)):
            out.append(f"{where}: bad entry {it!r} (want [column, row], two integers)")
            continue
        c, r = it
        if not (0 <= c < WIDTH and 0 <= r < HEIGHT):
            out.append(f"{where}: {it} is outside the {WIDTH} x {HEIGHT} grid")
            continue
        cells.append((c, r))
    dups = sorted({s for s in cells if cells.count(s) > 1})
    if dups:
        out.append(f"{where}: squares listed twice {[list(s) for s in dups]}")
    return cells


def runs(cells: set[Square]) -> list[int]:
    """The sizes of the orthogonally connected groups of ``cells`` (TE-BASE-13), ascending."""
    todo, sizes = set(cells), []
    while todo:
        stack, n = [min(todo)], 0
        todo.discard(stack[0])
        while stack:
            c, r = stack.pop()
            n += 1
            for nb in ((c, r - 1), (c - 1, r), (c + 1, r), (c, r + 1)):
                if nb in todo:
                    todo.discard(nb)
                    stack.append(nb)
        sizes.append(n)
    return sorted(sizes)


def problems(doc: Any, source: str = "board.json") -> list[str]:
    """Every way ``doc`` (the parsed ``board.json``) breaks the invariants above, each message
    starting with ``source``; [] when it holds them all."""
    out: list[str] = []
    if not isinstance(doc, dict):
        return [f"{source}: not a JSON object"]
    if doc.get("width") != WIDTH or doc.get("height") != HEIGHT:
        out.append(f"width x height is {doc.get('width')} x {doc.get('height')}, want {WIDTH} x {HEIGHT}")
    for side, exp in EXPECTED.items():
        data = doc.get(side)
        if not isinstance(data, dict):
            out.append(f"the side {side!r} is missing")
            continue
        keys = exp["keys"]
        missing, extra = sorted(set(keys) - set(data)), sorted(set(data) - set(keys))
        if missing:
            out.append(f"{side}: missing {', '.join(missing)}")
        if extra:
            out.append(f"{side}: unexpected {', '.join(extra)}")
        cells = {k: _squares(f"{side}.{k}", data.get(k, []), out) for k in keys}
        for k, want in keys.items():
            got = len(set(cells[k]))
            if k in data and got != want:
                out.append(f"{side}.{k}: {got} squares, want {want}")
        rivers, shedu = set(cells["rivers"]), set(cells[exp["shedu"]])
        special = set(cells["special_treasures"])
        wet = sorted(shedu & rivers)
        if wet:
            out.append(f"{side}: Shedu squares on a river {[list(s) for s in wet]}")
        stray = sorted(special - shedu)
        if stray:
            out.append(f"{side}: special borders not on a Shedu square {[list(s) for s in stray]}")
        got_runs = runs(rivers)
        if got_runs != sorted(exp["runs"]):
            out.append(f"{side}.rivers: runs of {got_runs} squares, want {sorted(exp['runs'])}")
    return [f"{source}: {m}" for m in out]


def check_file(path: Path | str) -> list[str]:
    """:func:`problems` of the file at ``path``, named by its file name (a file that is not
    JSON is one problem)."""
    path = Path(path)
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        return [f"{path.name}: cannot be read as JSON ({e})"]
    return problems(doc, path.name)
