"""The static files: hashed names, cached for a year (issue 28, "Bytes").

``collectstatic`` (run by ``tresham serve`` before it serves, and by the tests' live site)
copies every style sheet, script and image to ``STATIC_ROOT`` twice: under its own name and
under a name with a hash of its content (``board.3f2a9c01b7de.js``; Django's manifest
storage, which also rewrites the ``url(...)`` references of style sheets), each with a gzip
copy beside it (WhiteNoise). ``{% static %}`` gives the hashed name, whose content never
changes: it is sent with ``Cache-Control: max-age=31536000, public, immutable``, so a
browser asks for it once a year at most; a new version of a file has a new name. The plain
names keep being served, with a short cache (60 s), for whatever names them directly.

``collect()`` runs ``collectstatic`` only when a file changed: it keeps a fingerprint of the
sources (each file's path, size and modification time, with the versions of Django and
WhiteNoise) beside the collected files, and a start whose sources match it skips the copying
and hashing (about 1.3 s of every start).

Before ``collectstatic`` has run (a fresh clone's ``tresham manage ...``, the in-process
tests), ``{% static %}`` falls back to the plain name instead of failing.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

from whitenoise.middleware import WhiteNoiseMiddleware
from whitenoise.storage import CompressedManifestStaticFilesStorage

#: Seconds a file under its hashed name is cached (a year).
YEAR = 365 * 24 * 3600


class HashedStatic(CompressedManifestStaticFilesStorage):
    """WhiteNoise's manifest storage (hashed names, gzip copies), plain names when the files
    are not collected."""

    manifest_strict = False

    def stored_name(self, name: str) -> str:
        try:
            return super().stored_name(name)
        except ValueError:  # not collected (yet): the plain name, served with its short cache
            return name


class StaticFiles(WhiteNoiseMiddleware):
    """WhiteNoise, hashed names cached for a year (its own default is ten)."""

    FOREVER = YEAR


#: The file beside the collected ones that holds the fingerprint of what was collected.
FINGERPRINT = ".collected"


def fingerprint() -> str:
    """A hash of every static source file the finders find (path, size, modification time)
    and of the versions of the code that collects them."""
    from importlib.metadata import version

    from django.contrib.staticfiles.finders import get_finders

    h = hashlib.sha256(f"{version('django')} {version('whitenoise')}".encode())
    for finder in get_finders():
        for path, storage in sorted(finder.list([]), key=lambda x: x[0]):
            st = Path(storage.path(path)).stat()
            h.update(f"\n{path} {st.st_size} {st.st_mtime_ns}".encode())
    return h.hexdigest()


def collect() -> bool:
    """Collect the static files (hashed names, gzip copies) unless those collected last are
    of the same sources; gives whether it collected."""
    from django.conf import settings
    from django.core.management import call_command

    root = Path(settings.STATIC_ROOT)
    mark, manifest = root / FINGERPRINT, root / "staticfiles.json"
    now = fingerprint()
    if manifest.exists() and mark.exists() and mark.read_text() == now:
        return False
    call_command("collectstatic", interactive=False, verbosity=0)
    mark.write_text(now)
    return True
