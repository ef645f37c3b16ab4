"""What the platform needs to know of a ruleset: its names, unit, request,
result and rules types, and its settle function. Each ruleset package defines
one (`RULESET` in its `__init__`); `service.rulesets.registry` lists them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class OptionGroup:
    """A rules Struct whose fields are house rules, and where a settlement
    request carries them: `at` is the JSON Pointer of the object holding the
    fields (`/rules`, `/yaku_options`, `/hand/rules`), or "" when the
    settlement request itself inherits them as top-level fields."""

    at: str
    struct: type


@dataclass(frozen=True)
class Ruleset:
    name: str
    names: dict[str, str]
    """Display names: `en`, `zh-Hant`, `zh-Hans`, `ja`."""
    unit: str
    unit_en: str
    request: type
    result: type
    rules: type
    settle: Callable[[Any], Any]
    more_options: tuple[OptionGroup, ...] = ()
    """House rules a settlement request carries outside `rules` (pattern
    counting, fu and yaku options), each group one rules Struct."""
    game: Callable[[Any], Any] | None = None
    """Replays a whole game (`POST /v1/<name>/games`), from its `game` module."""
    game_types: Any = None
    """The game's shapes (:class:`service.core.game.GameTypes`)."""
    hand_request: type | None = None
    """The body of `POST /v1/<name>/hands`, a hand from its tiles."""
    evaluate_hand: Callable[[Any], Any] | None = None
    """Values that hand (`POST /v1/<name>/hands`), from its `hands` or
    settlement module."""

    @property
    def package(self) -> str:
        """The ruleset's package; its HTTP module is `<package>.http`."""
        return f"service.rulesets.{self.name}"

    @property
    def option_groups(self) -> tuple[OptionGroup, ...]:
        """Every house rule of the ruleset: `rules` first, then the others."""
        return (OptionGroup("/rules", self.rules), *self.more_options)
