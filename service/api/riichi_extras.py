"""Riichi extras: fu from the hand's structure, end-of-game results."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, Response, post
from litestar.openapi.spec import Example
from litestar.params import Body

from service.api.codec import StrictBody, json_response
from service.api.problems import problem_responses
from service.engine import riichi_fu, riichi_game
from service.engine.riichi_fu import FuRequest, FuResult
from service.engine.riichi_game import GameResults, GameResultsRequest

FU_EXAMPLES = [
    Example(
        summary="Seed 001 example 1: two concealed honour triplets, dragon pair, shanpon tsumo → 40 fu",
        value={
            "melds": [
                {"kind": "sequence"},
                {"kind": "sequence"},
                {"kind": "triplet", "terminal_or_honor": True},
                {"kind": "triplet", "terminal_or_honor": True, "winning": True},
            ],
            "pair": "dragon",
            "wait": "shanpon",
            "tsumo": True,
        },
    ),
    Example(
        summary="Seed 001 example 2: concealed dragon kan, open simple triplet, double wind pair, ron on a pair wait → 60 fu",
        value={
            "melds": [
                {"kind": "kan", "terminal_or_honor": True},
                {"kind": "sequence", "open": True},
                {"kind": "triplet", "open": True},
                {"kind": "sequence", "open": True},
            ],
            "pair": "double_wind",
            "wait": "pair",
        },
    ),
    Example(
        summary="Open pinfu shape (食平和形): 30 fu",
        value={
            "melds": [{"kind": "sequence", "open": True}, {"kind": "sequence"}, {"kind": "sequence"}, {"kind": "sequence"}],
            "wait": "two_sided",
        },
    ),
    Example(summary="Seven pairs: 25 fu", value={"seven_pairs": True, "wait": "pair", "tsumo": True}),
]

GAME_EXAMPLES = [
    Example(
        summary="Seed 001: 45,000 / 30,000 / 15,000 / 10,000, 25k start, 30k return, uma 10-20 → +55, +10, −25, −40",
        value={"scores": {"east": 45000, "south": 30000, "west": 15000, "north": 10000}, "uma": [10, 20]},
    ),
    Example(
        summary="Three players, 35k start, 40k return, one stick left on the table",
        value={
            "scores": {"east": 50000, "south": 35000, "west": 19000},
            "start_points": 35000,
            "return_points": 40000,
            "uma": [0, 20],
            "riichi_sticks": 1,
        },
    ),
    Example(
        summary="A tie for second, split; chips worth 2 each",
        value={
            "scores": {"east": 40000, "south": 25000, "west": 25000, "north": 10000},
            "ties": "split",
            "chips": {"counts": {"east": 3, "south": -1, "west": 0, "north": -2}, "value": 2},
        },
    ),
]


class RiichiExtrasController(Controller):
    path = "/v1/riichi"
    tags = ["Riichi extras"]

    @post(
        "/fu",
        dto=StrictBody,
        return_dto=None,
        status_code=200,
        sync_to_thread=False,
        summary="Count fu from the hand's structure",
        responses=problem_responses(),
    )
    def fu(self, data: Annotated[FuRequest, Body(examples=FU_EXAMPLES)]) -> Response[FuResult]:
        """Base 20; closed ron 10; tsumo 2 (not for pinfu tsumo unless
        `pinfu_tsumo_fu`, not after a kan unless `rinshan_tsumo_fu`); each
        meld (open/concealed × simple/terminal-honour × triplet/kan: 2, 4, 8,
        16, 32); the pair (dragon, seat or round wind 2, double wind
        `double_wind_pair_fu`); the wait (edge, closed, pair 2). Seven pairs is
        25 flat; pinfu tsumo 20; an open hand with nothing beyond the base
        gets `open_pinfu` 10 (30 fu); otherwise rounded up to 10. `raw_fu` is
        the sum of `items`. Impossible structures (a sequence wait without a
        concealed sequence, seven pairs with melds, not four melds) are 422."""
        return json_response(riichi_fu.count_fu(data, data.rules))

    @post(
        "/game-results",
        dto=StrictBody,
        return_dto=None,
        status_code=200,
        sync_to_thread=False,
        summary="End-of-game results: return points, oka, uma, sticks, ties, chips",
        responses=problem_responses(),
    )
    def game_results(self, data: Annotated[GameResultsRequest, Body(examples=GAME_EXAMPLES)]) -> Response[GameResults]:
        """Each seat's result in thousands: (score − return) / 1000, plus uma
        (4th pays 1st the larger, 3rd pays 2nd the smaller; three players:
        3rd pays 1st the larger), plus oka ((return − start) × players) and
        leftover riichi sticks to first place, plus chips × chip value.
        Zero-sum. Scores that do not add up to players × start points minus
        the sticks left on the table are 422, saying by how much."""
        return json_response(riichi_game.game_results(data))
