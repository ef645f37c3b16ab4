"""The fast path is an optimisation of the litestar handlers, nothing more.

``POST /v1/<ruleset>/settlements`` and ``/hands`` are real litestar handlers
(service.api.routes); the entry answers them itself (service.api.fast) with
the same decode, function and encode. Here every ruleset's settlement and
hands requests go to an app with the fast path and to one without it
(``create_app(fast_path=False)``: every request reaches litestar's handler),
and the two answers must be the same bytes: status, the headers a client
reads, body. Good bodies (every documented example, in English and Japanese),
bodies that do not match the schema (400), impossible ones (422), too large
(413), not JSON (415), every spelling of the path, and query parameters
(a POST's query string is not read: no field comes from it).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from litestar.testing import TestClient

from service.api import create_app
from service.rulesets.registry import RULESETS
from service.settings import Settings

LIMIT = 4096
"""The body limit of both apps here (`MAHJONG_MAX_BODY_BYTES`), small enough to pass."""

COMPARED = (
    "content-type",
    "content-length",
    "content-language",
    "vary",
    "x-request-id",
    "x-content-type-options",
    "cache-control",
    "connection",
    "access-control-allow-origin",
    "access-control-expose-headers",
)
"""Every header either path sets (a fixed X-Request-ID is sent)."""

ROUTES = [(ruleset.name, endpoint) for ruleset in RULESETS for endpoint in ruleset.endpoints if endpoint.path in ("/settlements", "/hands")]


@pytest.fixture(scope="module")
def apps() -> Iterator[tuple[TestClient[Any], TestClient[Any]]]:
    settings = Settings(max_body_bytes=LIMIT, cors_origins=("https://table.example",))
    fast, slow = create_app(settings), create_app(settings, fast_path=False)
    assert {f"/v1/{name}{endpoint.path}" for name, endpoint in ROUTES} <= set(fast.fast)
    assert slow.fast == {}
    with TestClient(fast) as fast_client, TestClient(slow) as slow_client:
        yield fast_client, slow_client


def answer(client: TestClient[Any], path: str, body: bytes, headers: dict[str, str]) -> tuple[int, list[tuple[str, str]], bytes]:
    response = client.post(path, content=body, headers={"x-request-id": "compare-1", **headers})
    kept = sorted((name, value) for name, value in response.headers.multi_items() if name in COMPARED)
    return response.status_code, kept, response.content


def assert_same(
    apps: tuple[TestClient[Any], TestClient[Any]], path: str, body: bytes, headers: dict[str, str], status: int | None = None
) -> None:
    fast, slow = (answer(client, path, body, headers) for client in apps)
    assert fast == slow, f"{path} {body[:80]!r} {headers}"
    if status is not None:
        assert fast[0] == status, (path, body[:80], fast)


JSON = {"content-type": "application/json"}


def test_there_is_a_settlement_route_per_ruleset_and_some_hands_routes() -> None:
    names = [name for name, endpoint in ROUTES if endpoint.path == "/settlements"]
    assert names == [ruleset.name for ruleset in RULESETS]
    assert {name for name, endpoint in ROUTES if endpoint.path == "/hands"} == {"hongkong", "riichi", "mcr", "taiwan"}


@pytest.mark.parametrize(("name", "endpoint"), ROUTES, ids=[f"{name}{endpoint.path}" for name, endpoint in ROUTES])
def test_every_example_answers_the_same_bytes(apps, name, endpoint) -> None:
    path = f"/v1/{name}{endpoint.path}"
    assert endpoint.examples
    for example in endpoint.examples:
        body = json.dumps(example.value).encode()
        for language in ("en", "ja", "zh-Hant"):
            assert_same(apps, path, body, {**JSON, "accept-language": language})
        # with CORS, from an allowed origin and from another one
        assert_same(apps, path, body, {**JSON, "origin": "https://table.example"})
        assert_same(apps, path, body, {**JSON, "origin": "https://elsewhere.example"})


BAD_BODIES = [
    b"",
    b"{",
    b"[]",
    b"null",
    b'{"winner": "east", "unknown": 1}',
    b'{"winner": "East", "win": {"type": "self_draw"}}',
    b'{"winner": "east", "win": {"type": "tsumo"}}',
    b'{"winner": "east", "win": {"type": "self_draw"}, "rules": {"point_value": "1"}}',
    b"[" * 2000 + b"]" * 2000,
]


@pytest.mark.parametrize(("name", "endpoint"), ROUTES, ids=[f"{name}{endpoint.path}" for name, endpoint in ROUTES])
def test_every_bad_body_answers_the_same_bytes(apps, name, endpoint) -> None:
    path = f"/v1/{name}{endpoint.path}"
    for body in BAD_BODIES:
        for language in ("en", "ja"):
            assert_same(apps, path, body, {**JSON, "accept-language": language}, status=400)


@pytest.mark.parametrize(("name", "endpoint"), ROUTES, ids=[f"{name}{endpoint.path}" for name, endpoint in ROUTES])
def test_an_impossible_request_answers_the_same_422(apps, name, endpoint) -> None:
    """The first example with the discarder made the winner (a 422 by the contract)."""
    path = f"/v1/{name}{endpoint.path}"
    for example in endpoint.examples:
        if example.value.get("win", {}).get("type") == "discard":
            body = json.dumps({**example.value, "win": {"type": "discard", "discarder": example.value["winner"]}}).encode()
            for language in ("en", "zh-Hans"):
                assert_same(apps, path, body, {**JSON, "accept-language": language}, status=422)
            return
    raise AssertionError(f"{path}: no example won on a discard")


@pytest.mark.parametrize(("name", "endpoint"), ROUTES, ids=[f"{name}{endpoint.path}" for name, endpoint in ROUTES])
def test_a_body_over_the_limit_answers_the_same_413(apps, name, endpoint) -> None:
    path = f"/v1/{name}{endpoint.path}"
    example = json.dumps(endpoint.examples[0].value).encode()
    padded = example[:-1] + b" " * LIMIT + b"}"
    assert_same(apps, path, padded, JSON, status=413)
    assert_same(apps, path, padded, {**JSON, "accept-language": "ja"}, status=413)
    # exactly at the limit is read (and answered as the example is)
    at_limit = example[:-1] + b" " * (LIMIT - len(example)) + b"}"
    assert len(at_limit) == LIMIT
    assert_same(apps, path, at_limit, JSON, status=answer(apps[0], path, example, JSON)[0])


@pytest.mark.parametrize(("name", "endpoint"), ROUTES, ids=[f"{name}{endpoint.path}" for name, endpoint in ROUTES])
def test_a_body_not_declared_as_json_answers_the_same_415(apps, name, endpoint) -> None:
    path = f"/v1/{name}{endpoint.path}"
    body = json.dumps(endpoint.examples[0].value).encode()
    for headers in ({}, {"content-type": "text/plain"}, {"content-type": "application/jsonx"}):
        assert_same(apps, path, body, headers, status=415)
    assert_same(apps, path, body, {"content-type": "application/problem+json; charset=utf-8"})


@pytest.mark.parametrize(("name", "endpoint"), ROUTES, ids=[f"{name}{endpoint.path}" for name, endpoint in ROUTES])
def test_every_spelling_and_query_answers_the_same_bytes(apps, name, endpoint) -> None:
    path = f"/v1/{name}{endpoint.path}"
    good = json.dumps(endpoint.examples[0].value).encode()
    for spelling in (path, path + "/", path.replace("/v1/", "/v1//", 1)):
        for body in (good, b'{"unknown": 1}'):
            assert_same(apps, spelling, body, JSON)
            # query parameters are not read by a POST: not a field, not a rule
            assert_same(apps, spelling + "?fan=3&winner=south&rules=x", body, JSON)
    fast, _ = apps
    with_query = answer(fast, path + "?winner=north&point_value=100", good, JSON)
    assert with_query == answer(fast, path, good, JSON)
