"""GET /v1/rulesets: names, units, endpoints and rule options."""

from __future__ import annotations

import json
import re

import pytest

from service.core.codec import ENCODER

UNITS = {"hongkong": "番", "riichi": "飜+符", "mcr": "分", "nmjl": "points", "taiwan": "台"}


@pytest.fixture(scope="module")
def rulesets(client):
    response = client.get("/v1/rulesets")
    assert response.status_code == 200
    return {entry["name"]: entry for entry in response.json()["rulesets"]}


def by_pointer(entry) -> dict[str, dict]:
    """A ruleset's options keyed by where a settlement request carries them
    (`rule_groups`' pointer + the option's name)."""
    options = {o["name"]: o for o in entry["rules"]}
    return {f"{group['pointer']}/{name}": options[name] for group in entry["rule_groups"] for name in group["options"]}


def test_every_ruleset_with_four_names_and_its_unit(rulesets) -> None:
    assert set(rulesets) == set(UNITS)
    for name, entry in rulesets.items():
        assert entry["unit"] == UNITS[name]
        assert set(entry["names"]) == {"en", "zh-Hant", "zh-Hans", "ja"}
        assert all(entry["names"].values())
    assert rulesets["hongkong"]["names"]["zh-Hant"] == "香港麻雀"
    assert rulesets["mcr"]["names"]["zh-Hans"] == "国标麻将"


NAMES = {
    "hongkong": {"en": "Hong Kong mahjong", "zh-Hant": "香港麻雀", "zh-Hans": "香港麻将", "ja": "香港麻雀"},
    "riichi": {"en": "Japanese riichi mahjong", "zh-Hant": "日本立直麻雀", "zh-Hans": "日本立直麻将", "ja": "リーチ麻雀"},
    "mcr": {"en": "Chinese Official (MCR)", "zh-Hant": "國標麻將", "zh-Hans": "国标麻将", "ja": "中国公式ルール（国標麻将）"},
    "nmjl": {"en": "American mahjong (NMJL card)", "zh-Hant": "美式麻將", "zh-Hans": "美式麻将", "ja": "アメリカ麻雀（NMJL）"},
    "taiwan": {"en": "Taiwanese 16-tile mahjong", "zh-Hant": "台灣十六張麻將", "zh-Hans": "台湾十六张麻将", "ja": "台湾麻雀（16枚）"},
}
"""Each ruleset's display names as the rulesets themselves listed them before
the names moved into the catalogues (msgctxt ``ruleset name``)."""


@pytest.mark.parametrize("accept", [None, "zh-HK", "zh-CN", "ja", "fr"])
def test_names_are_the_same_bytes_in_every_language(client, accept) -> None:
    """`names` is every served language's name, whatever the request's
    language, byte for byte as it always was, in the same order."""
    headers = {"Accept-Language": accept} if accept else {}
    body = client.get("/v1/rulesets", headers=headers).content
    for name, names in NAMES.items():
        assert b'"name":"' + name.encode() + b'","names":' + ENCODER.encode(names) + b',"unit":' in body, name
    assert [entry["name"] for entry in json.loads(body)["rulesets"]] == list(NAMES)


def test_endpoints(rulesets) -> None:
    assert "POST /v1/hongkong/settlements" in rulesets["hongkong"]["endpoints"]
    assert "GET /v1/hongkong/points-table" in rulesets["hongkong"]["endpoints"]
    assert "GET /v1/riichi/score-table" in rulesets["riichi"]["endpoints"]
    assert "GET /v1/taiwan/tai-table" in rulesets["taiwan"]["endpoints"]
    for name, entry in rulesets.items():
        assert f"POST /v1/{name}/settlements" in entry["endpoints"]


def test_hong_kong_options_match_the_contract(rulesets) -> None:
    options = {o["name"]: o for o in rulesets["hongkong"]["rules"]}
    # CONTRACT.md: table half_spicy | full_spicy (default half), fan_cap 10, min_fan 3,
    # discard_payment full_gun | half_gun, payment_scheme standard | per_share | classic_self_draw | equal_total, point_value 1
    assert options["table"]["default"] == "half_spicy" and sorted(options["table"]["values"]) == ["full_spicy", "half_spicy"]
    assert options["fan_cap"]["default"] == 10 and options["fan_cap"]["maximum"] == 13
    assert options["min_fan"]["default"] == 3
    assert sorted(options["discard_payment"]["values"]) == ["full_gun", "half_gun"]
    assert sorted(options["payment_scheme"]["values"]) == ["classic_self_draw", "equal_total", "per_share", "standard"]
    assert options["point_value"] == {**options["point_value"], "type": "number", "default": 1}
    assert all(option["description"] for option in options.values())


def test_riichi_and_taiwan_defaults(rulesets) -> None:
    riichi = {o["name"]: o for o in rulesets["riichi"]["rules"]}
    assert riichi["kiriage"] == {**riichi["kiriage"], "type": "boolean", "default": False}
    assert riichi["kazoe"]["default"] == "yakuman"
    assert len(riichi["sanma_tsumo"]["values"]) == 8
    taiwan = {o["name"]: o for o in rulesets["taiwan"]["rules"]}
    assert (taiwan["base"]["default"], taiwan["unit"]["default"], taiwan["dealer_tai"]["default"]) == (100, 20, 1)


DEFAULT_BODIES = {
    "hongkong": {"winner": "east", "win": {"type": "self_draw"}, "fan": 3},
    "riichi": {"winner": "east", "win": {"type": "self_draw"}, "han": 3, "fu": 30},
    "mcr": {"winner": "east", "win": {"type": "self_draw"}, "fan": 8},
    "nmjl": {"winner": "east", "win": {"type": "self_draw"}, "value": 25},
    "taiwan": {"winner": "east", "win": {"type": "self_draw"}, "tai": 1},
}


@pytest.mark.parametrize("name", sorted(DEFAULT_BODIES))
def test_options_are_exactly_the_rules_a_settlement_echoes(client, rulesets, name) -> None:
    echoed = client.post(f"/v1/{name}/settlements", json=DEFAULT_BODIES[name]).json()["rules"]
    options = rulesets[name]["rules"][: len(echoed)]
    assert [o["name"] for o in options] == list(echoed)
    group = rulesets[name]["rule_groups"][0]
    assert group["pointer"] == "/rules" and group["options"][: len(echoed)] == list(echoed)
    # the options after them are echoed only when sent (or set by a preset), so an answer without them stays as it was:
    # their `default` is null, and their one-line meaning says the default
    later = {o["name"]: o for o in rulesets[name]["rules"]}
    assert all(later[option]["default"] is None and "default" in later[option]["description"] for option in group["options"][len(echoed) :])
    for option in options:
        if option["default"] is not None:
            assert echoed[option["name"]] == option["default"], option["name"]


# --- The options' meanings in the request's language -----------------------------------

LANGUAGES = {"zh-Hant": "zh-HK", "zh-Hans": "zh-CN", "ja": "ja-JP"}


def _options_in(client, header: str) -> tuple[str, dict[tuple[str, str], dict]]:
    response = client.get("/v1/rulesets", headers={"Accept-Language": header})
    assert response.status_code == 200
    entries = response.json()["rulesets"]
    options = {(entry["name"], o["name"]): o for entry in entries for o in entry["rules"]}
    options |= {(entry["name"], "game/" + o["name"]): o for entry in entries for o in entry["game_rules"]}
    return response.headers["content-language"], options


@pytest.mark.parametrize(
    ("language", "fan_cap", "tai_cap"),
    [
        (
            "zh-Hant",
            "封頂：超過呢個番數照呢個番數計（常見 8、10、13 番）。",
            "手牌台數上限（莊家台同連莊台喺之後先加）；0 = 冇上限（預設：《台灣麻將台數表》：沒有上限）。",
        ),
        (
            "zh-Hans",
            "封顶：超过此番数按此番数计（常见 8、10、13 番）。",
            "手牌台数上限（庄家台和连庄台在之后才加）；0 = 不设上限（默认：《台湾麻将台数表》：沒有上限）。",
        ),
        (
            "ja",
            "上限（封頂）：これを超える番数はこの番数として支払います（8・10・13 が一般的）。",
            "手の台数の上限（莊家台と連荘の台はその後に加えます）；0 = 上限なし（既定：『台灣麻將台數表』の「沒有上限」）。",
        ),
    ],
)
def test_option_meanings_follow_accept_language(client, language, fan_cap, tai_cap) -> None:
    served, options = _options_in(client, LANGUAGES[language])
    assert served == language
    assert options[("hongkong", "fan_cap")]["description"] == fan_cap
    assert options[("taiwan", "tai_cap")]["description"] == tai_cap


def _presets_in(client, header: str | None) -> dict[str, dict]:
    headers = {"Accept-Language": header} if header else {}
    entries = client.get("/v1/rulesets", headers=headers).json()["rulesets"]
    return {preset["name"]: preset for preset in next(entry for entry in entries if entry["name"] == "riichi")["presets"]}


def test_preset_titles_and_sources_follow_accept_language(client) -> None:
    """The platforms by the names their players use: 天鳳, 雀魂 and Mリーグ in
    Japanese; WRC and EMA keep their own letters. Names, values and the
    order do not change with the language."""
    english, japanese = _presets_in(client, None), _presets_in(client, "ja-JP")
    assert {name: preset["title"] for name, preset in japanese.items()} == {
        "tenhou": "天鳳",
        "mahjong_soul": "雀魂",
        "mleague": "Mリーグ",
        "wrc": "WRC",
        "ema": "EMA",
    }
    assert english["tenhou"]["title"] == "Tenhou" and english["mleague"]["title"] == "M.League"
    assert japanese["tenhou"]["source"].startswith("天鳳の段位戦（`tenhou.net/man`）")
    assert japanese["mleague"]["source"].startswith("Mリーグ公式ルール（`m-league.jp`）")
    assert list(japanese) == list(english)
    for name, preset in japanese.items():
        assert preset["values"] == english[name]["values"]
        assert preset["source"] != english[name]["source"]
    assert _presets_in(client, "zh-CN")["tenhou"]["title"] == "天凤"
    assert _presets_in(client, "zh-HK")["mahjong_soul"]["title"] == "雀魂"


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_only_the_meanings_change_with_the_language(client, rulesets, language) -> None:
    """Every option is translated; its name, type, values, default and bounds
    are the English answer's; every `code` and number of the English line is
    in the translation (a client may match on them)."""
    _, options = _options_in(client, LANGUAGES[language])
    english = {(name, o["name"]): o for name, entry in rulesets.items() for o in entry["rules"]}
    english |= {(name, "game/" + o["name"]): o for name, entry in rulesets.items() for o in entry["game_rules"]}
    assert options.keys() == english.keys()
    for key, option in options.items():
        original = english[key]
        assert {k: v for k, v in option.items() if k != "description"} == {k: v for k, v in original.items() if k != "description"}
        assert option["description"] != original["description"], key
        for code in re.findall(r"`[^`]+`", original["description"]):
            assert code in option["description"], (key, code)
        for number in re.findall(r"\d+(?:\.\d+)?", original["description"]):
            assert number in option["description"], (key, number)


def test_english_meanings_are_the_schema_descriptions(client, rulesets) -> None:
    # the first line of each rules field's description in the published schema
    schema = client.get("/schema/openapi.json").json()["components"]["schemas"]
    kiriage = next(o for o in rulesets["riichi"]["rules"] if o["name"] == "kiriage")
    rules_schema = next(s for name, s in schema.items() if name.startswith("RiichiRules"))
    assert kiriage["description"] == rules_schema["properties"]["kiriage"]["description"].split("\n")[0]
    assert kiriage["description"] == "切上滿貫: 1920 basic points (4 han 30 fu, 3 han 60 fu) are paid as mangan."


# --- Every house rule, wherever the request carries it -----------------------------------


def test_the_rules_kept_outside_rules_are_listed_with_where_they_go(rulesets) -> None:
    """Hong Kong's 八仙過海 rule and Taiwan's preset and mode are top-level
    request fields; riichi's yaku options and fu rules have their own objects.
    Defaults and values as the request schemas (and CONTRACT.md) give them;
    seed 002 scores 八仙過海 8 fan, seed 003 plays it as a limit hand."""
    hongkong = by_pointer(rulesets["hongkong"])
    assert hongkong["/eight_immortals"] == {
        **hongkong["/eight_immortals"],
        "name": "eight_immortals",
        "type": "string",
        "default": "eight_fan",
        "values": ["eight_fan", "limit"],
    }
    riichi = by_pointer(rulesets["riichi"])
    assert riichi["/yaku_options/double_yakuman"]["default"] is True
    assert riichi["/yaku_options/renhou"]["default"] == "mangan"
    assert sorted(riichi["/yaku_options/renhou"]["values"]) == ["baiman", "haneman", "mangan", "off", "sanbaiman", "yakuman"]
    assert riichi["/yaku_options/open_tanyao"]["default"] is True
    # seed 001: a double wind pair is 4 fu, or 2 under some rules
    assert riichi["/hand/rules/double_wind_pair_fu"] == {
        **riichi["/hand/rules/double_wind_pair_fu"],
        "type": "integer",
        "default": 4,
        "values": [2, 4],
        "minimum": 2,
        "maximum": 4,
    }
    assert (riichi["/hand/rules/rinshan_tsumo_fu"]["default"], riichi["/hand/rules/pinfu_tsumo_fu"]["default"]) == (True, False)
    taiwan = by_pointer(rulesets["taiwan"])
    assert taiwan["/preset"]["default"] == "default"
    # seed 004: the table's own column, six apps' columns and the two sources its 各家不同 column names;
    # seed 003's own list
    assert sorted(taiwan["/preset"]["values"]) == sorted(
        [
            "default",
            "shenlaiye",
            "mingxing",
            "xigu",
            "mahjong_master",
            "zhaishenye",
            "wikibooks",
            "yue_wikibooks",
            "willoughby",
            "chinese_league",
        ]
    )
    assert taiwan["/mode"] == {**taiwan["/mode"], "default": "standard", "values": ["any_flower_any_wind", "standard"]}
    assert rulesets["taiwan"]["rule_groups"][1] == {"pointer": "", "options": ["preset", "mode"]}


def _rules_structs() -> dict[str, list[type]]:
    """Every rules Struct in every ruleset package (each module but `http`),
    found by name (`…Rules`, `…Options`), not from a list: a new one is
    checked without being named here."""
    import importlib
    import inspect
    import pkgutil

    import msgspec

    from service.rulesets.registry import RULESETS

    found: dict[str, list[type]] = {}
    for ruleset in RULESETS:
        package = importlib.import_module(ruleset.package)
        for module_info in pkgutil.iter_modules(package.__path__):
            if module_info.name == "http":
                continue
            module = importlib.import_module(f"{ruleset.package}.{module_info.name}")
            for _, value in inspect.getmembers(module, inspect.isclass):
                if (
                    issubclass(value, msgspec.Struct)
                    and value.__module__ == module.__name__
                    and value.__name__.endswith(("Rules", "Options"))
                ):
                    found.setdefault(ruleset.name, []).append(value)
    return found


def test_every_field_of_every_rules_struct_is_an_option(rulesets) -> None:
    import msgspec

    structs = _rules_structs()
    assert set(structs) == set(UNITS)
    for name, types in structs.items():
        listed = {o["name"] for o in rulesets[name]["rules"]}
        for struct in types:
            for field in msgspec.structs.fields(struct):
                assert field.name in listed, f"{name}: {struct.__name__}.{field.name} is missing from GET /v1/rulesets"


def test_each_option_group_is_listed_field_by_field_with_its_default(rulesets) -> None:
    """Generic: every field of every option group, at `group.at/field`, with
    the Struct's default (checked against the Struct, not a hand list)."""
    import msgspec

    from service.rulesets.registry import RULESETS

    for ruleset in RULESETS:
        options = by_pointer(rulesets[ruleset.name])
        expected = [f"{group.at}/{f.name}" for group in ruleset.option_groups for f in msgspec.structs.fields(group.struct)]
        assert list(options) == expected
        names = [o["name"] for o in rulesets[ruleset.name]["rules"]]
        assert names == [p.rsplit("/", 1)[1] for p in expected]
        assert len(set(names)) == len(names), "`rule_groups` names options: a name is one option"
        for group in ruleset.option_groups:
            for field in msgspec.structs.fields(group.struct):
                option = options[f"{group.at}/{field.name}"]
                if field.default not in (msgspec.NODEFAULT, msgspec.UNSET):
                    # as the service encodes it (decimals as JSON numbers)
                    assert json.loads(ENCODER.encode(field.default)) == option["default"], option


def _field_type(struct: type, name: str) -> type:
    import typing

    import msgspec

    hint = typing.get_type_hints(struct)[name]
    for arg in (hint, *typing.get_args(hint)):
        if isinstance(arg, type) and issubclass(arg, msgspec.Struct):
            return arg
    return hint


@pytest.mark.parametrize("name", sorted(UNITS))
def test_every_pointer_is_a_field_of_the_settlement_request(rulesets, name) -> None:
    """A client puts each option where `pointer` says: the path exists in
    the settlement request type and ends on a field of that name."""
    import msgspec

    from service.rulesets.registry import RULESETS

    request = next(r.request for r in RULESETS if r.name == name)
    for pointer in by_pointer(rulesets[name]):
        struct = request
        *steps, last = pointer.lstrip("/").split("/")
        for step in steps:
            struct = _field_type(struct, step)
        assert last in {f.name for f in msgspec.structs.fields(struct)}, pointer


def test_settlements_take_the_top_level_rules(client) -> None:
    """Where discovery says: `eight_immortals`, `preset`, `mode` at the top.
    Seed 003 plays 八仙過海 as a limit hand: at a 10 fan cap, 128 points
    half-spicy (seed 000), 64 from each of three on a self-draw (V/2)."""
    body = {"winner": "east", "win": {"type": "self_draw"}, "patterns": [{"code": "eight_immortals"}], "eight_immortals": "limit"}
    response = client.post("/v1/hongkong/settlements", json=body)
    assert response.status_code == 200, response.text
    assert response.json()["fan_paid"] == 10
    assert response.json()["winner_receives"] == 3 * 64


# --- The game options (a game's `game` object) ----------------------------------------


def test_riichi_game_options_match_the_contract(rulesets) -> None:
    """CONTRACT.md, riichi games: `agari_yame` (bool, false), `extension`
    "none" (default) | "sudden_death"; game-results' `rounding` "exact"
    (default) | "nearest_thousand"; the games section: uma `[10, 20]`,
    25,000 start and 30,000 return points by default."""
    options = {o["name"]: o for o in rulesets["riichi"]["game_rules"]}
    assert options["agari_yame"] == {**options["agari_yame"], "type": "boolean", "default": False}
    assert options["extension"]["default"] == "none" and sorted(options["extension"]["values"]) == ["none", "sudden_death"]
    assert options["rounding"]["default"] == "exact" and sorted(options["rounding"]["values"]) == ["exact", "nearest_thousand"]
    assert options["uma"] == {**options["uma"], "type": "array", "default": [10, 20], "min_items": 2, "max_items": 2}
    assert options["start_points"]["default"] == 25_000 and options["return_points"]["default"] == 30_000
    assert all(option["description"] for option in options.values())


def test_every_ruleset_lists_how_its_game_runs(rulesets) -> None:
    for name, entry in rulesets.items():
        options = {o["name"]: o for o in entry["game_rules"]}
        assert options["start_dealer"]["default"] == "east", name
        assert sorted(options["start_dealer"]["values"]) == ["east", "north", "south", "west"], name
    assert {o["name"]: o["default"] for o in rulesets["taiwan"]["game_rules"]}["draw_keeps_dealer"] is True
    assert {o["name"]: o["default"] for o in rulesets["hongkong"]["game_rules"]}["rounds"] == 4


def _other_value(option: dict):
    """A value of the option that is not its default, inside its bounds."""
    if option["type"] == "boolean":
        return not option["default"]
    if option.get("values"):
        return next(v for v in option["values"] if v != option["default"])
    if option["type"] == "array":
        return [int(option["maximum"])] * option["max_items"]
    return int(option["minimum"]) if option["default"] != int(option["minimum"]) else int(option["maximum"])


def _past_bound(option: dict):
    """A value just past the option's bounds, or of the wrong type."""
    if option["type"] == "array":
        return [int(option["maximum"]) + 1] * option["max_items"]
    if option["type"] == "integer" and not option.get("values"):
        return int(option["maximum"]) + 1
    return "not one of them" if option["type"] == "string" else 7


@pytest.mark.parametrize("name", sorted(UNITS))
def test_every_game_option_is_what_a_game_takes(client, rulesets, name) -> None:
    """Each listed option, set to another allowed value, is accepted by
    `POST /v1/{ruleset}/games`; past its bounds it is a 400 naming
    `/game/<option>`; an option discovery does not list is refused."""
    for option in rulesets[name]["game_rules"]:
        game = {option["name"]: _other_value(option)}
        if option["name"] == "return_points":
            game["start_points"] = 1000  # return points at the minimum 0: below a 1,000 start is fine too
        answer = client.post(f"/v1/{name}/games", json={"game": game, "hands": []})
        assert answer.status_code == 200, (option["name"], answer.text)
        refused = client.post(f"/v1/{name}/games", json={"game": {option["name"]: _past_bound(option)}, "hands": []})
        assert refused.status_code == 400, option["name"]
        assert refused.json()["errors"][0]["pointer"].startswith(f"#/game/{option['name']}"), refused.json()
    listed = {o["name"] for o in rulesets[name]["game_rules"]}
    assert "length" not in listed or name == "riichi"
    refused = client.post(f"/v1/{name}/games", json={"game": {"no_such_option": 1}, "hands": []})
    assert refused.status_code == 400
