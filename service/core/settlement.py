"""Shapes shared by every ruleset: how a hand was won, payment lines,
settlement results, and the arithmetic that turns lines into deltas."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Literal

import msgspec

from service.core.errors import FieldProblem, RuleViolation, field_problem
from service.core.money import ZERO, Fractions
from service.core.seats import SEATS, Seat
from service.core.warnings import SettlementWarning

Role = Literal["discarder", "other", "self_draw", "dealer", "non_dealer", "liable", "bettor"]
"""Why a payer pays: ``discarder`` dealt in; ``other`` a non-discarder paying
on a discard (half-gun, MCR/NMJL base); ``self_draw`` a loser on a self-draw;
``dealer``/``non_dealer`` self-draw payers by role (where the dealer pays more); ``liable`` a player
responsible (包 / 責任払い) for the hand; ``bettor`` a side bet mirroring a seat."""


LocalizedName = Annotated[
    str,
    msgspec.Meta(
        description="The pattern's name in the response's language (`Content-Language`): present only when that is not English, whose name is `name_en`."
    ),
]
"""The `name` field of a pattern row or item: left unset by the engine (the
English name is `name_en`), filled in by the API for another language."""


class Discard(msgspec.Struct, tag="discard", tag_field="type", forbid_unknown_fields=True, gc=False):
    """Won on another player's discard (出銃 / ron)."""

    discarder: Annotated[Seat, msgspec.Meta(description="The seat that dealt in. Must not be the winner.")]


class SelfDraw(msgspec.Struct, tag="self_draw", tag_field="type", forbid_unknown_fields=True, gc=False):
    """Won on a self-drawn tile (自摸 / tsumo)."""


Win = Annotated[
    Discard | SelfDraw,
    msgspec.Meta(description='How the hand was won: `{"type": "discard", "discarder": seat}` or `{"type": "self_draw"}`.'),
]


class Payment(msgspec.Struct, frozen=True, gc=False):
    """One payer → payee line. Zero amounts are part of the answer (under
    full-gun the two other players' 0 is listed).

    ``gc=False``, like the win, the rules and the items of every ruleset:
    a Struct that holds no container cannot be part of a reference cycle, so
    the cyclic collector need not track it (docs/performance.md).
    tests/core/test_untracked_structs.py keeps every such Struct free of
    containers."""

    payer: Annotated[str, msgspec.Meta(description="A seat, or a bettor id.")]
    payee: Annotated[str, msgspec.Meta(description="A seat, or a bettor id.")]
    amount: Annotated[Decimal, msgspec.Meta(description="Exact decimal, never negative.")]
    role: Role


class Settlement(msgspec.Struct, kw_only=True, tag_field="ruleset"):
    """Fields every ruleset's settlement response has (CONTRACT.md). Each
    ruleset's subclass is tagged with its name, which is encoded first as
    `"ruleset"`; the tag also tells settlements of different rulesets apart
    in a batch."""

    winner: Seat
    winner_receives: Annotated[Decimal, msgspec.Meta(description="What the winner ends up with for the hand.")]
    payments: list[Payment]
    deltas: Annotated[
        dict[str, Decimal],
        msgspec.Meta(description="Net change per seat (and bettor id); zero-sum except riichi sticks from the table."),
    ]
    pre_payout_total: Annotated[Decimal, msgspec.Meta(description="The figure before it is split between payers.")]
    tier: str | None
    warnings: list[SettlementWarning]

    @property
    def ruleset(self) -> str:
        """The ruleset's name (the struct's tag)."""
        tag = self.__struct_config__.tag
        assert isinstance(tag, str), "each ruleset's settlement is tagged with its name"
        return tag


def check_discarder(winner: Seat, win: Discard | SelfDraw, seats: tuple[Seat, ...]) -> None:
    if isinstance(win, Discard):
        if win.discarder == winner:
            raise RuleViolation(FieldProblem("/win/discarder", "The discarder cannot be the winner."))
        if win.discarder not in seats:
            raise RuleViolation(field_problem("/win/discarder", "{seat} is not at this table.", seat=win.discarder))


_FOUR_ZEROS: dict[str, Decimal] = dict.fromkeys(SEATS, ZERO)
"""Every seat of a four-player table at zero, in seat order (copied: cheaper than building it)."""


SELF_DRAW_ROLES: tuple[Role, ...] = ("self_draw", "self_draw", "self_draw")
"""The three losers' roles on a self-draw (:func:`pay_winner`)."""
DISCARD_ROLES: tuple[tuple[Role, ...], ...] = tuple(
    tuple("discarder" if seat == position else "other" for seat in range(3)) for position in range(3)
)
"""The three losers' roles on a discard, by the discarder's place among them
(:func:`pay_winner`)."""


def pay_winner(
    winner: Seat,
    payers: tuple[Seat, ...],
    owed: tuple[int, int, int] | list[int],
    roles: tuple[Role, ...] | list[Role],
    money: Fractions,
) -> tuple[list[Payment], dict[str, Decimal], Decimal]:
    """The payment lines of a four-player hand from the three other seats
    (``payers``, in turn order) to ``winner``, with ``deltas`` (each seat's
    net change, zero-sum) and what the winner receives.

    ``owed`` holds the three payers' amounts in integer minor units (the
    units of ``money``: quarter points, cents); sums are exact integers, and
    each amount becomes a canonical Decimal once, by one look-up
    (:class:`service.core.money.Fractions`). Written out for three payers:
    a loop costs this interpreter more than the lines themselves."""
    first, second, third = payers
    a, b, c = owed
    role_a, role_b, role_c = roles
    payments = [
        Payment(first, winner, money[a], role_a),
        Payment(second, winner, money[b], role_b),
        Payment(third, winner, money[c], role_c),
    ]
    deltas = _FOUR_ZEROS.copy()  # seat order
    deltas[first] = money[-a]
    deltas[second] = money[-b]
    deltas[third] = money[-c]
    receives = deltas[winner] = money[a + b + c]
    return payments, deltas, receives
