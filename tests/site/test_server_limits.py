"""Refusals the HTTP server makes before the API sees a request (gunicorn's request-line limit):
the live server answers them, and the OpenAPI schema documents them on every operation, so a
schema checker holds the site to its own answers (schemathesis once sent a 4.5 KB URL)."""
import json
import urllib.error
import urllib.request

import pytest


@pytest.mark.django_db
def test_an_overlong_url_is_refused_by_the_server_and_documented(site_url):
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{site_url}/api/cards/?q={'a' * 5000}", timeout=30)
    assert refused.value.code == 414
    with urllib.request.urlopen(f"{site_url}/api/schema/?format=json", timeout=30) as response:
        schema = json.load(response)
    operations = [op for ops in schema["paths"].values() for op in ops.values() if isinstance(op, dict)]
    assert operations and all({"414", "431"} <= set(op["responses"]) for op in operations)
    assert "414" in schema["paths"]["/api/cards/"]["get"]["responses"]
