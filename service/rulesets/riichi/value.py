"""What a riichi winner's hand is worth: its value as the request gives it
(han/fu, yakuman, declared yaku and dora, a hand structure, or the tiles),
checked, then put through the limits.

Sources: the riichi scoring article (the limits, 複合役滿), the reference
calculator (20 fu only on pinfu tsumo; 25 fu is seven pairs), the Wikibooks
extract (the yaku won by a self-draw or on a discard, the dealer's and the
non-dealer's).
"""

from __future__ import annotations

import dataclasses

import msgspec

from service.core.errors import FieldProblem, RuleViolation, field_problem, template
from service.core.seats import Seat
from service.core.settlement import Discard, SelfDraw, Win
from service.core.warnings import SettlementWarning
from service.rulesets.riichi.hand.counting import NO_YAKU, HanItem, tally_han, yakuman_tier
from service.rulesets.riichi.hand.fu import FuResult, count_fu
from service.rulesets.riichi.hand.limits import basic_points, yakuman_points
from service.rulesets.riichi.hand.tiles import RiichiEvaluation, RiichiTiles, evaluate
from service.rulesets.riichi.hand.value_table import YakuCode
from service.rulesets.riichi.payments import YAKUMAN_BASIC
from service.rulesets.riichi.rules import RiichiRules
from service.rulesets.riichi.schemas import HandFields
from service.rulesets.riichi.warnings import warning
from service.rulesets.riichi.yaku_rules import YakuOptions


class ResolvedHand(msgspec.Struct, frozen=True):
    """A hand's resolved value: basic points and the tier, with the han/fu or
    yakuman count that produced them."""

    han: int | None
    fu: int | None
    yakuman: int
    basic: int
    tier: str | None
    warnings: tuple[SettlementWarning, ...] = ()
    fu_count: FuResult | None = None
    yaku_items: list[HanItem] | None = None
    evaluation: RiichiEvaluation | None = None


class _DeclaredHand(msgspec.Struct, frozen=True):
    """A settlement hand's `yaku` with its companions resolved to defaults
    (a Struct: a frozen dataclass sets each field through object.__setattr__)."""

    yaku: list[YakuCode]
    open: bool
    dora: int
    aka_dora: int
    ura_dora: int
    nuki_dora: int

    @classmethod
    def of(cls, fields: HandFields, yaku: list[YakuCode]) -> _DeclaredHand:
        """``fields`` declaring ``yaku`` (its `yaku`), absent counts as none
        (``msgspec.UNSET`` is falsy: ``or`` gives the default)."""
        return cls(
            yaku,
            fields.open or False,
            fields.dora or 0,
            fields.aka_dora or 0,
            fields.ura_dora or 0,
            fields.nuki_dora or 0,
        )


def resolve_hand(
    fields: HandFields,
    *,
    tsumo: bool,
    rules: RiichiRules,
    seat: Seat,
    pointer: str = "",
    options: YakuOptions | None = None,
    dealer: Seat | None = None,
    win: Win | None = None,
    players: int = 4,
) -> ResolvedHand:
    """Resolve and check what a hand is worth; ``pointer`` locates ``fields``
    in the request (``""`` or ``/further_winners/0``). A ``hand`` structure
    is counted into fu (and checked) whatever the han."""
    if fields.tiles is not msgspec.UNSET:
        return _value_from_tiles(
            fields,
            fields.tiles,
            tsumo=tsumo,
            rules=rules,
            seat=seat,
            pointer=pointer,
            options=options,
            dealer=dealer,
            win=win,
            players=players,
        )
    counted: FuResult | None = None
    tier: str | None  # yakuman, a limit, or none
    if fields.hand is not msgspec.UNSET:
        if fields.fu is not msgspec.UNSET:
            raise RuleViolation(FieldProblem(f"{pointer}/hand", "Give `fu` or `hand`, not both."))
        counted = count_fu(fields.hand, fields.hand.rules, f"{pointer}/hand", tsumo=tsumo)
    if fields.yaku is not msgspec.UNSET:
        return _value_from_yaku(
            fields,
            fields.yaku,
            tsumo=tsumo,
            rules=rules,
            seat=seat,
            pointer=pointer,
            options=options or YakuOptions(),
            dealer_won=seat == dealer,
            counted=counted,
            north_rinshan=rules.nukidora_rinshan and players == 3,
        )
    if fields.yakuman is not msgspec.UNSET:
        paid, basic, tier = yakuman_points(fields.yakuman, rules)
        notes: tuple[SettlementWarning, ...] = ()
        if paid < fields.yakuman:
            notes = (warning("yakuman_capped", seat=seat, yakuman=fields.yakuman),)
        return ResolvedHand(None, None, paid, basic, tier, notes, counted)
    han = fields.han
    if han is msgspec.UNSET:
        raise RuleViolation(FieldProblem(f"{pointer}/han", "Give `han` (with `fu` below 5 han) or `yakuman`."))
    if han >= 5:
        basic, tier = basic_points(han, 0, rules)
        return ResolvedHand(han, None, 0, basic, tier, (), counted)
    fu = counted.fu if counted is not None else fields.fu
    if fu is msgspec.UNSET:
        raise RuleViolation(
            field_problem(f"{pointer}/fu", "Below 5 han the fu decide the value: give `fu` (or `hand`) for this {han}-han hand.", han=han)
        )
    basic, tier = basic_points(han, fu, rules)
    notes = _combination_warnings(han, fu, tsumo, seat) if fu in WARNED_FU else ()
    return ResolvedHand(han, fu, 0, basic, tier, notes, counted)


TILES_OR = template("Give `tiles` or `{field}`, not both: the tiles decide the value.")


def _value_from_tiles(
    fields: HandFields,
    tiles: RiichiTiles,
    *,
    tsumo: bool,
    rules: RiichiRules,
    seat: Seat,
    pointer: str,
    options: YakuOptions | None,
    dealer: Seat | None,
    win: Win | None,
    players: int,
) -> ResolvedHand:
    """The value of a winner's `tiles` (:mod:`service.rulesets.riichi.hand.tiles`).
    The evaluation's pointers are under ``/tiles``; a further winner's are
    moved under its own entry."""
    for name in ("han", "fu", "yakuman", "yaku", "hand"):
        if getattr(fields, name) is not msgspec.UNSET:
            raise RuleViolation(
                field_problem(f"{pointer}/tiles", TILES_OR, field=name), field_problem(f"{pointer}/{name}", TILES_OR, field=name)
            )
    if win is None:
        win = SelfDraw() if tsumo else Discard(discarder=seat)
    try:
        found = evaluate(
            tiles, win=win, winner=seat, dealer=dealer or "east", players=players, rules=rules, options=options or YakuOptions()
        )
    except RuleViolation as violation:
        if not pointer:
            raise
        violation.problems = tuple(
            dataclasses.replace(problem, pointer=pointer + problem.pointer) if problem.pointer.startswith("/tiles") else problem
            for problem in violation.problems
        )
        raise
    notes = tuple(found.evaluation.warnings)
    if found.yakuman:
        return ResolvedHand(
            None, None, found.yakuman, found.basic, found.tier, notes, found.evaluation.fu_count, found.evaluation.items, found.evaluation
        )
    assert found.han is not None
    notes += _combination_warnings(found.han, found.fu, tsumo, seat) if found.fu is not None else ()
    return ResolvedHand(
        found.han, found.fu, 0, found.basic, found.tier, notes, found.evaluation.fu_count, found.evaluation.items, found.evaluation
    )


TSUMO_YAKU: frozenset[str] = frozenset({"menzen_tsumo", "haitei", "rinshan_kaihou", "tenhou", "chiihou"})
"""Yaku won by a self-draw (the Wikibooks extract: 自摸, 海底, 嶺上, 天和/地和 摸…自摸糊牌)."""
RON_YAKU: frozenset[str] = frozenset({"houtei", "chankan", "renhou"})
"""Yaku won on another player's tile (河底 出銃, 搶槓, 人和 有人出銃)."""
DEALER_YAKU: frozenset[str] = frozenset({"tenhou", "paarenchan"})
NON_DEALER_YAKU: frozenset[str] = frozenset({"chiihou", "renhou"})
WIN_BOUND_YAKU = TSUMO_YAKU | RON_YAKU | DEALER_YAKU | NON_DEALER_YAKU
"""The yaku :func:`_check_yaku_against_win` has anything to say about."""


def _value_from_yaku(
    fields: HandFields,
    yaku: list[YakuCode],
    *,
    tsumo: bool,
    rules: RiichiRules,
    seat: Seat,
    pointer: str,
    options: YakuOptions,
    dealer_won: bool,
    counted: FuResult | None,
    north_rinshan: bool,
) -> ResolvedHand:
    """The hand's value from its declared yaku and dora (the Wikibooks extract's list,
    :mod:`service.rulesets.riichi.hand.counting`), then the usual limits."""
    if fields.han is not msgspec.UNSET or fields.yakuman is not msgspec.UNSET:
        name = "han" if fields.han is not msgspec.UNSET else "yakuman"
        detail = template("Give `yaku` or `{field}`, not both.")
        raise RuleViolation(field_problem(f"{pointer}/yaku", detail, field=name), field_problem(f"{pointer}/{name}", detail, field=name))
    declared = _DeclaredHand.of(fields, yaku)
    if counted is not None and (declared.open == counted.closed or (not counted.pinfu and "pinfu" in yaku)):
        _check_yaku_against_shape(declared, counted, pointer)  # called only when it has something to say
    count = tally_han(
        declared,
        options,
        multiple_yakuman=rules.multiple_yakuman,
        at=pointer,
        options_at="/yaku_options",
        north_rinshan=north_rinshan,
    )
    if not WIN_BOUND_YAKU.isdisjoint(count.positions):
        _check_yaku_against_win(count.positions, tsumo=tsumo, dealer_won=dealer_won, pointer=pointer)
    notes: tuple[SettlementWarning, ...] = () if count.has_yaku else (NO_YAKU,)
    if count.yakuman:
        # multiple_yakuman has been applied to the combination: a lone double
        # yakuman still counts two (unless yaku_options.double_yakuman is false)
        return ResolvedHand(
            None, None, count.yakuman, YAKUMAN_BASIC * count.yakuman, yakuman_tier(count.yakuman), notes, counted, count.items
        )
    if count.han == 0:
        raise RuleViolation(FieldProblem(f"{pointer}/yaku", "These yaku and dora make 0 han: nothing to settle."))
    if count.han >= 5:
        basic, tier = basic_points(count.han, 0, rules)
        return ResolvedHand(count.han, None, 0, basic, tier, notes, counted, count.items)
    fu = counted.fu if counted is not None else fields.fu
    if fu is msgspec.UNSET:
        raise RuleViolation(
            field_problem(
                f"{pointer}/fu", "Below 5 han the fu decide the value: give `fu` (or `hand`) for this {han}-han hand.", han=count.han
            )
        )
    basic, tier = basic_points(count.han, fu, rules)
    if fu in WARNED_FU:
        notes += _combination_warnings(count.han, fu, tsumo, seat)
    return ResolvedHand(count.han, fu, 0, basic, tier, notes, counted, count.items)


def _check_yaku_against_shape(declared: _DeclaredHand, counted: FuResult, pointer: str) -> None:
    """With both `yaku` and `hand`: `open` must say what the melds say, and
    pinfu needs the pinfu shape."""
    if declared.open == counted.closed:
        if declared.open:
            detail = template("`open` is true, but the melds in `hand` are closed.")
        else:
            detail = template("`open` is false, but the melds in `hand` are open.")
        raise RuleViolation(FieldProblem(f"{pointer}/open", detail), FieldProblem(f"{pointer}/hand", detail))
    if "pinfu" in declared.yaku and not counted.pinfu:
        detail = template("`pinfu` is declared, but `hand` is not a pinfu shape (closed, four sequences, a plain pair, a two-sided wait).")
        raise RuleViolation(FieldProblem(f"{pointer}/yaku/{declared.yaku.index('pinfu')}", detail), FieldProblem(f"{pointer}/hand", detail))


def _check_yaku_against_win(positions: dict[str, int], *, tsumo: bool, dealer_won: bool, pointer: str) -> None:
    """Win-type yaku must match `win`, dealer-only yaku the dealer (422 naming
    the yaku and `win/type` or `dealer`)."""
    problems: list[FieldProblem] = []
    win_type = dealer = False
    for code, index in positions.items():
        if tsumo and code in RON_YAKU:
            win_type = True
            problems.append(
                field_problem(f"{pointer}/yaku/{index}", "`{code}` is a win on another player's tile, but `win` is a self-draw.", code=code)
            )
        elif not tsumo and code in TSUMO_YAKU:
            win_type = True
            problems.append(field_problem(f"{pointer}/yaku/{index}", "`{code}` is a self-draw, but `win` is a discard.", code=code))
        if code in DEALER_YAKU and not dealer_won:
            dealer = True
            problems.append(
                field_problem(f"{pointer}/yaku/{index}", "`{code}` is the dealer's, but this winner is not the dealer.", code=code)
            )
        elif code in NON_DEALER_YAKU and dealer_won:
            dealer = True
            problems.append(
                field_problem(f"{pointer}/yaku/{index}", "`{code}` is a non-dealer's, but this winner is the dealer.", code=code)
            )
    if win_type:
        problems.append(FieldProblem("/win/type", "The declared yaku contradict how the hand was won."))
    if dealer:
        problems.append(FieldProblem("/dealer", "The declared yaku contradict who the dealer is."))
    if problems:
        raise RuleViolation(*problems, title=template("The declared yaku contradict the win"))


WARNED_FU: frozenset[int] = frozenset({20, 25})
"""The fu :func:`_combination_warnings` has anything to say about."""


def _combination_warnings(han: int, fu: int, tsumo: bool, seat: Seat) -> tuple[SettlementWarning, ...]:
    """Han/fu combinations no real hand has (the reference calculator's 符: 20 fu only on pinfu
    tsumo; 25 fu is seven pairs, itself 2 han). Still computed."""
    if fu not in WARNED_FU:
        return ()
    notes: list[SettlementWarning] = []
    if fu == 20 and not tsumo:
        notes.append(warning("fu_20_on_ron", seat=seat))
    if fu == 20 and tsumo and han < 2:
        notes.append(warning("fu_20_tsumo_below_2_han", seat=seat, han=han))
    if fu == 25 and han < 2:
        notes.append(warning("fu_25_below_2_han", seat=seat, han=han))
    elif fu == 25 and tsumo and han < 3:
        notes.append(warning("fu_25_tsumo_below_3_han", seat=seat, han=han))
    return tuple(notes)
