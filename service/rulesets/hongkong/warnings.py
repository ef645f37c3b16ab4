"""The hongkong ruleset's own warning codes and their English templates (and the shared
``below_minimum_fan``):
``TEMPLATES`` is on its ``RULESET``; the registry assembles the one catalogue."""

from __future__ import annotations

from typing import Literal

from service.core.warnings import SettlementWarning, Templates

Code = Literal[
    "below_minimum_fan",
    "fan_capped",
    "limit_hand_declared",
]
"""The codes this ruleset emits."""

TEMPLATES = Templates(
    {
        "fan_capped": "{fan} fan is above this table's cap of {cap}; it is paid as {cap} fan.",
        "limit_hand_declared": "A limit hand is paid at the table's cap of {cap} fan.",
    },
)


def warning(code: Code, variant: str | None = None, **params: str | int) -> SettlementWarning:
    """A warning worded from its code's template (or its ``variant`` wording)."""
    return TEMPLATES.warning(code, variant, **params)
