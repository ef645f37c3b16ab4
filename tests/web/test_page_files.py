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


SHARE_TARGETS = ["https://wa.me/", "https://t.me/", "https://x.com/", "https://www.facebook.com/", "https://www.reddit.com/"]
"""Where the share links point (a person's click opens them; the page asks nothing of them)."""


def test_no_file_loads_anything_from_elsewhere() -> None:
    """No CDN, no web font, no analytics: the only absolute URLs are the SVG
    namespace and the share links' targets, all in page.js, none fetched (the
    browser tests check the network log)."""
    for name in FILES:
        text = (WEB_DIR / name).read_text()
        found = re.findall(r"(?:https?:)?//[\w.-]+\.\w+/", text)
        assert found == ([*(["http://www.w3.org/"]), *SHARE_TARGETS] if name == "page.js" else []), name
        assert "@import" not in text and "url(" not in text.replace("data:", ""), name
    script = (WEB_DIR / "page.js").read_text()
    assert "fetch(" not in script[script.index("const SHARE = {") : script.index("function shareLinks()")]


def test_no_inline_script_or_style() -> None:
    """A Content-Security-Policy without 'unsafe-inline' leaves the page whole:
    no inline script, style element, style attribute or event attribute."""
    html = (WEB_DIR / "index.html").read_text()
    assert re.findall(r"<script(?![^>]*\ssrc=)", html) == []
    assert "<style" not in html and " style=" not in html
    assert re.findall(r"\son[a-z]+=", html) == []
    script = (WEB_DIR / "page.js").read_text()
    assert ".style" not in script and '"style"' not in script and "innerHTML" not in script


def test_every_string_the_page_shows_is_in_the_catalogue() -> None:
    script = (WEB_DIR / "page.js").read_text()
    html = (WEB_DIR / "index.html").read_text()
    used = set(re.findall(r'\b(?:t|N_)\("((?:[^"\\]|\\.)*)"\)', script))
    used |= set(re.findall(r'data-i18n(?:-label|-content)?="([^"]*)"', html))
    # an element marked data-i18n with no value: its English text is the msgid
    used |= {" ".join(text.split()) for _, text in re.findall(r"<(\w+)[^>]*\sdata-i18n(?![-=])[^>]*>([^<]*)</\1>", html)}
    used |= set(re.findall(r'\["\w+", "([^"]+)", "(?:int|int0|enum|bool|seat\?)"', script))
    used |= set(re.findall(r'copyText\([^,]+, "([^"]+)"\)', script))
    used.discard("")
    assert used - set(PAGE_STRINGS) == set()
    assert len(used) > 300


def test_every_page_string_is_translated() -> None:
    for language in TRANSLATED:
        assert [text for text in PAGE_STRINGS if ("page", text) not in CATALOGUES[language]] == [], language


def test_strings_endpoint(client: TestClient[Any]) -> None:
    hant = client.get("/web/strings/zh-Hant").json()
    assert hant["page"]["Discarder"] == "出銃嘅人"
    assert hant["seat"]["east"] == "東家"
    assert client.get("/web/strings/en").json()["page"]["Discarder"] == "Discarder"
    assert client.get("/web/strings/xx").status_code == 404
