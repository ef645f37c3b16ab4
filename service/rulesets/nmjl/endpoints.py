"""NMJL (American mahjong) endpoints as data: path, types, the library
function, summary, description and examples (the web service builds their
routes)."""

from __future__ import annotations

from service.core.ruleset import Endpoint, Example
from service.rulesets.nmjl.settlement import NmjlRequest, NmjlSettlement, settle

EXAMPLES = (
    Example(
        summary="A 25-point hand on a discard: 50 + 25 + 25 = 100",
        value={"winner": "east", "win": {"type": "discard", "discarder": "south"}, "value": 25},
    ),
    Example(
        summary="Jokerless 25 self-drawn: 100 from each = 300",
        value={"winner": "east", "win": {"type": "self_draw"}, "value": 25, "jokerless": True},
    ),
    Example(
        summary="Bettors: b1 on the winner, b2 on the discarder",
        value={
            "winner": "east",
            "win": {"type": "discard", "discarder": "south"},
            "value": 25,
            "bettors": [{"id": "b1", "bet_on": "east"}, {"id": "b2", "bet_on": "south"}],
        },
    ),
    Example(
        summary="Three-player table, one point is one cent",
        value={
            "winner": "west",
            "win": {"type": "discard", "discarder": "east"},
            "value": 30,
            "players": 3,
            "rules": {"point_value": 0.01},
        },
    ),
)


TAG = "NMJL"

ENDPOINTS: tuple[Endpoint, ...] = (
    Endpoint(
        "/settlements",
        settle,
        NmjlSettlement,
        "Settle an NMJL (American) hand",
        """`value` is the card value as printed on the player's own card.
        Jokerless (not Singles and Pairs) doubles it first; × `point_value`
        is `pre_payout_total`. Discard: the discarder pays twice, the others
        once; self-draw: everyone pays twice. Each bettor mirrors the seat
        bet on: collects from every loser what it pays the winner, or pays
        the winner what that seat pays. `players: 3` drops north.""",
        TAG,
        request=NmjlRequest,
        examples=EXAMPLES,
    ),
)
