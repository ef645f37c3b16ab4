"""A real browser on the calculator page: the app under uvicorn on 127.0.0.1
in a thread, and Debian's headless chromium driven by selenium through
Debian's chromedriver (no browser download: `.ci/run` installs the packages).

    python -m tests.web.screenshots OUTDIR     # phone and desktop screenshots
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import uvicorn

from service.api import create_app

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
PHONE = (390, 844)
DESKTOP = (1280, 900)


INTERNAL_SCHEMES = frozenset({"data", "blob", "about", "chrome", "chrome-untrusted", "chrome-extension", "chrome-search", "devtools"})
"""Schemes a page or the browser itself asks for without leaving the machine:
inline data, the page's own blobs, and Chromium's internal pages (recent
builds log ``chrome://new-tab-page/…`` requests of their own)."""


def leaving_machine(urls: Iterable[str], base_url: str) -> list[str]:
    """The URLs among ``urls`` that leave the machine: anything but the
    service at ``base_url`` and the browser's internal schemes. A URL with any
    other scheme (http, https, ws, ftp …) to any other host leaves it."""
    service = urlsplit(base_url)
    outside = []
    for url in urls:
        parts = urlsplit(url)
        if parts.scheme in INTERNAL_SCHEMES:
            continue
        if (parts.scheme, parts.netloc) == (service.scheme, service.netloc):
            continue
        outside.append(url)
    return outside


def console_errors(driver: Any) -> list[dict[str, Any]]:
    """The browser console's errors since the last call."""
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def requested_urls(driver: Any) -> list[str]:
    """Every URL the browser asked for since the last call (network log)."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def browser_missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not (Path(path).exists() or shutil.which(path)):
            return f"{path} is missing: apt-get install -y chromium chromium-driver fonts-noto-cjk (.ci/run does)"
    return None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def serve() -> Iterator[str]:
    """The app on 127.0.0.1:<free port>; yields its base URL."""
    port = _free_port()
    config = uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the app did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


STARTS = 3
"""Tries to start the browser: on a loaded machine chromium sometimes misses
chromedriver's start-up wait ("DevToolsActivePort file doesn't exist") and
starts the next time."""


def _options(size: tuple[int, int], language: str) -> tuple[Any, str]:
    """Chromium's options with a fresh profile, and that profile's folder."""
    from selenium import webdriver

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="page-profile-")
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        f"--user-data-dir={profile}",
        f"--window-size={size[0]},{size[1]}",
        f"--lang={language}",
    ):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    return options, profile


def _started(size: tuple[int, int], language: str) -> tuple[Any, str]:
    """The browser started (a fresh profile for each try) and its profile."""
    from selenium import webdriver
    from selenium.common.exceptions import SessionNotCreatedException
    from selenium.webdriver.chrome.service import Service

    for attempt in range(1, STARTS + 1):
        options, profile = _options(size, language)
        try:
            return webdriver.Chrome(options=options, service=Service(CHROMEDRIVER)), profile
        except SessionNotCreatedException:
            shutil.rmtree(profile, ignore_errors=True)
            if attempt == STARTS:
                raise
            time.sleep(attempt)
    raise AssertionError("unreachable")


def make_driver(size: tuple[int, int] = DESKTOP, language: str = "en-US", downloads: Path | None = None) -> Any:
    """Headless chromium with a fresh profile, no network of its own (no
    component updates, sync or background requests), console and network
    logs kept for the tests."""
    driver, profile = _started(size, language)
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": size[0] < 600}
    )
    if downloads is not None:
        driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    driver.profile_dir = profile
    return driver


def quit_driver(driver: Any) -> None:
    driver.quit()
    shutil.rmtree(driver.profile_dir, ignore_errors=True)


def wait_ready(driver: Any, timeout: float = 15) -> None:
    """Until the page has loaded and shows a settlement (or a problem)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = driver.execute_script("return [document.body.dataset.loaded, document.body.dataset.state]")
        if state[0] == "true" and state[1] in ("ready", "problem", "counting"):
            # a pending debounced settle starts within 120 ms
            time.sleep(0.25)
            if driver.execute_script("return document.body.dataset.state") in ("ready", "problem", "counting"):
                return
        time.sleep(0.05)
    raise TimeoutError("the page did not show a result")


def open_page(driver: Any, url: str) -> None:
    driver.get("about:blank")
    driver.get(url)
    wait_ready(driver)
