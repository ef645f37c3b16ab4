"""`GET /v1/rulesets`: what a client needs to build its settings screen.

Every ruleset with its names, unit, endpoints and every rule option — where
a settlement request carries it, type, allowed values, bounds, default and a
one-line meaning — read from the same rules Structs that validate requests
(`Ruleset.option_groups`), so it cannot drift from them. The
meaning is the first line of the option's schema description, shown in the
response's language from the catalogue (msgctxt ``rule option``)."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any, Literal

import msgspec
from litestar import Request, Response, get

from service.api.codec import json_response
from service.core.options import options_of
from service.core.ruleset import Ruleset
from service.i18n import LANGUAGE, LANGUAGES, gettext
from service.rulesets.registry import RULESETS

OPTION_CONTEXT = "rule option"
"""Catalogue context of the options' one-line meanings (msgid: the English line)."""


class RuleOption(msgspec.Struct, kw_only=True, omit_defaults=True):
    name: str
    pointer: Annotated[
        str,
        msgspec.Meta(
            description=(
                "Where a settlement request (`POST /v1/{ruleset}/settlements`) carries the option, as a JSON Pointer: "
                "`/rules/fan_cap`, `/yaku_options/renhou`, `/hand/rules/pinfu_tsumo_fu`, or a top-level field such as `/preset`."
            )
        ),
    ]
    type: Literal["string", "integer", "number", "boolean"]
    default: Any
    description: Annotated[
        str, msgspec.Meta(description="One line: what the option means, in the response's language (`Content-Language`).")
    ]
    values: list[Any] | None = None
    minimum: Decimal | None = None
    maximum: Decimal | None = None


class RulesetEntry(msgspec.Struct):
    name: Annotated[str, msgspec.Meta(description="The ruleset's code, used in paths and in `ruleset` fields.")]
    names: Annotated[dict[str, str], msgspec.Meta(description="Display names: `en`, `zh-Hant`, `zh-Hans`, `ja`.")]
    unit: Annotated[str, msgspec.Meta(description="What a hand's value is counted in (番, 飜+符, 分, points, 台).")]
    unit_en: str
    endpoints: list[str]
    rules: list[RuleOption]


class Rulesets(msgspec.Struct):
    rulesets: list[RulesetEntry]


def rule_options(ruleset: Ruleset) -> list[RuleOption]:
    """Every house rule of a ruleset, group by group (`rules` first), read
    from the rules Structs (`service.core.options`)."""
    return [
        RuleOption(
            name=option.name,
            pointer=f"{group.at}/{option.name}",
            type=option.type,
            default=option.default,
            description=option.meaning,
            values=None if option.values is None else list(option.values),
            minimum=option.minimum,
            maximum=option.maximum,
        )
        for group in ruleset.option_groups
        for option in options_of(group.struct)
    ]


def _localized(options: list[RuleOption], language: str) -> list[RuleOption]:
    return [msgspec.structs.replace(option, description=gettext(option.description, language, OPTION_CONTEXT)) for option in options]


RULE_OPTIONS: dict[str, dict[str, list[RuleOption]]] = {
    language: {ruleset.name: _localized(rule_options(ruleset), language) for ruleset in RULESETS} for language in LANGUAGES
}
"""language → ruleset → its options, worked out once."""


@get("/v1/rulesets", tags=["Discovery"], summary="Every ruleset, its endpoints and rule options", sync_to_thread=False)
def rulesets(request: Request[Any, Any, Any]) -> Response[Rulesets]:
    """Names in English, 繁體, 简体 and 日本語, the unit, the endpoints, and
    every rule option with its type, allowed values or bounds, default and a
    one-line meaning — enough for a client to build its settings screen. The
    meanings follow `Accept-Language`; names, codes and values do not."""
    entries = []
    options = RULE_OPTIONS[LANGUAGE.get()]
    for ruleset in RULESETS:
        prefix = f"/v1/{ruleset.name}/"
        endpoints = []
        for route in request.app.routes:
            if route.path.startswith(prefix):
                for method in sorted(getattr(route, "methods", ())):
                    if method not in ("HEAD", "OPTIONS"):
                        endpoints.append(f"{method} {route.path}")
        entries.append(
            RulesetEntry(
                name=ruleset.name,
                names=ruleset.names,
                unit=ruleset.unit,
                unit_en=ruleset.unit_en,
                endpoints=sorted(endpoints, key=lambda e: (e.split()[1], e.split()[0])),
                rules=options[ruleset.name],
            )
        )
    return json_response(Rulesets(rulesets=entries))
