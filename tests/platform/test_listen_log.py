"""The startup log names the address as a client would type it: an IPv6
host in brackets (RFC 3986 §3.2.2: ``IP-literal = "[" ... "]"``), so
``MAHJONG_HOST=::`` logs ``http://[::]:PORT``, not ``http://:::PORT``."""

from __future__ import annotations

import socket

import pytest

from tests.server import free_port, start_service

pytestmark = pytest.mark.server


@pytest.mark.skipif(not socket.has_ipv6, reason="no IPv6 on this machine")
def test_an_ipv6_host_is_logged_in_brackets(tmp_path) -> None:
    port, metrics = free_port(), free_port()
    # "::" on Linux also accepts IPv4 (IPV6_V6ONLY is off by default), which
    # start_service polls on 127.0.0.1
    service = start_service(tmp_path, port, MAHJONG_HOST="::", MAHJONG_METRICS_PORT=str(metrics))
    try:
        log = service.log_text()
    finally:
        assert service.stop() == 0
    assert f"Listening on http://[::]:{port}" in log, log
    assert f"Serving /metrics on http://[::]:{metrics}" in log, log
    assert ":::" not in log, log


def test_an_ipv4_host_is_logged_as_it_is(tmp_path) -> None:
    port = free_port()
    service = start_service(tmp_path, port)
    try:
        log = service.log_text()
    finally:
        assert service.stop() == 0
    assert f"Listening on http://127.0.0.1:{port}" in log, log
