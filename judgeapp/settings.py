"""Settings, all from the environment (12-factor) with safe local defaults.

Embedded default: SQLite in ``var/``, indexes in ``var/index``, Celery tasks in-process.
Set ``DATABASE_URL`` for PostgreSQL and ``REDIS_URL`` for a broker and workers.
"""
import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("L5R_VAR_DIR", BASE_DIR / "var"))

DEFAULT_SECRET = "dev-only-insecure-key-change-me"
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", DEFAULT_SECRET)
DEBUG = os.environ.get("DJANGO_DEBUG", "1") == "1"
if not DEBUG and SECRET_KEY == DEFAULT_SECRET:
    raise ImproperlyConfigured("DJANGO_DEBUG=0 (production) needs DJANGO_SECRET_KEY set to a secret value")
ALLOWED_HOSTS = [h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",") if h]

L5R_CORPUS_DIR = Path(os.environ.get("L5R_CORPUS_DIR", BASE_DIR.parent / "shared" / "corpus")).resolve()
INDEX_DIR = Path(os.environ.get("INDEX_DIR", VAR_DIR / "index"))

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
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
ACCOUNTS_RATE_LIMIT = os.environ.get("L5R_ACCOUNTS_RATE", "20/m")
# Decklists per bulk-validation task: the unit of work that is redone after a lost worker.
EVENTS_CHECK_CHUNK = int(os.environ.get("L5R_EVENTS_CHECK_CHUNK", "25"))

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "judgeapp.urls"
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
STATIC_ROOT = VAR_DIR / "static"

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "judgeapp.api_errors.exception_handler",
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
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
}

REDIS_URL = os.environ.get("REDIS_URL", "")
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Tasks acknowledged late are redelivered when their worker dies: a running worker looks
# every CELERY_RESTORE_INTERVAL seconds for tasks unacknowledged for longer than the
# visibility timeout and queues them again.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "3600")),
    "unacked_restore_interval": int(os.environ.get("CELERY_RESTORE_INTERVAL", "10")),
    "unacked_restore_throttle": 1,
}
CELERY_WORKER_PREFETCH_MULTIPLIER = 1

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {"judgeapp": {"handlers": ["console"], "level": "INFO"}},
}
