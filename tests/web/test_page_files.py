"""The page as files and routes, without a browser: served from the package,
nothing fetched from elsewhere, every string it shows in the catalogues."""

from __future__ import annotations

import io
import re
from typing import Any

from babel.messages.extract import extract
from litestar.testing import TestClient

from service.api.web import PAGE_STRINGS, WEB_DIR
from service.i18n import CATALOGUES, TRANSLATED
from tools.i18n_extract import PAGE_KEYWORDS, html_messages, page_messages, page_scripts

MODULES = tuple(path.relative_to(WEB_DIR).as_posix() for path in page_scripts()[1:])
"""The ES modules page.js imports (page/state.js, page/form.js, …)."""
FILES = ("index.html", "page.js", "page.css", *MODULES)
SCRIPT = "\n".join(path.read_text() for path in page_scripts())
"""The page's whole script: page.js and its modules."""


def test_root_serves_the_page(client: TestClient[Any]) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert b'<script type="module" src="/web/static/page.js"></script>' in response.content
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
    namespace (the tile faces) and the share links' targets, none fetched (the
    browser tests check the network log)."""
    expected = {"page/faces.js": ["http://www.w3.org/"], "page/share.js": SHARE_TARGETS}
    for name in FILES:
        text = (WEB_DIR / name).read_text()
        found = re.findall(r"(?:https?:)?//[\w.-]+\.\w+/", text)
        assert found == expected.get(name, []), name
        assert "@import" not in text and "url(" not in text.replace("data:", ""), name
    script = (WEB_DIR / "page" / "share.js").read_text()
    assert "fetch(" not in script[script.index("const SHARE = {") : script.index("function shareLinks()")]


def test_no_inline_script_or_style() -> None:
    """A Content-Security-Policy without 'unsafe-inline' leaves the page whole:
    no inline script, style element, style attribute or event attribute."""
    html = (WEB_DIR / "index.html").read_text()
    assert re.findall(r"<script(?![^>]*\ssrc=)", html) == []
    assert "<style" not in html and " style=" not in html
    assert re.findall(r"\son[a-z]+=", html) == []
    script = SCRIPT
    assert ".style" not in script and '"style"' not in script and "innerHTML" not in script


def test_every_string_the_page_shows_is_in_the_catalogue() -> None:
    """What the page's sources mark (``t``/``N_`` in its scripts, ``data-i18n``
    in its markup, the rulesets' page specs) is what the template lists, so a
    string added to the page without re-running the extraction fails here."""
    used = set(page_messages())
    assert used == set(PAGE_STRINGS)
    assert len(used) > 300
    # strings the page shows from tables and answers are among them
    assert {"East round", "Concealed kong", "discarder", "Link copied", "Once a hand"} <= used


def test_extraction_reads_the_page_as_its_sources_mark_it() -> None:
    """The extractor on made-up sources: a literal given to ``t`` or ``N_`` is a
    string, a computed key is not, and markup gives its attributes' values."""
    script = b'const A = N_("Kept"); t("Shown"); t(label("pair", code)); t(TABLE[key]);'
    assert [message for _, message, _, _ in extract("javascript", io.BytesIO(script), keywords=PAGE_KEYWORDS)] == ["Kept", "Shown"]
    html = '<p data-i18n="A help">A help</p><button data-i18n-label="Close"></button><h2 data-i18n>Two\n   words</h2>'
    assert html_messages(html) == ["A help", "Close", "Two words"]


def test_every_page_string_is_translated() -> None:
    for language in TRANSLATED:
        assert [text for text in PAGE_STRINGS if ("page", text) not in CATALOGUES[language]] == [], language


def test_strings_endpoint(client: TestClient[Any]) -> None:
    hant = client.get("/web/strings/zh-Hant").json()
    assert hant["page"]["Discarder"] == "出銃嘅人"
    assert hant["seat"]["east"] == "東家"
    assert client.get("/web/strings/en").json()["page"]["Discarder"] == "Discarder"
    assert client.get("/web/strings/xx").status_code == 404


def test_the_page_is_modules_small_enough_to_read() -> None:
    """The page's script is ES modules (no build step), none over 450 lines,
    and index.html loads the entry as a module."""
    for path in page_scripts():
        lines = path.read_text().count("\n")
        assert lines <= 450, f"{path.relative_to(WEB_DIR)}: {lines} lines"
    assert len(MODULES) >= 10
    assert '<script type="module" src="/web/static/page.js">' in (WEB_DIR / "index.html").read_text()
    for module in MODULES:
        assert f'from "./{module}"' in SCRIPT or f'from "./{module.removeprefix("page/")}"' in SCRIPT, f"{module} is never imported"


def test_the_page_modules_import_downward_only() -> None:
    """docs/page.md lists the modules from the bottom layer up; each imports
    only modules listed before it, so no two modules import each other,
    directly or round a circle. A module that must set off something above it
    (a changed value settles the result again) calls a hook that page.js sets."""
    doc = (WEB_DIR.parents[1] / "docs" / "page.md").read_text()
    order = re.findall(r"^\s*\| `(page/\w+\.js)` \|", doc, re.M)
    assert sorted(order) == sorted(MODULES)
    arrows = 0
    for index, module in enumerate(order):
        text = (WEB_DIR / module).read_text()
        imported = re.findall(r'^import \{[^}]*\} from "\./([\w/]+\.js)";', text, re.M)
        assert len(imported) == text.count(' from "./'), f"{module}: an import this test cannot read"
        for name in imported:
            assert f"page/{name}" in order[:index], f"{module} imports page/{name}, listed after it"
        arrows += len(imported)
    assert arrows >= 30
