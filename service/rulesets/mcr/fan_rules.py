"""Where this service's MCR count departs from PyMahjongGB's rows, by rule.

* A wait on one tile (邊張, 嵌張, 單釣將). PyMahjongGB reads the wait from
  the hand's shape alone: `4567m` waits on 4m and 7m, so a win on 7m counts
  no single-wait fan, even when the winner holds every other 4m (a pung of
  4m beside it). The rules (中國麻將競賽規則: 邊張/嵌張/單釣將 "只和一張牌")
  and the answer's own `waits`, which leaves out a tile whose four copies
  the hand holds, say it waited on one tile: the fan the winning tile's place
  shows is counted, as the Taiwan counter counts 獨聽. Not with the fan whose
  rules exclude 單釣將 (全求人, 四槓), nor when a wait fan is already there.
  Only when the library scored the hand as four sets and a pair: a hand it
  counted as seven pairs (七對, 連七對), thirteen orphans or a knitted hand
  has no edge or closed wait, and those fan exclude 單釣將 (the wait fan of
  one arrangement is never added to the fan of another). The reading that
  shows the wait is the arrangement the answer shows, and it must be the
  arrangement scored. The library keeps one arrangement of those worth
  most without the wait fan; a reading is scored by giving the library its
  sets as melds (the fan of its shape) with the concealed pungs it holds
  and the rest of the library's answer (門前清, flags, kongs). The reading
  counts when its shape is the library's, or when it ties with it: then its
  own fan are the answer's. `234 66 678 789 999m` won on 6m (all 9m held)
  ties with `234 666 789 789 99m` at 29 and adds 單釣將: 30, with 幺九刻, not
  the 一般高 of the other arrangement.
* 明暗槓 (5), one melded and one concealed kong: not one of the 81 fan but
  the 《国标麻将规则释义》 reading that PyMahjongGB counts. `mixed_kong_fan:
  false` counts 明槓 1 + 暗槓 2 instead, as the 81-fan list reads.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from service.core.readings import Reading, readings
from service.core.tiles import Hand, Split
from service.rulesets.mcr.value_table import FAN_BY_CODE, McrFanRow

WAIT_FAN: dict[str, str] = {"pair": "single_wait", "edge": "edge_wait", "closed": "closed_wait"}
"""The winning tile's place → the fan of a one-tile wait."""

WAIT_CODES = frozenset(WAIT_FAN.values())

NOT_SETS_AND_A_PAIR = frozenset(
    {
        "seven_pairs",
        "seven_shifted_pairs",
        "thirteen_orphans",
        "greater_honors_and_knitted_tiles",
        "lesser_honors_and_knitted_tiles",
        "knitted_straight",
    }
)
"""Fan of a hand the library read as something other than four plain sets and
a pair: no wait fan is read from a reading of sets (the 七對 rule 不計單釣將,
and no edge or closed wait in pairs or knitted tiles)."""
PAIRS_SHAPES = frozenset({"seven_pairs", "seven_shifted_pairs"})

NO_SINGLE_WAIT = frozenset({"melded_hand", "four_kongs"})
"""Fan whose rules say 不計單釣將 (全求人, 四槓) in a hand of four sets and a pair."""

MIXED_KONG = "concealed_kong_and_melded_kong"
APART_KONGS: tuple[str, ...] = ("concealed_kong", "melded_kong")
"""明暗槓 counted as the 81 fan read it: 暗槓 2 and 明槓 1."""

Counted = list[tuple[McrFanRow, int, int]]
"""(row, points of one, count) in the library's order."""


def by_rule(
    counted: Counted,
    hand: Hand,
    waiting: Sequence[int],
    *,
    self_drawn: bool,
    mixed_kong_fan: bool,
    scored: Callable[[Reading], Counted | None] | None = None,
) -> tuple[Counted, Split | None]:
    """The library's rows with the service's rules applied (see the module),
    and the split whose reading shows an added wait fan (None when none was
    added). ``scored`` gives a reading's own rows when it is worth as much as
    the library's answer (the arrangement it scored, or one it tied with),
    else None; without it every reading is the library's."""
    codes = {row.code for row, _, _ in counted}
    split: Split | None = None
    if len(waiting) == 1 and codes.isdisjoint(WAIT_CODES) and codes.isdisjoint(NOT_SETS_AND_A_PAIR):
        found = _one_tile_wait(hand, self_drawn, codes, scored or (lambda _: counted))
        if found is not None:
            code, split, counted = found
            row = FAN_BY_CODE[code]
            counted = [*counted, (row, row.fan, 1)]
    if not mixed_kong_fan and MIXED_KONG in {row.code for row, _, _ in counted}:
        counted = _kongs_apart(counted)
    return counted, split


def _kongs_apart(counted: Counted) -> Counted:
    out: Counted = []
    for row, points, count in counted:
        if row.code == MIXED_KONG:
            out += [(FAN_BY_CODE[code], FAN_BY_CODE[code].fan, 1) for code in APART_KONGS]
        else:
            out.append((row, points, count))
    return out


def _one_tile_wait(
    hand: Hand, self_drawn: bool, codes: set[str], scored: Callable[[Reading], Counted | None]
) -> tuple[str, Split | None, Counted] | None:
    """The wait fan the winning tile's place in a reading of the hand shows
    (the pair, an edge or the middle of a chow), with that reading's split and
    rows; None when no reading worth the library's answer puts it there or
    the hand's fan exclude it."""
    for reading in readings(hand, 4, not self_drawn):
        code = WAIT_FAN.get(reading.shape or "")
        if code is None or (code == "single_wait" and not codes.isdisjoint(NO_SINGLE_WAIT)):
            continue
        rows = scored(reading)
        if rows is not None:
            return code, reading.split, rows
    return None
