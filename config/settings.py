"""Bootroom settings, read from the environment.

With nothing set, Bootroom runs on a fresh machine: a SQLite file and a Celery
broker that needs no server (kombu's filesystem transport) under ``var/``.
Production sets ``DEBUG=0``, ``SECRET_KEY``, ``ALLOWED_HOSTS``, ``DATABASE_URL``
(PostgreSQL) and ``CELERY_BROKER_URL`` (Redis or RabbitMQ).
"""

import os
import tempfile
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.core.management.utils import get_random_secret_key
from kombu import Exchange, Queue

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("BOOTROOM_VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def development_secret_key(path: Path) -> str:
    """The development key kept in ``path`` (mode 0600), made at random on first use.

    No key is ever taken from the repository: a checkout that forgets ``SECRET_KEY``
    signs with a key of its own. Every process of the machine (the web server, the
    workers a test starts) reads the same file; the file is linked into place whole,
    so two processes starting at once agree on one key.
    """
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor, draft = tempfile.mkstemp(dir=path.parent, prefix=".secret_key-")  # mode 0600
        try:
            with os.fdopen(descriptor, "w") as file:
                file.write(get_random_secret_key())
            os.link(draft, path)  # fails if another process made the file first: its key is kept
        except FileExistsError:
            pass
        finally:
            os.unlink(draft)
    key = path.read_text().strip()
    if not key:
        raise ImproperlyConfigured(f"{path} is empty: delete it to make a new development key, or set SECRET_KEY")
    return key


DEBUG = env_bool("DEBUG", True)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = development_secret_key(VAR_DIR / "secret_key")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_celery_beat",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "corsheaders",
    "audit",
    "notifications",
    "leagues",
    "rosters",
    "matches",
    "tournaments",
    "competitions",
    "printing",
    "web",
    "api",
    "ops",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # CORS for reading the API from any site (config.cors); before anything that may answer
    "config.cors.ReadOnlyCorsMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # after the session (it reads the language chosen there), before CommonMiddleware (as Django asks)
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "audit.context.ActorMiddleware",
    # after authentication: a signed-in person's stored language wins over the browser's
    "notifications.middleware.UserLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # last, so that it turns django-axes' lock-out into its answer (429)
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

VAR_DIR.mkdir(parents=True, exist_ok=True)
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'bootroom.sqlite3'}",
        # Workers play match after match: keep their connection instead of opening one per task.
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Workers and the web process share the file: wait for locks instead of
    # failing, and take the write lock up front so two writers never deadlock.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 30,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # A file, not memory, so a worker process started by a test sees the test database.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / f"test-{os.getpid()}.sqlite3")}
else:
    DATABASES["default"]["TEST"] = {"NAME": f"test_{DATABASES['default']['NAME']}_{os.getpid()}"}
# The test database is named after the process, so two test runs side by side never share one.

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Mail: written to the console by default, so the quick start needs no mail server (the worker
# prints the notifications' e-mails); production sets the backend and its server.
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Bootroom <bootroom@localhost>")
#: The site's address, for the links in e-mails (a notification's page, an invitation's link).
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Security: logins are locked out after repeated failures (django-axes, counted in the
# database); the expensive public views are throttled (config.throttling, counted in the
# default cache, shared by every process when CACHE_URL or REDIS_URL points at Redis).
AUTHENTICATION_BACKENDS = [
    # first: django-axes refuses a locked-out username and address before any password is checked
    "config.throttling.LockoutBackend",
    "django.contrib.auth.backends.ModelBackend",
]
#: Failed logins (admin or API token) of one username from one address before it is locked out.
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
#: How long a lock-out lasts; ``python manage.py axes_reset`` (or ``axes_reset_username``) lifts it sooner.
AXES_COOLOFF_TIME = timedelta(minutes=float(os.environ.get("AXES_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "config.throttling.client_address"


def cache_from_url(url: str) -> dict:
    """Django's cache settings for ``redis://`` / ``rediss://`` (shared) or ``locmem://`` (per process)."""
    if url.startswith(("redis://", "rediss://")):
        return {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}
    if url.startswith("locmem://"):
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": url[len("locmem://") :]}
    raise ImproperlyConfigured(f"CACHE_URL: {url!r} is not a redis://, rediss:// or locmem:// URL")


CACHES = {"default": cache_from_url(os.environ.get("CACHE_URL") or os.environ.get("REDIS_URL") or "locmem://")}

LANGUAGE_CODE = "en"
#: The languages of the pages, the admin, PDFs and e-mails (docs/languages.md): the browser's
#: Accept-Language picks one, the switcher in the page header or a person's stored choice
#: (their settings at /account/notifications/) overrides it.
LANGUAGES = [("en", "English"), ("de", "Deutsch"), ("it", "Italiano")]
LOCALE_PATHS = [BASE_DIR / "locale"]
#: Dates by Django's localised formats (``|date:"SHORT_DATETIME_FORMAT"``), English's set to ISO days.
FORMAT_MODULE_PATH = ["config.formats"]
# CORS (django-cors-headers through config.cors.ReadOnlyCorsMiddleware): the API's reads from
# any origin, without credentials (no cookies: "Access-Control-Allow-Origin: *"), and nothing
# for writes, the admin or the pages. The embeddable widgets are framed, not fetched (web.embed).
CORS_URLS_REGEX = r"^/api/"
CORS_ALLOW_ALL_ORIGINS = True
CORS_ALLOW_CREDENTIALS = False
CORS_ALLOW_METHODS = ("GET", "HEAD", "OPTIONS")
CORS_ALLOW_HEADERS = ("accept", "accept-language")
CORS_PREFLIGHT_MAX_AGE = 86400

TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# Celery. The default broker needs no server: kombu's filesystem transport
# keeps messages as files under var/broker (in and out must be the same folder).
BROKER_DIR = VAR_DIR / "broker"
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "filesystem://localhost//")
if CELERY_BROKER_URL.startswith("filesystem://"):
    (BROKER_DIR / "queue").mkdir(parents=True, exist_ok=True)
    (BROKER_DIR / "processed").mkdir(parents=True, exist_ok=True)
    (BROKER_DIR / "control").mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(BROKER_DIR / "queue"),
        "data_folder_out": str(BROKER_DIR / "queue"),
        "processed_folder": str(BROKER_DIR / "processed"),
        "control_folder": str(BROKER_DIR / "control"),
        "store_processed": False,
    }
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_TASK_DEFAULT_QUEUE", "bootroom")
# Four queues: the matches on the default queue, the draft clocks on "<default>-clocks", the
# notifications' e-mails on "<default>-notifications", the previews, season odds and games'
# fairness on "<default>-odds" (config.celery.task_route). A worker started without --queues
# consumes all four; production runs a small worker for the clocks and notifications alone, so
# a burst of matches never delays a pick or a notice, and workers for the odds where they cost
# nothing to the matches.
CELERY_TASK_ROUTES = ("config.celery.task_route",)
CELERY_TASK_QUEUES = [
    Queue(name, Exchange(name), routing_key=name)
    for name in (
        CELERY_TASK_DEFAULT_QUEUE,
        f"{CELERY_TASK_DEFAULT_QUEUE}-clocks",
        f"{CELERY_TASK_DEFAULT_QUEUE}-notifications",
        f"{CELERY_TASK_DEFAULT_QUEUE}-odds",
    )
]
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
#: Celery's Django fixup closes the database connection around every task unless told to
#: reuse it: a worker that plays match after match would reconnect for each.
CELERY_DB_REUSE_MAX = 1000
CELERY_TASK_REJECT_ON_WORKER_LOST = True
# One message reserved per worker process: a message is a batch of matches, so more would
# spread a matchday unevenly, and reserved batches look lost to an empty-queue check.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A broker that goes away (a Redis restart) is waited for, never given up on: retry the
# connection at start and after a loss, for ever (Celery's default gives up after 100
# tries, about 50 minutes), every 2, 4, 6 ... seconds up to 30 (kombu's intervals). On
# each connection a worker asks for lost matches to be queued again
# (config.celery.QueueLostMatchesOnConnect).
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
# A match being played when the connection drops is finished and stored (its ack is lost
# with the connection; a second delivery returns at once), not killed half-way.
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = False
if CELERY_BROKER_URL.startswith("redis://"):
    # kombu's Redis transport, but a channel whose connection is gone fails with a
    # connection error, not an AttributeError that made the worker exit (config.celery).
    CELERY_BROKER_TRANSPORT = "config.celery:RedisTransport"
if CELERY_BROKER_URL.startswith(("redis://", "rediss://", "redis+socket://")):
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        # PING a connection idle for 10 s before using it, so a publish after a restart
        # finds the dead socket and reconnects instead of failing.
        "health_check_interval": 10,
        "socket_keepalive": True,
        "socket_connect_timeout": 5,
        # A read that gets no answer (a broker host that vanished without closing the
        # socket) fails after 30 s; the consumer's BRPOP answers every second. Not
        # retry_on_timeout: redis-py then reconnects the consumer's socket and waits for
        # the answer to a BRPOP the new server never got, and the worker hangs (measured:
        # no reconnection at all after a restart).
        "socket_timeout": 30,
    }
CELERY_TIMEZONE = TIME_ZONE
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"

#: How often beat looks for matches whose kickoff has passed, in seconds.
SIMULATE_DUE_EVERY = float(os.environ.get("SIMULATE_DUE_EVERY", "60"))
CELERY_BEAT_SCHEDULE = {
    "queue-due-matches": {
        "task": "matches.tasks.queue_due_matches",
        "schedule": SIMULATE_DUE_EVERY,
    },
    # sweeps for a transfer deadline whose own task was lost (each is queued for its moment)
    "settle-due-claims": {"task": "rosters.tasks.claims_settle_due", "schedule": 300},
    "execute-due-trades": {"task": "rosters.tasks.trades_execute_due", "schedule": 300},
    "results-digest": {"task": "matches.tasks.results_digest", "schedule": 3600},
    "purge-old-idempotency-keys": {
        "task": "api.tasks.purge_old_idempotency_keys",
        "schedule": 24 * 3600,
    },
}
#: The API keeps the answer to a request sent with an Idempotency-Key this many days.
IDEMPOTENCY_KEY_DAYS = int(os.environ.get("IDEMPOTENCY_KEY_DAYS", "7"))
#: The most matches one play task plays, in one transaction with a savepoint each: a batch
#: pays a task's cost (publish, deliver, ack, commit) once. Smaller batches spread a small
#: matchday over more worker processes; larger ones cost less per match (a burst drained
#: 1.25-1.3x faster with 100 than with 25, side by side: README, Benchmarks).
PLAY_BATCH_SIZE = int(os.environ.get("PLAY_BATCH_SIZE", "100"))
#: Whether a play batch's commit waits until PostgreSQL has its results on disk. Not by
#: default: a result is replayable from its seed, so what a database crash loses of the last
#: moment's commits (at most about 0.6 s of them) goes back to queued and is played again,
#: to the same results; the burst drains 1.2-1.3x faster (README, Matches played by workers).
PLAY_SYNCHRONOUS_COMMIT = env_bool("PLAY_SYNCHRONOUS_COMMIT", False)
#: A match queued this long ago and still scheduled is queued again (a lost message).
MATCH_REQUEUE_AFTER_SECONDS = int(os.environ.get("MATCH_REQUEUE_AFTER_SECONDS", "600"))

#: The most teams a season may have (the admin, the API and the services that add teams
#: refuse more): a season's pages, fixtures and tournaments stay a sensible size.
MAX_TEAMS_PER_SEASON = int(os.environ.get("MAX_TEAMS_PER_SEASON", "128"))

# The REST API (api/): token or session authentication, pages of results, django-filter
# filters, and an OpenAPI 3 schema from drf-spectacular. Reads are public; writes are
# checked per league by api.permissions.
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["api.permissions.CommissionerOrReadOnly"],
    "DEFAULT_PARSER_CLASSES": [
        "api.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "api.pagination.Pages",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # Security: see config.throttling. Rates are N/second, /minute, /hour or /day per client.
    "DEFAULT_THROTTLE_CLASSES": ["config.throttling.AnonThrottle", "config.throttling.ScopeThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("THROTTLE_ANON", "120/minute"),  # every anonymous API request
        "pdf": os.environ.get("THROTTLE_PDF", "20/minute"),  # scoresheets, cards, brackets (API and pages)
        "ical": os.environ.get("THROTTLE_ICAL", "60/minute"),  # the fixtures feeds
        "login": os.environ.get("THROTTLE_LOGIN", "20/minute"),  # /api/auth/token/, whatever the username
    },
    #: Reverse proxies in front of the site whose X-Forwarded-For is trusted (0: the socket's address).
    "NUM_PROXIES": int(os.environ.get("PROXY_COUNT", "0")),
}
#: The domain of every iCal event's UID (match-ID@DOMAIN): fixed, so an event is the same one
#: whichever host name the feed was fetched by.
ICAL_UID_DOMAIN = os.environ.get("ICAL_UID_DOMAIN", "bootroom")

SPECTACULAR_SETTINGS = {
    "TITLE": "Bootroom API",
    "DESCRIPTION": "Leagues, seasons, teams, player cards, matches with their play-by-play, and standings.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI from drf-spectacular-sidecar's static files: /api/docs/ works offline, loads nothing from a CDN
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {
        "SideEnum": "matches.models.Match.Side",
        "DraftStateEnum": "rosters.models.Draft.State",
        "StatusEnum": "matches.models.Match.Status",  # its name before the card values' status came
    },
    # nullable as OpenAPI 3.0.3 reads it (api/schema.py), after the enums are made components
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "api.schema.postprocess_strict_nullable",
    ],
}

#: The season's team ids in table order, which a reverse-table draft reverses: results are read
#: two layers above the drafts (``rosters`` sits below ``matches``), so the settings name it.
DRAFT_TABLE_ORDER = "competitions.divisions.final_order"
#: The season's team ids in table order now ([] before any match counts): the waiver order of the
#: free-agent claims reverses it (``rosters.free_agents.waiver_order``), named here for the same reason.
WAIVER_TABLE_ORDER = "competitions.divisions.current_order"
