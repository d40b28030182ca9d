"""The wing of Civilization: The Card Game keeps its layers, as Tigris & Euphrates' does
(``tests/games/tigris/test_layout.py``, whose scanner and checks this test uses): the pure
engine at the top of ``tresham/games/civcards/`` imports none of the bots (nor a site face,
tools or web app, once they exist) and nothing of Django or ``tresham.platform``; the bots
import only the engine; no import circle runs through the wing's modules."""
from __future__ import annotations

from pathlib import Path

from tests import import_scan as scan

WING = Path(__file__).resolve().parents[3] / "tresham" / "games" / "civcards"
ROOT = WING.parents[2]
PACKAGE = "tresham.games.civcards"
MAY_IMPORT = {"engine": set(), "bots": {"engine"}, "site": {"engine", "bots"},
              "tools": {"engine", "bots", "site"}, "web": {"engine", "bots", "site"}}
DJANGO = ("django", "tresham.platform")


def is_module(name: str) -> bool:
    base = ROOT.joinpath(*name.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def imports(path: Path) -> list[tuple[int, str]]:
    mod = scan.module_of(path, ROOT)
    package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
    return scan.imports(path, package, is_module=is_module)


def part_of(module: str) -> str | None:
    if module != PACKAGE and not module.startswith(PACKAGE + "."):
        return None
    first = module[len(PACKAGE) + 1:].split(".")[0]
    return {"bots": "bots", "site": "site", "tools": "tools", "web": "web"}.get(first, "engine")


def files() -> list[Path]:
    return sorted(WING.rglob("*.py"))


def test_the_wing_has_an_engine_and_bots():
    parts = {part_of(scan.module_of(f, ROOT)) for f in files()}
    assert {"engine", "bots"} <= parts


def test_each_part_imports_only_the_parts_below_it_and_nothing_of_the_site():
    out = []
    for f in files():
        me = part_of(scan.module_of(f, ROOT))
        for line, mod in imports(f):
            there = part_of(mod)
            if (there is not None and there != me and there not in MAY_IMPORT[me]) or \
                    (me != "web" and any(mod == d or mod.startswith(d + ".") for d in DJANGO)):
                out.append(f"{f.relative_to(ROOT)}:{line} ({me}) imports {mod}")
    assert out == []


def test_no_import_circle_runs_through_the_wing():
    graph = {scan.module_of(f, ROOT): set() for f in files()}
    for f in files():
        graph[scan.module_of(f, ROOT)] |= {m for _, m in imports(f) if m in graph}
    assert scan.circles(graph) == []


def test_the_deck_files_ship_with_the_package():
    text = (ROOT / "pyproject.toml").read_text()
    assert '"tresham.games.civcards" = ["decks/*.json"]' in text
