"""The browser tests' rule for "a request left the machine" (`leaving_machine`):
Chromium's own internal pages pass, the service passes, and any http(s) or
other request to another host fails the test. No browser needed."""

from __future__ import annotations

from tests.web.browser import leaving_machine

BASE = "http://127.0.0.1:43117"


def test_the_service_and_inline_resources_stay() -> None:
    urls = [
        f"{BASE}/",
        f"{BASE}/web/static/page.js",
        f"{BASE}/v1/rulesets",
        "data:image/svg+xml;base64,PHN2Zy8+",
        "blob:http://127.0.0.1:43117/6c1f0b7e-2a4d-4d55-9c1e-2f1d2e6b8f00",
        "about:blank",
    ]
    assert leaving_machine(urls, BASE) == []


def test_chromium_internal_pages_are_not_requests_leaving_the_machine() -> None:
    """What Chromium 150 and later log at start, seen on a fresh machine."""
    urls = [
        "chrome://new-tab-page/",
        "chrome://new-tab-page/shared.rollup.js",
        "chrome://resources/js/cr.js",
        "chrome-untrusted://new-tab-page/one-google-bar?paramsencoded=",
        "chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/index.js",
        "chrome-search://local-ntp/local-ntp.html",
        "devtools://devtools/bundled/inspector.html",
    ]
    assert leaving_machine(urls, BASE) == []


def test_any_other_host_leaves_the_machine() -> None:
    outside = [
        "https://fonts.googleapis.com/css2?family=Noto+Sans",
        "http://www.google.com/",
        "https://127.0.0.1:43117/",  # the service's port, another scheme
        "http://127.0.0.1:8000/v1/rulesets",  # another port on the same machine is another server
        "http://localhost:43117/",  # not the address the page was opened at
        "ws://example.org/socket",
        "ftp://example.org/file",
    ]
    assert leaving_machine([f"{BASE}/", *outside, "chrome://new-tab-page/"], BASE) == outside


def test_a_look_alike_host_is_not_the_service() -> None:
    """A prefix match would let these through."""
    urls = ["http://127.0.0.1:431170/x", "http://127.0.0.1:43117.evil.example/x"]
    assert leaving_machine(urls, BASE) == urls
