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
    "fu_20_on_ron",
    "fu_20_tsumo_below_2_han",
    "fu_25_below_2_han",
    "fu_25_tsumo_below_3_han",
    "yakuman_capped",
    "head_bumped",
]

MESSAGES: dict[str, str] = {
    "below_minimum_fan": "{fan} fan is below this table's minimum of {min_fan}; the hand is still settled.",
    "fan_capped": "{fan} fan is above this table's cap of {cap}; it is paid as {cap} fan.",
    "limit_hand_declared": "A limit hand is paid at the table's cap of {cap} fan.",
    "fu_20_on_ron": "{seat}: 20 fu on a ron — no real hand has it (20 fu is pinfu tsumo only); still settled.",
    "fu_20_tsumo_below_2_han": "{seat}: 20 fu is pinfu tsumo, at least 2 han, not {han}; still settled.",
    "fu_25_below_2_han": "{seat}: 25 fu is seven pairs, at least 2 han, not {han}; still settled.",
    "fu_25_tsumo_below_3_han": "{seat}: 25 fu on a tsumo is seven pairs with menzen tsumo, at least 3 han, not {han}; still settled.",
    "yakuman_capped": "{seat}: {yakuman} yakuman are paid as one (multiple_yakuman is off).",
    "head_bumped": "{seat} also won on this discard but only {first}, the first winner after the discarder, is paid (head bump).",
}


class Warning(msgspec.Struct, frozen=True):  # noqa: A001 - the contract's name for it
    """Something to know about a settlement that was still computed."""

    code: WarningCode
    message: str


def warning(code: WarningCode, **params: object) -> Warning:
    return Warning(code=code, message=MESSAGES[code].format(**params))
