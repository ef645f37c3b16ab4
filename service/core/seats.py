"""Seats and turn order.

Seats are the four winds in turn order east → south → west → north (the Hong Kong fan sheet:
逆時針輪流出牌：東 → 南 → 西 → 北). A three-player table drops north.
"""

from __future__ import annotations

from typing import Literal

Seat = Literal["east", "south", "west", "north"]
SEATS: tuple[Seat, ...] = ("east", "south", "west", "north")
THREE_PLAYER_SEATS: tuple[Seat, ...] = ("east", "south", "west")


def seats_for(players: int) -> tuple[Seat, ...]:
    """The seats at a table of ``players`` (4, or 3 without north)."""
    return SEATS if players == 4 else THREE_PLAYER_SEATS


def _after(table: tuple[Seat, ...]) -> dict[Seat, tuple[Seat, ...]]:
    return {seat: tuple(table[(i + step) % len(table)] for step in range(1, len(table))) for i, seat in enumerate(table)}


_AFTER: dict[int, dict[Seat, tuple[Seat, ...]]] = {4: _after(SEATS), 3: _after(THREE_PLAYER_SEATS)}

OTHERS: dict[Seat, tuple[Seat, ...]] = _AFTER[4]
"""``OTHERS[seat]``: the other three seats of a four-player table in turn
order after ``seat`` (:func:`others` without the call)."""


def turn_order_after(seat: Seat, players: int = 4) -> tuple[Seat, ...]:
    """The other seats in the order they play after ``seat`` (KeyError for a
    seat not at a table of ``players``)."""
    return _AFTER[players][seat]


others = turn_order_after
"""Every seat but ``seat``, in turn order starting after it."""
