"""MJAI events decoded straight into typed form, as the reader's fast way in
(docs/games.md, "Recorded games": `format` `mjai`).

Nine events in ten are a `tsumo` or a `dahai`. Decoded as JSON objects,
each is a dict of three to five entries that the reader then looks into;
decoded as a tagged :class:`Tsumo` or :class:`Dahai`, msgspec checks its
actor and tile on the way in and the reader appends it as it stands. Every
other event the reader reads is decoded as a struct of the fields MJAI
writers put on events (:data:`FIELDS`) and handed to the reader as the dict
it would have been.

This is a way in, not a second reading: :func:`decode_mjai` gives None for
any record that does not fit it (an event type the reader does not know,
a field no writer listed here puts on its type, a tile that is not one), and the
record is then decoded as the published array of objects and read event by
event, with the reader's own 400s. A record that fits reads into the same
hands either way (tests/rulesets/riichi/test_mjai_events.py).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

import msgspec

Pai = Literal[
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m",
    "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p",
    "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s",
    "E", "S", "W", "N", "P", "F", "C", "5mr", "5pr", "5sr",
]  # fmt: skip
"""An MJAI tile (:data:`~.mjai.PAIS`'s keys: a test holds them equal)."""
Actor = Annotated[int, msgspec.Meta(ge=0)]
"""A seat (0–3); one not at the table, or past 3, is left to the reader (:func:`~.mjai.read_mjai`)."""

_EXTRA = ("meta", "id", "logs")
"""Fields a writer may put on any event other than a draw or discard
(Mortal's `meta`, a server's `id`, its bots' `logs`): a draw or discard
that carries one is read with the objects."""
_CALL = ("actor", "target", "pai", "consumed")
FIELDS: dict[str, tuple[str, ...]] = {
    "start_game": ("names", "kyoku_first", "aka_flag", "seed", "uuid"),
    "start_kyoku": ("bakaze", "kyoku", "honba", "kyotaku", "oya", "scores", "tehais", "dora_marker"),
    "chi": _CALL,
    "pon": _CALL,
    "daiminkan": _CALL,
    "kakan": _CALL,
    "ankan": ("actor", "consumed"),
    "nukidora": ("actor", "pai"),
    "kita": ("actor", "pai"),
    "reach": ("actor",),
    "reach_accepted": ("actor", "deltas", "scores"),
    "dora": ("dora_marker",),
    "hora": (
        *("actor", "target", "pai", "tsumo", "deltas", "scores", "ura_markers", "uradora_markers"),
        *("hora_tehais", "hora_points", "yaku", "yakus", "fu", "fan", "han"),
    ),
    "ryukyoku": ("reason", "deltas", "scores", "tehais", "tenpais"),
    "end_kyoku": (),
    "end_game": ("scores",),
    "none": (),
}
"""The event types the reader reads other than `tsumo` and `dahai`, and
the fields MJAI writers put on each (gimite's server, Mortal, mjai-reviewer,
riichienv), besides :data:`_EXTRA`."""


class _Event(msgspec.Struct, tag_field="type", forbid_unknown_fields=True):
    pass


class Tsumo(_Event, tag="tsumo", gc=False):
    """A plain draw."""

    actor: Actor
    pai: Pai


class Dahai(_Event, tag="dahai", gc=False):
    """A plain discard (`tsumogiri`: the tile just drawn, read past)."""

    actor: Actor
    pai: Pai
    tsumogiri: bool | msgspec.UnsetType = msgspec.UNSET


_OTHERS = tuple(
    msgspec.defstruct(
        f"Mjai_{kind}",
        [(name, Any, msgspec.UNSET) for name in (*names, *_EXTRA)],
        bases=(_Event,),
        tag=kind,
        forbid_unknown_fields=True,
        module=__name__,
    )
    for kind, names in FIELDS.items()
)
_DECODER = msgspec.json.Decoder(list[Union[(Tsumo, Dahai, *_OTHERS)]])  # type: ignore[valid-type]  # a union of the types built above


def decode_mjai(raw: bytes, most: int) -> list[Any] | None:
    """The record's events in typed form, or None when any does not fit or
    there are more than ``most`` (the record is then read as the published
    array of objects, which says what is wrong)."""
    try:
        events = _DECODER.decode(raw)
    except msgspec.MsgspecError:
        return None
    return events if len(events) <= most else None


def as_object(event: Any) -> Any:
    """A typed event as the JSON object it came from (the fields it had);
    anything else as it is."""
    return msgspec.to_builtins(event) if isinstance(event, _Event) else event
