"""A chombo (錯和) in a riichi game: a foul such as a false win, a noten
riichi found at a draw, or a wall knocked over, after which the hand is dealt
again (sources: docs/sources.md, "Chombo").

What the hand does to the game, the same under every form (EMA 2012 and
WRC 2015: "Riichi bets are returned to the players who declared riichi. No
continuance counter is placed, and the dealer does not rotate."; EMA 2016:
"Chombo results in a redeal and does not count as a hand"): the sticks the
hand's declarers put down go back to them, the honba stay as they were, the
dealer deals again, and the end of the game (agari-yame, the extension
round) does not count it as a hand.

What the seat pays (`game.chombo`):

* ``mangan`` (the EMA's 2012 rules, riichi.wiki's "reverse mangan tsumo"):
  a dealer pays 4,000 to each other seat; a non-dealer pays 4,000 to the
  dealer and 2,000 to each other non-dealer — with three players too (the
  sources state the payments by seat, not as a tsumo's split). A score may
  fall below zero, and `bust` then ends the game as after any hand.
* ``deduct_20000`` (EMA 2016, WRC 2015, M.League): nothing changes hands at
  the table; the game's standings take 20,000 points off the seat's result
  after uma (:mod:`service.rulesets.riichi.game_results`).
* ``none`` (the default): the table settles no chombo, and a chombo hand
  is refused (a 422 at its `type`).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Annotated, Any

import msgspec

from service.core.errors import RuleViolation, field_problem, template
from service.core.game_types import GameChombo
from service.core.seats import Seat
from service.rulesets.riichi.game_results import CHOMBO_DEDUCTION
from service.rulesets.riichi.hand.limits import MANGAN_BASIC
from service.rulesets.riichi.payments import FOUR_PLAYERS, tsumo_shares

Declared = Annotated[
    list[Seat],
    msgspec.Meta(max_length=4, description="Seats that had declared riichi this hand: their sticks go back to them."),
]


class RiichiGameChombo(GameChombo, forbid_unknown_fields=True, kw_only=True, tag_field="type", tag="chombo"):
    """A chombo (錯和): the hand is dealt again with the same dealer and
    honba, its riichi sticks go back, and the seat pays as `game.chombo` says."""

    riichi: Declared = msgspec.field(default_factory=list)


class RiichiChombo(msgspec.Struct, kw_only=True):
    """What a chombo cost."""

    seat: Annotated[Seat, msgspec.Meta(description="The seat that committed it.")]
    penalty: Annotated[str, msgspec.Meta(description="`game.chombo`: `mangan` or `deduct_20000`.")]
    deltas: Annotated[
        dict[str, Decimal],
        msgspec.Meta(description="What each seat's score changed by at the table (`mangan`; every seat 0 under `deduct_20000`)."),
    ]
    deduction: Annotated[
        int, msgspec.Meta(description="Points the standings take off the seat's result for it (`deduct_20000`: 20,000; else 0).")
    ]


NO_CHOMBO = template("This table settles no chombo (`game.chombo` is `none`): set it to `mangan` or `deduct_20000`.")
NOT_AT_TABLE = template("{seat} is not at this table.")


def mangan_deltas(seat: Seat, dealer: Seat, seats: Sequence[Seat]) -> dict[str, Decimal]:
    """The reverse mangan: what each seat's score changes by when ``seat``
    pays a four-player mangan tsumo's shares to every other seat ("If the
    offending player is East, 4000 is payed to each of the other players",
    else "4000 to East, 2000 to other players"), three players too."""
    from_dealer, from_other = tsumo_shares(MANGAN_BASIC, seat == dealer, 3, FOUR_PLAYERS)
    deltas: dict[str, Decimal] = {other: Decimal(0) for other in seats}
    for other in seats:
        if other != seat:
            amount = from_dealer if other == dealer else from_other
            deltas[other] += amount
            deltas[seat] -= amount
    return deltas


def chombo_hand(options: Any, item: RiichiGameChombo, index: int, dealer: Seat, seats: Sequence[Seat]) -> RiichiChombo:
    """A chombo hand's cost under the game's `chombo`; a 422 when the table
    settles none or the seat is not at it."""
    if options.chombo == "none":
        raise RuleViolation(field_problem(f"/hands/{index}/type", NO_CHOMBO))
    if item.seat not in seats:
        raise RuleViolation(field_problem(f"/hands/{index}/seat", NOT_AT_TABLE, seat=item.seat))
    if options.chombo == "mangan":
        return RiichiChombo(seat=item.seat, penalty="mangan", deltas=mangan_deltas(item.seat, dealer, seats), deduction=0)
    return RiichiChombo(seat=item.seat, penalty=options.chombo, deltas={seat: Decimal(0) for seat in seats}, deduction=CHOMBO_DEDUCTION)
