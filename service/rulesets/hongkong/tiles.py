"""Hong Kong fan from the tiles themselves.

The evaluator *detects* which rows of the Hong Kong fan sheet's fan sheet a hand has and
*counts* them with :func:`service.rulesets.hongkong.counting.tally_fan`, the same
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
)
from service.core.seats import Seat
from service.core.settlement import Discard, SelfDraw, Win
from service.core.tiles import (
    DRAGONS,
    HONOURS,
    WIND_OF_SEAT,
    WINDS,
    Arranged,
    Flower,
    Hand,
    Tiles,
    format_tiles,
    read_hand,
)
from service.rulesets.hongkong.counting import FanCount, PatternEntry, tally_fan
from service.rulesets.hongkong.detectors import DETECTORS, NEED_FOUR_PUNGS, NEED_HONOUR_PUNG, Detector, Facts
from service.rulesets.hongkong.unvalued import mixed_flower_set, unvalued_patterns
from service.rulesets.hongkong.value_table import FAN_TABLE, HAND_SETS, EightImmortals

SETS = HAND_SETS

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
    unvalued_fan: int = 0,
    pointer: str = "/tiles",
) -> Evaluation:
    """Read the tiles, score every reading, keep the one worth most."""
    hand = read_hand(tiles, SETS, pointer)
    self_drawn = isinstance(win, SelfDraw)
    _check_context(tiles, hand, winner, dealer, win, pointer)
    wind = seat_wind(winner, dealer)
    flowers: set[str] = set(tiles.flowers)
    context = _context_patterns(tiles, hand, wind, winner, dealer, win, flowers) + _round_flowers(tiles, wind, flowers, round_flower)
    if unvalued_fan and mixed_flower_set(flowers):  # 一臺草: listed only where the table values it
        context.append(ENTRIES["mixed_flower_set"][1])

    cache: dict[tuple[tuple[str, int], ...], FanCount] = {}
    best: tuple[FanCount, Reading | None] | None = None

    def score(patterns: list[PatternEntry]) -> FanCount:
        key = tuple((entry.code, entry.count) for entry in patterns)
        found = cache.get(key)
        if found is None:
            found = tally_fan(
                patterns,
                fan_cap=fan_cap,
                eight_immortals=eight_immortals,
                self_drawn_win=self_drawn,
                round_flower=round_flower,
                unvalued_fan=unvalued_fan,
            )
            cache[key] = found
        return found

    facts = hand_facts(hand, wind, tiles.round_wind)
    for reading in readings(hand, SETS, won_on_discard=not self_drawn):
        listed = context + _reading_patterns(reading_facts(facts, reading))
        if unvalued_fan:  # the 二或三色刻類 rows: listed only where the table values them
            listed += _unvalued_entries(reading)
        result = score(listed)
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
    if isinstance(win, SelfDraw):
        out = [ENTRIES["self_draw"][1]]
        if tiles.after_kong:
            out.append(ENTRIES["win_on_kong"][1])
        if tiles.after_flower:
            out.append(ENTRIES["win_on_flower"][1])
        if tiles.last_tile:
            out.append(ENTRIES["last_tile"][1])
    else:
        out = [ENTRIES["robbing_kong"][1]] if tiles.robbing_kong else []
        if tiles.last_tile:
            out.append(ENTRIES["last_discard"][1])
    if not hand.open:
        out.append(ENTRIES["concealed"][1])
    out += _flower_patterns(wind, isinstance(win, SelfDraw), flowers)
    if tiles.blessing:
        out.append(ENTRIES["heavenly_hand" if winner == dealer else "earthly_hand"][1])
    return out


def _flower_patterns(wind: Seat, self_drawn: bool, flowers: set[str]) -> list[PatternEntry]:
    """The bonus tiles' rows: 八仙過海 (on a discard 七搶一), 正花, 一台花, 無花."""
    if not flowers:
        return [ENTRIES["no_flowers"][1]]
    out = []
    if len(flowers) == 8:
        # 八仙過海 當自摸計; on a discard the eighth was robbed: 七搶一 (the Wikibooks extract)
        out.append(ENTRIES["eight_immortals" if self_drawn else "seven_robs_one"][1])
    number = SEAT_NUMBER[wind]
    own = sum(1 for flower in flowers if flower[1] == number)
    if own:
        out.append(ENTRIES["seat_flower"][own])
    sets = sum(1 for kind in "fs" if all(f"{kind}{n}" in flowers for n in "1234"))
    if sets:
        out.append(ENTRIES["flower_set"][sets])
    return out


SEAT_NUMBER: dict[Seat, str] = {"east": "1", "south": "2", "west": "3", "north": "4"}
"""A seat's (or round's) number on the bonus tiles (正花: 东 1, 南 2, 西 3, 北 4)."""


def _round_flowers(tiles: HongKongTiles, wind: Seat, flowers: set[str], counted: bool) -> list[PatternEntry]:
    """`rules.round_flower`: the flowers of the round's number that are not the
    seat's own (正花 例子1: 東風南 … 1號或者2號花嘅話計兩番; one fan a tile)."""
    if not counted or tiles.round_wind == wind:
        return []
    number = SEAT_NUMBER[tiles.round_wind]
    held = sum(1 for flower in flowers if flower[1] == number)
    return [ENTRIES["round_flower"][held]] if held else []


SIMPLES: tuple[int, ...] = tuple(tile for tile in range(HONOURS) if tile % 9 not in (0, 8))
"""The suit tiles 2–8: a hand holding none is terminals and honours only."""

ENTRIES: dict[str, tuple[PatternEntry, ...]] = {
    row.code: tuple(PatternEntry(code=row.code, count=count) for count in range(5)) for row in FAN_TABLE
}
"""Each row as the entry a client would post, by its count (built once, shared, never changed)."""


def hand_facts(hand: Hand, wind: Seat, round_wind: Seat) -> Facts:
    """The facts every reading of ``hand`` shares, with the reading's own
    left empty (:func:`reading_facts` fills them in)."""
    counts = hand.all_counts
    suits, honours = suits_and_honours(counts)
    return Facts(
        suits=len(suits),
        honours=honours,
        terminals_only=not any(map(counts.__getitem__, SIMPLES)),
        nine_gates=not hand.melds and _nine_gates(hand.counts),
        triplets=(),
        dragons=0,
        winds=0,
        pair=0,
        seat_tile=WIND_OF_SEAT[wind],
        round_tile=WIND_OF_SEAT[round_wind],
        two_sided=False,
        kongs=0,
        all_concealed=False,
    )


def reading_facts(facts: Facts, reading: Reading) -> Facts:
    """``facts`` (of the reading's hand) with the reading's own filled in."""
    assert reading.pair is not None
    triplets: list[int] = []
    dragons = winds = kongs = 0
    all_concealed = True
    for group in reading.groups:
        if group.kind != "chow":
            tile = group.tile
            triplets.append(tile)
            if tile in DRAGONS:
                dragons += 1
            elif tile in WINDS:
                winds += 1
            if group.kind == "kong":
                kongs += 1
        if not group.concealed:
            all_concealed = False
    facts.triplets = tuple(triplets)
    facts.dragons, facts.winds, facts.kongs, facts.all_concealed = dragons, winds, kongs, all_concealed
    facts.pair = reading.pair
    facts.two_sided = reading.shape == "two_sided"
    return facts


DETECTORS_FOR: dict[tuple[bool, bool], tuple[tuple[str, Detector], ...]] = {
    (honour_pung, four_pungs): tuple(
        (code, detect)
        for code, detect in DETECTORS.items()
        if (honour_pung or code not in NEED_HONOUR_PUNG) and (four_pungs or code not in NEED_FOUR_PUNGS)
    )
    for honour_pung in (False, True)
    for four_pungs in (False, True)
}
""":data:`DETECTORS` less those that cannot find their row in a reading
without a pung of honours, or with a chow: by (a pung of honours, four pungs)."""


def _reading_patterns(facts: Facts) -> list[PatternEntry]:
    """The rows one reading has (:data:`DETECTORS`: honours, hand shape, limit hands)."""
    out: list[PatternEntry] = []
    for code, detect in DETECTORS_FOR[facts.dragons > 0 or facts.winds > 0, len(facts.triplets) == SETS]:
        count = detect(facts)
        if count:
            out.append(ENTRIES[code][count])
    return out


def _unvalued_entries(reading: Reading) -> list[PatternEntry]:
    """The Wikibooks extract's 二或三色刻類 rows this reading has (:mod:`service.rulesets.hongkong.unvalued`)."""
    triplets = [group.tile for group in reading.groups if group.kind != "chow"]
    kongs = [group.tile for group in reading.groups if group.kind == "kong"]
    return [ENTRIES[code][1] for code in unvalued_patterns(triplets, kongs, reading.pair or 0)]


def _nine_gates(counts: tuple[int, ...]) -> bool:
    """门前清同门 1112345678999＋同门一只."""
    for suit in range(3):
        tiles = counts[suit * 9 : suit * 9 + 9]
        if sum(tiles) == 14 and tiles[0] >= 3 and tiles[8] >= 3 and all(tiles[i] >= 1 for i in range(1, 8)):
            return True
    return False
