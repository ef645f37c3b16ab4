"""The floor for bench/run.py: an ASGI app with no framework and no service
code, served by the same uvicorn (httptools, uvloop) as the service. What
its latency spread is, under the same load on the same cores, no service
code can do better than.

    taskset -c 0 .venv/bin/python -m uvicorn bench.floor:app --port 8001
"""

from __future__ import annotations

from typing import Any

BODY = b'{"status":"ok"}'
START = {
    "type": "http.response.start",
    "status": 200,
    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(BODY)).encode())],
}
END = {"type": "http.response.body", "body": BODY}


async def lifespan(receive: Any, send: Any) -> None:
    """Nothing to set up or tear down."""
    message = await receive()
    while message["type"] != "lifespan.shutdown":
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        message = await receive()
    await send({"type": "lifespan.shutdown.complete"})


async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] != "http":
        await lifespan(receive, send)
        return
    await send(START)
    await send(END)
