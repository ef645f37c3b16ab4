"""MJAI's typed way in (service/rulesets/riichi/records/mjai_events.py): real
public records take it, and any record reads into the same hands, or the
same 400 or 422, whether its events come typed or as the JSON objects.

The records are the corpus of test_mjai_corpus.py and test_record_formats.py
(their docstrings cite repository, path and commit): gimite's server as
mjai-manue-go keeps it, riichienv's games and its external Mahjong Soul and
Tenhou excerpts.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.errors import RuleViolation, UnreadablePart
from service.rulesets.riichi.records.mjai import MAX_EVENT_FIELDS, PAIS, read_mjai
from service.rulesets.riichi.records.mjai_events import FIELDS, Pai, decode_mjai

DATA = Path(__file__).parent / "data" / "records"


def _events(name: str) -> list[dict[str, Any]]:
    text = (DATA / name).read_text(encoding="utf-8")
    if name.endswith(".mjai.json"):
        return list(json.loads(text)["mjai"])
    return [json.loads(line) for line in text.splitlines() if line.strip()]


CORPUS = sorted(path.name for path in DATA.iterdir() if path.name.endswith((".mjson", ".jsonl", ".mjai.json")))


def _read(events: Any) -> Any:
    """The hands read, or the problem (type, pointer, detail) refused with."""
    try:
        return read_mjai(events)
    except UnreadablePart as refused:
        return "400", refused.problem.pointer, refused.problem.detail
    except RuleViolation as refused:
        return "422", refused.problems[0].pointer, refused.problems[0].detail


def test_the_typed_tiles_are_the_readers_tiles() -> None:
    """Thirty-four kinds and three red fives: 37 spellings, the same set."""
    assert set(Pai.__args__) == set(PAIS)
    assert len(PAIS) == 37


def test_the_corpus_is_all_there() -> None:
    """Two gimite-server hanchan, four riichienv games, two riichienv excerpts."""
    assert len(CORPUS) == 8


@pytest.mark.parametrize("name", CORPUS)
def test_every_public_record_takes_the_typed_way_and_reads_the_same(name: str) -> None:
    events = _events(name)
    raw = msgspec.json.encode(events)
    typed = decode_mjai(raw, 20_000)
    assert typed is not None, name
    assert len(typed) == len(events)
    assert _read(typed) == _read(events)


def _deal() -> list[dict[str, Any]]:
    return [
        {"type": "start_game"},
        {
            "type": "start_kyoku",
            "bakaze": "E",
            "kyoku": 1,
            "honba": 0,
            "kyotaku": 0,
            "oya": 0,
            "scores": [25000] * 4,
            "dora_marker": "1m",
            "tehais": [["1m"] * 13] * 4,
        },
    ]


@pytest.mark.parametrize(
    ("event", "why"),
    [
        ({"type": "tsumo", "actor": 0, "pai": "1m", "colour": "red"}, "a field no writer puts there"),
        ({"type": "dahai", "actor": 0, "pai": "1m", "meta": {"q_values": [0.5]}}, "Mortal's meta on a discard"),
        ({"type": "dahai", "actor": 0, "pai": "1m", "tsumogiri": "yes"}, "tsumogiri not a boolean"),
        ({"type": "tsumo", "actor": 0, "pai": "0m"}, "not a tile"),
        ({"type": "tsumo", "actor": True, "pai": "1m"}, "a boolean actor"),
        ({"type": "tsumo", "actor": -1, "pai": "1m"}, "a negative actor"),
        ({"type": "shuffle"}, "an event type the reader does not read"),
        ({"type": "start_kyoku", "bakaze": "E", "mood": 1}, "a field no writer puts on a deal"),
    ],
)
def test_a_record_that_does_not_fit_is_left_to_the_objects(event: dict[str, Any], why: str) -> None:
    assert decode_mjai(msgspec.json.encode([*_deal(), event]), 20_000) is None, why


def test_too_many_events_are_left_to_the_objects() -> None:
    """The published bound (20,000) is the objects' to refuse, with its own message."""
    raw = msgspec.json.encode([{"type": "none"}] * 3)
    assert decode_mjai(raw, 3) is not None
    assert decode_mjai(raw, 2) is None


@pytest.mark.parametrize(
    ("event", "pointer", "detail"),
    [
        ({"type": "tsumo", "actor": 3, "pai": "1m"}, "/record/2", "Player 3 is not at this table."),
        ({"type": "dahai", "actor": 7, "pai": "1m"}, "/record/2", "The `dahai` event's `actor` is missing or not what MJAI writes there."),
    ],
)
def test_a_typed_play_the_table_refuses_is_refused_as_the_object_is(event: dict[str, Any], pointer: str, detail: str) -> None:
    """Three players (the fourth hand all `?`): seat 3 is not at the table
    (a 422); seat 7 is no seat at all (a 400). Typed or not, the same."""
    deal = _deal()
    deal[1]["tehais"] = [["1m"] * 13] * 3 + [["?"] * 13]
    deal[1]["scores"] = [35000] * 3
    events = [*deal, event]
    typed = decode_mjai(msgspec.json.encode(events), 20_000)
    assert typed is not None
    assert _read(typed) == _read(events)
    assert _read(typed)[1:] == (pointer, detail)


_VALUES = st.one_of(
    st.sampled_from(["1m", "5mr", "E", "C", "?", "0z"]),
    st.integers(-2, 5),
    st.booleans(),
    st.none(),
    st.lists(st.sampled_from(["1m", "2m", "N", "5pr"]), max_size=4),
)
_PLAY = {"actor": st.integers(-1, 4), "pai": st.sampled_from([*PAIS, "?"])}
"""A draw or discard mostly as MJAI writes it, so that most records fit
the typed way and the two readings are compared."""


def _event(kind: str) -> st.SearchStrategy[dict[str, Any]]:
    if kind in ("tsumo", "dahai"):
        return st.fixed_dictionaries({"type": st.just(kind), **_PLAY})
    return st.fixed_dictionaries({"type": st.just(kind)}, optional={name: _VALUES for name in FIELDS[kind]})


_EVENT = st.sampled_from(["tsumo", "dahai", "tsumo", "dahai", *FIELDS]).flatmap(_event)


@settings(max_examples=400, deadline=None)
@given(st.lists(_EVENT, max_size=12))
def test_typed_or_not_any_record_reads_the_same(tail: list[dict[str, Any]]) -> None:
    """After a deal, any events of the types the reader reads, with any
    values MJAI puts there or should not: the hands, or the same refusal,
    whichever way they come in (and never anything else raised)."""
    events = [*_deal(), *tail]
    typed = decode_mjai(msgspec.json.encode(events), 20_000)
    if typed is not None:
        assert _read(typed) == _read(events)


def test_an_event_over_the_field_bound_never_fits() -> None:
    """Every typed event has fewer fields than the published bound, so no
    event the objects would refuse for its size reads typed."""
    assert MAX_EVENT_FIELDS == 64
    event = {"type": "hora", **{f"x{index}": 0 for index in range(70)}}
    assert decode_mjai(msgspec.json.encode([event]), 20_000) is None


def test_a_record_with_a_field_no_writer_listed_replays_the_same(client: Any) -> None:
    """gimite's server's hanchan, once as written and once with a field of
    its own on every discard (which the typed way does not know, so the
    record is read as objects): the same answer, hand for hand."""
    events = _events("mjai-manue-go-2026-07-01-130909.mjson")
    marked = [{**event, "colour": "red"} if event["type"] == "dahai" else event for event in events]
    assert decode_mjai(msgspec.json.encode(marked), 20_000) is None
    answers = [client.post("/v1/riichi/game-records", json={"format": "mjai", "record": record}) for record in (events, marked)]
    assert [answer.status_code for answer in answers] == [200, 200]
    assert answers[0].json() == answers[1].json()
    assert answers[0].json()["mismatches"] == 0


@pytest.mark.parametrize("fourth", [5, "???", {"tiles": []}])
def test_a_fourth_hand_that_is_no_list_is_the_400_it_names(fourth: Any) -> None:
    """A fourth `tehais` entry that is neither tiles nor `?`s (a number once
    made the reader iterate it, a 500) is a hand that does not read: the 400
    names the deal and its `hai`, typed or not."""
    events = _deal()
    events[1]["tehais"] = [["1m"] * 13] * 3 + [fourth]
    typed = decode_mjai(msgspec.json.encode(events), 20_000)
    assert typed is not None
    expected = ("400", "/record/1", "The `start_kyoku` event's `hai` is missing or not what MJAI writes there.")
    assert _read(typed) == _read(events) == expected
