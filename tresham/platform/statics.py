"""The static files: hashed names, cached for a year (issue 28, "Bytes").

``collectstatic`` (run by ``tresham serve`` before it serves, and by the tests' live site)
copies every style sheet, script and image to ``STATIC_ROOT`` twice: under its own name and
under a name with a hash of its content (``board.3f2a9c01b7de.js``; Django's manifest
storage, which also rewrites the ``url(...)`` references of style sheets), each with a gzip
copy beside it (WhiteNoise). ``{% static %}`` gives the hashed name, whose content never
changes: it is sent with ``Cache-Control: max-age=31536000, public, immutable``, so a
browser asks for it once a year at most; a new version of a file has a new name. The plain
names keep being served, with a short cache (60 s), for whatever names them directly.

Before ``collectstatic`` has run (a fresh clone's ``tresham manage ...``, the in-process
tests), ``{% static %}`` falls back to the plain name instead of failing.
"""
from __future__ import annotations

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
