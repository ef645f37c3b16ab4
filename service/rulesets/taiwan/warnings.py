"""The taiwan ruleset's own warning codes and their English templates:
``TEMPLATES`` is on its ``RULESET``; the registry assembles the one catalogue."""

from __future__ import annotations

from typing import Literal

from service.core.warnings import SettlementWarning, Templates

Code = Literal[
    "taiwan_tai_capped",
    "taiwan_pattern_not_scored_in_preset",
    "taiwan_pattern_not_scored_in_mode",
    "taiwan_preset_value_missing",
    "taiwan_preset_sources_disagree",
    "taiwan_preset_name_differs",
]
"""The codes this ruleset emits."""

TEMPLATES = Templates(
    {
        "taiwan_tai_capped": "{tai} tai is above this table's cap of {cap}; it is paid as {cap} tai (dealer and streak tai are added after the cap).",
        "taiwan_pattern_not_scored_in_preset": "The {preset} preset does not score {pattern} ({name_zh}); it counts 0 tai.",
        "taiwan_pattern_not_scored_in_mode": "{pattern} ({name_zh}) is not scored in {mode} mode; it counts 0 tai.",
        "taiwan_preset_value_missing": "The {preset} preset lists {pattern} ({name_zh}) without a tai value; the default {tai} tai is used.",
        "taiwan_preset_sources_disagree": "The {preset} preset's sources disagree on {pattern} ({name_zh}): {note}; the default {tai} tai is used.",
        "taiwan_preset_name_differs": "The {preset} preset's source uses the name {name_zh} for a different win ({note}); the default {tai} tai is used for {pattern}.",
    },
)


def warning(code: Code, variant: str | None = None, **params: str | int) -> SettlementWarning:
    """A warning worded from its code's template (or its ``variant`` wording)."""
    return TEMPLATES.warning(code, variant, **params)
