"""Django settings of the Tresham site.

Everything a site operator sets comes from the environment (``TRESHAM_*``); the defaults run
the embedded configuration: SQLite in WAL mode under ``TRESHAM_DATA_DIR`` (``./var``), no
other service. PostgreSQL is selected with ``TRESHAM_DATABASE_URL=postgresql://...``: same
code, same migrations.
"""
from __future__ import annotations

import datetime as dt
import ipaddress
import os
import secrets
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from tresham.games import registry

BASE_DIR = Path(__file__).resolve().parent
DATA_DIR = Path(os.environ.get("TRESHAM_DATA_DIR") or "var").resolve()  # empty = unset


def _env_bool(name: str, default: bool = False) -> bool:
    return os.environ.get(name, "1" if default else "0").lower() in ("1", "true", "yes", "on")


def _secret_key() -> str:
    """TRESHAM_SECRET_KEY, or a key made once and kept in the data directory (sessions and
    password-reset links survive a restart)."""
    key = os.environ.get("TRESHAM_SECRET_KEY")
    if key:
        return key
    path = DATA_DIR / "secret_key"
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        DATA_DIR.mkdir(parents=True, exist_ok=True)
        key = secrets.token_urlsafe(50)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(key)
        return key


def parse_networks(text: str, name: str = "TRESHAM_TRUSTED_PROXIES") -> list:
    """Addresses and networks, separated by commas (``127.0.0.1, 10.0.0.0/8, ::1``)."""
    out = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        try:
            out.append(ipaddress.ip_network(part, strict=False))
        except ValueError:
            raise ImproperlyConfigured(f"{name}: {part!r} is not an address or network") from None
    return out


SECRET_KEY = _secret_key()
DEBUG = _env_bool("TRESHAM_DEBUG")
ALLOWED_HOSTS = os.environ.get("TRESHAM_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",")
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("TRESHAM_CSRF_TRUSTED_ORIGINS", "").split(",") if o]
#: Reverse proxies whose X-Forwarded-For and X-Forwarded-Proto the site believes (addresses or
#: networks); none by default: the client's address is the connection's (tresham.platform.addresses).
TRESHAM_TRUSTED_PROXIES = [str(n) for n in parse_networks(os.environ.get("TRESHAM_TRUSTED_PROXIES", ""))]
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")  # dropped unless from a trusted proxy
#: The address the site is reached at, for links in mails.
SITE_URL = os.environ.get("TRESHAM_SITE_URL", "http://127.0.0.1:8000")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "axes",
    "tresham.platform.accounts",
    "tresham.platform.lobby",
    "tresham.platform.play",
    "tresham.platform.clock",
    "tresham.platform.talk",
    "tresham.platform.help",
    "tresham.platform.mail",
    "tresham.platform.feeds",
    "tresham.platform.ratings",
]

MIDDLEWARE = [
    "tresham.platform.statements.CountStatements",  # off unless TRESHAM_COUNT_STATEMENTS (the benchmark's)
    # gzip for every answer built whole (pages, JSON), never for a stream (the live pages'
    # events, WhiteNoise's files): tresham/platform/compression.py
    "tresham.platform.compression.CompressPages",
    "tresham.platform.middleware.ForwardedHeaders",
    "tresham.platform.middleware.BodySizeLimit",
    "tresham.platform.middleware.ApiErrorsAsJson",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "tresham.platform.statics.StaticFiles",  # WhiteNoise: hashed names cached a year
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "tresham.platform.accounts.middleware.BannedUsers",
    "tresham.platform.accounts.middleware.UserTimeZone",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",
]

# The Content-Security-Policy of every answer (django-csp, SITE-SAFE-08): the site's own
# scripts, style sheets, images and connections only; no inline script, no inline style, no
# plugin, no frame around the site. A view may set its own stricter one (the base map's SVG).
CONTENT_SECURITY_POLICY = {"DIRECTIVES": {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}}

ROOT_URLCONF = "tresham.platform.urls"
ASGI_APPLICATION = "tresham.platform.asgi.application"

TEMPLATES = [{
    "BACKEND": "django.template.backends.django.DjangoTemplates",
    "DIRS": [BASE_DIR / "templates"],
    "APP_DIRS": True,
    "OPTIONS": {"context_processors": [
        "django.template.context_processors.request",
        "django.contrib.auth.context_processors.auth",
        "django.contrib.messages.context_processors.messages",
    ]},
}]

# ---- database -------------------------------------------------------------------------
DATABASE_URL = os.environ.get("TRESHAM_DATABASE_URL") or f"sqlite:///{DATA_DIR / 'tresham.sqlite3'}"
#: seconds a thread keeps its database connection between requests (checked before reuse);
#: 0, the default, closes it at the end of each. `tresham serve` sets 600: its processes serve
#: every request from one thread (asgi.SiteHandler), whose connection is worth keeping.
DATABASE_CONN_MAX_AGE = int(os.environ.get("TRESHAM_CONN_MAX_AGE") or 0)
DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=DATABASE_CONN_MAX_AGE,
                                              conn_health_checks=True)}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL: readers never wait for the writer. IMMEDIATE: a write transaction takes the write
    # lock when it begins, so orders to a game are serialized without deadlocks (the single
    # writer of SQLite is the lock); busy_timeout: wait for it rather than fail.
    # tresham/platform/sqlite: Django's backend, writers queued on an OS lock, not SQLite's sleeps
    DATABASES["default"]["ENGINE"] = "tresham.platform.sqlite"
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 30,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON; "
                        "PRAGMA wal_autocheckpoint=8000;",  # the worker checkpoints (sqlite.base.checkpoint)
    }
    DATA_DIR.mkdir(parents=True, exist_ok=True)
SQLITE = DATABASES["default"]["ENGINE"] == "tresham.platform.sqlite"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# ---- accounts ---------------------------------------------------------------------------
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "tresham.platform.accounts.backends.ModelBackend",  # Django's, reading the profile with the user
]
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = _env_bool("TRESHAM_HTTPS")
SESSION_COOKIE_AGE = 60 * 60 * 24 * 30  # a month: a play-by-web game lasts weeks

# Failed logins are throttled per (account, address) pair with a growing wait (django-axes;
# accounts.throttle, SITE-SAFE-06): the first LOGIN_FREE_FAILURES failures of a pair are free,
# the one reaching it makes the pair wait LOGIN_WAIT seconds, each further one twice as long
# (at most LOGIN_WAIT_MAX). A pair's failures are forgotten a day after its last one
# (AXES_COOLOFF_TIME), and when its owner logs in there (AXES_RESET_ON_SUCCESS: only that pair).
LOGIN_FREE_FAILURES = int(os.environ.get("TRESHAM_LOGIN_FAILURES", "8"))
LOGIN_WAIT = int(os.environ.get("TRESHAM_LOGIN_WAIT", "60"))
LOGIN_WAIT_MAX = int(os.environ.get("TRESHAM_LOGIN_WAIT_MAX", "3600"))
AXES_HANDLER = "tresham.platform.accounts.throttle.GrowingWait"
AXES_FAILURE_LIMIT = LOGIN_FREE_FAILURES
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_COOLOFF_TIME = dt.timedelta(seconds=max(24 * 3600, 2 * LOGIN_WAIT_MAX))
AXES_RESET_ON_SUCCESS = True
# an attempt refused while its pair waits is not a failure: the wait grows with passwords tried
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_CALLABLE = "tresham.platform.accounts.views.locked_out"
AXES_VERBOSE = False
AXES_CLIENT_IP_CALLABLE = "tresham.platform.addresses.client_address"
# Successful logins are recorded by accounts.LoginRecord with hashed addresses; axes need not
# keep the plain ones.
AXES_DISABLE_ACCESS_LOG = True
#: What one account may do (registrations: one address, as there is no account yet), name ->
#: (most, seconds): at most that many in any such span, on the pages and through the API
#: (429 with Retry-After beyond); most 0: no limit (tresham.platform.limits, SITE-SAFE-09).
RATE_LIMITS = {
    "games": (int(os.environ.get("TRESHAM_GAMES_PER_HOUR", "10")), 3600),
    "messages": (int(os.environ.get("TRESHAM_MESSAGES_PER_10_MINUTES", "30")), 600),
    "registrations": (int(os.environ.get("TRESHAM_REGISTRATIONS_PER_DAY", "5")), 24 * 3600),
}
#: A donation link shown in the layout (empty: none). Donations are never recorded, so they
#: cannot affect rankings (SITE-ACCT-06).
DONATION_URL = os.environ.get("TRESHAM_DONATION_URL", "")

# ---- time, text, files ------------------------------------------------------------------
LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True
STATIC_URL = "/static/"
STATIC_ROOT = DATA_DIR / "static"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # whitenoise looks for it at start
STATICFILES_DIRS = [BASE_DIR / "static"]
# collectstatic (run by `tresham serve`) copies each static file under a hashed name too, which
# {% static %} gives and WhiteNoise sends cached for a year, with a gzip copy beside it for
# browsers that accept gzip (Vary: Accept-Encoding): tresham/platform/statics.py
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "tresham.platform.statics.HashedStatic"},
}
#: Largest request body the site reads (an order is a few kilobytes): larger gets 413.
MAX_BODY_BYTES = int(os.environ.get("TRESHAM_MAX_BODY_BYTES", str(64 * 1024)))
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_BODY_BYTES

# ---- mail -------------------------------------------------------------------------------
# Every mail is a row of the outbox (tresham.platform.mail), sent by the worker over SMTP.
# Without TRESHAM_SMTP_HOST nothing leaves the site: mails stay in the outbox, held, and the
# administrators read them in the admin.
DEFAULT_FROM_EMAIL = os.environ.get("TRESHAM_MAIL_FROM", "Tresham <tresham@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
EMAIL_HOST = os.environ.get("TRESHAM_SMTP_HOST", "")
#: implicit TLS (usually port 465); otherwise STARTTLS (on by default) upgrades the connection
EMAIL_USE_SSL = _env_bool("TRESHAM_SMTP_SSL")
EMAIL_USE_TLS = not EMAIL_USE_SSL and _env_bool("TRESHAM_SMTP_STARTTLS", default=True)
EMAIL_PORT = int(os.environ.get("TRESHAM_SMTP_PORT") or (465 if EMAIL_USE_SSL else 587 if EMAIL_USE_TLS else 25))
EMAIL_HOST_USER = os.environ.get("TRESHAM_SMTP_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("TRESHAM_SMTP_PASSWORD", "")
EMAIL_TIMEOUT = int(os.environ.get("TRESHAM_SMTP_TIMEOUT", "30"))
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
elif os.environ.get("TRESHAM_TESTING"):
    EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
else:
    EMAIL_BACKEND = "django.core.mail.backends.dummy.EmailBackend"  # never used: mails are held
#: False: the sender sends nothing and marks due mails held (no mail server configured).
TRESHAM_MAIL_DELIVER = bool(EMAIL_HOST) or bool(os.environ.get("TRESHAM_TESTING"))
#: The domain of the Message-IDs (that of the sender's address).
TRESHAM_MAIL_DOMAIN = (DEFAULT_FROM_EMAIL.rpartition("@")[2].strip(" >") or "localhost")
#: A mail the server refuses is tried this many times in all (backoff 1 min x 2^n, at most 6 h).
TRESHAM_MAIL_MAX_ATTEMPTS = int(os.environ.get("TRESHAM_MAIL_MAX_ATTEMPTS", "10"))
#: The hour (in each recipient's own time zone) at which his daily digest is made.
TRESHAM_MAIL_DIGEST_HOUR = int(os.environ.get("TRESHAM_MAIL_DIGEST_HOUR", "7"))
#: A "your turn" mail waits this many seconds (at most a twelfth of the game's time limit)
#: and is not sent if the player has given his decision by then: a player at the table is not
#: mailed for what he sees on his screen (SITE-NOTIFY-01).
#: each answer carries ``X-Statements``, the SQL statements its request sent (``statements.py``):
#: the server benchmark's server turns it on to report them
TRESHAM_COUNT_STATEMENTS = os.environ.get("TRESHAM_COUNT_STATEMENTS", "") == "1"
TRESHAM_TURN_MAIL_DELAY = int(os.environ.get("TRESHAM_TURN_MAIL_DELAY", "600"))
#: Orders by reply (SITE-MAILIN): the domain whose mail `tresham mail-in` receives. A "your
#: turn" mail is answerable (Reply-To: reply+<secret>@this domain, the commands listed) only
#: when it is set; empty: no reply addresses.
TRESHAM_MAILIN_DOMAIN = os.environ.get("TRESHAM_MAILIN_DOMAIN", "").strip().lower()
#: Where `tresham mail-in` listens for SMTP (a mail server in front relays the domain to it).
TRESHAM_MAILIN_HOST = os.environ.get("TRESHAM_MAILIN_HOST", "127.0.0.1")
TRESHAM_MAILIN_PORT = int(os.environ.get("TRESHAM_MAILIN_PORT", "2525"))
#: The largest incoming mail read (larger: refused, 552 over SMTP, exit 2 from --stdin).
TRESHAM_MAILIN_MAX_BYTES = int(os.environ.get("TRESHAM_MAILIN_MAX_BYTES", str(256 * 1024)))
#: The commands read from one reply (the rest are answered "not read").
TRESHAM_MAILIN_MAX_COMMANDS = int(os.environ.get("TRESHAM_MAILIN_MAX_COMMANDS", "20"))
#: One-line answers to mail with no known reply address, at most this many an hour in all
#: (and one an hour to each address): the site never becomes a source of backscatter.
TRESHAM_MAILIN_UNKNOWN_PER_HOUR = int(os.environ.get("TRESHAM_MAILIN_UNKNOWN_PER_HOUR", "60"))
#: Unread messages of a player's conversations that no other mail carried are mailed, batched,
#: this many seconds after the first of them (if he has not read them by then) ...
TRESHAM_TALK_MAIL_DELAY = int(os.environ.get("TRESHAM_TALK_MAIL_DELAY", "900"))
#: ... and at most once in this many seconds (SITE-CHAT-02).
TRESHAM_TALK_MAIL_EVERY = int(os.environ.get("TRESHAM_TALK_MAIL_EVERY", "3600"))

# ---- games ------------------------------------------------------------------------------
#: Extra games beyond the built-in registry: name -> "module:Class" (tresham.games.registry).
TRESHAM_GAMES: dict[str, str] = {}
#: Each registered game's own pages are a Django app of its own (``Offers.app``).
INSTALLED_APPS += registry.apps(TRESHAM_GAMES)
#: A snapshot of the state is kept every this many orders (replays start from the nearest).
SNAPSHOT_EVERY = 100

# ---- the clock ----------------------------------------------------------------------------
#: The site's maximum of missed deadlines in a row before removal; the threshold of a game
#: is min(this, its round, its players) (SITE-REMOVE-02).
TRESHAM_REMOVAL_MAX = int(os.environ.get("TRESHAM_REMOVAL_MAX", "3"))
#: Availability never moves a deadline more than this many days past its base (pauses do).
TRESHAM_AVAILABILITY_CAP_DAYS = int(os.environ.get("TRESHAM_AVAILABILITY_CAP_DAYS", "7"))
#: A seat nobody takes for this many days departs (15.6); 0: never.
TRESHAM_VACANT_SEAT_DAYS = int(os.environ.get("TRESHAM_VACANT_SEAT_DAYS", "14"))
#: A removed pause stays in force this many hours after its removal (SITE-PAUSE-06).
TRESHAM_PAUSE_TAIL_HOURS = 24

# ---- the calendar feed and the webhooks (tresham.platform.feeds) -------------------------------
#: Webhooks may point to loopback and private addresses (an operator's own chat server; the
#: tests' receiver on loopback). Off by default: the site posts only to public hosts.
TRESHAM_WEBHOOK_ALLOW_PRIVATE = _env_bool("TRESHAM_WEBHOOK_ALLOW_PRIVATE")
#: A webhook that fails this many times in a row is switched off and its owner mailed.
TRESHAM_WEBHOOK_MAX_FAILURES = int(os.environ.get("TRESHAM_WEBHOOK_MAX_FAILURES", "5"))
#: Seconds a webhook has to answer.
TRESHAM_WEBHOOK_TIMEOUT = float(os.environ.get("TRESHAM_WEBHOOK_TIMEOUT", "10"))
#: At most this many webhooks per game.
TRESHAM_WEBHOOKS_PER_GAME = int(os.environ.get("TRESHAM_WEBHOOKS_PER_GAME", "5"))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("TRESHAM_LOG_LEVEL", "WARNING")},
}
