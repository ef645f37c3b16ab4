"""`POST /v1/riichi/hands`: a riichi hand valued from its tiles
(:mod:`service.rulesets.riichi.hand.tiles`), under the settlement's rules."""

from __future__ import annotations

from typing import Annotated

import msgspec

from service.core.fields import OrUnset
from service.core.seats import Seat, seats_for
from service.core.settlement import Win, check_discarder
from service.rulesets.riichi.hand.tiles import RiichiEvaluation, RiichiTiles, evaluate
from service.rulesets.riichi.presets import PresetField, with_presets
from service.rulesets.riichi.rules import RiichiRules, resolve_hand_rules, resolve_rules
from service.rulesets.riichi.seats import Players, check_seat
from service.rulesets.riichi.yaku_rules import YakuOptions


class RiichiHandRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A riichi hand to value from its tiles."""

    winner: Annotated[Seat, msgspec.Meta(description="The seat that won (its seat wind follows from `dealer`).")]
    win: Win
    dealer: Annotated[Seat, msgspec.Meta(description="The dealer (親, sits east), default east.")] = "east"
    players: Players = 4
    tiles: RiichiTiles
    yaku_options: YakuOptions = YakuOptions()
    rules: Annotated[
        RiichiRules,
        msgspec.Meta(
            description="The settlement's rules: `kiriage`, `kazoe`, `kazoe_double`, `multiple_yakuman` and `nukidora_rinshan` apply."
        ),
    ] = RiichiRules()
    preset: OrUnset[PresetField] = msgspec.UNSET


with_presets(RiichiHandRequest)


def evaluate_hand(request: RiichiHandRequest) -> RiichiEvaluation:
    seats = seats_for(request.players)
    check_seat(request.winner, seats, "/winner")
    check_seat(request.dealer, seats, "/dealer")
    check_discarder(request.winner, request.win, seats)
    found = evaluate(
        request.tiles,
        win=request.win,
        winner=request.winner,
        dealer=request.dealer,
        players=request.players,
        rules=resolve_hand_rules(request.rules, request.players),
        options=request.yaku_options,
    )
    if request.preset is msgspec.UNSET:
        return found.evaluation
    return msgspec.structs.replace(
        found.evaluation, preset=request.preset, rules=resolve_rules(request.rules, request.players), yaku_options=request.yaku_options
    )
