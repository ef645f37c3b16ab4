"""Hong Kong fan from the tiles themselves.

The evaluator *detects* which rows of the Hong Kong fan sheet's fan sheet a hand has and
*counts* them with :func:`service.rulesets.hongkong.patterns.tally_fan`, the same
counter behind `POST /v1/hongkong/fan`: the list of patterns it builds is the
list a client would post, so the value and `items` come from one place.

A hand is four sets and a pair (14 tiles, one more per kong) or 十三么; 八仙過海
(all eight bonus tiles) wins whatever the tiles, counted as a self-draw, and
on a discard the eighth was robbed: 七搶一, a limit hand paid by the player
robbed (the Wikibooks extract: 香港牌當例牌食糊。出第8隻花嘅玩家包晒).
Every reading of the tiles (split, and the set the winning tile completed)
is scored and the one worth most is taken (the Hong Kong fan sheet: 一副牌按最高番的拆法計).
Tie-break: among readings worth the same fan, the first in the order of
:func:`service.core.readings.readings` (pairs from the lowest tile; pungs
before chows; the winning tile in the pair, then in each set in tile order);
十三么 comes after every split.

What the tiles cannot show comes from the request: `win` (self-draw or a
discard), the dealer (who sits east, so the seat wind), `round_wind`, the
flags `last_tile`, `after_kong`, `after_flower`, `robbing_kong` and
`blessing`, and the bonus tiles in `flowers` (正花 by the seat wind's number).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

import msgspec

from service.core.errors import FieldProblem, RuleViolation, template
from service.core.readings import (
    Reading,
    flag_problems,
    hand_waits,
    is_thirteen_orphans,
    readings,
    seat_wind,
    shown,
    suits_and_honours,
    terminal_or_honour,
)
from service.core.seats import Seat
from service.core.settlement import Discard, SelfDraw, Win
from service.core.tiles import (
    DRAGONS,
    WIND_OF_SEAT,
    WINDS,
    Arranged,
    Flower,
    Hand,
    Tiles,
    format_tiles,
    read_hand,
)
from service.rulesets.hongkong.patterns import EightImmortals, FanCode, FanCount, PatternEntry, tally_fan

SETS = 4
"""The Hong Kong fan sheet: 食胡：四组牌＋一对眼."""

HAND_ONLY: frozenset[str] = frozenset({"concealed", "heavenly_hand", "earthly_hand"})
"""Rows of the shared context that need the tiles to be a winning hand."""

NOT_COMPLETE = template("The tiles are not a complete hand: four sets and a pair, or thirteen orphans")
BLESSING_DEALER = template("The dealer's blessing (天胡) is a self-draw with the dealt tiles, no melds")
BLESSING_OTHER = template("A non-dealer's blessing (地胡) is a win on the dealer's first discard, with no melds")


class HongKongTiles(Tiles, kw_only=True):
    """A Hong Kong hand: the shared tile fields, the bonus tiles and the
    flower-replacement flag."""

    flowers: Annotated[
        list[Flower],
        msgspec.Meta(
            max_length=8,
            description="Bonus tiles: `f1`–`f4` 梅蘭菊竹, `s1`–`s4` 春夏秋冬; number n is the seat wind n counted from east (the dealer is east). Eight: 八仙過海 when self-drawn, 七搶一 on a discard (the discarder gave up the eighth and pays all).",
        ),
    ] = []
    after_flower: Annotated[bool, msgspec.Meta(description="Won on the replacement tile drawn for a bonus tile (花上自摸).")] = False


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The reading worth most: its count (value and items), how it is shown,
    the waits and the winner's seat wind."""

    count: FanCount
    arrangement: list[Arranged]
    waits: str
    seat_wind: Seat


def evaluate_tiles(
    tiles: HongKongTiles,
    *,
    winner: Seat,
    dealer: Seat,
    win: Win,
    fan_cap: int,
    eight_immortals: EightImmortals,
    round_flower: bool = False,
    pointer: str = "/tiles",
) -> Evaluation:
    """Read the tiles, score every reading, keep the one worth most."""
    hand = read_hand(tiles, SETS, pointer)
    self_drawn = isinstance(win, SelfDraw)
    _check_context(tiles, hand, winner, dealer, win, pointer)
    wind = seat_wind(winner, dealer)
    flowers: set[str] = set(tiles.flowers)
    context = _context_patterns(tiles, hand, wind, winner, dealer, win, flowers) + _round_flowers(tiles, wind, flowers, round_flower)

    cache: dict[tuple[tuple[str, int], ...], FanCount] = {}
    best: tuple[FanCount, Reading | None] | None = None

    def score(patterns: list[PatternEntry]) -> FanCount:
        key = tuple((entry.code, entry.count) for entry in patterns)
        found = cache.get(key)
        if found is None:
            found = tally_fan(
                patterns, fan_cap=fan_cap, eight_immortals=eight_immortals, self_drawn_win=self_drawn, round_flower=round_flower
            )
            cache[key] = found
        return found

    for reading in readings(hand, SETS, won_on_discard=not self_drawn):
        result = score(context + _reading_patterns(reading, hand, wind, tiles.round_wind))
        if best is None or result.fan > best[0].fan:
            best = (result, reading)
    if not hand.melds and is_thirteen_orphans(hand.counts):
        special = Reading(groups=(), pair=None, shape=None, split=None, special="thirteen_orphans")
        result = score([*context, PatternEntry(code="thirteen_orphans")])
        if best is None or result.fan > best[0].fan:
            best = (result, special)
    if best is None:
        if len(flowers) != 8:
            raise RuleViolation(FieldProblem(f"{pointer}/concealed", NOT_COMPLETE))
        # 八仙過海: 即时食胡 — the tiles need not be a hand, and what only a
        # complete hand has (門前清, 天胡/地胡) is not counted
        best = (score([entry for entry in context if entry.code not in HAND_ONLY]), None)

    result, chosen = best
    return Evaluation(
        count=result,
        arrangement=_arranged(chosen, hand, not self_drawn),
        waits=format_tiles(hand_waits(hand, SETS, thirteen_orphans=True)),
        seat_wind=wind,
    )


def _arranged(reading: Reading | None, hand: Hand, won_on_discard: bool) -> list[Arranged]:
    if reading is None:
        tiles = [tile for tile, count in enumerate(hand.counts) for _ in range(count)]
        return [Arranged(kind="special", tiles=format_tiles(tiles), concealed=True)]
    return shown(reading, hand, won_on_discard)


def _check_context(tiles: HongKongTiles, hand: Hand, winner: Seat, dealer: Seat, win: Win, pointer: str) -> None:
    """Flags and bonus tiles the win or the tiles contradict: 422 at the field."""
    self_drawn = isinstance(win, SelfDraw)
    problems = flag_problems(tiles, hand, self_drawn, pointer)
    if tiles.blessing:
        if winner == dealer and (not self_drawn or hand.melds):
            problems.append(FieldProblem(f"{pointer}/blessing", BLESSING_DEALER))
        elif winner != dealer and (not isinstance(win, Discard) or win.discarder != dealer or hand.melds):
            problems.append(FieldProblem(f"{pointer}/blessing", BLESSING_OTHER))
    if problems:
        raise RuleViolation(*problems)


def _context_patterns(
    tiles: HongKongTiles, hand: Hand, wind: Seat, winner: Seat, dealer: Seat, win: Win, flowers: set[str]
) -> list[PatternEntry]:
    """The rows every reading shares: how the hand was won, 門前清, the bonus tiles, 天胡/地胡."""
    out: list[PatternEntry] = []

    def add(code: FanCode, count: int = 1) -> None:
        out.append(PatternEntry(code=code, count=count))

    self_drawn = isinstance(win, SelfDraw)
    if self_drawn:
        add("self_draw")
        if tiles.after_kong:
            add("win_on_kong")
        if tiles.after_flower:
            add("win_on_flower")
        if tiles.last_tile:
            add("last_tile")
    else:
        if tiles.robbing_kong:
            add("robbing_kong")
        if tiles.last_tile:
            add("last_discard")
    if not hand.open:
        add("concealed")
    number = "1234"[["east", "south", "west", "north"].index(wind)]
    own = sum(1 for flower in flowers if flower[1] == number)
    sets = sum(1 for kind in "fs" if all(f"{kind}{n}" in flowers for n in "1234"))
    if len(flowers) == 8:
        # 八仙過海 當自摸計; on a discard the eighth was robbed: 七搶一 (the Wikibooks extract)
        add("eight_immortals" if self_drawn else "seven_robs_one")
    if own:
        add("seat_flower", own)
    if sets:
        add("flower_set", sets)
    if not flowers:
        add("no_flowers")
    if tiles.blessing:
        add("heavenly_hand" if winner == dealer else "earthly_hand")
    return out


def _round_flowers(tiles: HongKongTiles, wind: Seat, flowers: set[str], counted: bool) -> list[PatternEntry]:
    """`rules.round_flower`: the flowers of the round's number that are not the
    seat's own (正花 例子1: 東風南 … 1號或者2號花嘅話計兩番; one fan a tile)."""
    if not counted or tiles.round_wind == wind:
        return []
    number = "1234"[["east", "south", "west", "north"].index(tiles.round_wind)]
    held = sum(1 for flower in flowers if flower[1] == number)
    return [PatternEntry(code="round_flower", count=held)] if held else []


def _reading_patterns(reading: Reading, hand: Hand, wind: Seat, round_wind: Seat) -> list[PatternEntry]:
    """The rows one reading has: honours, hand shape, limit hands."""
    out: list[PatternEntry] = []

    def add(code: FanCode, count: int = 1) -> None:
        out.append(PatternEntry(code=code, count=count))

    groups = reading.groups
    pair = reading.pair
    assert pair is not None
    triplets = [group.tile for group in groups if group.triplet]
    dragons = sum(1 for tile in triplets if tile in DRAGONS)
    winds = sum(1 for tile in triplets if tile in WINDS)
    seat_tile, round_tile = WIND_OF_SEAT[wind], WIND_OF_SEAT[round_wind]
    limit = False

    if dragons == 3:
        add("big_three_dragons")
        add("dragon_pong", 3)
    elif dragons == 2 and pair in DRAGONS:
        add("little_three_dragons")
        add("dragon_pong", 2)
    elif dragons:
        add("dragon_pong", dragons)
    if seat_tile in triplets:
        add("seat_wind")
    if round_tile in triplets:
        add("prevailing_wind")
    if winds == 4:
        add("big_four_winds")
        limit = True
    elif winds == 3 and pair in WINDS:
        add("little_four_winds")

    counts = hand.all_counts
    suits, honours = suits_and_honours(counts)
    all_triplets = len(triplets) == SETS
    shape = False
    if len(suits) == 1:
        add("half_flush" if honours else "full_flush")
        shape = True
    elif not suits:
        add("all_honours")
        limit = True
    if all_triplets:
        every = [tile for tile, count in enumerate(counts) if count]
        if all(terminal_or_honour(tile) for tile in every):
            if not honours:
                add("pure_terminals")
                limit = True
            elif suits:
                add("mixed_terminals")
                shape = True
        add("all_pongs")
        shape = True
    elif not triplets and reading.shape == "two_sided" and pair not in (*DRAGONS, seat_tile, round_tile):
        # 平胡: 四组顺子，眼非番牌，两头听
        add("all_chows")
        shape = True
    if sum(1 for group in groups if group.kind == "kong") == SETS:
        add("four_kongs")
        limit = True
    if all_triplets and all(group.concealed for group in groups):
        add("four_concealed_pongs")
        limit = True
    if not hand.melds and _nine_gates(hand.counts):
        add("nine_gates")
        limit = True
    if not shape and not limit:
        add("chicken_hand")
    return out


def _nine_gates(counts: tuple[int, ...]) -> bool:
    """门前清同门 1112345678999＋同门一只."""
    for suit in range(3):
        tiles = counts[suit * 9 : suit * 9 + 9]
        if sum(tiles) == 14 and tiles[0] >= 3 and tiles[8] >= 3 and all(tiles[i] >= 1 for i in range(1, 8)):
            return True
    return False
