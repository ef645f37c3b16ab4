"""Bad input gets a 4xx application/problem+json naming the field; never a 5xx."""

from __future__ import annotations

import pytest

URL = "/v1/hongkong/settlements"
GOOD = {"winner": "east", "win": {"type": "discard", "discarder": "south"}, "fan": 3}


def with_(**changes):
    body = {**GOOD, **changes}
    return body


@pytest.mark.parametrize(
    ("name", "body", "status", "pointer"),
    [
        ("negative fan", with_(fan=-1), 400, "#/fan"),
        ("discarder equals winner", with_(win={"type": "discard", "discarder": "east"}), 422, "#/win/discarder"),
        ("unknown rule value", with_(rules={"table": "medium_spicy"}), 400, "#/rules/table"),
        ("unknown scheme", with_(rules={"payment_scheme": "whatever"}), 400, "#/rules/payment_scheme"),
        ("point value 0", with_(rules={"point_value": 0}), 400, "#/rules/point_value"),
        ("negative point value", with_(rules={"point_value": -1}), 400, "#/rules/point_value"),
        ("absurd fan", with_(fan=10**30), 400, "#/fan"),
        ("absurd fan cap", with_(rules={"fan_cap": 1000}), 400, "#/rules/fan_cap"),
        ("absurd point value", with_(rules={"point_value": 1e300}), 400, "#/rules/point_value"),
        ("fan as string", with_(fan="3"), 400, "#/fan"),
        ("fan as fraction", with_(fan=3.5), 400, "#/fan"),
        ("winner not a seat", with_(winner="centre"), 400, "#/winner"),
        ("win type unknown", with_(win={"type": "robbery"}), 400, "#/win/type"),
        ("discard without discarder", with_(win={"type": "discard"}), 400, "#/win/discarder"),
        ("unknown top-level field", with_(colour="red"), 400, "#/colour"),
        ("unknown rules field", with_(rules={"spicy": True}), 400, "#/rules/spicy"),
        ("missing fan", {"winner": "east", "win": {"type": "self_draw"}}, 400, "#/fan"),
        ("liable is the winner", with_(liable="east"), 422, "#/liable"),
        ("rules not an object", with_(rules=[1, 2]), 400, "#/rules"),
    ],
)
def test_field_named(client, name, body, status, pointer) -> None:
    response = client.post(URL, json=body)
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    problem = response.json()
    assert problem["status"] == status
    assert problem["title"] and problem["detail"] and problem["type"]
    assert pointer in [e.get("pointer") for e in problem["errors"]], problem


@pytest.mark.parametrize(
    ("content", "detail_fragment"),
    [
        (b"", "empty"),
        (b"{", "not valid JSON"),
        (b"[]", "Expected `object`"),
        (b"null", "Expected `object`"),
        (b"\xff\xfe", "not valid JSON"),
    ],
)
def test_not_an_object(client, content, detail_fragment) -> None:
    response = client.post(URL, content=content, headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert response.headers["content-type"].startswith("application/problem+json")
    assert detail_fragment in response.json()["detail"]


def test_one_megabyte_body_is_413(client) -> None:
    body = b'{"winner": "east", "pad": "' + b"x" * (1024 * 1024) + b'"}'
    response = client.post(URL, content=body, headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert response.headers["content-type"].startswith("application/problem+json")
    assert response.json()["status"] == 413


def test_deeply_nested_json_is_a_400_not_a_crash(client) -> None:
    response = client.post(URL, content=b"[" * 5000 + b"]" * 5000, headers={"content-type": "application/json"})
    assert response.status_code == 400


def test_integral_float_beside_deep_nesting_is_a_400_not_a_crash(client) -> None:
    # 3.0 sends the decoder down its second, untyped pass; the 3,000-deep
    # array must not turn that into a RecursionError (5xx).
    body = b'{"winner":"east","win":{"type":"self_draw"},"fan":3.5,"liable":' + b"[" * 3000 + b"]" * 3000 + b"}"
    for fan in (b"3.0", b"3.5"):
        response = client.post(URL, content=body.replace(b"3.5", fan), headers={"content-type": "application/json"})
        assert response.status_code == 400, response.text
    batch = b'{"items":[' + body.replace(b"3.5", b"3.0") + b"]}"
    response = client.post("/v1/settlements/batch", content=batch, headers={"content-type": "application/json"})
    assert response.status_code in (200, 400), response.text
    if response.status_code == 200:
        assert response.json()["results"][0]["status"] == 400


def test_query_parameter_named(client) -> None:
    response = client.get("/v1/hongkong/points-table", params={"fan_cap": 99})
    assert response.status_code == 400
    assert response.headers["content-type"].startswith("application/problem+json")
    assert response.json()["errors"][0]["parameter"] == "fan_cap"
    response = client.get("/v1/hongkong/points-table", params={"point_value": "0"})
    assert response.status_code == 400
    assert response.json()["errors"][0]["parameter"] == "point_value"


def test_unknown_path_and_method(client) -> None:
    assert client.get("/v1/nowhere").status_code == 404
    assert client.get("/v1/nowhere").headers["content-type"].startswith("application/problem+json")
    response = client.delete(URL)
    assert response.status_code == 405
    assert response.headers["content-type"].startswith("application/problem+json")


@pytest.mark.parametrize("value", ["1", "0.1", True, None, [1], {"v": 1}])
def test_decimal_fields_take_json_numbers_only(client, value) -> None:
    response = client.post(URL, json=with_(rules={"point_value": value}))
    assert response.status_code == 400, response.text
    assert response.json()["errors"][0]["pointer"] == "#/rules/point_value"


def test_integral_float_is_accepted_where_an_integer_is_expected(client) -> None:
    # JSON Schema counts 3.0 an integer; 3.5 is not (see test_field_named).
    response = client.post(URL, json=with_(fan=3.0, rules={"fan_cap": 10.0}))
    assert response.status_code == 200
    assert response.json()["winner_receives"] == 8


def test_decimal_query_parameter_that_is_not_a_number(client) -> None:
    response = client.get("/v1/hongkong/points-table", params={"point_value": "abc"})
    assert response.status_code == 400
    assert response.json()["errors"][0]["parameter"] == "point_value"


@pytest.mark.parametrize(
    "path",
    ["/web/static/%00", "/web/static/page.js%00", "/schema/static/x%00", "/schema/static/%00/swagger-ui.css", "/v1/rulesets%00", "/%00"],
)
@pytest.mark.parametrize("method", ["GET", "HEAD"])
def test_a_nul_byte_in_a_path_is_a_404(client, path, method) -> None:
    """No file or route has a NUL byte in its name; the static file routes
    used to answer 500 (the file system refuses such a name)."""
    response = client.request(method, path)
    assert response.status_code == 404, response.text
    assert response.headers["content-type"] == "application/problem+json"
