"""What a new user meets in the first minutes: a 400 for a value outside a
field's choices says what the field takes (in the problem's `detail`; each
`errors` entry keeps msgspec's own sentence), and `python -m service --help`
prints the settings instead of starting."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.server import ROOT

SELF_DRAW = {"type": "self_draw"}
SEATS = "Allowed: `east`, `south`, `west`, `north`."
WIN_TYPES = "A tsumo is `self_draw`; a ron is `discard`, with the `discarder`."


@pytest.mark.parametrize(
    ("path", "body", "detail"),
    [
        ("/v1/hongkong/settlements", {"winner": "East", "win": SELF_DRAW, "fan": 3}, f"Invalid enum value 'East' (at #/winner). {SEATS}"),
        ("/v1/riichi/draws", {"tenpai": ["East"]}, f"Invalid enum value 'East' (at #/tenpai/0). {SEATS}"),
        (
            "/v1/hongkong/settlements",
            {"winner": "east", "win": SELF_DRAW, "fan": 3, "rules": {"table": "spicy"}},
            "Invalid enum value 'spicy' (at #/rules/table). Allowed: `full_spicy`, `half_spicy`.",
        ),
        # CONTRACT.md: fu is 20, 25, 30, 40 … 130
        (
            "/v1/riichi/settlements",
            {"winner": "east", "win": SELF_DRAW, "han": 3, "fu": 35},
            "Invalid enum value 35 (at #/fu). Allowed: `20`, `25`, `30`, `40`, `50`, `60`, `70`, `80`, `90`, `100`, `110`, `120`, `130`.",
        ),
        (
            "/v1/hongkong/settlements",
            {"winner": "east", "win": {"type": "tsumo"}, "fan": 3},
            f"Invalid value 'tsumo' (at #/win/type). {WIN_TYPES}",
        ),
        (
            "/v1/mcr/settlements",
            {"winner": "east", "win": {"type": "ron", "discarder": "south"}, "fan": 8},
            f"Invalid value 'ron' (at #/win/type). {WIN_TYPES}",
        ),
        (
            "/v1/hongkong/games",
            {"hands": [{"winner": "east", "win": {"type": "tsumo"}, "fan": 3}]},
            f"Invalid value 'tsumo' (at #/hands/0/win/type). {WIN_TYPES}",
        ),
        (
            "/v1/settlements",
            {"ruleset": "hk", "winner": "east", "win": SELF_DRAW, "fan": 3},
            "Invalid value 'hk' (at #/ruleset). Allowed: `hongkong`, `riichi`, `mcr`, `nmjl`, `taiwan`.",
        ),
        # any other 400 is worded as before
        ("/v1/hongkong/settlements", {"winner": "east", "win": SELF_DRAW, "fan": "3"}, "Expected `int`, got `str` (at #/fan)."),
    ],
)
def test_a_bad_choice_says_what_the_field_takes(client, path, body, detail) -> None:
    response = client.post(path, json=body)
    assert response.status_code == 400
    problem = response.json()
    assert problem["detail"] == detail
    # each entry of `errors` is msgspec's sentence alone, as before
    assert [error["detail"] for error in problem["errors"]] == [detail.split(" (at ")[0]]


def test_a_bad_choice_in_a_batch_item_says_it_in_the_items_problem(client) -> None:
    body = {"items": [{"ruleset": "hongkong", "winner": "x", "win": SELF_DRAW, "fan": 3}]}
    entry = client.post("/v1/settlements/batch", json=body).json()["results"][0]
    assert entry["status"] == 400
    assert entry["problem"]["detail"] == f"Invalid enum value 'x' (at #/items/0/winner). {SEATS}"


@pytest.mark.parametrize(
    ("language", "hint"),
    [
        ("zh-Hant", "可以用：`east`, `south`, `west`, `north`。"),
        ("zh-Hans", "允许的值：`east`, `south`, `west`, `north`。"),
        ("ja", "使える値：`east`, `south`, `west`, `north`。"),
    ],
)
def test_the_hint_follows_accept_language(client, language, hint) -> None:
    body = {"winner": "East", "win": SELF_DRAW, "fan": 3}
    response = client.post("/v1/hongkong/settlements", json=body, headers={"Accept-Language": language})
    assert response.json()["detail"].endswith(hint)


def test_help_prints_the_settings_and_exits() -> None:
    done = subprocess.run([sys.executable, "-m", "service", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0
    assert done.stdout.startswith("usage: python -m service")
    for variable in ("MAHJONG_HOST", "MAHJONG_PORT", "MAHJONG_WORKERS", "MAHJONG_MAX_BODY_BYTES"):
        assert variable in done.stdout
    assert "  MAHJONG_PORT (default: 8000)\n      TCP port" in done.stdout
