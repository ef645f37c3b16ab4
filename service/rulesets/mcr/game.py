"""A whole MCR game: the hands so far in, the derived state after each,
the running totals, standings and settle-up out (service.core.game)."""

from __future__ import annotations

from typing import Any

from service.core.game import GameSpec, GameSteps, play, play_steps
from service.core.game_types import GameSetup, GameTypes, game_types
from service.rulesets.mcr.settlement import McrRequest, McrRules, McrSettlement, settle

SPEC = GameSpec(name="mcr", request=McrRequest, settle=settle, pass_every_hand=True)
TYPES: GameTypes = game_types("mcr", "Mcr", McrRequest, McrRules, GameSetup, McrSettlement, omit=("dealer",))


def game(request: Any) -> Any:
    """Replay the hands of `request` (`TYPES.request`, hands decoded)."""
    return play(SPEC, TYPES, request)


def steps(request: Any) -> GameSteps:
    """:func:`game`, yielding after each hand."""
    return play_steps(SPEC, TYPES, request)
