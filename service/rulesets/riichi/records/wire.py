"""The body of `POST /v1/riichi/game-records` read from the wire: the record
first, in the reader its `format` names, then the rules the record states
changed by the ones sent, field by field (a `preset` laid over the record's
own; MJAI states no rules, so it is read under Tenhou's: docs/games.md).
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from service.core.fields import OrUnset
from service.core.ruleset import PartReader
from service.rulesets.riichi.game import RiichiGameSetup
from service.rulesets.riichi.presets import PresetName, over_record
from service.rulesets.riichi.records.endpoint import GameRecordRequest, MjaiEvents, MjlogText, ReadGameRecordRequest, record_defaults
from service.rulesets.riichi.records.formats import read_source
from service.rulesets.riichi.records.mjai import MAX_EVENTS
from service.rulesets.riichi.records.mjai_events import decode_mjai
from service.rulesets.riichi.records.tenhou6 import TenhouRecord
from service.rulesets.riichi.rules import RiichiRules
from service.rulesets.riichi.yaku_rules import YakuOptions

RECORD_TYPES: dict[str, Any] = {"tenhou6": TenhouRecord, "mjlog": MjlogText, "mjai": MjaiEvents}
"""What `record` is read as, by `format`."""


class RecordWire(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """The body of `POST /v1/riichi/game-records` as first decoded: every part
    raw, read on its own (the record first, then the rules laid over the
    record's own)."""

    format: Literal["tenhou6", "mjlog", "mjai"]
    record: msgspec.Raw
    rules: msgspec.Raw = msgspec.Raw(b"{}")
    yaku_options: msgspec.Raw = msgspec.Raw(b"{}")
    game: msgspec.Raw = msgspec.Raw(b"{}")
    preset: OrUnset[PresetName] = msgspec.UNSET


def _over(defaults: dict[str, Any], sent: msgspec.Raw, type_: type, at: str, read: PartReader) -> Any:
    """``sent``'s fields laid over ``defaults``, decoded as strictly as any body."""
    fields = {name: msgspec.Raw(msgspec.json.encode(value)) for name, value in defaults.items()}
    fields.update(read(bytes(sent), dict[str, msgspec.Raw], at))
    return read(msgspec.json.encode(fields), type_, at)


def read_record(format: str, raw: bytes, read: PartReader) -> Any:
    """`record` decoded as its `format` says: MJAI's events typed where they
    fit (:mod:`.mjai_events`: the reader's fast way in), else the published
    array of objects."""
    typed = decode_mjai(raw, MAX_EVENTS) if format == "mjai" else None
    return read(raw, RECORD_TYPES[format], "/record") if typed is None else typed


def read_record_request(wire: RecordWire, read: PartReader) -> GameRecordRequest:
    """The record decoded, and the rules it states changed by the ones sent,
    field by field."""
    record = read_record(wire.format, bytes(wire.record), read)
    source = read_source(wire.format, record)
    defaults = record_defaults(source)
    preset = wire.preset
    if preset is msgspec.UNSET and wire.format == "mjai":
        preset = "tenhou"  # MJAI states no rules (docs/games.md)
    if preset is not msgspec.UNSET:
        defaults = over_record(defaults, preset)
    return ReadGameRecordRequest(
        preset=preset,
        format=wire.format,
        record=record,
        source=source,
        rules=_over(defaults["rules"], wire.rules, RiichiRules, "/rules", read),
        yaku_options=_over(defaults["yaku_options"], wire.yaku_options, YakuOptions, "/yaku_options", read),
        game=_over(defaults["game"], wire.game, RiichiGameSetup, "/game", read),
    )
