"""Warning codes: the one catalogue.

A warning says something a player should know about a settlement that was
still computed (a hand under the table minimum, a fan above the cap). Codes are
stable snake_case identifiers clients can switch on; messages are English text
for people. Each ruleset only emits codes listed here, and the OpenAPI schema
lists them all (``WarningCode``).
"""

from __future__ import annotations

from typing import Literal

import msgspec

WarningCode = Literal[
    "below_minimum_fan",
    "fan_capped",
    "limit_hand_declared",
    "flowers_not_counted_toward_minimum",
    "below_minimum_value",
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
    "no_yaku": "The hand has no yaku: dora, red fives and ura dora only count once a hand has a yaku, so it cannot win as declared.",
}


class Warning(msgspec.Struct, frozen=True):  # noqa: A001 - the contract's name for it
    """Something to know about a settlement that was still computed."""

    code: WarningCode
    message: str


def warning(code: WarningCode, **params: object) -> Warning:
    return Warning(code=code, message=MESSAGES[code].format(**params))
