"""Taiwanese tai from the tiles themselves.

The evaluator *detects* which rows of the Taiwan tai table's tai table a 16-tile hand has
and *counts* them with :func:`service.rulesets.taiwan.settlement.count_tai`,
the counter behind `POST /v1/taiwan/tai`, under the request's preset and
mode: the list of patterns it builds is the list a client would post, so the
value and `items` come from one place. Rows the preset or the mode does not
score are left out of the list (as a client of that app would).

A hand is five sets and a pair (17 tiles, one more per kong). 八仙過海 (eight
bonus tiles, self-drawn) and 七搶一 (seven, robbing the eighth: a discard by
the robbed player) win whatever the tiles; when the tiles are not a hand only
the flower rows count (the Wikibooks extract: 花胡嗰陣如果手牌未同時成胡…唔計手牌台數). Every
reading (split, and the set the winning tile completed) is scored and the one
worth most is taken. Tie-break: among readings worth the same tai, the first
in the order of :func:`service.core.readings.readings`.

From the waits: 邊張/中洞/單吊/獨聽 when the hand waited on one tile only (the
shape is where the winning tile sits in the reading; a one-tile wait that is
none of the three is 獨聽). 平胡 needs a two-sided wait on more than one tile.
What the tiles cannot show: `win`, the dealer (east, so the seat wind),
`round_wind`, the flags (`last_tile`, `after_kong`, `after_flower`,
`robbing_kong`, `blessing` → 天胡/地胡/人胡) and `context` — 宣告聽牌, 天聽,
地聽 and 配牌花胡; any other code the tiles decide (422).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

import msgspec

from service.core.errors import FieldProblem, RuleViolation, field_problem, one_of, template
from service.core.readings import (
    Reading,
    flag_problems,
    hand_waits,
    readings,
    seat_wind,
    shown,
    suits_and_honours,
)
from service.core.seats import Seat
from service.core.settlement import SelfDraw, Win
from service.core.tiles import DRAGONS, HONOURS, WIND_OF_SEAT, WINDS, Arranged, Flower, Hand, Tiles, format_tiles, read_hand
from service.rulesets.taiwan.detectors import shape_patterns
from service.rulesets.taiwan.special_readings import special_extras, special_hand_waits, special_readings
from service.rulesets.taiwan.value_table import CELLS, MODE_NOT_SCORED, NO_FLOWER_WIN, PatternCode
from service.rulesets.taiwan.value_table_yue import YUE

SETS = 5
"""The Taiwan tai table: 五組順子加一對 — a 16-tile hand wins with five sets and a pair."""

CONTEXT_CODES: tuple[str, ...] = (
    "declared_ready",
    "heavenly_ready",
    "earthly_ready",
    "flower_win_from_deal",
    "earthly_ready_first",
    "two_kongs_bloom",
    "three_kongs_bloom",
)
"""The rows only the players know: 宣告聽牌, 天聽, 地聽 (declared at the table),
配牌花胡 (the flowers came with the deal), and the Wikibooks extract's 地聽一發
(won on the first tile after 地聽) and 連槓2開花 / 連槓3開花 (the kongs were
declared one after another)."""
READY_CODES = frozenset({"heavenly_ready", "earthly_ready", "earthly_ready_first"})
BLOOM_KONGS: dict[str, int] = {"two_kongs_bloom": 2, "three_kongs_bloom": 3}

FLOWER_ROWS: frozenset[str] = frozenset(
    {"own_flower", "flower_set", "any_flower", "eight_immortals", "seven_robs_one", "flower_win_from_deal"}
)

NOT_COMPLETE = template("The tiles are not a complete hand: five sets and a pair")
BLESSING_MELDS = template("A first-turn win (天胡, 地胡, 人胡) has no melds and no replacement tile")
BLESSING_DEALER_DISCARD = template("The dealer's first-turn win (天胡) is a self-draw")
CONTEXT_FROM_TILES = template("`{code}` follows from the tiles, the win or the flags; `context` takes only {codes}")
CONTEXT_TWICE = template("`{code}` is listed twice in `context`")
READY_OPEN = template("`{code}` is declared with a concealed hand, but the hand has called melds")
READY_BOTH = template("A hand declares heavenly ready (天聽) or earthly ready (地聽), not both")
BLOOM_NEEDS_KONGS = template(
    "`{code}` is a self-drawn win on the replacement for the last of {kongs} kongs declared in a row: send `after_kong` and {kongs} kongs"
)
FROM_DEAL_NEEDS_FLOWERS = template("`flower_win_from_deal` (配牌花胡) needs all eight bonus tiles in `flowers`")


class TaiwanTiles(Tiles, kw_only=True):
    """A Taiwanese 16-tile hand: the shared tile fields, the bonus tiles, the
    flower-replacement flag and the table's context codes."""

    flowers: Annotated[
        list[Flower],
        msgspec.Meta(
            max_length=8,
            description="Bonus tiles: `f1`–`f4` 梅蘭菊竹, `s1`–`s4` 春夏秋冬; number n is the seat wind n counted from east (the dealer is east). Eight: 八仙過海 when self-drawn, 七搶一 on a discard (the robbed player's).",
        ),
    ] = []
    after_flower: Annotated[bool, msgspec.Meta(description="Won on the replacement tile drawn for a bonus tile (槓上開花).")] = False
    context: Annotated[
        list[PatternCode],
        msgspec.Meta(
            max_length=4,
            description="What only the table knows: `declared_ready` 宣告聽牌, `heavenly_ready` 天聽, `earthly_ready` 地聽, `flower_win_from_deal` 配牌花胡, and the Wikibooks extract's `earthly_ready_first` 地聽一發, `two_kongs_bloom` 連槓2開花, `three_kongs_bloom` 連槓3開花. A code the tiles, the win or the flags decide is a 422.",
        ),
    ] = []
    east_seat: Annotated[
        Seat | None,
        msgspec.Meta(
            description="The seat whose seat wind is east (門風, 正花), where the table takes it from the dice (the Taiwan tai table: 門風看擲骰開門…不一定是莊家); default the dealer."
        ),
    ] = None


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The reading worth most: the patterns listed and their count
    (``breakdown``, ``warnings`` as the counter gave them), how it is shown,
    the waits, the seat wind."""

    patterns: list[Any]
    breakdown: Any
    warnings: list[Any]
    arrangement: list[Arranged]
    waits: str
    seat_wind: Seat


Counter = Callable[..., tuple[Any, list[Any]]]
"""`count_tai(patterns, preset, mode, pointer)` of the settlement module."""


def _check_flower_win(flowers: set[str], preset: str, pointer: str) -> None:
    """Tiles that make no hand win only as 花胡 (eight flowers), and not under
    a preset where 八仙過海 does not win by itself (華人麻將競技聯盟)."""
    if len(flowers) != 8 or preset == NO_FLOWER_WIN:
        raise RuleViolation(FieldProblem(f"{pointer}/concealed", NOT_COMPLETE))


def _arranged(chosen: Reading | None, hand: Hand, self_drawn: bool) -> list[Arranged]:
    """The arrangement shown: the reading chosen, or the tiles held as one
    special group for a win on the flowers alone."""
    if chosen is None:
        tiles_held = [tile for tile, n in enumerate(hand.counts) for _ in range(n)]
        return [Arranged(kind="special", tiles=format_tiles(tiles_held), concealed=True)]
    return shown(chosen, hand, not self_drawn)


def evaluate_tiles(
    tiles: TaiwanTiles,
    *,
    winner: Seat,
    dealer: Seat,
    win: Win,
    preset: str,
    mode: str,
    count: Counter,
    pattern: Callable[[str, int], Any],
    pointer: str = "/tiles",
) -> Evaluation:
    """Read the tiles, count every reading under ``preset`` and ``mode``, keep
    the one worth most. ``count`` is the tai counter, ``pattern`` builds one
    request pattern (code, count)."""
    hand = read_hand(tiles, SETS, pointer)
    self_drawn = isinstance(win, SelfDraw)
    _check_context(tiles, hand, winner, dealer, win, preset, pointer)
    wind = seat_wind(winner, tiles.east_seat or dealer)
    waits = hand_waits(hand, SETS)
    specials = special_readings(hand, preset)
    if specials:
        waits = sorted({*waits, *special_hand_waits(hand)})
    no_wait = tiles.blessing and winner == dealer  # 天胡: the dealt tiles win, no tile was waited on
    flowers: set[str] = set(tiles.flowers)
    scored = _scored(preset, mode)
    shared = _shared_patterns(tiles, hand, wind, winner, dealer, win, flowers)

    cache: dict[tuple[tuple[str, int], ...], tuple[Any, list[Any], list[Any]]] = {}
    best: tuple[tuple[Any, list[Any], list[Any]], Reading | None] | None = None

    def score(found: list[tuple[str, int]]) -> tuple[Any, list[Any], list[Any]]:
        listed = tuple((code, n) for code, n in found if code in scored)
        result = cache.get(listed)
        if result is None:
            patterns = [pattern(code, n) for code, n in listed]
            breakdown, warnings = count(patterns, preset, mode, f"{pointer}/context")
            result = (breakdown, warnings, patterns)
            cache[listed] = result
        return result

    concealed = not hand.open
    shown_waits = [] if no_wait else waits
    for reading in readings(hand, SETS, won_on_discard=not self_drawn):
        listed = _reading_patterns(reading, hand, wind, tiles.round_wind, shown_waits, flowers, self_drawn, concealed, preset)
        if preset == YUE:
            listed += shape_patterns(reading.groups, reading.pair or 0, hand.counts, hand.all_counts, len(hand.melds))
        found = score(shared + listed)
        if best is None or found[0].tai > best[0][0].tai:
            best = (found, reading)
    for reading, listed in specials:
        found = score(shared + listed + special_extras(reading, hand, wind, tiles.round_wind, shown_waits))
        if best is None or found[0].tai > best[0][0].tai:
            best = (found, reading)
    if best is None:
        _check_flower_win(flowers, preset, pointer)
        # 花胡: the tiles need not be a hand, and only the flowers count
        best = (score([(code, n) for code, n in shared if code in FLOWER_ROWS]), None)

    (breakdown, warnings, patterns), chosen = best
    arranged = _arranged(chosen, hand, self_drawn)
    return Evaluation(
        patterns=patterns,
        breakdown=breakdown,
        warnings=warnings,
        arrangement=arranged,
        waits=format_tiles(waits),
        seat_wind=wind,
    )


def _scored(preset: str, mode: str) -> frozenset[str]:
    """The codes this preset and mode score."""
    off = MODE_NOT_SCORED[mode]
    return frozenset(code for code, cell in CELLS[preset].items() if code not in off and cell.status != "not_scored")


def _check_context(tiles: TaiwanTiles, hand: Hand, winner: Seat, dealer: Seat, win: Win, preset: str, pointer: str) -> None:
    self_drawn = isinstance(win, SelfDraw)
    problems = flag_problems(tiles, hand, self_drawn, pointer)
    if tiles.blessing:
        problems += _blessing_problems(tiles, hand, winner == dealer, self_drawn, preset, pointer)
    listed: set[str] = set()
    for index, code in enumerate(tiles.context):
        problem = _context_problem(code, listed, tiles, hand, self_drawn, f"{pointer}/context/{index}")
        if problem is not None:
            problems.append(problem)
        listed.add(code)
    if "heavenly_ready" in listed and ({"earthly_ready", "earthly_ready_first"} & listed):
        problems.append(FieldProblem(f"{pointer}/context", READY_BOTH))
    if problems:
        raise RuleViolation(*problems)


def _blessing_problems(tiles: TaiwanTiles, hand: Hand, dealer_won: bool, self_drawn: bool, preset: str, pointer: str) -> list[FieldProblem]:
    """天胡 is the dealer's self-draw; no first-turn win has a meld or a
    replacement tile, except under `yue_wikibooks` a self-drawn 天胡 or 地胡 on
    the replacement for concealed kongs declared before the first discard
    (the Wikibooks extract: 莊家起手未打牌前開暗槓或連續暗槓而食糊，都當做天胡，而且可以加計槓上開花1台; 地胡 alike),
    and in every preset a 地胡 self-drawn on the replacement for a flower (the
    first tile drawn was a flower: 地胡 閒家第一次摸牌就自摸; 槓上開花 counted,
    槓或補花之後補進來的牌自摸)."""
    kongs_first = preset == YUE and self_drawn and all(meld.concealed for meld in hand.melds) and not tiles.after_flower
    flower_first = not dealer_won and self_drawn and tiles.after_flower and not hand.melds
    if (hand.melds or tiles.after_kong or tiles.after_flower) and not (kongs_first or flower_first):
        return [FieldProblem(f"{pointer}/blessing", BLESSING_MELDS)]
    if dealer_won and not self_drawn:
        return [FieldProblem(f"{pointer}/blessing", BLESSING_DEALER_DISCARD)]
    return []


def _context_problem(code: str, listed: set[str], tiles: TaiwanTiles, hand: Hand, self_drawn: bool, at: str) -> FieldProblem | None:
    if code not in CONTEXT_CODES:
        return field_problem(at, CONTEXT_FROM_TILES, code=code, codes=one_of(CONTEXT_CODES))
    if code in listed:
        return field_problem(at, CONTEXT_TWICE, code=code)
    if code in READY_CODES and hand.open:
        return field_problem(at, READY_OPEN, code=code)
    if code == "flower_win_from_deal" and len(set(tiles.flowers)) != 8:
        return FieldProblem(at, FROM_DEAL_NEEDS_FLOWERS)
    if code in BLOOM_KONGS:
        kongs = sum(1 for meld in hand.melds if meld.kind == "kong")
        if not (self_drawn and tiles.after_kong and kongs >= BLOOM_KONGS[code]):
            return field_problem(at, BLOOM_NEEDS_KONGS, code=code, kongs=BLOOM_KONGS[code])
    return None


def _shared_patterns(
    tiles: TaiwanTiles, hand: Hand, wind: Seat, winner: Seat, dealer: Seat, win: Win, flowers: set[str]
) -> list[tuple[str, int]]:
    """The rows every reading shares: how the hand was won, 門清, the bonus
    tiles, the melds, first-turn wins and the context codes."""
    self_drawn = isinstance(win, SelfDraw)
    out = _how_won(tiles, hand, self_drawn) + _meld_rows(hand, self_drawn) + _flower_rows(flowers, wind, self_drawn)
    if tiles.blessing:
        if winner == dealer:
            out.append(("heavenly_win", 1))
        else:
            out.append(("earthly_win" if self_drawn else "human_win", 1))
    out += [(code, 1) for code in tiles.context]
    return out


def _how_won(tiles: TaiwanTiles, hand: Hand, self_drawn: bool) -> list[tuple[str, int]]:
    """門清 / 門清自摸 / 自摸 (+ 不求 with 天聽/地聽), and the flags."""
    concealed = not hand.open
    if not self_drawn:
        on_discard = (("concealed", concealed), ("robbing_kong", tiles.robbing_kong), ("last_discard", tiles.last_tile))
        return [(code, 1) for code, present in on_discard if present]
    if concealed and not READY_CODES & set(tiles.context):
        out = [("concealed_self_draw", 1)]  # 門清一摸三
    elif concealed:
        out = [("self_draw", 1), ("unaided", 1)]  # 天聽/地聽 already hold 門清
    else:
        out = [("self_draw", 1)]
    flags = (("win_on_replacement", tiles.after_kong or tiles.after_flower), ("last_tile_self_draw", tiles.last_tile))
    return out + [(code, 1) for code, present in flags if present]


def _meld_rows(hand: Hand, self_drawn: bool) -> list[tuple[str, int]]:
    """全求人 / 半求人, and the kongs (明槓, 暗槓: counted in 見花見字)."""
    called = [meld for meld in hand.melds if not meld.concealed]
    out = [("half_melded" if self_drawn else "all_melded", 1)] if len(called) == SETS else []
    kongs = (
        ("exposed_kong", sum(1 for meld in called if meld.kind == "kong")),
        ("concealed_kong", sum(1 for meld in hand.melds if meld.concealed)),
    )
    return out + [(code, n) for code, n in kongs if n]


def _flower_rows(flowers: set[str], wind: Seat, self_drawn: bool) -> list[tuple[str, int]]:
    """八仙過海 / 七搶一, 正花 (the seat wind's number), 花槓, 見花見台."""
    number = str(("east", "south", "west", "north").index(wind) + 1)
    out = [("eight_immortals" if self_drawn else "seven_robs_one", 1)] if len(flowers) == 8 else []
    counted = (
        ("own_flower", sum(1 for flower in flowers if flower[1] == number)),
        ("flower_set", sum(1 for kind in "fs" if all(f"{kind}{n}" in flowers for n in "1234"))),
        ("any_flower", len(flowers)),
    )
    return out + [(code, n) for code, n in counted if n]


def _reading_patterns(
    reading: Reading,
    hand: Hand,
    wind: Seat,
    round_wind: Seat,
    waits: list[int],
    flowers: set[str],
    self_drawn: bool,
    concealed: bool,
    preset: str,
) -> list[tuple[str, int]]:
    """The tai table's rows one reading has: honours, the wait, the hand's shape."""
    groups = reading.groups
    pair = reading.pair
    assert pair is not None
    triplets = [group.tile for group in groups if group.triplet]
    out = _honour_rows(triplets, pair, wind, round_wind)
    if len(waits) == 1:
        # 只聽一種牌: the shape says which; a one-tile wait that is none of them is 獨聽
        shape = reading.shape
        code = {"edge": "edge_wait", "closed": "closed_wait", "pair": "pair_wait"}.get(shape or "", "single_wait")
        out.append((code, 1))
    # 平胡: 五組順子加一對數牌，沒有字、沒有花，胡別人打的牌而且聽雙頭 (宅神爺: 手牌不能門清)
    two_sided = reading.shape == "two_sided" and len(waits) > 1
    if not triplets and not self_drawn and not flowers and pair < HONOURS and two_sided and not (preset == "zhaishenye" and concealed):
        out.append(("all_chows", 1))
    hidden = sum(1 for group in groups if group.triplet and group.concealed)
    code = {3: "three_concealed_pungs", 4: "four_concealed_pungs"}.get(hidden, "five_concealed_pungs" if hidden >= 5 else "")
    if code:
        out.append((code, 1))
    if len(triplets) == SETS:
        out.append(("all_pungs", 1))
    return out + _suit_rows(hand, flowers)


def _honour_rows(triplets: list[int], pair: int, wind: Seat, round_wind: Seat) -> list[tuple[str, int]]:
    """圈風, 門風, 三元台, 見風見台, 小/大三元, 小/大四喜 from the reading's pungs and pair."""
    dragons = sum(1 for tile in triplets if tile in DRAGONS)
    winds = sum(1 for tile in triplets if tile in WINDS)
    found = (
        ("round_wind", int(WIND_OF_SEAT[round_wind] in triplets)),
        ("seat_wind", int(WIND_OF_SEAT[wind] in triplets)),
        ("dragon_pung", dragons),
        ("any_wind_pung", winds),
        ("big_three_dragons", int(dragons == 3)),
        ("little_three_dragons", int(dragons == 2 and pair in DRAGONS)),
        ("big_four_winds", int(winds == 4)),
        ("little_four_winds", int(winds == 3 and pair in WINDS)),
    )
    return [(code, n) for code, n in found if n]


def _suit_rows(hand: Hand, flowers: set[str]) -> list[tuple[str, int]]:
    """混一色 / 清一色 / 字一色 and 無字無花, from every tile of the hand."""
    suits, honours = suits_and_honours(hand.all_counts)
    out: list[tuple[str, int]] = []
    if len(suits) == 1:
        out.append(("half_flush" if honours else "full_flush", 1))
    elif not suits:
        out.append(("all_honours", 1))
    if not honours and not flowers:
        out.append(("no_honours_no_flowers", 1))
    return out
