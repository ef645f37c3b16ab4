"""Riichi dora from the tiles: the tile each indicator points at, the dora,
red fives, ura dora (after riichi only) and norths set aside a hand holds,
and the tiles the wall cannot hold (a fifth copy between the hand, the
indicators and the norths; a second red five; at a three-player table 2m–8m
and chows).

Sources: the Wikibooks extract (懸賞牌, 赤紅5懸賞牌 and 裏懸賞牌, counted after
the hand has a yaku), the riichi scoring article (三人麻雀: no 2m–8m, 拔北 as
dora; the indicator 1m points at 9m).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from service.core.errors import FieldProblem, RuleViolation, field_problem, template
from service.core.tiles import DRAGONS, HONOURS, NORTH, WINDS, Hand, RedMeld, parse_tiles, tile_text
from service.rulesets.riichi.hand.yaku_checks import NO_RED_FIVES
from service.rulesets.riichi.yaku_rules import YakuOptions

MAX_INDICATORS = 5
"""Dora indicators: one, plus one per kan (four at most)."""

NOT_IN_SANMA_WALL = template("`{tile}` is not in a three-player game: its wall has no 2m–8m")
NO_CHOW_IN_SANMA = template("A three-player game has no chow (チー)")
SANMA_MISSING = range(1, 8)
"""2m–8m, the tiles a three-player wall leaves out (三人麻雀)."""
TOO_MANY_INDICATORS = template("At most {limit} indicators are shown, not {count}")
TOO_MANY_SEEN = template("More than four `{tile}` between the hand, the indicators and the norths set aside")
RED_SEEN_TWICE = template("Only one red five `0{suit}` exists between the hand and the indicators")


class ShownTiles(Protocol):
    """What the dora count reads of a hand from its tiles (a riichi hand's `tiles`)."""

    @property
    def concealed(self) -> str: ...
    @property
    def melds(self) -> Sequence[RedMeld]: ...
    @property
    def dora_indicators(self) -> str: ...
    @property
    def ura_dora_indicators(self) -> str: ...
    @property
    def nukidora(self) -> int: ...
    @property
    def riichi(self) -> bool: ...
    @property
    def double_riichi(self) -> bool: ...


def dora_of(indicator: int, players: int) -> int:
    """The tile an indicator points at: the next number (9 → 1), the next
    wind (north → east), the next dragon (red → white); three players: 1m
    points at 9m (2m–8m are not in the wall)."""
    if indicator >= HONOURS:
        group = WINDS if indicator in WINDS else DRAGONS
        return group[(group.index(indicator) + 1) % len(group)]
    if players == 3 and indicator == 0:
        return 8
    return indicator - indicator % 9 + (indicator % 9 + 1) % 9


@dataclass(frozen=True, slots=True)
class Bonus:
    dora: int
    aka_dora: int
    ura_dora: int
    nuki_dora: int


def _indicators(text: str, pointer: str) -> list[tuple[int, bool]]:
    read = parse_tiles(text, pointer.rsplit("/", 1)[-1], True)
    if len(read) > MAX_INDICATORS:
        raise RuleViolation(field_problem(pointer, TOO_MANY_INDICATORS, limit=MAX_INDICATORS, count=len(read)))
    return [(tile.tile, tile.red) for tile in read]


def _three_player_problems(hand: Hand, dora: list[tuple[int, bool]], ura: list[tuple[int, bool]]) -> list[FieldProblem]:
    """A three-player game's wall has no 2m–8m, and nobody calls a chow: a
    hand or an indicator holding one cannot be."""
    problems: list[FieldProblem] = []
    for tile in SANMA_MISSING:
        if hand.counts[tile]:
            problems.append(field_problem("/tiles/concealed", NOT_IN_SANMA_WALL, tile=tile_text(tile)))
    for index, meld in enumerate(hand.melds):
        if meld.kind == "chow":
            problems.append(FieldProblem(f"/tiles/melds/{index}/kind", NO_CHOW_IN_SANMA))
        elif meld.first in SANMA_MISSING:
            problems.append(field_problem(f"/tiles/melds/{index}/tiles", NOT_IN_SANMA_WALL, tile=tile_text(meld.first)))
    for where, shown in (("dora_indicators", dora), ("ura_dora_indicators", ura)):
        for tile, _ in shown:
            if tile in SANMA_MISSING:
                problems.append(field_problem(f"/tiles/{where}", NOT_IN_SANMA_WALL, tile=tile_text(tile)))
    return problems


def _seen_problems(tiles: ShownTiles, hand: Hand, dora: list[tuple[int, bool]], ura: list[tuple[int, bool]]) -> list[FieldProblem]:
    """Tiles shown more often than the wall holds them: a fifth copy between
    the hand, the indicators and the norths set aside, a second red five."""
    problems: list[FieldProblem] = []
    seen = hand.all_counts
    reds = {suit: 0 for suit in range(3)}
    for read in parse_tiles(tiles.concealed, "concealed", True) + [t for m in tiles.melds for t in parse_tiles(m.tiles, "tiles", True)]:
        if read.red:
            reds[read.tile // 9] += 1
    for where, shown in (("dora_indicators", dora), ("ura_dora_indicators", ura)):
        for tile, is_red in shown:
            seen[tile] += 1
            if is_red:
                reds[tile // 9] += 1
                if reds[tile // 9] > 1:
                    problems.append(field_problem(f"/tiles/{where}", RED_SEEN_TWICE, suit="mps"[tile // 9]))
    seen[NORTH] += tiles.nukidora
    for kind, count in enumerate(seen):
        if count > 4:
            problems.append(field_problem("/tiles/concealed", TOO_MANY_SEEN, tile=tile_text(kind)))
    return problems


def _dora_hits(held: list[int], indicators: list[tuple[int, bool]], nukidora: int, players: int) -> int:
    """The dora the held tiles hit for these indicators, each north set
    aside one more where an indicator points at north."""
    hits = sum(held[dora_of(tile, players)] for tile, _ in indicators)
    return hits + nukidora * sum(1 for tile, _ in indicators if dora_of(tile, players) == NORTH)


def count_bonus(tiles: ShownTiles, hand: Hand, players: int) -> tuple[Bonus, list[int], list[int]]:
    """The dora, red fives, ura dora (riichi only) and norths of a hand, with
    the dora and ura indicators read; refuses tiles the wall cannot hold."""
    dora = _indicators(tiles.dora_indicators, "/tiles/dora_indicators")
    ura = _indicators(tiles.ura_dora_indicators, "/tiles/ura_dora_indicators")
    red = hand.red_fives + sum(meld.red for meld in hand.melds)
    problems: list[FieldProblem] = [] if players == 4 else _three_player_problems(hand, dora, ura)
    problems += _seen_problems(tiles, hand, dora, ura)
    if problems:
        raise RuleViolation(*problems)
    held = hand.all_counts
    dora_count = _dora_hits(held, dora, tiles.nukidora, players)
    ura_count = _dora_hits(held, ura, tiles.nukidora, players) if tiles.riichi or tiles.double_riichi else 0
    bonus = Bonus(dora=dora_count, aka_dora=red, ura_dora=ura_count, nuki_dora=tiles.nukidora)
    return bonus, [t for t, _ in dora], [t for t, _ in ura]


def check_red_fives(bonus: Bonus, options: YakuOptions) -> None:
    """Red fives in the tiles at a table without them (`red_fives` false)."""
    if bonus.aka_dora and options.red_fives is False:
        raise RuleViolation(field_problem("/tiles/concealed", NO_RED_FIVES, option="yaku_options/red_fives"))
