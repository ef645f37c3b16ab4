"""Hong Kong fan from declared patterns: the counter behind
`POST /v1/hongkong/fan`, which the settlement and the tiles evaluator count
with too.

:func:`tally_fan` walks the declared patterns once against the value table's
module-level lookups (:mod:`service.rulesets.hongkong.value_table`; no
per-call table building): the combination rules printed under the Hong Kong
fan sheet (相加：对对胡＋混一色＝6 · 对对胡＋清一色＝10 · 门前清＋自摸＝2 ·
混一色与清一色不可同计), and a limit hand scoring the cap (爆棚牌：计十番，不另加番).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from service.core.errors import FieldProblem, RuleViolation, contradiction_problems, field_problem, template
from service.core.fields import OrUnset
from service.core.settlement import LocalizedName
from service.core.warnings import SettlementWarning
from service.rulesets.hongkong.rules import HongKongRules, PatternRules
from service.rulesets.hongkong.unvalued import UNVALUED
from service.rulesets.hongkong.value_table import (
    CONFLICTS,
    FAN_TABLE,
    IMPLIES_SELF_DRAW,
    INCLUDED_BY,
    ON_DISCARD,
    ROWS,
    SELF_DRAWN,
    EightImmortals,
    FanCode,
    FanRow,
    Per,
    table_rows,
)
from service.rulesets.hongkong.warnings import warning

DRAGON_PONGS_IN_LITTLE_THREE = 2
ROUND_FLOWER_OFF = template("`round_flower` (the flower of the round's number) is counted only when `rules.round_flower` is true.")

_COUNTED_PER: dict[Per, str] = {
    "tile": template("A hand has at most {limit} of `{code}` (counted per tile)."),
    "set": template("A hand has at most {limit} of `{code}` (counted per set)."),
}


# --- Request and response -----------------------------------------------------


class PatternEntry(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """One declared pattern."""

    code: Annotated[FanCode, msgspec.Meta(description="A code from `GET /v1/hongkong/fan-table`.")]
    count: Annotated[
        int,
        msgspec.Meta(
            ge=1,
            le=3,
            description="How many: only for rows counted per tile or set (`seat_flower` ≤ 2, `round_flower` ≤ 2, `flower_set` ≤ 2, `dragon_pong` ≤ 3); 1 for the rest.",
        ),
    ] = 1


Patterns = Annotated[
    list[PatternEntry],
    msgspec.Meta(max_length=len(FAN_TABLE), description="The hand's patterns, each code at most once (see `GET /v1/hongkong/fan-table`)."),
]


class FanItem(msgspec.Struct, kw_only=True):
    """One pattern's contribution to the total."""

    code: FanCode
    name_en: Annotated[str, msgspec.Meta(description="English name (as in `GET /v1/hongkong/fan-table`).")]
    name: OrUnset[LocalizedName] = msgspec.UNSET
    count: Annotated[int, msgspec.Meta(description="Tiles or sets declared (1 for rows counted once).")]
    fan: Annotated[int, msgspec.Meta(description="Fan this pattern adds to the total (a limit hand: the cap).")]
    included_in: Annotated[
        FanCode | None,
        msgspec.Meta(
            description="When (some of) this pattern's fan is already part of another pattern's (已包括; a set replacing its seat flower; a limit hand, to which nothing is added): that pattern."
        ),
    ] = None
    implied_by: Annotated[
        str | None,
        msgspec.Meta(
            description="Set when the pattern was not declared but follows from another one (`win_on_kong` is a self-draw) or from the win (`win`)."
        ),
    ] = None


WonBy = Literal["self_draw", "discard"]


class FanCount(msgspec.Struct, kw_only=True):
    """What :func:`tally_fan` found (the settlement uses it without warnings)."""

    items: list[FanItem]
    fan: int
    limit_hand: bool
    won_by: WonBy | None
    positions: dict[str, int]


# --- Computation ------------------------------------------------------------


def _pointer(index: int, field: str = "code") -> str:
    return f"/patterns/{index}/{field}"


def tally_fan(
    patterns: list[PatternEntry],
    *,
    fan_cap: int,
    eight_immortals: EightImmortals = "eight_fan",
    self_drawn_win: bool = False,
    round_flower: bool = False,
    unvalued_fan: int = 0,
) -> FanCount:
    """Add up declared patterns: limit hands score ``fan_cap``; ``self_drawn_win``
    (a settlement whose win is a self-draw) adds `self_draw` when it was not
    declared; `round_flower` is counted only under ``round_flower`` (the
    rule); a row with no fan printed counts ``unvalued_fan``. Contradictions raise :class:`RuleViolation` naming both codes."""
    positions, counts = _declared(patterns)
    _check_combination(positions, counts, round_flower)
    implied: list[tuple[FanCode, int, str | None]] = []
    if "self_draw" not in positions:
        implier = next((code for code in IMPLIES_SELF_DRAW if code in positions), "win" if self_drawn_win else None)
        if implier is not None:
            implied.append(("self_draw", 1, implier))
            counts["self_draw"] = 1
    limits = LIMIT_CODES[eight_immortals]
    limit_code = next((entry.code for entry in patterns if entry.code in limits), None)
    declared: list[tuple[FanCode, int, str | None]] = [(entry.code, entry.count, None) for entry in patterns]
    items = _items(declared + implied, counts, limit_code, fan_cap, unvalued_fan)
    won_by: WonBy | None = None
    if self_drawn_win or any(code in SELF_DRAWN for code in positions):
        won_by = "self_draw"
    elif any(code in ON_DISCARD for code in positions):
        won_by = "discard"
    total = sum(item.fan for item in items)
    return FanCount(items=items, fan=total, limit_hand=limit_code is not None, won_by=won_by, positions=positions)


def _declared(patterns: list[PatternEntry]) -> tuple[dict[str, int], dict[str, int]]:
    """Each declared code's position and count; a code listed twice, or a
    count its row does not allow, raises :class:`RuleViolation`."""
    positions: dict[str, int] = {}
    counts: dict[str, int] = {}
    problems: list[FieldProblem] = []
    for index, entry in enumerate(patterns):
        code = entry.code
        if code in positions:
            problems.append(
                field_problem(
                    _pointer(index),
                    "`{code}` is listed twice (first at {first_at}); give it once with a `count`.",
                    code=code,
                    first_at=f"/patterns/{positions[code]}",
                )
            )
            continue
        positions[code] = index
        counts[code] = entry.count
        row = ROWS[code]
        if entry.count > row.max_count:
            if row.max_count == 1 or row.per is None:  # a row counted per tile or set has a `per`
                problems.append(field_problem(_pointer(index, "count"), "`{code}` is counted once; `count` must be 1.", code=code))
            else:
                problems.append(field_problem(_pointer(index, "count"), _COUNTED_PER[row.per], code=code, limit=row.max_count))
    if problems:
        raise RuleViolation(*problems)
    return positions, counts


def _check_combination(positions: dict[str, int], counts: dict[str, int], round_flower: bool) -> None:
    """Codes that cannot be declared together (or `round_flower` while the
    rule is off): :class:`RuleViolation` naming both."""
    problems = _round_flower_problems(positions, round_flower) + contradiction_problems(positions, CONFLICTS, "/patterns", "/code")
    if "little_three_dragons" in positions and counts.get("dragon_pong", 0) > DRAGON_PONGS_IN_LITTLE_THREE:
        detail = template("`little_three_dragons` has two dragon pongs; with a third it is `big_three_dragons`.")
        problems.append(FieldProblem(_pointer(positions["little_three_dragons"]), detail))
        problems.append(FieldProblem(_pointer(positions["dragon_pong"], "count"), detail))
    if problems:
        raise RuleViolation(*problems, title=template("The declared patterns contradict each other"))


LIMIT_CODES: dict[EightImmortals, frozenset[str]] = {
    "eight_fan": frozenset(row.code for row in FAN_TABLE if row.limit),
    "limit": frozenset(row.code for row in FAN_TABLE if row.limit) | {"eight_immortals"},
}
"""The limit hands (爆棚), by the eight immortals rule (八仙過海 one of them under `limit`)."""


def _items(
    lines: list[tuple[FanCode, int, str | None]], counts: dict[str, int], limit_code: FanCode | None, fan_cap: int, unvalued_fan: int = 0
) -> list[FanItem]:
    """Each pattern's line: with a limit hand, the cap for it and 0 for the
    rest (爆棚牌：计十番，不另加番); else its fan less the units another declared
    pattern already includes (:data:`INCLUDED_BY`)."""
    items: list[FanItem] = []
    for code, count, implied_by in lines:
        included_in: FanCode | None = None
        if limit_code is not None:
            if code == limit_code:
                fan = fan_cap
            else:
                fan, included_in = 0, limit_code
        else:
            covered = 0
            for including, per_unit in INCLUDED_BY.get(code, ()):
                covers = counts.get(including, 0) * per_unit
                if covers > covered:
                    covered, included_in = covers, including
            fan = max(0, count - covered) * (unvalued_fan if code in UNVALUED else ROWS[code].fan)
        items.append(FanItem(code=code, name_en=ROWS[code].name_en, count=count, fan=fan, included_in=included_in, implied_by=implied_by))
    return items


def _round_flower_problems(positions: dict[str, int], round_flower: bool) -> list[FieldProblem]:
    """`round_flower` listed while `rules.round_flower` is off."""
    if "round_flower" in positions and not round_flower:
        return [FieldProblem(_pointer(positions["round_flower"]), ROUND_FLOWER_OFF)]
    return []


# --- The cap, and fan from patterns (`POST /v1/hongkong/fan`, `GET /v1/hongkong/fan-table`) ---


def paid_fan(fan: int, limit_hand: bool, cap: int) -> tuple[int, Literal["limit"] | None]:
    """The cap rule (封頂), the one place it is written: a limit hand, or a fan
    at or above ``fan_cap``, pays as the cap and is tier `limit`; any other
    hand pays its fan."""
    if limit_hand or fan >= cap:
        return cap, "limit"
    return fan, None


def fan_warnings(fan: int, limit_hand: bool, rules: HongKongRules) -> list[SettlementWarning]:
    if limit_hand:
        return [warning("limit_hand_declared", cap=rules.fan_cap)]
    warnings: list[SettlementWarning] = []
    if fan < rules.min_fan:
        warnings.append(warning("below_minimum_fan", fan=fan, min_fan=rules.min_fan))
    if fan > rules.fan_cap:
        warnings.append(warning("fan_capped", fan=fan, cap=rules.fan_cap))
    return warnings


class FanRequest(PatternRules, forbid_unknown_fields=True, kw_only=True):
    """The patterns a Hong Kong hand has; the answer is its fan, itemised.
    Of `rules`, `fan_cap` and `min_fan` matter here."""

    patterns: Patterns
    rules: HongKongRules = HongKongRules()  # frozen: one shared default, nothing built per request


class FanResult(msgspec.Struct, kw_only=True):
    """A hand's fan, itemised per pattern."""

    items: list[FanItem]
    fan: Annotated[int, msgspec.Meta(description="Total fan: the sum of the items (a limit hand: the cap).")]
    limit_hand: Annotated[bool, msgspec.Meta(description="A limit hand (爆棚) was declared: it scores the cap and nothing is added.")]
    fan_paid: Annotated[int, msgspec.Meta(description="The fan a settlement pays: the total clamped to `fan_cap`.")]
    tier: Annotated[str | None, msgspec.Meta(description="`limit` when the fan reached the cap or a limit hand was declared.")]
    won_by: Annotated[
        WonBy | None,
        msgspec.Meta(
            description="`self_draw` when a pattern says the hand was self-drawn (八仙過海 counts as one), `discard` when one says it was won on another player's tile, else null."
        ),
    ]
    warnings: list[SettlementWarning]
    eight_immortals: EightImmortals
    rules: HongKongRules


def count_fan(request: FanRequest) -> FanResult:
    rules = request.rules
    result = tally_fan(
        request.patterns,
        fan_cap=rules.fan_cap,
        eight_immortals=request.eight_immortals,
        round_flower=rules.round_flower,
        unvalued_fan=rules.unvalued_fan,
    )
    fan_paid, tier = paid_fan(result.fan, result.limit_hand, rules.fan_cap)
    return FanResult(
        items=result.items,
        fan=result.fan,
        limit_hand=result.limit_hand,
        fan_paid=fan_paid,
        tier=tier,
        won_by=result.won_by,
        warnings=fan_warnings(result.fan, result.limit_hand, rules),
        eight_immortals=request.eight_immortals,
        rules=rules,
    )


class FanTable(msgspec.Struct, kw_only=True):
    fan_cap: int
    eight_immortals: EightImmortals
    rows: list[FanRow]


def fan_table(fan_cap: int, eight_immortals: EightImmortals, unvalued_fan: int = 0) -> FanTable:
    """Every row of the Hong Kong fan sheet; limit rows show the cap, rows with no fan printed the house value."""
    return FanTable(fan_cap=fan_cap, eight_immortals=eight_immortals, rows=table_rows(fan_cap, eight_immortals, unvalued_fan))
