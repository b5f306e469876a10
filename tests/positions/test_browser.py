"""In a real browser: replaying, replaying again and opening the permalink store one copy."""
import uuid

import pytest

from judgeapp.positions.models import SavedPosition

pytestmark = pytest.mark.browser


def saved_count(django_db_blocker) -> int:
    with django_db_blocker.unblock():
        return SavedPosition.objects.count()


def test_replay_again_and_permalink_save_nothing_new(page, site_url, django_db_blocker):
    page.goto(f"{site_url}/positions/")
    page.select_option("#gallery", "05-empty-tie-no-outcome")
    page.fill("#yaml", page.input_value("#yaml") + f"\n# browser test of permalinks {uuid.uuid4()}\n")
    before = saved_count(django_db_blocker)
    page.click("#replay")
    page.wait_for_selector("#permalink-link")
    link = page.get_attribute("#permalink-link", "href")
    assert saved_count(django_db_blocker) == before + 1
    with page.expect_response("**/api/positions/replay*") as again:
        page.click("#replay")
    assert "save=1" not in again.value.url
    page.goto(f"{site_url}{link}?step=2")
    page.wait_for_selector("#steps li.current")
    assert page.get_attribute("#permalink-link", "href") == link
    with page.expect_response("**/api/positions/replay*") as replayed:
        page.click("#replay")
    assert "save=1" not in replayed.value.url
    assert saved_count(django_db_blocker) == before + 1
    page.fill("#yaml", page.input_value("#yaml") + "# edited\n")
    page.click("#replay")
    page.wait_for_selector(f"#permalink-link:not([href='{link}'])")
    assert saved_count(django_db_blocker) == before + 2
