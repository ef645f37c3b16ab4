"""The read deadline without a timer per request (service.serving): each
tick looks at what every connection is reading and closes one that has read
the same request for the whole timeout. The end-to-end check, with real slow
clients, is tests/platform/test_resilience.py."""

from __future__ import annotations

from types import SimpleNamespace

from service.serving import close_slow_readers


class Transport:
    def __init__(self) -> None:
        self.closed = False

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True


def connection(cycle: object = None, keep_alive_timer: object = None) -> SimpleNamespace:
    return SimpleNamespace(cycle=cycle, timeout_keep_alive_task=keep_alive_timer, transport=Transport())


def cycle(response_complete: bool = False, more_body: bool = True) -> SimpleNamespace:
    return SimpleNamespace(response_complete=response_complete, more_body=more_body)


def test_a_connection_reading_one_request_for_the_timeout_is_closed() -> None:
    silent = connection()  # connected, nothing received yet
    half_body = connection(cycle())  # headers read, body still coming
    connections = [silent, half_body]
    assert close_slow_readers(connections, 100.0, 10) == 0
    assert close_slow_readers(connections, 109.9, 10) == 0
    assert close_slow_readers(connections, 110.0, 10) == 2
    assert silent.transport.closed and half_body.transport.closed


def test_a_connection_that_moves_on_is_not_closed() -> None:
    busy = connection(cycle())
    assert close_slow_readers([busy], 0.0, 10) == 0
    busy.cycle = cycle()  # the next request: its own deadline from now
    assert close_slow_readers([busy], 9.0, 10) == 0
    assert close_slow_readers([busy], 18.0, 10) == 0
    assert close_slow_readers([busy], 19.0, 10) == 1


def test_answering_and_idling_are_not_reading() -> None:
    answering = connection(cycle(more_body=False))  # whole request read, app working
    idle = connection(cycle(response_complete=True), keep_alive_timer=object())  # uvicorn's keep-alive bounds it
    connections = [answering, idle]
    for now in (0.0, 50.0, 100.0):
        assert close_slow_readers(connections, now, 10) == 0
    # a first byte of the next request cancels uvicorn's keep-alive timer: reading again
    idle.timeout_keep_alive_task = None
    assert close_slow_readers(connections, 100.0, 10) == 0
    assert close_slow_readers(connections, 110.0, 10) == 1
    assert idle.transport.closed and not answering.transport.closed
