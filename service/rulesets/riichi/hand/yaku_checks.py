"""What cannot be declared: the checks a riichi hand's declared yaku and dora
pass before their han are counted, each problem a 422 at the field.

Source: the Wikibooks extract, section 日本麻雀計番: a yaku listed once, the
closed-only ones ("一定要門前清", "門前清之下", "門清") refused in an open
hand, the pairs that cannot be declared together, 一發 only after 立直
(立直後，喺一巡內食糊), 裏懸賞牌 only after 立直 (裏懸賞牌只有立直至可以攞);
the table's own options (人和 off, no red fives).
"""

from __future__ import annotations

from typing import Protocol

from service.core.errors import (
    FieldProblem,
    RuleViolation,
    all_of,
    contradiction_problems,
    field_problem,
    template,
)
from service.rulesets.riichi.hand.value_table import (
    CONFLICT_BITS,
    CONFLICTS,
    DRAGON_CODES,
    NORTH_CONFLICT_BITS,
    NORTH_CONFLICTS,
    RIICHI_BITS,
    YAKU,
    YAKU_BIT,
    YakuCode,
)
from service.rulesets.riichi.yaku_rules import YakuOptions


class DeclaredHand(Protocol):
    """What a hand declares: :class:`HanRequest`, or a riichi settlement's
    winner giving `yaku` instead of `han`."""

    @property
    def yaku(self) -> list[YakuCode]: ...
    @property
    def open(self) -> bool: ...
    @property
    def dora(self) -> int: ...
    @property
    def aka_dora(self) -> int: ...
    @property
    def ura_dora(self) -> int: ...
    @property
    def nuki_dora(self) -> int: ...


NO_RED_FIVES = template("This table plays without red fives (`{option}` is false).")


def _red_five_problems(hand: DeclaredHand, options: YakuOptions, at: str, options_at: str) -> list[FieldProblem]:
    """Red fives at a table without them (`red_fives` false)."""
    if hand.aka_dora and options.red_fives is False:
        return [field_problem(f"{at}/aka_dora", NO_RED_FIVES, option=f"{options_at[1:]}/red_fives")]
    return []


def _check_listing(hand: DeclaredHand, options: YakuOptions, at: str, options_at: str) -> None:
    """Raises on a yaku listed twice, a closed-only yaku in an open hand and a
    yaku the table does not play, every one in the order listed."""
    positions: dict[str, int] = {}
    problems: list[FieldProblem] = []
    closed: list[str] = []
    for index, code in enumerate(hand.yaku):
        if code in positions:
            problems.append(
                field_problem(
                    f"{at}/yaku/{index}",
                    "`{code}` is listed twice (first at {first_at}).",
                    code=code,
                    first_at=f"{at}/yaku/{positions[code]}",
                )
            )
            continue
        positions[code] = index
        row = YAKU[code]
        if hand.open and (row.closed_only or (code == "tanyao" and not options.open_tanyao)):
            closed.append(code)
            if code == "tanyao" and not row.closed_only:
                detail = template("`tanyao` counts only with a closed hand at this table (`{option}` is false), and `open` is true.")
                option = f"{options_at[1:]}/open_tanyao"
                problems += [field_problem(f"{at}/yaku/{index}", detail, option=option), field_problem(f"/{option}", detail, option=option)]
            else:
                problems.append(
                    field_problem(f"{at}/yaku/{index}", "`{code}` needs a closed hand (門前清), and `open` is true.", code=code)
                )
        if code == "renhou" and options.renhou == "off":
            detail = template("`renhou` is not played at this table (`{option}` is off).")
            option = f"{options_at[1:]}/renhou"
            problems += [field_problem(f"{at}/yaku/{index}", detail, option=option), field_problem(f"/{option}", detail, option=option)]
    if closed:
        listed = all_of(f"`{code}`" for code in closed)
        problems.insert(0, field_problem(f"{at}/open", "The hand is open (`open`), but {codes} need a closed hand.", codes=listed))
    if problems:
        raise RuleViolation(*problems)


def _shousangen_problems(positions: dict[str, int], at: str) -> list[FieldProblem]:
    """`shousangen` declared beside all three dragon pungs (that is daisangen)."""
    if "shousangen" not in positions or not all(dragon in positions for dragon in DRAGON_CODES):
        return []
    detail = template("`shousangen` has two dragon pungs, but `haku`, `hatsu` and `chun` are all declared (that is `daisangen`).")
    return [FieldProblem(f"{at}/yaku/{positions[code]}", detail) for code in ("shousangen", *DRAGON_CODES)]


def _nagashi_problems(hand: DeclaredHand, positions: dict[str, int], at: str) -> list[FieldProblem]:
    """`nagashi_mangan` declared with another yaku or any dora: it is scored alone."""
    problems: list[FieldProblem] = []
    if "nagashi_mangan" in positions:
        here = positions["nagashi_mangan"]
        others = [(f"{at}/yaku/{index}", code) for code, index in positions.items() if code != "nagashi_mangan"]
        others += [(f"{at}/{name}", name) for name in ("dora", "aka_dora", "ura_dora", "nuki_dora") if getattr(hand, name)]
        if others:
            listed = all_of(f"`{name}`" for _, name in others)
            problems.append(
                field_problem(
                    f"{at}/yaku/{here}",
                    "`nagashi_mangan` is scored alone at an exhaustive draw: no other yaku or dora ({codes}).",
                    codes=listed,
                )
            )
            problems += [
                field_problem(pointer, "`{code}` cannot go with `nagashi_mangan` (at {at}).", code=name, at=f"{at}/yaku/{here}")
                for pointer, name in others
            ]
    return problems


def check_declared(hand: DeclaredHand, options: YakuOptions, at: str, options_at: str, *, north_rinshan: bool = False) -> dict[str, int]:
    """Positions of the declared yaku; raises on anything impossible. ``at``
    locates the hand in the request, ``options_at`` the options;
    ``north_rinshan``: rinshan kaihou may be a north's replacement (rules
    `nukidora_rinshan`), which it is when norths were set aside."""
    positions: dict[str, int] = {}
    declared = conflicting = 0  # sets of codes as bits (YAKU_BIT): the declared ones, those they conflict with
    north = north_rinshan and hand.nuki_dora > 0
    conflicts, conflict_bits = (NORTH_CONFLICTS, NORTH_CONFLICT_BITS) if north else (CONFLICTS, CONFLICT_BITS)
    for index, code in enumerate(hand.yaku):
        positions[code] = index
        declared |= YAKU_BIT[code]
        conflicting |= conflict_bits[code]
    if len(positions) < len(hand.yaku) or hand.open or ("renhou" in positions and options.renhou == "off"):
        _check_listing(hand, options, at, options_at)  # raises on a repeat or a yaku the table or an open hand refuses

    problems: list[FieldProblem] = []
    if declared & conflicting:  # the problems are worded only when a pair conflicts
        problems += contradiction_problems(positions, conflicts, f"{at}/yaku")
    problems += _shousangen_problems(positions, at)
    has_riichi = bool(declared & RIICHI_BITS)
    if "ippatsu" in positions and not has_riichi:
        detail = template("`ippatsu` needs `riichi` or `double_riichi` (立直後，喺一巡內食糊).")
        problems.append(FieldProblem(f"{at}/yaku/{positions['ippatsu']}", detail))
    problems += _red_five_problems(hand, options, at, options_at)
    if hand.ura_dora and not has_riichi:
        problems.append(
            FieldProblem(f"{at}/ura_dora", "Ura dora are only counted after `riichi` or `double_riichi` (裏懸賞牌只有立直至可以攞).")
        )
    problems += _nagashi_problems(hand, positions, at)
    if problems:
        raise RuleViolation(*problems, title=template("The declared yaku contradict each other"))
    return positions
