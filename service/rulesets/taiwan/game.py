"""A whole Taiwan game: the hands so far in, the derived state after each,
the running totals, standings and settle-up out (service.core.game)."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from service.core.game import GameSpec, GameSteps, play, play_steps
from service.core.game_types import GameSetup, GameTypes, game_types
from service.rulesets.taiwan.settlement import TaiwanRequest, TaiwanRules, TaiwanSettlement, settle


class TaiwanGameSetup(GameSetup, forbid_unknown_fields=True, kw_only=True):
    """How a Taiwan game runs."""

    draw_keeps_dealer: Annotated[
        bool, msgspec.Meta(description="A draw (流局) keeps the dealer and adds one to the streak (default true); false passes the deal.")
    ] = True


SPEC = GameSpec(name="taiwan", request=TaiwanRequest, settle=settle, streak=True)
TYPES: GameTypes = game_types(
    "taiwan", "Taiwan", TaiwanRequest, TaiwanRules, TaiwanGameSetup, TaiwanSettlement, omit=("dealer", "dealer_streak")
)


def game(request: Any) -> Any:
    """Replay the hands of `request` (`TYPES.request`, hands decoded)."""
    return play(SPEC, TYPES, request)


def steps(request: Any) -> GameSteps:
    """:func:`game`, yielding after each hand."""
    return play_steps(SPEC, TYPES, request)
