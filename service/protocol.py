"""uvicorn's httptools protocol with a bound on the request line and headers.

httptools (llhttp) has no limit of its own on the size of a request's head:
one 16 MB header cost 0.26 s of a worker and a 64 MB one 3.8 s and 123 MiB,
growing faster than the header. This protocol counts the bytes a request's
line and headers take as they arrive and answers 431 (problem+json, closing
the connection) as soon as they pass :data:`MAX_HEAD_BYTES`, without reading
the rest: a refused head costs what an ordinary request costs. A request
whose head fits costs one addition and one comparison per read
(bench/headers.py measures both).

The alternative, measured the same way: uvicorn's h11 protocol with
``h11_max_incomplete_event_size`` at 64 KiB answers an ordinary request in
about the same time, but its bound holds only for a head still incomplete
when a read ends: a 65 KiB head arriving whole was answered 200 (in 4.6 ms,
against 0.2 ms for the 431 here), a 16 MB one 400 rather than 431, and h11
parses in Python. The slow-reader deadline of service.serving also reads
httptools' state.
"""

from __future__ import annotations

import msgspec
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

MAX_HEAD_BYTES = 64 * 1024
"""The most bytes a request's line and headers may take (64 KiB)."""

_PROBLEM = msgspec.json.encode(
    {
        "type": "urn:mahjong-settlement:problem:header-fields-too-large",
        "title": "Request header fields too large",
        "status": 431,
        "detail": f"The request line and headers may take at most {MAX_HEAD_BYTES} bytes.",
    }
)
REFUSAL = (
    b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
    b"content-type: application/problem+json\r\n"
    b"content-length: %d\r\n"
    b"x-content-type-options: nosniff\r\n"
    b"cache-control: no-store\r\n"
    b"connection: close\r\n\r\n" % len(_PROBLEM)
) + _PROBLEM
"""The whole 431 answer, made once (English: the headers that would name
the language are what is refused)."""


class Draining:
    """Set in a worker once SIGTERM started the drain (service.serving):
    every answer from then on closes its connection (``Connection:
    close``), so that clients open new ones, which the listener takes until
    the drain ends and refuses after; no kept-alive connection is left idle
    to be closed under a request crossing on the wire."""

    now = False


class BoundedHttpToolsProtocol(HttpToolsProtocol):
    """:class:`HttpToolsProtocol` that refuses a head over :data:`MAX_HEAD_BYTES`,
    and closes its connection after each answer while the worker drains."""

    head_open = True
    """Reading a request's line and headers (from the first byte after the
    previous request, or of the connection)."""
    head_bytes = 0
    """Bytes read while the head is open."""
    head_tail = b""
    """The last bytes of the previous read while the head is open: the end
    of the head may straddle two reads."""

    def data_received(self, data: bytes) -> None:
        if self.head_open:
            size = self.head_bytes + len(data)
            if size > MAX_HEAD_BYTES:
                # does the head end within the bound, the rest being body?
                end = (self.head_tail + data).find(b"\r\n\r\n")
                if end < 0 or self.head_bytes - len(self.head_tail) + end + 4 > MAX_HEAD_BYTES:
                    self.refuse_head()
                    return
            self.head_bytes = size
            super().data_received(data)
            if self.head_open:
                self.head_tail = data[-3:]
            return
        super().data_received(data)

    def on_headers_complete(self) -> None:
        self.head_open = False
        super().on_headers_complete()
        if Draining.now and self.cycle is not None:
            self.cycle.keep_alive = False

    def shutdown(self) -> None:
        """At the end of the drain: a connection whose request is still
        arriving (part of its head read), or that was accepted and has not
        sent its first request yet, is left to send it (it is answered, then
        closed, as one being answered is; service.serving closes it if it
        stays silent); an idle kept-alive one is closed now."""
        first = self.cycle is None
        arriving = self.head_open and self.head_bytes and (first or self.cycle.response_complete)
        if first or arriving:
            return
        super().shutdown()

    def waiting_for_a_first_request(self) -> bool:
        """Accepted, nothing of a request read yet."""
        return self.cycle is None and not self.head_bytes

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self.head_open, self.head_bytes, self.head_tail = True, 0, b""

    def refuse_head(self) -> None:
        """Answer 431 and close, reading nothing more."""
        self.head_open = False
        if self.transport.is_closing():
            return
        self.transport.write(REFUSAL)
        self.transport.close()
        count_refusal()


def count_refusal() -> None:
    """A 431 in the metrics (no route or method was read: `other`, `unmatched`)."""
    from service.api import metrics

    metrics.observe("other", metrics.UNMATCHED, 431, 0.0)
