"""A game's shapes, shared by every ruleset: the hand items besides a win
(a draw, an abortive draw), how the game runs (`game`), where it stands
before a hand, a seat's place and one payment of the settle-up; and each
ruleset's request and answer types built from its own settlement's
(:func:`game_types`), with the hand item read by its `type`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Annotated, Any, Literal

import msgspec

from service.core.errors import template
from service.core.fields import struct_fields
from service.core.seats import Seat

MAX_HANDS = 256
"""A game's hands, at most (more is a 413)."""

HandType = Literal["win", "draw", "abort"]
HandTypeWithChombo = Literal["win", "draw", "abort", "chombo"]
EndReason = Literal["length", "bust", "agari_yame", "return_points"]


class GameDraw(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, tag_field="type", tag="draw"):
    """A hand nobody won (荒牌). `tenpai` matters only in riichi; elsewhere it is
    recorded and pays nothing."""

    tenpai: Annotated[list[Seat], msgspec.Meta(max_length=4, description="The seats that were ready (riichi: noten payments).")] = (
        msgspec.field(default_factory=list)
    )


class GameAbort(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, tag_field="type", tag="abort"):
    """An abortive draw (途中流局, riichi): nobody pays, the dealer keeps the deal."""


class GameChombo(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, tag_field="type", tag="chombo"):
    """A chombo (錯和, a foul such as a false win or a noten riichi): the hand
    is dealt again and the offending seat pays the table's penalty. A
    ruleset's game takes it where its options say how a chombo is paid."""

    seat: Annotated[Seat, msgspec.Meta(description="The seat that committed the chombo.", examples=["south"])]


class GameSetup(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """How the game runs."""

    start_dealer: Annotated[Seat, msgspec.Meta(description="The first hand's dealer (default east).")] = "east"
    start_round: Annotated[Seat, msgspec.Meta(description="The first hand's round wind (default east).")] = "east"
    rounds: Annotated[
        int,
        msgspec.Meta(
            ge=1, le=4, description="Round winds the game lasts (default 4: east, south, west and north, each dealt once round the table)."
        ),
    ] = 4


class HandState(msgspec.Struct, kw_only=True):
    """Where the game stands before a hand."""

    round: Annotated[Seat, msgspec.Meta(description="The round's wind (圈風).")]
    hand_number: Annotated[int, msgspec.Meta(description="1–4 within the round (the deal's place round the table).")]
    dealer: Seat
    honba: Annotated[int | None, msgspec.Meta(description="Riichi: 本場 counters for this hand; null elsewhere.")] = None
    riichi_sticks: Annotated[int | None, msgspec.Meta(description="Riichi: sticks on the table before this hand; null elsewhere.")] = None
    dealer_streak: Annotated[int | None, msgspec.Meta(description="Taiwan: N in 連N拉N for this hand; null elsewhere.")] = None


class Place(msgspec.Struct, kw_only=True):
    """A seat's place by total; equal totals share the better place."""

    seat: str
    place: int
    total: Decimal


class Transfer(msgspec.Struct, kw_only=True):
    """One payment of the settle-up."""

    payer: str
    payee: str
    amount: Decimal


BAD_HAND_TYPE = template("`type` must be `win` (or left out), `draw` or `abort`")
BAD_HAND_TYPE_CHOMBO = template("`type` must be `win` (or left out), `draw`, `abort` or `chombo`")


def field_names(struct: Any) -> tuple[str, ...]:
    """A Struct's (or Struct type's) field names."""
    names: tuple[str, ...] = struct.__struct_fields__
    return names


@dataclass(frozen=True)
class GameTypes:
    """A ruleset's game shapes: the win item, the request (as published and as
    decoded: hands stay raw, each decoded alone), one answered hand, the answer."""

    win: type
    request: type
    wire: type
    hand: type
    answer: type
    items: dict[str | None, type]
    """`type` of a hand item → its Struct (None: a win)."""
    setup: type
    """The request's `game` object: how the game runs (its fields are game options)."""
    top: tuple[str, ...] = ()
    """Further top-level fields of the request (a preset's name), passed on as decoded."""
    bad_type: str = BAD_HAND_TYPE
    """The sentence for a hand whose `type` is none of the ruleset's."""


def game_types(
    name: str,
    title: str,
    request_type: type,
    rules_type: type,
    options_type: type,
    settlement_type: type,
    omit: Sequence[str],
    extra_win_fields: Sequence[tuple[str, Any, Any]] = (),
    draw_type: type = GameDraw,
    abort_type: type = GameAbort,
    draw_result: type | None = None,
    standings_type: Any = list[Place],
    top_fields: Sequence[tuple[str, Any, Any]] = (),
    answer_fields: Sequence[tuple[str, Any, Any]] = (),
    chombo_type: type | None = None,
    chombo_result: type | None = None,
) -> GameTypes:
    """A ruleset's game shapes; ``top_fields``: further top-level request
    fields (not a win's), ``answer_fields``: further answer fields;
    ``chombo_type``/``chombo_result``: a chombo hand and what the answer says
    of it, for a ruleset whose game settles chombo."""
    module = f"service.rulesets.{name}.game"
    extra_doc = "".join(f"A win also takes `{field[0]}`. " for field in extra_win_fields)
    win = msgspec.defstruct(
        f"{title}GameWin",
        [*struct_fields(request_type, (*omit, "rules", *(field[0] for field in top_fields))), *extra_win_fields],
        kw_only=True,
        forbid_unknown_fields=True,
        tag_field="type",
        tag="win",
        module=module,
    )
    # the body's own object-level rules, and a win may leave `type` out
    win.__schema_extra__ = {**getattr(request_type, "__schema_extra__", {}), "optional": ["type"]}  # type: ignore[attr-defined]
    win.__doc__ = f"A won hand: the {title} settlement body without the fields the game derives ({', '.join(omit)}) and `rules`."
    hands_meta = msgspec.Meta(
        max_length=MAX_HANDS,
        description=(
            f"The hands so far, in order (at most {MAX_HANDS}; more is a 413). A win is the settlement body without "
            f"{', '.join(f'`{field}`' for field in omit)} and `rules`, which the game supplies; "
            f"{extra_doc}"
            '`{"type": "draw"}` (fields: '
            + ", ".join(f"`{f}`" for f in field_names(draw_type))
            + ') and `{"type": "abort"}`'
            + (" (fields: " + ", ".join(f"`{f}`" for f in field_names(abort_type)) + ")" if field_names(abort_type) else "")
            + " are hands nobody won. "
            + (
                '`{"type": "chombo", "seat": …}` is a foul: the hand is dealt again and the seat pays as `game.chombo` says. '
                if chombo_type is not None
                else ""
            )
            + "Each hand is decoded on its own, as strictly as a settlement body, so the list's items are left open here."
        ),
    )
    item_union: Any = win | draw_type | abort_type
    if chombo_type is not None:
        item_union = item_union | chombo_type
    common = [
        ("rules", rules_type, msgspec.field(default_factory=rules_type)),
        ("game", options_type, msgspec.field(default_factory=options_type)),
    ]
    request = msgspec.defstruct(
        f"{title}GameRequest",
        [*common, ("hands", Annotated[list[item_union], hands_meta]), *top_fields],
        kw_only=True,
        forbid_unknown_fields=True,
        module=module,
    )
    request.__doc__ = f"A {title} game so far: its rules, how it runs and its hands."
    empty = msgspec.Raw(b"{}")
    wire = msgspec.defstruct(
        f"_{title}GameWire",
        [("rules", msgspec.Raw, empty), ("game", msgspec.Raw, empty), ("hands", list[msgspec.Raw]), *top_fields],
        kw_only=True,
        forbid_unknown_fields=True,
        module=module,
    )
    hand = msgspec.defstruct(
        f"{title}GameHand",
        [
            (
                "type",
                Annotated[HandTypeWithChombo, msgspec.Meta(description="`win`, `draw`, `abort` or `chombo`.")]
                if chombo_type is not None
                else Annotated[HandType, msgspec.Meta(description="`win`, `draw` or `abort`.")],
            ),
            ("round", Annotated[Seat, msgspec.Meta(description="The round's wind (圈風).")]),
            ("hand_number", Annotated[int, msgspec.Meta(description="1–4 within the round.")]),
            ("dealer", Seat),
            ("honba", Annotated[int | None, msgspec.Meta(description="Riichi: 本場 for this hand; null elsewhere.")]),
            ("riichi_sticks", Annotated[int | None, msgspec.Meta(description="Riichi: sticks on the table as the hand was settled.")]),
            ("dealer_streak", Annotated[int | None, msgspec.Meta(description="Taiwan: N in 連N拉N for this hand; null elsewhere.")]),
            (
                "settlement",
                Annotated[
                    settlement_type | None,
                    msgspec.Meta(
                        description="A win: exactly what the settlement endpoint answers for the derived body; null for a draw or abort."
                    ),
                ],
            ),
            *(
                [
                    (
                        "draw",
                        Annotated[
                            draw_result | None, msgspec.Meta(description="A draw: exactly what `POST /v1/riichi/draws` answers for it.")
                        ],
                    )
                ]
                if draw_result is not None
                else []
            ),
            ("scores", Annotated[dict[str, Decimal], msgspec.Meta(description="Each seat's running total after the hand.")]),
            *(
                [
                    (
                        "chombo",
                        Annotated[chombo_result, msgspec.Meta(description="A chombo: the seat and what it paid; absent otherwise.")],
                        msgspec.UNSET,
                    )
                ]
                if chombo_result is not None
                else []
            ),
        ],
        kw_only=True,
        module=module,
    )
    answer = msgspec.defstruct(
        f"{title}Game",
        [
            ("ruleset", str),
            ("hands", list[hand]),  # type: ignore[valid-type]
            ("scores", Annotated[dict[str, Decimal], msgspec.Meta(description="Running totals after the last hand.")]),
            ("next", Annotated[HandState | None, msgspec.Meta(description="The state for the next hand; null when the game is over.")]),
            ("finished", bool),
            (
                "end_reason",
                Annotated[
                    EndReason | None,
                    msgspec.Meta(
                        description=(
                            "`length` (the last round is over), `bust`, and riichi's `agari_yame` (the dealer stayed first at the "
                            "last hand) and `return_points` (someone reached the return points in the extension round)."
                        )
                    ),
                ],
            ),
            ("standings", Annotated[standings_type | None, msgspec.Meta(description="When finished: places by total.")]),
            ("settle_up", Annotated[list[Transfer], msgspec.Meta(description="The fewest transfers that settle everyone's net total.")]),
            *answer_fields,
        ],
        kw_only=True,
        module=module,
    )
    return GameTypes(
        win=win,
        request=request,
        wire=wire,
        hand=hand,
        answer=answer,
        items={
            None: win,
            "win": win,
            "draw": draw_type,
            "abort": abort_type,
            **({"chombo": chombo_type} if chombo_type is not None else {}),
        },
        setup=options_type,
        top=tuple(field[0] for field in top_fields),
        bad_type=BAD_HAND_TYPE_CHOMBO if chombo_type is not None else BAD_HAND_TYPE,
    )


class HandKind(msgspec.Struct):
    """What is read of a hand first: its `type` (none for a win)."""

    type: str | None = None


def hand_type(types: GameTypes, kind: str | None) -> type:
    """The Struct of a hand by its `type`; ``ValueError`` (a 400 at `type`)
    for any other value."""
    item_type = types.items.get(kind)
    if item_type is None:
        raise ValueError(types.bad_type)
    return item_type
