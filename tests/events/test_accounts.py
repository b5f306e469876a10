"""Accounts: sign up, log in and out, password change and reset by e-mail, API tokens, and
the sign-up/log-in rate limit."""
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache
from django.test import Client
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db
PASSWORD = "kaiu-wall-1130"


@pytest.fixture(autouse=True)
def quick_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()  # the rate-limit counters
    yield
    cache.clear()


def sign_up(client, username="kisada", **extra):
    return client.post("/accounts/signup/", {"username": username, "email": f"{username}@example.org",
                                             "password1": PASSWORD, "password2": PASSWORD, **extra})


def test_sign_up_logs_in_and_log_out_logs_out():
    client = Client()
    response = sign_up(client, first_name="Hida Kisada")
    assert response.status_code == 302 and response["Location"] == "/events/"
    user = get_user_model().objects.get(username="kisada")
    assert user.email == "kisada@example.org" and user.get_full_name() == "Hida Kisada"
    page = client.get("/events/").content.decode()
    assert 'id="new-event"' in page and 'id="logout"' in page
    assert client.post("/accounts/logout/").status_code == 302
    assert 'id="login-link"' in client.get("/events/").content.decode()


def test_sign_up_refuses_mismatched_passwords_and_taken_names():
    client = Client()
    sign_up(client)
    other = Client()
    taken = sign_up(other)
    assert taken.status_code == 400 and b"already exists" in taken.content
    mismatch = other.post("/accounts/signup/", {"username": "yakamo", "email": "y@example.org",
                                                "password1": PASSWORD, "password2": PASSWORD + "x"})
    assert mismatch.status_code == 400 and not get_user_model().objects.filter(username="yakamo").exists()


def test_log_in_with_next_and_change_the_password():
    sign_up(Client())
    client = Client()
    bad = client.post("/accounts/login/", {"username": "kisada", "password": "wrong"})
    assert bad.status_code == 200 and b"correct username and password" in bad.content
    response = client.post("/accounts/login/?next=/events/new/", {"username": "kisada", "password": PASSWORD,
                                                                  "next": "/events/new/"})
    assert response.status_code == 302 and response["Location"] == "/events/new/"
    changed = client.post("/accounts/password/change/", {"old_password": PASSWORD, "new_password1": "crab-" + PASSWORD,
                                                         "new_password2": "crab-" + PASSWORD})
    assert changed.status_code == 302 and changed["Location"] == "/accounts/password/change/done/"
    assert Client().login(username="kisada", password="crab-" + PASSWORD)


def test_password_reset_by_e_mail():
    sign_up(Client())
    client = Client()
    sent = client.post("/accounts/password/reset/", {"email": "kisada@example.org"})
    assert sent.status_code == 302 and len(mail.outbox) == 1
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/)", mail.outbox[0].body)[1]
    form = client.get(link, follow=True)
    assert form.status_code == 200 and b"Set a new password" in form.content
    done = client.post(form.redirect_chain[-1][0], {"new_password1": "reset-" + PASSWORD,
                                                    "new_password2": "reset-" + PASSWORD})
    assert done.status_code == 302 and done["Location"] == "/accounts/password/reset/done/"
    assert Client().login(username="kisada", password="reset-" + PASSWORD)
    reused = client.get(link, follow=True)
    assert b"no longer valid" in reused.content


def test_api_token_then_create_an_event_with_it():
    sign_up(Client())
    api = APIClient()
    refused = api.post("/api/auth/token", {"username": "kisada", "password": "wrong"}, format="json")
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "bad-credentials"
    token = api.post("/api/auth/token", {"username": "kisada", "password": PASSWORD}, format="json").json()["token"]
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    created = api.post("/api/events/", {"name": "Kotei", "date": "2026-11-22", "format": "ivory",
                                        "deadline": "2099-01-01T10:00:00Z"}, format="json")
    assert created.status_code == 201 and created.json()["roles"] == ["organizer"]
    api.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    assert api.get("/api/events/").status_code == 401
    page = Client()
    page.login(username="kisada", password=PASSWORD)
    assert token in page.get("/accounts/token/").content.decode()
    page.post("/accounts/token/")
    assert token not in page.get("/accounts/token/").content.decode()


def test_sign_up_and_log_in_are_rate_limited(settings):
    settings.L5R_RATES = {**settings.L5R_RATES, "log-in": "3/m"}
    settings.RATELIMIT_ENABLE = True
    client = Client()
    statuses = [client.post("/accounts/login/", {"username": "x", "password": "y"}).status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    limited = client.post("/accounts/login/", {"username": "x", "password": "y"})
    assert 0 < int(limited["Retry-After"]) <= 60 and b"Too many requests" in limited.content
    api = APIClient()
    for _ in range(3):
        api.post("/api/auth/token", {"username": "x", "password": "y"}, format="json")
    response = api.post("/api/auth/token", {"username": "x", "password": "y"}, format="json")
    assert response.status_code == 429 and response.json()["error"]["code"] == "rate-limited"
    assert client.get("/accounts/login/").status_code == 200  # reading the page is not an attempt
