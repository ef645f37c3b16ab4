"""The ASGI entry: one implementation of every endpoint, and what a gateway
in front of the service expects (content types, HEAD, request ids, CORS,
problem+json wherever the service answers, metrics by route template)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from litestar.testing import TestClient

from service.api import create_app
from service.api.asgi import REQUEST_ID, scan_headers
from service.api.fast import content_length_header
from service.settings import Settings
from tests.server import start_service

HK = {"winner": "east", "win": {"type": "discard", "discarder": "south"}, "fan": 3}
JSON = {"content-type": "application/json"}


@pytest.fixture(scope="module")
def document(client) -> dict[str, Any]:
    return client.get("/schema/openapi.json").json()


def post_operations(document: dict[str, Any]) -> list[tuple[str, list[Any]]]:
    """(path, request examples) of every POST operation the document shows."""
    found = []
    for path, item in document["paths"].items():
        if "post" in item:
            schema = item["post"]["requestBody"]["content"]["application/json"]["schema"]
            found.append((path, schema.get("examples", [])))
    return found


def spellings(path: str) -> list[str]:
    """Every spelling of a path litestar routes to the same handler."""
    return [path, path + "/", path.replace("/v1/", "/v1//", 1)]


def comparable(response: httpx.Response) -> tuple[int, str | None, str | None, bytes]:
    return response.status_code, response.headers.get("content-type"), response.headers.get("content-language"), response.content


# --- one implementation of each endpoint ------------------------------------------------


def test_every_example_answers_the_same_bytes_through_every_spelling(client, document) -> None:
    operations = post_operations(document)
    assert len(operations) >= 13
    sent = 0
    for path, examples in operations:
        assert examples, f"POST {path} has no example"
        for example in examples:
            body = json.dumps(example).encode()
            for language in ("en", "ja"):
                headers = {**JSON, "accept-language": language}
                answers = {spelling: comparable(client.post(spelling, content=body, headers=headers)) for spelling in spellings(path)}
                first = answers[path]
                assert first[0] in (200, 422), (path, first)
                for spelling, answer in answers.items():
                    assert answer == first, f"{spelling} answers differently from {path}"
                sent += 1
    assert sent >= 60


def test_every_bad_body_answers_the_same_through_every_spelling(client, document) -> None:
    # the empty body once had two titles, one per implementation
    for path, _ in post_operations(document):
        for body in (b"", b"{", b"[]", b'{"winner": "east", "unknown": 1}'):
            answers = [comparable(client.post(spelling, content=body, headers=JSON)) for spelling in spellings(path)]
            assert answers[0][0] == 400, (path, body, answers[0])
            assert answers[0][1] == "application/problem+json"
            assert all(answer == answers[0] for answer in answers), (path, body)
    empty = client.post("/v1/hongkong/settlements/", content=b"", headers=JSON).json()
    assert empty["title"] == "The request body is invalid"
    assert empty["instance"] == "/v1/hongkong/settlements"


def test_get_routes_answer_the_same_with_a_trailing_slash(client, document) -> None:
    for path, item in document["paths"].items():
        if "get" in item and "{" not in path and path != "/metrics":
            plain, slash = client.get(path), client.get(path + "/")
            assert comparable(plain) == comparable(slash), path


def test_an_empty_body_is_titled_as_every_body_problem_on_the_direct_paths(client) -> None:
    # /hands went through litestar, whose missing-body 400 had its own title
    for path in ("/v1/hongkong/settlements", "/v1/mcr/hands", "/v1/riichi/hands", "/v1/hongkong/hands", "/v1/taiwan/hands"):
        empty = client.post(path, content=b"", headers=JSON).json()
        unknown = client.post(path, content=b'{"unknown": 1}', headers=JSON).json()
        assert empty["title"] == unknown["title"] == "The request body is invalid", path
        assert empty["detail"] == "The body is empty; send a JSON object."
        assert empty["instance"] == path


# --- content type -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content_type",
    [None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx", "json"],
)
def test_a_body_not_declared_as_json_is_415_on_every_post_route(client, document, content_type) -> None:
    headers = {} if content_type is None else {"content-type": content_type}
    for path, examples in post_operations(document):
        response = client.post(path, content=json.dumps(examples[0]).encode(), headers=headers)
        assert response.status_code == 415, (path, content_type)
        assert response.headers["content-type"] == "application/problem+json"
        problem = response.json()
        assert problem["type"] == "urn:mahjong-settlement:problem:unsupported-media-type"
        assert problem["title"] == "Unsupported media type"
        if content_type is None:
            assert problem["detail"] == "Send the body as application/json (or a +json type); this request has no Content-Type."
        else:
            assert problem["detail"].endswith(f"this request's Content-Type is {content_type}.")


@pytest.mark.parametrize(
    "content_type", ["application/json", "application/json; charset=utf-8", "Application/JSON;charset=UTF-8", "application/vnd.api+json"]
)
def test_json_and_plus_json_are_accepted(client, content_type) -> None:
    for path in ("/v1/hongkong/settlements", "/v1/hongkong/fan", "/v1/settlements"):
        body = {**HK, "ruleset": "hongkong"} if path == "/v1/settlements" else HK
        if path.endswith("/fan"):
            body = {"patterns": [{"code": "self_draw"}]}
        response = client.post(path, content=json.dumps(body).encode(), headers={"content-type": content_type})
        assert response.status_code == 200, (path, content_type, response.text)


def test_415_is_translated(client) -> None:
    response = client.post("/v1/mcr/settlements", content=b"{}", headers={"content-type": "text/plain", "accept-language": "zh-HK"})
    assert response.status_code == 415
    assert response.json()["title"] == "唔支援嘅媒體類型"
    assert response.headers["content-language"] == "zh-Hant"


def test_a_long_content_type_is_shown_cut(client) -> None:
    response = client.post("/v1/mcr/settlements", content=b"{}", headers={"content-type": "text/" + "x" * 500})
    assert response.status_code == 415
    assert len(response.json()["detail"]) < 250


def test_the_body_limit_is_checked_at_the_entry_for_every_post_route() -> None:
    with TestClient(create_app(Settings(max_body_bytes=1024))) as client:
        big = json.dumps({**HK, "rules": {"point_value": 1}, "pad": "x" * 2000}).encode()
        for path in ("/v1/hongkong/settlements", "/v1/hongkong/settlements/", "/v1/hongkong/fan", "/v1/settlements"):
            response = client.post(path, content=big, headers=JSON)
            assert response.status_code == 413, path
            assert response.headers["content-type"] == "application/problem+json"
            assert response.json()["title"] == "Request body too large"


# --- HEAD, 404s, metrics ------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/healthz", "/readyz", "/version", "/v1/rulesets"])
def test_head_answers_like_get_without_a_body(client, path) -> None:
    get = client.get(path)
    head = client.head(path)
    assert head.status_code == get.status_code == 200
    assert head.content == b""
    assert head.headers["content-length"] == str(len(get.content))
    assert head.headers["content-type"] == get.headers["content-type"]


def test_head_on_a_post_route_is_405(client) -> None:
    assert client.head("/v1/hongkong/settlements").status_code == 405


def metric(client: TestClient[Any], method: str, path: str, status: int) -> float:
    pattern = re.compile(rf'^mahjong_requests_total\{{method="{method}",path="{re.escape(path)}",status_code="{status}"\}} (\S+)$', re.M)
    match = pattern.search(client.get("/metrics").text)
    return float(match.group(1)) if match else 0.0


def test_a_405_is_counted_under_its_route_template(client) -> None:
    # DELETE is no method the service serves: counted as `other`
    before = metric(client, "other", "/healthz", 405)
    assert client.delete("/healthz").status_code == 405
    assert metric(client, "other", "/healthz", 405) == before + 1
    before = metric(client, "GET", "/v1/hongkong/settlements", 405)
    assert client.get("/v1/hongkong/settlements/").status_code == 405
    assert metric(client, "GET", "/v1/hongkong/settlements", 405) == before + 1


def test_unknown_paths_share_one_label(client) -> None:
    before = metric(client, "GET", "unmatched", 404)
    client.get("/no/such/path")
    client.get("/v1/hongkong/nothing-here")
    assert metric(client, "GET", "unmatched", 404) == before + 2


def test_both_settlement_spellings_are_counted_under_one_template(client) -> None:
    before = metric(client, "POST", "/v1/nmjl/settlements", 200)
    body = {"winner": "east", "win": {"type": "self_draw"}, "value": 25}
    client.post("/v1/nmjl/settlements", json=body)
    client.post("/v1/nmjl/settlements/", json=body)
    assert metric(client, "POST", "/v1/nmjl/settlements", 200) == before + 2


def settled(client: TestClient[Any], ruleset: str) -> float:
    match = re.search(rf'^mahjong_settlements_total\{{ruleset="{ruleset}"\}} (\S+)$', client.get("/metrics").text, re.M)
    return float(match.group(1)) if match else 0.0


def test_hands_are_counted_as_requests_not_as_settlements(client) -> None:
    # /hands shares the settlements' direct path; only a settlement is one
    requests, settlements = metric(client, "POST", "/v1/mcr/hands", 200), settled(client, "mcr")
    body = {
        "winner": "south",
        "win": {"type": "discard", "discarder": "west"},
        "tiles": {"concealed": "234m567m345p678s55p", "win_tile": "8s"},
    }
    assert client.post("/v1/mcr/hands", json=body).status_code == 200
    assert client.post("/v1/mcr/hands/", json=body).status_code == 200
    assert metric(client, "POST", "/v1/mcr/hands", 200) == requests + 2
    assert settled(client, "mcr") == settlements
    assert client.post("/v1/mcr/settlements", json={"winner": "east", "win": {"type": "self_draw"}, "fan": 8}).status_code == 200
    assert settled(client, "mcr") == settlements + 1


@pytest.mark.parametrize("path", ["/schema/nope", "/schema/openapi.txt", "/schema/a/b", "/nope", "/v1/hongkong/nope"])
def test_404_is_problem_json_everywhere(client, path) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json() == {
        "type": "urn:mahjong-settlement:problem:not-found",
        "title": "Not found",
        "status": 404,
        "detail": f"No endpoint at {path}: `GET /v1/rulesets` lists every ruleset and its endpoints.",
        "instance": path,
    }


def test_the_docs_page_stays_html(client) -> None:
    response = client.get("/schema")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")


def test_metrics_names_its_charset_once(client) -> None:
    content_type = client.get("/metrics").headers["content-type"]
    assert content_type.count("charset") == 1
    assert content_type.startswith("text/plain; version=")
    assert content_type.endswith("; charset=utf-8")


# --- request ids ----------------------------------------------------------------------------


def test_a_safe_request_id_is_echoed(client) -> None:
    for value in ("abc-123", "0f8fad5b-d9cb-469f-a165-70867728950e", "trace:01/x+y=", "x" * 128):
        for response in (
            client.post("/v1/hongkong/settlements", json=HK, headers={"x-request-id": value}),
            client.get("/healthz", headers={"x-request-id": value}),
            client.get("/nope", headers={"x-request-id": value}),
        ):
            assert response.headers["x-request-id"] == value


@pytest.mark.parametrize("size", [0, 1, 9, 10, 514, 4095, 4096, 4097, 1_048_576])
def test_the_content_length_header_is_the_size_in_decimal(size: int) -> None:
    # below 4 KiB from the table made at start, above it formatted
    assert content_length_header(size) == (b"content-length", str(size).encode("ascii"))


def test_every_direct_answer_says_its_length(client) -> None:
    riichi_hand = {
        "winner": "south",
        "win": {"type": "discard", "discarder": "east"},
        "tiles": {"concealed": "234m567m345p678s55p", "win_tile": "8s"},
    }
    for path, body in (("/v1/hongkong/settlements", HK), ("/v1/riichi/hands", riichi_hand), ("/v1/hongkong/settlements", {})):
        response = client.post(path, json=body)
        assert int(response.headers["content-length"]) == len(response.content) > 0


def test_an_unsafe_or_long_request_id_is_replaced(client) -> None:
    for value in (b"x" * 129, b"a b", b"a\tb", b"<script>", "é".encode(), b""):
        response = client.get("/healthz", headers={"x-request-id": value})
        made = response.headers["x-request-id"]
        assert made.encode() != value
        assert REQUEST_ID.fullmatch(made.encode())


def test_every_response_gets_a_fresh_request_id(client) -> None:
    responses = [
        client.post("/v1/hongkong/settlements", json=HK),
        client.post("/v1/hongkong/settlements", content=b"{}", headers={"content-type": "text/plain"}),
        client.get("/healthz"),
        client.get("/nope"),
        client.delete("/healthz"),
        client.post("/v1/settlements/batch", json={"items": []}),
    ]
    ids = [response.headers["x-request-id"] for response in responses]
    assert len(set(ids)) == len(ids)
    assert all(REQUEST_ID.fullmatch(value.encode()) for value in ids)


def test_made_request_ids_count_up_across_the_blocks_they_are_made_in() -> None:
    # the entry makes ids a thousand at a time: the numbers run on, one by
    # one, from 1000, through the end of a block and into the next
    entry = create_app(Settings())
    made = [next(entry._ids, None) or entry.more_ids() for _ in range(2_501)]
    prefix = entry.request_id_prefix.decode()
    assert made[0].decode() == f"{prefix}1000"
    assert [int(value.decode().removeprefix(prefix)) for value in made] == list(range(1000, 3501))
    assert all(REQUEST_ID.fullmatch(value) for value in made)


def test_the_header_scan_keeps_the_last_of_a_repeated_header() -> None:
    headers = [
        (b"content-type", b"text/plain"),
        (b"host", b"x"),
        (b"content-type", b"application/json"),
        (b"accept-language", b"fr"),
        (b"accept-language", b"ja"),
        (b"x-request-id", b"a"),
        (b"origin", b"https://a.example"),
        (b"access-control-request-method", b"POST"),
        (b"content-length", b"12"),
    ]
    assert scan_headers(headers) == [b"application/json", b"12", "ja", b"a", b"https://a.example", b"POST"]
    assert scan_headers([]) == [None, None, "en", None, None, None]


# --- version and CORS -----------------------------------------------------------------------


def test_version() -> None:
    with TestClient(create_app(Settings(build="2026.11.30-1", build_commit="ff9aa9b"))) as client:
        body = client.get("/version").json()
    from service import __version__

    assert body == {
        "version": __version__,
        "build": "2026.11.30-1",
        "commit": "ff9aa9b",
        "python": ".".join(str(part) for part in sys.version_info[:3]),
    }


def test_version_without_build_information(client) -> None:
    body = client.get("/version").json()
    assert body["build"] is None and body["commit"] is None


PREFLIGHT = {"origin": "https://app.example", "access-control-request-method": "POST", "access-control-request-headers": "content-type"}


def test_cors_is_off_by_default(client) -> None:
    response = client.post("/v1/hongkong/settlements", json=HK, headers={"origin": "https://app.example"})
    assert response.status_code == 200
    assert "access-control-allow-origin" not in response.headers
    preflight = client.options("/v1/hongkong/settlements", headers=PREFLIGHT)
    assert "access-control-allow-origin" not in preflight.headers


def test_cors_for_the_configured_origins() -> None:
    settings = Settings.from_env({"MAHJONG_CORS_ORIGINS": "https://app.example, http://localhost:5173"})
    with TestClient(create_app(settings)) as client:
        for path in ("/v1/hongkong/settlements", "/v1/hongkong/settlements/", "/v1/settlements/batch", "/v1/hongkong/fan"):
            preflight = client.options(path, headers=PREFLIGHT)
            assert preflight.status_code == 204, path
            assert preflight.headers["access-control-allow-origin"] == "https://app.example"
            assert "POST" in preflight.headers["access-control-allow-methods"]
            assert "content-type" in preflight.headers["access-control-allow-headers"]
            assert preflight.headers["access-control-max-age"] == "600"
        response = client.post("/v1/hongkong/settlements", json=HK, headers={"origin": "http://localhost:5173"})
        assert response.headers["access-control-allow-origin"] == "http://localhost:5173"
        assert "x-request-id" in response.headers["access-control-expose-headers"]
        assert "origin" in response.headers.get_list("vary")
        stranger = client.post("/v1/hongkong/settlements", json=HK, headers={"origin": "https://evil.example"})
        assert stranger.status_code == 200
        assert "access-control-allow-origin" not in stranger.headers
        refused = client.options("/v1/hongkong/settlements", headers={**PREFLIGHT, "origin": "https://evil.example"})
        assert "access-control-allow-origin" not in refused.headers


def test_cors_origins_setting_is_checked() -> None:
    from service.settings import SettingsError

    assert Settings.from_env({}).cors_origins == ()
    assert Settings.from_env({"MAHJONG_CORS_ORIGINS": "*"}).cors_origins == ("*",)
    for bad in ("https://app.example/", "app.example", "https://a.example/path"):
        with pytest.raises(SettingsError):
            Settings.from_env({"MAHJONG_CORS_ORIGINS": bad})


# --- structured logs with the request id, from a real server --------------------------------


def test_logs_are_json_lines_naming_the_request(tmp_path: Path) -> None:
    service = start_service(tmp_path / "metrics", MAHJONG_ACCESS_LOG="true", MAHJONG_LOG_LEVEL="info")
    base = service.base
    try:
        httpx.post(f"{base}/v1/hongkong/settlements", json=HK, headers={"x-request-id": "gateway-42"})
        httpx.get(f"{base}/v1/rulesets", headers={"x-request-id": "gateway-43"})
        answer = httpx.post(f"{base}/v1/mcr/settlements", content=b"{}", headers={"content-type": "text/plain"})
        made = answer.headers["x-request-id"]
    finally:
        service.stop()
    lines = [line for line in service.log_text().splitlines() if line.strip()]
    records = [json.loads(line) for line in lines]  # every line is one JSON object
    assert all({"time", "level", "message"} <= record.keys() for record in records)
    by_id = {record.get("request_id"): record for record in records if record.get("logger") == "uvicorn.access"}
    settled = by_id["gateway-42"]
    assert settled["method"] == "POST" and settled["path"] == "/v1/hongkong/settlements" and settled["status"] == 200
    assert settled["duration"] >= 0 and settled["level"] == "info"
    assert by_id["gateway-43"]["status"] == 200 and by_id["gateway-43"]["path"] == "/v1/rulesets"
    assert by_id[made]["status"] == 415
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", settled["time"])


# --- a body in several messages, on the direct settlement path -----------------------------


def _post_in_parts(parts: list[bytes], limit_bytes: int | None = None) -> tuple[int, bytes]:
    """POST a Hong Kong settlement to the ASGI app with its body split into
    ``parts`` (one ``http.request`` message each), as uvicorn hands a body
    that arrives in several packets."""
    import asyncio

    app = create_app(Settings(max_body_bytes=limit_bytes) if limit_bytes else Settings())
    body = b"".join(parts)
    messages = [{"type": "http.request", "body": part, "more_body": i < len(parts) - 1} for i, part in enumerate(parts)]
    sent: list[dict] = []

    async def receive() -> dict:
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/v1/hongkong/settlements",
        "root_path": "",
        "query_string": b"",
        "headers": [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))],
    }
    asyncio.run(app(scope, receive, send))
    return sent[0]["status"], b"".join(m.get("body", b"") for m in sent[1:])


def test_a_body_in_several_messages_is_read_whole() -> None:
    body = json.dumps(HK).encode()
    status, answer = _post_in_parts([body[:7], body[7:20], body[20:]])
    assert status == 200, answer
    # 3 fan on a discard: 8 points (the reference calculator's 3-fan row, half-gun: discarder 4, others 2 each)
    assert json.loads(answer)["winner_receives"] == 8


def test_a_body_past_the_limit_in_several_messages_is_413() -> None:
    body = json.dumps(HK).encode()
    status, answer = _post_in_parts([body[:30], body[30:]], limit_bytes=40)
    assert status == 413 and json.loads(answer)["status"] == 413
