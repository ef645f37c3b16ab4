"""Riichi end-of-game results (結算, 馬, 祝儀).

Source: the riichi scoring article (結算: everyone first hands back the return points, the
difference between start and return points goes to first place, points
divided by 1000 are the final result; 馬: 4th pays 1st the larger, 3rd pays
2nd the smaller amount, with three players 3rd pays 1st; 祝儀: chips counted
apart from points; 地方變異: usually 25,000 start / 30,000 return, uma 10-20
or 10-30).

Arithmetic is done in whole points (integers) and divided by 1000 exactly at
the end, so results are exact decimals (``-25``, ``13.334``).

* result = (score − return_points) / 1000 + uma + oka + sticks + chips.
* oka (オカ) = (return_points − start_points) × players, to first place.
* uma [smaller, larger]: four players 1st +larger, 2nd +smaller, 3rd
  −smaller, 4th −larger; three players 1st +larger, 3rd −larger.
* Riichi sticks left on the table (1000 points each) go to first place when
  ``sticks_to_first`` (default); otherwise they leave the game and the
  results sum to −sticks.
* ``rounding: nearest_thousand`` (Tenhou's ranked rooms print whole
  thousands): every place but the first counts its score rounded to whole
  thousands, halves away from zero; the first's result is what keeps the
  sum as it would be exactly (zero, or −sticks).
* Chombo (``chombo: deduct_20000``, EMA 2016, WRC 2015, M.League): each
  chombo in ``chombo_counts`` takes 20,000 points off the seat's result
  after uma and oka, paid to nobody (places and uma are unchanged; the
  results then sum to −20 a chombo). Under ``mangan`` a chombo was paid at
  the table and is already in the scores.
* Ties: ``split`` shares the uma, oka and sticks of the tied places equally
  (whole points; odd points go one each to the tied seats in seat order,
  continuing round from uma to oka to sticks, so tied seats end at most one
  point apart; with a warning); ``seat_order`` ranks the earlier seat (east first:
  the seats are the seats at the start of the game, east the first dealer)
  higher.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Annotated, Literal

import msgspec

from service.core.errors import RuleViolation, field_problem, template
from service.core.fields import OrNone, OrUnset
from service.core.money import ZERO, ExactNumber, check_decimal, clean, decimal_meta, exact
from service.core.seats import SEATS, Seat
from service.core.warnings import SettlementWarning
from service.rulesets.riichi.presets import PresetField, PresetName, with_presets
from service.rulesets.riichi.warnings import warning

# --- Rule tables (data) ------------------------------------------------------

STICK_POINTS = 1000
"""A riichi stick is 1000 points (the riichi scoring article, CONTRACT.md)."""

POINTS_PER_RESULT = 1000
"""點棒收入除1000就是最後的得分 (the riichi scoring article)."""

UMA_SIGNS: dict[int, tuple[tuple[int, int], ...]] = {
    # players: for each place, (sign, which uma value: 0 smaller, 1 larger)
    4: ((1, 1), (1, 0), (-1, 0), (-1, 1)),
    3: ((1, 1), (0, 0), (-1, 1)),
}
"""馬 (the riichi scoring article): 四位支付一位 the larger, 三位支付二位 the smaller; 三麻則為
三位支付一位 (the larger)."""

MAX_POINTS = 10_000_000
MAX_START = 1_000_000
MAX_UMA = 1000
MAX_STICKS = 1000
MAX_CHIPS = 10_000
CHIP_VALUE_MAX = Decimal(1_000_000)
CHIP_VALUE_MIN = Decimal(0)

Ties = Literal["split", "seat_order"]

CHOMBO_DEDUCTION = 20_000
"""Points a chombo takes off the seat's final result under `deduct_20000`
(EMA 2016: "20,000 points deduction after uma"; WRC 2015: "20 points
penalty", one overall point being 1,000 table points; M.League: 20 points)."""
MAX_CHOMBO = 100

ChomboPenalty = Annotated[
    Literal["none", "mangan", "deduct_20000"],
    msgspec.Meta(
        description=(
            "How a chombo is paid: `none` (default: no chombo is settled), `mangan` (a reverse mangan paid at the table: "
            "dealer 4,000 to each, non-dealer 4,000 to the dealer and 2,000 to each other), or `deduct_20000` (20,000 points "
            "off the seat's final result after uma, paid to nobody: EMA, WRC, M.League)."
        )
    ),
]
ChomboCount = Annotated[int, msgspec.Meta(ge=0, le=MAX_CHOMBO, description="Chombo the seat committed in the game.")]

Rounding = Annotated[
    Literal["exact", "nearest_thousand"],
    msgspec.Meta(
        description=(
            "`exact` (default) or `nearest_thousand`: every place but the first is rounded to whole thousands (halves away "
            "from zero) before return points and uma, and the first takes what keeps the sum (as Tenhou's ranked rooms print results)."
        )
    ),
]

Points = Annotated[int, msgspec.Meta(ge=-MAX_POINTS, le=MAX_POINTS, description="Final points (may be negative).")]
ChipCount = Annotated[int, msgspec.Meta(ge=-MAX_CHIPS, le=MAX_CHIPS, description="Net chips won (+) or paid (−).")]
UmaValue = Annotated[int, msgspec.Meta(ge=0, le=MAX_UMA)]

ChipValue = Annotated[
    ExactNumber,
    decimal_meta(
        minimum=CHIP_VALUE_MIN,
        maximum=CHIP_VALUE_MAX,
        description="Value of one chip (祝儀) in result units (thousands of points).",
        examples=[2, 0.5],
    ),
]


class GameScores(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Final points per seat. Leave `north` out for a three-player game."""

    east: Points
    south: Points
    west: Points
    north: OrNone[
        Annotated[
            int,
            msgspec.Meta(ge=-MAX_POINTS, le=MAX_POINTS, description="Final points; absent in a three-player game."),
        ]
    ] = None  # None: three players (OrNone, not `int | None`, keeps the bounds in the schema and refuses null)


class GameChipCounts(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Net chips per seat; they must add up to zero. Absent seats are 0."""

    east: ChipCount = 0
    south: ChipCount = 0
    west: ChipCount = 0
    north: ChipCount = 0


class GameChomboCounts(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Chombo per seat over the game (absent seats: none)."""

    east: ChomboCount = 0
    south: ChomboCount = 0
    west: ChomboCount = 0
    north: ChomboCount = 0


class GameChips(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """祝儀: chips counted apart from points, worth `value` each."""

    counts: GameChipCounts
    value: ChipValue

    def __post_init__(self) -> None:
        check_decimal(self.value, "value", minimum=CHIP_VALUE_MIN, maximum=CHIP_VALUE_MAX)


class GameResultsRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """The end of a game (半莊): final points per seat and the table's rules."""

    scores: GameScores
    start_points: Annotated[
        int, msgspec.Meta(ge=0, le=MAX_START, description="原點: points each player started with (default 25,000).")
    ] = 25_000
    return_points: Annotated[
        int,
        msgspec.Meta(
            ge=0,
            le=MAX_START,
            description="返點: points each player hands back before the result is counted (default 30,000). Oka = (return − start) × players, to first place.",
        ),
    ] = 30_000
    uma: Annotated[
        list[UmaValue],
        msgspec.Meta(
            min_length=2,
            max_length=2,
            description=(
                "馬 `[smaller, larger]` in thousands (default 10-20): 4th pays 1st the larger, 3rd pays 2nd the "
                "smaller; with three players 3rd pays 1st the larger. `[0, 0]` for no uma."
            ),
            extra_json_schema={"extra": {"items": {"type": "integer", "minimum": 0, "maximum": MAX_UMA}, "default": [10, 20]}},
        ),
    ] = msgspec.field(default_factory=lambda: [10, 20])
    riichi_sticks: Annotated[
        int,
        msgspec.Meta(ge=0, le=MAX_STICKS, description="Riichi sticks (1000 points each) left on the table at the end."),
    ] = 0
    sticks_to_first: Annotated[
        bool,
        msgspec.Meta(
            description="Sticks left on the table go to first place (default). If false they leave the game and the results sum to −sticks."
        ),
    ] = True
    ties: Annotated[
        Ties,
        msgspec.Meta(
            description="Equal scores: `split` (default) shares the tied places' uma, oka and sticks equally; `seat_order` ranks the earlier seat (east, south, west, north) higher."
        ),
    ] = "split"
    chips: Annotated[GameChips | None, msgspec.Meta(description="Optional chips (祝儀) with a value per chip.")] = None
    rounding: Rounding = "exact"
    chombo: ChomboPenalty = "none"
    chombo_counts: Annotated[
        GameChomboCounts | None,
        msgspec.Meta(description="Chombo each seat committed, taken off its result under `chombo: deduct_20000` (default none)."),
    ] = None
    preset: OrUnset[PresetField] = msgspec.UNSET


with_presets(GameResultsRequest)


class GameStanding(msgspec.Struct, kw_only=True):
    """One seat's final place and result (thousands of points)."""

    seat: Seat
    place: Annotated[int, msgspec.Meta(description="1 = first. Seats tied under `split` share the better place.")]
    score: int
    result: Annotated[Decimal, msgspec.Meta(description="Final result in thousands: points + uma + oka + sticks + chips.")]
    points: Annotated[Decimal, msgspec.Meta(description="(score − return_points) / 1000.")]
    uma: Decimal
    oka: Decimal
    riichi_sticks: Annotated[Decimal, msgspec.Meta(description="Leftover riichi sticks taken, in thousands.")]
    chips: Annotated[Decimal, msgspec.Meta(description="Net chips × chip value.")]
    chombo: OrUnset[
        Annotated[
            Decimal,
            msgspec.Meta(description="Under `chombo: deduct_20000`: the chombo penalty taken off the result, in thousands (−20 a chombo)."),
        ]
    ] = msgspec.UNSET


class GameResults(msgspec.Struct, kw_only=True):
    """Standings ordered by place; results sum to zero (unless sticks left
    the game with `sticks_to_first` false, or chombo were deducted)."""

    players: int
    standings: list[GameStanding]
    oka: Annotated[Decimal, msgspec.Meta(description="(return − start) × players / 1000, paid to first place.")]
    start_points: int
    return_points: int
    uma: list[int]
    riichi_sticks: int
    sticks_to_first: bool
    ties: Ties
    chip_value: Decimal | None
    warnings: list[SettlementWarning]
    rounding: Annotated[str, msgspec.Meta(description="`exact` or `nearest_thousand`, as requested.")] = "exact"
    chombo: Annotated[
        OrUnset[str], msgspec.Meta(description="How a chombo is paid (`mangan`, `deduct_20000`), as requested; absent for `none`.")
    ] = msgspec.UNSET
    preset: Annotated[
        OrUnset[PresetName], msgspec.Meta(description="The request's `preset`, when it named one (the resolved values are echoed).")
    ] = msgspec.UNSET


# --- Arithmetic --------------------------------------------------------------


def _fail(pointer: str, detail: str, **params: object) -> RuleViolation:
    """``detail``: a catalogue template filled in with ``params``."""
    return RuleViolation(field_problem(pointer, detail, **params))


_SCORES_OFF: dict[tuple[bool, bool], str] = {
    (False, True): template(
        "The scores add up to {total}, not {players} players × {start} start points = {expected}: {difference} points too many."
    ),
    (False, False): template(
        "The scores add up to {total}, not {players} players × {start} start points = {expected}: {difference} points too few."
    ),
    (True, True): template(
        "The scores plus {sticks} riichi stick(s) on the table ({stick_points}) add up to {total}, "
        "not {players} players × {start} start points = {expected}: {difference} points too many."
    ),
    (True, False): template(
        "The scores plus {sticks} riichi stick(s) on the table ({stick_points}) add up to {total}, "
        "not {players} players × {start} start points = {expected}: {difference} points too few."
    ),
}
"""(riichi sticks on the table, too many) → the sentence for scores that do not add up."""


def _scores(request: GameResultsRequest) -> dict[Seat, int]:
    scores = request.scores
    table: dict[Seat, int] = {"east": scores.east, "south": scores.south, "west": scores.west}
    if scores.north is not None:
        table["north"] = scores.north
    return table


def _check(request: GameResultsRequest, scores: dict[Seat, int]) -> None:
    players = len(scores)
    smaller, larger = request.uma
    if smaller > larger:
        raise _fail("/uma", "Uma is [smaller, larger]: {smaller} is more than {larger}.", smaller=smaller, larger=larger)
    expected = players * request.start_points
    sticks = STICK_POINTS * request.riichi_sticks
    total = sum(scores.values()) + sticks
    if total != expected:
        difference = total - expected
        raise _fail(
            "/scores",
            _SCORES_OFF[bool(sticks), difference > 0],
            sticks=request.riichi_sticks,
            stick_points=sticks,
            total=total,
            players=players,
            start=request.start_points,
            expected=expected,
            difference=abs(difference),
        )
    _check_chombo(request, players)
    if request.chips is not None:
        counts = request.chips.counts
        if players == 3 and counts.north:
            raise _fail("/chips/counts/north", "North is not at a three-player table.")
        net = counts.east + counts.south + counts.west + counts.north
        if net:
            raise _fail("/chips/counts", "Net chips must add up to zero (chips change hands); they add up to {net}.", net=net)


CHOMBO_NOT_DEDUCTED = template("Chombo are taken off the results only with `chombo` `deduct_20000`; it is `{chombo}`.")


def _check_chombo(request: GameResultsRequest, players: int) -> None:
    counts = request.chombo_counts
    if counts is None:
        return
    if players == 3 and counts.north:
        raise _fail("/chombo_counts/north", "North is not at a three-player table.")
    if request.chombo != "deduct_20000" and (counts.east or counts.south or counts.west or counts.north):
        raise _fail("/chombo_counts", CHOMBO_NOT_DEDUCTED, chombo=request.chombo)


def _chombo_points(request: GameResultsRequest, seat: Seat) -> int:
    """Points a seat's chombo take off its result (0 unless `deduct_20000`)."""
    if request.chombo != "deduct_20000" or request.chombo_counts is None:
        return 0
    count: int = getattr(request.chombo_counts, seat)
    return count * CHOMBO_DEDUCTION


def deducted_of(standing: GameStanding) -> Decimal:
    """What a standing's chombo took off its result (0 when none was deducted)."""
    return ZERO if standing.chombo is msgspec.UNSET else standing.chombo


def _thousands(points: int) -> Decimal:
    """Whole points → result units (thousands), exact: 55000 → 55, 13334 → 13.334."""
    whole, rest = divmod(points, POINTS_PER_RESULT)
    if not rest:
        return Decimal(whole)
    return clean(Decimal(points) / POINTS_PER_RESULT)


def _order(scores: dict[Seat, int]) -> list[Seat]:
    """Seats by score, highest first; equal scores in seat order."""
    return sorted(scores, key=lambda seat: (-scores[seat], SEATS.index(seat)))


def round_thousand(points: int) -> int:
    """Points to the nearest whole thousand, halves away from zero: 24,500 → 25,000, −1,500 → −2,000."""
    thousands, rest = divmod(abs(points), POINTS_PER_RESULT)
    thousands += rest * 2 >= POINTS_PER_RESULT
    return thousands * POINTS_PER_RESULT if points >= 0 else -thousands * POINTS_PER_RESULT


def _rounded(scores: dict[Seat, int], order: list[Seat], return_points: int, *bonuses: dict[Seat, int]) -> dict[Seat, int]:
    """`rounding: nearest_thousand`: the scores the results are counted from.
    Every place but the first (``order[0]``) is rounded to whole thousands;
    the first's is what leaves the results' sum as the exact scores'."""
    counted = {seat: round_thousand(scores[seat]) for seat in order[1:]}
    first = order[0]
    exact_sum = sum(scores[seat] - return_points + sum(bonus[seat] for bonus in bonuses) for seat in order)
    others = sum(counted[seat] - return_points + sum(bonus[seat] for bonus in bonuses) for seat in order[1:])
    counted[first] = exact_sum - others - sum(bonus[first] for bonus in bonuses) + return_points
    return counted


@exact
def _share_tie(group: Sequence[Seat], start: int, end: int, shared: Iterable[tuple[list[int], dict[Seat, int]]]) -> bool:
    """Tied seats share the uma, oka and sticks of the places ``start`` to
    ``end`` evenly, each kind into its own dict; odd points go round them in
    seat order, across the kinds. Whether any point was odd."""
    size = len(group)
    cursor = 0  # odd points go round the tied seats in seat order, across uma, oka and sticks
    odd = False
    for shares, target in shared:
        each, remainder = divmod(sum(shares[start:end]), size)
        for seat in group:
            target[seat] = each
        for step in range(remainder):
            target[group[(cursor + step) % size]] += 1
        cursor = (cursor + remainder) % size
        odd = odd or remainder > 0
    return odd


def game_results(request: GameResultsRequest) -> GameResults:
    """The standings of a finished game: takes the final scores with the
    start and return points, uma, sticks, ties and rounding, gives each
    seat's place, points, uma, oka, sticks and chips in thousands."""
    scores = _scores(request)
    _check(request, scores)
    players = len(scores)
    order = _order(scores)
    smaller, larger = request.uma
    uma_values = (smaller * POINTS_PER_RESULT, larger * POINTS_PER_RESULT)
    oka = (request.return_points - request.start_points) * players
    sticks = STICK_POINTS * request.riichi_sticks if request.sticks_to_first else 0

    # Bonus (uma, oka, sticks) of each place, in points.
    uma_by_place = [sign * uma_values[which] for sign, which in UMA_SIGNS[players]]
    oka_by_place = [oka] + [0] * (players - 1)
    sticks_by_place = [sticks] + [0] * (players - 1)

    warnings: list[SettlementWarning] = []
    place: dict[Seat, int] = {}
    uma: dict[Seat, int] = {}
    oka_of: dict[Seat, int] = {}
    sticks_of: dict[Seat, int] = {}
    start = 0
    while start < players:
        end = start + 1
        if request.ties == "split":
            while end < players and scores[order[end]] == scores[order[start]]:
                end += 1
        if end == start + 1:  # no tie: the place's own uma, oka and sticks
            seat = order[start]
            uma[seat], oka_of[seat], sticks_of[seat] = uma_by_place[start], oka_by_place[start], sticks_by_place[start]
            place[seat] = end
            start = end
            continue
        group = order[start:end]  # already in seat order within a tie
        shared = ((uma_by_place, uma), (oka_by_place, oka_of), (sticks_by_place, sticks_of))
        if _share_tie(group, start, end, shared):
            warnings.append(warning("tie_share_remainder", seats=", ".join(group)))
        for seat in group:
            place[seat] = start + 1
        start = end

    chips = request.chips
    standings = []
    counted = scores if request.rounding == "exact" else _rounded(scores, order, request.return_points, uma, oka_of, sticks_of)
    for seat in order:
        points = counted[seat] - request.return_points
        bonus = uma[seat] + oka_of[seat] + sticks_of[seat]
        chips_result = clean(getattr(chips.counts, seat) * chips.value) if chips is not None else ZERO
        penalty = _chombo_points(request, seat)
        result = _thousands(points + bonus - penalty)
        standings.append(
            GameStanding(
                seat=seat,
                place=place[seat],
                score=scores[seat],
                result=clean(result + chips_result) if chips_result else result,
                points=_thousands(points),
                uma=_thousands(uma[seat]),
                oka=_thousands(oka_of[seat]),
                riichi_sticks=_thousands(sticks_of[seat]),
                chips=chips_result,
                chombo=_thousands(-penalty) if request.chombo == "deduct_20000" else msgspec.UNSET,
            )
        )
    if request.riichi_sticks and not request.sticks_to_first:
        warnings.append(warning("riichi_sticks_left_the_game", sticks=request.riichi_sticks))
    return GameResults(
        players=players,
        standings=standings,
        oka=_thousands(oka),
        start_points=request.start_points,
        return_points=request.return_points,
        uma=list(request.uma),
        riichi_sticks=request.riichi_sticks,
        sticks_to_first=request.sticks_to_first,
        ties=request.ties,
        chip_value=clean(chips.value) if chips is not None else None,
        warnings=warnings,
        rounding=request.rounding,
        chombo=request.chombo if request.chombo != "none" else msgspec.UNSET,
        preset=request.preset,
    )
