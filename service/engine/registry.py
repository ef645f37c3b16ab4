"""The rulesets the service settles, as data: names, unit, request and rules
types and the settle function. Batch settlement and discovery are built from
this table, so a new ruleset is one entry here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from service.engine import hongkong, mcr, nmjl, riichi, taiwan


@dataclass(frozen=True)
class Ruleset:
    name: str
    names: dict[str, str]
    """Display names: `en`, `zh-Hant`, `zh-Hans`, `ja`."""
    unit: str
    unit_en: str
    request: type
    result: type
    rules: type
    settle: Callable[[Any], Any]


RULESETS: tuple[Ruleset, ...] = (
    Ruleset(
        name="hongkong",
        names={"en": "Hong Kong mahjong", "zh-Hant": "香港麻雀", "zh-Hans": "香港麻将", "ja": "香港麻雀"},
        unit="番",
        unit_en="fan",
        request=hongkong.HongKongRequest,
        result=hongkong.HongKongSettlement,
        rules=hongkong.HongKongRules,
        settle=hongkong.settle,
    ),
    Ruleset(
        name="riichi",
        names={"en": "Japanese riichi mahjong", "zh-Hant": "日本立直麻雀", "zh-Hans": "日本立直麻将", "ja": "リーチ麻雀"},
        unit="飜+符",
        unit_en="han and fu",
        request=riichi.RiichiRequest,
        result=riichi.RiichiSettlement,
        rules=riichi.RiichiRules,
        settle=riichi.settle,
    ),
    Ruleset(
        name="mcr",
        names={"en": "Chinese Official (MCR)", "zh-Hant": "國標麻將", "zh-Hans": "国标麻将", "ja": "中国公式ルール（国標麻将）"},
        unit="分",
        unit_en="points",
        request=mcr.McrRequest,
        result=mcr.McrSettlement,
        rules=mcr.McrRules,
        settle=mcr.settle,
    ),
    Ruleset(
        name="nmjl",
        names={"en": "American mahjong (NMJL card)", "zh-Hant": "美式麻將", "zh-Hans": "美式麻将", "ja": "アメリカ麻雀（NMJL）"},
        unit="points",
        unit_en="card value points",
        request=nmjl.NmjlRequest,
        result=nmjl.NmjlSettlement,
        rules=nmjl.NmjlRules,
        settle=nmjl.settle,
    ),
    Ruleset(
        name="taiwan",
        names={"en": "Taiwanese 16-tile mahjong", "zh-Hant": "台灣十六張麻將", "zh-Hans": "台湾十六张麻将", "ja": "台湾麻雀（16枚）"},
        unit="台",
        unit_en="tai",
        request=taiwan.TaiwanRequest,
        result=taiwan.TaiwanSettlement,
        rules=taiwan.TaiwanRules,
        settle=taiwan.settle,
    ),
)

BY_NAME: dict[str, Ruleset] = {ruleset.name: ruleset for ruleset in RULESETS}
