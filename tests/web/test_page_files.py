"""The page as files and routes, without a browser: served from the package,
nothing fetched from elsewhere, every string it shows in the catalogues."""

from __future__ import annotations

import re
from typing import Any

from litestar.testing import TestClient

from service.api.web import PAGE_STRINGS, WEB_DIR
from service.i18n import CATALOGUES, TRANSLATED

FILES = ("index.html", "page.js", "page.css")


def test_root_serves_the_page(client: TestClient[Any]) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert b'<script src="/web/static/page.js" defer></script>' in response.content
    for name in FILES[1:]:
        assert client.get(f"/web/static/{name}").status_code == 200


def test_the_api_docs_stay_at_schema(client: TestClient[Any]) -> None:
    assert client.get("/schema").status_code == 200
    paths = client.get("/schema/openapi.json").json()["paths"]
    assert "/" not in paths
    assert not [path for path in paths if path.startswith("/web")]


def test_no_file_loads_anything_from_elsewhere() -> None:
    """No CDN, no web font, no analytics: the only absolute URLs are none."""
    for name in FILES:
        text = (WEB_DIR / name).read_text()
        assert re.findall(r"(?:https?:)?//[\w.-]+\.\w+/", text) == [], name
        assert "@import" not in text and "url(" not in text.replace("data:", ""), name


def test_every_string_the_page_shows_is_in_the_catalogue() -> None:
    script = (WEB_DIR / "page.js").read_text()
    html = (WEB_DIR / "index.html").read_text()
    used = set(re.findall(r'\bt\("((?:[^"\\]|\\.)*)"\)', script))
    used |= set(re.findall(r'data-i18n(?:-label)?="([^"]*)"', html))
    used |= set(re.findall(r'\["\w+", "([^"]+)", "(?:int|int0|enum|bool|seat\?)"', script))
    used |= set(re.findall(r'copyText\([^,]+, "([^"]+)"\)', script))
    assert used - set(PAGE_STRINGS) == set()
    assert len(used) > 60


def test_every_page_string_is_translated() -> None:
    for language in TRANSLATED:
        assert [text for text in PAGE_STRINGS if ("page", text) not in CATALOGUES[language]] == [], language


def test_strings_endpoint(client: TestClient[Any]) -> None:
    hant = client.get("/web/strings/zh-Hant").json()
    assert hant["page"]["Discarder"] == "出銃嘅人"
    assert hant["seat"]["east"] == "東家"
    assert client.get("/web/strings/en").json()["page"]["Discarder"] == "Discarder"
    assert client.get("/web/strings/xx").status_code == 404
