"""Shared fixtures: an in-process client over the real app. The helpers the
tests import are in tests/helpers.py."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import settings
from litestar.testing import TestClient

from service.api import create_app

logging.getLogger("httpx").setLevel(logging.WARNING)

# Property tests: on a developer's machine ("explore", the default) they draw
# new examples on every run and a failure prints the @reproduce_failure line
# that replays it anywhere. Under CI (CI set, as `.ci/run` is run) they draw
# the same examples every time ("ci"): a landing is never failed by an
# example that no change brought in. HYPOTHESIS_PROFILE picks either.
# Neither has a deadline: speed is measured by bench/, and a per-example
# time limit fails a correct example on a loaded machine.
settings.register_profile("explore", print_blob=True, deadline=None)
settings.register_profile("ci", print_blob=True, derandomize=True, database=None, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "explore"))


@pytest.fixture(scope="session")
def client() -> Iterator[TestClient[Any]]:
    with TestClient(create_app()) as test_client:
        yield test_client
