"""A whole NMJL game: the hands so far in, the derived state after each,
the running totals, standings and settle-up out (service.core.game)."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from service.core.game import GameSpec, GameSteps, play, play_steps
from service.core.game_types import GameSetup, GameTypes, game_types
from service.rulesets.nmjl.settlement import NmjlRequest, NmjlRules, NmjlSettlement, settle


class NmjlGameSetup(GameSetup, forbid_unknown_fields=True, kw_only=True):
    """How an NMJL game runs."""

    players: Annotated[int, msgspec.Meta(ge=3, le=4, description="Players at the table: 4 (default) or 3 (no north).")] = 4


SPEC = GameSpec(name="nmjl", request=NmjlRequest, settle=settle)
TYPES: GameTypes = game_types("nmjl", "Nmjl", NmjlRequest, NmjlRules, NmjlGameSetup, NmjlSettlement, omit=("dealer", "players"))


def game(request: Any) -> Any:
    """Replay the hands of `request` (`TYPES.request`, hands decoded)."""
    return play(SPEC, TYPES, request)


def steps(request: Any) -> GameSteps:
    """:func:`game`, yielding after each hand."""
    return play_steps(SPEC, TYPES, request)
