"""Batch settlement and the tagged single endpoint."""

from __future__ import annotations

from litestar.testing import TestClient

from service.api import create_app
from service.settings import Settings
from tests.helpers import D, paid

HK = {"ruleset": "hongkong", "winner": "east", "win": {"type": "discard", "discarder": "south"}, "fan": 3}
RIICHI = {"ruleset": "riichi", "winner": "south", "win": {"type": "discard", "discarder": "west"}, "han": 3, "fu": 30}
MCR_IMPOSSIBLE = {"ruleset": "mcr", "winner": "east", "win": {"type": "discard", "discarder": "east"}, "fan": 8}
NMJL = {"ruleset": "nmjl", "winner": "east", "win": {"type": "self_draw"}, "value": 25}
TAIWAN = {"ruleset": "taiwan", "winner": "south", "win": {"type": "discard", "discarder": "west"}, "tai": 5}


def test_mixed_batch_in_order_with_per_item_problems(client) -> None:
    response = client.post(
        "/v1/settlements/batch",
        json={"items": [HK, RIICHI, MCR_IMPOSSIBLE, {"ruleset": "bridge", "winner": "east"}, NMJL, {**TAIWAN, "tai": "5"}, TAIWAN]},
    )
    assert response.status_code == 200, response.text
    body = response.json()
    entries = body["results"]
    assert [e["status"] for e in entries] == [200, 200, 422, 400, 200, 400, 200]
    assert (body["settled"], body["failed"]) == (4, 3)
    # HK 3 fan half spicy, full gun: south pays 8
    assert entries[0]["result"]["ruleset"] == "hongkong" and paid(entries[0]["result"])["south"] == D(8)
    # riichi non-dealer (dealer east) 3 han 30 fu ron: 30 × 2^5 = 960; ×4 = 3840 → 3900 from west
    assert entries[1]["result"]["ruleset"] == "riichi" and paid(entries[1]["result"])["west"] == D(3900)
    # one bad item fails alone, its pointer under its own index
    assert entries[2]["problem"]["status"] == 422
    assert entries[2]["problem"]["errors"][0]["pointer"] == "#/items/2/win/discarder"
    assert entries[3]["problem"]["errors"][0]["pointer"] == "#/items/3/ruleset"
    # NMJL 25 self-draw: everyone pays 2 × 25 = 50, winner 150
    assert D(entries[4]["result"]["winner_receives"]) == D(150)
    assert entries[5]["problem"]["errors"][0]["pointer"] == "#/items/5/tai"
    # Taiwan 100/20 table, 5 tai, discard by a non-dealer: 100 + 5 × 20 = 200
    assert paid(entries[6]["result"])["west"] == D(200)


def test_batch_body_is_the_published_batch_response(client) -> None:
    """The handler writes each entry as it settles it; the whole body must
    still decode strictly as the documented BatchResponse (in order, the
    counts last), and in another language too."""
    from service.api.batch import BatchResponse
    from service.core.codec import ENCODER, decode

    items = [HK, MCR_IMPOSSIBLE, {**HK, "fan": 2}, RIICHI]
    for language in ("en", "zh-Hant"):
        response = client.post("/v1/settlements/batch", json={"items": items}, headers={"Accept-Language": language})
        assert response.status_code == 200 and response.headers["content-type"] == "application/json"
        decoded = decode(response.content, BatchResponse)
        assert ENCODER.encode(decoded) == response.content, "byte for byte BatchResponse's own encoding"
        assert [entry.status for entry in decoded.results] == [200, 422, 200, 200]
        assert (decoded.settled, decoded.failed) == (3, 1)
        # HK 2 fan: below the 3-fan minimum, worded in the request's language
        [warning] = decoded.results[2].result.warnings
        assert (
            warning.message
            == {
                "en": "2 fan is below this table's minimum of 3; the hand is still settled.",
                "zh-Hant": "2 番未夠呢張檯要求嘅 3 番起糊；照計。",
            }[language]
        )


def test_thousand_items() -> None:
    with TestClient(create_app()) as client:
        response = client.post("/v1/settlements/batch", json={"items": [HK] * 1000})
    assert response.status_code == 200
    body = response.json()
    assert body["settled"] == 1000 and body["failed"] == 0
    assert all(entry["result"]["winner_receives"] == 8 for entry in body["results"])


def test_over_the_configured_item_limit_is_413() -> None:
    with TestClient(create_app(Settings(batch_max_items=2))) as client:
        response = client.post("/v1/settlements/batch", json={"items": [HK, HK, HK]})
        assert response.status_code == 413
        assert response.headers["content-type"].startswith("application/problem+json")
        assert "at most 2 items" in response.json()["detail"]
        assert client.post("/v1/settlements/batch", json={"items": [HK, HK]}).status_code == 200


def test_over_the_schema_limit_is_the_same_413(client) -> None:
    # one rule for the item count: the schema's maxItems 1000 is the default
    # limit, and more than the limit is 413 naming it, as the docs say
    response = client.post("/v1/settlements/batch", json={"items": [HK] * 1001})
    assert response.status_code == 413
    assert response.headers["content-type"] == "application/problem+json"
    # 1,001 items in batches of at most 1,000: two batches
    assert response.json()["detail"] == (
        "A batch may carry at most 1000 items; this one has 1001. Split it into 2 batches of at most 1000 items each."
    )


def test_empty_and_malformed_batches(client) -> None:
    response = client.post("/v1/settlements/batch", json={"items": []})
    assert response.status_code == 400
    assert response.json()["errors"][0]["pointer"] == "#/items"
    response = client.post("/v1/settlements/batch", json={"items": [HK], "extra": 1})
    assert response.status_code == 400
    assert response.json()["errors"][0]["pointer"] == "#/extra"
    assert client.post("/v1/settlements/batch", json=[HK]).status_code == 400


def test_batch_body_limit_is_its_own() -> None:
    # 100 KB is over the default 64 KiB limit of single settlements but fine for a batch.
    padded = {**HK, "dealer": "east"}
    items = [padded] * 1000
    with TestClient(create_app(Settings(batch_max_body_bytes=50_000))) as client:
        assert client.post("/v1/settlements/batch", json={"items": items}).status_code == 413
    with TestClient(create_app()) as client:
        assert client.post("/v1/settlements/batch", json={"items": items}).status_code == 200


def test_single_tagged_settlement(client) -> None:
    response = client.post("/v1/settlements", json=NMJL)
    assert response.status_code == 200
    result = response.json()
    assert result["ruleset"] == "nmjl"
    assert paid(result) == {"south": D(50), "west": D(50), "north": D(50)}
    response = client.post("/v1/settlements", json=MCR_IMPOSSIBLE)
    assert response.status_code == 422
    assert response.json()["errors"][0]["pointer"] == "#/win/discarder"
    response = client.post("/v1/settlements", json={**HK, "ruleset": "bridge"})
    assert response.status_code == 400
    assert response.json()["errors"][0]["pointer"] == "#/ruleset"
    response = client.post("/v1/settlements", json={k: v for k, v in HK.items() if k != "ruleset"})
    assert response.status_code == 400
    assert response.json()["errors"][0]["pointer"] == "#/ruleset"


def test_batch_counts_each_settlement_in_metrics() -> None:
    with TestClient(create_app()) as client:

        def count() -> float:
            for line in client.get("/metrics").text.splitlines():
                if line.startswith('mahjong_settlements_total{ruleset="taiwan"}'):
                    return float(line.split()[-1])
            return 0.0

        before = count()
        client.post("/v1/settlements/batch", json={"items": [TAIWAN, TAIWAN, TAIWAN]})
        assert count() == before + 3


def test_batch_counts_settlements_and_warnings_by_ruleset_and_code() -> None:
    def counts(client: TestClient) -> dict[str, float]:
        wanted = (
            'mahjong_settlements_total{ruleset="hongkong"}',
            'mahjong_settlements_total{ruleset="nmjl"}',
            'mahjong_settlement_warnings_total{code="below_minimum_fan",ruleset="hongkong"}',
        )
        found = dict.fromkeys(wanted, 0.0)
        for line in client.get("/metrics").text.splitlines():
            name, _, value = line.rpartition(" ")
            if name in found:
                found[name] = float(value)
        return found

    with TestClient(create_app()) as client:
        before = counts(client)
        low = {**HK, "fan": 1}  # below the default minimum of 3 fan: settled, with a warning
        items = [low, HK, NMJL, low, MCR_IMPOSSIBLE, low]
        response = client.post("/v1/settlements/batch", json={"items": items})
        assert response.json()["settled"] == 5
        after = counts(client)
    assert after['mahjong_settlements_total{ruleset="hongkong"}'] - before['mahjong_settlements_total{ruleset="hongkong"}'] == 4
    assert after['mahjong_settlements_total{ruleset="nmjl"}'] - before['mahjong_settlements_total{ruleset="nmjl"}'] == 1
    warned = 'mahjong_settlement_warnings_total{code="below_minimum_fan",ruleset="hongkong"}'
    assert after[warned] - before[warned] == 3
