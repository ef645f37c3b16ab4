"""What the platform needs to know of a ruleset: its names, unit, request,
result and rules types, and its settle function. Each ruleset package defines
one (`RULESET` in its `__init__`); `service.rulesets.registry` lists them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


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
    game: Callable[[Any], Any] | None = None
    """Replays a whole game (`POST /v1/<name>/games`), from its `game` module."""
    game_types: Any = None
    """The game's shapes (:class:`service.core.game.GameTypes`)."""

    @property
    def package(self) -> str:
        """The ruleset's package; its HTTP module is `<package>.http`."""
        return f"service.rulesets.{self.name}"
