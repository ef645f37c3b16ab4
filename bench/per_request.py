"""Instructions per request through the ASGI app, counted by valgrind's
callgrind: the whole of what the service does for one HTTP request once
uvicorn has parsed it (entry, routing, body, decoding, rules, encoding,
metrics, logs context), against a raw ASGI + msgspec echo app (bench/echo.py)
given the same body. Each request runs in a fresh copy of the context, as
in uvicorn's task per request (context variables set by one request, such as
the decimal context, are gone for the next).

    .venv/bin/python bench/per_request.py [name ...]

Needs valgrind (Debian: apt-get install valgrind). The app is the one
``python -m service`` serves (``service.serving.worker_app``, default
settings, metrics counted in a worker's memory-mapped slots as in
production). Each request is driven
without an event loop (the coroutine is stepped: the app never waits on
anything but ``receive``, which returns the body at once), 1,000 times inside
``functools.reduce``; a batch, which gives the event loop back now and then
(service.api.work), runs as a task on a running loop, two batches of 1,000
items inside one ``run_until_complete`` (and must be answered 200); only what runs inside that call is counted
(``--toggle-collect``). About 15 s per line. Prints each figure, its target
(the speed targets) and its ratio to the echo anchor.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

from callgrind import instructions_inside_reduce  # bench/ is the script's folder

ROOT = Path(__file__).resolve().parents[1]
CALLS = 1000
BATCH = 1000

# name: (path, body, target instructions per request or per batch item)
CASES: dict[str, tuple[str, str, int]] = {
    "hongkong": ("/v1/hongkong/settlements", "hongkong", 75_000),
    "riichi han/fu": ("/v1/riichi/settlements", "riichi", 95_000),
    "riichi yaku + hand": ("/v1/riichi/settlements", "riichi-yaku-hand", 150_000),
    "mcr": ("/v1/mcr/settlements", "mcr", 80_000),
    "nmjl": ("/v1/nmjl/settlements", "nmjl", 80_000),
    "taiwan": ("/v1/taiwan/settlements", "taiwan", 80_000),
    "hongkong hands": ("/v1/hongkong/hands", "hongkong-hand", 0),
    "hongkong 400": ("/v1/hongkong/settlements", "hongkong-invalid", 0),
    "batch, per item": ("/v1/settlements/batch", "batch", 45_000),
    "echo (anchor)": ("/echo", "hongkong", 0),
    "floor": ("/floor", "hongkong", 0),
}

CHILD = """
import contextvars, functools, json, os, sys, tempfile
os.environ["MAHJONG_METRICS_RUN_DIR"] = tempfile.mkdtemp()
sys.path.insert(0, "bench")
from per_request import body_of
path, name, calls = sys.argv[1], sys.argv[2], int(sys.argv[3])
body = body_of(name)
if path == "/echo":
    from echo import app
elif path == "/floor":
    from floor import app
else:
    os.environ.update(MAHJONG_LOG_FORMAT="json", MAHJONG_LOG_LEVEL="warning")
    from service.serving import worker_app  # the factory `python -m service` gives uvicorn
    app = worker_app()
headers = [(b"host", b"127.0.0.1:8000"), (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
message = {"type": "http.request", "body": body, "more_body": False}
sent = []
async def receive():
    return message
async def send(message):
    sent.append(message)
def request(_, __):
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": path, "raw_path": path.encode(), "root_path": "", "query_string": b"", "headers": headers,
             "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8000), "state": {}}
    coroutine = app(scope, receive, send)
    try:
        # in a fresh copy of the server's context, as uvicorn's task for a request runs
        contextvars.copy_context().run(coroutine.send, None)
    except StopIteration:
        pass
    else:
        raise SystemExit("the app waited on something")
    sent.clear()
if name != "batch":
    for _ in range(200):  # warm-up, not counted
        request(None, None)
if path.startswith("/v1"):
    exec(os.environ.get("BENCH_PATCH", ""))  # experiments: code run before counting
if name == "batch":
    # a batch gives the event loop back now and then: its requests run as
    # uvicorn runs them, each a task (in a fresh copy of the context) on a
    # running loop, awaited one after the other inside one
    # run_until_complete, whose own cost is spread over every item
    import asyncio
    loop = asyncio.new_event_loop()
    async def requests(calls):
        for _ in range(calls):
            scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
                     "path": path, "raw_path": path.encode(), "root_path": "", "query_string": b"", "headers": headers,
                     "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8000), "state": {}}
            await loop.create_task(app(scope, receive, send), context=contextvars.copy_context())
            if sent[0]["status"] != 200:
                raise SystemExit(f"the batch was answered {sent[0]['status']}, not 200")
            sent.clear()
    loop.run_until_complete(requests(3))  # warm-up, not counted
    functools.reduce(lambda _, __: loop.run_until_complete(requests(calls)), range(1), None)
    raise SystemExit(0)
functools.reduce(request, range(calls), None)
"""


HONGKONG_HAND = {"winner": "south", "win": {"type": "self_draw"}, "tiles": {"concealed": "234m678p345s77z666z", "win_tile": "6z"}}
"""A hand from its tiles (the fan sheet's detection on the hands route)."""


def body_of(name: str) -> bytes:
    from run import RIICHI_YAKU_HAND, SAMPLES, batch_items

    if name == "batch":
        return json.dumps({"items": batch_items()[:BATCH]}).encode()
    if name == "hongkong-hand":
        return json.dumps(HONGKONG_HAND).encode()
    if name == "hongkong-invalid":
        return json.dumps(dict(SAMPLES["hongkong"], fan="5")).encode()
    if name == "riichi-yaku-hand":
        return json.dumps(RIICHI_YAKU_HAND).encode()
    return json.dumps(SAMPLES[name]).encode()


def count(path: str, name: str) -> int:
    calls = 2 if name == "batch" else CALLS
    total = instructions_inside_reduce(CHILD, path, name, str(calls))
    return total // (calls * BATCH) if name == "batch" else total // calls


def main() -> int:
    if not shutil.which("valgrind"):
        raise SystemExit("valgrind is not installed: apt-get install valgrind")
    names = [name for name in CASES if not sys.argv[1:] or name.split()[0].strip(",") in sys.argv[1:]]
    if "echo (anchor)" not in names:
        names.append("echo (anchor)")
    figures = {name: count(CASES[name][0], CASES[name][1]) for name in names}
    echo = figures["echo (anchor)"]
    print("| request | instructions | target | × target | × echo |\n|---|---|---|---|---|")
    for name in names:
        target = CASES[name][2]
        versus = f"{figures[name] / target:.2f}" if target else "—"
        print(f"| {name} | {figures[name]:,} | {f'{target:,}' if target else '—'} | {versus} | {figures[name] / echo:.2f} |")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.exit(main())
