"""An mjlog written as Tenhou writes it is read without the XML parser
(split at its tags); any other document still goes through XML. Both ways
must give the same hands, and a document that is not XML the same 400.

The record is a public Tenhou game kept by tsubakisakura/mjlog2json
(`data/2019081518gm-00a9-0000-cce9d00c.xml`, cited in test_record_formats.py),
written by Tenhou with no whitespace between its tags.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from service.core.errors import UnreadablePart
from service.rulesets.riichi.records import mjai, mjlog

TEXT = (Path(__file__).parent / "data" / "records" / "2019081518gm-00a9-0000-cce9d00c.mjlog.xml").read_text()


def test_the_public_record_is_read_without_the_xml_parser() -> None:
    plain = mjlog._plain(TEXT)
    assert plain is not None
    items, elements = plain
    # the tags of the document, counted by hand from the file: every `<`
    # opens one, less the root's start and end
    assert len(items) == TEXT.count("<") - 2
    assert elements[items[0]].tag == "SHUFFLE"


@pytest.mark.parametrize(
    ("written", "plain"),
    [
        (TEXT.replace("/><", "/>\n<"), False),  # a tag a line
        ('<?xml version="1.0" encoding="UTF-8"?>' + TEXT, False),
        (TEXT.replace('<GO type="169"', "<!-- rules --><GO type='169'"), False),
        # as ElementTree writes tags: still plain, the draws and discards
        # read one by one
        (TEXT.replace("/>", " />"), True),
    ],
    ids=["lines", "declaration", "comment-and-single-quotes", "spaced"],
)
def test_a_document_written_otherwise_reads_as_the_same_game(written: str, plain: bool) -> None:
    assert (mjlog._plain(written) is not None) is plain
    assert mjlog.read_mjlog(written) == mjlog.read_mjlog(TEXT)


def _refusal(text: str) -> str:
    with pytest.raises(UnreadablePart) as refused:
        mjlog.read_mjlog(text)
    return refused.value.problem.detail


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        # XML allows an attribute once (expat: "duplicate attribute")
        (TEXT.replace('<GO type="169"', '<GO type="169" type="1"', 1), "duplicate attribute"),
        # `<` may not stand in an attribute's value
        (TEXT.replace('<TAIKYOKU oya="0"', '<TAIKYOKU oya="<0"', 1), "not XML"),
        # an entity the document never declared
        (TEXT.replace('<TAIKYOKU oya="0"', '<TAIKYOKU oya="&zero;"', 1), "undefined entity"),
        # the root left open
        (TEXT.removesuffix("</mjloggm>"), "not XML"),
        # a tag not closed
        (TEXT.replace("<T", "<T<", 1), "not XML"),
    ],
    ids=["duplicate", "lt-in-value", "entity", "unclosed-root", "broken-tag"],
)
def test_a_document_that_is_not_xml_is_the_same_400(bad: str, says: str) -> None:
    assert mjlog._plain(bad) is None
    assert "not XML" in _refusal(bad)
    assert says in _refusal(bad)


def test_a_namespace_renames_the_root_as_xml_does() -> None:
    """A default namespace makes the root `{urn:x}mjloggm` (XML Namespaces
    1.0, section 6.2), which is not `<mjloggm>`."""
    bad = TEXT.replace('<mjloggm ver="2.3">', '<mjloggm xmlns="urn:x" ver="2.3">', 1)
    assert mjlog._plain(bad) is None
    assert "not an mjlog document" in _refusal(bad)


def test_a_bad_tag_in_a_plain_document_is_named_as_before() -> None:
    """`<T136/>` is no tile (0–135): a plain document names it as XML would."""
    first = re.search(r"<T\d+/>", TEXT)
    assert first is not None
    bad = TEXT.replace(first.group(0), "<T136/>", 1)
    assert mjlog._plain(bad) is not None
    assert _refusal(bad) == _refusal(bad.replace("/><", "/>\n<")) == "`<T>`'s `tile` is missing or not what Tenhou writes there."


def test_a_players_forty_first_draw_in_a_hand_is_the_400_in_either_reading() -> None:
    """A player takes at most 40 tiles in a hand (docs/games.md's bound):
    41 draws of tile 0 by player 0 straight after the first deal (tag 4:
    SHUFFLE, GO, UN, TAIKYOKU come first) put the 41st at tag 4 + 41 = 45."""
    deal = TEXT.index("<INIT")
    dealt = TEXT.index("/>", deal) + 2
    bad = TEXT[:dealt] + "<T0/>" * 41 + TEXT[dealt:]
    assert mjlog._plain(bad) is not None
    for written in (bad, bad.replace("/><", "/>\n<")):
        with pytest.raises(UnreadablePart) as refused:
            mjlog.read_mjlog(written)
        assert refused.value.problem.pointer == "/record/45"
        assert refused.value.problem.detail == "A player has at most 40 takes or discards in one hand."


def test_an_mjai_players_forty_first_draw_in_a_hand_is_the_400() -> None:
    """The same bound in MJAI: 41 `tsumo` events of player 0 after the first
    `start_kyoku` (event 1, after `start_game`) put the 41st at event 42."""
    events = [
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
        *({"type": "tsumo", "actor": 0, "pai": "2m"} for _ in range(41)),
    ]
    with pytest.raises(UnreadablePart) as refused:
        mjai.read_mjai(events)
    assert refused.value.problem.pointer == "/record/42"
    assert refused.value.problem.detail == "A player has at most 40 takes or discards in one hand."


@pytest.mark.parametrize("ura", ["999", "1,x"])
def test_an_ura_indicator_that_is_no_tile_is_the_400_in_either_reading(ura: str) -> None:
    """`doraHaiUra` may be left out (no riichi won), but where it stands it
    is tile numbers 0–135: 999 is none, `x` no number; either way the 400
    names `<AGARI>`'s `doraHaiUra`, split at the tags or parsed."""
    match = re.search(r'doraHaiUra="[^"]*"', TEXT)
    assert match is not None
    bad = TEXT.replace(match.group(0), f'doraHaiUra="{ura}"', 1)
    assert mjlog._plain(bad) is not None
    says = "`<AGARI>`'s `doraHaiUra` is missing or not what Tenhou writes there."
    assert _refusal(bad) == _refusal(bad.replace("/><", "/>\n<")) == says
