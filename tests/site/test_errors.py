"""Errors as users and clients see them with DEBUG off: JSON in the API's shape under
/api/ (unexpected ones too, logged with the request id the response carries), the site's
own pages elsewhere, security headers and the Content-Security-Policy on every response."""
import logging
import os
import subprocess
import sys

import pytest
from django.test import Client, override_settings

from tests.conftest import ROOT

pytestmark = pytest.mark.django_db


@pytest.fixture
def client():
    return Client(raise_request_exception=False)


def error_of(response) -> dict:
    assert response["Content-Type"].startswith("application/json")
    return response.json()["error"]


def test_unknown_api_path_is_json_404(client):
    response = client.get("/api/no/such/thing")
    assert response.status_code == 404
    assert error_of(response)["code"] == "not-found"


def test_unknown_page_is_html_404_without_url_patterns(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404 and response["Content-Type"].startswith("text/html")
    text = response.content.decode()
    assert "No page at /no/such/page/" in text
    assert "api/schema" not in text and "tried" not in text


def test_a_views_own_404_message_is_kept(client):
    response = client.get("/cards/no-such-card/")
    assert response.status_code == 404 and "no-such-card" in response.content.decode()


@override_settings(ROOT_URLCONF="tests.site.failing_urls")
@pytest.mark.parametrize("path", ["/api/broken", "/api/broken-plain"])
def test_unexpected_api_failure_is_json_500_logged_with_request_id(client, path, caplog):
    with caplog.at_level(logging.ERROR):
        response = client.get(path)
    assert response.status_code == 500
    error = error_of(response)
    assert error["code"] == "server-error"
    request_id = response["X-Request-ID"]
    assert error["details"]["request_id"] == request_id and len(request_id) == 32
    logged = [r for r in caplog.records if getattr(r, "request_id", None) == request_id or (
        getattr(getattr(r, "request", None), "request_id", None) == request_id)]
    assert logged and any(r.exc_info for r in logged)


@override_settings(ROOT_URLCONF="tests.site.failing_urls")
def test_unexpected_page_failure_is_the_site_500_page(client):
    response = client.get("/broken/")
    assert response.status_code == 500 and response["Content-Type"].startswith("text/html")
    assert response["X-Request-ID"] in response.content.decode()
    assert "RuntimeError" not in response.content.decode()


def test_a_proxy_request_id_is_kept_and_a_bad_one_replaced(client):
    assert client.get("/api/formats", HTTP_X_REQUEST_ID="proxy-id-12345678")["X-Request-ID"] == "proxy-id-12345678"
    assert client.get("/api/formats", HTTP_X_REQUEST_ID="bad id\r\n")["X-Request-ID"] != "bad id\r\n"


def test_body_over_the_limit_is_refused_before_reading(client, settings):
    body = b"x" * (settings.L5R_MAX_REQUEST_BYTES + 1)
    response = client.post("/api/decks/validate", body, content_type="application/json")
    assert response.status_code == 413 and error_of(response)["code"] == "too-large"
    page = client.post("/decks/", {"decklist": "x" * (settings.L5R_MAX_REQUEST_BYTES + 1)})
    assert page.status_code == 413 and "limit" in page.content.decode()


@pytest.mark.parametrize("path", ["/api/rules/sections/ivory-cr/tim%00ing", "/api/cards/%00", "/api/cards/?q=a%00b",
                                  "/rules/search?q=chi%00death", "/cards/x%00y/"])
def test_nul_characters_in_addresses_are_a_400(client, path):
    response = client.get(path)
    assert response.status_code == 400
    if path.startswith("/api/"):
        assert error_of(response)["code"] == "nul-character"


def test_security_headers_and_csp_on_pages_and_api(client):
    for path in ("/", "/api/formats"):
        response = client.get(path)
        policy = response["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "style-src 'self'" in policy and "unsafe-inline" not in policy
        assert response["X-Content-Type-Options"] == "nosniff"
        assert response["X-Frame-Options"] == "DENY"
        assert response["Referrer-Policy"] == "same-origin"


def test_static_files_are_served_with_debug_off(client):
    page = client.get("/").content.decode()
    css = page.split('rel="stylesheet" href="')[1].split('"')[0]
    assert css.startswith("/static/css/site.") and css != "/static/css/site.css"  # hashed name


def deploy_check(**env) -> subprocess.CompletedProcess:
    """``check --deploy`` as a deployment runs it: without the async-safety switch that the
    browser fixture sets in this process for Playwright."""
    base = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    return subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"], cwd=ROOT,
                          env=dict(base, DJANGO_DEBUG="0", **env), capture_output=True, text=True)


def test_deploy_check_is_clean_on_localhost_and_behind_tls():
    local = deploy_check()
    assert local.returncode == 0, local.stdout + local.stderr
    assert "(4 silenced)" in local.stdout  # HSTS, SSL redirect, secure cookies: HTTPS only
    tls = deploy_check(L5R_HTTPS="1", DJANGO_ALLOWED_HOSTS="judge.example.org", L5R_HSTS_INCLUDE_SUBDOMAINS="1",
                       L5R_HSTS_PRELOAD="1")
    assert tls.returncode == 0, tls.stdout + tls.stderr
    assert "(0 silenced)" in tls.stdout
