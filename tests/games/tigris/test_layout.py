"""The wing of Tigris & Euphrates keeps its layers (issue 23, docs/tigris.md "Layout"): the pure
engine at the top of ``tresham/games/tigris/`` imports none of the bots, the site face
(``site/``), the tools (``tools/``) or a web app (``web/``), and nothing of Django or of
``tresham.platform``; the bots import only the engine, the site face the engine and the bots,
the tools any of those; no part of the wing imports Django or the platform but a web app; and
no import circle runs through the wing's modules. Every import is read from the code (AST),
inside functions too, relative ones resolved, ``importlib.import_module`` with a literal name
included."""
from __future__ import annotations

import sys
from pathlib import Path

from tests import import_scan as scan

WING = Path(__file__).resolve().parents[3] / "tresham" / "games" / "tigris"
ROOT = WING.parents[2]
PACKAGE = "tresham.games.tigris"
#: the wing's parts, each with the parts it may import (besides itself)
MAY_IMPORT = {"engine": set(), "bots": {"engine"}, "site": {"engine", "bots"},
              "tools": {"engine", "bots", "site"}, "web": {"engine", "bots", "site"}}
#: what only a web app may import
DJANGO = ("django", "tresham.platform")


def module_of(path: Path) -> str:
    """The dotted name of a file under the repository ("tresham.games.tigris.rules.turn")."""
    return scan.module_of(path, ROOT)


def is_module(name: str) -> bool:
    """Whether ``name`` is a module or package of the repository's own code."""
    base = ROOT.joinpath(*name.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def imports(path: Path, package: str | None = None) -> list[tuple[int, str]]:
    """(line, module) of every import in the file at ``path`` (its ``package`` by default from
    its place in the tree): ``from X import n`` gives ``X.n`` where that is a module, else
    ``X``; relative imports are resolved; ``import_module("...")`` / ``__import__("...")``
    with a literal name count too. The layout tests' one scanner (``tests/import_scan.py``)."""
    if package is None:
        mod = module_of(path)
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
    return scan.imports(path, package, is_module=is_module)


def part_of(module: str) -> str | None:
    """The wing's part a module of the wing belongs to; None outside the wing."""
    if module != PACKAGE and not module.startswith(PACKAGE + "."):
        return None
    first = module[len(PACKAGE) + 1:].split(".")[0]
    return {"bots": "bots", "site": "site", "tools": "tools", "web": "web"}.get(first, "engine")


def within(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def wing_files() -> list[Path]:
    return sorted(WING.rglob("*.py"))


def breaches(files: list[Path]) -> list[str]:
    """Each import that goes against :data:`MAY_IMPORT` or :data:`DJANGO`, in words."""
    out = []
    for f in files:
        me = part_of(module_of(f))
        for line, mod in imports(f):
            there = part_of(mod)
            wrong_part = there is not None and there != me and there not in MAY_IMPORT[me]
            if wrong_part or (me != "web" and within(mod, DJANGO)):
                out.append(f"{f.relative_to(ROOT)}:{line} ({me}) imports {mod}")
    return out


def circles(files: list[Path]) -> list[list[str]]:
    """The import circles among ``files`` (strongly connected components of more than one
    module, or a module importing itself), each sorted (``import_scan.circles``)."""
    graph = {module_of(f): set() for f in files}
    for f in files:
        graph[module_of(f)] |= {m for _, m in imports(f) if m in graph}
    return scan.circles(graph)


# ---- the scanner itself ---------------------------------------------------------------------
def test_the_scanner_resolves_every_way_of_importing(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("from .. import bots\n"
                     "from ..site import rules\n"
                     "from ..state import TEState\n"
                     "import django.db\n"
                     "from ...contract import Event\n"
                     "import importlib\n"
                     "m = importlib.import_module('tresham.platform.play')\n"
                     "def late():\n"
                     "    from ..tools.playout import play\n")
    mods = [m for _, m in imports(probe, package="tresham.games.tigris.rules")]
    assert mods == ["tresham.games.tigris.bots", "tresham.games.tigris.site.rules",
                    "tresham.games.tigris.state", "django.db", "tresham.games.contract", "importlib",
                    "tresham.platform.play", "tresham.games.tigris.tools.playout"]
    assert [part_of(m) for m in mods] == ["bots", "site", "engine", None, None, None, None, "tools"]
    assert module_of(WING / "rules" / "turn.py") == "tresham.games.tigris.rules.turn"
    assert module_of(WING / "tools" / "scenario" / "__init__.py") == "tresham.games.tigris.tools.scenario"


def test_the_checks_catch_a_wrong_import_and_a_circle(tmp_path, monkeypatch):
    """A probe wing whose engine imports its bots and Django, and whose bots import the engine
    back: each import is named, and the circle found."""
    wing = tmp_path / "tresham" / "games" / "tigris"
    (wing / "site").mkdir(parents=True)
    for d in (tmp_path / "tresham", tmp_path / "tresham" / "games", wing, wing / "site"):
        (d / "__init__.py").write_text("")
    (wing / "engine.py").write_text("from . import bots\nimport django\n")
    (wing / "bots.py").write_text("from .engine import view\nfrom .site import rules\n")
    (wing / "site" / "rules.py").write_text("from .. import bots, engine\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    files = sorted(wing.rglob("*.py"))
    assert breaches(files) == [
        "tresham/games/tigris/bots.py:2 (bots) imports tresham.games.tigris.site.rules",
        "tresham/games/tigris/engine.py:1 (engine) imports tresham.games.tigris.bots",
        "tresham/games/tigris/engine.py:2 (engine) imports django"]
    assert circles(files) == [["tresham.games.tigris.bots", "tresham.games.tigris.engine",
                               "tresham.games.tigris.site.rules"]]


# ---- the wing -------------------------------------------------------------------------------
def test_the_wing_has_its_parts():
    parts = {part_of(module_of(f)) for f in wing_files()}
    assert {"engine", "bots", "site", "tools"} <= parts
    assert part_of(module_of(WING / "engine.py")) == "engine"
    assert part_of(module_of(WING / "site" / "rules.py")) == "site"


def test_each_part_imports_only_the_parts_below_it_and_nothing_of_the_site_but_a_web_app():
    assert breaches(wing_files()) == []


def test_no_import_circle_runs_through_the_wing():
    assert circles(wing_files()) == []
