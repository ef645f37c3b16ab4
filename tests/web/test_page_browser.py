"""The calculator page in headless chromium: what a person at the table does.

Expected amounts are hand arithmetic from the contract's rules (and the
settlement endpoints' own examples), not read back from the page; each
test also checks that the page shows exactly what the API answers.
"""

from __future__ import annotations

import struct
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from tests.web.browser import PHONE, console_errors, leaving_machine, open_page, requested_urls, wait_ready

# --- driving the form ---------------------------------------------------------------


def press(driver: Any, by: str, selector: str) -> None:
    """Click a control as a person would: scrolled to the middle of the screen
    first (the phone's bar and the sticky tabs cover its edges)."""
    element = driver.find_element(by, selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", element)
    element.click()


def field(driver: Any, name: str) -> Any:
    return driver.find_element(By.CSS_SELECTOR, f'[name="{name}"]')


def set_field(driver: Any, name: str, value: str | bool) -> None:
    """Set a control as a person would: choose, tick or type."""
    element = field(driver, name)
    if element.tag_name == "select":
        Select(element).select_by_value(str(value))
    elif element.get_attribute("type") == "checkbox":
        if element.is_selected() != bool(value):
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
            element.click()
    else:
        element.send_keys(Keys.CONTROL, "a")
        element.send_keys(str(value))
    wait_ready(driver)


def table_rows(driver: Any, table_id: str) -> list[list[str]]:
    rows = driver.find_elements(By.CSS_SELECTOR, f"#{table_id} tbody tr")
    return [[cell.text for cell in row.find_elements(By.CSS_SELECTOR, "th, td")] for row in rows]


def shown(driver: Any) -> dict[str, Any]:
    """The result as the page shows it."""
    return {
        "payments": table_rows(driver, "payments"),
        "deltas": dict((seat, amount) for seat, amount in table_rows(driver, "deltas")),
        "pre_payout_total": driver.find_element(By.ID, "pre-payout").text,
        "tier": driver.find_element(By.ID, "tier").text,
    }


def as_shown(answer: dict[str, Any]) -> dict[str, Any]:
    """An API answer written the way the page shows it (English)."""

    def name(seat: str) -> str:
        return seat.capitalize() if seat in ("east", "south", "west", "north") else seat

    def signed(amount: Any) -> str:
        return f"+{amount}" if amount > 0 else f"−{-amount}" if amount < 0 else "0"

    def role(code: str) -> str:  # English shows a role code as words: self_draw → "Self draw"
        return code.replace("_", " ").capitalize()

    return {
        "payments": [[name(p["payer"]), name(p["payee"]), str(p["amount"]), role(p["role"])] for p in answer["payments"]],
        "deltas": {name(seat): signed(amount) for seat, amount in answer["deltas"].items()},
        "pre_payout_total": str(answer["pre_payout_total"]),
        "tier": answer["tier"] or "–",
    }


def api(base_url: str, ruleset: str, body: dict[str, Any]) -> dict[str, Any]:
    response = httpx.post(f"{base_url}/v1/{ruleset}/settlements", json=body)
    assert response.status_code == 200, response.text
    return response.json()


# --- each ruleset's headline example -------------------------------------------------------


def test_hong_kong_patterns_full_flush_all_pongs(page: Any, base_url: str) -> None:
    """The settlement endpoint's pattern example: 清一色 7 + 對對胡 3 = 10 fan
    on west's discard; half spicy at the 10-fan cap is 128 points and under
    full gun the discarder pays all of it (seed 000's table)."""
    open_page(page, f"{base_url}/#r=hongkong&lang=en")
    set_field(page, "winner", "south")
    set_field(page, "discarder", "west")
    set_field(page, "use_patterns", True)
    set_field(page, "p.full_flush", True)
    set_field(page, "p.all_pongs", True)
    result = shown(page)
    assert result["payments"] == [["West", "South", "128", "Discarder"], ["North", "South", "0", "Other"], ["East", "South", "0", "Other"]]
    assert result["deltas"] == {"East": "0", "South": "+128", "West": "−128", "North": "0"}
    assert result["pre_payout_total"] == "128"
    assert result["tier"] == "limit"
    assert sorted(table_rows(page, "items")) == [["All pongs", "1", "3"], ["Full flush", "1", "7"]]
    body = {"winner": "south", "win": {"type": "discard", "discarder": "west"}, "patterns": [{"code": "full_flush"}, {"code": "all_pongs"}]}
    assert result == as_shown(api(base_url, "hongkong", body))


def test_riichi_three_han_thirty_fu_tsumo_with_honba_and_stick(page: Any, base_url: str) -> None:
    """3 han 30 fu: basic 30 × 2^5 = 960; a non-dealer tsumo: the dealer pays
    1920 → 2000, each non-dealer 960 → 1000, each + 100 for one honba (300 / 3);
    the riichi stick adds 1000: 2100 + 1100 + 1100 + 1000 = 5300."""
    open_page(page, f"{base_url}/#r=riichi&lang=en")
    set_field(page, "winner", "south")
    set_field(page, "win", "self_draw")
    set_field(page, "han", "3")
    set_field(page, "fu", "30")
    set_field(page, "honba", "1")
    set_field(page, "riichi_sticks", "1")
    result = shown(page)
    assert sorted(result["payments"]) == [
        ["East", "South", "2100", "Dealer"],
        ["North", "South", "1100", "Non dealer"],
        ["West", "South", "1100", "Non dealer"],
    ]
    assert result["deltas"] == {"East": "−2100", "South": "+5300", "West": "−1100", "North": "−1100"}
    assert result["pre_payout_total"] == "960"
    body = {"winner": "south", "win": {"type": "self_draw"}, "han": 3, "fu": 30, "honba": 1, "riichi_sticks": 1}
    assert result == as_shown(api(base_url, "riichi", body))


def test_mcr_eight_points_two_flowers_on_a_discard(page: Any, base_url: str) -> None:
    """MCR: the discarder pays 8 + 2 + 8 = 18, the other two the base 8 each."""
    open_page(page, f"{base_url}/#r=mcr&lang=en")
    set_field(page, "winner", "south")
    set_field(page, "discarder", "east")
    set_field(page, "fan", "8")
    set_field(page, "flowers", "2")
    result = shown(page)
    assert sorted(result["payments"]) == [
        ["East", "South", "18", "Discarder"],
        ["North", "South", "8", "Other"],
        ["West", "South", "8", "Other"],
    ]
    assert result["deltas"] == {"East": "−18", "South": "+34", "West": "−8", "North": "−8"}
    assert result["pre_payout_total"] == "18"
    body = {"winner": "south", "win": {"type": "discard", "discarder": "east"}, "fan": 8, "flowers": 2}
    assert result == as_shown(api(base_url, "mcr", body))


def test_nmjl_self_draw_with_a_bettor(page: Any, base_url: str) -> None:
    """NMJL: a self-drawn 25 — everyone pays 2 × 25; Ann bet on the winner
    and collects what the winner collects."""
    open_page(page, f"{base_url}/#r=nmjl&lang=en")
    set_field(page, "winner", "south")
    set_field(page, "win", "self_draw")
    set_field(page, "value", "25")
    press(page, By.ID, "add-bettor")
    name = page.find_element(By.ID, "bettor-id-0")
    name.send_keys("Ann")
    Select(page.find_element(By.ID, "bettor-seat-0")).select_by_value("south")
    wait_ready(page)
    result = shown(page)
    assert sorted(result["payments"]) == sorted(
        [[seat, payee, "50", role] for seat in ("West", "North", "East") for payee, role in (("South", "Self draw"), ("Ann", "Bettor"))]
    )
    assert result["deltas"] == {"East": "−100", "South": "+150", "West": "−100", "North": "−100", "Ann": "+150"}
    assert result["pre_payout_total"] == "25"
    body = {"winner": "south", "win": {"type": "self_draw"}, "value": 25, "bettors": [{"id": "Ann", "bet_on": "south"}]}
    assert result == as_shown(api(base_url, "nmjl", body))


def test_taiwan_dealer_self_draw_on_a_streak(page: Any, base_url: str) -> None:
    """Taiwan: the dealer self-draws 1 tai on 連1拉1: each pays base 100 +
    1 × 20, plus (dealer 1 + 2 × 1) × 20 = 60 for the dealer: 180 each."""
    open_page(page, f"{base_url}/#r=taiwan&lang=en")
    set_field(page, "winner", "east")
    set_field(page, "win", "self_draw")
    set_field(page, "tai", "1")
    set_field(page, "dealer_streak", "1")
    result = shown(page)
    assert sorted(result["payments"]) == [
        ["North", "East", "180", "Self draw"],
        ["South", "East", "180", "Self draw"],
        ["West", "East", "180", "Self draw"],
    ]
    assert result["deltas"] == {"East": "+540", "South": "−180", "West": "−180", "North": "−180"}
    assert result["pre_payout_total"] == "120"
    body = {"winner": "east", "win": {"type": "self_draw"}, "tai": 1, "dealer_streak": 1}
    assert result == as_shown(api(base_url, "taiwan", body))


def test_a_rule_option_changes_the_answer(page: Any, base_url: str) -> None:
    """Settings come from discovery: full spicy 3 fan is 2^3 = 8, and at 5 fan
    32 (half spicy would be 24); half gun: the discarder pays V/2 = 16."""
    open_page(page, f"{base_url}/#r=hongkong&lang=en")
    press(page, By.CSS_SELECTOR, "#rule-fields summary")
    set_field(page, "rules.table", "full_spicy")
    set_field(page, "rules.discard_payment", "half_gun")
    set_field(page, "fan", "5")
    result = shown(page)
    assert result["payments"][0] == ["South", "East", "16", "Discarder"]
    assert result["pre_payout_total"] == "32"


# --- languages ------------------------------------------------------------------------


def test_language_switch(page: Any, base_url: str) -> None:
    """繁體 in the Hong Kong wording: seat names, the page's own words and the
    API's warning all change; the result does not."""
    open_page(page, f"{base_url}/#r=hongkong&lang=en&fan=1")
    assert page.find_element(By.CSS_SELECTOR, "#warnings li").get_attribute("data-code") == "below_minimum_fan"
    Select(page.find_element(By.ID, "language")).select_by_value("zh-Hant")
    wait_ready(page)
    assert page.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh-Hant"
    assert page.find_element(By.CSS_SELECTOR, "#payments caption").text == "邊個俾錢俾邊個"
    assert table_rows(page, "deltas")[:2] == [["東家", "+2"], ["南家", "−2"]]
    assert "起糊" in page.find_element(By.CSS_SELECTOR, "#warnings li").text
    assert "lang=zh-Hant" in page.current_url
    Select(page.find_element(By.ID, "language")).select_by_value("ja")
    wait_ready(page)
    assert page.find_element(By.CSS_SELECTOR, "#payments caption").text == "支払い"
    assert page.find_element(By.ID, "tab-riichi").text.startswith("リーチ麻雀")


def test_language_from_the_browser(make_browser: Any, base_url: str) -> None:
    """A browser set to zh-CN opens the page in 简体 (the API's negotiation)."""
    driver = make_browser(language="zh-CN")
    open_page(driver, f"{base_url}/")
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh-Hans"
    assert driver.find_element(By.CSS_SELECTOR, "#deltas tbody th").text == "东家"


# --- share ------------------------------------------------------------------------------


def test_share_link_reproduces_the_result(page: Any, base_url: str) -> None:
    open_page(page, f"{base_url}/#r=riichi&lang=en")
    set_field(page, "winner", "west")
    set_field(page, "discarder", "north")
    set_field(page, "han", "4")
    set_field(page, "fu", "40")
    press(page, By.CSS_SELECTOR, "#rule-fields summary")
    set_field(page, "rules.kiriage", True)
    before = shown(page)
    link = page.current_url
    assert "han=4" in link and "rules.kiriage=1" in link
    open_page(page, link)
    assert shown(page) == before
    # 4 han 40 fu: 40 × 64 = 2560 → mangan (2000), non-dealer ron 8000
    assert before["payments"][0] == ["North", "West", "8000", "Discarder"]
    assert before["tier"] == "mangan"


def test_copy_puts_a_chat_ready_summary_on_the_clipboard(page: Any, base_url: str) -> None:
    page.execute_cdp_cmd("Browser.grantPermissions", {"origin": base_url, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    open_page(page, f"{base_url}/#r=mcr&lang=en&winner=south&win=self_draw&fan=10")
    press(page, By.ID, "copy")
    deadline = time.monotonic() + 5
    while page.find_element(By.ID, "share-status").text != "Copied" and time.monotonic() < deadline:
        time.sleep(0.05)
    read = "navigator.clipboard.readText().then(arguments[0], (e) => arguments[0]('error ' + e))"
    text = page.execute_async_script(read)
    lines = text.split("\n")
    # self-drawn 10: each of the three pays 10 + 0 + 8 = 18
    assert lines[0].startswith("Chinese Official (MCR)") or "MCR" in lines[0]
    assert "East → South 18 (Self draw)" in lines
    assert "Net change: East −18, South +54, West −18, North −18" in lines
    assert lines[-1] == page.current_url
    # a hand from tiles says its split and waits on the line after the headline:
    # 234m567m345p678s55p won on 5p, 3455p waiting on 2p or 5p
    open_page(page, f"{base_url}/#r=mcr&lang=en&winner=south&win=self_draw&use_tiles=1&tiles_concealed=234m567m345p678s55p&tiles_win=5p")
    press(page, By.ID, "copy")
    deadline = time.monotonic() + 5
    while (text := page.execute_async_script(read)) == "\n".join(lines) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert text.split("\n")[1] == "Arrangement: 234m 567m 345p 678s 55p · Waits: 25p"


def test_save_image_makes_a_png_card(make_browser: Any, base_url: str, tmp_path: Path) -> None:
    driver = make_browser(downloads=tmp_path)
    open_page(driver, f"{base_url}/#r=hongkong&lang=zh-Hant&fan=8&win=self_draw")
    press(driver, By.ID, "save-image")
    deadline = time.monotonic() + 10
    while not list(tmp_path.glob("*.png")) and time.monotonic() < deadline:
        time.sleep(0.1)
    (png,) = tmp_path.glob("*.png")
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert width == 1120 and height > 400  # 560 CSS px at 2×
    assert console_errors(driver) == []


# --- print -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "url", "count"),
    [
        ("hongkong", "/v1/hongkong/points-table", lambda d: len(d["rows"])),
        ("riichi", "/v1/riichi/score-table", lambda d: len(d["rows"]) + len(d["limits"])),
        ("taiwan", "/v1/taiwan/tai-table", lambda d: len(d["rows"])),
    ],
)
def test_print_view_has_every_row(page: Any, base_url: str, ruleset: str, url: str, count: Any) -> None:
    expected = count(httpx.get(base_url + url).json())
    open_page(page, f"{base_url}/#r={ruleset}&lang=en")
    deadline = time.monotonic() + 5
    while not page.find_elements(By.CSS_SELECTOR, "#reference-table tbody tr") and time.monotonic() < deadline:
        time.sleep(0.05)
    page.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        rows = page.find_elements(By.CSS_SELECTOR, "#reference-table tbody tr")
        assert len(rows) == expected
        assert all(row.is_displayed() for row in rows)
        assert not page.find_element(By.ID, "hand").is_displayed()
        assert not page.find_element(By.ID, "tabs").is_displayed()
    finally:
        page.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    pdf = page.execute_cdp_cmd("Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69, "preferCSSPageSize": True})
    assert pdf["data"]


def test_hong_kong_points_table_follows_the_rules(page: Any, base_url: str) -> None:
    """The printed table is the one under the chosen rules: full spicy, full
    gun at an 8-fan cap: 10 fan pays as 8, 2^8 = 256 from the discarder."""
    open_page(page, f"{base_url}/#r=hongkong&lang=en&rules.table=full_spicy&rules.fan_cap=8")
    deadline = time.monotonic() + 5
    while len(table_rows(page, "reference-table")) < 14 and time.monotonic() < deadline:
        time.sleep(0.05)
    rows = {row[0]: row for row in table_rows(page, "reference-table")}
    assert rows["10"][4] == "256"
    assert rows["3"][1:3] == ["8", "8"]


# --- phone, keyboard, labels, network --------------------------------------------------


def test_phone_width_has_no_sideways_scroll(make_browser: Any, base_url: str) -> None:
    driver = make_browser(size=PHONE)
    for ruleset in ("hongkong", "riichi", "mcr", "nmjl", "taiwan"):
        open_page(driver, f"{base_url}/#r={ruleset}&lang=zh-Hant&use_patterns=1&p.riichi=1")
        width = driver.execute_script("return document.documentElement.scrollWidth")
        assert width <= PHONE[0], ruleset
    assert console_errors(driver) == []


def test_tabs_work_from_the_keyboard(page: Any, base_url: str) -> None:
    open_page(page, f"{base_url}/#r=hongkong&lang=en")
    page.find_element(By.ID, "tab-hongkong").send_keys(Keys.ARROW_RIGHT)
    wait_ready(page)
    active = page.switch_to.active_element
    assert active.get_attribute("id") == "tab-riichi"
    assert active.get_attribute("aria-selected") == "true"
    assert "r=riichi" in page.current_url
    active.send_keys(Keys.END)
    wait_ready(page)
    assert page.switch_to.active_element.get_attribute("id") == "tab-taiwan"


def test_every_control_is_labelled(make_browser: Any, base_url: str) -> None:
    """Every input, select and button has a label or a name a screen reader
    reads (riichi with an empty yaku list is the API's 422 `no_yaku`: shown)."""
    page = make_browser()
    for ruleset in ("hongkong", "riichi", "mcr", "nmjl", "taiwan"):
        open_page(page, f"{base_url}/#r={ruleset}&lang=en&use_patterns=1")
        if ruleset == "nmjl":
            press(page, By.ID, "add-bettor")
            wait_ready(page)
        unlabelled = page.execute_script(
            """return [...document.querySelectorAll('input, select, button, [role=tab]')]
                 .filter((e) => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.textContent.trim())
                 .map((e) => e.outerHTML)"""
        )
        assert unlabelled == [], ruleset


def test_only_the_service_is_asked(page: Any, base_url: str) -> None:
    """Fonts, scripts, styles, the icon: nothing comes from anywhere else (the
    fixture checks the network log after every test; here it must not be empty)."""
    open_page(page, f"{base_url}/#r=taiwan&lang=ja")
    urls = requested_urls(page)
    assert f"{base_url}/web/static/page.js" in urls
    assert f"{base_url}/v1/rulesets" in urls
    assert leaving_machine(urls, base_url) == []


def test_tile_picker_only_with_a_hands_endpoint(make_browser: Any, base_url: str) -> None:
    """NMJL has no `POST /v1/nmjl/hands`: no picker. Hong Kong has one: the
    picker appears and writes the notation."""
    driver = make_browser()
    open_page(driver, f"{base_url}/#r=nmjl&lang=en")
    assert not driver.find_element(By.ID, "tile-fields").is_displayed()
    open_page(driver, f"{base_url}/#r=hongkong&lang=en")
    assert driver.find_element(By.ID, "tile-fields").is_displayed()
    for tile in ("3m", "1m", "2m", "5z"):
        press(driver, By.CSS_SELECTOR, f'#tile-picker [data-tile="{tile}"]')
    assert field(driver, "tiles_concealed").get_attribute("value") == "123m5z"
    assert field(driver, "tiles_win").get_attribute("value") == "5z"
    assert "tiles_concealed=123m5z" in driver.current_url
    assert not driver.find_element(By.ID, "pattern-fields").find_element(By.ID, "pattern-list").is_displayed()
    assert driver.find_element(By.ID, "tile-count").text == "4 of 14 tiles"
    # a set has four of each tile, one of the fives red: the picker offers no fifth
    for _ in range(3):
        press(driver, By.CSS_SELECTOR, '#tile-picker [data-tile="5z"]')
    assert not picker_offers(driver, "5z") and picker_offers(driver, "4z")
    open_page(driver, f"{base_url}/#r=riichi&lang=en&use_tiles=1&tiles_concealed=0p")
    assert (picker_offers(driver, "0p"), picker_offers(driver, "5p")) == (False, True)
    open_page(driver, f"{base_url}/#r=riichi&lang=en&use_tiles=1&tiles_concealed=0555p")
    assert (picker_offers(driver, "0p"), picker_offers(driver, "5p"), picker_offers(driver, "0s")) == (False, False, True)


def picker_offers(driver: Any, tile: str) -> bool:
    return bool(driver.find_element(By.CSS_SELECTOR, f'#tile-picker [data-tile="{tile}"]').is_enabled())


def hand_shape(driver: Any) -> tuple[list[str], str] | None:
    """The split and the waits the page shows for a hand from tiles (None: not shown)."""
    if not driver.find_element(By.ID, "hand-shape").is_displayed():
        return None
    sets = [node.text for node in driver.find_elements(By.CSS_SELECTOR, "#arrangement .set")]
    return sets, driver.find_element(By.ID, "waits").text


def enabled(driver: Any, *names: str) -> dict[str, bool]:
    return {name: field(driver, name).is_enabled() for name in names}


def test_tiles_mode_disables_the_value_the_tiles_decide(make_browser: Any, base_url: str) -> None:
    """With tiles, the request sends `tiles` instead of the hand's value, so
    the value's own inputs are disabled: MCR's points and flowers (a
    ruleset without a pattern list), riichi's han, fu and yakuman. Unticked,
    they are back. The MCR answer is the tiles' (7 points, west 7 + 8 = 15),
    not the 8 left in the points box. (The hand is picked tile by tile, each
    pick settling an incomplete hand with a 422: hence a browser without
    the console check.)"""
    page = make_browser()
    open_page(page, f"{base_url}/#r=mcr&lang=en&winner=south&win=discard&discarder=west")
    assert enabled(page, "fan", "flowers") == {"fan": True, "flowers": True}
    for tile in ("2m", "3m", "4m", "5m", "6m", "7m", "3p", "4p", "5p", "6s", "7s", "8s", "5p", "5p"):
        press(page, By.CSS_SELECTOR, f'#tile-picker [data-tile="{tile}"]')
    wait_ready(page)
    assert enabled(page, "fan", "flowers") == {"fan": False, "flowers": False}
    assert ["West", "South", "15", "Discarder"] in shown(page)["payments"]
    # the 7 points itemised from the evaluation: 門前清 2, 平和 2, 斷么 2, 連六 (234m 567m) 1;
    # 3455p waited on 5p alone or on 2p/5p with the pair 55p
    assert table_rows(page, "items") == [
        ["Concealed Hand", "1", "2"],
        ["All Chows", "1", "2"],
        ["All Simples", "1", "2"],
        ["Short Straight", "1", "1"],
    ]
    assert hand_shape(page) == (["234m", "567m", "345p", "678s", "55p"], "25p")
    # the disabled boxes show what the tiles were worth, not the 8 typed before
    assert [field(page, name).get_attribute("value") for name in ("fan", "flowers")] == ["7", "0"]
    set_field(page, "use_tiles", False)
    assert enabled(page, "fan", "flowers") == {"fan": True, "flowers": True}
    assert [field(page, name).get_attribute("value") for name in ("fan", "flowers")] == ["8", "0"]
    assert hand_shape(page) is None  # a value is not a hand: no split to show
    # a link opened with tiles on starts with the value disabled
    open_page(page, f"{base_url}/#r=riichi&lang=en&use_tiles=1&tiles_concealed=234m567m345p678s55p&tiles_win=8s")
    assert enabled(page, "han", "fu", "yakuman", "honba") == {"han": False, "fu": False, "yakuman": False, "honba": True}


def test_a_problem_is_said_once_and_marks_its_field(make_browser: Any, base_url: str) -> None:
    """A refused hand shows the problem's title and detail (the API's detail
    already lists every error: they are not repeated) and marks the field
    each error points at; the mark goes once the hand settles. The notation
    234m567m345p678s5 ends with a digit at its 17th character. (The page
    asks the service for the refused hand: a browser without the console
    check.)"""
    page = make_browser()
    tiles = {"concealed": "234m567m345p678s5", "win_tile": "5p"}
    link = f"#r=mcr&lang=en&winner=east&win=discard&discarder=south&use_tiles=1&tiles_concealed={tiles['concealed']}&tiles_win=5p"
    open_page(page, f"{base_url}/{link}")
    body = {"winner": "east", "win": {"type": "discard", "discarder": "south"}, "tiles": tiles}
    answer = httpx.post(f"{base_url}/v1/mcr/settlements", json=body).json()
    assert answer["errors"] == [{"detail": answer["errors"][0]["detail"], "code": "tile_notation_no_suit", "pointer": "#/tiles/concealed"}]
    assert "(character 17)" in answer["detail"]
    assert page.find_element(By.ID, "problem").text == f"{answer['title']} — {answer['detail']}"
    assert field(page, "tiles_concealed").get_attribute("aria-invalid") == "true"
    assert field(page, "tiles_win").get_attribute("aria-invalid") is None
    set_field(page, "tiles_concealed", "234m567m345p678s55p")
    assert not page.find_element(By.ID, "problem").is_displayed()
    assert field(page, "tiles_concealed").get_attribute("aria-invalid") is None
    assert ["South", "East", "15", "Discarder"] in shown(page)["payments"]  # 7 points + 8 from the discarder


def test_tiles_with_riichi_dora_and_flowers(make_browser: Any, base_url: str) -> None:
    """The tiles object's own fields are on the page. 234m567m345p678s55p,
    south (not the dealer) self-draws 8s: 門前清自摸和 1 + 平和 1 (four
    sequences, 67s waiting on both sides, a plain pair) + 斷么九 1, and the
    dora indicator 6s makes the one 7s a dora. With riichi 1 more: 5 han,
    mangan (basic 2,000): east pays 4,000, west and north 2,000 each.
    Without riichi, 4 han 20 fu: basic 20 × 2⁶ = 1,280, east pays 2,560 →
    2,600, the others 1,280 → 1,300. MCR, the same
    tiles won on west's 5p with a flower and a season: 7 points + 2 flowers
    + 8 from west, 17; 8 from the others. A bad indicator marks its box.
    (The boxes are typed into, each keystroke settling a half-typed value:
    a browser without the console check.)"""
    page = make_browser()
    hand = "use_tiles=1&tiles_concealed=234m567m345p678s55p"
    open_page(page, f"{base_url}/#r=riichi&lang=en&winner=south&win=self_draw&{hand}&tiles_win=8s&tiles.riichi=1&tiles.dora_indicators=6s")
    assert {row[0]: row[2] for row in shown(page)["payments"]} == {"East": "4000", "West": "2000", "North": "2000"}
    body = {
        "winner": "south",
        "dealer": "east",
        "win": {"type": "self_draw"},
        "tiles": {"concealed": "234m567m345p678s55p", "win_tile": "8s", "riichi": True, "dora_indicators": "6s"},
    }
    assert shown(page) == as_shown(api(base_url, "riichi", body))
    set_field(page, "tiles.riichi", False)
    assert {row[0]: row[2] for row in shown(page)["payments"]} == {"East": "2600", "West": "1300", "North": "1300"}
    set_field(page, "tiles.dora_indicators", "6x")
    assert field(page, "tiles.dora_indicators").get_attribute("aria-invalid") == "true"
    open_page(page, f"{base_url}/#r=mcr&lang=en&winner=south&win=discard&discarder=west&{hand}&tiles_win=5p")
    for flower in ("f1", "s2"):  # plum and summer, one box each
        press(page, By.ID, f"check-{flower}")
    wait_ready(page)
    assert {row[0]: row[2] for row in shown(page)["payments"]} == {"West": "17", "North": "8", "East": "8"}
    assert "tiles.flowers=f1+s2" in page.current_url
    # the link's codes tick their boxes
    open_page(page, page.current_url)
    assert [box.get_attribute("data-check") for box in page.find_elements(By.CSS_SELECTOR, "[data-check]") if box.is_selected()] == [
        "f1",
        "s2",
    ]
    assert {row[0]: row[2] for row in shown(page)["payments"]}["West"] == "17"


def click_tile(driver: Any, tile: str) -> None:
    press(driver, By.CSS_SELECTOR, f'#tile-picker [data-tile="{tile}"]')
    wait_ready(driver)


def meld_rows(driver: Any) -> list[tuple[str, str]]:
    """Each meld row's kind and tiles, as the page holds them."""
    rows = driver.find_elements(By.CSS_SELECTOR, "#meld-list .meld")
    return [
        (
            Select(row.find_element(By.TAG_NAME, "select")).first_selected_option.get_attribute("value"),
            row.find_element(By.TAG_NAME, "input").get_attribute("value"),
        )
        for row in rows
    ]


def test_melds_are_made_from_one_picked_tile(make_browser: Any, base_url: str) -> None:
    """An open riichi hand: chi 234m, pon of 中, and 567p 678s 22p in hand,
    south wins on west's 8s (67s waiting on both sides). 役牌 中 is its one
    han. Fu by hand arithmetic (no menzen ron bonus: the hand is open): 20,
    plus the 中 set: an open triplet 4 → 24, 30 fu: basic 30 × 2³ = 240,
    ron 240 × 4 = 960 → 1,000 from west. The same set as an open kan is 16
    fu → 36, 40 fu: 320 × 4 = 1,280 → 1,300; as a closed kan 32 → 52,
    60 fu: 480 × 4 = 1,920 → 2,000. Each meld is made by choosing its kind
    and picking one tile (a chi from its lowest); changing a pon to a kan
    remakes it. A meld that is no chi is marked where it is typed. (Each
    pick settles a hand not yet whole: a browser without the console
    check.)"""
    page = make_browser()
    open_page(
        page, f"{base_url}/#r=riichi&lang=en&winner=south&win=discard&discarder=west&use_tiles=1&tiles_concealed=567p678s22p&tiles_win=8s"
    )
    assert not page.find_element(By.ID, "pick-into").is_displayed()
    press(page, By.ID, "add-meld")
    assert page.find_element(By.ID, "pick-into").is_displayed()  # the next tile makes this meld
    Select(page.find_element(By.ID, "meld-kind-0")).select_by_value("chow")
    click_tile(page, "2m")
    assert not page.find_element(By.ID, "pick-into").is_displayed()  # then tiles go in the hand again
    press(page, By.ID, "add-meld")
    click_tile(page, "7z")
    assert meld_rows(page) == [("chow", "234m"), ("pung", "777z")]
    assert field(page, "tiles_concealed").get_attribute("value") == "567p678s22p"
    payments = {row[0]: row[2] for row in shown(page)["payments"]}
    assert payments == {"West": "1000", "North": "0", "East": "0"}
    # in hand 567p 67s 22p before the win: 67s waited on 5s or 8s
    assert hand_shape(page) == (["567p", "678s", "22p", "234m called", "777z called"], "58s")
    assert page.find_element(By.ID, "tile-count").text == "14 of 14 tiles"
    assert picker_offers(page, "7z")  # three 中 used, the fourth is left
    Select(page.find_element(By.ID, "meld-kind-1")).select_by_value("kong")
    wait_ready(page)
    assert meld_rows(page)[1] == ("kong", "7777z")
    assert page.find_element(By.ID, "tile-count").text == "15 of 15 tiles"  # a kong's fourth tile
    assert not picker_offers(page, "7z")
    assert {row[0]: row[2] for row in shown(page)["payments"]}["West"] == "1300"
    Select(page.find_element(By.ID, "meld-kind-1")).select_by_value("concealed_kong")
    wait_ready(page)
    assert {row[0]: row[2] for row in shown(page)["payments"]}["West"] == "2000"
    assert "tiles_melds=chow%3A234m%3Bconcealed_kong%3A7777z" in page.current_url
    body = {
        "winner": "south",
        "dealer": "east",
        "win": {"type": "discard", "discarder": "west"},
        "tiles": {
            "concealed": "567p678s22p",
            "win_tile": "8s",
            "melds": [{"kind": "chow", "tiles": "234m"}, {"kind": "kong", "tiles": "7777z", "concealed": True}],
        },
    }
    assert shown(page) == as_shown(api(base_url, "riichi", body))
    # typed by hand, a meld that is no chi: its box is marked
    tiles = page.find_element(By.ID, "meld-tiles-0")
    tiles.send_keys(Keys.CONTROL, "a")
    tiles.send_keys("235m")
    wait_ready(page)
    assert "`235m` is not a chow" in page.find_element(By.ID, "problem").text
    assert page.find_element(By.ID, "meld-tiles-0").get_attribute("aria-invalid") == "true"
    # removed, the hand is short of a set: no request, the count instead
    # (8 in hand + the kong's 4 = 12 of the 15 a hand with one kong holds), the row gone
    press(page, By.CSS_SELECTOR, '[data-remove-meld="0"]')
    wait_ready(page)
    assert meld_rows(page) == [("concealed_kong", "7777z")]
    assert not page.find_element(By.ID, "problem").is_displayed()
    assert page.find_element(By.ID, "counting").text == "Pick 3 more tiles: 12 of 15."
    # a link carries the melds; Clear empties the hand and its melds
    open_page(page, page.current_url.replace("tiles_melds=concealed_kong%3A7777z", "tiles_melds=chow%3A234m%3Bpung%3A777z"))
    assert {row[0]: row[2] for row in shown(page)["payments"]}["West"] == "1000"
    press(page, By.ID, "tiles-clear")
    wait_ready(page)
    assert meld_rows(page) == []
    assert "tiles_melds" not in page.current_url


def test_hong_kong_all_pungs_from_three_picked_melds(make_browser: Any, base_url: str) -> None:
    """Hong Kong, south self-draws 2m holding 222m and a pair of west (33z)
    after calling pungs of 5p, 中 and 9s, each made by one picked tile. The
    fan by hand from the fan table: 自摸 1, 無花 (no bonus tiles) 1, 中 (a
    dragon pung) 1, 對對和 (all pungs) 3: 6 fan. The seed's table (香港規則：
    由番到點數, 半辣, the default) has each of the three pay 16 on a 6-fan
    self-draw. The split shows the three called pungs."""
    page = make_browser()
    open_page(page, f"{base_url}/#r=hongkong&lang=en&winner=south&win=self_draw&use_tiles=1&tiles_concealed=222m33z&tiles_win=2m")
    for tile in ("5p", "7z", "9s"):
        press(page, By.ID, "add-meld")  # a pung unless its kind is changed
        click_tile(page, tile)
    assert meld_rows(page) == [("pung", "555p"), ("pung", "777z"), ("pung", "999s")]
    assert page.find_element(By.ID, "headline").text.startswith("South wins 6 fan, self-drawn")
    assert {row[0]: row[2] for row in shown(page)["payments"]} == {"West": "16", "North": "16", "East": "16"}
    assert sorted(int(row[2]) for row in table_rows(page, "items")) == [1, 1, 1, 3]
    assert hand_shape(page) == (["222m", "33z", "555p called", "777z called", "999s called"], "2m3z")


def test_what_only_the_table_knows_taiwan_declarations_and_riichi_nukidora(make_browser: Any, base_url: str) -> None:
    """Taiwan: 234m 567m 345p 678s 123m and 55p, south wins on west's 5p.
    From the tai table (seed: 門清 1台, 平胡 2台 on a discard) 3 tai; ticked
    宣告聽牌 (declared at the table, 1台) makes 4. A payer pays base + tai ×
    unit, 100 + 3 × 20 = 160 and 100 + 4 × 20 = 180 with the default rules.
    Riichi: the nuki dora field is there only at three players (it is a 422
    at four). South self-draws 9s on 11m 123456789p 78s with riichi: riichi 1,
    門前清自摸和 1, 一氣通貫 2, 平和 1 = 5 han, mangan: east 4,000, west
    2,000 (three players pay the four-player tsumo shares by default). One
    north set aside adds a nuki dora: 6 han, haneman, 6,000 and 3,000."""
    page = make_browser()
    open_page(
        page,
        f"{base_url}/#r=taiwan&lang=en&winner=south&win=discard&discarder=west&use_tiles=1&tiles_concealed=234m567m345p678s55p123m&tiles_win=5p",
    )
    assert {row[0]: row[2] for row in shown(page)["payments"]}["West"] == "160"
    press(page, By.ID, "check-declared_ready")
    wait_ready(page)
    assert {row[0]: row[2] for row in shown(page)["payments"]}["West"] == "180"
    assert "tiles.context=declared_ready" in page.current_url
    open_page(page, f"{base_url}/#r=riichi&lang=en&use_tiles=1")
    assert page.find_elements(By.CSS_SELECTOR, '[name="tiles.nukidora"]') == []
    set_field(page, "players", "3")
    assert field(page, "tiles.nukidora").get_attribute("max") == "4"  # the schema's bound
    hand = "use_tiles=1&tiles_concealed=11m123456789p789s&tiles_win=9s&tiles.riichi=1"
    open_page(page, f"{base_url}/#r=riichi&lang=en&players=3&winner=south&win=self_draw&{hand}")
    assert {row[0]: row[2] for row in shown(page)["payments"]} == {"East": "4000", "West": "2000"}
    set_field(page, "tiles.nukidora", "1")
    assert {row[0]: row[2] for row in shown(page)["payments"]} == {"East": "6000", "West": "3000"}
    # the three-player wall: only 1m and 9m of the characters, and no chow to call
    assert [tile for tile in ("1m", "2m", "5m", "0m", "8m", "9m", "5p") if picker_offers(page, tile)] == ["1m", "9m", "5p"]
    press(page, By.ID, "add-meld")
    assert [option.get_attribute("value") for option in Select(page.find_element(By.ID, "meld-kind-0")).options] == [
        "pung",
        "kong",
        "concealed_kong",
    ]


def test_taiwan_takes_five_melds(make_browser: Any, base_url: str) -> None:
    """A 16-tile hand holds five sets and a pair, so Taiwan allows five
    melds and the 14-tile rulesets four."""
    page = make_browser()
    for ruleset, allowed in (("taiwan", 5), ("mcr", 4)):
        open_page(page, f"{base_url}/#r={ruleset}&lang=en")
        for _ in range(allowed):
            press(page, By.ID, "add-meld")
        assert len(meld_rows(page)) == allowed
        assert not page.find_element(By.ID, "add-meld").is_enabled()


def game_rows(driver: Any, count: int) -> list[list[str]]:
    """The game table once it shows ``count`` hands."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        rows = table_rows(driver, "game-hands")
        if len(rows) == count:
            return rows
        time.sleep(0.05)
    raise AssertionError(f"the game table never showed {count} hands: {table_rows(driver, 'game-hands')}")


def test_a_taiwan_game_kept_hand_by_hand(page: Any, base_url: str) -> None:
    """The dealer (east) self-draws 1 tai twice, then south wins 1 tai on
    east's discard. Each payer pays 100 + (tai + 1 + 2N) × 20 with the dealer:
    140 each (N = 0), 180 each (連1), then east pays 220 (連2). The deal then
    passes to south."""
    open_page(page, f"{base_url}/#r=taiwan&lang=en")
    set_field(page, "winner", "east")
    set_field(page, "win", "self_draw")
    set_field(page, "tai", "1")
    wait_ready(page)  # as a person does: the hand's settlement shown, then added
    press(page, By.ID, "game-add")
    game_rows(page, 1)
    press(page, By.ID, "game-add")
    game_rows(page, 2)
    set_field(page, "winner", "south")
    set_field(page, "win", "discard")
    set_field(page, "discarder", "east")
    wait_ready(page)
    press(page, By.ID, "game-add")
    rows = game_rows(page, 3)
    assert rows == [
        ["1", "East 1", "East", "420", "-140", "-140", "-140"],
        ["2", "East 1", "East ×1", "960", "-320", "-320", "-320"],
        ["3", "East 1", "East ×2", "740", "-100", "-320", "-320"],
    ]
    assert page.find_element(By.ID, "game-next").text == "South (East 2)"
    # the link holds the game: opened afresh it shows the same table
    page.get(page.current_url)
    page.refresh()
    wait_ready(page)
    assert game_rows(page, 3) == rows
    press(page, By.ID, "game-clear")
    game_rows(page, 0)
