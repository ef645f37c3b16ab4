"""A whole riichi game (east-only or hanchan) as a ledger of hands.

What the score-keeper derives, hand by hand (the contract's "Games"):

- Riichi: each seat in a hand's `riichi` puts a 1,000-point stick on the
  table before the hand is settled (it needs 1,000 points to do so). A win
  takes every stick on the table (on a multiple ron, the first winner in turn
  order from the discarder, as the settlement endpoint pays them); after a
  draw they stay.
- The dealer keeps the deal (honba + 1) on a dealer win (any of several
  winners) or a draw with the dealer tenpai, and after an abortive draw.
  Otherwise the deal passes: honba 0 after a non-dealer win, honba + 1 after
  a draw.
- The round wind advances when the deal has gone round the table; the game
  ends when the last round's deal passes on (east-only: one round; hanchan:
  two), or, with `bust`, as soon as a score falls below zero.
- `agari_yame` and `extension` (:mod:`service.rulesets.riichi.game_end`) end
  a game at its last hand when the dealer stays first, and add one round
  while nobody has the return points.
- `resume` picks a game up at a later hand (a record that starts there): its
  round, hand number, honba, sticks and scores instead of east 1's.
- A `chombo` hand (a foul, :mod:`service.rulesets.riichi.chombo`) is dealt
  again: the dealer keeps the deal, no honba is added, the sticks declared
  in it go back to their owners; `game.chombo` says what the seat pays.
- `standings` are exactly `POST /v1/riichi/game-results` on the final scores
  with the game's uma, oka and ties, the sticks left on the table going to
  first place, and the chombo under `deduct_20000`; `settle_up` pays those
  results (in thousands) before any chombo deduction, which nobody receives.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Annotated, Any, ClassVar, Literal

import msgspec

from service.core.codec import BODY_LAYER
from service.core.errors import RuleViolation, field_problem, template
from service.core.fields import OrUnset
from service.core.game import GameSteps, Rotation, add, build_request, check_not_over, finish, prefixed, seats_at, settle_up, snapshot
from service.core.game_types import GameTypes, HandState, HandTypeWithChombo, game_types
from service.core.seats import SEATS, Seat
from service.rulesets.riichi.chombo import RiichiChombo, RiichiGameChombo, chombo_hand
from service.rulesets.riichi.draws import RiichiDrawRequest, RiichiDrawResult, draw
from service.rulesets.riichi.game_end import Extension, GameEnd
from service.rulesets.riichi.game_results import (
    MAX_START,
    MAX_UMA,
    STICK_POINTS,
    ChomboPenalty,
    GameChomboCounts,
    GameResults,
    GameResultsRequest,
    GameScores,
    Rounding,
    Ties,
    UmaValue,
    deducted_of,
    game_results,
)
from service.rulesets.riichi.presets import Layout, PresetField, PresetName, body_layer, field_names
from service.rulesets.riichi.rules import RiichiRules, resolve_rules
from service.rulesets.riichi.schemas import RiichiRequest, RiichiSettlement
from service.rulesets.riichi.seats import HonbaCount, Players, SticksCount
from service.rulesets.riichi.settlement import settle
from service.rulesets.riichi.yaku_rules import YakuOptions

Declared = Annotated[
    list[Seat],
    msgspec.Meta(max_length=4, description="Seats that declared riichi this hand: each puts a 1,000-point stick on the table."),
]


class RiichiResume(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Where a game is picked up when its first hands are not sent (a record
    that starts later, as review tools export single hands): the first sent
    hand's place and the table as it stood before it. The game's own
    `start_dealer`, `start_round` and `length` still say how it began and
    how long it lasts."""

    round: Annotated[Seat, msgspec.Meta(description="The first sent hand's round wind (within the game's length).")]
    hand_number: Annotated[int, msgspec.Meta(ge=1, le=4, description="Its number in the round (1 = the round's first dealer's).")]
    honba: HonbaCount = 0
    riichi_sticks: SticksCount = 0
    scores: Annotated[GameScores, msgspec.Meta(description="Each seat's points before it (leave `north` out with three players).")]


class RiichiGameSetup(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """How a riichi game runs."""

    __echoed_when_sent__: ClassVar[tuple[str, ...]] = ("goal_points",)
    """Echoed only when sent (or set by a preset): absent, `return_points` is the goal."""

    length: Annotated[
        Literal["east", "hanchan"], msgspec.Meta(description="`east` (東風戰, one round) or `hanchan` (半莊, two; default).")
    ] = "hanchan"
    players: Players = 4
    start_points: Annotated[
        int, msgspec.Meta(ge=1000, le=MAX_START, description="原點: each player's points at the start (default 25,000).")
    ] = 25_000
    return_points: Annotated[
        int, msgspec.Meta(ge=0, le=MAX_START, description="返點 for the standings (default 30,000; oka = (return − start) × players).")
    ] = 30_000
    goal_points: OrUnset[
        Annotated[
            int,
            msgspec.Meta(
                ge=0,
                le=MAX_START,
                description=(
                    "Points that end the game after its last round, when they differ from `return_points` (default: "
                    "`return_points`): `extension` plays on while nobody has them and `agari_yame` needs them. Mahjong Soul "
                    "counts results from the start points (no oka) but plays on until someone has 30,000 (40,000 with three)."
                ),
            ),
        ]
    ] = msgspec.UNSET
    uma: Annotated[
        list[UmaValue],
        msgspec.Meta(
            min_length=2,
            max_length=2,
            description="馬 `[smaller, larger]` in thousands (default 10-20), as game-results takes it.",
            extra_json_schema={"extra": {"items": {"type": "integer", "minimum": 0, "maximum": MAX_UMA}, "default": [10, 20]}},
        ),
    ] = msgspec.field(default_factory=lambda: [10, 20])
    ties: Annotated[Ties, msgspec.Meta(description="Equal final scores: `split` (default) or `seat_order`.")] = "split"
    bust: Annotated[bool, msgspec.Meta(description="The game ends as soon as a score falls below 0 (飛び, default true).")] = True
    start_dealer: Annotated[Seat, msgspec.Meta(description="The first hand's dealer (default east).")] = "east"
    start_round: Annotated[Seat, msgspec.Meta(description="The first hand's round wind (default east).")] = "east"
    agari_yame: Annotated[
        bool,
        msgspec.Meta(
            description=(
                "アガリ止め: at the game's last hand, a dealer win or a dealer tenpai at a draw that leaves the dealer first ends "
                "the game (default false; Tenhou plays it)."
            )
        ),
    ] = False
    extension: Annotated[
        Extension,
        msgspec.Meta(
            description=(
                "`none` (default) or `sudden_death` (西入/南入, as Tenhou plays): when the last round ends with nobody at "
                "`return_points`, one more round is played, and the game ends after the first hand of it that leaves someone "
                "at or above `return_points`."
            )
        ),
    ] = "none"
    rounding: Rounding = "exact"
    abortive_draws: Annotated[
        bool,
        msgspec.Meta(description="Whether the table plays abortive draws (途中流局; default true; false refuses an `abort` hand)."),
    ] = True
    chombo: ChomboPenalty = "none"
    resume: Annotated[
        RiichiResume | None,
        msgspec.Meta(description="A game picked up at a later hand (default none: the game starts at its first hand)."),
    ] = None


class RiichiGameDraw(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, tag_field="type", tag="draw"):
    """An exhaustive draw (荒牌流局), settled as `POST /v1/riichi/draws`."""

    tenpai: Annotated[list[Seat], msgspec.Meta(max_length=4, description="The tenpai seats.")] = msgspec.field(default_factory=list)
    nagashi_mangan: Annotated[list[Seat], msgspec.Meta(max_length=4, description="流局滿貫 seats.")] = msgspec.field(default_factory=list)
    riichi: Declared = msgspec.field(default_factory=list)


class RiichiGameAbort(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, tag_field="type", tag="abort"):
    """An abortive draw (途中流局): nobody pays, the dealer keeps the deal, honba + 1."""

    riichi: Declared = msgspec.field(default_factory=list)


DERIVED = ("dealer", "honba", "riichi_sticks", "players")
TYPES: GameTypes = game_types(
    "riichi",
    "Riichi",
    RiichiRequest,
    RiichiRules,
    RiichiGameSetup,
    RiichiSettlement,
    omit=DERIVED,
    extra_win_fields=[("riichi", Declared, msgspec.field(default_factory=list))],
    draw_type=RiichiGameDraw,
    abort_type=RiichiGameAbort,
    draw_result=RiichiDrawResult,
    standings_type=GameResults,
    top_fields=[("preset", PresetField, msgspec.UNSET)],  # absent: UNSET (OrUnset at run time)
    chombo_type=RiichiGameChombo,
    chombo_result=RiichiChombo,
    answer_fields=[
        (
            "preset",
            Annotated[PresetName, msgspec.Meta(description="The request's `preset`, when it named one; absent otherwise.")],
            msgspec.UNSET,
        ),
        (
            "rules",
            Annotated[RiichiRules, msgspec.Meta(description="With a `preset`: the rules resolved; absent otherwise.")],
            msgspec.UNSET,
        ),
        (
            "game",
            Annotated[RiichiGameSetup, msgspec.Meta(description="With a `preset`: the game options resolved; absent otherwise.")],
            msgspec.UNSET,
        ),
    ],
)
_GAME_LAYOUT = Layout(groups={"rules": field_names(RiichiRules), "game": field_names(RiichiGameSetup)}, hands=field_names(YakuOptions))
setattr(TYPES.wire, BODY_LAYER, lambda _type: body_layer(_GAME_LAYOUT))

NO_ABORTS = template("This table plays no abortive draws (`game.abortive_draws` is false).")
NOT_AT_TABLE = template("{seat} is not at this table.")
NO_SUCH_HAND = template("A round of {players} players has no hand {number}.")
PAST_THE_LENGTH = template("The {round} round is not in a game of this length, which starts in the {start} round.")
SCORES_NOT_THE_TABLE = template("The scores are {given}: a table of {players} players has the scores of {seats}.")
TWICE = template("{seat} is listed twice.")
NO_POINTS_FOR_RIICHI = template("{seat} has {points} points: a riichi needs a 1,000-point stick.")
RIICHI_NOT_TENPAI = template("{seat} declared riichi this hand, so is tenpai at the draw: list it in `tenpai`.")


def _declare(item: Any, index: int, seats: tuple[Seat, ...], totals: dict[str, Decimal]) -> int:
    """Take each declaring seat's stick; the number of sticks put down."""
    seen: set[Seat] = set()
    for at, seat in enumerate(item.riichi):
        pointer = f"/hands/{index}/riichi/{at}"
        if seat not in seats:
            raise RuleViolation(field_problem(pointer, NOT_AT_TABLE, seat=seat))
        if seat in seen:
            raise RuleViolation(field_problem(pointer, TWICE, seat=seat))
        if totals[seat] < STICK_POINTS:
            raise RuleViolation(field_problem(pointer, NO_POINTS_FOR_RIICHI, seat=seat, points=totals[seat]))
        seen.add(seat)
        totals[seat] -= STICK_POINTS
    return len(seen)


def _resumed(resume: RiichiResume, rotation: Rotation, seats: tuple[Seat, ...]) -> dict[str, Decimal]:
    """Move the rotation to the resumed hand; the scores it starts from."""
    if resume.hand_number > len(seats):
        raise RuleViolation(field_problem("/game/resume/hand_number", NO_SUCH_HAND, players=len(seats), number=resume.hand_number))
    played = (SEATS.index(resume.round) - SEATS.index(rotation.round)) % len(SEATS)
    if played >= rotation.rounds:
        raise RuleViolation(field_problem("/game/resume/round", PAST_THE_LENGTH, round=resume.round, start=rotation.round))
    given = {seat: getattr(resume.scores, seat) for seat in SEATS if getattr(resume.scores, seat) is not None}
    if tuple(given) != seats:
        raise RuleViolation(field_problem("/game/resume/scores", SCORES_NOT_THE_TABLE, given=given, players=len(seats), seats=list(seats)))
    rotation.round, rotation.rounds_played, rotation.hand_number = resume.round, played, resume.hand_number
    rotation.dealer = seats[(seats.index(rotation.start_dealer) + resume.hand_number - 1) % len(seats)]
    return {seat: Decimal(points) for seat, points in given.items()}


def _check_abort(options: RiichiGameSetup, index: int) -> None:
    if not options.abortive_draws:
        raise RuleViolation(field_problem(f"/hands/{index}/type", NO_ABORTS))


def _goal(options: RiichiGameSetup) -> int:
    """The points that end the game after its last round (`goal_points`, else `return_points`)."""
    return options.return_points if options.goal_points is msgspec.UNSET else options.goal_points


def _preset_echo(request: Any, players: int) -> dict[str, Any]:
    """With a preset: the answer's `preset` and the resolved rules and game options."""
    if request.preset is msgspec.UNSET:
        return {}
    return {"preset": request.preset, "rules": resolve_rules(request.rules, players), "game": request.game}


def game(request: Any) -> Any:
    """Replay the hands of a riichi game (`TYPES.request`, hands decoded)."""
    return finish(steps(request))


@dataclass(slots=True)
class _Table:
    """What carries from one hand of a game to the next: the scores, the
    honba and the riichi sticks on the table."""

    totals: dict[str, Decimal]
    honba: int = 0
    sticks: int = 0
    chombo: dict[str, int] = field(default_factory=dict)
    """Chombo per seat so far (deducted from the results under `deduct_20000`)."""


def _start(options: RiichiGameSetup, seats: tuple[Seat, ...]) -> tuple[Rotation, _Table]:
    """The rotation and the table a game starts from: the first hand, or the
    hand it resumes at with that hand's scores, honba and sticks."""
    for name in ("start_dealer",):
        if getattr(options, name) not in seats:
            raise RuleViolation(field_problem(f"/game/{name}", NOT_AT_TABLE, seat=getattr(options, name)))
    rotation = Rotation(
        seats=seats,
        dealer=options.start_dealer,
        round=options.start_round,
        rounds=1 if options.length == "east" else 2,
        start_dealer=options.start_dealer,
    )
    if options.resume is None:
        return rotation, _Table({seat: Decimal(options.start_points) for seat in seats})
    totals = _resumed(options.resume, rotation, seats)
    return rotation, _Table(totals, options.resume.honba, options.resume.riichi_sticks)


def _drawn(request: Any, item: RiichiGameDraw, index: int, dealer: Seat, table: _Table) -> RiichiDrawResult:
    """An exhaustive draw: every riichi seat tenpai, the draw's payments
    added to the scores, one more honba; the sticks stay."""
    for seat in item.riichi:
        if seat not in item.tenpai:
            raise RuleViolation(field_problem(f"/hands/{index}/tenpai", RIICHI_NOT_TENPAI, seat=seat))
    body = RiichiDrawRequest(
        tenpai=item.tenpai,
        nagashi_mangan=item.nagashi_mangan,
        dealer=dealer,
        players=request.game.players,
        honba=table.honba,
        riichi_sticks=table.sticks,
        rules=request.rules,
    )
    try:
        drawn = draw(body)
    except RuleViolation as exc:
        raise prefixed(exc, index) from None
    add(table.totals, drawn.deltas)
    table.honba += 1
    return drawn


def _won(request: Any, item: Any, index: int, dealer: Seat, table: _Table) -> RiichiSettlement:
    """A won hand: settled and added to the scores; the sticks go to the
    winner; the honba grow while the dealer wins, else start again."""
    body = build_request(
        RiichiRequest,
        item,
        index,
        dealer=dealer,
        honba=table.honba,
        riichi_sticks=table.sticks,
        players=request.game.players,
        rules=request.rules,
    )
    try:
        settlement = settle(body)
    except RuleViolation as exc:
        raise prefixed(exc, index) from None
    add(table.totals, settlement.deltas)
    table.sticks = 0
    table.honba = table.honba + 1 if _dealer_won(settlement, dealer) else 0
    return settlement


def _dealer_won(settlement: RiichiSettlement, dealer: Seat) -> bool:
    """Whether the dealer is among the paid winners (and so keeps the deal)."""
    return any(winner.winner == dealer and winner.paid for winner in settlement.winners)


Played = tuple[HandTypeWithChombo, bool, RiichiSettlement | None, RiichiDrawResult | None, RiichiChombo | None]


def _play(request: Any, item: Any, index: int, dealer: Seat, table: _Table) -> Played:
    """One hand of the game, after its riichi sticks are down: its type,
    whether the dealer keeps the deal, and its settlement, draw or chombo."""
    if isinstance(item, RiichiGameChombo):
        fouled = chombo_hand(request.game, item, index, dealer, seats_at(request.game.players))
        add(table.totals, fouled.deltas)
        add(table.totals, {seat: Decimal(STICK_POINTS) for seat in item.riichi})
        table.sticks -= len(item.riichi)  # each declarer's stick goes back
        table.chombo[item.seat] = table.chombo.get(item.seat, 0) + 1
        return "chombo", True, None, None, fouled
    if isinstance(item, RiichiGameAbort):
        _check_abort(request.game, index)
        table.honba += 1
        return "abort", True, None, None, None
    if isinstance(item, RiichiGameDraw):
        drawn = _drawn(request, item, index, dealer, table)
        return "draw", dealer in item.tenpai, None, drawn, None
    settlement = _won(request, item, index, dealer, table)
    return "win", _dealer_won(settlement, dealer), settlement, None, None


def _standings(options: RiichiGameSetup, table: _Table, seats: tuple[Seat, ...]) -> tuple[GameResults, list[Any]]:
    """A finished game's standings (the sticks left to the first, the chombo
    deducted) and the transfers that settle them up (before the deductions,
    which nobody receives)."""
    scores = {seat: int(table.totals[seat]) for seat in seats}
    deducted = options.chombo == "deduct_20000" and bool(table.chombo)
    standings = game_results(
        GameResultsRequest(
            scores=GameScores(**scores),
            start_points=options.start_points,
            return_points=options.return_points,
            uma=options.uma,
            riichi_sticks=table.sticks,
            sticks_to_first=True,
            ties=options.ties,
            rounding=options.rounding,
            chombo=options.chombo,
            chombo_counts=GameChomboCounts(**table.chombo) if deducted else None,
        )
    )
    return standings, settle_up({standing.seat: standing.result - deducted_of(standing) for standing in standings.standings})


def steps(request: Any) -> GameSteps:
    """:func:`game`, yielding after each hand: takes the decoded game request
    and gives (at its end) the answer with every hand, the scores, and the
    standings once the game is over."""
    options: RiichiGameSetup = request.game
    players = options.players
    seats = seats_at(players)
    rotation, table = _start(options, seats)
    totals = table.totals
    end = GameEnd(options.agari_yame, options.extension, _goal(options), options.ties)
    busted = False
    answered = []
    for index, item in enumerate(request.hands):
        check_not_over(rotation.over or busted or end.reason is not None, index)
        dealer = rotation.dealer
        state = {"round": rotation.round, "hand_number": rotation.hand_number, "dealer": dealer, "honba": table.honba}
        table.sticks += _declare(item, index, seats, totals)
        kind, keeps, settlement, drawn, fouled = _play(request, item, index, dealer, table)
        answered.append(
            TYPES.hand(
                type=kind,
                **state,
                riichi_sticks=settlement.riichi_sticks if settlement else table.sticks,
                dealer_streak=None,
                settlement=settlement,
                draw=drawn,
                scores=snapshot(totals),
                **({"chombo": fouled} if fouled is not None else {}),
            )
        )
        busted = busted or (options.bust and any(points < 0 for points in totals.values()))
        if kind != "chombo":  # a chombo is dealt again: not a hand the game's end counts
            end.after_hand(rotation, totals, dealer_kept=keeps and kind != "abort")
        if not keeps and end.reason is None:
            rotation.pass_deal()
            end.after_deal_passed(rotation, totals)
        yield
    finished = busted or rotation.over or end.reason is not None
    standings, transfers = _standings(options, table, seats) if finished else (None, [])
    return TYPES.answer(
        ruleset="riichi",
        hands=answered,
        scores=snapshot(totals),
        next=None
        if finished
        else HandState(
            round=rotation.round, hand_number=rotation.hand_number, dealer=rotation.dealer, honba=table.honba, riichi_sticks=table.sticks
        ),
        finished=finished,
        end_reason=("bust" if busted else end.reason or "length") if finished else None,
        standings=standings,
        settle_up=transfers,
        **_preset_echo(request, players),
    )
