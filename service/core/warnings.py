"""Warning codes: the one catalogue.

A warning says something a player should know about a settlement that was
still computed (a hand under the table minimum, a fan above the cap). Codes are
stable snake_case identifiers clients can switch on; messages are English text
for people. Each ruleset only emits codes listed here, and the OpenAPI schema
lists them all (``WarningCode``).

``MESSAGES`` holds the English templates; each is also the msgid of its
translations in the message catalogue (service/i18n), so a warning keeps its
``params`` and the API shows it in the client's language. A new code needs a
template here and a translation in every catalogue (docs/i18n.md).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, ClassVar, Literal

import msgspec

WarningCode = Literal[
    "below_minimum_fan",
    "fan_capped",
    "limit_hand_declared",
    "flowers_not_counted_toward_minimum",
    "below_minimum_value",
    "taiwan_tai_capped",
    "taiwan_pattern_not_scored_in_preset",
    "taiwan_pattern_not_scored_in_mode",
    "taiwan_preset_value_missing",
    "taiwan_preset_sources_disagree",
    "taiwan_preset_name_differs",
    "fu_20_on_ron",
    "fu_20_tsumo_below_2_han",
    "fu_25_below_2_han",
    "fu_25_tsumo_below_3_han",
    "yakuman_capped",
    "head_bumped",
    "tie_share_remainder",
    "riichi_sticks_left_the_game",
    "no_yaku",
]

MESSAGES: dict[str, str] = {
    "below_minimum_fan": "{fan} fan is below this table's minimum of {min_fan}; the hand is still settled.",
    "fan_capped": "{fan} fan is above this table's cap of {cap}; it is paid as {cap} fan.",
    "limit_hand_declared": "A limit hand is paid at the table's cap of {cap} fan.",
    "flowers_not_counted_toward_minimum": (
        "{fan} points plus {flowers} flowers make {total}, but flowers never count toward the minimum of {min_fan}."
    ),
    "below_minimum_value": "A card value of {value} is below this table's minimum of {min_value}; the hand is still settled.",
    "taiwan_tai_capped": "{tai} tai is above this table's cap of {cap}; it is paid as {cap} tai (dealer and streak tai are added after the cap).",
    "taiwan_pattern_not_scored_in_preset": "The {preset} preset does not score {pattern} ({name_zh}); it counts 0 tai.",
    "taiwan_pattern_not_scored_in_mode": "{pattern} ({name_zh}) is not scored in {mode} mode; it counts 0 tai.",
    "taiwan_preset_value_missing": "The {preset} preset lists {pattern} ({name_zh}) without a tai value; the default {tai} tai is used.",
    "taiwan_preset_sources_disagree": "The {preset} preset's sources disagree on {pattern} ({name_zh}): {note}; the default {tai} tai is used.",
    "taiwan_preset_name_differs": "The {preset} preset's source uses the name {name_zh} for a different win ({note}); the default {tai} tai is used for {pattern}.",
    "fu_20_on_ron": "{seat}: 20 fu on a ron — no real hand has it (20 fu is pinfu tsumo only); still settled.",
    "fu_20_tsumo_below_2_han": "{seat}: 20 fu is pinfu tsumo, at least 2 han, not {han}; still settled.",
    "fu_25_below_2_han": "{seat}: 25 fu is seven pairs, at least 2 han, not {han}; still settled.",
    "fu_25_tsumo_below_3_han": "{seat}: 25 fu on a tsumo is seven pairs with menzen tsumo, at least 3 han, not {han}; still settled.",
    "yakuman_capped": "{seat}: {yakuman} yakuman are paid as one (multiple_yakuman is off).",
    "head_bumped": "{seat} also won on this discard but only {first}, the first winner after the discarder, is paid (head bump).",
    "tie_share_remainder": "The tied seats {seats} could not share their uma, oka and sticks in equal whole points; the odd points went to them in seat order.",
    "riichi_sticks_left_the_game": "{sticks} riichi stick(s) left on the table went to nobody; the results add up to minus that many thousand.",
    "no_yaku": "The hand has no yaku: dora, red fives and ura dora only count once a hand has a yaku, so it cannot win as declared.",
}


MESSAGE_VARIANTS: dict[str, dict[str, str]] = {
    "below_minimum_fan": {
        # MCR counts 分 (points), with an 8-point minimum 起和 (the reference calculator), not HK's 番 / 起糊
        "points": "{fan} points are below this table's minimum of {min_fan}; the hand is still settled.",
        # hands from tiles: the evaluation says it outright (its `fan` never holds the flowers)
        "points_without_flowers": "{fan} points (flowers do not count) are below this table's minimum of {min_fan}; the hand is still settled.",
    },
}
"""Other wordings of a code, for a ruleset that counts in another unit. The
code stays the one clients switch on; only the sentence (and its
translations, each a msgid of its own) follows the ruleset's unit."""


class SettlementWarning(msgspec.Struct, frozen=True):
    """Something to know about a settlement that was still computed."""

    __schema_name__: ClassVar[str] = "Warning"
    """Its name in the OpenAPI document, which clients generated code from
    before the class was renamed (``Warning`` shadowed the builtin)."""

    code: WarningCode
    message: Annotated[
        str,
        msgspec.Meta(description="For people, in the response's language (`Content-Language`); never parse it."),
    ]
    params: Annotated[
        dict[str, str | int],
        msgspec.Meta(
            description=(
                "The values filled into the message, by placeholder name (e.g. `fan`, `min_fan`, `seat`), so a "
                "client can word the warning itself; codes (seats, presets, modes) stay codes. Empty when the "
                "message has none."
            )
        ),
    ]


def warning(code: WarningCode, variant: str | None = None, **params: str | int) -> SettlementWarning:
    """A warning worded from its code's template, or from the ``variant``
    wording of :data:`MESSAGE_VARIANTS`."""
    text = MESSAGES[code] if variant is None else MESSAGE_VARIANTS[code][variant]
    return SettlementWarning(code=code, message=_worded(text, **params), params=params)


@lru_cache(maxsize=4096)
def _worded(text: str, **params: str | int) -> str:
    """A template filled in, memoised: the same warnings come back with the
    same few values, and formatting a sentence by name costs more than
    finding it again."""
    return text.format(**params)


def template_of(item: SettlementWarning) -> str:
    """The template ``item``'s (English) message was worded from."""
    for text in MESSAGE_VARIANTS.get(item.code, {}).values():
        if text.format(**item.params) == item.message:
            return text
    return MESSAGES[item.code]
