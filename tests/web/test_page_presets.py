"""The riichi tab picks a platform's table by name: one select, sent as the
request's top-level `preset`, kept in the link, named in every language.
Expected amounts are hand arithmetic: 13 han on a non-dealer ron is a
counted yakuman by default (8,000 × 4 = 32,000) and a sanbaiman under
M.League's table (riichi.wiki, M.League: "Counted yakuman: Not applied.
Regular yaku scoring is capped to sanbaiman": 6,000 × 4 = 24,000)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from tests.web.browser import PHONE, open_page
from tests.web.test_page_browser import press, set_field, shown
from tests.web.test_page_games_and_records import game_rows

LABELS = {
    "en": ("None: the rules below", "Tenhou (天鳳)", "Mahjong Soul (雀魂)", "M.League (Mリーグ)"),
    "zh-Hant": ("不指定：按下面的規則", "天鳳", "雀魂", "M聯賽"),
    "zh-Hans": ("不指定：按下面的规则", "天凤", "雀魂", "M联赛"),
    "ja": ("指定なし：下のルールで", "天鳳", "雀魂", "Mリーグ"),
}


def choices(driver: Any) -> dict[str, str]:
    select = Select(driver.find_element(By.CSS_SELECTOR, '[name="preset"]'))
    return {option.get_attribute("value"): option.text for option in select.options}


def test_the_table_is_picked_by_name_and_kept_in_the_link(page: Any, base_url: str) -> None:
    open_page(page, f"{base_url}/#r=riichi&lang=en")
    assert list(choices(page)) == ["", "tenhou", "mahjong_soul", "mleague", "wrc", "ema"]
    set_field(page, "winner", "south")
    set_field(page, "han", "13")
    assert shown(page)["deltas"]["South"] == "+32000"
    set_field(page, "preset", "mleague")
    result = shown(page)
    assert (result["deltas"]["South"], result["tier"].lower()) == ("+24000", "sanbaiman")
    link = page.current_url
    assert "preset=mleague" in link
    open_page(page, link)
    assert Select(page.find_element(By.CSS_SELECTOR, '[name="preset"]')).first_selected_option.get_attribute("value") == "mleague"
    assert shown(page)["deltas"]["South"] == "+24000"
    # back to no preset: nothing is sent, the default table's amount again
    set_field(page, "preset", "")
    assert shown(page)["deltas"]["South"] == "+32000"
    assert "preset=" not in page.current_url


@pytest.mark.parametrize("language", sorted(LABELS))
def test_the_tables_are_named_in_every_language(make_browser: Any, base_url: str, language: str) -> None:
    driver = make_browser(size=PHONE)
    open_page(driver, f"{base_url}/#r=riichi&lang={language}")
    named = choices(driver)
    none, tenhou, soul, mleague = LABELS[language]
    assert (named[""], named["tenhou"], named["mahjong_soul"], named["mleague"]) == (none, tenhou, soul, mleague)


def test_a_game_sends_the_preset_once(page: Any, base_url: str) -> None:
    """The game's body carries `preset` at its top, not in each hand (a hand
    with it would be refused): south's 13 han ron from west under M.League's
    table is a sanbaiman, 24,000, out of 25,000 each: 25,000 / 49,000 /
    1,000 / 25,000."""
    open_page(page, f"{base_url}/#r=riichi&lang=en")
    set_field(page, "preset", "mleague")
    set_field(page, "winner", "south")
    set_field(page, "han", "13")
    press(page, By.ID, "game-add")
    assert game_rows(page, 1) == [["1", "East 1", "East", "25000", "49000", "1000", "25000"]]
    press(page, By.ID, "game-clear")


def test_the_rules_panel_shows_the_tables_rules(page: Any, base_url: str) -> None:
    """Under M.League's table the rules panel starts at the league's values
    (riichi.wiki, M.League: no double yakuman, counted yakuman capped to
    sanbaiman, uma 10-30 in thousands; the fourth kan's discarder liable for
    suukantsu), not the service's defaults, and sends only what differs:
    13 han is still the league's sanbaiman (6,000 × 4 = 24,000). Back to no
    table, the defaults again."""
    open_page(page, f"{base_url}/#r=riichi&lang=en&winner=south&han=13&preset=mleague")
    page.execute_script("document.getElementById('rule-fields').open = true")

    def box(name: str) -> bool:
        return bool(page.find_element(By.CSS_SELECTOR, f'[name="{name}"]').is_selected())

    def chosen(name: str) -> str:
        return str(Select(page.find_element(By.CSS_SELECTOR, f'[name="{name}"]')).first_selected_option.get_attribute("value"))

    assert (box("rules.double_yakuman"), box("rules.suukantsu_pao"), chosen("rules.kazoe")) == (False, True, "sanbaiman")
    assert page.find_element(By.CSS_SELECTOR, '[name="game.uma.0"]').get_attribute("value") == "10"
    assert shown(page)["deltas"]["South"] == "+24000"
    assert "rules." not in page.current_url
    set_field(page, "preset", "")
    assert (box("rules.double_yakuman"), chosen("rules.suukantsu_pao"), chosen("rules.kazoe")) == (True, "", "yakuman")
    assert shown(page)["deltas"]["South"] == "+32000"


def test_a_rule_with_no_stated_default_is_left_to_the_service_or_set_either_way(page: Any, base_url: str) -> None:
    """`rules.nagashi_mangan` is echoed only when sent (discovery gives no
    default; the service plays it): the panel offers the default, on and off,
    sends nothing for the default and `false` for off, where a box left
    unticked could not say off."""
    open_page(page, f"{base_url}/#r=riichi&lang=en&winner=south&han=2&fu=30")
    page.execute_script("document.getElementById('rule-fields').open = true")
    page.execute_script(
        "window.sent = []; const send = window.fetch;"
        "window.fetch = (url, options) => { if (options && options.body) window.sent.push(options.body); return send(url, options); };"
    )
    select = Select(page.find_element(By.CSS_SELECTOR, '[name="rules.nagashi_mangan"]'))
    assert [option.get_attribute("value") for option in select.options] == ["", "1", "0"]
    assert select.first_selected_option.get_attribute("value") == ""
    set_field(page, "rules.nagashi_mangan", "0")
    shown(page)
    body = json.loads(page.execute_script("return window.sent[window.sent.length - 1]"))
    assert body["rules"]["nagashi_mangan"] is False
    set_field(page, "rules.nagashi_mangan", "")
    shown(page)
    body = json.loads(page.execute_script("return window.sent[window.sent.length - 1]"))
    assert "nagashi_mangan" not in body.get("rules", {})
