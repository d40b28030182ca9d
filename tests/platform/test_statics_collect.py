"""``tresham serve`` collects the static files only when one changed since the last start
(``statics.collect``): the copying and hashing are skipped when the sources match the
fingerprint left beside the collected files, and redone when a file changes, appears or
goes."""
from __future__ import annotations

import os

from django.test import override_settings

from tresham.platform import statics


def _touch_later(path) -> None:
    """Give ``path`` a modification time a second later than it has (a new write)."""
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))


def test_the_static_files_are_collected_again_only_when_one_changed(tmp_path):
    sources, root = tmp_path / "src", tmp_path / "collected"
    sources.mkdir()
    root.mkdir()
    (sources / "extra.css").write_text("body { color: #123456; }\n")
    with override_settings(STATIC_ROOT=root, STATICFILES_DIRS=[sources]):
        assert statics.collect() is True  # the first start: nothing collected yet
        manifest = (root / "staticfiles.json").read_text()
        assert "extra.css" in manifest
        hashed = sorted(p.name for p in root.glob("extra.*.css"))
        assert len(hashed) == 1
        assert (root / statics.FINGERPRINT).read_text() == statics.fingerprint()

        assert statics.collect() is False  # a second start, nothing changed: nothing done
        assert (root / "staticfiles.json").read_text() == manifest

        (sources / "extra.css").write_text("body { color: #654321; }\n")  # a file changed
        _touch_later(sources / "extra.css")
        assert statics.collect() is True
        assert sorted(p.name for p in root.glob("extra.*.css")) != hashed  # a new hashed name
        assert statics.collect() is False

        (sources / "more.js").write_text("var x = 1;\n")  # a file appears
        assert statics.collect() is True
        assert "more.js" in (root / "staticfiles.json").read_text()

        (sources / "more.js").unlink()  # a file goes
        assert statics.collect() is True
        assert statics.collect() is False

        (root / "staticfiles.json").unlink()  # the collected files lost: collected again
        assert statics.collect() is True
        assert (root / "staticfiles.json").exists()
