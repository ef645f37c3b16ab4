"""Flat stakes' one endpoint, as data."""

from __future__ import annotations

from service.core.ruleset import Endpoint, Example
from service.rulesets.flat.settlement import FlatRequest, FlatSettlement, settle

TAG = "Flat stakes"

EXAMPLES = (
    Example("10 points on a discard: 20 + 10 + 10 = 40", {"winner": "east", "win": {"type": "discard", "discarder": "south"}, "value": 10}),
)

ENDPOINTS: tuple[Endpoint, ...] = (
    Endpoint(
        "/settlements",
        settle,
        FlatSettlement,
        "Settle a hand at flat stakes",
        "Each loser pays `value` × `point_value`; on a discard the discarder pays twice that.",
        TAG,
        request=FlatRequest,
        examples=EXAMPLES,
    ),
)
