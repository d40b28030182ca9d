"""One reader of Python imports for the layout tests (``tests/platform/test_layout.py`` and each
wing's ``test_layout.py``, issue 23): every import of a file, wherever it stands (inside
functions too), relative ones resolved, and ``importlib.import_module("...")`` /
``__import__("...")`` with a literal name (:func:`imports`); the dotted name of a file
(:func:`module_of`); and the import circles of a graph of modules (:func:`circles`, Tarjan's
algorithm). Each layout test says, with these, which imports its layers allow."""
from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path


def module_of(path: Path, root: Path, package: str = "") -> str:
    """The dotted name of the file ``path`` under ``root``, the folder of ``package`` ("": the
    folder the top package stands in): ``tresham/games/tigris/rules/turn.py`` under the
    repository is ``tresham.games.tigris.rules.turn``; a package's ``__init__.py`` is the
    package."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([package, *parts] if package else parts)


def imports(path: Path, package: str, *, is_module: Callable[[str], bool] | None = None) -> list[tuple[int, str]]:
    """(line, absolute module) of every import in the file at ``path``, whose relative imports
    start from ``package`` (the package the file stands in; for an ``__init__.py``, its own):

    - ``import a.b`` gives ``a.b``;
    - ``from X import n`` gives ``X`` and ``X.n`` (``n`` may be a module); with ``is_module`` (a
      test of whether a dotted name is a module) only the one that is: ``X.n`` where
      ``is_module`` says so, else ``X``;
    - ``importlib.import_module("m")`` and ``__import__("m")`` give ``m``."""
    out: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parent = parts[:len(parts) - node.level + 1]
                base = ".".join(parent + ([node.module] if node.module else []))
            names = [a.name for a in node.names if a.name != "*"]
            if is_module is None:
                out.append((node.lineno, base))
                out += [(node.lineno, f"{base}.{n}") for n in names]
            else:
                out += [(node.lineno, f"{base}.{n}" if is_module(f"{base}.{n}") else base) for n in names]
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            fn = node.func
            name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")
            if name in ("import_module", "__import__"):
                out.append((node.lineno, node.args[0].value))
    return out


def circles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The import circles of ``graph`` (each node with the nodes it imports): every strongly
    connected group of more than one node, and every node importing itself, each sorted, in
    the order Tarjan's algorithm finds them (the nodes visited in sorted order)."""
    edges: dict[str, set[str]] = {}
    for v, ws in graph.items():
        edges.setdefault(v, set()).update(ws)
        for w in ws:
            edges.setdefault(w, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1 or v in edges[v]:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found
