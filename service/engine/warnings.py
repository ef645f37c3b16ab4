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
    "tie_share_remainder",
    "riichi_sticks_left_the_game",
]

MESSAGES: dict[str, str] = {
    "below_minimum_fan": "{fan} fan is below this table's minimum of {min_fan}; the hand is still settled.",
    "fan_capped": "{fan} fan is above this table's cap of {cap}; it is paid as {cap} fan.",
    "limit_hand_declared": "A limit hand is paid at the table's cap of {cap} fan.",
    "tie_share_remainder": "The tied seats {seats} could not share their uma, oka and sticks in equal whole points; the odd points went to them in seat order.",
    "riichi_sticks_left_the_game": "{sticks} riichi stick(s) left on the table went to nobody; the results add up to minus that many thousand.",
}


class Warning(msgspec.Struct, frozen=True):  # noqa: A001 - the contract's name for it
    """Something to know about a settlement that was still computed."""

    code: WarningCode
    message: str


def warning(code: WarningCode, **params: object) -> Warning:
    return Warning(code=code, message=MESSAGES[code].format(**params))
