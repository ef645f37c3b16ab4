"""Riichi yaku endpoints: han from declared yaku, and the yaku catalogue."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, Response, get, post
from litestar.openapi.spec import Example
from litestar.params import Body, Parameter

from service.api.codec import StrictBody, json_response
from service.api.problems import problem_responses
from service.api.responses import rules_from_query
from service.engine import riichi_yaku
from service.engine.riichi_yaku import HanRequest, HanResult, Kazoe, RenhouRule, YakuRules, YakuTable

HAN_EXAMPLES = [
    Example(
        summary="Riichi + menzen tsumo + chun + 3 ura dora = 6 han, haneman (seed 001 例一)",
        value={"yaku": ["riichi", "menzen_tsumo", "chun"], "ura_dora": 3},
    ),
    Example(
        summary="Chun + one red five = 2 han (seed 001 例二)",
        value={"yaku": ["chun"], "aka_dora": 1, "open": True},
    ),
    Example(
        summary="Toitoi + sanankou + shousangen + riichi + haku + chun + 2 dora = 11 han, sanbaiman (seed 001 例四)",
        value={"yaku": ["toitoi", "sanankou", "shousangen", "riichi", "haku", "chun"], "dora": 2},
    ),
    Example(
        summary="Suuankou + daisangen: double yakuman, or one with multiple_yakuman false (seed 001 例五)",
        value={"yaku": ["suuankou", "daisangen", "riichi"], "dora": 1, "rules": {"multiple_yakuman": False}},
    ),
]


class RiichiYakuController(Controller):
    path = "/v1/riichi"
    tags = ["Riichi"]

    @post(
        "/han",
        dto=StrictBody,
        return_dto=None,
        status_code=200,
        sync_to_thread=False,
        summary="Han of a riichi hand from its yaku and dora",
        responses=problem_responses(),
    )
    def han(self, data: Annotated[HanRequest, Body(examples=HAN_EXAMPLES)]) -> Response[HanResult]:
        """Adds up the declared yaku (open han with `open: true`; closed-only
        yaku are refused) and the dora counts, itemised. Dora never make a
        hand valid on their own (`no_yaku`). A yakuman hand counts only its
        yakuman: the rest are itemised as dropped. Contradictory yaku (an open
        hand with riichi or pinfu, chiitoitsu with iipeikou, honitsu with
        chinitsu, …) are a 422 naming both."""
        return json_response(riichi_yaku.count_han(data))

    @get(
        "/yaku-table",
        sync_to_thread=False,
        summary="The riichi yaku list (seed 003)",
        responses=problem_responses(body=False, rules=False),
    )
    def yaku_table(
        self,
        double_yakuman: Annotated[bool, Parameter(description="Double yakuman count twice (true) or once.")] = True,
        multiple_yakuman: Annotated[bool, Parameter(description="Several yakuman add up (true) or the highest counts.")] = True,
        renhou: Annotated[RenhouRule, Parameter(description="人和: `mangan`, `haneman`, `baiman`, `sanbaiman`, `yakuman` or `off`.")] = "mangan",
        open_tanyao: Annotated[bool, Parameter(description="All simples counts with an open hand.")] = True,
        kazoe: Annotated[Kazoe, Parameter(description="13+ han: `yakuman` or `sanbaiman`.")] = "yakuman",
    ) -> Response[YakuTable]:
        """Every yaku of seed 003's 日本麻雀計番 with code, Chinese name as
        printed, Japanese name (romaji and kanji), English name, closed and
        open han, closed-only flag and yakuman count, under the given options;
        and the dora kinds (`bonus`)."""
        rules = rules_from_query(
            YakuRules, double_yakuman=double_yakuman, multiple_yakuman=multiple_yakuman, renhou=renhou, open_tanyao=open_tanyao, kazoe=kazoe
        )
        return json_response(riichi_yaku.yaku_table(rules))
