"""The shared tile model: notation, hand checks, splits and waits. Expected
values are worked by hand from the notation's definition (the contract's
"Tiles" section) and ordinary mahjong hand reading."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.core.errors import RuleViolation
from service.core.readings import readings
from service.core.tiles import Split, Tiles, format_tiles, parse_tiles, read_hand, splits, tile_text, waits


def T(text: str) -> list[int]:
    return [read.tile for read in parse_tiles(text, "t", True)]


def counts_of(text: str) -> list[int]:
    counts = [0] * 34
    for tile in T(text):
        counts[tile] += 1
    return counts


def test_notation_reads_suits_in_order() -> None:
    assert T("123m") == [0, 1, 2]
    assert T("9p") == [17]
    assert T("1s") == [18]
    assert T("1234567z") == [27, 28, 29, 30, 31, 32, 33]
    assert [(r.tile, r.red) for r in parse_tiles("0p", "t", True)] == [(13, True)]


@pytest.mark.parametrize(
    ("text", "position"),
    [("12x3m", 3), ("123", 1), ("m", 1), ("8z", 1), ("11z9z", 4), ("12m ", 4), ("１m", 1)],
)
def test_unreadable_notation_names_the_first_bad_character(text: str, position: int) -> None:
    with pytest.raises(ValueError, match=f"character {position}"):
        parse_tiles(text, "concealed", False)


def test_a_red_five_only_where_the_ruleset_has_them() -> None:
    with pytest.raises(ValueError, match="red five"):
        parse_tiles("340m", "concealed", False)


def test_formatting_round_trips() -> None:
    assert format_tiles(T("1122z789s456p123m")) == "123m456p789s1122z"
    assert tile_text(4) == "5m" and tile_text(33) == "7z"


def test_the_struct_reports_notation_as_a_decoding_error_at_its_field() -> None:
    class Body(msgspec.Struct):
        tiles: Tiles

    with pytest.raises(msgspec.ValidationError, match=r"character 3 of field `concealed`.* - at `\$\.tiles`"):
        msgspec.convert({"tiles": {"concealed": "12q", "win_tile": "1m"}}, Body)


def test_splits_of_a_pure_straight_with_pair() -> None:
    # 123456789m 11p + 123s: one reading
    assert splits(counts_of("123456789m123s11p"), 4) == [Split(9, (("chow", 0), ("chow", 3), ("chow", 6), ("chow", 18)))]


def test_three_identical_chows_read_two_ways() -> None:
    # 111222333m: three pungs or three chows; with 456p and 99s pair
    found = splits(counts_of("111222333m456p99s"), 4)
    assert {s.sets for s in found} == {
        (("pung", 0), ("pung", 1), ("pung", 2), ("chow", 12)),
        (("chow", 0), ("chow", 0), ("chow", 0), ("chow", 12)),
    }


def test_not_a_hand() -> None:
    assert splits(counts_of("1358m456p789s1122z"), 4) == []


def test_nine_gates_waits_on_all_nine() -> None:
    # 1112345678999m waits on every character tile
    assert waits(counts_of("1112345678999m"), 4) == list(range(9))


def test_a_fully_held_tile_is_not_a_wait() -> None:
    # four sets and a single east: only the east completes it (單吊)
    before = counts_of("234m678p345s789s1z")
    assert [tile_text(t) for t in waits(before, 4)] == ["1z"]
    held = list(before)
    held[27] = 4
    assert waits(before, 4, held) == []


def test_wait_shapes() -> None:
    """Where the winning tile sits (the readings Hong Kong and Taiwan score):
    123m 111p 456p 789s with a pair of 1z, one split, won on each tile in turn."""

    def shapes(win_tile: str) -> list[str | None]:
        hand = read_hand(Tiles(concealed="123m111p456p789s11z", win_tile=win_tile), 4)
        return [reading.shape for reading in readings(hand, 4, won_on_discard=False)]

    assert shapes("1m") == ["two_sided"]  # 1m in 123m: the 4m completes it too
    assert shapes("3m") == ["edge"]  # 3m in 123m: 12m waits only on 3
    assert shapes("5p") == ["closed"]  # 5p in 456p: nothing else
    assert shapes("7s") == ["edge"]  # 7s in 789s: 89s waits only on 7
    assert shapes("9s") == ["two_sided"]  # 9s in 789s: 78s waits on 6 and 9
    assert shapes("1z") == ["pair"]
    assert shapes("1p") == ["pung"]


def hand(concealed: str, win: str, melds: list[dict[str, object]] | None = None) -> Tiles:
    return msgspec.convert({"concealed": concealed, "win_tile": win, "melds": melds or []}, Tiles)


def test_read_hand_counts_melds() -> None:
    read = read_hand(
        hand("123m456p11z", "1m", [{"kind": "pung", "tiles": "777z"}, {"kind": "kong", "tiles": "5555s", "concealed": True}]), 4
    )
    assert read.win_tile == 0 and read.open and len(read.melds) == 2
    assert sum(read.all_counts) == 15


@pytest.mark.parametrize(
    ("concealed", "win", "melds", "pointer", "words"),
    [
        ("11111m456p789s11z", "1m", [], "/tiles/concealed", "More than four `1m`"),
        ("123m456p789s11z", "1m", [], "/tiles/concealed", "needs 14 concealed tiles, not 11"),
        ("123m456p789s123s11z", "9m", [], "/tiles/win_tile", "not among"),
        ("123m456p789s11z", "1m", [{"kind": "chow", "tiles": "135m"}], "/tiles/melds/0/tiles", "is not a chow"),
        ("123m456p789s11z", "1m", [{"kind": "pung", "tiles": "555m", "concealed": True}], "/tiles/melds/0/concealed", "Only a kong"),
        ("123m456p789s11z", "1m", [{"kind": "chow", "tiles": "123z"}], "/tiles/melds/0/tiles", "is not a chow"),
    ],
)
def test_impossible_hands_are_422_naming_why(concealed: str, win: str, melds: list[dict[str, object]], pointer: str, words: str) -> None:
    with pytest.raises(RuleViolation) as caught:
        read_hand(hand(concealed, win, melds), 4)
    assert any(p.pointer == pointer and words in p.detail for p in caught.value.problems), caught.value.problems


class RedTiles(Tiles):
    RED_FIVES = True


def test_two_red_fives_of_a_suit_do_not_exist() -> None:
    tiles = msgspec.convert({"concealed": "0m0m5m456p789s11z123s", "win_tile": "1z"}, RedTiles)
    with pytest.raises(RuleViolation, match="Only one red five"):
        read_hand(tiles, 4)


@st.composite
def complete_hands(draw: st.DrawFn) -> list[int]:
    counts = [0] * 34
    pair = draw(st.integers(0, 33))
    counts[pair] += 2
    for _ in range(4):
        if draw(st.booleans()):
            tile = draw(st.integers(0, 33))
            counts[tile] += 3
        else:
            suit, start = draw(st.integers(0, 2)), draw(st.integers(0, 6))
            for step in range(3):
                counts[suit * 9 + start + step] += 1
    return counts


@given(complete_hands())
def test_every_built_hand_has_a_split_and_none_without_a_tile(counts: list[int]) -> None:
    assert splits(counts, 4)
    tile = next(t for t, c in enumerate(counts) if c)
    counts[tile] -= 1
    assert splits(counts, 4) == []
    # the tile taken out is one of the waits
    assert tile in waits(counts, 4, [min(c, 3) for c in counts])


# A robbed kong's tile is its fourth: the robbed player's pung holds the
# other three. Every ruleset from tiles refuses a winner holding another.
ROBBED = {
    # 345p and 55p hold two more 5p besides the one robbed: six 5p in all
    "hongkong": ("234m567m345p678s55p", "234m567m345p99p678s"),
    "riichi": ("234m567m345p678s55p", "234m567m345p99p678s"),
    "mcr": ("234m567m345p678s55p", "234m567m345p99p678s"),
    "taiwan": ("234m567m345p678s55p123m", "234m567m345p99p123678s"),
}


@pytest.mark.parametrize("ruleset", sorted(ROBBED))
def test_robbing_a_kong_of_a_tile_the_hand_holds_again_is_422(ruleset: str, client: Any) -> None:
    held_again, held_once = ROBBED[ruleset]
    body = {"winner": "south", "win": {"type": "discard", "discarder": "west"}}
    refused = client.post(f"/v1/{ruleset}/hands", json={**body, "tiles": {"concealed": held_again, "win_tile": "5p", "robbing_kong": True}})
    assert refused.status_code == 422, refused.text
    assert refused.json()["errors"] == [
        {
            "detail": "A robbed kong's tile is the fourth `5p`: the robbed pung holds the other three, so the hand can hold no other",
            "code": "robbed_tile_held",
            "pointer": "#/tiles/robbing_kong",
        }
    ]
    # 34p waiting on 2p or 5p, the 5p robbed: the one 5p in hand is the robbed one
    robbed = client.post(f"/v1/{ruleset}/hands", json={**body, "tiles": {"concealed": held_once, "win_tile": "5p", "robbing_kong": True}})
    assert robbed.status_code == 200, robbed.text
    # the same hand won on a plain discard is a hand too
    plain = client.post(f"/v1/{ruleset}/hands", json={**body, "tiles": {"concealed": held_again, "win_tile": "5p"}})
    assert plain.status_code == 200, plain.text


@pytest.mark.parametrize(("ruleset", "concealed"), [("hongkong", "234m567m345p99p678s"), ("taiwan", "234m567m345p99p123678s")])
def test_a_first_turn_win_is_not_on_the_last_tile(ruleset: str, concealed: str, client: Any) -> None:
    """The dealer's 天胡 is the first draw of a full wall, never its last
    tile: both flags together are a 422 at `last_tile` (riichi says the same
    in its own words; MCR has no blessing)."""
    body = {"winner": "east", "win": {"type": "self_draw"}, "tiles": {"concealed": concealed, "win_tile": "5p", "blessing": True}}
    assert client.post(f"/v1/{ruleset}/hands", json=body).status_code == 200
    refused = client.post(f"/v1/{ruleset}/hands", json={**body, "tiles": {**body["tiles"], "last_tile": True}})
    assert refused.status_code == 422, refused.text
    assert refused.json()["errors"] == [
        {
            "detail": "A first-turn win (`blessing`) cannot be on the wall's last tile (`last_tile`)",
            "code": "blessing_last_tile",
            "pointer": "#/tiles/last_tile",
        }
    ]


KONG_HANDS = {
    "hongkong": "234m567m345p99p",
    "riichi": "234m567m345p99p",
    "mcr": "234m567m345p99p",
    "taiwan": "234m567m345p99p123s",
}


@pytest.mark.parametrize("ruleset", sorted(KONG_HANDS))
def test_the_kong_flags_are_checked_alike_in_every_ruleset(ruleset: str, client: Any) -> None:
    """A win on a kong's replacement tile (`after_kong`) is a self-draw with
    a kong among the melds. Without the kong, MCR used to drop the flag
    without a word; every ruleset now says so at the flag, and a discard is
    named at the flag and at the win."""
    kong = [{"kind": "kong", "tiles": "7777z", "concealed": True}]
    tiles = {"concealed": KONG_HANDS[ruleset], "win_tile": "5p", "after_kong": True}
    won = client.post(f"/v1/{ruleset}/hands", json={"winner": "south", "win": {"type": "self_draw"}, "tiles": {**tiles, "melds": kong}})
    assert won.status_code == 200, won.text
    no_kong = client.post(
        f"/v1/{ruleset}/hands",
        json={"winner": "south", "win": {"type": "self_draw"}, "tiles": {**tiles, "concealed": tiles["concealed"] + "777z"}},
    )
    assert no_kong.status_code == 422, no_kong.text
    assert no_kong.json()["errors"] == [
        {"detail": "`after_kong` needs a kong among the melds", "code": "no_kong", "pointer": "#/tiles/after_kong"}
    ]
    discard = {"type": "discard", "discarder": "west"}
    on_discard = client.post(f"/v1/{ruleset}/hands", json={"winner": "south", "win": discard, "tiles": {**tiles, "melds": kong}})
    assert on_discard.status_code == 422, on_discard.text
    assert {error["pointer"] for error in on_discard.json()["errors"]} == {"#/tiles/after_kong", "#/win/type"}
