"""The page's game area in headless chromium: the game's own rules (from
discovery's `game_rules`), the table rules each where the request carries
it, and a pasted Tenhou record replayed into a ledger.

Expected amounts are hand arithmetic, not read back from the page."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
from selenium.webdriver.common.by import By

from tests.web.browser import open_page
from tests.web.test_page_browser import api, as_shown, game_rows, press, set_field, shown, table_rows

RECORD = Path(__file__).parents[1] / "rulesets" / "riichi" / "data" / "hanchan_tenhou6.json"
RECORDS = Path(__file__).parents[1] / "rulesets" / "riichi" / "data" / "records"
SANMA = RECORDS / "dnovikoff-sanma2.mjlog.xml"
"""dnovikoff/tenhou log/test_data/sanma2.xml (docs/sources.md): a three-player
Tenhou hanchan; its `owari`: 274, 831, −55 (hundreds), uma −13, +79, −66."""
MJAI_GAME = RECORDS / "riichienv-g3_2.mjai.json"
"""A three-player game riichienv played under Tenhou's rules (docs/sources.md)."""


def until(driver: Any, script: str, timeout: float = 10) -> Any:
    """The script's value once it is truthy."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"never true: {script}")


def test_a_yaku_option_and_a_top_level_rule_go_where_the_request_carries_them(page: Any, base_url: str) -> None:
    """Riichi's `open_tanyao` is a `/yaku_options` field and Hong Kong's
    `eight_immortals` a top-level one (discovery's `rule_groups`): changed on
    the page, each is sent there and the page shows the API's answer for
    that body, not a 400 for an unknown `rules` field."""
    open_page(page, f"{base_url}/#r=riichi&lang=en")
    press(page, By.CSS_SELECTOR, "#rule-fields summary")
    set_field(page, "rules.open_tanyao", False)
    set_field(page, "han", "2")
    set_field(page, "fu", "30")
    assert page.execute_script("return document.body.dataset.state") == "ready"
    body = {"winner": "east", "dealer": "east", "win": {"type": "discard", "discarder": "south"}, "han": 2, "fu": 30}
    # a dealer ron of 2 han 30 fu: 30 × 2^4 × 6 = 2880 → 2900
    assert shown(page)["payments"][0][2] == "2900"
    assert shown(page) == as_shown(api(base_url, "riichi", {**body, "yaku_options": {"open_tanyao": False}}))
    open_page(page, f"{base_url}/#r=hongkong&lang=en")
    press(page, By.CSS_SELECTOR, "#rule-fields summary")
    set_field(page, "rules.eight_immortals", "limit")
    assert page.execute_script("return document.body.dataset.state") == "ready"


def test_the_game_rules_change_the_game(page: Any, base_url: str) -> None:
    """Riichi with 30,000 starting points: south self-draws 3 han 30 fu
    (basic 960: the dealer pays 2000, each other 1000), so the scores are
    28,000 / 34,000 / 29,000 / 29,000. Taiwan with a draw passing the deal:
    after a draw the next dealer is south (with the default, east again)."""
    open_page(page, f"{base_url}/#r=riichi&lang=en")
    press(page, By.CSS_SELECTOR, "#game-rules-box summary")
    # the hand's form already asks for the players: the game rules do not ask twice
    assert len(page.find_elements(By.CSS_SELECTOR, '[name="game.players"]')) == 0
    assert {"game.uma.0", "game.uma.1", "game.agari_yame", "game.extension", "game.rounding"} <= {
        element.get_attribute("name") for element in page.find_elements(By.CSS_SELECTOR, "#game-rule-list [name]")
    }
    set_field(page, "game.start_points", "30000")
    set_field(page, "winner", "south")
    set_field(page, "win", "self_draw")
    set_field(page, "han", "3")
    set_field(page, "fu", "30")
    press(page, By.ID, "game-add")
    assert game_rows(page, 1) == [["1", "East 1", "East", "28000", "34000", "29000", "29000"]]
    assert "game.start_points=30000" in page.current_url
    # the link keeps the game's rules: opened afresh, the same table
    open_page(page, page.current_url)
    assert game_rows(page, 1) == [["1", "East 1", "East", "28000", "34000", "29000", "29000"]]
    press(page, By.ID, "game-clear")
    open_page(page, f"{base_url}/#r=taiwan&lang=en")
    press(page, By.CSS_SELECTOR, "#game-rules-box summary")
    set_field(page, "game.draw_keeps_dealer", False)
    press(page, By.ID, "game-draw")
    game_rows(page, 1)
    assert page.find_element(By.ID, "game-next").text == "South (East 2)"
    press(page, By.ID, "game-clear")
    game_rows(page, 0)


def test_a_chombo_is_added_to_a_riichi_game(page: Any, base_url: str) -> None:
    """`game.chombo` mangan, south's chombo at east 1: a reverse mangan,
    4,000 to east (the dealer) and 2,000 each to west and north, south
    25,000 − 8,000 = 17,000; east 1 is dealt again. A ruleset whose game
    has no `chombo` option shows no chombo control."""
    open_page(page, f"{base_url}/#r=riichi&lang=en")
    press(page, By.CSS_SELECTOR, "#game-rules-box summary")
    set_field(page, "game.chombo", "mangan")
    assert page.find_element(By.ID, "game-chombo-box").is_displayed()
    page.execute_script("const s = document.getElementById('game-chombo-seat'); s.value = 'south'; s.dispatchEvent(new Event('change'))")
    press(page, By.ID, "game-chombo")
    assert game_rows(page, 1) == [["1 · Chombo South", "East 1", "East", "29000", "17000", "27000", "27000"]]
    assert page.find_element(By.ID, "game-next").text == "East (East 1)"
    press(page, By.ID, "game-clear")
    open_page(page, f"{base_url}/#r=taiwan&lang=en")
    assert not page.find_element(By.ID, "game-chombo-box").is_displayed()


def paste_record(page: Any, text: str) -> None:
    box = page.find_element(By.ID, "record-text")
    page.execute_script("arguments[0].value = arguments[1]", box, text)
    press(page, By.ID, "record-replay")


def test_a_pasted_record_is_replayed_into_a_ledger(page: Any, base_url: str) -> None:
    """The hand-written hanchan record (tests/rulesets/riichi/data): nine hands, each
    agreeing with the log. The first: east, the dealer, self-draws 3 han 70
    fu (the fu as tests/rulesets/riichi/test_game_records.py counts them), a
    mangan: 4,000 from each. The end (Tenhou's rules, which the record states:
    results in whole thousands, uma 10-20, oka 20 to the first): east 34,100
    → 34 − 30 + 20 + 20 = +44."""
    open_page(page, f"{base_url}/#r=hongkong&lang=en")
    assert not page.find_element(By.ID, "record-box").is_displayed()
    open_page(page, f"{base_url}/#r=riichi&lang=en")
    press(page, By.CSS_SELECTOR, "#record-box summary")
    paste_record(page, RECORD.read_text(encoding="utf-8"))
    until(page, "return !document.getElementById('record-state').hidden")
    rows = table_rows(page, "record-hands")
    assert len(rows) == 9
    assert rows[0] == ["1", "East 1", "East · 3 han 70 fu", "+12000", "−4000", "−4000", "−4000", "Agrees"]
    assert all(row[-1] == "Agrees" for row in rows)
    assert page.find_element(By.ID, "record-summary").text == "9 hands replayed; every one agrees with the log."
    standings = [item.text for item in page.find_elements(By.CSS_SELECTOR, "#record-standings li")]
    assert standings[0] == "East 34100 (+44)"
    answer = httpx.post(f"{base_url}/v1/riichi/game-records", json={"format": "tenhou6", "record": json.loads(RECORD.read_text())}).json()
    assert [item["seat"] for item in answer["standings"]["standings"]] == ["east", "south", "north", "west"]
    assert len(standings) == 4
    # a league's own uma: 5-10 instead of 10-20 gives east 34 − 30 + 10 + 20 = +34
    press(page, By.CSS_SELECTOR, "#game-rules-box summary")
    set_field(page, "game.uma.0", "5")
    set_field(page, "game.uma.1", "10")
    press(page, By.ID, "record-replay")
    until(page, "return document.querySelector('#record-standings li').textContent === 'East 34100 (+34)'")


def test_a_record_that_is_not_one_is_said_so(make_browser: Any, base_url: str) -> None:
    """Not JSON: the page says so and sends nothing; a JSON object with no
    hand: the service's 400 (the browser logs the 400, so not the `page`
    fixture, which fails on console errors)."""
    page = make_browser()
    open_page(page, f"{base_url}/#r=riichi&lang=en")
    press(page, By.CSS_SELECTOR, "#record-box summary")
    paste_record(page, '{"log": ')
    problem = until(page, "const p = document.getElementById('record-problem'); return !p.hidden && p.textContent")
    assert problem.startswith("The record is none of the three formats")
    # JSON, but no hand in it: the service's 400, said as it says it
    paste_record(page, '{"log": [], "name": ["A", "B", "C", "D"]}')
    problem = until(
        page, "const p = document.getElementById('record-problem'); return p.textContent.includes('#/record/log') && p.textContent"
    )
    assert problem == "The request body is invalid — Expected `array` of length >= 1 (at #/record/log)."
    assert not page.find_element(By.ID, "record-state").is_displayed()


def test_an_mjlog_and_mjai_events_are_told_apart_and_replayed(page: Any, base_url: str) -> None:
    """Pasted with the format left to the page: Tenhou's mjlog XML (three
    players, six hands, every one agreeing; south first with 83,100 as the
    record's `owari` says) and MJAI events as one JSON object a line."""
    open_page(page, f"{base_url}/#r=riichi&lang=en")
    press(page, By.CSS_SELECTOR, "#record-box summary")
    paste_record(page, SANMA.read_text(encoding="utf-8"))
    until(page, "return !document.getElementById('record-state').hidden")
    assert page.find_element(By.ID, "record-summary").text == "6 hands replayed; every one agrees with the log."
    standings = [item.text for item in page.find_elements(By.CSS_SELECTOR, "#record-standings li")]
    assert standings[0].startswith("South 83100")
    game = json.loads(MJAI_GAME.read_text())
    hands = sum(event["type"] == "start_kyoku" for event in game["mjai"])
    lines = "\n".join(json.dumps(event) for event in game["mjai"])
    paste_record(page, lines)
    until(page, f"return document.getElementById('record-summary').textContent.startsWith('{hands} hands')")
    assert page.find_element(By.ID, "record-summary").text == f"{hands} hands replayed; every one agrees with the log."
    assert len(table_rows(page, "record-hands")) == hands


def test_a_record_file_is_opened_and_replayed(page: Any, base_url: str, tmp_path: Path) -> None:
    """A file chosen in the record box (an MJAI array, the format chosen in
    the select) is read and replayed as a paste would be."""
    game = json.loads(MJAI_GAME.read_text())
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game["mjai"]), encoding="utf-8")
    hands = sum(event["type"] == "start_kyoku" for event in game["mjai"])
    open_page(page, f"{base_url}/#r=riichi&lang=en")
    press(page, By.CSS_SELECTOR, "#record-box summary")
    page.execute_script("document.getElementById('record-format').value = 'mjai'")
    page.find_element(By.ID, "record-file").send_keys(str(path))
    until(page, f"return document.getElementById('record-summary').textContent.startsWith('{hands} hands')")
    assert page.find_element(By.ID, "record-summary").text == f"{hands} hands replayed; every one agrees with the log."
