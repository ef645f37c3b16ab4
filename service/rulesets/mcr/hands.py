"""`POST /v1/mcr/hands`: an MCR hand valued from its tiles
(:mod:`service.rulesets.mcr.tiles`), under the settlement's rules."""

from __future__ import annotations

from typing import Annotated

import msgspec

from service.core.seats import SEATS, Seat
from service.core.settlement import Win, check_discarder
from service.rulesets.mcr.settlement import McrRules
from service.rulesets.mcr.tiles import McrEvaluation, McrTiles, evaluate


class McrHandRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """An MCR hand to value from its tiles."""

    winner: Annotated[Seat, msgspec.Meta(description="The seat that won (its seat wind follows from `dealer`).")]
    win: Win
    dealer: Annotated[Seat, msgspec.Meta(description="The dealer (莊, sits east), default east.")] = "east"
    tiles: McrTiles
    rules: Annotated[
        McrRules, msgspec.Meta(description="The settlement's rules: `min_fan` decides the warning, `mixed_kong_fan` how 明暗槓 counts.")
    ] = McrRules()


def evaluate_hand(request: McrHandRequest) -> McrEvaluation:
    check_discarder(request.winner, request.win, SEATS)
    rules = request.rules
    return evaluate(
        request.tiles,
        win=request.win,
        winner=request.winner,
        dealer=request.dealer,
        min_fan=rules.min_fan,
        mixed_kong_fan=rules.mixed_kong_fan,
    )
