"""Settings from the environment.

With nothing set: SQLite in var/, an in-memory channel layer and a filesystem Celery broker,
so `make run` needs no servers. DATABASE_URL and REDIS_URL switch to PostgreSQL and Redis.

Importing this module creates nothing on disk: the processes that write under VAR_DIR (manage.py,
the web server, the Celery worker and beat) create what they need there (config/dirs.py).
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
# In production the key must be set, long and not a placeholder (docker-compose.yml's default is one).
if env_bool("PRODUCTION", False) and not DEBUG and (len(SECRET_KEY) < 32 or "change-me" in SECRET_KEY.lower()):
    raise RuntimeError("SECRET_KEY must be set in production: at least 32 characters, not a placeholder "
                       "(python -c 'import secrets; print(secrets.token_urlsafe(50))' makes one)")
if not SECRET_KEY:
    SECRET_KEY = "insecure-development-key-change-me"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "http://127.0.0.1:8000,http://localhost:8000")
CSRF_FAILURE_VIEW = "api.errors.csrf_failure"

# uvicorn serves (config/serve.py), never `manage.py runserver`: no app that only replaces runserver
# (daphne, whitenoise.runserver_nostatic) or adds Channels' runworker ("channels") is installed. Channels
# works as a library; the socket is routed in config/asgi.py.
INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "axes",
    "classroom",
    "games",
    "api",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "api.middleware.RefuseUnstorableTextMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "classroom.presence.PresenceMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "config" / "templates"],
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

# --- Database -------------------------------------------------------------------------------
DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    # psycopg 3 with Django's connection pool: under ASGI, connections are not kept per thread
    # (CONN_MAX_AGE 0) but borrowed from a pool, so a move does not pay for a new connection.
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=0)}
    # A dead network path to PostgreSQL is an error within about half a minute, not a wait of many minutes:
    # libpq's TCP keepalives for an idle connection, a limit on sent data left unacknowledged, and on connecting.
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        "connect_timeout": 10, "keepalives": 1, "keepalives_idle": 15, "keepalives_interval": 5,
        "keepalives_count": 3, "tcp_user_timeout": 30_000})
    # A connection is checked (one empty round trip) before a request gets it from the pool: after
    # PostgreSQL ended the backends (a restart, a failover), the first requests answered 500 on dead
    # connections (tests/e2e/test_database_cut.py). With the pool, Django passes this to psycopg_pool.
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    if env_bool("DATABASE_POOL", True):
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": 2, "max_size": int(os.environ.get("DATABASE_POOL_MAX", "20")), "timeout": 20}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("SQLITE_PATH", str(VAR_DIR / "db.sqlite3")),
            "OPTIONS": {"timeout": 20, "transaction_mode": "IMMEDIATE"},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# The attempts' report indexes carry extra columns on PostgreSQL (games.models.Attempt); SQLite, for `make run`,
# builds them without those columns, as intended.
SILENCED_SYSTEM_CHECKS = [
    "models.W040",
    # axes' middleware would replace the API's own refusal (api.errors) with its page; the service says it.
    "axes.W002",
    # axes counts per account on purpose; per address, the teachers' DRF throttle limits (TEACHER_LOGIN_RATE),
    # and an address lock-out would shut out every teacher of a school behind one address.
    "axes.W006",
]
AUTH_USER_MODEL = "classroom.User"

# --- Redis: channel layer, Celery broker, cache -----------------------------------------------
REDIS_URL = os.environ.get("REDIS_URL", "")
# Redis pub/sub channels are shared by every database number of a Redis server, and match ids
# restart at 1 in every database: without a namespace, a server on another database (a test
# server, a staging copy) would hear this one's `match.1`. Processes of one database share one.
REDIS_NAMESPACE = f"mpg.{DATABASES['default']['NAME']}"
if REDIS_URL:
    CHANNEL_LAYERS = {
        # A group's sockets in this process get a broadcast at once; Redis pub/sub (one batched
        # PUBLISH per event loop pass) carries it to the other processes: games/realtime/channel_layer.py.
        # Pub/sub keeps nothing for a process that is not listening; a lost state costs nothing
        # lasting: versions, `sync`, and the client's sync when quiet.
        "default": {"BACKEND": "games.realtime.channel_layer.LocalFirstChannelLayer",
                    "CONFIG": {"hosts": [REDIS_URL],
                               "prefix": f"{REDIS_NAMESPACE}.asgi"}}
    }
    # Redis away reads as an empty cache, not an error (config/tolerant_cache.py); an unanswered call gives up
    # within a second instead of holding a request.
    CACHES = {"default": {"BACKEND": "config.tolerant_cache.TolerantRedisCache", "LOCATION": REDIS_URL,
                          "KEY_PREFIX": REDIS_NAMESPACE,
                          "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1}}}
    CELERY_BROKER_URL = REDIS_URL
    CELERY_BROKER_TRANSPORT_OPTIONS: dict = {}
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(VAR_DIR / "cache"),
        }
    }
    # A broker that needs no server: kombu's filesystem transport under var/broker.
    CELERY_BROKER_URL = "filesystem://"
    _broker_dir = VAR_DIR / "broker"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_broker_dir / "in"),
        "data_folder_out": str(_broker_dir / "in"),
        "processed_folder": str(_broker_dir / "processed"),
        "control_folder": str(_broker_dir / "control"),
        "store_processed": False,
    }
# One queue per deployment sharing a Redis database: the browser tests give each live server its own.
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "celery")
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_TIMEZONE = "UTC"

# --- Auth -----------------------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
PASSWORD_RESET_TIMEOUT = 60 * 60 * 24
# Teachers' accounts: django-axes counts wrong passwords per email, from any address, and refuses the
# account for a cool-off (classroom.services.teacher_sign_in says so). Its first backend only checks.
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
AXES_FAILURE_LIMIT = 10
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = ["username"]
AXES_RESET_ON_SUCCESS = True
# Tries during the cool-off do not lengthen it: a stranger keeps an account shut only by failing again after it.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
# The address through the trusted proxies only (never X-Forwarded-For from anybody).
AXES_CLIENT_IP_CALLABLE = "api.client_address.axes_client_address"
# Counts in Redis when there is one (shared by every process), else in the database (make run's SQLite).
AXES_HANDLER = "axes.handlers.cache.AxesCacheHandler" if REDIS_URL else "axes.handlers.database.AxesDatabaseHandler"
AXES_DISABLE_ACCESS_LOG = True  # no log of who signed in from where (children included)
AXES_VERBOSE = False
SESSION_COOKIE_AGE = 60 * 60 * 24 * 14
# Sessions are read from the cache (Redis when configured) and written through to the database:
# every request and every socket's sign-in check skips a database query, and nothing is lost when
# the cache is emptied.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
# A child's own sign-in (classroom/child_sign_in_limits.py): wrong tries slow down the address they came
# from, never the child elsewhere; "unfamiliar" addresses (no child of the class signed in there lately)
# share a small daily allowance per child and per class.
SIGN_IN_SLOW_AFTER = 5  # wrong tries for one child from one address, then that address waits
SIGN_IN_FIRST_WAIT_S = 60  # doubling with each further wrong try...
SIGN_IN_LONGEST_WAIT_S = 15 * 60  # ...up to this
SIGN_IN_DAY_S = 24 * 60 * 60  # the window of the counts below (a UTC day)
SIGN_IN_UNFAMILIAR_PER_CHILD = 10  # wrong tries a day for one child from unfamiliar addresses
SIGN_IN_UNFAMILIAR_PER_CLASS = 30  # and for the whole class (a new class code starts it again)
SIGN_IN_FAMILIAR_DAYS = 30  # an address stays familiar this long after a child of the class signed in there
SIGN_IN_WARN_AFTER = 5  # wrong tries from unfamiliar addresses before the roster warns the teacher
# Children's sign-in counts failures per client address, never successes (classroom/sign_in_guard.py).
SIGN_IN_WINDOW_S = int(os.environ.get("SIGN_IN_WINDOW_S", 10 * 60))
SIGN_IN_FAILURE_ALLOWANCE = int(os.environ.get("SIGN_IN_FAILURE_ALLOWANCE", 100))
SIGN_IN_FAILURES_PER_CHILD = int(os.environ.get("SIGN_IN_FAILURES_PER_CHILD", 2))
# Addresses (or networks) of the reverse proxies whose X-Forwarded-For is believed; nobody else's is.
TRUSTED_PROXIES = [item.strip() for item in os.environ.get("TRUSTED_PROXIES", "").split(",") if item.strip()]

# --- Email ----------------------------------------------------------------------------------
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH", str(VAR_DIR / "mail"))  # for the filebased backend only
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Multiplayground <no-reply@localhost>")
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000")

# --- API ------------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["rest_framework.authentication.SessionAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PAGINATION_CLASS": "api.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "api.schema.AutoSchema",
    "EXCEPTION_HANDLER": "api.errors.exception_handler",
    # JSON nested too deep, a NUL or a lone surrogate anywhere in a body: refused (api/parsers.py).
    "DEFAULT_PARSER_CLASSES": ["api.parsers.JSONParser", "api.parsers.FormParser", "api.parsers.MultiPartParser"],
    "DEFAULT_THROTTLE_RATES": {
        "teacher_login": os.environ.get("TEACHER_LOGIN_RATE", "20/min"),
    },
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Multiplayground API",
    "DESCRIPTION": "Classes, rosters, sign-in and games for Multiplayground.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # One name each for the games' slugs and the computer levels, wherever a field carries them.
    "ENUM_NAME_OVERRIDES": {"ExportKindEnum": "games.models.Export.Kind", "GameEnum": "games.models.GAME_CHOICES",
                            "BotLevelEnum": "games.models.BOT_LEVEL_CHOICES"},
    # Ids up to 2^63-1; a larger one matches no path (404). No maximum here: the schema must not carry
    # a database's ranges (tests/api/test_generated_files.py).
    "PATH_CONVERTER_OVERRIDES": {"id": {"type": "integer", "format": "int64", "minimum": 0}},  # api/converters.py
}

# --- Static files and the frontend build ----------------------------------------------------
STATIC_URL = "/static/"
STATIC_ROOT = VAR_DIR / "static"
# Files the jobs make (PDF exports): never served as they are, only through the API to their owner.
# Web and worker must share it (one machine, or one volume: docker-compose.yml).
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", VAR_DIR / "media"))
FRONTEND_DIST = BASE_DIR / "frontend" / "dist"
WHITENOISE_ROOT = FRONTEND_DIST if FRONTEND_DIST.exists() else None
WHITENOISE_INDEX_FILE = False
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- Production hardening -------------------------------------------------------------------
if env_bool("PRODUCTION", False):
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_CONTENT_TYPE_NOSNIFF = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}

# --- Live play ------------------------------------------------------------------------------
MATCH_SCHEDULER_INTERVAL_MS = int(os.environ.get("MATCH_SCHEDULER_INTERVAL_MS", "200"))
# The computer players' thinking pauses, scaled (1: as a child would wait; the browser tests that play
# whole matches use 0.1 so a match ends in seconds).
BOT_DELAY_SCALE = float(os.environ.get("BOT_DELAY_SCALE", "1"))
# Threads per server process for the sockets' database calls (games/realtime/db.py); one with SQLite.
DATABASE_THREADS = int(os.environ.get("DATABASE_THREADS", "1"))
# PostgreSQL connections per server process for the sockets' moves, used on the event loop
# (games.realtime.async_db); 0 sends moves through the database thread as with SQLite. 4 rather than 8:
# on 2 cores, fewer moves in PostgreSQL at once cost less CPU a move (docs/benchmarks.md, "Move connections").
MOVE_CONNECTIONS = int(os.environ.get("MOVE_CONNECTIONS", "4"))
# A socket's move that PostgreSQL has not answered in this time is given up (its connection closed) and the
# child told so: a stuck database must not hold a server's move connections, and every other move, for ever.
MOVE_TIMEOUT_S = float(os.environ.get("MOVE_TIMEOUT_S", "15"))
BENCH_ECHO = env_bool("BENCH_ECHO", False)  # mounts /ws/echo/ for bench/ws_latency.py

# --- Background jobs ------------------------------------------------------------------------
from celery.schedules import crontab  # noqa: E402

CELERY_BEAT_SCHEDULE = {
    "nightly-class-reports": {
        "task": "games.tasks.build_nightly_reports",
        "schedule": crontab(hour=int(os.environ.get("NIGHTLY_REPORTS_HOUR", "2")), minute=0),
    },
    "clean-exports": {  # PDF exports kept a day, login cards an hour (games.services.exports)
        "task": "games.tasks.clean_exports",
        "schedule": crontab(minute=15),
    },
    "recover-jobs": {  # jobs whose worker died go on (games.services.stalled_jobs)
        "task": "games.tasks.recover_jobs",
        "schedule": 15.0,
        "options": {"expires": 15.0},  # while no worker runs, they do not pile up
    },
}
