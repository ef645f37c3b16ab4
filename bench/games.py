"""What a whole game costs: `POST /v1/<ruleset>/games` with the most hands a
game can carry, answered in process through the ASGI app (decode, replay,
encode), best of 5.

    .venv/bin/python -m bench.games

The longest games: 256 hands where the dealer keeps the deal (dealer wins
and draws with the dealer tenpai), so the game never ends early; MCR passes
the deal every hand, so its longest game is 16 hands (four rounds).
The target (issue: games) is well under 100 ms for a 256-hand game.
"""

from __future__ import annotations

import json
import time
from typing import Any

from litestar.testing import TestClient

from service.api import create_app
from service.core.game_types import MAX_HANDS

TSUMO = {"type": "self_draw"}


def game(ruleset: str) -> dict[str, Any]:
    if ruleset == "riichi":
        hands: list[dict[str, Any]] = []
        for index in range(MAX_HANDS):
            if index % 2:
                hands.append({"type": "draw", "tenpai": ["east", "south"]})
            else:
                hands.append({"winner": "east", "win": TSUMO, "han": 1, "fu": 30})
        return {"game": {"bust": False}, "hands": hands}
    value = {"hongkong": {"fan": 3}, "nmjl": {"value": 25}, "taiwan": {"tai": 1}, "mcr": {"fan": 8}}[ruleset]
    if ruleset == "mcr":
        return {"hands": [{"winner": "east", "win": TSUMO, **value} for _ in range(16)]}
    return {"hands": [{"winner": "east", "win": TSUMO, **value} if i % 3 else {"type": "draw"} for i in range(MAX_HANDS)]}


def main() -> None:
    with TestClient(create_app()) as client:
        print(f"{'ruleset':10} {'hands':>5} {'ms per game':>12} {'vs 100 ms':>10}")
        for ruleset in ("hongkong", "riichi", "mcr", "nmjl", "taiwan"):
            body = json.dumps(game(ruleset)).encode()
            headers = {"content-type": "application/json"}
            response = client.post(f"/v1/{ruleset}/games", content=body, headers=headers)
            assert response.status_code == 200, response.text[:300]
            hands = len(response.json()["hands"])
            best = float("inf")
            for _ in range(5):
                started = time.perf_counter()
                client.post(f"/v1/{ruleset}/games", content=body, headers=headers)
                best = min(best, time.perf_counter() - started)
            print(f"{ruleset:10} {hands:>5} {best * 1000:>12.1f} {best * 1000 / 100:>9.2f}×")


if __name__ == "__main__":
    main()
