"""The anchor for bench/per_request.py and bench/run.py: a raw ASGI app that
reads a JSON body, decodes it with msgspec and sends it back encoded. No
framework, no service code: what answering a small JSON POST costs at the
least on this interpreter and this uvicorn.

    taskset -c 0 .venv/bin/python -m uvicorn bench.echo:app --port 8001
"""

from __future__ import annotations

from typing import Any

import msgspec

from bench.floor import lifespan

decode = msgspec.json.Decoder().decode
encode = msgspec.json.Encoder().encode


async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] != "http":
        await lifespan(receive, send)
        return
    body = b""
    more = True
    while more:
        message = await receive()
        body += message.get("body", b"")
        more = message.get("more_body", False)
    answer = encode(decode(body))
    await send(
        {
            "type": "http.response.start",
            "status": 200,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(answer)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": answer})
