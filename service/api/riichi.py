"""Riichi endpoints: decode, call the engine, encode."""

from __future__ import annotations

from typing import Annotated, Literal

from litestar import Controller, Response, get, post
from litestar.openapi.spec import Example
from litestar.params import Body, Parameter

from service.api.codec import StrictBody, json_response
from service.api.problems import problem_responses
from service.api.responses import rules_from_query, settlement_response
from service.engine import riichi
from service.engine.riichi import (
    RiichiDrawRequest,
    RiichiDrawResult,
    RiichiRequest,
    RiichiRules,
    RiichiSettlement,
    SanmaTsumo,
    ScoreTable,
)

SETTLEMENT_EXAMPLES = [
    Example(
        summary="3 han 30 fu, non-dealer ron: 3,900 from the discarder",
        value={"winner": "east", "dealer": "west", "win": {"type": "discard", "discarder": "south"}, "han": 3, "fu": 30},
    ),
    Example(
        summary="Same hand as a tsumo with 2 honba and 1 riichi stick: 5,600",
        value={
            "winner": "east",
            "dealer": "west",
            "win": {"type": "self_draw"},
            "han": 3,
            "fu": 30,
            "honba": 2,
            "riichi_sticks": 1,
        },
    ),
    Example(
        summary="Seed 001 example 2 from the hand's structure instead of fu: 2 han, 60 fu counted, dealer ron 5,800",
        value={
            "winner": "east",
            "win": {"type": "discard", "discarder": "north"},
            "han": 2,
            "hand": {
                "melds": [
                    {"kind": "kan", "terminal_or_honor": True},
                    {"kind": "sequence", "open": True},
                    {"kind": "triplet", "open": True},
                    {"kind": "sequence", "open": True},
                ],
                "pair": "double_wind",
                "wait": "pair",
            },
        },
    ),
    Example(
        summary="Yaku instead of han (seed 001 example 1): riichi + menzen tsumo + chun + 3 ura dora = 6 han, haneman",
        value={"winner": "south", "win": {"type": "self_draw"}, "yaku": ["riichi", "menzen_tsumo", "chun"], "ura_dora": 3},
    ),
    Example(
        summary="Double yakuman tsumo (seed 001 example 5): 64,000",
        value={"winner": "west", "win": {"type": "self_draw"}, "yakuman": 2},
    ),
    Example(
        summary="Three players, 1 han 30 fu tsumo under 千點加符",
        value={
            "winner": "south",
            "win": {"type": "self_draw"},
            "han": 1,
            "fu": 30,
            "players": 3,
            "rules": {"sanma_tsumo": "thousand_bonus"},
        },
    ),
    Example(
        summary="Double ron on south's discard, kiriage on",
        value={
            "winner": "west",
            "win": {"type": "discard", "discarder": "south"},
            "han": 4,
            "fu": 30,
            "further_winners": [{"winner": "north", "han": 2, "fu": 40}],
            "honba": 1,
            "riichi_sticks": 2,
            "rules": {"kiriage": True},
        },
    ),
    Example(
        summary="Pao: daisangen ron, north liable",
        value={
            "winner": "west",
            "win": {"type": "discard", "discarder": "south"},
            "yakuman": 1,
            "liable": "north",
        },
    ),
]

DRAW_EXAMPLES = [
    Example(summary="Two tenpai, two noten: 1,500 each way", value={"tenpai": ["east", "west"]}),
    Example(summary="Nagashi mangan by south", value={"tenpai": ["east"], "nagashi_mangan": ["south"], "honba": 1}),
    Example(summary="Three players, one tenpai", value={"tenpai": ["south"], "players": 3, "riichi_sticks": 1}),
]


class RiichiController(Controller):
    path = "/v1/riichi"
    tags = ["Riichi"]

    @post(
        "/settlements",
        dto=StrictBody,
        return_dto=None,
        status_code=200,
        sync_to_thread=False,
        summary="Settle a riichi hand",
        responses=problem_responses(),
    )
    def settle(self, data: Annotated[RiichiRequest, Body(examples=SETTLEMENT_EXAMPLES)]) -> Response[RiichiSettlement]:
        """Basic points = fu × 2^(han+2), capped at 2000 (mangan) below 5 han;
        5 han mangan, 6–7 haneman, 8–10 baiman, 11–12 sanbaiman, 13+ counted
        yakuman (`rules.kazoe`); k yakuman = k × 8000. Non-dealer ron 4×, dealer
        ron 6×; tsumo: the dealer pays 2×, non-dealers 1× (everyone 2× when the
        dealer wins); each payment rounded up to 100 on its own. Honba
        (`rules.honba_value` × honba) are added to a ron and split between the
        payers of a tsumo; riichi sticks (1000 each) come from the table to the
        (first) winner. Three-player tables follow `rules.sanma_tsumo`.
        `further_winners` settles a multiple ron; `liable` settles pao.
        `hand` (the structure of `POST /v1/riichi/fu`, without `tsumo`) may
        replace `fu`: the fu are counted from it and reported in `fu_count`."""
        return settlement_response(riichi.settle(data))

    @post(
        "/draws",
        dto=StrictBody,
        return_dto=None,
        status_code=200,
        sync_to_thread=False,
        summary="Settle an exhaustive draw",
        responses=problem_responses(),
    )
    def draw(self, data: Annotated[RiichiDrawRequest, Body(examples=DRAW_EXAMPLES)]) -> Response[RiichiDrawResult]:
        """Noten payments (`rules.noten_payment`, 3000 by default) are paid by
        the noten seats and shared by the tenpai seats, nothing when no one or
        everyone is tenpai; each nagashi mangan seat is paid a mangan tsumo
        (then noten payments are skipped unless `rules.noten_with_nagashi`).
        Honba and riichi sticks stay on the table and are echoed."""
        return json_response(riichi.draw(data))

    @get(
        "/score-table",
        sync_to_thread=False,
        summary="Quick-reference score table under the given rules",
        responses=problem_responses(body=False, rules=False),
    )
    def score_table(
        self,
        kiriage: Annotated[bool, Parameter(description="切上滿貫: 1920 basic points paid as mangan.")] = False,
        kazoe: Annotated[Literal["yakuman", "sanbaiman"], Parameter(description="13 han and more: `yakuman` or `sanbaiman`.")] = "yakuman",
        players: Annotated[int, Parameter(ge=3, le=4, description="4 (default) or 3.")] = 4,
        sanma_tsumo: Annotated[SanmaTsumo, Parameter(description="Three-player payment variant (ignored with 4 players).")] = "tsumo_loss",
    ) -> Response[ScoreTable]:
        """Seed 001's 點數速查表: han 1–4 × fu 20–110 (`rows`), then the limit
        rows (`limits`: mangan, haneman, baiman, sanbaiman, 13 han and more),
        each with the non-dealer and dealer ron and tsumo payments, honba 0."""
        rules = rules_from_query(RiichiRules, kiriage=kiriage, kazoe=kazoe, sanma_tsumo=sanma_tsumo)
        return json_response(riichi.score_table(rules, players))
