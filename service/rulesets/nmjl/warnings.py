"""The nmjl ruleset's own warning codes and their English templates:
``TEMPLATES`` is on its ``RULESET``; the registry assembles the one catalogue."""

from __future__ import annotations

from typing import Literal

from service.core.warnings import SettlementWarning, Templates

Code = Literal["below_minimum_value",]
"""The codes this ruleset emits."""

TEMPLATES = Templates(
    {
        "below_minimum_value": "A card value of {value} is below this table's minimum of {min_value}; the hand is still settled.",
    },
)


def warning(code: Code, variant: str | None = None, **params: str | int) -> SettlementWarning:
    """A warning worded from its code's template (or its ``variant`` wording)."""
    return TEMPLATES.warning(code, variant, **params)
