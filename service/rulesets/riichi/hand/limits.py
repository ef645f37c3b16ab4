"""Riichi limits: what a hand's han and fu are worth in basic points, and
the limit (滿貫 … 役滿) it reaches.

Sources: the riichi scoring article (基本點 = fu × 2^(han+2); 滿貫 5 han or
2000 basic points, 跳滿 6–7, 倍滿 8–10, 三倍滿 11–12, 累計役滿 13+; 役滿
8000 basic points each, 例五), the reference calculator (切上滿貫; EMA
kazoe sanbaiman; the fu seen in practice). Whole points, integer arithmetic.
"""

from __future__ import annotations

from typing import Literal, get_args

from service.rulesets.riichi.hand.counting import yakuman_tier
from service.rulesets.riichi.payments import YAKUMAN_BASIC
from service.rulesets.riichi.rules import RiichiRules
from service.rulesets.riichi.yaku_rules import KAZOE_DOUBLE_HAN

MAX_HAN = 100
"""Largest han a request may carry (13+ is counted yakuman or sanbaiman, so
this only bounds the input)."""

FU_VALUES: tuple[int, ...] = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130)
"""Fu a hand can have after rounding: 25 (seven pairs, never rounded) and the
multiples of 10 from 20 (the riichi scoring article's 符; the reference calculator: 20, 25, 30, 40 … 110 seen in
practice; CONTRACT.md allows up to 130)."""

Fu = Literal[20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130]
assert get_args(Fu) == FU_VALUES

MANGAN_BASIC = 2000
"""The riichi scoring article's 滿貫: basic points are capped at 2000 below 5 han."""

KIRIAGE_BASIC = 1920
"""The riichi scoring article / the reference calculator's 切上滿貫: basic points of exactly 1920 (4 han 30 fu,
3 han 60 fu, 2 han 120 fu) are paid as mangan when `kiriage` is on."""

LIMIT_LADDER: tuple[tuple[int, int, int, str], ...] = (
    (5, 5, 2000, "mangan"),
    (6, 7, 3000, "haneman"),
    (8, 10, 4000, "baiman"),
    (11, 12, 6000, "sanbaiman"),
)
"""(from han, to han, basic points, tier) from 5 han up (the riichi scoring article: 滿貫 5,
跳滿 6–7, 倍滿 8–10, 三倍滿 11–12; fu no longer matter)."""

KAZOE_HAN = 13
KAZOE: dict[str, tuple[int, str]] = {"yakuman": (8000, "kazoe_yakuman"), "sanbaiman": (6000, "sanbaiman")}
"""13 han and more (累計役滿): a counted yakuman by default (the riichi scoring article), or
sanbaiman under the EMA rules (the reference calculator, `kazoe: sanbaiman`)."""

KAZOE_DOUBLE: tuple[int, str] = (2 * YAKUMAN_BASIC, "kazoe_double_yakuman")
"""26 han and more with `kazoe_double` (累計雙倍役滿, the riichi scoring article's 地方變異): two
yakuman's basic points."""

_LIMIT_BY_HAN: dict[int, tuple[int, str]] = {han: (basic, tier) for low, high, basic, tier in LIMIT_LADDER for han in range(low, high + 1)}


def basic_points(han: int, fu: int, rules: RiichiRules) -> tuple[int, str | None]:
    """Basic points and tier for a non-yakuman hand (the riichi scoring article's 基本點, 滿貫, 切上滿貫)."""
    if han >= KAZOE_HAN:
        if han >= KAZOE_DOUBLE_HAN and rules.kazoe_double and rules.kazoe == "yakuman":
            return KAZOE_DOUBLE
        return KAZOE[rules.kazoe]
    limit = _LIMIT_BY_HAN.get(han)
    if limit is not None:
        return limit
    basic = fu << (han + 2)  # fu × 2^(han+2)
    if basic >= MANGAN_BASIC or (rules.kiriage and basic == KIRIAGE_BASIC):
        return MANGAN_BASIC, "mangan"
    return basic, None


def yakuman_points(count: int, rules: RiichiRules) -> tuple[int, int, str]:
    """(yakuman paid, basic points, tier) for a hand of ``count`` yakuman."""
    paid = count if rules.multiple_yakuman else 1
    return paid, YAKUMAN_BASIC * paid, yakuman_tier(paid)
