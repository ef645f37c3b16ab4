"""The taiwan ruleset: rules, tables, settlement and patterns (plain
functions, no web framework), and its endpoints as
data (`endpoints`)."""

from __future__ import annotations

from service.core.errors import CONTRADICTION
from service.core.ruleset import ApiTag, CodeNames, Example, OptionGroup, Ruleset
from service.rulesets.taiwan import (
    catalogue,
    counting,
    endpoints,
    error_codes,
    game,
    page,
    settlement,
    value_table,
    value_table_rows,
    warnings,
)

PATTERN_CONTEXT = "taiwan pattern"
"""Catalogue context of the tai table's names (msgid: the English name)."""
CODE_NAMES = (
    CodeNames("preset", "taiwan preset", value_table_rows.PRESETS),
    CodeNames("mode", "taiwan mode", tuple(value_table.MODE_NOT_SCORED)),
)
"""The presets and modes the messages quote, by their localized names."""

RULESET = Ruleset(
    error_codes=error_codes.CODES,
    name="taiwan",
    name_en="Taiwanese 16-tile mahjong",
    unit="台",
    unit_en="tai",
    request=settlement.TaiwanRequest,
    result=settlement.TaiwanSettlement,
    rules=settlement.TaiwanRules,
    settle=settlement.settle,
    more_options=(OptionGroup("", counting.TaiCountRules),),
    game=game.game,
    game_types=game.TYPES,
    hand_request=settlement.TaiwanHandRequest,
    evaluate_hand=settlement.evaluate_hand,
    tiles_weight=2.5,
    blurb="Taiwanese 16-tile (台)",
    tags=(
        ApiTag(
            endpoints.TAG,
            "台: base + tai × unit, dealer and streak tai, tai from patterns with six apps' presets (the Taiwan tai table), the tai table.",
        ),
    ),
    game_examples=(
        Example(
            "連1拉1: the dealer wins, then a draw, then a non-dealer wins on the dealer's discard",
            {
                "hands": [
                    {"winner": "east", "win": {"type": "self_draw"}, "tai": 3},
                    {"type": "draw"},
                    {"winner": "south", "win": {"type": "discard", "discarder": "east"}, "tai": 2},
                ]
            },
        ),
    ),
    named=(counting.TaiItem, catalogue.TaiTableRow),
    pattern_context=PATTERN_CONTEXT,
    warnings=warnings.TEMPLATES,
    page=page.PAGE,
    code_names=CODE_NAMES,
    catalogue=(
        *((code, names.context) for names in CODE_NAMES for code in names.codes),
        *((row.name_en, PATTERN_CONTEXT) for row in value_table.ROWS),
        *((reason, CONTRADICTION) for *_, reason in value_table.CONTRADICTIONS),
    ),
    endpoints=endpoints.ENDPOINTS,
)
