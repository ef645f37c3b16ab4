"""The table of complete suit vectors (`_suit_table`) that `_group` reads
agrees with the search it replaced (`_searched_group`, kept as the
reference and for groups larger than the table)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from service.core.tiles import HONOURS, _group, _searched_group, _suit_complete, _suit_table, code


def counts_of(key: int, ranks: int) -> tuple[int, ...]:
    return tuple(key >> 3 * rank & 7 for rank in range(ranks))


def test_code_puts_each_count_in_its_octal_digit() -> None:
    assert code((1, 1, 1, 0, 0, 0, 0, 0, 2)) == 0o200000111
    assert code((0,) * 9) == 0


def test_the_honours_table_by_hand() -> None:
    # sets only: up to four pungs of seven kinds, C(7,0) + … + C(7,4) = 1 + 7 + 21 + 35 + 35
    # with a pair: k pungs and a pair of one of the 7 − k other kinds,
    # 1·7 + 7·6 + 21·5 + 35·4 + 35·3
    table = _suit_table(HONOURS)
    assert len(table.sets) == 99
    assert len(table.paired) == 7 + 42 + 105 + 140 + 105 == 399


def test_every_suit_vector_of_the_table_reads_complete() -> None:
    table = _suit_table(0)
    for key, readings in table.sets.items():
        counts = counts_of(key, 9)
        assert max(counts) <= 4 and sum(counts) <= 12
        assert readings and _suit_complete(counts, False)
    for key in table.paired:
        counts = counts_of(key, 9)
        assert max(counts) <= 4 and sum(counts) <= 14
        assert _suit_complete(counts, True)


@st.composite
def suit_counts(draw: st.DrawFn) -> tuple[int, ...]:
    """Nine counts (at most four each) built from sets and maybe a pair, then
    maybe a tile taken out or put in: complete groups and the groups one
    tile from complete, where the readings and waits are."""
    counts = [0] * 9
    for _ in range(draw(st.integers(0, 5))):
        rank = draw(st.integers(0, 8))
        if draw(st.booleans()):
            counts[rank] += 3
        elif rank <= 6:
            for step in range(3):
                counts[rank + step] += 1
    if draw(st.booleans()):
        counts[draw(st.integers(0, 8))] += 2
    change = draw(st.sampled_from((0, 1, -1)))
    rank = draw(st.integers(0, 8))
    if change == 1 or counts[rank]:
        counts[rank] += change
    return tuple(min(count, 4) for count in counts)


@given(suit_counts(), st.sampled_from((0, 9, 18)))
def test_table_reading_agrees_with_the_search(counts: tuple[int, ...], start: int) -> None:
    assert _group.__wrapped__(counts, start) == _searched_group(counts, start)


@given(st.lists(st.integers(0, 4), min_size=9, max_size=9), st.sampled_from((0, 9, 18)))
def test_table_reading_agrees_with_the_search_on_any_counts(counts: list[int], start: int) -> None:
    assert _group.__wrapped__(tuple(counts), start) == _searched_group(tuple(counts), start)


@given(st.lists(st.sampled_from((0, 0, 1, 2, 3, 4)), min_size=7, max_size=7))
def test_honours_table_agrees_with_the_search(counts: list[int]) -> None:
    assert _group.__wrapped__(tuple(counts), HONOURS) == _searched_group(tuple(counts), HONOURS)
