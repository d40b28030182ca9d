"""Finding the shared folder beside the checkout (``tests/shared_folder.py``): ``../shared``
first, then beside a parent folder (a git worktree kept deeper); missing, a failure that names
where it looked, never a skip."""
from __future__ import annotations

import pytest

from tests.shared_folder import shared, shared_dir


def _folder(path):
    (path / "spec").mkdir(parents=True)
    (path / "spec" / "site-behaviour.md").write_text("- **SITE-GEN-01** ...\n", encoding="utf-8")
    return path


def test_the_shared_folder_beside_the_checkout_comes_first(tmp_path):
    near = _folder(tmp_path / "work" / "shared")
    _folder(tmp_path / "shared")
    root = tmp_path / "work" / "main"
    root.mkdir(parents=True)
    assert shared_dir(root) == near
    assert shared("spec", "site-behaviour.md", root=root) == near / "spec" / "site-behaviour.md"


def test_a_worktree_one_folder_deeper_finds_the_one_beside_its_parent(tmp_path):
    near = _folder(tmp_path / "work" / "shared")
    root = tmp_path / "work" / "wt" / "audit"
    root.mkdir(parents=True)
    (tmp_path / "work" / "wt" / "shared").mkdir()  # a folder of that name without spec/ is not it
    assert shared_dir(root) == near


def test_a_missing_folder_or_file_fails_naming_where_it_looked(tmp_path):
    root = tmp_path / "work" / "main"
    root.mkdir(parents=True)
    with pytest.raises(AssertionError, match=f"looked for {tmp_path / 'work' / 'shared'}"):
        shared_dir(root)
    _folder(tmp_path / "work" / "shared")
    with pytest.raises(AssertionError, match="seeds/readable/07-code-of-conduct.txt is missing"):
        shared("seeds", "readable", "07-code-of-conduct.txt", root=root)
