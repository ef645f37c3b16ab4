"""Hong Kong's and Taiwan's waits (`service.core.readings.complete_waits`)
are the shared waits plus thirteen orphans', worked by hand."""

from __future__ import annotations

from service.core.readings import complete_waits
from service.core.tiles import TILE_KINDS, parse_tiles

ORPHANS_TEXT = "19m19p19s1234567z"


def counts_of(text: str) -> list[int]:
    counts = [0] * TILE_KINDS
    for read in parse_tiles(text, "concealed", False):
        counts[read.tile] += 1
    return counts


def tiles_of(text: str) -> list[int]:
    return sorted({read.tile for read in parse_tiles(text, "concealed", False)})


def test_all_thirteen_held_wait_on_every_one_of_them() -> None:
    counts = counts_of(ORPHANS_TEXT)
    assert complete_waits(counts, 4, counts, thirteen_orphans=True) == tiles_of(ORPHANS_TEXT)


def test_twelve_held_one_twice_wait_on_the_missing_one() -> None:
    counts = counts_of("119m19p19s123456z")  # no red dragon (7z); the 1m is the pair
    assert complete_waits(counts, 4, counts, thirteen_orphans=True) == tiles_of("7z")


def test_without_the_flag_thirteen_orphans_have_no_wait() -> None:
    counts = counts_of(ORPHANS_TEXT)
    assert complete_waits(counts, 4, counts) == []


def test_a_missing_orphan_held_four_times_elsewhere_is_no_wait() -> None:
    counts = counts_of("119m19p19s123456z")
    held = list(counts)
    held[counts_of("7z").index(1)] = 4  # as a caller says of a tile the hand already holds four of: no wait
    assert complete_waits(counts, 4, held, thirteen_orphans=True) == []


def test_nine_gates_wait_on_all_nine_with_the_flag_or_without() -> None:
    counts = counts_of("1112345678999m")  # 九蓮寶燈: any man tile completes it
    assert complete_waits(counts, 4, counts, thirteen_orphans=True) == tiles_of("123456789m")
    assert complete_waits(counts, 4, counts) == tiles_of("123456789m")
