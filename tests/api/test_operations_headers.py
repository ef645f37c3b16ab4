"""The contract's Operations headers: nosniff everywhere, a Content-Security-
Policy on the page and the docs UI, no-store on settlement answers, ETags on
catalogues and discovery; /metrics on MAHJONG_METRICS_PORT alone; 431 for a
request head over 64 KiB."""

from __future__ import annotations

import base64
import contextlib
import hashlib
import re
import socket

import httpx
import pytest

from tests.helpers import TSUMO, ron
from tests.server import free_port, start_service

HK = {"winner": "east", "win": ron("south"), "fan": 3}

REQUESTS = [
    ("POST", "/v1/hongkong/settlements", HK),
    ("POST", "/v1/hongkong/settlements", {"winner": "east"}),
    ("POST", "/v1/settlements", {**HK, "ruleset": "hongkong"}),
    ("POST", "/v1/settlements/batch", {"items": [{**HK, "ruleset": "hongkong"}]}),
    ("POST", "/v1/hongkong/games", {"hands": [HK]}),
    ("GET", "/v1/rulesets", None),
    ("GET", "/v1/hongkong/fan-table", None),
    ("GET", "/healthz", None),
    ("GET", "/readyz", None),
    ("GET", "/metrics", None),
    ("GET", "/version", None),
    ("GET", "/", None),
    ("GET", "/schema", None),
    ("GET", "/schema/openapi.json", None),
    ("GET", "/web/static/page.js", None),
    ("GET", "/nowhere", None),
    ("DELETE", "/v1/rulesets", None),
]


@pytest.mark.parametrize(("method", "path", "body"), REQUESTS)
def test_every_response_says_nosniff(client, method, path, body) -> None:
    response = client.request(method, path, json=body)
    assert response.headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize(
    ("method", "path", "body"), [r for r in REQUESTS if r[0] == "POST"] + [("GET", "/healthz", None), ("GET", "/metrics", None)]
)
def test_settlement_answers_and_operations_are_never_stored(client, method, path, body) -> None:
    response = client.request(method, path, json=body)
    assert response.headers["cache-control"] == "no-store"
    assert "etag" not in response.headers


ERRORS = [
    # (method, path, body bytes, status): the contract's Operations section,
    # "every error is no-store, like every settlement"
    ("GET", "/v1/hongkong/points-table?fan_cap=abc", None, 400),
    ("GET", "/v1/nowhere", None, 404),
    ("HEAD", "/v1/nowhere", None, 404),
    ("GET", "/web/static/missing.js", None, 404),
    ("PUT", "/v1/rulesets", None, 405),
    ("GET", "/v1/hongkong/settlements", None, 405),
    ("POST", "/v1/hongkong/settlements", b"{", 400),
    ("POST", "/v1/hongkong/settlements/", b"{", 400),
    ("POST", "/v1/hongkong/settlements", b'{"winner": "east", "win": {"type": "discard", "discarder": "east"}, "fan": 3}', 422),
    ("POST", "/v1/hongkong/settlements", b'{"x": "' + b"a" * 70_000 + b'"}', 413),
    ("POST", "/v1/settlements/batch", b"{", 400),
    ("POST", "/v1/settlements/batch", b'{"items": "' + b"a" * 1_100_000 + b'"}', 413),
    ("POST", "/v1/nowhere", b"{}", 404),
]


@pytest.mark.parametrize(("method", "path", "body", "status"), ERRORS)
def test_every_error_answer_is_never_stored(client, method, path, body, status) -> None:
    """Errors to a GET as well as to a POST, on the fast path (the
    settlements) and litestar's (the batch, the catalogues, unknown paths):
    a 400 to a catalogue query had no Cache-Control at all."""
    headers = {"content-type": "application/json"} if body is not None else {}
    response = client.request(method, path, content=body, headers=headers)
    assert response.status_code == status
    assert response.headers.get_list("cache-control") == ["no-store"]


def directives(policy: str) -> dict[str, list[str]]:
    return {part.split()[0]: part.split()[1:] for part in (p.strip() for p in policy.split(";")) if part}


@pytest.mark.parametrize("path", ["/", "/schema", "/schema/oauth2-redirect.html"])
def test_the_page_and_the_docs_ui_have_a_content_security_policy(client, path) -> None:
    response = client.get(path)
    policy = directives(response.headers["content-security-policy"])
    assert policy["default-src"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert "'unsafe-inline'" not in response.headers["content-security-policy"]
    # each inline script the page has is allowed by its hash, and only those
    inline = re.findall(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", response.text, re.DOTALL)
    hashes = {f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'" for s in inline}
    assert set(policy.get("script-src", ["'self'"])) - {"'self'"} == hashes


def test_catalogues_and_discovery_are_cacheable_with_an_etag(client) -> None:
    first = client.get("/v1/hongkong/fan-table")
    tag = first.headers["etag"]
    assert first.headers["cache-control"].startswith("public")
    again = client.get("/v1/hongkong/fan-table", headers={"if-none-match": tag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == tag
    # another answer (another query, another language) is another tag
    assert client.get("/v1/hongkong/fan-table", params={"fan_cap": 13}).headers["etag"] != tag
    assert client.get("/v1/hongkong/fan-table", headers={"accept-language": "ja"}).headers["etag"] != tag
    changed = client.get("/v1/hongkong/fan-table", headers={"if-none-match": '"other"'})
    assert changed.status_code == 200 and changed.json() == first.json()
    assert client.head("/v1/rulesets").headers["etag"] == client.get("/v1/rulesets").headers["etag"]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    metrics_port = free_port()
    service = start_service(tmp_path_factory.mktemp("metrics"), MAHJONG_WORKERS="2", MAHJONG_METRICS_PORT=str(metrics_port))
    yield service, f"http://127.0.0.1:{metrics_port}"
    service.stop()


@pytest.mark.server
def test_metrics_are_served_on_their_own_port_only(served) -> None:
    service, metrics = served
    assert httpx.post(f"{service.base}/v1/hongkong/settlements", json=HK).status_code == 200
    assert httpx.get(f"{service.base}/metrics").status_code == 404
    text = httpx.get(f"{metrics}/metrics").text
    assert 'mahjong_settlements_total{ruleset="hongkong"} 1.0' in text
    for method, path in [("GET", "/healthz"), ("GET", "/v1/rulesets"), ("POST", "/v1/hongkong/settlements"), ("GET", "/schema")]:
        assert httpx.request(method, f"{metrics}{path}", json=HK).status_code == 404, path


def raw_status(base: str, request: bytes) -> int:
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            sock.sendall(request)
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except ConnectionResetError:
            pass
    return int(answer.split(b" ", 2)[1])


@pytest.mark.server
@pytest.mark.parametrize(("size", "status"), [(60 * 1024, 200), (64 * 1024, 431), (16 * 1024 * 1024, 431)])
def test_a_request_head_over_64_kib_is_refused_with_431(served, size, status) -> None:
    service, _ = served
    request = b"GET /healthz HTTP/1.1\r\nhost: x\r\nconnection: close\r\nx-filler: " + b"a" * size + b"\r\n\r\n"
    assert raw_status(service.base, request) == status


@pytest.mark.server
def test_a_head_under_the_bound_with_a_large_body_is_read_whole(served) -> None:
    """The bound is on the line and headers: a body after a 60 KiB head
    (the two together over 64 KiB) is read whole and answered."""
    service, _ = served
    items = [{**HK, "ruleset": "hongkong", "rules": {"point_value": 1}}] * 200
    response = httpx.post(f"{service.base}/v1/settlements/batch", json={"items": items}, headers={"x-filler": "a" * 60000})
    assert response.status_code == 200, response.text[:300]
    assert response.json()["settled"] == 200


def test_a_self_drawn_game_is_not_stored(client) -> None:
    response = client.post("/v1/hongkong/games", json={"hands": [{"winner": "east", "win": TSUMO, "fan": 3}]})
    assert response.status_code == 200 and response.headers["cache-control"] == "no-store"
