"""What a whole recorded game costs: `POST /v1/riichi/game-records` with the
hand-written hanchan of the tests (tests/rulesets/riichi/data/hanchan_tenhou6.json:
nine hands, four of them played to the wall's last tile), and what one plain
Hong Kong settlement costs beside it.

    .venv/bin/python -m bench.records            # ms, through the ASGI app, best of 5
    .venv/bin/python -m bench.records --instructions   # callgrind, needs valgrind
    .venv/bin/python -m bench.records --formats        # one public game in each format, callgrind

``--formats`` counts one public Tenhou hanchan (tests/rulesets/riichi/data/records/
2019081518gm-00a9-0000-cce9d00c: sixteen hands) as tenhou.net/6, as mjlog
and as MJAI events (made from the mjlog as the tests make it), each from the
record's JSON bytes as the endpoint reads them: decoded as its format's type
(MJAI typed where it fits: service/rulesets/riichi/records/mjai_events.py),
read into the replay's form, its rules stated, replayed and settled.

The instruction lines count the library call alone (replay and settle the
record; settle one Hong Kong hand), inside ``functools.reduce`` as the other
bench scripts do, so their ratio is the record's cost in plain settlements.
"""

from __future__ import annotations

import argparse
import json
import shutil
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "tests" / "rulesets" / "riichi" / "data" / "hanchan_tenhou6.json"
CALLS = 20

CHILD = """
import functools, json, sys
from pathlib import Path
import msgspec
from service.core.tiles import build_tables
build_tables()
kind = sys.argv[1]
calls = int(sys.argv[2])
if kind == "record":
    from service.rulesets.riichi.records import endpoint as records
    from service.rulesets.riichi.game import RiichiGameSetup
    from service.rulesets.riichi.rules import RiichiRules
    from service.rulesets.riichi.yaku_rules import YakuOptions
    from service.rulesets.riichi.records.tenhou6 import TenhouRecord
    record = msgspec.convert(json.loads(Path(sys.argv[3]).read_text()), TenhouRecord)
    defaults = records.record_defaults(record)
    request = records.GameRecordRequest(
        format="tenhou6",
        record=record,
        rules=msgspec.convert(defaults["rules"], RiichiRules),
        yaku_options=msgspec.convert(defaults["yaku_options"], YakuOptions),
        game=msgspec.convert(defaults["game"], RiichiGameSetup),
    )
    work = lambda: records.game_record(request)
elif kind.startswith("format:"):
    from service.rulesets.riichi.records import endpoint as records
    from service.rulesets.riichi.records.wire import read_record
    from service.rulesets.riichi.records.formats import read_source
    from service.rulesets.riichi.game import RiichiGameSetup
    from service.rulesets.riichi.rules import RiichiRules
    from service.rulesets.riichi.yaku_rules import YakuOptions
    format = kind.removeprefix("format:")
    raw = Path(sys.argv[3]).read_bytes()
    def work():
        record = read_record(format, raw, lambda raw, type_, at: msgspec.json.decode(raw, type=type_))
        source = read_source(format, record)
        defaults = records.record_defaults(source)
        request = records.ReadGameRecordRequest(
            format=format,
            record=record,
            source=source,
            rules=msgspec.convert(defaults["rules"], RiichiRules),
            yaku_options=msgspec.convert(defaults["yaku_options"], YakuOptions),
            game=msgspec.convert(defaults["game"], RiichiGameSetup),
        )
        answer = records.game_record(request)
        assert answer.mismatches == 0
else:
    from service.rulesets.hongkong.settlement import HongKongRequest, settle
    request = msgspec.convert({"winner": "east", "win": {"type": "discard", "discarder": "south"}, "fan": 3}, HongKongRequest)
    work = lambda: settle(request)
work(); work()
functools.reduce(lambda _, __: work(), range(calls), None)
"""


def instructions(kind: str, calls: int, record: Path = RECORD) -> float:
    from callgrind import instructions_inside_reduce  # type: ignore[import-not-found]  # bench/ is the script's folder

    return instructions_inside_reduce(CHILD, kind, str(calls), str(record)) / calls


PUBLIC = ROOT / "tests" / "rulesets" / "riichi" / "data" / "records" / "2019081518gm-00a9-0000-cce9d00c"
FORMAT_CALLS = 3


def formats() -> None:
    """The same public hanchan in each format (module doc), in instructions."""
    import sys
    import tempfile

    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(Path(__file__).parent))
    from tests.rulesets.riichi.test_record_formats import mjai_of

    text = PUBLIC.with_suffix(".mjlog.xml").read_text(encoding="utf-8")
    bodies = {
        "tenhou6": PUBLIC.with_suffix(".tenhou6.json").read_bytes(),
        "mjlog": json.dumps(text).encode(),
        "mjai": json.dumps(mjai_of(text)).encode(),
    }
    with tempfile.TemporaryDirectory() as folder:
        counts = {}
        for format, body in bodies.items():
            path = Path(folder) / format
            path.write_bytes(body)
            counts[format] = instructions(f"format:{format}", FORMAT_CALLS, path)
    for format, count in counts.items():
        print(f"{format:8} {len(bodies[format]):7,} bytes  {count:14,.0f} instructions  {count / counts['tenhou6']:.3f} × tenhou6")


def milliseconds() -> float:
    from litestar.testing import TestClient

    from service.api import create_app

    body = json.dumps({"format": "tenhou6", "record": json.loads(RECORD.read_text(encoding="utf-8"))}).encode()
    headers = {"content-type": "application/json"}
    with TestClient(create_app()) as client:
        response = client.post("/v1/riichi/game-records", content=body, headers=headers)
        assert response.status_code == 200 and response.json()["mismatches"] == 0, response.text[:300]
        best = float("inf")
        for _ in range(5):
            started = time.perf_counter()
            client.post("/v1/riichi/game-records", content=body, headers=headers)
            best = min(best, time.perf_counter() - started)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--instructions", action="store_true", help="count instructions with callgrind (needs valgrind)")
    parser.add_argument("--formats", action="store_true", help="one public game in each format, in instructions (valgrind)")
    args = parser.parse_args()
    if args.formats:
        formats()
        return
    hands = len(json.loads(RECORD.read_text(encoding="utf-8"))["log"])
    print(f"hanchan record, {hands} hands: {milliseconds():.1f} ms per request (best of 5, through the ASGI app)")
    if args.instructions:
        if shutil.which("valgrind") is None:
            raise SystemExit("valgrind is missing: apt-get install valgrind")
        import sys

        sys.path.insert(0, str(Path(__file__).parent))
        record = instructions("record", CALLS)
        plain = instructions("hongkong", CALLS * 50)
        print(f"replay and settle the record: {record:,.0f} instructions")
        print(f"one Hong Kong settlement:     {plain:,.0f} instructions")
        print(f"the record costs {record / plain:,.0f} plain Hong Kong settlements")


if __name__ == "__main__":
    main()
