"""Fixtures for the page in a real browser. Without chromium the browser
tests skip on a developer's machine and fail under CI (CI set), where
`.ci/run` installs it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.browser import browser_missing, console_errors, leaving_machine, make_driver, quit_driver, requested_urls, serve


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    with serve() as base:
        yield base


def _require_browser() -> None:
    reason = browser_missing()
    if reason is None:
        return
    if os.environ.get("CI"):
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser(base_url: str) -> Iterator[Any]:
    """One desktop-sized browser per test module."""
    _require_browser()
    driver = make_driver()
    try:
        yield driver
    finally:
        quit_driver(driver)


@pytest.fixture
def page(browser: Any, base_url: str) -> Iterator[Any]:
    """The desktop browser, its logs emptied; after the test: no console
    error, and no request to anywhere but the service on 127.0.0.1 (the
    browser's own internal pages are not requests: `leaving_machine`)."""
    browser.get_log("browser")
    browser.get_log("performance")
    yield browser
    urls = requested_urls(browser)
    outside = leaving_machine(urls, base_url)
    assert outside == [], f"requests left 127.0.0.1: {outside}"
    assert console_errors(browser) == []


@pytest.fixture
def make_browser(base_url: str) -> Iterator[Any]:
    """A browser of another size, language or download folder, quit after the test."""
    _require_browser()
    drivers: list[Any] = []

    def make(**kwargs: Any) -> Any:
        driver = make_driver(**kwargs)
        drivers.append(driver)
        return driver

    yield make
    for driver in drivers:
        quit_driver(driver)
