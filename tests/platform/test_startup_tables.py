"""The suit tables hands from tiles read (service.core.tiles) are built at
start-up, before the service reports ready: no request pays the 50 ms."""

from __future__ import annotations

import subprocess
import sys
import textwrap

CHILD = textwrap.dedent(
    """
    import os, tempfile
    os.environ["MAHJONG_METRICS_RUN_DIR"] = tempfile.mkdtemp()
    from litestar.testing import TestClient
    from service.api import create_app
    from service.core.tiles import _suit_table
    app = create_app()
    print(_suit_table.cache_info().currsize)
    with TestClient(app) as client:
        print(_suit_table.cache_info().currsize, client.get("/readyz").status_code)
    """
)


def test_suit_tables_are_built_before_ready() -> None:
    # a process of its own: the tables are per process, and other tests built them already
    out = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] == "0"  # creating the app builds nothing
    assert out[1] == "4 200"  # three suits and the honours, built by the time /readyz says ready
