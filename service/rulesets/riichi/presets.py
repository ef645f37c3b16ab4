"""Platform presets: a riichi table named by its platform or organisation
(`preset`), which sets `rules`, `yaku_options` and the `game` options at
once for the table's size; fields a request sends override them one by one.

Presets are data: each value below has its source in docs/sources.md
("Platform presets"). :func:`lay_preset` lays a preset's values under what a
body sends, before the body is decoded, so every riichi request (and a batch
item) is read exactly as if the client had sent the resolved fields; a body
without a top-level `preset` is not touched (byte for byte).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Annotated, Any, Literal

import msgspec

from service.core.codec import BODY_LAYER
from service.core.ruleset import PresetInfo

PresetName = Literal["tenhou", "mahjong_soul", "mleague", "wrc", "ema"]
PRESET_NAMES: tuple[str, ...] = ("tenhou", "mahjong_soul", "mleague", "wrc", "ema")

PresetField = Annotated[
    PresetName,
    msgspec.Meta(
        description=(
            "A platform's table by name (`GET /v1/rulesets` lists each preset's values and source): sets `rules`, "
            "`yaku_options` and the `game` options at once for the table's size; fields sent in them override it one by one."
        )
    ),
]
"""The request's `preset` (OrUnset: absent, the answer stays as without it)."""

Values = Mapping[str, Any]


@dataclass(frozen=True)
class Preset:
    """One platform's table: its values per table size, in the service's field
    names, grouped as the request sends them."""

    name: str
    title: str
    """English display name (the catalogue holds it in the other languages)."""
    source: str
    """One line: where the values come from (docs/sources.md quotes each)."""
    rules: dict[int, Values]
    yaku_options: dict[int, Values]
    game: dict[int, Values]
    fu: dict[int, Values] = field(default_factory=lambda: {3: {}, 4: {}})

    def values(self, players: int) -> dict[str, Values]:
        return {
            "rules": self.rules[players],
            "yaku_options": self.yaku_options[players],
            "game": self.game[players],
            "fu": self.fu[players],
        }


def _both(values: Values) -> dict[int, Values]:
    return {3: values, 4: values}


# Every value below is quoted from its source in docs/sources.md ("Platform presets").

_TENHOU_RULES: dict[str, Any] = {
    "kiriage": False,
    "kazoe": "yakuman",
    "multiple_yakuman": True,
    "multi_ron_honba": "first_only",
    "triple_ron": "abortive_draw",
    "pao_scope": "whole_hand",
    "nukidora_rinshan": True,
}
_TENHOU_GAME: dict[str, Any] = {
    "ties": "seat_order",
    "bust": True,
    "agari_yame": True,
    "extension": "sudden_death",
    "rounding": "nearest_thousand",
}

_MAHJONG_SOUL_RULES: dict[str, Any] = {
    "kiriage": False,
    "kazoe": "yakuman",
    "multiple_yakuman": True,
    "multi_ron_honba": "first_only",  # 段位戦ルール説明: ダブロン・トリプルロンの場合，積み棒は上家取り
    "triple_ron": "allowed",
    "pao_scope": "yakuman",
    "nukidora_rinshan": True,
}
_MAHJONG_SOUL_GAME: dict[str, Any] = {
    "ties": "seat_order",
    "bust": True,
    "agari_yame": True,
    "extension": "sudden_death",
    "rounding": "exact",
}

_TOURNAMENT_GAME: dict[str, Any] = {
    "length": "hanchan",
    "start_points": 30_000,
    "return_points": 30_000,
    "uma": [5, 15],
    "ties": "split",
    "agari_yame": False,
    "extension": "none",
    "rounding": "exact",
    "abortive_draws": False,
    "chombo": "deduct_20000",  # WRC 2015 "20 points penalty"; EMA 2016 "20,000 points deduction after uma"
}
"""WRC and EMA alike: 30,000 each, no oka, uma 15/5/−5/−15 shared on a tie,
no agari-yame, no extension, no abortive draws (a bust ends the game: the
service's default, said by the WRC's summary and kept for the EMA)."""

PRESETS: dict[str, Preset] = {
    "tenhou": Preset(
        name="tenhou",
        title="Tenhou",
        source="Tenhou's ranked rooms (tenhou.net/man), as its own records pay; riichienv GameRule.default_tenhou.",
        rules={4: _TENHOU_RULES, 3: {**_TENHOU_RULES, "sanma_tsumo": "tsumo_loss", "noten_payment": 2000}},
        yaku_options=_both({"double_yakuman": False, "renhou": "off", "open_tanyao": True, "kokushi_ankan_chankan": False}),
        game={
            4: {**_TENHOU_GAME, "start_points": 25_000, "return_points": 30_000, "uma": [10, 20]},
            3: {**_TENHOU_GAME, "start_points": 35_000, "return_points": 40_000, "uma": [0, 20]},
        },
    ),
    "mahjong_soul": Preset(
        name="mahjong_soul",
        title="Mahjong Soul",
        source="Mahjong Soul's ranked rooms (riichi.wiki, Majsoul), as its records pay; riichienv GameRule.default_mjsoul.",
        rules={4: _MAHJONG_SOUL_RULES, 3: {**_MAHJONG_SOUL_RULES, "sanma_tsumo": "tsumo_loss", "noten_payment": 2000}},
        yaku_options=_both({"double_yakuman": True, "renhou": "off", "open_tanyao": True, "kokushi_ankan_chankan": True}),
        game={
            4: {**_MAHJONG_SOUL_GAME, "start_points": 25_000, "return_points": 25_000, "goal_points": 30_000, "uma": [5, 15]},
            3: {**_MAHJONG_SOUL_GAME, "start_points": 35_000, "return_points": 35_000, "goal_points": 40_000, "uma": [0, 15]},
        },
    ),
    "mleague": Preset(
        name="mleague",
        title="M.League",
        source="M.League's official rules (m-league.jp), as riichi.wiki's M.League page and its published records give them.",
        rules=_both({"kazoe": "sanbaiman", "multiple_ron": "head_bump", "suukantsu_pao": True}),
        yaku_options=_both({"double_yakuman": False, "open_tanyao": True, "kokushi_ankan_chankan": False}),
        fu=_both({"double_wind_pair_fu": 2}),
        game=_both(
            {
                "length": "hanchan",
                "start_points": 25_000,
                "return_points": 30_000,
                "uma": [10, 30],
                "ties": "split",
                "bust": False,
                "agari_yame": False,
                "extension": "none",
                "rounding": "exact",
                "abortive_draws": False,
                "chombo": "deduct_20000",  # チョンボをした本人のポイントを20ポイント減らします
            }
        ),
    ),
    "wrc": Preset(
        name="wrc",
        title="WRC",
        source="The World Riichi Championship rules (riichi.wiki, World Riichi Championship rules; WRC rule book 2015).",
        rules=_both({"kazoe": "sanbaiman"}),
        yaku_options=_both({"double_yakuman": False, "open_tanyao": True, "red_fives": False}),
        game=_both({**_TOURNAMENT_GAME, "bust": True}),
    ),
    "ema": Preset(
        name="ema",
        title="EMA",
        source="The EMA Riichi Competition Rules, 2016 edition (riichi.wiki, EMA Riichi Competition Rules; the EMA's notes on the 2016 changes).",
        rules=_both({"kazoe": "sanbaiman", "multiple_yakuman": False, "nagashi_mangan": False}),
        yaku_options=_both({"double_yakuman": False, "renhou": "mangan", "open_tanyao": True, "red_fives": False}),
        game=_both({**_TOURNAMENT_GAME, "bust": True}),
    ),
}
"""Every preset by name, in the order discovery lists them."""

PRESET_INFO: tuple[PresetInfo, ...] = tuple(
    PresetInfo(
        preset.name,
        preset.title,
        preset.source,
        {players: {group: dict(values) for group, values in preset.values(players).items() if values} for players in (4, 3)},
    )
    for preset in PRESETS.values()
)
"""The presets as discovery lists them (`Ruleset.presets`)."""

GROUPS = ("rules", "yaku_options", "game", "fu")


def preset_values(name: str, players: int) -> dict[str, Any]:
    """Every value the preset sets for the table size, by field name (the
    groups' names never collide)."""
    merged: dict[str, Any] = {}
    for values in PRESETS[name].values(players).values():
        merged.update(values)
    return merged


def field_names(type_: type) -> frozenset[str]:
    """A Struct's field names."""
    return frozenset(info.name for info in msgspec.structs.fields(type_))


RECORD_FACTS = frozenset({"players", "start_points", "resume"})
"""A record's game values that are what happened, not a rule: a preset never
replaces them."""


def over_record(defaults: dict[str, dict[str, Any]], name: str) -> dict[str, dict[str, Any]]:
    """A record's own rules (``record_defaults``) with the preset's laid
    over them, for the record's table size (explicit fields then go over)."""
    players = defaults["game"].get("players", 4)
    values = PRESETS[name].values(players)
    game = {**defaults["game"], **{key: value for key, value in values["game"].items() if key not in RECORD_FACTS}}
    if game["return_points"] < game["start_points"]:
        game["return_points"] = game["start_points"]
    return {
        "rules": {**defaults["rules"], **values["rules"]},
        "yaku_options": {**defaults["yaku_options"], **values["yaku_options"]},
        "game": game,
    }


# --- laying a preset under a body --------------------------------------------------------

_TOP = msgspec.json.Decoder(dict[str, msgspec.Raw])
_ANY = msgspec.json.Decoder()
_MARK = b'"preset"'


def struct_names(type_: Any) -> frozenset[str] | None:
    """A Struct type's field names (None for anything else)."""
    while hasattr(type_, "__metadata__") and hasattr(type_, "__origin__"):  # Annotated[...]
        type_ = type_.__origin__
    if isinstance(type_, type) and issubclass(type_, msgspec.Struct):
        return frozenset(info.name for info in msgspec.structs.fields(type_))
    return None


@dataclass(frozen=True)
class Layout:
    """Where a request type takes a preset's values: each group field
    (`rules`, `yaku_options`, `game`) with the names it has; the top level's
    own names when it has no group (game-results); and the names a game's
    raw win hands take in their `yaku_options`."""

    groups: dict[str, frozenset[str]]
    top: frozenset[str] = frozenset()
    hands: frozenset[str] = frozenset()
    tag: str | None = None
    """A batch item's `ruleset`: another ruleset's item is left as it is."""


def layout_of(type_: type, tag: str | None = None) -> Layout:
    """The layout of a request Struct, read from its fields."""
    names = {info.name: info.type for info in msgspec.structs.fields(type_)}
    groups: dict[str, frozenset[str]] = {}
    for group in ("rules", "yaku_options", "game"):
        inner = struct_names(names[group]) if group in names else None
        if inner is not None:
            groups[group] = inner
    return Layout(groups=groups, top=frozenset() if groups else frozenset(names), tag=tag)


def _players(top: dict[str, msgspec.Raw]) -> int:
    """The table size a body states: `players`, `game.players`, or three
    when its `scores` leave `north` out; else four."""
    try:
        if "players" in top:
            value = _ANY.decode(top["players"])
        elif "game" in top:
            value = _ANY.decode(top["game"]).get("players", 4)
        elif "scores" in top:
            value = 3 if _ANY.decode(top["scores"]).get("north") is None else 4
        else:
            value = 4
    except (msgspec.DecodeError, AttributeError):
        return 4
    return value if value in (3, 4) else 4


def _over(values: dict[str, Any], names: frozenset[str], sent: msgspec.Raw | None) -> msgspec.Raw | None:
    """``sent``'s fields laid over the preset's ``values`` the group has;
    None when ``sent`` is not an object (left for the decoder to refuse)."""
    fields: dict[str, Any] = {name: value for name, value in values.items() if name in names}
    if sent is not None:
        try:
            fields.update(_TOP.decode(sent))
        except (msgspec.DecodeError, msgspec.ValidationError):
            return None
    return msgspec.Raw(msgspec.json.encode(fields))


def _text(raw: msgspec.Raw | None) -> str | None:
    """A raw JSON string's text (None when absent or not a string)."""
    if raw is None:
        return None
    try:
        value = _ANY.decode(raw)
    except msgspec.DecodeError:
        return None
    return value if isinstance(value, str) else None


_FU_PLACES = (("tiles", "fu_rules"), ("hand", "rules"))
"""Where a winner's fu rules sit: its tiles' `fu_rules`, its hand structure's `rules`."""


def _lay_fu(winner: dict[str, msgspec.Raw], fu: dict[str, Any]) -> None:
    """The preset's fu rules laid under a winner's (its tiles', its hand structure's)."""
    for place, group in _FU_PLACES:
        if place not in winner:
            continue
        try:
            inner = _TOP.decode(winner[place])
        except (msgspec.DecodeError, msgspec.ValidationError):
            continue
        laid = _over(fu, frozenset(fu), inner.get(group))
        if laid is not None:
            inner[group] = laid
            winner[place] = msgspec.Raw(msgspec.json.encode(inner))


def _lay_list(raw: msgspec.Raw, lay_one: Callable[[dict[str, msgspec.Raw]], None]) -> msgspec.Raw:
    """Each object of a raw list laid by ``lay_one`` (the list as it is when it is not one of objects)."""
    try:
        items = msgspec.json.decode(raw, type=list[dict[str, msgspec.Raw]])
    except (msgspec.DecodeError, msgspec.ValidationError):
        return raw
    for item in items:
        lay_one(item)
    return msgspec.Raw(msgspec.json.encode(items))


def _game_hand(values: dict[str, Any], names: frozenset[str], fu: dict[str, Any]) -> Callable[[dict[str, msgspec.Raw]], None]:
    def lay_one(hand: dict[str, msgspec.Raw]) -> None:
        if _text(hand.get("type")) not in (None, "win"):
            return
        laid = _over(values, names, hand.get("yaku_options"))
        if laid is not None:
            hand["yaku_options"] = laid
        if fu:
            _lay_fu(hand, fu)

    return lay_one


def lay(layout: Layout, raw: bytes) -> bytes:
    """``raw`` with its preset's values laid under the fields it sends; the
    body as it is when it names no known preset at its top level (the
    decoder then words any problem), or when it is another ruleset's item."""
    try:
        top = _TOP.decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return raw
    name = top.get("preset")
    if name is None:
        return raw
    if layout.tag is not None and _text(top.get("ruleset")) != layout.tag:
        return raw
    preset = _text(name)
    if preset not in PRESETS:
        return raw
    values = preset_values(preset, _players(top))
    for group, names in layout.groups.items():
        laid = _over(values, names, top.get(group))
        if laid is not None:
            top[group] = laid
    for name_ in layout.top:
        if name_ in values and name_ not in top:
            top[name_] = msgspec.Raw(msgspec.json.encode(values[name_]))
    fu = dict(PRESETS[preset].values(_players(top))["fu"])
    if layout.hands and "hands" in top:
        top["hands"] = _lay_list(top["hands"], _game_hand(values, layout.hands, fu))
    if fu:
        _lay_fu(top, fu)
        if "further_winners" in top:
            top["further_winners"] = _lay_list(top["further_winners"], lambda winner: _lay_fu(winner, fu))
    return msgspec.json.encode(top)


def body_layer(layout: Layout) -> tuple[bytes, Callable[[bytes], bytes]]:
    """The preset layer of a request type: a body that holds `"preset"`
    (a byte search, made by the decoder) is laid by :func:`lay`."""
    return _MARK, partial(lay, layout)


def preset_layer(type_: type) -> tuple[bytes, Callable[[bytes], bytes]]:
    """:data:`service.core.codec.BODY_LAYER` of a riichi request type (a
    batch item's tag read from its Struct config)."""
    tag = type_.__struct_config__.tag  # type: ignore[attr-defined]
    return body_layer(layout_of(type_, tag if isinstance(tag, str) else None))


def with_presets(*types: type) -> None:
    """Give each request type the preset layer."""
    for type_ in types:
        setattr(type_, BODY_LAYER, preset_layer)
