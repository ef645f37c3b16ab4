"""The mcr ruleset's own warning codes and their English templates (and the shared
``below_minimum_fan``):
``TEMPLATES`` is on its ``RULESET``; the registry assembles the one catalogue."""

from __future__ import annotations

from typing import Literal

from service.core.warnings import SettlementWarning, Templates

Code = Literal[
    "below_minimum_fan",
    "flowers_not_counted_toward_minimum",
]
"""The codes this ruleset emits."""

TEMPLATES = Templates(
    {
        "flowers_not_counted_toward_minimum": (
            "{fan} points plus {flowers} flowers make {total}, but flowers never count toward the minimum of {min_fan}."
        ),
    },
    variants={
        "below_minimum_fan": {
            # MCR counts 分 (points), with an 8-point minimum 起和 (the reference calculator), not HK's 番 / 起糊
            "points": "{fan} points are below this table's minimum of {min_fan}; the hand is still settled.",
            # hands from tiles: the evaluation says it outright (its `fan` never holds the flowers)
            "points_without_flowers": "{fan} points (flowers do not count) are below this table's minimum of {min_fan}; the hand is still settled.",
        },
    },
)


def warning(code: Code, variant: str | None = None, **params: str | int) -> SettlementWarning:
    """A warning worded from its code's template (or its ``variant`` wording)."""
    return TEMPLATES.warning(code, variant, **params)
