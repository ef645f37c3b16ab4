"""A language is its catalogue and one entry of ``service.i18n.SERVED``
(docs/i18n.md, "Adding a language").

For today's list, every text derived from it is the sentence the service has
always published (the OpenAPI document is also checked byte for byte by
tests/api/test_openapi_file.py). Then Cantonese (``yue``, also served for
``zh-yue``) is added to the list at runtime with a two-entry catalogue, and
negotiation, the rulesets' display names, discovery's and the OpenAPI
document's language texts, the page's menu, its negotiation and its strings
all carry it, with nothing else changed."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service import i18n
from service.api.discovery import names_description, rulesets_description
from service.api.language import accept_language_description, content_language_description
from service.api.openapi import languages_paragraph
from service.api.web import INDEX, INDEX_TEMPLATE, index_page, language_menu, page_strings
from service.i18n import SERVED, Served, language_of_tag, negotiate, negotiate_header, ruleset_names

ROOT = Path(__file__).resolve().parents[2]
PAGE_JS = (ROOT / "service" / "web" / "page" / "fetching.js").read_text(encoding="utf-8")
"""The page's module that reads the language menu and negotiates."""

CANTONESE = Served("yue", "粵語", "粵語", also=("zh-yue",))
EXTENDED = (*SERVED, CANTONESE)
TINY_CATALOGUE = """\
msgid ""
msgstr ""
"Language: yue\\n"
"Content-Type: text/plain; charset=utf-8\\n"

msgctxt "ruleset name"
msgid "Hong Kong mahjong"
msgstr "香港麻雀"

msgctxt "page"
msgid "Language"
msgstr "語言"
"""


@pytest.fixture
def cantonese(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``yue`` added to the one list, its catalogue a file in the locale
    directory, read as the service reads every catalogue."""
    (tmp_path / "yue.po").write_text(TINY_CATALOGUE, encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "SERVED", EXTENDED)
    monkeypatch.setattr(i18n, "CATALOGUES", {**i18n.CATALOGUES, "yue": i18n.load_catalogue("yue")})
    monkeypatch.setattr(i18n, "_NEGOTIATED", {})


# --- today's list: the texts the service has always published ---------------------------


def test_the_list_is_the_tags_served() -> None:
    assert i18n.LANGUAGES == ("en", "zh-Hant", "zh-Hans", "ja")
    assert i18n.DEFAULT == "en"
    assert i18n.TRANSLATED == ("zh-Hant", "zh-Hans", "ja")


def test_todays_texts_are_unchanged() -> None:
    assert languages_paragraph(SERVED) == (
        "Languages: send `Accept-Language` (`en`, the default; `zh-Hant`, also for\n"
        "zh-TW/zh-HK/zh-MO; `zh-Hans`, also for zh-CN/zh-SG/zh; `ja`; q-values are\n"
        "honoured). Warning messages, problem titles and details and pattern `name`s\n"
        "are worded in it; every response says which in `Content-Language`. Codes,\n"
        "types, pointers and warning `params` never change with the language."
    )
    assert accept_language_description(SERVED) == (
        "The language of messages, problem titles and details and pattern names: `en` (the default), "
        "`zh-Hant` (also zh-TW, zh-HK, zh-MO), `zh-Hans` (also zh-CN, zh-SG, zh), `ja`; q-values are honoured."
    )
    assert content_language_description(SERVED) == (
        "The language the answer's messages and names are worded in (`en`, `zh-Hant`, `zh-Hans`, `ja`)."
    )
    assert names_description(SERVED) == "Display names: `en`, `zh-Hant`, `zh-Hans`, `ja`."
    assert rulesets_description(SERVED).startswith("Names in English, 繁體, 简体 and 日本語, the unit, the endpoints, and\n")


def test_the_page_is_served_with_todays_menu() -> None:
    assert INDEX.decode().count(" data-ranges=") == 4  # the language menu's options (the record box has its own select)
    assert (
        '      <option value="en" lang="en" data-ranges="en">English</option>\n'
        '      <option value="zh-Hant" lang="zh-Hant" data-ranges="zh-Hant zh-TW zh-HK zh-MO">繁體中文</option>\n'
        '      <option value="zh-Hans" lang="zh-Hans" data-ranges="zh-Hans zh-CN zh-SG zh">简体中文</option>\n'
        '      <option value="ja" lang="ja" data-ranges="ja">日本語</option>\n'
    ) in INDEX.decode()


def test_the_menu_slot_must_be_there_once() -> None:
    with pytest.raises(ValueError, match="slot"):
        index_page('<select id="language"></select>', SERVED)


def _as_documented(tag: str) -> str | None:
    """docs/i18n.md's table, rule by rule: ``zh-Hant*``, ``zh-TW``, ``zh-HK``,
    ``zh-MO`` → zh-Hant; any other ``zh``/``zh-*`` → zh-Hans; ``ja*`` → ja;
    ``en*`` and ``*`` → en; anything else is not served."""
    parts = tag.strip().lower().split("-")
    if parts[0] == "zh":
        return "zh-Hant" if len(parts) > 1 and parts[1] in ("hant", "tw", "hk", "mo") else "zh-Hans"
    return {"ja": "ja", "en": "en", "*": "en"}.get(parts[0])


TAGS = st.one_of(
    st.from_regex(r"(zh|ja|en|\*|ZH|Ja|zhx|jax|yue|fr)(-(hant|Hans|TW|hk|mo|CN|sg|MY|yue|x|)){0,3}", fullmatch=True),
    st.text(alphabet="zhanjtwkmo-*HT ", max_size=12),
)


@settings(max_examples=300, deadline=None)
@given(TAGS)
def test_negotiation_from_the_list_is_the_documented_table(tag: str) -> None:
    assert language_of_tag(tag) == _as_documented(tag)


# --- a language added to the list ---------------------------------------------------------


@pytest.mark.usefixtures("cantonese")
def test_negotiation_serves_the_added_language() -> None:
    assert language_of_tag("yue") == "yue"
    assert language_of_tag("yue-HK") == "yue"
    assert language_of_tag("zh-yue") == "yue"  # more specific than zh → zh-Hans
    assert language_of_tag("zh-yue-HK") == "yue"
    assert language_of_tag("zh-HK") == "zh-Hant"
    assert language_of_tag("zh") == "zh-Hans"
    assert negotiate("fr, yue;q=0.5, ja;q=0.4") == "yue"
    assert negotiate_header(b"yue-HK") == "yue"


@pytest.mark.usefixtures("cantonese")
def test_the_rulesets_names_come_from_its_catalogue() -> None:
    assert ruleset_names("Hong Kong mahjong") == {
        "en": "Hong Kong mahjong",
        "zh-Hant": "香港麻雀",
        "zh-Hans": "香港麻将",
        "ja": "香港麻雀",
        "yue": "香港麻雀",
    }
    # not in its catalogue yet: the English name
    assert ruleset_names("Japanese riichi mahjong")["yue"] == "Japanese riichi mahjong"


@pytest.mark.usefixtures("cantonese")
def test_the_page_strings_come_from_its_catalogue() -> None:
    strings = page_strings("yue")
    assert strings["page"]["Language"] == "語言"
    assert strings["page"]["Discarder"] == "Discarder"


def test_discovery_and_openapi_texts_name_it() -> None:
    assert names_description(EXTENDED) == "Display names: `en`, `zh-Hant`, `zh-Hans`, `ja`, `yue`."
    assert rulesets_description(EXTENDED).startswith("Names in English, 繁體, 简体, 日本語 and 粵語, the unit,")
    assert "`ja`; `yue`, also for zh-yue; q-values are honoured)" in languages_paragraph(EXTENDED).replace("\n", " ")
    assert accept_language_description(EXTENDED).endswith("`ja`, `yue` (also zh-yue); q-values are honoured.")
    assert content_language_description(EXTENDED).endswith("(`en`, `zh-Hant`, `zh-Hans`, `ja`, `yue`).")


def test_the_page_menu_lists_it() -> None:
    page = index_page(INDEX_TEMPLATE, EXTENDED).decode()
    assert '      <option value="ja" lang="ja" data-ranges="ja">日本語</option>\n' in page
    assert '      <option value="yue" lang="yue" data-ranges="yue zh-yue">粵語</option>\n' in page
    assert page.count(" data-ranges=") == 5  # the language menu's options


# --- the page's negotiation, run from page.js on the menu's options -------------------------


def _page_negotiate(menu: str, tags: list[str]) -> str:
    """The page's own ``negotiate`` (and ``languages``), run by node on the
    options of ``menu`` as the browser would read them."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    start = PAGE_JS.index("function languages()")
    end = PAGE_JS.index("\n}\n", PAGE_JS.index("function negotiate(tags)")) + 3
    options = [
        {"value": value, "dataset": {"ranges": ranges}}
        for value, ranges in re.findall(r'<option value="([^"]+)" lang="[^"]+" data-ranges="([^"]+)">', menu)
    ]
    script = (
        f"const MENU = {json.dumps({'options': options})};\n"
        "const $ = (id) => (id === 'language' ? MENU : null);\n"
        f"{PAGE_JS[start:end]}\n"
        f"process.stdout.write(negotiate({json.dumps(tags)}));\n"
    )
    return subprocess.run([node, "-e", script], check=True, capture_output=True, text=True, timeout=30).stdout


@pytest.mark.parametrize(
    ("tags", "language"),
    [
        (["zh-TW"], "zh-Hant"),
        (["zh-Hant-HK"], "zh-Hant"),
        (["zh-HK"], "zh-Hant"),
        (["zh-CN"], "zh-Hans"),
        (["zh"], "zh-Hans"),
        (["zh-MY"], "zh-Hans"),
        (["JA-jp"], "ja"),
        (["en-GB"], "en"),
        (["fr-CA", "fr", "ja"], "ja"),  # the first tag with a served language
        (["ko-KR"], "en"),
        ([], "en"),
    ],
)
def test_the_page_negotiates_as_the_service(tags: list[str], language: str) -> None:
    assert _page_negotiate(language_menu(SERVED), tags) == language
    assert negotiate(", ".join(tags)) == language  # the service, the same tags as one header


def test_the_page_negotiates_the_added_language() -> None:
    menu = language_menu(EXTENDED)
    assert _page_negotiate(menu, ["zh-yue-HK"]) == "yue"
    assert _page_negotiate(menu, ["yue"]) == "yue"
    assert _page_negotiate(menu, ["zh-HK"]) == "zh-Hant"
    assert _page_negotiate(menu, ["de"]) == "en"
