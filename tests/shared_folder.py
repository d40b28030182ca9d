"""The shared folder (seeds, spec, data) the project is checked against: ``../shared``, the
folder named ``shared`` beside the checkout -- or, for a checkout kept deeper (a git worktree
in ``wt/<name>/``), beside the nearest of its parent folders that has one. Never a path of one
machine. A test that needs it fails when it is missing, naming where it looked: it does not
skip, so a run without the folder cannot pass unnoticed."""
from __future__ import annotations

from pathlib import Path

#: The project's checkout (tests/ is directly below it).
ROOT = Path(__file__).resolve().parent.parent


def shared_dir(root: Path = ROOT) -> Path:
    """The nearest ``shared`` folder holding ``spec/`` beside ``root`` or one of its parents;
    AssertionError when there is none."""
    looked = []
    for folder in root.parents:
        candidate = folder / "shared"
        looked.append(str(candidate))
        if (candidate / "spec").is_dir():
            return candidate
    raise AssertionError("the shared folder (seeds, spec, data) is missing: looked for "
                         + ", ".join(looked))


def shared(*parts: str, root: Path = ROOT) -> Path:
    """A file or folder of the shared folder; AssertionError, naming it, when it is missing."""
    path = shared_dir(root).joinpath(*parts)
    assert path.exists(), f"{path} is missing from the shared folder"
    return path
