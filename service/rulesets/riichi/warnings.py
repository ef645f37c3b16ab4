"""The riichi ruleset's own warning codes and their English templates:
``TEMPLATES`` is on its ``RULESET``; the registry assembles the one catalogue."""

from __future__ import annotations

from typing import Literal

from service.core.warnings import SettlementWarning, Templates

Code = Literal[
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
"""The codes this ruleset emits."""

TEMPLATES = Templates(
    {
        "fu_20_on_ron": "{seat}: 20 fu on a ron — no real hand has it (20 fu is pinfu tsumo only); still settled.",
        "fu_20_tsumo_below_2_han": "{seat}: 20 fu is pinfu tsumo, at least 2 han, not {han}; still settled.",
        "fu_25_below_2_han": "{seat}: 25 fu is seven pairs, at least 2 han, not {han}; still settled.",
        "fu_25_tsumo_below_3_han": "{seat}: 25 fu on a tsumo is seven pairs with menzen tsumo, at least 3 han, not {han}; still settled.",
        "yakuman_capped": "{seat}: {yakuman} yakuman are paid as one (multiple_yakuman is off).",
        "head_bumped": "{seat} also won on this discard but only {first}, the first winner after the discarder, is paid (head bump).",
        "tie_share_remainder": "The tied seats {seats} could not share their uma, oka and sticks in equal whole points; the odd points went to them in seat order.",
        "riichi_sticks_left_the_game": "{sticks} riichi stick(s) left on the table went to nobody; the results add up to minus that many thousand.",
        "no_yaku": "The hand has no yaku: dora, red fives and ura dora only count once a hand has a yaku, so it cannot win as declared.",
    },
)


def warning(code: Code, variant: str | None = None, **params: str | int) -> SettlementWarning:
    """A warning worded from its code's template (or its ``variant`` wording)."""
    return TEMPLATES.warning(code, variant, **params)
