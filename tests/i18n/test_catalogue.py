"""The message catalogues: complete, consistent with the code, and shipped.

Every warning code has a translation in every catalogue whose placeholders
are the English template's; every msgid the code can show is in
messages.pot and translated; the template is what extraction finds today;
zh-Hant pattern names are the Taiwan tai table's names as printed."""

from __future__ import annotations

import importlib
import io
import re
import subprocess
import sys
import typing
import zipfile
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from service.core.errors import FieldProblem, field_problem
from service.core.warnings import SHARED
from service.i18n import CATALOGUES, POT_FILE, TRANSLATED, gettext, po_file, render
from service.rulesets.hongkong.warnings import warning as hongkong_warning
from service.rulesets.registry import RULESETS, WARNINGS
from service.rulesets.riichi.warnings import warning as riichi_warning
from service.rulesets.taiwan.value_table import ROWS
from tools.i18n_extract import main as extract_main
from tools.i18n_extract import placeholders, template_catalog

MESSAGES = WARNINGS.messages
WARNING_CODES = tuple(MESSAGES)


def _catalog(path):
    with path.open("rb") as handle:
        return read_po(handle)


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda ruleset: ruleset.name)
def test_every_warning_code_has_an_english_template(ruleset) -> None:
    """The codes a ruleset's ``warning`` takes are its own templates' and
    shared ones, and the assembled catalogue holds them all."""
    codes = set(typing.get_args(importlib.import_module(f"{ruleset.package}.warnings").Code))
    assert set(ruleset.warnings.messages) <= codes <= set(ruleset.warnings.messages) | set(SHARED.messages)
    assert codes <= set(MESSAGES)


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("code", WARNING_CODES)
def test_every_warning_is_translated_with_the_same_placeholders(language, code) -> None:
    english = MESSAGES[code]
    translated = CATALOGUES[language].get((None, english))
    assert translated, f"{code} has no {language} translation"
    assert translated != english
    assert placeholders(translated) == placeholders(english)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_msgid_is_translated_with_the_same_placeholders(language) -> None:
    catalog = _catalog(po_file(language))
    messages = [m for m in catalog if m.id]
    assert messages
    for message in messages:
        assert message.string, f"{language}: {message.id!r} untranslated"
        assert not message.fuzzy, f"{language}: {message.id!r} is fuzzy"
        assert placeholders(message.string) == placeholders(message.id), message.id
        # the translated text renders with the English text's parameters
        params = {name: "x" for name in placeholders(message.id)}
        message.string.format(**params)


@pytest.mark.parametrize("language", TRANSLATED)
def test_po_files_hold_exactly_the_template_msgids(language) -> None:
    template = {(m.context, m.id) for m in _catalog(POT_FILE) if m.id}
    translated = {(m.context, m.id) for m in _catalog(po_file(language)) if m.id}
    assert translated == template


def test_template_is_what_extraction_finds() -> None:
    on_disk = {(m.context, m.id) for m in _catalog(POT_FILE) if m.id}
    extracted = {(m.context, m.id) for m in template_catalog() if m.id}
    assert on_disk == extracted, "run python -m tools.i18n_extract"


def test_extract_check_passes_on_the_checked_in_files() -> None:
    assert extract_main(["--check"]) == 0


def test_extraction_finds_engine_problem_templates_and_api_texts() -> None:
    extracted = {(m.context, m.id) for m in template_catalog() if m.id}
    for msgid in (
        "The discarder cannot be the winner.",  # FieldProblem literal (common.py)
        "{seat} is not at this table.",  # field_problem template
        "{pattern} is counted per tile; a hand has at most {limit}.",  # template(...) in a table
        "The batch carries more items than one batch may",  # N_ in problems.py: a problem's title
        "No endpoint at {path}: `GET /v1/rulesets` lists every ruleset and its endpoints.",  # N_ in problems.py
        "Method Not Allowed",  # litestar's own detail
    ):
        assert (None, msgid) in extracted, msgid
    assert ("seat", "east") in extracted
    assert ("taiwan pattern", "Concealed self-draw") in extracted


def test_taiwan_pattern_names_are_unique_msgids() -> None:
    names = [row.name_en for row in ROWS]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("row", ROWS, ids=lambda row: row.code)
def test_zh_hant_pattern_names_are_seed_004s(row) -> None:
    assert gettext(row.name_en, "zh-Hant", "taiwan pattern") == row.name_zh


@pytest.mark.parametrize(
    ("english", "hans", "ja"),
    [
        # simplified forms of the Taiwan tai table's names; Japanese names of the same hands
        ("Concealed self-draw", "门清自摸", "門前清自摸和"),
        ("Win on a replacement", "杠上开花", "嶺上開花"),
        ("All pungs", "碰碰胡", "対々和"),
        ("Last-tile self-draw", "海底捞月", "海底摸月"),
        ("Eight Immortals", "八仙过海", "八仙過海"),
        ("Heavenly win", "天胡", "天和"),
    ],
)
def test_pattern_names_in_zh_hans_and_ja(english, hans, ja) -> None:
    assert gettext(english, "zh-Hans", "taiwan pattern") == hans
    assert gettext(english, "ja", "taiwan pattern") == ja


def test_unknown_text_and_english_fall_back_to_the_msgid() -> None:
    assert gettext("Expected `int`, got `str`", "ja") == "Expected `int`, got `str`"
    assert gettext("The discarder cannot be the winner.", "en") == "The discarder cannot be the winner."
    assert render("{seat} is not at this table.", {"seat": "north"}, "en") == "north is not at this table."


def test_render_shows_seat_and_preset_codes_by_name() -> None:
    assert render("{seat} is not at this table.", {"seat": "north"}, "zh-Hant") == "北家 唔喺呢張檯。"
    assert render("{seat} is not at this table.", {"seat": "north"}, "zh-Hans") == "北家 不在这张牌桌上。"
    assert render("{seat} is not at this table.", {"seat": "north"}, "ja") == "北家 はこの卓にいません。"
    text = render(
        "The {preset} preset does not score {pattern} ({name_zh}); it counts 0 tai.",
        {"preset": "zhaishenye", "pattern": "all_chows", "name_zh": "平胡"},
        "zh-Hans",
    )
    assert text == "宅神爷 不计 平胡（all_chows），按 0 台计。"


def test_warning_keeps_its_params_and_english_message() -> None:
    item = hongkong_warning("below_minimum_fan", fan=2, min_fan=3)
    assert item.params == {"fan": 2, "min_fan": 3}
    assert item.message == "2 fan is below this table's minimum of 3; the hand is still settled."
    assert riichi_warning("no_yaku").params == {}


def test_field_problem_keeps_its_template() -> None:
    problem = field_problem("/winner", "{seat} is not at a {players}-player table.", seat="north", players=3)
    assert problem == FieldProblem(
        "/winner", "north is not at a 3-player table.", "{seat} is not at a {players}-player table.", (("seat", "north"), ("players", 3))
    )


def test_catalogues_ship_in_the_package(tmp_path) -> None:
    """`pip install .` (the container's build) must carry the .po files:
    they are read at import, there is no compile step. The wheel pip builds
    (in its own build environment, with the setuptools pyproject requires)
    holds what an install gets."""
    root = Path(__file__).resolve().parents[2]
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--wheel-dir", str(tmp_path), "."],
        cwd=root,
        check=True,
        capture_output=True,
        timeout=300,
    )
    (wheel,) = tmp_path.glob("mahjong_settlement-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        for language in TRANSLATED:
            assert archive.read(f"service/i18n/locale/{po_file(language).name}") == po_file(language).read_bytes()
        assert "service/i18n/locale/messages.pot" in archive.namelist()


def test_po_files_parse_without_babel_warnings() -> None:
    for language in TRANSLATED:
        content = po_file(language).read_bytes()
        catalog = read_po(io.BytesIO(content), abort_invalid=True)
        assert catalog.locale is not None and str(catalog.locale) == language.replace("-", "_")


# Names the rule sources print in a language are the catalogue's names in that language.


def _fan_rows():
    from service.rulesets.hongkong.value_table import FAN_TABLE

    return FAN_TABLE


def _yaku_rows():
    from service.rulesets.riichi.hand.value_table import BONUS_TABLE, YAKU_TABLE

    return (*YAKU_TABLE, *BONUS_TABLE)


@pytest.mark.parametrize("row", _fan_rows(), ids=lambda row: row.code)
def test_hong_kong_fan_names_are_seed_002s(row) -> None:
    assert gettext(row.name_en, "zh-Hant", "hongkong pattern") == row.name_zh_hant
    assert gettext(row.name_en, "zh-Hans", "hongkong pattern") == row.name_zh  # the sheet prints Simplified
    assert gettext(row.name_en, "ja", "hongkong pattern") != row.name_en


@pytest.mark.parametrize("row", _yaku_rows(), ids=lambda row: row.code)
def test_riichi_yaku_names_are_seed_003s(row) -> None:
    assert gettext(row.name_en, "zh-Hant", "riichi yaku") == row.name_zh
    assert gettext(row.name_en, "ja", "riichi yaku") == row.name_ja_kanji
    assert gettext(row.name_en, "zh-Hans", "riichi yaku") != row.name_en


def test_pattern_names_are_unique_within_each_table() -> None:
    for rows in (_fan_rows(), _yaku_rows()):
        names = [row.name_en for row in rows]
        assert len(names) == len(set(names))


@pytest.mark.parametrize(
    ("context", "english", "hans", "ja"),
    [
        ("hongkong pattern", "Chicken hand", "鸡胡", "鶏和"),
        ("hongkong pattern", "Four kongs", "十八罗汉", "四槓子"),
        ("riichi yaku", "All simples", "断幺九", "断幺九"),
        ("riichi yaku", "Thirteen orphans", "国士无双", "国士無双"),
    ],
)
def test_some_names_in_zh_hans_and_ja(context, english, hans, ja) -> None:
    assert gettext(english, "zh-Hans", context) == hans
    assert gettext(english, "ja", context) == ja


PROPER_NAMES = frozenset(
    {
        "JSON",
        "XML",
        "MJAI",
        "mjlog",
        "tenhou.net/",
        "EMA",
        "WRC",
        "NMJL",
        "API",
        "MiB",
        "PyMahjongGB",
        "Willoughby",
        "Quints",
        "true",
        "false",
    }
)
"""Words a translation keeps in Latin letters: formats, organisations, a
library and a card section by their own names, and JSON's two literals."""


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_page_and_the_rules_speak_the_language_but_for_proper_names(language) -> None:
    """What the page shows in another language (its own strings, the rule
    options' meanings, the presets' titles and sources) has no English word
    left in it: codes, addresses and page titles stay in
    backticks, placeholders in braces, and a proper name is named as such."""
    with po_file(language).open("rb") as handle:
        catalog = read_po(handle)
    left = {}
    for message in catalog:
        if not message.id or message.context not in ("page", "rule option", "preset"):
            continue
        text = re.sub(r"\{[^}]*\}", "", re.sub(r"`[^`]*`", "", message.string))
        words = {word for word in re.findall(r"[A-Za-z][A-Za-z.\-/]{2,}", text) if word not in PROPER_NAMES}
        if words:
            left[message.id[:60]] = sorted(words)
    assert left == {}
