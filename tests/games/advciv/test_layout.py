"""The wing's layout (issue 23): Advanced Civilization's pure engine (``tresham/games/advciv/``
but for the folders below) imports none of its bots (``bots/``), site face (``site/``), tools
(``tools/``) or pages (``web/``), nothing of Django and nothing of the platform; the bots import
the engine alone, the site face the engine and the bots, the tools these three, the pages these
three and the platform: engine <- bots <- site <- web, engine <- tools. So no import circle joins
the engine to its bots, site face or tools. Imports inside functions and ``importlib`` calls
with a literal name count as any import does."""
from __future__ import annotations

from pathlib import Path

from tests.import_scan import circles, imports, module_of

WING = Path(__file__).resolve().parents[3] / "tresham" / "games" / "advciv"
PACKAGE = "tresham.games.advciv"
#: what each part of the wing may import of the wing ("engine": everything but the folders below)
MAY_IMPORT = {
    "engine": {"engine"},
    "bots": {"engine", "bots"},
    "site": {"engine", "bots", "site"},
    "tools": {"engine", "bots", "site", "tools"},
    "web": {"engine", "bots", "site", "web"},
}
#: outside the wing, what the pure parts never import (the web pages may use the platform's helpers)
NO_SITE_PACKAGES = ("django", "tresham.platform", "ninja")
PURE = ("engine", "bots", "site")


def _module_of(path: Path, root: Path = WING, package: str = PACKAGE) -> str:
    return module_of(path, root, package)


def _imports(path: Path, module: str) -> list[tuple[int, str]]:
    """(line, absolute module) of every import in the file of ``module``, wherever it stands
    (inside functions too), relative ones resolved, and of ``importlib.import_module("...")``
    / ``__import__("...")`` with a literal name; ``from a import b`` counts as ``a.b`` too
    (``b`` may be a module). The layout tests' one scanner (``tests/import_scan.py``)."""
    return imports(path, module if path.name == "__init__.py" else module.rpartition(".")[0])


def _part(module: str, package: str = PACKAGE) -> str | None:
    """The part of the wing ``module`` belongs to, None outside the wing."""
    if module != package and not module.startswith(package + "."):
        return None
    rest = module[len(package) + 1:].split(".")
    return rest[0] if rest[0] in MAY_IMPORT and rest[0] != "engine" else "engine"


def _graph(root: Path = WING, package: str = PACKAGE) -> dict[str, set[str]]:
    """module -> the modules of the wing it imports (only those that are files of the wing)."""
    files = {_module_of(p, root, package): p for p in sorted(root.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for mod, path in files.items():
        graph[mod] = {m for _, m in _imports(path, mod) if m in files and m != mod}
    return graph


def _circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan, ``import_scan.circles``)."""
    return [set(c) for c in circles(graph)]


def _wrong_imports(root: Path = WING, package: str = PACKAGE) -> list[str]:
    out = []
    for path in sorted(root.rglob("*.py")):
        mod = _module_of(path, root, package)
        part = _part(mod, package)
        for line, imported in _imports(path, mod):
            other = _part(imported, package)
            where = f"{path.relative_to(root)}:{line} ({part}) imports {imported}"
            if other is not None and other not in MAY_IMPORT[part]:
                out.append(where)
            if part in PURE and any(imported == p or imported.startswith(p + ".") for p in NO_SITE_PACKAGES):
                out.append(where)
    return out


def test_each_part_of_the_wing_imports_only_the_parts_below_it():
    """engine <- bots <- site <- web, engine <- tools; the engine, the bots and the site face
    import nothing of Django and nothing of the platform."""
    assert (WING / "engine.py").exists() and (WING / "bots").is_dir() and (WING / "site").is_dir() \
        and (WING / "tools").is_dir()
    assert _wrong_imports() == []


def test_no_import_circle_joins_the_engine_to_its_bots_site_face_or_tools():
    graph = _graph()
    assert "tresham.games.advciv.engine" in graph and "tresham.games.advciv.site.rules" in graph
    mixed = [sorted(c) for c in _circles(graph) if len({_part(m) for m in c}) > 1]
    assert mixed == []


def test_the_scan_sees_a_wrong_import_and_a_circle_wherever_they_stand(tmp_path):
    """The checks can fail: a probe wing whose engine imports its bots inside a function and
    Django at the top, whose bots import the site face through importlib, and whose engine and
    bots import each other."""
    root = tmp_path / "wing"
    (root / "bots").mkdir(parents=True)
    (root / "site").mkdir()
    for p in (root / "__init__.py", root / "bots" / "__init__.py", root / "site" / "__init__.py"):
        p.write_text("")
    (root / "engine.py").write_text("import django\n\ndef bot():\n    from .bots import heuristic\n")
    (root / "bots" / "heuristic.py").write_text(
        "import importlib\nfrom .. import engine\nimportlib.import_module('probe.wing.site.rules')\n")
    (root / "site" / "rules.py").write_text("from ..bots.heuristic import heuristic_bot\n")  # allowed
    wrong = sorted(_wrong_imports(root, "probe.wing"))
    assert wrong == ["bots/heuristic.py:3 (bots) imports probe.wing.site.rules",
                     "engine.py:1 (engine) imports django",
                     "engine.py:4 (engine) imports probe.wing.bots",
                     "engine.py:4 (engine) imports probe.wing.bots.heuristic"]
    circles = _circles(_graph(root, "probe.wing"))
    assert circles == [{"probe.wing.engine", "probe.wing.bots.heuristic", "probe.wing.site.rules"}]
    (root / "bots" / "heuristic.py").write_text("from .. import engine\n")
    assert _circles(_graph(root, "probe.wing")) == [{"probe.wing.engine", "probe.wing.bots.heuristic"}]
