"""`waits` agrees with `splits`: a wait is a tile that makes a split."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from service.core.tiles import splits, waits


@given(st.lists(st.sampled_from([0, 0, 0, 1, 2, 3]), min_size=34, max_size=34))
def test_waits_are_the_tiles_that_make_a_split(counts: list[int]) -> None:
    sets = (sum(counts) - 1) // 3
    expected = []
    for tile in range(34):
        if counts[tile] < 4:
            counts[tile] += 1
            if splits(counts, sets):
                expected.append(tile)
            counts[tile] -= 1
    assert waits(counts, sets) == expected


def test_nine_gates_waits_on_every_tile() -> None:
    counts = [0] * 34
    for tile, count in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)):
        counts[tile] = count
    assert waits(counts, 4) == list(range(9))
