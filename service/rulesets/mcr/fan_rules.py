"""Where this service's MCR count departs from PyMahjongGB's rows, by rule.

* A wait on one tile (邊張, 嵌張, 單釣將). PyMahjongGB reads the wait from
  the hand's shape alone: `4567m` waits on 4m and 7m, so a win on 7m counts
  no single-wait fan, even when the winner holds every other 4m (a pung of
  4m beside it). The rules (中國麻將競賽規則: 邊張/嵌張/單釣將 "只和一張牌")
  and the answer's own `waits`, which leaves out a tile whose four copies
  the hand holds, say it waited on one tile: the fan the winning tile's place
  shows is counted, as the Taiwan counter counts 獨聽. Not with the fan whose
  rules exclude 單釣將 (全求人, 四槓), nor when a wait fan is already there.
* 明暗槓 (5), one melded and one concealed kong: not one of the 81 fan but
  the 《国标麻将规则释义》 reading that PyMahjongGB counts. `mixed_kong_fan:
  false` counts 明槓 1 + 暗槓 2 instead, as the 81-fan list reads.
"""

from __future__ import annotations

from collections.abc import Sequence

from service.core.readings import readings
from service.core.tiles import Hand
from service.rulesets.mcr.fan_table import FAN_BY_CODE, McrFanRow

WAIT_FAN: dict[str, str] = {"pair": "single_wait", "edge": "edge_wait", "closed": "closed_wait"}
"""The winning tile's place → the fan of a one-tile wait."""

WAIT_CODES = frozenset(WAIT_FAN.values())

NO_SINGLE_WAIT = frozenset({"melded_hand", "four_kongs"})
"""Fan whose rules say 不計單釣將 (全求人, 四槓) in a hand of four sets and a pair."""

MIXED_KONG = "concealed_kong_and_melded_kong"
APART_KONGS: tuple[str, ...] = ("concealed_kong", "melded_kong")
"""明暗槓 counted as the 81 fan read it: 暗槓 2 and 明槓 1."""

Counted = list[tuple[McrFanRow, int, int]]
"""(row, points of one, count) in the library's order."""


def by_rule(counted: Counted, hand: Hand, waiting: Sequence[int], *, self_drawn: bool, mixed_kong_fan: bool) -> Counted:
    """The library's rows with the service's rules applied (see the module)."""
    codes = {row.code for row, _, _ in counted}
    if not mixed_kong_fan and MIXED_KONG in codes:
        counted = _kongs_apart(counted)
    if len(waiting) == 1 and codes.isdisjoint(WAIT_CODES):
        code = _one_tile_wait(hand, self_drawn, codes)
        if code is not None:
            row = FAN_BY_CODE[code]
            counted = [*counted, (row, row.fan, 1)]
    return counted


def _kongs_apart(counted: Counted) -> Counted:
    out: Counted = []
    for row, points, count in counted:
        if row.code == MIXED_KONG:
            out += [(FAN_BY_CODE[code], FAN_BY_CODE[code].fan, 1) for code in APART_KONGS]
        else:
            out.append((row, points, count))
    return out


def _one_tile_wait(hand: Hand, self_drawn: bool, codes: set[str]) -> str | None:
    """The wait fan the winning tile's place in a reading of the hand shows
    (the pair, an edge or the middle of a chow); None when no reading puts it
    there or the hand's fan exclude it."""
    for reading in readings(hand, 4, not self_drawn):
        code = WAIT_FAN.get(reading.shape or "")
        if code is None or (code == "single_wait" and not codes.isdisjoint(NO_SINGLE_WAIT)):
            continue
        return code
    return None
