"""A request's work is bounded and long requests give the event loop back
(service.api.work): the costliest request the service accepts costs at most
300 plain Hong Kong settlements (bench/costs.py measures it), anything
costlier is a 413 naming the bound before anything is settled, and while a
long batch or game is being settled the same worker answers /healthz."""

from __future__ import annotations

import asyncio
import re
import time
from typing import Any

import httpx
import pytest
from litestar.testing import TestClient

from service.api import create_app
from service.api.work import BUDGET, GAME_HAND, PATTERNS, RECORDED_HAND, VALUE, WEIGHTS
from service.core.tiles import build_tables
from tests.helpers import TSUMO, ron
from tests.rulesets.riichi.test_game_records import body as record_body
from tests.rulesets.riichi.test_game_records import exhaustive_draw

RIICHI_TILES = {
    "winner": "south",
    "win": ron("north"),
    "tiles": {
        "concealed": "22234567888m345p",
        "win_tile": "8m",
        "riichi": True,
        "ippatsu": True,
        "dora_indicators": "1z2z3z4z5z",
        "ura_dora_indicators": "6z7z1s2s3s",
    },
}
HK_TILES = {"winner": "east", "win": TSUMO, "tiles": {"concealed": "11123456789999m", "win_tile": "9m"}}
PLAIN = {"winner": "east", "win": ron("south"), "fan": 3}


def most(weight: float) -> int:
    """The most items of ``weight`` the bound admits (whole hundredths)."""
    return BUDGET * 100 // round(weight * 100)


def test_the_weights_bound_every_kind_and_a_full_batch_of_plain_items_fits() -> None:
    assert set(WEIGHTS) == {VALUE, PATTERNS, "hongkong", "riichi", "mcr", "taiwan", RECORDED_HAND}
    assert most(WEIGHTS[VALUE]) >= 1000, "a batch of 1,000 plain items stays within the bound"
    assert most(WEIGHTS[VALUE] + GAME_HAND) >= 256, "so does a 256-hand game of plain hands"


@pytest.mark.parametrize(
    ("item", "weight"),
    [({**RIICHI_TILES, "ruleset": "riichi"}, WEIGHTS["riichi"]), ({**HK_TILES, "ruleset": "hongkong"}, WEIGHTS["hongkong"])],
)
def test_a_batch_over_the_bound_is_a_413_naming_it_and_one_at_it_is_settled(client, item, weight) -> None:
    at_bound = client.post("/v1/settlements/batch", json={"items": [item] * most(weight)})
    assert at_bound.status_code == 200, at_bound.text[:300]
    assert at_bound.json()["settled"] == most(weight)
    over = client.post("/v1/settlements/batch", json={"items": [item] * (most(weight) + 1)})
    assert over.status_code == 413
    assert over.headers["content-type"] == "application/problem+json"
    assert f"at most {BUDGET} units of work" in over.json()["detail"]


def test_a_batch_of_1000_plain_items_is_settled(client) -> None:
    response = client.post("/v1/settlements/batch", json={"items": [{**PLAIN, "ruleset": "hongkong"}] * 1000})
    assert response.status_code == 200 and response.json()["settled"] == 1000


def test_a_game_over_the_bound_is_a_413_naming_it(client) -> None:
    hands = most(WEIGHTS["hongkong"] + GAME_HAND)
    assert client.post("/v1/hongkong/games", json={"hands": [HK_TILES] * hands}).status_code == 200
    over = client.post("/v1/hongkong/games", json={"hands": [HK_TILES] * (hands + 1)})
    assert over.status_code == 413
    assert f"at most {BUDGET} units of work" in over.json()["detail"]
    plain = client.post("/v1/hongkong/games", json={"hands": [{"winner": "east", "win": TSUMO, "fan": 3}] * 256})
    assert plain.status_code == 200


def test_a_record_over_the_bound_is_a_413_naming_it(client) -> None:
    """A recorded hand is played from its steps (a whole wall for a draw)
    and settled from the tiles: 12 units, so at most 25 hands."""
    hands = most(WEIGHTS[RECORDED_HAND])
    assert hands == 25
    over = client.post("/v1/riichi/game-records", json=record_body(*[exhaustive_draw()] * (hands + 1)))
    assert over.status_code == 413
    assert f"at most {BUDGET} units of work" in over.json()["detail"]
    assert client.post("/v1/riichi/game-records", json=record_body(exhaustive_draw())).status_code == 200


async def finish_order(path: str, body: dict[str, Any]) -> list[str]:
    """Send a long request, then /healthz once the long one is being
    settled; the order in which they finish."""
    order: list[str] = []
    build_tables()  # what the app's lifespan does first
    # the app on this event loop, as a worker runs it
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=create_app()), base_url="http://test") as client:

        async def long() -> None:
            response = await client.post(path, json=body)
            assert response.status_code == 200, response.text[:300]
            order.append("long")

        async def probe() -> None:
            response = await client.get("/healthz")
            assert response.status_code == 200
            order.append("healthz")

        task = asyncio.create_task(long())
        started = time.perf_counter()
        await asyncio.sleep(0.003)  # the long request is under way
        await probe()
        await task
        assert time.perf_counter() - started > 0.003
    return order


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/v1/settlements/batch", {"items": [{**RIICHI_TILES, "ruleset": "riichi"}] * most(WEIGHTS["riichi"])}),
        ("/v1/riichi/games", {"game": {"bust": False}, "hands": [RIICHI_TILES] * most(WEIGHTS["riichi"] + GAME_HAND)}),
        ("/v1/hongkong/games", {"hands": [HK_TILES] * most(WEIGHTS["hongkong"] + GAME_HAND)}),
    ],
    ids=["batch", "riichi game", "hong kong game"],
)
def test_healthz_is_answered_while_a_long_request_is_settled(path, body) -> None:
    """Before, the worker's event loop was held until the batch or game was
    done: /healthz, sent while it ran, finished after it."""
    assert asyncio.run(finish_order(path, body)) == ["healthz", "long"]


# --- the weights the document states ----------------------------------------------------------

_PROSE = {"hongkong": "Hong Kong", "riichi": "riichi", "mcr": "MCR", "taiwan": "Taiwan"}
"""How the operations' descriptions name the rulesets whose tiles have a weight."""
_TILES_WEIGHT = re.compile(r"(\d+(?:\.\d+)?)(?: units)?(?: from its tiles)? in (Hong Kong|riichi|MCR|Taiwan)\b")


def _weighing_descriptions() -> dict[str, str]:
    """Every operation description of the served document that states work
    weights, folded to one line."""
    with TestClient(create_app()) as client:
        document = client.get("/schema/openapi.json").json()
    found = {}
    for path, item in document["paths"].items():
        for method, operation in item.items():
            text = " ".join(str(operation.get("description", "")).split()) if isinstance(operation, dict) else ""
            if "weighs" in text and " units" in text:
                found[f"{method.upper()} {path}"] = text
    return found


def test_the_documents_work_weights_are_the_services() -> None:
    # the weights are written in the operations' prose: its numbers must be WEIGHTS'
    described = _weighing_descriptions()
    assert {"POST /v1/settlements/batch", "POST /v1/riichi/games", "POST /v1/riichi/game-records"} <= set(described)
    for where, text in described.items():
        assert f"at most {BUDGET}" in text or f"bound of {BUDGET} units" in text, where
        if where.endswith("/game-records"):
            assert f"weighs {WEIGHTS[RECORDED_HAND]:g} units" in text, where
            continue
        stated = {word: float(number) for number, word in _TILES_WEIGHT.findall(text)}
        assert stated == {_PROSE[name]: WEIGHTS[name] for name in _PROSE}, where
        patterns = WEIGHTS[PATTERNS]
        assert f"{patterns:g} from declared patterns" in text or f"from declared patterns or yaku {patterns:g}" in text, where
        assert f"any other {WEIGHTS[VALUE]:g}" in text or f"or {WEIGHTS[VALUE]:g} (" in text, where
        if where.endswith("/games"):
            assert f"weighs {GAME_HAND:g} plus" in text, where


def test_a_long_request_looks_at_the_clock_by_the_work_done_not_after_each_step() -> None:
    """The loop's turn is paid once per twenty units of work at most: a look
    at the clock after each item (and, once the slice had passed, a turn of
    the loop after each) cost 27% of a batch item (docs/performance.md).

    1,000 steps of 0.3 units each (a batch item with a stated value, 30
    hundredths), with a clock that always says the slice has passed: a look
    once 2,000 hundredths are done, that is after every 67 steps (67 × 30 =
    2,010); 1,000 // 67 = 14 turns of the loop, each with a look when it
    starts and one after its 67 steps, and a 15th turn's first look that then
    finds the last 62 steps and the end: 2 × 14 + 1 = 29 looks. Steps that do
    not say (a game's hands) weigh 5 units: 10 of them, a look every 4,
    2 turns and 2 × 2 + 1 = 5 looks. Before: a look and a turn after every
    step."""
    from service.api import work

    looks = 0
    now = 0.0

    def clock() -> float:
        nonlocal looks, now
        looks += 1
        now += 1.0  # every slice has passed whenever it is looked at
        return now

    def steps(count: int, weight: int | None):
        for _ in range(count):
            yield weight
        return "done"

    turns = 0
    real_sleep = asyncio.sleep

    async def counted_sleep(delay: float) -> None:
        nonlocal turns
        turns += 1
        await real_sleep(delay)

    original = work.time.perf_counter
    work.time.perf_counter = clock
    work.asyncio.sleep = counted_sleep  # type: ignore[assignment]
    try:
        assert asyncio.run(work.drive(steps(1000, 30))) == "done"
        assert (looks, turns) == (29, 14)
        looks = turns = 0
        assert asyncio.run(work.drive(steps(10, None))) == "done"
        assert (looks, turns) == (5, 2)
    finally:
        work.time.perf_counter = original
        work.asyncio.sleep = real_sleep  # type: ignore[assignment]
