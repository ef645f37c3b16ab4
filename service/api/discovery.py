"""`GET /v1/rulesets`: what a client needs to build its settings screen.

Every ruleset with its names, unit, endpoints and every rule option — type,
allowed values, bounds, default, a one-line meaning, and where a settlement
request carries it (`rule_groups`) — and the calculator page's spec of it
(`page`, `Ruleset.page`), read from the same rules Structs that
validate requests (`Ruleset.option_groups`), so it cannot drift from them. The
meaning is the first line of the option's schema description, shown in the
response's language from the catalogue (msgctxt ``rule option``), as are a
preset's title and one-line source (msgctxt ``preset``)."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Annotated, Any, Literal

import msgspec
from litestar import Request, Response, get

from service.api.codec import json_response
from service.core.fields import OrUnset
from service.core.options import Option, options_of, settings_of
from service.core.ruleset import Ruleset
from service.i18n import LANGUAGE, LANGUAGES, SERVED, Served, gettext, ruleset_names
from service.rulesets.registry import RULESETS

OPTION_CONTEXT = "rule option"
"""Catalogue context of the options' one-line meanings (msgid: the English line)."""
PRESET_CONTEXT = "preset"
"""Catalogue context of a preset's title and one-line source (msgid: the English text)."""


class RuleOption(msgspec.Struct, omit_defaults=True):
    name: str
    type: Annotated[
        Literal["string", "integer", "number", "boolean", "array"],
        msgspec.Meta(description="`array` (game options only, such as an uma): a list of integers, each within the bounds."),
    ]
    default: Any
    description: Annotated[
        str, msgspec.Meta(description="One line: what the option means, in the response's language (`Content-Language`).")
    ]
    values: list[Any] | None = None
    minimum: Annotated[Decimal | None, msgspec.Meta(description="The smallest value (of each item, for an `array`).")] = None
    maximum: Annotated[Decimal | None, msgspec.Meta(description="The largest value (of each item, for an `array`).")] = None
    min_items: Annotated[int | None, msgspec.Meta(description="An `array`'s fewest items.")] = None
    max_items: Annotated[int | None, msgspec.Meta(description="An `array`'s most items.")] = None


class RuleGroup(msgspec.Struct):
    """Options a settlement request carries in one place."""

    pointer: Annotated[
        str,
        msgspec.Meta(
            description=(
                "JSON Pointer of the object in a settlement request (`POST /v1/{ruleset}/settlements`) that holds the "
                "options: `/rules`, `/yaku_options`, `/hand/rules`; empty for top-level fields (`/eight_immortals`, `/preset`)."
            )
        ),
    ]
    options: Annotated[list[str], msgspec.Meta(description="Names of the options in `rules` that go there.")]


def names_description(served: Sequence[Served]) -> str:
    """The meaning of a ruleset's `names`: its served languages' tags."""
    return f"Display names: {', '.join(f'`{language.tag}`' for language in served)}."


class RulesetEntry(msgspec.Struct):
    name: Annotated[str, msgspec.Meta(description="The ruleset's code, used in paths and in `ruleset` fields.")]
    names: Annotated[dict[str, str], msgspec.Meta(description=names_description(SERVED))]
    unit: Annotated[str, msgspec.Meta(description="What a hand's value is counted in (番, 飜+符, 分, points, 台).")]
    unit_en: str
    endpoints: list[str]
    rules: Annotated[
        list[RuleOption],
        msgspec.Meta(description="Every house rule, those of the request's `rules` first; `rule_groups` says where each goes."),
    ]
    rule_groups: Annotated[
        list[RuleGroup], msgspec.Meta(description="Where a settlement request carries each option of `rules`, group by group.")
    ]
    game_rules: Annotated[
        list[RuleOption],
        msgspec.Meta(
            description=(
                "Every option of a game's `game` object (`POST /v1/{ruleset}/games`, and the ruleset's recorded games): "
                "how the game runs, its end and its standings. Empty for a ruleset without games."
            )
        ),
    ]
    page: Annotated[
        dict[str, Any],
        msgspec.Meta(
            description=(
                "What the service's calculator page (`GET /`) asks for and shows for the ruleset besides `rules`: "
                "the hand's fields, pattern checklist, hand from tiles, result wording and printable table "
                "(docs/page.md). Its labels are the page's English msgids; its shape may grow. Empty: no tab."
            )
        ),
    ]
    presets: Annotated[
        OrUnset[list[PresetEntry]],
        msgspec.Meta(description="The platforms' tables a request may name by its top-level `preset` (absent: the ruleset has none)."),
    ] = msgspec.UNSET


class PresetEntry(msgspec.Struct):
    """A platform's table a request names by `preset`."""

    name: Annotated[str, msgspec.Meta(description="The `preset` value.")]
    title: Annotated[str, msgspec.Meta(description="Its display name, in the response's language (`Content-Language`).")]
    source: Annotated[
        str,
        msgspec.Meta(description="One line: where its values come from (docs/sources.md quotes each), in the response's language."),
    ]
    values: Annotated[
        dict[str, dict[str, dict[str, Any]]],
        msgspec.Meta(
            description=(
                "Every value it sets, by table size (`4`, `3`) and group: `rules`, `yaku_options`, `game`, and `fu` (the "
                "fu rules, laid under a winner's `hand.rules` and `tiles.fu_rules`). Fields a request sends override them one by one."
            )
        ),
    ]


class RulesetList(msgspec.Struct):
    """`GET /v1/rulesets`: every ruleset. (Not named `Rulesets`: a Python
    client generator then names a model and its one field alike and its code
    fails `mypy --strict`.)"""

    rulesets: list[RulesetEntry]


def _rule_option(option: Option) -> RuleOption:
    return RuleOption(
        option.name,
        option.type,
        option.default,
        option.meaning,
        values=None if option.values is None else list(option.values),
        minimum=option.minimum,
        maximum=option.maximum,
        min_items=option.min_items,
        max_items=option.max_items,
    )


def rule_options(ruleset: Ruleset) -> list[RuleOption]:
    """Every house rule of a ruleset, group by group (`rules` first), read
    from the rules Structs (`service.core.options`)."""
    return [_rule_option(option) for group in ruleset.option_groups for option in options_of(group.struct)]


def game_options(ruleset: Ruleset) -> list[RuleOption]:
    """Every field of the ruleset's game `game` object (its setup Struct)."""
    return [] if ruleset.game_types is None else [_rule_option(option) for option in settings_of(ruleset.game_types.setup)]


def rule_groups(ruleset: Ruleset) -> list[RuleGroup]:
    """Where a settlement request carries each option (`rule_options`' order)."""
    return [RuleGroup(group.at, [option.name for option in options_of(group.struct)]) for group in ruleset.option_groups]


RULE_GROUPS: dict[str, list[RuleGroup]] = {ruleset.name: rule_groups(ruleset) for ruleset in RULESETS}


def _localized(options: list[RuleOption], language: str) -> list[RuleOption]:
    return [msgspec.structs.replace(option, description=gettext(option.description, language, OPTION_CONTEXT)) for option in options]


RULE_OPTIONS: dict[str, dict[str, list[RuleOption]]] = {
    language: {ruleset.name: _localized(rule_options(ruleset), language) for ruleset in RULESETS} for language in LANGUAGES
}
"""language → ruleset → its options, worked out once."""

GAME_OPTIONS: dict[str, dict[str, list[RuleOption]]] = {
    language: {ruleset.name: _localized(game_options(ruleset), language) for ruleset in RULESETS} for language in LANGUAGES
}
"""language → ruleset → its game options."""


NAMES: dict[str, dict[str, str]] = {ruleset.name: ruleset_names(ruleset.name_en) for ruleset in RULESETS}
"""ruleset → its display name in every served language."""


def _presets(ruleset: Ruleset, language: str) -> list[PresetEntry]:
    return [
        PresetEntry(
            preset.name,
            gettext(preset.title, language, PRESET_CONTEXT),
            gettext(preset.source, language, PRESET_CONTEXT),
            {str(players): groups for players, groups in preset.values.items()},
        )
        for preset in ruleset.presets
    ]


PRESETS: dict[str, dict[str, list[PresetEntry]]] = {
    language: {ruleset.name: _presets(ruleset, language) for ruleset in RULESETS if ruleset.presets} for language in LANGUAGES
}
"""language → ruleset → its presets as discovery lists them (titles and sources in the language)."""


def rulesets_description(served: Sequence[Served]) -> str:
    """The description of `GET /v1/rulesets`, naming the served languages."""
    short = [language.short for language in served]
    return (
        f"Names in {', '.join(short[:-1])} and {short[-1]}, the unit, the endpoints, and\n"
        "every rule option with its type, allowed values or bounds, default and a\n"
        "one-line meaning — enough for a client to build its settings screen. The\n"
        "meanings follow `Accept-Language`; names, codes and values do not."
    )


@get(
    "/v1/rulesets",
    tags=["Discovery"],
    summary="Every ruleset, its endpoints and rule options",
    description=rulesets_description(SERVED),
    sync_to_thread=False,
)
def rulesets(request: Request[Any, Any, Any]) -> Response[RulesetList]:
    """Every ruleset, its names and unit, endpoints and rule options
    (:func:`rulesets_description`)."""
    entries = []
    options = RULE_OPTIONS[LANGUAGE.get()]
    games = GAME_OPTIONS[LANGUAGE.get()]
    presets = PRESETS[LANGUAGE.get()]
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
                names=NAMES[ruleset.name],
                unit=ruleset.unit,
                unit_en=ruleset.unit_en,
                endpoints=sorted(endpoints, key=lambda e: (e.split()[1], e.split()[0])),
                rules=options[ruleset.name],
                rule_groups=RULE_GROUPS[ruleset.name],
                game_rules=games[ruleset.name],
                page=ruleset.page,
                presets=presets.get(ruleset.name, msgspec.UNSET),
            )
        )
    return json_response(RulesetList(rulesets=entries))
