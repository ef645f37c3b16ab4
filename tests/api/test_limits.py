"""Each bound a request meets is stated once in the service, and the docs
and the OpenAPI descriptions take their numbers from there: docs/api.md's
"Limits" tables are rendered here from the service's own values and must
appear as they are; the README and docs/games.md must state the same
numbers. Over the work bound is a 413 that names the work bound (not the
body's size) and says how to split the work."""

from __future__ import annotations

import json
import re
from pathlib import Path

from litestar.testing import TestClient

from service.api import create_app
from service.api.work import BUDGET, GAME_HAND, RECORDED_HAND, VALUE, WEIGHTS, limits, most_per_request
from service.core.game_types import MAX_HANDS
from service.rulesets.riichi.records.tenhou6 import MAX_RECORD_HANDS
from service.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
KINDS = {
    "value": "a stated value (`fan`, `han`/`fu`, `value`, `tai`), a draw, an abort",
    "patterns": "declared patterns or yaku",
    "hongkong": "Hong Kong tiles",
    "riichi": "riichi tiles",
    "mcr": "MCR tiles",
    "taiwan": "Taiwan tiles",
}
"""How the table names each kind of item (service.api.work.WEIGHTS' keys)."""
RIICHI_TILES = {"winner": "east", "win": {"type": "self_draw"}, "tiles": {"concealed": "234m345p456s678s55z", "win_tile": "8s"}}


def n(number: float) -> str:
    return f"{number:,g}" if number < 10_000 else f"{number:,}"


def limits_table() -> str:
    settings = Settings()
    rows = [
        ("request body", f"{settings.max_body_bytes:,} bytes (`MAHJONG_MAX_BODY_BYTES`)", "413"),
        ("batch body", f"{settings.batch_max_body_bytes:,} bytes (`MAHJONG_BATCH_MAX_BODY_BYTES`)", "413"),
        ("batch items", f"{settings.batch_max_items:,} (`MAHJONG_BATCH_MAX_ITEMS`, 1–1,000)", "413 (`batch-item-bound`)"),
        ("game hands", f"{MAX_HANDS}", "413 (`game-hand-bound`)"),
        ("a recorded game's `log`", f"{MAX_RECORD_HANDS} hands", "400"),
        ("work per request", f"{BUDGET} units", "413 (`work-bound`)"),
    ]
    return "\n".join(f"| {a} | {b} | {c} |" for a, b, c in rows)


def weights_table() -> str:
    rows = []
    for kind, weight, batch, hand, game in limits():
        per_game = f"{min(game, MAX_HANDS)}" + (f" (the hand bound; {game} by work)" if game > MAX_HANDS else "")
        per_batch = min(batch, Settings().batch_max_items)
        rows.append(f"| {KINDS[kind]} | {n(weight)} | {per_batch:,} | {n(hand)} | {per_game} |")
    return "\n".join(rows)


def api_doc() -> str:
    return (ROOT / "docs" / "api.md").read_text(encoding="utf-8")


def test_docs_api_states_the_services_bounds() -> None:
    text = api_doc()
    section = text[text.index("## Limits") :]
    section = section[: section.index("\n## ", 1)]
    assert limits_table() in section
    assert weights_table() in section
    folded = " ".join(section.split())
    assert f"at most {BUDGET} units of work" in folded
    assert f"a game hand {n(GAME_HAND)} more" in folded
    recorded = WEIGHTS[RECORDED_HAND]
    assert f"weighs {n(recorded)} units: a record of at most {most_per_request(recorded)} hands" in folded
    # the example: 70 riichi tile hands
    riichi = WEIGHTS["riichi"]
    assert f"70 × {n(riichi)} = {round(70 * riichi)} units" in folded and 70 > most_per_request(riichi) >= 35


def test_the_readme_states_the_same_bounds() -> None:
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "300 plain Hong Kong settlements" not in text
    sentence = re.search(r"A request's work is bounded \(([^)]*)\)", text)
    assert sentence, "the README states the work bound"
    stated = sentence.group(1)
    assert f"{BUDGET} units" in stated
    assert f"{most_per_request(WEIGHTS[VALUE]):,} plain settlements" in stated
    assert f"{most_per_request(WEIGHTS['riichi'])} riichi hands from tiles" in stated


def test_games_md_states_the_records_bounds() -> None:
    text = " ".join((ROOT / "docs" / "games.md").read_text(encoding="utf-8").split())
    assert "at most 64 hands)" not in text
    assert f"at most {MAX_RECORD_HANDS} hands in `log`" in text
    assert f"at most {most_per_request(WEIGHTS[RECORDED_HAND])} hands a request" in text


def test_over_the_work_bound_is_a_413_naming_the_work_bound(client) -> None:
    # 70 × 4.5 = 315 units > 300; a 6 KB body, far under the 1 MiB batch body limit
    items = [{**RIICHI_TILES, "ruleset": "riichi"}] * 70
    response = client.post("/v1/settlements/batch", json={"items": items})
    assert response.status_code == 413
    problem = response.json()
    assert problem["type"] == "urn:mahjong-settlement:problem:work-bound"
    assert problem["title"] == "The request asks for more work than one request may"
    assert problem["detail"].startswith("A request may ask for at most 300 units of work")
    assert "this one asks for 315. Split the work into 2 requests of at most 300 units each" in problem["detail"]
    assert len(response.request.content) < Settings().max_body_bytes  # far under the batch body limit too


def test_a_batch_over_its_items_is_a_413_naming_the_item_bound() -> None:
    # 10 plain items (10 × 0.3 = 3 units: far under the work bound) where the operator allows 4:
    # 10 items in batches of at most 4 are three batches (4 + 4 + 2)
    item = {"ruleset": "hongkong", "winner": "east", "win": {"type": "self_draw"}, "fan": 3}
    with TestClient(create_app(Settings(batch_max_items=4))) as small:
        response = small.post("/v1/settlements/batch", json={"items": [item] * 10})
    assert response.status_code == 413
    assert response.headers["content-type"] == "application/problem+json"
    problem = response.json()
    assert problem["type"] == "urn:mahjong-settlement:problem:batch-item-bound"
    assert problem["title"] == "The batch carries more items than one batch may"
    assert problem["detail"] == "A batch may carry at most 4 items; this one has 10. Split it into 3 batches of at most 4 items each."


def test_a_game_over_its_hands_is_a_413_naming_the_hand_bound(client) -> None:
    # 257 hands of a stated 3 fan: 257 × 0.8 = 205.6 units, under the work bound, one hand over the hand bound
    hand = {"winner": "east", "win": {"type": "self_draw"}, "fan": 3}
    body = {"hands": [hand] * (MAX_HANDS + 1)}
    assert (MAX_HANDS + 1) * (WEIGHTS[VALUE] + GAME_HAND) < BUDGET
    response = client.post("/v1/hongkong/games", json=body)
    assert response.status_code == 413
    problem = response.json()
    assert problem["type"] == "urn:mahjong-settlement:problem:game-hand-bound"
    assert problem["title"] == "The game carries more hands than one request may"
    assert problem["detail"].startswith(
        f"A game may carry at most {MAX_HANDS} hands; this one has {MAX_HANDS + 1}. Send the first {MAX_HANDS}"
    )
    assert "`game.start_dealer`, `game.start_round`" in problem["detail"]
    # what it says works: the first 256 as one game (under the bound) answers 200 with its `next`
    first = client.post("/v1/hongkong/games", json={"hands": [hand] * MAX_HANDS})
    assert first.status_code == 200


def test_the_most_the_docs_promise_passes(client) -> None:
    most = most_per_request(WEIGHTS["riichi"])
    items = [{**RIICHI_TILES, "ruleset": "riichi"}] * most
    response = client.post("/v1/settlements/batch", json={"items": items})
    assert response.status_code == 200
    plain = [{"ruleset": "hongkong", "winner": "east", "win": {"type": "self_draw"}, "fan": 3}] * most_per_request(WEIGHTS[VALUE])
    assert client.post("/v1/settlements/batch", json={"items": plain}).status_code == 200


def test_the_title_follows_the_language(client) -> None:
    items = [{**RIICHI_TILES, "ruleset": "riichi"}] * 70
    response = client.post("/v1/settlements/batch", json={"items": items}, headers={"Accept-Language": "zh-HK"})
    assert response.json()["title"] == "呢個請求要嘅工作量超過一個請求嘅上限"


def test_the_batch_description_states_what_fits() -> None:
    document = json.loads((ROOT / "openapi" / "openapi.json").read_text(encoding="utf-8"))
    text = " ".join(document["paths"]["/v1/settlements/batch"]["post"]["description"].split())
    assert (
        f"So {most_per_request(WEIGHTS[VALUE]):,} plain items fit, and {most_per_request(WEIGHTS['riichi'])} riichi hands from tiles at most"
        in text
    )
