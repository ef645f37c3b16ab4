"""Benchmark: Hong Kong and Taiwan hands from tiles, in process.

    .venv/bin/python bench/tiles.py [--repeat 200]

For each hand it prints how many readings (split × where the winning tile
sits) the search scores, the best time per hand of the split search and
waits alone, and of the whole evaluation (search, detection, counting). The
worst hands are long runs in one suit, which split the most ways. The target
is the split search under 1 ms per hand.
"""

from __future__ import annotations

import argparse
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import msgspec

from service.core.readings import hand_waits, readings
from service.core.tiles import read_hand
from service.rulesets.hongkong.settlement import HongKongHandRequest
from service.rulesets.hongkong.settlement import evaluate_hand as hongkong_hand
from service.rulesets.taiwan.settlement import TaiwanHandRequest
from service.rulesets.taiwan.settlement import evaluate_hand as taiwan_hand

SELF_DRAW = {"type": "self_draw"}

HANDS: list[tuple[str, str, type, object, dict[str, object]]] = [
    # (label, ruleset, request type, evaluator, body)
    ("HK plain hand", "hongkong", HongKongHandRequest, hongkong_hand, {"concealed": "123m456p789s234s55m", "win_tile": "1m"}),
    ("HK 11122233344455m", "hongkong", HongKongHandRequest, hongkong_hand, {"concealed": "11122233344455m", "win_tile": "5m"}),
    ("HK nine gates 11123456789999m", "hongkong", HongKongHandRequest, hongkong_hand, {"concealed": "11123456789999m", "win_tile": "9m"}),
    ("HK 11112222333344m", "hongkong", HongKongHandRequest, hongkong_hand, {"concealed": "11112222333344m", "win_tile": "3m"}),
    ("TW plain hand", "taiwan", TaiwanHandRequest, taiwan_hand, {"concealed": "123456789m234p567s88p", "win_tile": "2p"}),
    ("TW 11122233344455566m", "taiwan", TaiwanHandRequest, taiwan_hand, {"concealed": "11122233344455566m", "win_tile": "6m"}),
    ("TW 11112222333344445m", "taiwan", TaiwanHandRequest, taiwan_hand, {"concealed": "11112222333344445m", "win_tile": "4m"}),
    ("TW 22233344455566677m", "taiwan", TaiwanHandRequest, taiwan_hand, {"concealed": "22233344455566677m", "win_tile": "5m"}),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    print(f"{'hand':34} {'readings':>8} {'search+waits':>14} {'evaluation':>12}")
    worst = 0.0
    for label, ruleset, request_type, evaluator, tiles in HANDS:
        request = msgspec.convert({"winner": "south", "win": SELF_DRAW, "tiles": tiles}, request_type)
        sets = 4 if ruleset == "hongkong" else 5
        hand = read_hand(request.tiles, sets)  # type: ignore[attr-defined]
        count = sum(1 for _ in readings(hand, sets, won_on_discard=False))

        def search(hand: object = hand, sets: int = sets) -> None:
            list(readings(hand, sets, won_on_discard=False))  # type: ignore[arg-type]
            hand_waits(hand, sets)  # type: ignore[arg-type]

        def whole(request: object = request, evaluator: object = evaluator) -> None:
            evaluator(request)  # type: ignore[operator]

        search_ms = min(timeit.repeat(search, number=args.repeat, repeat=5)) / args.repeat * 1000
        whole_ms = min(timeit.repeat(whole, number=args.repeat, repeat=5)) / args.repeat * 1000
        worst = max(worst, search_ms)
        print(f"{label:34} {count:>8} {search_ms:>11.3f} ms {whole_ms:>9.3f} ms")
    print(f"worst split search + waits: {worst:.3f} ms per hand (target < 1 ms)")
    return 0 if worst < 1 else 1


if __name__ == "__main__":
    raise SystemExit(main())
