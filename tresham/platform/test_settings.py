"""Settings for the test suite: the site's settings with a throwaway data directory, mails
kept in memory and a fast password hasher (Argon2 is the site's, checked by its own test)."""
import os
import tempfile

os.environ.setdefault("TRESHAM_DATA_DIR", tempfile.mkdtemp(prefix="tresham-test-"))
os.environ.setdefault("TRESHAM_TESTING", "1")

from .settings import *  # noqa: E402,F401,F403
from .settings import DATABASES, DATA_DIR, SQLITE  # noqa: E402

SITE_PASSWORD_HASHERS = PASSWORD_HASHERS  # noqa: F405  (what production uses, for its test)
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
if SQLITE:
    # a file, not memory: concurrency tests open several connections
    DATABASES["default"]["TEST"] = {"NAME": str(DATA_DIR / "test.sqlite3")}
AXES_ENABLED = True
