"""Settings, all from the environment (12-factor) with safe local defaults.

Embedded default: SQLite in ``var/``, indexes in ``var/index``, Celery tasks in-process,
DEBUG off.  Set ``DATABASE_URL`` for PostgreSQL and ``REDIS_URL`` for a broker, workers
and a shared cache; ``L5R_HTTPS=1`` behind TLS.
"""
import os
import secrets
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("L5R_VAR_DIR", BASE_DIR / "var"))


def _env_flag(name: str, default: str = "0") -> bool:
    return os.environ.get(name, default).strip().lower() in ("1", "true", "yes", "on")


def _secret_key() -> str:
    """DJANGO_SECRET_KEY, else a key generated once into var/ (readable by its owner only)."""
    if os.environ.get("DJANGO_SECRET_KEY"):
        return os.environ["DJANGO_SECRET_KEY"]
    path = VAR_DIR / "secret_key"
    if not path.exists():
        VAR_DIR.mkdir(parents=True, exist_ok=True)
        try:
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # another process wrote it first
            return path.read_text().strip()
        with os.fdopen(descriptor, "w") as out:
            out.write(secrets.token_urlsafe(50))
    return path.read_text().strip()


SECRET_KEY = _secret_key()
DEBUG = _env_flag("DJANGO_DEBUG")
ALLOWED_HOSTS = [h.strip() for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")
                 if h.strip()]

L5R_CORPUS_DIR = Path(os.environ.get("L5R_CORPUS_DIR", BASE_DIR.parent / "shared" / "corpus")).resolve()
INDEX_DIR = Path(os.environ.get("INDEX_DIR", VAR_DIR / "index"))
# Search answers each process keeps per index version (judgeapp/index_store.py); 0: none.
L5R_SEARCH_ANSWERS = int(os.environ.get("L5R_SEARCH_ANSWERS", 512))

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "csp",
    "rules",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "judgeapp.apps.JudgeAppConfig",
    "rules_corpus",
    "cards",
    "judgeapp.decks",
    "judgeapp.positions",
    "judgeapp.events",
]

# Object permissions (the events' rule table, judgeapp/events/permissions.py) before model permissions.
AUTHENTICATION_BACKENDS = ["rules.permissions.ObjectPermissionBackend", "django.contrib.auth.backends.ModelBackend"]
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/events/"
LOGOUT_REDIRECT_URL = "/"

# E-mail (password resets, invitations): printed to the console unless an SMTP host is set.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST else "django.core.mail.backends.console.EmailBackend")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = os.environ.get("EMAIL_USE_TLS", "1") == "1"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "L5R Judge <noreply@localhost>")

# Sign-up and log-in attempts per client address (django-ratelimit, on the default cache).
# Decklists per bulk-validation task: the unit of work that is redone after a lost worker.
EVENTS_CHECK_CHUNK = int(os.environ.get("L5R_EVENTS_CHECK_CHUNK", "25"))

MIDDLEWARE = [
    "judgeapp.middleware.RequestIdMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "csp.middleware.CSPMiddleware",
    "judgeapp.middleware.BoundedRequestMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "judgeapp.urls"
CSRF_FAILURE_VIEW = "judgeapp.views.csrf_failure"
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
                "judgeapp.context_processors.site",
            ],
        },
    },
]
WSGI_APPLICATION = "judgeapp.wsgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{VAR_DIR / 'judgeapp.sqlite3'}"), conn_max_age=60
    )
}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    # A file, not memory, so a worker or server process can share the test database.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test-judgeapp.sqlite3")}
    DATABASES["default"]["OPTIONS"] = {"timeout": 20}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", VAR_DIR / "static"))
STATICFILES_DIRS = [BASE_DIR / "static"]
# Hashed names (cached for ever by browsers) and compressed copies, made by collectstatic.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# One bound on every request body, uploads included (checked before anything reads it).
L5R_MAX_REQUEST_BYTES = int(os.environ.get("L5R_MAX_REQUEST_BYTES", 2 * 1024 * 1024))
DATA_UPLOAD_MAX_MEMORY_SIZE = L5R_MAX_REQUEST_BYTES
FILE_UPLOAD_MAX_MEMORY_SIZE = L5R_MAX_REQUEST_BYTES

# Security headers.  Behind TLS (L5R_HTTPS=1) also HTTPS-only cookies, a redirect to
# HTTPS and HSTS; off by default because `make run` serves plain HTTP on localhost,
# where a secure-only cookie would never come back and a redirect would go nowhere.
L5R_HTTPS = _env_flag("L5R_HTTPS")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = L5R_HTTPS
SECURE_SSL_REDIRECT = L5R_HTTPS and _env_flag("L5R_SSL_REDIRECT", "1")
SECURE_HSTS_SECONDS = int(os.environ.get("L5R_HSTS_SECONDS", 31536000 if L5R_HTTPS else 0))
SECURE_HSTS_INCLUDE_SUBDOMAINS = _env_flag("L5R_HSTS_INCLUDE_SUBDOMAINS")
SECURE_HSTS_PRELOAD = _env_flag("L5R_HSTS_PRELOAD")
if L5R_HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o]
SILENCED_SYSTEM_CHECKS = [] if L5R_HTTPS else [
    "security.W004",  # HSTS: only meaningful over HTTPS
    "security.W008",  # SSL redirect: plain HTTP on localhost
    "security.W012",  # secure session cookie: would never be sent back over HTTP
    "security.W016",  # secure CSRF cookie: the deck form would fail over HTTP
]
# HSTS for subdomains and preloading bind the whole domain: its owner opts in.
if not SECURE_HSTS_INCLUDE_SUBDOMAINS:
    SILENCED_SYSTEM_CHECKS.append("security.W005")
if not SECURE_HSTS_PRELOAD:
    SILENCED_SYSTEM_CHECKS.append("security.W021")

# No inline script or style anywhere: every page's JS and CSS are static files.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
    },
}

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "judgeapp.api_errors.exception_handler",
    "DEFAULT_RENDERER_CLASSES": ["judgeapp.renderers.SafeJSONRenderer"],
    "UNAUTHENTICATED_USER": None,
    "DEFAULT_AUTHENTICATION_CLASSES": [],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "L5R Judge API",
    "DESCRIPTION": "Rules lookup, card database, deck validation and the position checker.",
    "VERSION": "1",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Separate request and response components: read-only fields stay out of request bodies.
    "COMPONENT_SPLIT_REQUEST": True,
    # OpenAPI 3.1 (JSON Schema 2020-12): the position format's schema is the engine's own (pydantic).
    "OAS_VERSION": "3.1.0",
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums",
                             "judgeapp.positions.openapi.add_components", "judgeapp.openapi.add_server_limits"],
}

REDIS_URL = os.environ.get("REDIS_URL", "")
# The cache holds the rate-limit counters: shared by every process through Redis when
# there is one; otherwise each process counts for itself.
CACHES = {"default": {
    "BACKEND": "django.core.cache.backends.redis.RedisCache" if REDIS_URL else
    "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": REDIS_URL or "l5r",
    "KEY_PREFIX": os.environ.get("L5R_CACHE_PREFIX", "l5r"),
}}
RATELIMIT_ENABLE = _env_flag("L5R_RATELIMIT", "1")
RATELIMIT_IP_META_KEY = os.environ.get("L5R_CLIENT_IP_HEADER") or None  # e.g. HTTP_X_REAL_IP behind a proxy
# Requests per client address: "count/period" (s, m, h, d).
L5R_RATES = {
    "deck-validate": os.environ.get("L5R_RATE_DECKS", "60/m"),
    "position-replay": os.environ.get("L5R_RATE_REPLAYS", "60/m"),
    "position-save": os.environ.get("L5R_RATE_SAVES", "30/h"),
    "sign-up": os.environ.get("L5R_RATE_SIGN_UP", "10/h"),
    "log-in": os.environ.get("L5R_RATE_LOG_IN", "20/h"),
}
# Saved positions (permalinks): size cap, per-client daily quota, expiry of anonymous saves.
L5R_SAVE_MAX_BYTES = int(os.environ.get("L5R_SAVE_MAX_BYTES", 64 * 1024))
L5R_SAVE_QUOTA = int(os.environ.get("L5R_SAVE_QUOTA", 200))
L5R_SAVE_QUOTA_BYTES = int(os.environ.get("L5R_SAVE_QUOTA_BYTES", 2 * 1024 * 1024))
L5R_SAVE_UNVIEWED_DAYS = int(os.environ.get("L5R_SAVE_UNVIEWED_DAYS", 30))
L5R_SAVE_IDLE_DAYS = int(os.environ.get("L5R_SAVE_IDLE_DAYS", 365))
CELERY_BEAT_SCHEDULE = {
    "expire-saved-positions": {"task": "positions.expire", "schedule": 24 * 3600},
}
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Tasks acknowledged late are redelivered when their worker dies: a running worker looks
# every CELERY_RESTORE_INTERVAL seconds for tasks unacknowledged for longer than the
# visibility timeout and queues them again.  That look holds a lock in Redis; a worker killed
# while holding it leaves it until it expires (CELERY_UNACKED_MUTEX_EXPIRE seconds), and no
# worker restores anything before then.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "3600")),
    "unacked_restore_interval": int(os.environ.get("CELERY_RESTORE_INTERVAL", "10")),
    "unacked_mutex_expire": int(os.environ.get("CELERY_UNACKED_MUTEX_EXPIRE", "300")),
    "unacked_restore_throttle": 1,
}
CELERY_WORKER_PREFETCH_MULTIPLIER = 1

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "judgeapp.middleware.RequestIdFilter"}},
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s [%(request_id)s] %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["request_id"], "formatter": "plain"}},
    "loggers": {
        "judgeapp": {"handlers": ["console"], "level": "INFO"},
        "django.request": {"handlers": ["console"], "level": "ERROR", "propagate": False},
    },
}
