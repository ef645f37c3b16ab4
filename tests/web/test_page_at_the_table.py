"""The page as it is used at a table, on a phone first: who pays whom in
view, tiles that look like tiles, a hand from tiles counted before it is
sent, each ruleset keeping its inputs, every word in the page's language,
and what the reference calculator (the rule sources' first document) offers.

Expected amounts are hand arithmetic from the contract's rules or the
reference calculator's own worked examples, never read back from the page.
"""

from __future__ import annotations

import re
import time
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from tests.web.browser import PHONE, open_page, requested_urls, wait_ready
from tests.web.test_page_browser import field, press, set_field, shown, table_rows

RULESETS = ("hongkong", "riichi", "mcr", "nmjl", "taiwan")
CJK = ("zh-Hant", "zh-Hans", "ja")


def in_view(driver: Any, element: Any) -> bool:
    """Wholly inside the viewport, as the page is scrolled now."""
    return bool(
        driver.execute_script(
            "const r = arguments[0].getBoundingClientRect();"
            "return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;",
            element,
        )
    )


def summary_lines(driver: Any) -> list[str]:
    return [node.text for node in driver.find_elements(By.CSS_SELECTOR, "#summary-lines li")]


def posts(driver: Any, path: str) -> int:
    """How many requests the browser sent to ``path`` since the logs were last read."""
    return sum(1 for url in requested_urls(driver) if urlsplit(url).path == path)


# --- (1) a phone: who pays whom in view, the tab in view, one control a row ---------


def test_phone_keeps_who_pays_whom_in_view_after_any_input(make_browser: Any, base_url: str) -> None:
    """On a 390×844 phone, wherever the input is (the first box, the table
    rules at the bottom of the form, a tile in the picker), the bar at the
    bottom shows the payments without scrolling. Hong Kong, 3 fan half spicy
    on south's discard, full gun: south pays all 8; at 5 fan 24 (the seed's
    table); half gun: 12 from south, 6 each from the others."""
    driver = make_browser(size=PHONE)
    open_page(driver, f"{base_url}/#r=hongkong&lang=en")
    bar = driver.find_element(By.ID, "summary")
    assert in_view(driver, bar)
    assert summary_lines(driver) == ["South → East 8"]
    set_field(driver, "fan", "5")
    assert in_view(driver, bar) and summary_lines(driver) == ["South → East 24"]
    press(driver, By.CSS_SELECTOR, "#rule-fields summary")
    set_field(driver, "rules.discard_payment", "half_gun")
    assert driver.execute_script("return scrollY") > 844  # the rules are well below the first screen
    assert in_view(driver, bar)
    assert summary_lines(driver) == ["South → East 12", "West → East 6", "North → East 6"]
    assert driver.find_element(By.ID, "summary-head").text == "East receives 24 points (or chips)"
    # a tile picked deep in the form: the count shows in the bar, no payment yet
    press(driver, By.CSS_SELECTOR, '#tile-picker [data-tile="1m"]')
    wait_ready(driver)
    assert in_view(driver, bar)
    assert driver.find_element(By.ID, "summary-head").text == "Pick 13 more tiles: 1 of 14."


def test_phone_keeps_the_chosen_tab_in_view(make_browser: Any, base_url: str) -> None:
    """The tab strip scrolls sideways on a phone; the chosen tab (NMJL and
    Taiwan sit off the first screen's width) is scrolled into it, and the
    strip stays at the top when the page is scrolled."""
    driver = make_browser(size=PHONE)
    for ruleset in RULESETS:
        open_page(driver, f"{base_url}/#r={ruleset}&lang=zh-Hant")
        tab = driver.find_element(By.ID, f"tab-{ruleset}")
        assert tab.get_attribute("aria-selected") == "true"
        assert in_view(driver, tab), ruleset
        driver.execute_script("window.scrollTo(0, 2000)")
        assert in_view(driver, tab), ruleset
        driver.execute_script("window.scrollTo(0, 0)")
    # chosen from the strip itself: the tab scrolls in
    press(driver, By.ID, "tab-taiwan")
    wait_ready(driver)
    assert in_view(driver, driver.find_element(By.ID, "tab-taiwan"))


ROWS_SHARED = """
for (const list of document.querySelectorAll('.patterns')) list.style.maxHeight = 'none';  // its rows unclipped
const controls = [...document.querySelectorAll('#hand input, #hand select')]
  .filter((e) => e.offsetParent !== null && !e.closest('#tile-picker, #hand-tiles'));
const rects = controls.map((e) => [e.name || e.id, e.getBoundingClientRect()]);
const shared = [];
for (let i = 0; i < rects.length; i++) for (let j = i + 1; j < rects.length; j++) {
  const [a, r] = rects[i], [b, s] = rects[j];
  if (r.top < s.bottom - 1 && s.top < r.bottom - 1) shared.push([a, b]);
}
return [controls.length, shared];
"""


def test_phone_has_one_control_a_row(make_browser: Any, base_url: str) -> None:
    """As on the reference calculator (手機一行一個): no two inputs or selects
    side by side on a phone, on any ruleset, with the rules, the patterns,
    the tiles' own fields, the fu helper and the bettors showing."""
    driver = make_browser(size=PHONE)
    views = [f"#r={ruleset}&lang=ja&use_tiles=1&tiles_melds=pung%3A555p" for ruleset in ("hongkong", "mcr", "taiwan")]
    views += ["#r=riichi&lang=ja&fu_helper=1", "#r=taiwan&lang=ja&use_patterns=1", "#r=nmjl&lang=ja&bettors=Ann:south;Bo:west"]
    for view in views:
        open_page(driver, f"{base_url}/{view}")
        driver.execute_script("document.getElementById('rule-fields').open = true")
        count, shared = driver.execute_script(ROWS_SHARED)
        assert count > 6 and shared == [], view


# --- (2) tiles that look like tiles --------------------------------------------------


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("en", {"1z": "East wind", "5z": "White dragon", "7z": "Red dragon", "3m": "3 Characters", "8p": "8 Dots", "0s": "Red 5 Bamboo"}),
        ("zh-Hant", {"1z": "東風", "5z": "白板", "7z": "紅中", "3m": "3萬", "8p": "8筒", "0s": "紅五索"}),
        ("ja", {"1z": "東", "6z": "發", "7z": "中", "3m": "3萬", "0p": "赤五筒"}),
    ],
)
def test_tile_buttons_draw_faces_and_speak_names(make_browser: Any, base_url: str, language: str, names: dict[str, str]) -> None:
    """Each picker button draws the tile (an SVG face with its pips or
    characters, hidden from screen readers), shows its code as a small label
    and is read out by that code and its name (the visible label is part of
    the accessible name: WCAG 2.5.3, axe's label-content-name-mismatch)."""
    driver = make_browser()
    open_page(driver, f"{base_url}/#r=riichi&lang={language}")
    for tile, name in names.items():
        button = driver.find_element(By.CSS_SELECTOR, f'#tile-picker [data-tile="{tile}"]')
        assert button.accessible_name == f"{tile} {name}"
        assert button.find_element(By.CSS_SELECTOR, ".code").text == tile
        face = button.find_element(By.CSS_SELECTOR, "svg.face")
        assert face.get_attribute("aria-hidden") == "true"
        assert face.size["height"] > 30
    # pips as drawn: a 9 of dots has nine, a 6 of bamboo six sticks, 萬 under a characters' number
    assert len(driver.find_elements(By.CSS_SELECTOR, '[data-tile="9p"] svg circle')) == 18  # ring and centre each
    assert len(driver.find_elements(By.CSS_SELECTOR, '[data-tile="6s"] svg rect')) == 1 + 6
    assert [node.get_attribute("textContent") for node in driver.find_elements(By.CSS_SELECTOR, '[data-tile="3m"] svg text')] == [
        "三",
        "萬",
    ]
    assert driver.find_elements(By.CSS_SELECTOR, '[data-tile="1z"] svg text')[0].get_attribute("textContent") == "東"


# --- (3) a hand from tiles: counted until whole, then one request ------------------------------


def test_tiles_are_counted_until_the_hand_is_whole(page: Any, base_url: str) -> None:
    """Picking 234m567m345p678s55p tile by tile, won on west's 5p: no
    settlement request, no error shown and none in the console (the fixture
    checks) until the 14th tile; the count says how many are left. Then one
    request: 7 points + 8 from west, 15; 8 from each of the others."""
    open_page(page, f"{base_url}/#r=mcr&lang=en&winner=south&win=discard&discarder=west&use_tiles=1")
    requested_urls(page)  # the logs so far
    hand = ["2m", "3m", "4m", "5m", "6m", "7m", "3p", "4p", "5p", "6s", "7s", "8s", "5p", "5p"]
    for count, tile in enumerate(hand[:-1], start=1):
        press(page, By.CSS_SELECTOR, f'#tile-picker [data-tile="{tile}"]')
        wait_ready(page)
        assert page.find_element(By.ID, "tile-count").text == f"{count} of 14 tiles"
        assert page.find_element(By.ID, "counting").text == f"Pick {14 - count} more tiles: {count} of 14."
        assert not page.find_element(By.ID, "problem").is_displayed()
        assert page.execute_script("return document.body.dataset.state") == "counting"
    assert posts(page, "/v1/mcr/settlements") == 0
    press(page, By.CSS_SELECTOR, '#tile-picker [data-tile="5p"]')
    wait_ready(page)
    assert posts(page, "/v1/mcr/settlements") == 1
    assert {row[0]: row[2] for row in shown(page)["payments"]} == {"West": "15", "North": "8", "East": "8"}
    assert not page.find_element(By.ID, "counting").is_displayed()
    # the hand shows as faces; a tap takes a tile out again, and the count is back
    assert len(page.find_elements(By.CSS_SELECTOR, "#hand-tiles [data-hand-index]")) == 14
    press(page, By.CSS_SELECTOR, '#hand-tiles [data-hand-index="0"]')
    wait_ready(page)
    assert field(page, "tiles_concealed").get_attribute("value") == "34567m34555p678s"  # written back in order
    assert page.find_element(By.ID, "counting").text == "Pick 1 more tiles: 13 of 14."


# --- (4) each ruleset keeps its own inputs ------------------------------------------------------


def test_each_ruleset_keeps_its_inputs_across_tabs_and_in_the_link(page: Any, base_url: str) -> None:
    """5 fan in Hong Kong (24 from the discarder, half spicy), then riichi
    4 han 40 fu (2,560 basic points: mangan, 8,000 from the discarder) and a
    picked tile, then back: each tab shows what was entered into it, and the
    link carries both."""
    open_page(page, f"{base_url}/#r=hongkong&lang=en")
    set_field(page, "fan", "5")
    set_field(page, "win", "discard")
    assert shown(page)["payments"][0] == ["South", "East", "24", "Discarder"]
    press(page, By.ID, "tab-riichi")
    wait_ready(page)
    set_field(page, "winner", "west")
    set_field(page, "discarder", "north")
    set_field(page, "han", "4")
    set_field(page, "fu", "40")
    assert shown(page)["payments"][0] == ["North", "West", "8000", "Discarder"]
    press(page, By.ID, "tab-hongkong")
    wait_ready(page)
    assert field(page, "fan").get_attribute("value") == "5"
    assert shown(page)["payments"][0] == ["South", "East", "24", "Discarder"]
    link = page.current_url
    state = parse_qs(urlsplit(link).fragment)
    assert state["fan"] == ["5"] and state["riichi~han"] == ["4"] and state["riichi~winner"] == ["west"]
    page.get("about:blank")
    open_page(page, link)
    assert field(page, "fan").get_attribute("value") == "5"
    press(page, By.ID, "tab-riichi")
    wait_ready(page)
    assert [field(page, name).get_attribute("value") for name in ("winner", "han", "fu")] == ["west", "4", "40"]
    assert shown(page)["payments"][0] == ["North", "West", "8000", "Discarder"]


# --- (5) every word in the page's language ------------------------------------------------------

ALLOWED_LATIN = {
    "English",
    "MCR",
    "NMJL",
    "WhatsApp",
    "Telegram",
    "Facebook",
    "Reddit",
    "API",
    "EMA",
    "PyMahjongGB",
    "Willoughby",
    "Quints",
}
"""Proper names the page keeps in Latin letters (rulesets, services, a library,
an author of rules, an NMJL card section)."""
VISIBLE_TEXT = "document.getElementById('rule-fields').open = true; return document.body.innerText"


@pytest.mark.parametrize("language", CJK)
def test_nothing_is_left_in_english(make_browser: Any, base_url: str, language: str) -> None:
    """Every ruleset's visible text, with the table rules open, the pattern
    lists, the tiles, the fu helper and a game shown: no English word but
    the names of the rulesets' bodies, the share services and the language
    menu's own "English"; and a comma or colon in a sentence is the CJK one
    (an ASCII comma only inside a number: 3,900)."""
    driver = make_browser()
    views = {
        "hongkong": "use_patterns=1&win=self_draw",
        "riichi": "use_patterns=1&fu_helper=1",
        "mcr": "use_tiles=1&tiles_concealed=234m567m345p678s55p&tiles_win=5p",
        "nmjl": "bettors=Ann:south&value=25",
        "taiwan": "use_patterns=1&game=%5B%7B%22type%22%3A%22draw%22%7D%5D",
    }
    leftovers = {}
    for ruleset, extra in views.items():
        open_page(driver, f"{base_url}/#r={ruleset}&lang={language}&{extra}")
        text = driver.execute_script(VISIBLE_TEXT).replace("Ann", "")
        words = set(re.findall(r"[A-Za-z]{2,}", text)) - ALLOWED_LATIN
        commas = re.findall(r".{0,12}(?:(?<!\d),|,(?!\d)|(?<![\d\s]):(?!\d)).{0,12}", text)
        if words or commas:
            leftovers[ruleset] = (sorted(words), commas)
    assert leftovers == {}


def test_every_tai_row_has_an_english_and_a_japanese_name(make_browser: Any, base_url: str) -> None:
    """The Taiwan tai table as the page prints it: in English every row's name
    is English (no Chinese characters, no Chinese explanation beside it), in
    Japanese every row has a name and its column says how it is counted in
    Japanese."""
    driver = make_browser()
    han = re.compile(r"[\u3400-\u9fff]")
    for language in ("en", "ja"):
        open_page(driver, f"{base_url}/#r=taiwan&lang={language}")
        deadline = time.monotonic() + 5
        while len(table_rows(driver, "reference-table")) < 40 and time.monotonic() < deadline:
            time.sleep(0.05)
        rows = table_rows(driver, "reference-table")
        assert len(rows) > 40
        for name, _value, how in rows:
            assert name and how, (language, name)
            if language == "en":
                assert not han.search(name + how), name
            else:
                assert re.search(r"[\u3040-\u30ff]|ごと|回", how), how


# --- (7) what the reference calculator has ---------------------------------------------------------


def test_winner_card_each_pays_and_the_third_card_per_ruleset(make_browser: Any, base_url: str) -> None:
    """The reference calculator's cards, in its own words (繁體): Hong Kong
    3 fan on a discard, full gun — the winner receives 8 點（或者籌碼）, the
    discarder alone pays all 8, each pays 8 / 0 / 0, 分帳前的檯面點數 8. The
    third card's name follows the ruleset: 基本點 (riichi), 牌型分＋花牌＋8
    (MCR: 8 points, 8 + 0 + 8 = 16 on the discard), 計完倍數的牌值 (NMJL)."""
    driver = make_browser()
    open_page(driver, f"{base_url}/#r=hongkong&lang=zh-Hant")
    assert driver.find_element(By.ID, "receives").text == "8"
    assert driver.find_element(By.ID, "unit").text == "點（或者籌碼）"
    assert driver.find_element(By.ID, "who-pays").text == "南家一個人畀晒 8。"
    assert driver.find_element(By.ID, "each-pays").text == "8 / 0 / 0"
    assert driver.find_element(By.ID, "pre-label").text == "分帳前的檯面點數"
    assert driver.find_element(By.ID, "pre-payout").text == "8"
    # the hint under 番, as the reference calculator words it
    assert driver.find_element(By.ID, "f-fan-help").text == "入你檯上計嘅番數。多數檯要夠三番先可以食糊。"
    # self-drawn: each of the three pays half of 8
    set_field(driver, "win", "self_draw")
    assert driver.find_element(By.ID, "who-pays").text == "3 家各畀 4。"
    assert driver.find_element(By.ID, "receives").text == "12"
    for ruleset, name, value in (("riichi", "基本點", "240"), ("mcr", "牌型分＋花牌＋8", "16"), ("nmjl", "計完倍數的牌值", "25")):
        open_page(driver, f"{base_url}/#r={ruleset}&lang=zh-Hant")
        assert driver.find_element(By.ID, "pre-label").text == name
        assert driver.find_element(By.ID, "pre-payout").text == value, ruleset


def test_riichi_fu_helper_counts_the_fu_and_shows_its_card(page: Any, base_url: str) -> None:
    """幫我數符: a closed hand, one concealed triplet of terminals and three
    sequences, a closed wait, a plain pair, won by ron: 20 + 10 (closed ron)
    + 8 + 2 = 40 fu. South (not the dealer) with 2 han on west's discard:
    40 × 2⁴ = 640, × 4 = 2,560 → 2,600. Seven pairs instead: 25 fu flat,
    25 × 16 × 4 = 1,600. The fu comes from POST /v1/riichi/fu."""
    open_page(page, f"{base_url}/#r=riichi&lang=en&winner=south&discarder=west&han=2")
    requested_urls(page)
    set_field(page, "fu_helper", True)
    assert not field(page, "fu").is_enabled()
    set_field(page, "fu.m0.kind", "triplet")
    set_field(page, "fu.m0.terminal", True)
    set_field(page, "fu.wait", "closed")
    assert page.find_element(By.ID, "fu-total").text == "40 fu"
    items = [node.text for node in page.find_elements(By.CSS_SELECTOR, "#fu-items li")]
    assert items == ["Base (副底) 20", "Closed ron (門前榮和) 10", "Concealed triplet of terminals or honours 8", "Closed wait 2"]
    assert field(page, "fu").get_attribute("value") == "40"
    assert shown(page)["payments"][0] == ["West", "South", "2600", "Discarder"]
    assert posts(page, "/v1/riichi/fu") >= 3
    set_field(page, "fu.seven_pairs", True)
    assert page.find_element(By.ID, "fu-total").text == "25 fu"
    assert shown(page)["payments"][0] == ["West", "South", "1600", "Discarder"]
    # off again: the fu typed before (30 by default) is back, and its card gone
    set_field(page, "fu_helper", False)
    assert field(page, "fu").is_enabled() and field(page, "fu").get_attribute("value") == "30"
    assert not page.find_element(By.ID, "fu-card").is_displayed()
    assert shown(page)["payments"][0] == ["West", "South", "2000", "Discarder"]  # 30 × 16 × 4 = 1,920 → 2,000


def test_share_links_carry_the_link_and_the_summary(page: Any, base_url: str) -> None:
    """WhatsApp, Telegram, X, Facebook and Reddit links hold the page's link
    and the summary (MCR 8 points on south's discard: south pays 16, the
    others 8 each); without the Web Share API its button stays hidden."""
    open_page(page, f"{base_url}/#r=mcr&lang=en&fan=8")
    url = page.current_url
    hrefs = {link.get_attribute("data-share"): link.get_attribute("href") for link in page.find_elements(By.CSS_SELECTOR, "[data-share]")}
    assert set(hrefs) == {"whatsapp", "telegram", "x", "facebook", "reddit"}
    query = {name: parse_qs(urlsplit(href).query) for name, href in hrefs.items()}
    assert urlsplit(hrefs["whatsapp"]).netloc == "wa.me"
    assert query["whatsapp"]["text"][0].endswith("\n" + url)
    assert "South → East 16 (Discarder)" in query["whatsapp"]["text"][0]
    assert query["telegram"]["url"] == [url] and "West → East 8 (Other)" in query["telegram"]["text"][0]
    assert query["x"]["url"] == [url] and query["x"]["text"][0].startswith(
        "Chinese Official (MCR) — East wins 8 points, on South's discard"
    )
    assert query["facebook"]["u"] == [url]
    assert query["reddit"]["url"] == [url] and "East receives 32" in query["reddit"]["title"][0]
    for link in page.find_elements(By.CSS_SELECTOR, "[data-share]"):
        assert link.get_attribute("target") == "_blank" and "noopener" in link.get_attribute("rel")
    assert not page.find_element(By.ID, "web-share").is_displayed()


def test_web_share_where_the_browser_has_it(make_browser: Any, base_url: str) -> None:
    """A browser with navigator.share (stubbed here: headless chromium on
    Linux has none) shows the Share button, which hands it the summary and
    the link."""
    driver = make_browser()
    driver.execute_cdp_cmd(
        "Page.addScriptToEvaluateOnNewDocument",
        {"source": "navigator.share = (data) => { window.shared = data; return Promise.resolve(); };"},
    )
    open_page(driver, f"{base_url}/#r=nmjl&lang=en&value=25&win=self_draw")
    press(driver, By.ID, "web-share")
    shared = driver.execute_script("return window.shared")
    assert shared["url"] == driver.current_url
    # self-drawn 25: everyone pays double, 50 each
    assert "South → East 50 (Self draw)" in shared["text"].split("\n")


def test_which_ruleset_table(page: Any, base_url: str) -> None:
    """The "which ruleset are you playing" table: one row per tab with where
    it is played, its unit and what to enter; a row's name opens its tab."""
    open_page(page, f"{base_url}/#r=hongkong&lang=zh-Hant")
    rows = table_rows(page, "which-table")
    assert [row[0] for row in rows] == ["香港麻雀", "日本立直麻雀", "國標麻將", "美式麻將", "台灣十六張麻將"]
    assert rows[0][1:] == ["香港、澳門、華南，同埋西方賣嘅大部分麻雀", "番", "番數"]
    assert rows[1][3] == "飜同符，或者手牌嘅結構"
    press(page, By.CSS_SELECTOR, '#which-table [data-ruleset="nmjl"]')
    wait_ready(page)
    assert page.find_element(By.ID, "tab-nmjl").get_attribute("aria-selected") == "true"
    assert "r=nmjl" in page.current_url


def wait_rows(driver: Any, count: int) -> list[list[str]]:
    deadline = time.monotonic() + 5
    while len(table_rows(driver, "reference-table")) < count and time.monotonic() < deadline:
        time.sleep(0.05)
    return table_rows(driver, "reference-table")


def test_nmjl_and_mcr_reference_tables(page: Any, base_url: str) -> None:
    """NMJL by card value (the reference calculator's 25–50 scale): 25 on a
    discard — 50 from the discarder, 25 from each other, self-drawn 50 each;
    jokerless doubles first: 100 from the discarder, 100 each self-drawn; 50:
    100 / 50 / 100 / 200 / 200. MCR: 8 points — the discarder 16, the others
    8, the winner 32; self-drawn 16 each, 48 (the reference calculator's
    table); 24 points: 32 / 8 / 48 / 32 / 96. A point value of 0.5 halves them."""
    open_page(page, f"{base_url}/#r=nmjl&lang=en")
    rows = wait_rows(page, 6)
    assert rows[0] == ["25", "50", "25", "50", "100", "100"]
    assert rows[-1] == ["50", "100", "50", "100", "200", "200"]
    open_page(page, f"{base_url}/#r=mcr&lang=en")
    rows = {row[0]: row[1:] for row in wait_rows(page, 9)}
    assert rows["8"] == ["16", "8", "32", "16", "48"]
    assert rows["24"] == ["32", "8", "48", "32", "96"]
    open_page(page, f"{base_url}/#r=mcr&lang=en&rules.point_value=0.5")
    deadline = time.monotonic() + 5
    while table_rows(page, "reference-table")[:1] and table_rows(page, "reference-table")[0][1] != "8" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert table_rows(page, "reference-table")[0] == ["8", "8", "4", "16", "8", "24"]


@pytest.mark.parametrize("language", ["en", *CJK])
def test_the_explanations_are_there_in_every_language(make_browser: Any, base_url: str, language: str) -> None:
    """How to use it, worked examples, table setup, pitfalls, what it does
    not do, a glossary, questions and the sources: each a heading with text
    under it, in the page's language (a CJK page shows none of the English
    msgids)."""
    driver = make_browser()
    open_page(driver, f"{base_url}/#r=hongkong&lang={language}")
    sections = driver.find_elements(By.CSS_SELECTOR, "#guide section")
    assert len(sections) == 8
    for section in sections:
        heading = section.find_element(By.TAG_NAME, "h3").text
        texts = [node.text for node in section.find_elements(By.CSS_SELECTOR, "li, dd, dt")]
        assert heading and len(texts) >= 3 and all(texts), heading
        if language != "en":
            english = [node.get_attribute("data-msgid") for node in section.find_elements(By.CSS_SELECTOR, "[data-msgid]")]
            assert not set(english) & {node.text for node in section.find_elements(By.CSS_SELECTOR, "[data-msgid]")}
    example = driver.find_element(By.CSS_SELECTOR, "#examples-title + ul li").text
    assert "8" in example and "12" in example  # 3 fan half spicy: 8 on a discard, 12 self-drawn


# --- the small defects ----------------------------------------------------------------------------------


def test_the_game_area_says_nothing_empty_and_checkboxes_sit_beside_their_words(make_browser: Any, base_url: str) -> None:
    """Before a hand is added the game shows a line of help, not "Next dealer –"
    nor an empty "Settle up"; every checkbox sits on the line of its label's
    words (phone and desktop); the meta description is the page's language's."""
    for size in (PHONE, (1280, 900)):
        driver = make_browser(size=size)
        open_page(driver, f"{base_url}/#r=riichi&lang=en&use_patterns=1&fu_helper=1")
        driver.execute_script("document.getElementById('rule-fields').open = true")
        assert driver.find_element(By.ID, "game-empty").is_displayed()
        assert not driver.find_element(By.ID, "game-next").is_displayed()
        assert not driver.find_element(By.ID, "game-settle-box").is_displayed()
        apart = driver.execute_script(
            """return [...document.querySelectorAll('label.check')].filter((l) => l.offsetParent !== null).filter((l) => {
                 const box = l.querySelector('input').getBoundingClientRect(), words = l.querySelector('span').getBoundingClientRect();
                 return !(box.top < words.bottom && words.top < box.bottom) || box.left > words.left;
               }).map((l) => l.textContent.trim())"""
        )
        assert apart == []
    driver.get("about:blank")
    open_page(driver, f"{base_url}/#r=hongkong&lang=ja")
    description = driver.find_element(By.CSS_SELECTOR, 'meta[name="description"]').get_attribute("content")
    assert description.startswith("和了の後、誰が誰にいくら払うか")


def test_the_rules_panel_names_values_instead_of_codes(make_browser: Any, base_url: str) -> None:
    """繁體 and 日本語: the rules' names, their choices and the meanings under
    them show no code (half_spicy, standard, default, true …)."""
    driver = make_browser()
    codes = re.compile(r"\b(?:[a-z]+_[a-z_0-9]+|true|false|default|standard)\b")
    for language in ("zh-Hant", "ja"):
        for ruleset in RULESETS:
            open_page(driver, f"{base_url}/#r={ruleset}&lang={language}")
            text = driver.execute_script("const d = document.getElementById('rule-fields'); d.open = true; return d.innerText")
            assert codes.findall(text) == [], (language, ruleset)
    open_page(driver, f"{base_url}/#r=hongkong&lang=zh-Hant")
    choices = [option.get_attribute("textContent") for option in Select(field(driver, "rules.table")).options]
    assert choices == ["全辣", "半辣"]


def test_copied_summary_uses_cjk_punctuation(page: Any, base_url: str) -> None:
    """The copied summary's lines in 繁體 use the CJK colon and enumeration
    comma (each of the three pays 10 + 8 = 18: 東家 −18、南家 +54…)."""
    page.execute_cdp_cmd("Browser.grantPermissions", {"origin": base_url, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    open_page(page, f"{base_url}/#r=mcr&lang=zh-Hant&winner=south&win=self_draw&fan=10")
    press(page, By.ID, "copy")
    time.sleep(0.3)
    text = page.execute_async_script("navigator.clipboard.readText().then(arguments[0], (e) => arguments[0]('error ' + e))")
    net = [line for line in text.split("\n") if "東家 −18" in line]
    assert net and "：" in net[0] and "、" in net[0] and "," not in net[0], text
