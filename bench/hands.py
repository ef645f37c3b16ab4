"""Hands from tiles: what the service adds to the reference calculators.

    .venv/bin/python -m bench.hands [--n 2000] [--instructions]

In one run, for a riichi hand (the `mahjong` library) and an MCR hand
(PyMahjongGB), the time per call of:

* ``library``: the library's bare call, its input prepared beforehand;
* ``engine``: our evaluation (checks, conversion, the library call, our
  codes, fu from our counter, arrangement, waits);
* ``asgi``: a whole `POST /v1/<ruleset>/hands` through the application's
  ASGI entry in process (decoding, the evaluation, encoding; no socket).

The goal: the service adds at most the library's own cost again
(``engine`` ≤ 2 × ``library``). The ASGI figure adds the HTTP layer every
endpoint pays, whatever it computes. Compare ratios within one run; absolute
figures drift with the machine's load.

``--instructions`` also counts, with valgrind's callgrind, the instructions
per call of ``library``, ``engine`` and ``asgi`` (1,000 calls inside
``functools.reduce`` after a warm-up, as bench/instructions.py counts):
unlike µs they do not drift with the VM, and the goal then reads engine
instructions ≤ 2 × library instructions (and, for the whole request,
``asgi`` ≤ 2 × library). About 10 s per figure, 30 s for ``asgi`` (the
app starts under valgrind). The line
``mcr-fresh`` counts 1,000 different MCR hands, each once (and the library
on the same hands): the engine keeps its readings of a notation, which the
repeated hand always finds again and new hands never do; ``riichi-fresh``
does the same for riichi (1,000 different concealed hands with riichi
declared, self-drawn)."""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import json
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import msgspec
from mahjong.hand_calculating.hand import HandCalculator
from MahjongGB import MahjongFanCalculator  # type: ignore[import-not-found]

from bench.callgrind import instructions_inside_reduce
from service.api import create_app
from service.core import tiles as core_tiles
from service.core.settlement import Discard, SelfDraw
from service.core.tiles import TILE_KINDS, format_tiles, parse_tiles
from service.rulesets.mcr import tiles as mcr_tiles
from service.rulesets.riichi.hand import tiles as riichi_tiles
from service.rulesets.riichi.rules import RiichiRules, resolve_rules
from service.rulesets.riichi.yaku_rules import YakuOptions

RIICHI_WIN: dict[str, Any] = {"winner": "south", "win": {"type": "self_draw"}}
MCR_WIN: dict[str, Any] = {"winner": "south", "win": {"type": "discard", "discarder": "west"}}
RIICHI_BODY = {
    "winner": "south",
    "win": {"type": "self_draw"},
    "tiles": {"concealed": "234789m12345666p", "win_tile": "6p", "riichi": True, "dora_indicators": "1s"},
}
MCR_BODY = {
    "winner": "south",
    "win": {"type": "discard", "discarder": "west"},
    "tiles": {"concealed": "234m567m345p678s55p", "win_tile": "8s", "flowers": ["f1"]},
}


def per_call(function: Callable[[], Any], n: int) -> float:
    """Microseconds per call, best of three rounds of ``n``."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(n):
            function()
        best = min(best, (time.perf_counter() - start) / n)
    return best * 1e6


def asgi_caller(path: str, bodies: list[dict[str, Any]]) -> Callable[[int], None]:
    """A caller of ``POST path`` with body ``i`` of ``bodies``, whole, through
    the application's ASGI entry in process (started as the server starts
    it), in a fresh copy of the context as uvicorn's task for a request
    runs; the entry answers without waiting on anything, so the coroutine
    is driven by hand, as bench/per_request.py does."""
    app = create_app()
    payloads = [json.dumps(body).encode() for body in bodies]
    status: list[int] = []

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            status.append(message["status"])

    async def lifespan() -> None:
        messages = iter([{"type": "lifespan.startup"}])

        async def lifespan_receive() -> dict[str, Any]:
            try:
                return next(messages)
            except StopIteration:
                await asyncio.sleep(3600)
                raise

        async def lifespan_send(message: dict[str, Any]) -> None:
            pass

        task = asyncio.get_running_loop().create_task(
            app({"type": "lifespan", "asgi": {"version": "3.0"}, "state": {}}, lifespan_receive, lifespan_send)
        )
        await asyncio.sleep(0.05)
        del task

    asyncio.new_event_loop().run_until_complete(lifespan())

    def call(index: int) -> None:
        payload = payloads[index]
        message = {"type": "http.request", "body": payload, "more_body": False}

        async def receive() -> dict[str, Any]:
            return message

        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "POST",
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "query_string": b"",
            "root_path": "",
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())],
            "client": ("127.0.0.1", 1),
            "server": ("127.0.0.1", 8000),
            "state": {},
        }
        coroutine = app(scope, receive, send)
        try:
            contextvars.copy_context().run(coroutine.send, None)
        except StopIteration:
            return
        raise RuntimeError("the app waited on something")

    call(len(payloads) - 1)  # the last body: the fresh lines count from the first
    assert status[-1] == 200, status
    return call


def riichi() -> dict[str, Callable[[], Any]]:
    tiles = msgspec.convert(RIICHI_BODY["tiles"], riichi_tiles.RiichiTiles)
    rules = resolve_rules(RiichiRules(), 4)
    options = YakuOptions()
    hand = riichi_tiles.read_hand(tiles, 4)
    _bonus, dora, ura = riichi_tiles._count_bonus(tiles, hand, 4)
    call = riichi_tiles._library_call(tiles, dora, ura)

    def library() -> Any:
        config = riichi_tiles.hand_config(tiles, tsumo=True, winner="south", dealer="east", players=4, options=options, aka=False)
        return HandCalculator.estimate_hand_value(call.tiles, call.win_tile, melds=None, dora_indicators=call.dora, config=config)

    def engine() -> Any:
        return riichi_tiles.evaluate(tiles, win=SelfDraw(), winner="south", dealer="east", players=4, rules=rules, options=options)

    return {"library": library, "engine": engine, "asgi": partial(asgi_caller("/v1/riichi/hands", [RIICHI_BODY]), 0)}


def mcr_library_call(hand: tuple[str, ...], win_tile: str, flowers: int) -> Any:
    """PyMahjongGB's bare call for a concealed hand won on south's discard
    from west (as the engine is asked below), its input prepared."""
    return MahjongFanCalculator(
        pack=(),
        hand=hand,
        winTile=win_tile,
        flowerCount=flowers,
        isSelfDrawn=False,
        is4thTile=False,
        isAboutKong=False,
        isWallLast=False,
        seatWind=1,
        prevalentWind=0,
        verbose=True,
    )


def mcr() -> dict[str, Callable[[], Any]]:
    tiles = msgspec.convert(MCR_BODY["tiles"], mcr_tiles.McrTiles)
    hand = ("W2", "W3", "W4", "W5", "W6", "W7", "B3", "B4", "B5", "T6", "T7", "B5", "B5")

    def library() -> Any:
        return mcr_library_call(hand, "T8", flowers=1)

    def engine() -> Any:
        return mcr_tiles.evaluate(tiles, win=Discard(discarder="west"), winner="south", dealer="east", min_fan=8)

    return {"library": library, "engine": engine, "asgi": partial(asgi_caller("/v1/mcr/hands", [MCR_BODY]), 0)}


def fresh_mcr_hands(count: int, seed: int = 15) -> list[tuple[str, int]]:
    """``count`` different concealed MCR hands (four sets and a pair, won on
    a discard), each as (notation, winning tile), drawn with a fixed seed."""
    import random

    chance = random.Random(seed)
    found: dict[tuple[str, int], None] = {}
    while len(found) < count:
        held = [0] * TILE_KINDS
        tiles: list[int] = []
        for _ in range(4):
            if chance.random() < 0.6:
                start = 9 * chance.randrange(3) + chance.randrange(7)
                group = [start, start + 1, start + 2]
            else:
                group = [chance.randrange(TILE_KINDS)] * 3
            tiles += group
        tiles += [chance.randrange(TILE_KINDS)] * 2
        for tile in tiles:
            held[tile] += 1
        if max(held) > 4:
            continue
        found[(format_tiles(sorted(tiles)), chance.choice(tiles))] = None
    return list(found)


def forget_readings() -> None:
    """Empty the engine's memos of notation. Preparing the
    fresh lines' inputs reads every hand once (the library's tiles come from
    the same notation); without this the engine would find those readings
    again and the lines would not count new hands."""
    for memo in (core_tiles._parse_tiles, core_tiles._counted, mcr_tiles._standing):
        memo.cache_clear()


def mcr_fresh() -> dict[str, Callable[[int], Any]]:
    """As :func:`mcr`, but call ``i`` values hand ``i`` of
    :func:`fresh_mcr_hands`: no hand is seen twice, so nothing the engine
    keeps per notation (its readings of the text) helps it."""
    hands = fresh_mcr_hands(CALLS + WARM_UP)
    inputs = []
    for notation, win_tile in hands:
        standing = sorted(read.tile for read in parse_tiles(notation, "concealed", False))
        standing.remove(win_tile)
        inputs.append((tuple(mcr_tiles.LIBRARY_TILES[tile] for tile in standing), mcr_tiles.LIBRARY_TILES[win_tile]))
    bodies = [mcr_tiles.McrTiles(concealed=notation, win_tile=format_tiles([win_tile])) for notation, win_tile in hands]
    discard = Discard(discarder="west")
    asgi = asgi_caller(
        "/v1/mcr/hands",
        [{**MCR_WIN, "tiles": {"concealed": tiles.concealed, "win_tile": tiles.win_tile}} for tiles in bodies],
    )
    forget_readings()

    def library(index: int) -> Any:
        hand, win_tile = inputs[index]
        return mcr_library_call(hand, win_tile, flowers=0)

    def engine(index: int) -> Any:
        return mcr_tiles.evaluate(bodies[index], win=discard, winner="south", dealer="east", min_fan=8)

    return {"library": library, "engine": engine, "asgi": asgi}


def riichi_fresh() -> dict[str, Callable[[int], Any]]:
    """As :func:`riichi`, but call ``i`` values hand ``i`` of
    :func:`fresh_mcr_hands` (four concealed sets and a pair: with riichi
    declared, every one has a yaku), self-drawn with the bench hand's flags
    and dora indicator: no hand is seen twice."""
    one_bamboo = 18  # the dora indicator: a hand holding all four is left out
    drawn = fresh_mcr_hands(2 * (CALLS + WARM_UP), seed=16)
    fitting = [(text, win) for text, win in drawn if [read.tile for read in parse_tiles(text, "concealed", False)].count(one_bamboo) < 4]
    hands = fitting[: CALLS + WARM_UP]
    rules = resolve_rules(RiichiRules(), 4)
    options = YakuOptions()
    bodies = []
    calls = []
    for notation, win_tile in hands:
        tiles = riichi_tiles.RiichiTiles(concealed=notation, win_tile=format_tiles([win_tile]), riichi=True, dora_indicators="1s")
        hand = riichi_tiles.read_hand(tiles, 4)
        _bonus, dora, ura = riichi_tiles._count_bonus(tiles, hand, 4)
        bodies.append(tiles)
        calls.append(riichi_tiles._library_call(tiles, dora, ura))
    asgi = asgi_caller(
        "/v1/riichi/hands",
        [
            {**RIICHI_WIN, "tiles": {"concealed": tiles.concealed, "win_tile": tiles.win_tile, "riichi": True, "dora_indicators": "1s"}}
            for tiles in bodies
        ],
    )
    forget_readings()

    def library(index: int) -> Any:
        tiles, call = bodies[index], calls[index]
        config = riichi_tiles.hand_config(tiles, tsumo=True, winner="south", dealer="east", players=4, options=options, aka=False)
        return HandCalculator.estimate_hand_value(call.tiles, call.win_tile, melds=None, dora_indicators=call.dora, config=config)

    def engine(index: int) -> Any:
        return riichi_tiles.evaluate(bodies[index], win=SelfDraw(), winner="south", dealer="east", players=4, rules=rules, options=options)

    return {"library": library, "engine": engine, "asgi": asgi}


FRESH = {"mcr-fresh": mcr_fresh, "riichi-fresh": riichi_fresh}
"""The lines that count different hands, each once."""

ROOT = Path(__file__).resolve().parents[1]
CALLS = 1000
WARM_UP = 200
CHILD = """
import functools, sys
from bench.hands import riichi, mcr, FRESH, CALLS, WARM_UP
if sys.argv[1] in FRESH:
    function = FRESH[sys.argv[1]]()[sys.argv[2]]
    for index in range(CALLS, CALLS + WARM_UP):  # other hands than the counted ones
        function(index)
    functools.reduce(lambda _, index: function(index), range(int(sys.argv[3])), None)
else:
    function = {"riichi": riichi, "mcr": mcr}[sys.argv[1]]()[sys.argv[2]]
    for _ in range(WARM_UP):
        function()
    functools.reduce(lambda _, __: function(), range(int(sys.argv[3])), None)
"""


def instructions(ruleset: str, label: str) -> int:
    """Instructions per call of ``label`` (``library``, ``engine`` or ``asgi``), by callgrind."""
    return instructions_inside_reduce(CHILD, ruleset, label, str(CALLS)) // CALLS


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=2000)
    parser.add_argument("--instructions", action="store_true", help="also count instructions with callgrind (needs valgrind)")
    arguments = parser.parse_args()
    for name, calls in (("riichi", riichi()), ("mcr", mcr())):
        figures = {label: per_call(function, arguments.n) for label, function in calls.items()}
        added = figures["engine"] - figures["library"]
        print(
            f"{name:7} library {figures['library']:8.1f} µs   engine {figures['engine']:8.1f} µs   "
            f"asgi {figures['asgi']:8.1f} µs   engine adds {added:7.1f} µs = {added / figures['library']:.2f} × the library"
        )
        if arguments.instructions:
            for counted in (name, f"{name}-fresh"):
                library, engine, asgi = (instructions(counted, label) for label in ("library", "engine", "asgi"))
                print(
                    f"{counted:12} library {library:9,} instr   engine {engine:9,} instr = {engine / library:.2f} × the library   "
                    f"asgi {asgi:9,} instr = {asgi / library:.2f} × the library"
                )


if __name__ == "__main__":
    main()
