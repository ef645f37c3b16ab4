"""Rule-violation details follow Accept-Language (docs/i18n.md).

Two halves:

* completeness: every detail the engine can put in a 422 is a catalogue
  template. The engine's source is read (``ast``) and the detail argument of
  every ``FieldProblem`` / ``field_problem`` / ``_fail`` call
  (and every ``RuleViolation`` title) must be a literal, a ``template(...)``
  literal, a name bound only to those, or a module-level table of them —
  never an f-string, a concatenation or ``.format`` (those embed values in an
  English sentence no catalogue can hold). Every template found must be
  translated in every language.
* msgspec's schema messages (and the engine's ``__post_init__`` sentences)
  are matched to catalogue templates, so 400 details follow the language
  too; a message no template reproduces byte for byte stays as it is;
* over HTTP: at least one 422 per ruleset in each language, with the
  expected detail written out here (the catalogue's wording; codes, pointers
  and numbers as the request gives them). zh-Hant is the reference calculator's Hong Kong
  register (出銃, 自摸, 食糊), riichi words as Hong Kong readers write them
  (飜, 門前清, 榮和); ja uses ロン/ツモ, 親/子, 放銃.

The English texts are those the service gave before the templates (checked
byte for byte against the previous commit's answers when converting).
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path
from typing import Any

import pytest

from service.api.codec import SCHEMA_MESSAGES, schema_problem
from service.api.problems import field_detail
from service.core.errors import COMMA, OR, Listing, all_of, field_problem, one_of
from service.i18n import CATALOGUES, TRANSLATED, render
from service.rulesets.hongkong import value_table as hongkong_fan
from service.rulesets.riichi.hand import value_table as riichi_yaku
from tests.helpers import TSUMO, ron
from tools.i18n_extract import placeholders

SERVICE = Path(__file__).resolve().parents[2] / "service"
DETAIL_CALLS = {"FieldProblem", "field_problem", "_fail"}
"""Calls whose second positional argument is a detail (a catalogue msgid)."""


# --- Completeness ------------------------------------------------------------------


class _Checker:
    """Collects the detail templates of one module's source, and every detail
    argument that is not a catalogue template."""

    def __init__(self, source: str, module: Any = None) -> None:
        self.tree = ast.parse(source)
        self.module = module
        self.templates: set[str] = set()
        self.bad: list[str] = []
        self._parents: dict[ast.AST, ast.AST] = {}
        for parent in ast.walk(self.tree):
            for child in ast.iter_child_nodes(parent):
                self._parents[child] = parent

    def _function(self, node: ast.AST) -> ast.FunctionDef | None:
        while node in self._parents:
            node = self._parents[node]
            if isinstance(node, ast.FunctionDef):
                return node
        return None

    def _runtime(self, name: str, where: ast.AST) -> None:
        value = getattr(self.module, name, None) if self.module is not None else None
        values = list(value.values()) if isinstance(value, dict) else [value]
        for item in values:
            if isinstance(item, str):
                self.templates.add(item)
            else:
                self.bad.append(f"line {where.lineno}: {name} is not a template (or table of templates)")

    def resolve(self, node: ast.expr, scope: ast.FunctionDef | None) -> None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            self.templates.add(node.value)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "template":
            argument = node.args[0] if node.args else None
            if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                self.templates.add(argument.value)
            else:
                self.bad.append(f"line {node.lineno}: template() of a non-literal")
        elif isinstance(node, ast.IfExp):
            self.resolve(node.body, scope)
            self.resolve(node.orelse, scope)
        elif isinstance(node, ast.Name):
            self._resolve_name(node, scope)
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
            self._runtime(node.value.id, node)
        else:
            self.bad.append(f"line {node.lineno}: detail built as {ast.unparse(node)!r}")

    def _resolve_name(self, node: ast.Name, scope: ast.FunctionDef | None) -> None:
        if scope is not None:
            if scope.name in DETAIL_CALLS and node.id in {a.arg for a in scope.args.args}:
                return  # a wrapper passing its own detail on: its callers are checked
            assigned = [
                statement.value
                for statement in ast.walk(scope)
                if isinstance(statement, ast.Assign)
                and any(isinstance(target, ast.Name) and target.id == node.id for target in statement.targets)
            ]
            if assigned:
                for value in assigned:
                    self.resolve(value, scope)
                return
        self._runtime(node.id, node)

    def check(self) -> _Checker:
        for node in ast.walk(self.tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id in DETAIL_CALLS and len(node.args) >= 2:
                self.resolve(node.args[1], self._function(node))
            if node.func.id == "RuleViolation":
                for keyword in node.keywords:
                    if keyword.arg == "title":
                        self.resolve(keyword.value, self._function(node))
        return self


ENGINE_MODULES = sorted(
    ".".join(path.relative_to(SERVICE).with_suffix("").parts)
    for folder in ("core", "rulesets")
    for path in (SERVICE / folder).rglob("*.py")
    if path.stem not in ("__init__", "errors", "http")
)
"""Every rules module (core and rulesets, their HTTP modules aside) but
errors.py, which defines field_problem itself (the one place a template is
filled in)."""


def _checked(name: str) -> _Checker:
    path = SERVICE.joinpath(*name.split(".")).with_suffix(".py")
    return _Checker(path.read_text(encoding="utf-8"), importlib.import_module(f"service.{name}")).check()


@pytest.mark.parametrize("name", ENGINE_MODULES)
def test_no_engine_detail_is_built_outside_the_catalogue(name) -> None:
    assert _checked(name).bad == []


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("name", ENGINE_MODULES)
def test_every_engine_detail_template_is_translated(name, language) -> None:
    missing = sorted(text for text in _checked(name).templates if not CATALOGUES[language].get((None, text)))
    assert missing == []


def test_the_modules_that_raise_rule_violations_are_scanned() -> None:
    found = {name: len(_checked(name).templates) for name in ENGINE_MODULES}
    for name in (
        "core.settlement",
        "rulesets.hongkong.settlement",
        "rulesets.hongkong.counting",
        "rulesets.riichi.settlement",
        "rulesets.riichi.hand.fu",
        "rulesets.riichi.game_results",
        "rulesets.riichi.hand.yaku_checks",
        "rulesets.taiwan.settlement",
        "rulesets.mcr.settlement",
        "rulesets.nmjl.settlement",
    ):
        assert found[name] > 0, name
    # riichi fu: the 14 sentences of _fail and the structure title
    assert found["rulesets.riichi.hand.fu"] == 15


@pytest.mark.parametrize(
    "source",
    [
        'FieldProblem("/fan", f"{fan} fan is too many.")',
        'field_problem("/fan", "Too many: " + str(fan))',
        'RuleViolation(FieldProblem("/fan", "{} fan".format(fan)))',
        'def f(fan):\n    detail = f"{fan} fan"\n    raise _fail("/fan", detail)',
        'RuleViolation(FieldProblem("/fan", "Fixed."), title=f"{fan}")',
    ],
)
def test_the_scan_rejects_details_built_with_values(source) -> None:
    assert len(_Checker(source).check().bad) == 1


def test_the_scan_accepts_templates_in_every_form() -> None:
    source = (
        "def f(flag, code):\n"
        '    detail = template("A {code}.") if flag else template("B {code}.")\n'
        '    raise RuleViolation(field_problem("/x", detail, code=code), FieldProblem("/y", "Fixed."), title=template("T"))\n'
    )
    checker = _Checker(source).check()
    assert (checker.bad, checker.templates) == ([], {"A {code}.", "B {code}.", "Fixed.", "T"})


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("reason", sorted({reason for *_, reason in (*hongkong_fan.CONTRADICTIONS, *riichi_yaku.CONTRADICTIONS)}))
def test_every_contradiction_reason_is_translated(reason, language) -> None:
    assert CATALOGUES[language].get(("contradiction", reason))


# --- Lists of codes ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "eight_immortals or flower_win_from_deal"),
        ("zh-Hant", "eight_immortals 或者 flower_win_from_deal"),
        ("zh-Hans", "eight_immortals 或 flower_win_from_deal"),
        ("ja", "eight_immortals または flower_win_from_deal"),
    ],
)
def test_one_of_joins_with_each_languages_or(language, expected) -> None:
    assert render("{names}", {"names": one_of(["eight_immortals", "flower_win_from_deal"])}, language) == expected


@pytest.mark.parametrize(
    ("language", "expected"), [("en", "`riichi`, `pinfu`"), ("zh-Hant", "`riichi`、`pinfu`"), ("ja", "`riichi`、`pinfu`")]
)
def test_all_of_joins_with_each_languages_comma(language, expected) -> None:
    assert render("{codes}", {"codes": all_of(["`riichi`", "`pinfu`"])}, language) == expected


def test_a_listing_keeps_its_items_and_reads_as_english_in_the_detail() -> None:
    problem = field_problem("/special", "do not list {names}.", names=one_of(["a", "b", "c"]))
    assert problem.detail == "do not list a or b or c."
    assert dict(problem.params)["names"] == Listing(("a", "b", "c"), OR)
    assert str(all_of(["x"])) == "x" and all_of([]).separator == COMMA


# --- Over HTTP: one 422 per ruleset per language ----------------------------------------

LANGS = ("en", "zh-Hant", "zh-Hans", "ja")

# Each case: path, body, and per language the expected errors as [(pointer, detail)].
CASES: dict[str, tuple[str, dict[str, Any], dict[str, list[tuple[str, str]]]]] = {
    # Hong Kong: 自摸 pattern on a discard (the reference calculator: 出銃 vs 自摸)
    "hongkong_self_draw_on_a_discard": (
        "/v1/hongkong/settlements",
        {"winner": "east", "win": ron("south"), "patterns": [{"code": "all_pongs"}, {"code": "self_draw"}]},
        {
            "en": [
                ("#/win/type", "`self_draw` is a self-drawn win, but `win` is a discard."),
                ("#/patterns/1/code", "`self_draw` is a self-drawn win, but `win` is a discard."),
            ],
            "zh-Hant": [
                ("#/win/type", "`self_draw` 要自摸先有，但 `win` 係出銃。"),
                ("#/patterns/1/code", "`self_draw` 要自摸先有，但 `win` 係出銃。"),
            ],
            "zh-Hans": [
                ("#/win/type", "`self_draw` 是自摸和牌，但 `win` 是放铳。"),
                ("#/patterns/1/code", "`self_draw` 是自摸和牌，但 `win` 是放铳。"),
            ],
            "ja": [
                ("#/win/type", "`self_draw` はツモ和了ですが、`win` は放銃（ロン）です。"),
                ("#/patterns/1/code", "`self_draw` はツモ和了ですが、`win` は放銃（ロン）です。"),
            ],
        },
    ),
    # Hong Kong: contradicting patterns; the reason is translated too
    "hongkong_half_and_full_flush": (
        "/v1/hongkong/fan",
        {"patterns": [{"code": "half_flush"}, {"code": "full_flush"}]},
        {
            "en": [
                (
                    "#/patterns/0/code",
                    "`half_flush` and `full_flush` cannot be declared together: "
                    "half flush and full flush are never counted together (混一色与清一色不可同计).",
                ),
                ("#/patterns/1/code", "`full_flush` contradicts `half_flush` (at /patterns/0)."),
            ],
            "zh-Hant": [
                (
                    "#/patterns/0/code",
                    "`half_flush` 同 `full_flush` 唔可以一齊申報：混一色同清一色唔可以一齊計（混一色與清一色不可同計）。",
                ),
                ("#/patterns/1/code", "`full_flush` 同 `half_flush`（喺 /patterns/0）矛盾。"),
            ],
            "zh-Hans": [
                ("#/patterns/0/code", "`half_flush` 和 `full_flush` 不能同时申报：混一色与清一色不可同计。"),
                ("#/patterns/1/code", "`full_flush` 与 `half_flush`（位于 /patterns/0）矛盾。"),
            ],
            "ja": [
                (
                    "#/patterns/0/code",
                    "`half_flush` と `full_flush` は同時に申告できません：混一色と清一色は同時に数えません（混一色与清一色不可同计）。",
                ),
                ("#/patterns/1/code", "`full_flush` は `half_flush`（/patterns/0）と矛盾します。"),
            ],
        },
    ),
    "hongkong_flower_sets_counted_per_set": (
        "/v1/hongkong/fan",
        {"patterns": [{"code": "flower_set", "count": 3}]},
        {
            "en": [("#/patterns/0/count", "A hand has at most 2 of `flower_set` (counted per set).")],
            "zh-Hant": [("#/patterns/0/count", "一副牌最多得 2 個 `flower_set`（每組計）。")],
            "zh-Hans": [("#/patterns/0/count", "一副牌最多只有 2 个 `flower_set`（按组计）。")],
            "ja": [("#/patterns/0/count", "`flower_set` は1つの手に最大 2 個です（1組ごとに数えます）。")],
        },
    ),
    # riichi: closed-only yaku on an open hand; the list of codes joins with each language's comma
    "riichi_closed_yaku_on_an_open_hand": (
        "/v1/riichi/han",
        {"yaku": ["riichi", "pinfu", "chun"], "open": True},
        {
            "en": [
                ("#/open", "The hand is open (`open`), but `riichi`, `pinfu` need a closed hand."),
                ("#/yaku/0", "`riichi` needs a closed hand (門前清), and `open` is true."),
                ("#/yaku/1", "`pinfu` needs a closed hand (門前清), and `open` is true."),
            ],
            "zh-Hant": [
                ("#/open", "呢副牌已經副露（`open`），但係 `riichi`、`pinfu` 要門前清先得。"),
                ("#/yaku/0", "`riichi` 要門前清先得，但 `open` 係 true。"),
                ("#/yaku/1", "`pinfu` 要門前清先得，但 `open` 係 true。"),
            ],
            "zh-Hans": [
                ("#/open", "这副牌已副露（`open`），但 `riichi`、`pinfu` 需要门前清。"),
                ("#/yaku/0", "`riichi` 需要门前清，但 `open` 为 true。"),
                ("#/yaku/1", "`pinfu` 需要门前清，但 `open` 为 true。"),
            ],
            "ja": [
                ("#/open", "手は副露しています（`open`）が、`riichi`、`pinfu` は門前でなければなりません。"),
                ("#/yaku/0", "`riichi` は門前清でなければなりませんが、`open` が true です。"),
                ("#/yaku/1", "`pinfu` は門前清でなければなりませんが、`open` が true です。"),
            ],
        },
    ),
    # riichi settlement: 海底 is a tsumo yaku, the win a ron
    "riichi_haitei_on_a_ron": (
        "/v1/riichi/settlements",
        {"winner": "south", "win": ron("west"), "yaku": ["haitei"], "fu": 30},
        {
            "en": [
                ("#/yaku/0", "`haitei` is a self-draw, but `win` is a discard."),
                ("#/win/type", "The declared yaku contradict how the hand was won."),
            ],
            "zh-Hant": [("#/yaku/0", "`haitei` 係自摸，但 `win` 係食出銃（榮和）。"), ("#/win/type", None)],
            "zh-Hans": [("#/yaku/0", "`haitei` 是自摸，但 `win` 是荣和（放铳）。"), ("#/win/type", None)],
            "ja": [("#/yaku/0", "`haitei` はツモ和了の役ですが、`win` はロンです。"), ("#/win/type", None)],
        },
    ),
    "riichi_tenhou_for_a_non_dealer": (
        "/v1/riichi/settlements",
        {"winner": "south", "win": TSUMO, "yaku": ["tenhou"]},
        {
            "en": [("#/yaku/0", "`tenhou` is the dealer's, but this winner is not the dealer."), ("#/dealer", None)],
            "zh-Hant": [("#/yaku/0", "`tenhou` 係莊家先有嘅役，但食糊嗰個唔係莊家。"), ("#/dealer", None)],
            "zh-Hans": [("#/yaku/0", "`tenhou` 是庄家的役，但和牌者不是庄家。"), ("#/dealer", None)],
            "ja": [("#/yaku/0", "`tenhou` は親の役ですが、和了者は親ではありません。"), ("#/dealer", None)],
        },
    ),
    # riichi fu: three melds (4 melds unless 七對子)
    "riichi_fu_three_melds": (
        "/v1/riichi/fu",
        {"melds": [{"kind": "sequence"}] * 3, "wait": "pair"},
        {
            "en": [("#/melds", "A hand has exactly 4 melds unless it is seven pairs; got 3.")],
            "zh-Hant": [("#/melds", "除咗七對子，一副牌一定有 4 組面子；而家有 3 組。")],
            "zh-Hans": [("#/melds", "除七对子外，一副牌必须恰好有 4 组面子；现在有 3 组。")],
            "ja": [("#/melds", "七対子以外の手の面子はちょうど4つです。3 個あります。")],
        },
    ),
    # riichi game results: 43000 + 30000 + 15000 + 10000 = 98000, + 1 stick on the table
    # (1000) = 99000; 4 × 25000 = 100000, so 1000 points too few
    "riichi_game_scores_short_with_a_stick": (
        "/v1/riichi/game-results",
        {"scores": {"east": 43000, "south": 30000, "west": 15000, "north": 10000}, "riichi_sticks": 1},
        {
            "en": [
                (
                    "#/scores",
                    "The scores plus 1 riichi stick(s) on the table (1000) add up to 99000, "
                    "not 4 players × 25000 start points = 100000: 1000 points too few.",
                )
            ],
            "zh-Hant": [("#/scores", "點數加埋枱面 1 支立直棒（1000）係 99000，唔係 4 人 × 起始點數 25000 = 100000：少咗 1000 點。")],
            "zh-Hans": [
                ("#/scores", "点数加上桌上的 1 根立直棒（1000）合计为 99000，而不是 4 人 × 起始点数 25000 = 100000：少了 1000 点。")
            ],
            "ja": [
                (
                    "#/scores",
                    "点数と供託の立直棒 1 本（1000）の合計が 99000 で、4 人 × 配給原点 25000 = 100000 になりません。1000 点足りません。",
                )
            ],
        },
    ),
    # Taiwan: the codes of a special win joined with each language's "or"
    "taiwan_special_without_its_pattern": (
        "/v1/taiwan/settlements",
        {"winner": "south", "win": TSUMO, "special": "eight_immortals", "patterns": [{"code": "concealed"}]},
        {
            "en": [("#/special", "special is eight_immortals but patterns do not list eight_immortals or flower_win_from_deal.")],
            "zh-Hant": [("#/special", "special 係 eight_immortals，但 patterns 冇列出 eight_immortals 或者 flower_win_from_deal。")],
            "zh-Hans": [("#/special", "special 为 eight_immortals，但 patterns 中没有列出 eight_immortals 或 flower_win_from_deal。")],
            "ja": [
                ("#/special", "special は eight_immortals ですが、patterns に eight_immortals または flower_win_from_deal がありません。")
            ],
        },
    ),
    # MCR: a set has 4 flowers + 4 seasons
    "mcr_too_many_flowers": (
        "/v1/mcr/settlements",
        {"winner": "east", "win": TSUMO, "fan": 8, "flowers": 9},
        {
            "en": [("#/flowers", "A set has only 8 flower and season tiles; got 9.")],
            "zh-Hant": [("#/flowers", "一副牌得 8 隻花牌同季節牌；收到 9。")],
            "zh-Hans": [("#/flowers", "一副牌只有 8 张花牌和季牌；收到 9。")],
            "ja": [("#/flowers", "花牌と季節牌は1組に 8枚しかありません。9 が指定されました。")],
        },
    ),
    "nmjl_bettor_id_twice": (
        "/v1/nmjl/settlements",
        {"winner": "east", "win": TSUMO, "value": 25, "bettors": [{"id": "b1", "bet_on": "east"}, {"id": "b1", "bet_on": "south"}]},
        {
            "en": [("#/bettors/1/id", "Bettor id b1 is used twice.")],
            "zh-Hant": [("#/bettors/1/id", "下注者 id b1 用咗兩次。")],
            "zh-Hans": [("#/bettors/1/id", "下注者 id b1 被用了两次。")],
            "ja": [("#/bettors/1/id", "賭け手の id b1 が2回使われています。")],
        },
    ),
}
"""A detail of None: a fixed sentence already tested elsewhere; only its pointer is checked here."""


@pytest.mark.parametrize("language", LANGS)
@pytest.mark.parametrize("case", sorted(CASES))
def test_rule_violation_detail_in_each_language(client, case, language) -> None:
    path, body, expected = CASES[case]
    response = client.post(path, json=body, headers={"Accept-Language": language})
    assert response.status_code == 422, response.text
    assert response.headers["content-language"] == language
    problem = response.json()
    got = [(error["pointer"], error["detail"]) for error in problem["errors"]]
    want = expected[language]
    assert [pointer for pointer, _ in got] == [pointer for pointer, _ in want]
    for (_, detail), (_, wanted) in zip(got, want, strict=True):
        if wanted is not None:
            assert detail == wanted
    # the top-level detail is the errors' details joined, in the same language
    assert problem["detail"] == " ".join(detail for _, detail in got)


def test_every_ruleset_has_a_case() -> None:
    assert {path.split("/")[2] for path, _, _ in CASES.values()} == {"hongkong", "riichi", "taiwan", "mcr", "nmjl"}


# --- Schema messages (400) --------------------------------------------------------------

HK = "/v1/hongkong/settlements"
HK_BODY = {"winner": "east", "win": ron("south"), "fan": 3}

SCHEMA_CASES: dict[str, tuple[str, dict[str, Any], str, dict[str, str]]] = {
    # name: path, body, pointer, language → detail
    "wrong_type": (
        HK,
        {**HK_BODY, "fan": "3"},
        "#/fan",
        {
            "en": "Expected `int`, got `str`",
            "zh-Hant": "應該係 `int`，收到嘅係 `str`",
            "zh-Hans": "应为 `int`，实际为 `str`",
            "ja": "`int` である必要がありますが、`str` が指定されました",
        },
    ),
    "below_minimum": (
        HK,
        {**HK_BODY, "fan": -1},
        "#/fan",
        {
            "en": "Expected `int` >= 0",
            "zh-Hant": "應該係 ≥ 0 嘅 `int`",
            "zh-Hans": "应为 ≥ 0 的 `int`",
            "ja": "0 以上の `int` である必要があります",
        },
    ),
    "above_maximum": (
        HK,
        {**HK_BODY, "fan": 10**6},
        "#/fan",
        {
            "en": "Expected `int` <= 1000",
            "zh-Hant": "應該係 ≤ 1000 嘅 `int`",
            "zh-Hans": "应为 ≤ 1000 的 `int`",
            "ja": "1000 以下の `int` である必要があります",
        },
    ),
    "unknown_field": (
        HK,
        {**HK_BODY, "zz": 1},
        "#/zz",
        {
            "en": "Object contains unknown field `zz`",
            "zh-Hant": "物件有未知欄位 `zz`",
            "zh-Hans": "对象包含未知字段 `zz`",
            "ja": "オブジェクトに不明なフィールド `zz` があります",
        },
    ),
    "missing_field": (
        HK,
        {"win": ron("south"), "fan": 3},
        "#/winner",
        {
            "en": "Object missing required field `winner`",
            "zh-Hant": "物件缺少必填欄位 `winner`",
            "zh-Hans": "对象缺少必填字段 `winner`",
            "ja": "オブジェクトに必須フィールド `winner` がありません",
        },
    ),
    "unknown_tag": (
        HK,
        {**HK_BODY, "win": {"type": "c"}},
        "#/win/type",
        {"en": "Invalid value 'c'", "zh-Hant": "無效嘅值 'c'", "zh-Hans": "无效的值 'c'", "ja": "無効な値 'c'"},
    ),
    "unknown_enum_value": (
        HK,
        {**HK_BODY, "winner": "centre"},
        "#/winner",
        {
            "en": "Invalid enum value 'centre'",
            "zh-Hant": "無效嘅選項值 'centre'",
            "zh-Hans": "无效的枚举值 'centre'",
            "ja": "無効な選択値 'centre'",
        },
    ),
    "array_too_long": (
        "/v1/riichi/han",
        {"yaku": ["tanyao"] * 100},
        "#/yaku",
        {
            "en": "Expected `array` of length <= 52",
            "zh-Hant": "應該係長度 ≤ 52 嘅 `array`",
            "zh-Hans": "应为长度 ≤ 52 的 `array`",
            "ja": "長さ 52 以下の `array` である必要があります",
        },
    ),
    # the engine's own __post_init__ sentences
    "fan_and_patterns": (
        HK,
        {**HK_BODY, "patterns": [{"code": "all_pongs"}]},
        "#/fan",
        {
            "en": "Send either field `fan` or `patterns`, not both",
            "zh-Hant": "`fan` 同 `patterns` 只可以傳送一樣",
            "zh-Hans": "`fan` 和 `patterns` 只能发送其中一个",
            "ja": "`fan` と `patterns` はどちらか一方だけを送ってください",
        },
    ),
    "decimal_out_of_range": (
        HK,
        {**HK_BODY, "rules": {"point_value": 10**12}},
        "#/rules/point_value",
        {
            "en": "Invalid field `point_value`: must be between 0.0001 and 1000000",
            "zh-Hant": "欄位 `point_value` 無效：一定要喺 0.0001 同 1000000 之間",
            "zh-Hans": "字段 `point_value` 无效：必须在 0.0001 和 1000000 之间",
            "ja": "フィールド `point_value` が不正です：0.0001 から 1000000 の間である必要があります",
        },
    ),
    "dora_without_yaku": (
        "/v1/riichi/settlements",
        {"winner": "south", "win": TSUMO, "han": 3, "fu": 30, "dora": 1},
        "#/dora",
        {
            "en": "Unexpected field `dora` without `yaku` (`han` already includes the dora)",
            "zh-Hant": "冇 `yaku` 就唔應該有欄位 `dora`（`han` 已經包括懸賞牌）",
            "zh-Hans": "没有 `yaku` 时不应有字段 `dora`（`han` 已包含宝牌）",
            "ja": "`yaku` なしでフィールド `dora` は指定できません（`han` にドラが含まれています）",
        },
    ),
}


@pytest.mark.parametrize("language", LANGS)
@pytest.mark.parametrize("case", sorted(SCHEMA_CASES))
def test_schema_message_in_each_language(client, case, language) -> None:
    path, body, pointer, expected = SCHEMA_CASES[case]
    response = client.post(path, json=body, headers={"Accept-Language": language})
    assert response.status_code == 400, response.text
    # the code is the test of tests/api/test_error_codes.py; the wording is this one's
    assert [{"detail": e["detail"], "pointer": e["pointer"]} for e in response.json()["errors"]] == [
        {"detail": expected[language], "pointer": pointer}
    ]


@pytest.mark.parametrize("template", SCHEMA_MESSAGES)
def test_every_schema_template_is_translated_and_matches_its_own_english(template) -> None:
    for language in TRANSLATED:
        assert CATALOGUES[language].get((None, template)), language
    params = {name: "x" for name in placeholders(template)}
    english = template.format(**params)
    problem = schema_problem("/p", english)
    assert (problem.detail, problem.template) == (english, template)


@pytest.mark.parametrize(
    "message",
    [
        "Expected `int`, got `str` and more",  # no template reproduces it
        "Object missing required field",
        "Number out of range!",
    ],
)
def test_a_schema_message_no_template_reproduces_stays_as_it_is(message) -> None:
    problem = schema_problem("/p", message)
    assert (problem.detail, problem.template, problem.params) == (message, "", ())
    assert field_detail(problem, "ja") == message
