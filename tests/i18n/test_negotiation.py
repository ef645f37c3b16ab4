"""Accept-Language → the language answered in (docs/i18n.md):
zh-TW/zh-HK/zh-MO/zh-Hant* → zh-Hant; zh-CN/zh-SG/zh-Hans*/bare zh → zh-Hans;
ja* → ja; anything else → en; q-values honoured. Content-Language names the
language on every response, success or error."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.i18n import LANGUAGES, language_of_tag, negotiate, negotiate_header

NEGOTIATION = [
    # header, language served
    (None, "en"),
    ("", "en"),
    ("en", "en"),
    ("en-GB", "en"),
    ("zh-Hant", "zh-Hant"),
    ("zh-TW", "zh-Hant"),
    ("zh-HK", "zh-Hant"),
    ("zh-MO", "zh-Hant"),
    ("zh-hk", "zh-Hant"),  # tags are case-insensitive
    ("zh-Hant-HK", "zh-Hant"),
    ("zh-Hant-TW", "zh-Hant"),
    ("zh-Hans", "zh-Hans"),
    ("zh-CN", "zh-Hans"),
    ("zh-SG", "zh-Hans"),
    ("zh-Hans-CN", "zh-Hans"),
    ("zh", "zh-Hans"),
    ("ja", "ja"),
    ("ja-JP", "ja"),
    ("fr", "en"),
    ("de-DE, fr;q=0.8", "en"),
    ("*", "en"),
    ("ko-KR", "en"),
    # q-values: the highest served wins, ties go to the first listed
    ("en;q=0.5, ja", "ja"),
    ("ja;q=0.4, zh-HK;q=0.9, en;q=0.8", "zh-Hant"),
    ("zh-CN, zh-TW", "zh-Hans"),
    ("zh-TW, zh-CN", "zh-Hant"),
    ("ja, en", "ja"),
    ("en, ja", "en"),
    ("fr, ja;q=0.5", "ja"),  # fr is not served, so the next best is
    ("fr-CA,fr;q=0.9,zh-Hant;q=0.8,en;q=0.7", "zh-Hant"),
    ("zh-HK;q=0, ja;q=0.1", "ja"),  # q=0 means "not this one"
    ("ja;q=0", "en"),
    ("ja;q=abc, zh-CN;q=0.2", "zh-Hans"),  # a malformed q is treated as 0
    ("ja;q=2", "en"),  # out of range → ignored
    ("  zh-HK ; q=0.7 ,  en ; q=0.6", "zh-Hant"),  # whitespace around parts
    ("ja-JP;level=1;q=0.9, en;q=0.8", "ja"),  # other parameters are ignored
    (",,;;", "en"),
]


@pytest.mark.parametrize(("header", "language"), NEGOTIATION)
def test_negotiation_table(header, language) -> None:
    assert negotiate(header) == language


@pytest.mark.parametrize(("header", "language"), [row for row in NEGOTIATION if row[0] is not None])
def test_raw_header_negotiation_matches_and_is_memoised(header, language) -> None:
    raw = header.encode("latin-1")
    assert negotiate_header(raw) == language
    assert negotiate_header(raw) == language  # second time from the memo


@pytest.mark.parametrize(
    ("tag", "language"),
    [("zh-Hant", "zh-Hant"), ("zh-MY", "zh-Hans"), ("yue-HK", None), ("english", None), ("en-US", "en"), ("JA", "ja")],
)
def test_single_tags(tag, language) -> None:
    assert language_of_tag(tag) == language


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_any_header_gives_a_served_language(header) -> None:
    assert negotiate(header) in LANGUAGES


@pytest.mark.parametrize(("header", "language"), [(h, lang) for h, lang in NEGOTIATION if h])
def test_content_language_on_a_settlement(client, header, language) -> None:
    body = {"winner": "east", "win": {"type": "discard", "discarder": "south"}, "fan": 3}
    response = client.post("/v1/hongkong/settlements", json=body, headers={"Accept-Language": header})
    assert response.status_code == 200
    assert response.headers["content-language"] == language
    assert "accept-language" in response.headers["vary"].lower()


def test_content_language_defaults_to_english(client) -> None:
    body = {"winner": "east", "win": {"type": "discard", "discarder": "south"}, "fan": 3}
    response = client.post("/v1/hongkong/settlements", json=body)
    assert response.headers["content-language"] == "en"


@pytest.mark.parametrize("language", ["en", "zh-Hant", "zh-Hans", "ja"])
@pytest.mark.parametrize(
    ("method", "path", "body", "status"),
    [
        ("GET", "/healthz", None, 200),
        ("GET", "/v1/rulesets", None, 200),
        ("GET", "/v1/taiwan/tai-table", None, 200),
        ("GET", "/schema/openapi.json", None, 200),
        ("GET", "/metrics", None, 200),
        ("GET", "/no/such/endpoint", None, 404),
        ("DELETE", "/v1/hongkong/settlements", None, 405),
        ("POST", "/v1/hongkong/settlements", {"winner": "east"}, 400),
        ("POST", "/v1/hongkong/settlements", {"winner": "east", "win": {"type": "discard", "discarder": "east"}, "fan": 3}, 422),
        ("GET", "/v1/hongkong/points-table?fan_cap=99", None, 400),
    ],
)
def test_content_language_on_every_response(client, language, method, path, body, status) -> None:
    response = client.request(method, path, json=body, headers={"Accept-Language": language})
    assert response.status_code == status
    assert response.headers["content-language"] == language


# --- The ASGI entry ----------------------------------------------------------------


def test_the_entry_negotiates_the_language_in_its_header_scan() -> None:
    from service.api.asgi import scan_headers

    assert scan_headers([(b"host", b"x")])[2] == "en"
    assert scan_headers([(b"host", b"x"), (b"accept-language", b"ja-JP, en;q=0.5")])[2] == "ja"


def _asgi(app, scope, body=b""):
    import asyncio

    sent = []

    async def receive():
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message):
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    return sent


@pytest.mark.parametrize(
    ("path", "method", "body", "status"),
    [
        ("/v1/hongkong/settlements", "POST", b'{"winner": "east", "win": {"type": "self_draw"}, "fan": 3}', 200),  # direct path
        ("/v1/hongkong/settlements", "POST", b"{}", 400),  # direct path, a problem
        ("/healthz", "GET", b"", 200),  # litestar
        ("/nowhere", "GET", b"", 404),  # litestar, no route
    ],
)
def test_entry_adds_headers_and_leaves_the_language_as_it_was(path, method, body, status) -> None:
    from service.api import create_app
    from service.i18n import LANGUAGE

    app = create_app()
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"x"), (b"accept-language", b"zh-MO"), (b"content-type", b"application/json")],
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
        "state": {},
    }
    start = _asgi(app, scope, body)[0]
    assert start["status"] == status
    headers = list(start["headers"])
    assert headers.count((b"content-language", b"zh-Hant")) == 1
    assert (b"vary", b"accept-language") in headers
    assert LANGUAGE.get() == "en"


def test_english_content_is_not_touched() -> None:
    from service.api.language import localize
    from service.rulesets.hongkong.warnings import warning

    item = warning("below_minimum_fan", fan=2, min_fan=3)
    content = [item]
    assert localize(content, "en") is content
    assert content[0] is item


def test_shared_rows_are_copied_not_changed() -> None:
    from service.api.language import localize
    from service.rulesets.hongkong.value_table import FAN_TABLE

    rows = list(FAN_TABLE[:2])
    named = localize(rows, "ja")
    assert [row.name for row in named] == ["ツモ", "門前清"]
    assert all(row.name is msgspec.UNSET for row in FAN_TABLE)  # the module's table is untouched


def test_a_long_header_is_not_kept_and_only_its_first_ranges_count() -> None:
    """A megabyte Accept-Language (the HTTP parser passes it through) must
    not stay in the memo, and ranges after the first 32 are ignored: ja with
    the highest q as the 33rd range loses to zh-HK (q=0.5) before it."""
    from service import i18n

    long_value = ("fr;q=0.9," * 31 + "zh-HK;q=0.5," + "ja;q=1," + "x" * 1_000_000).encode("latin-1")
    before = dict(i18n._NEGOTIATED)
    assert negotiate_header(long_value) == "zh-Hant"
    assert long_value not in i18n._NEGOTIATED and before == i18n._NEGOTIATED
    # the same ranges in a short value: 32 looked at, so zh-HK still wins
    short = ",".join(["fr;q=0.9"] * 31 + ["zh-HK;q=0.5", "ja"])
    assert negotiate(short) == "zh-Hant"
    assert negotiate(",".join(["fr;q=0.9"] * 30 + ["zh-HK;q=0.5", "ja"])) == "ja"
    # of a long value only the first 4 KB are read: a range after them does not count
    assert negotiate_header(b"x" * 5000 + b",ja") == "en"
    assert negotiate_header(b"x" * 3000 + b",ja") == "ja"
