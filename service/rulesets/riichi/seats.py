"""The riichi table's players: its size and counters as a request gives
them, and its seats per size (made once)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from service.core.errors import RuleViolation, field_problem
from service.core.seats import Seat, others, seats_for


def literal_bounds(low: int, high: int, description: str) -> msgspec.Meta:
    """Meta for an integer Literal: publishes minimum/maximum next to the enum
    (every request number carries a maximum in the schema)."""
    return msgspec.Meta(description=description, extra_json_schema={"extra": {"minimum": low, "maximum": high}})


Players = Annotated[Literal[3, 4], literal_bounds(3, 4, "4 (default) or 3: a three-player table has no `north` seat.")]
HonbaCount = Annotated[int, msgspec.Meta(ge=0, le=100, description="本場: counters on the table (default 0).")]
SticksCount = Annotated[int, msgspec.Meta(ge=0, le=200, description="Riichi sticks (1000 each) on the table before this hand (default 0).")]

SEATS_FOR: dict[int, tuple[Seat, ...]] = {players: seats_for(players) for players in (3, 4)}
"""The seats per table size (:func:`seats_for`, made once)."""

OTHERS: dict[tuple[int, str], tuple[Seat, ...]] = {
    (players, seat): others(seat, players) for players in (3, 4) for seat in seats_for(players)
}
"""The other seats in turn order after a seat, per table size (precomputed)."""

NO_POINTS: dict[int, dict[Seat, int]] = {players: dict.fromkeys(seats_for(players), 0) for players in (3, 4)}
"""Every seat at 0 points, per table size (each settlement starts from a copy)."""


def check_seat(seat: Seat, seats: tuple[Seat, ...], pointer: str) -> None:
    """A seat of the request must sit at this table (422 naming ``pointer``)."""
    if seat not in seats:
        raise RuleViolation(field_problem(pointer, "{seat} is not at a {players}-player table.", seat=seat, players=len(seats)))
