"""Phone (390×844) and desktop (1280×900) screenshots of the calculator page.

    .venv/bin/python -m tests.web.screenshots /tmp/page-shots [language ...]

Saves, for each size and served language (``service.i18n.LANGUAGES``), every
ruleset's tab with a hand entered (the viewport as ``<size>-<language>-<view>.png``
and the whole page as ``…-full.png``), a hand picked from tiles, a Taiwan
game, and the printed riichi score table as a PDF. Not committed: look at
them before a change to the page lands.
"""

from __future__ import annotations

import base64
import sys
from pathlib import Path

from service.i18n import LANGUAGES
from tests.web.browser import DESKTOP, PHONE, make_driver, open_page, quit_driver, serve

VIEWS = {
    "hongkong": "#r=hongkong&winner=south&discarder=west&use_patterns=1&p.full_flush=1&p.all_pongs=1",
    "riichi": "#r=riichi&winner=south&win=self_draw&han=3&fu=30&honba=1&riichi_sticks=1",
    "riichi-fu": "#r=riichi&winner=south&discarder=west&han=2&fu_helper=1&fu.m0.kind=triplet&fu.m0.terminal=1&fu.wait=closed",
    "mcr-tiles": "#r=mcr&winner=south&win=self_draw&use_tiles=1&tiles_concealed=234m567m345p678s55p&tiles_win=5p",
    "nmjl": "#r=nmjl&winner=south&win=self_draw&value=25&bettors=Ann:south",
    "taiwan-game": "#r=taiwan&winner=south&win=discard&discarder=east&tai=1&game="
    + "%5B%7B%22winner%22%3A%22east%22%2C%22win%22%3A%7B%22type%22%3A%22self_draw%22%7D%2C%22tai%22%3A1%7D%2C%7B%22type%22%3A%22draw%22%7D%2C%7B%22winner%22%3A%22south%22%2C%22win%22%3A%7B%22type%22%3A%22discard%22%2C%22discarder%22%3A%22east%22%7D%2C%22tai%22%3A1%7D%5D",
}


def main(out: Path, languages: tuple[str, ...] = LANGUAGES) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with serve() as base:
        for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
            driver = make_driver(size=size)
            try:
                for language in languages:
                    for name, fragment in VIEWS.items():
                        open_page(driver, f"{base}/{fragment}&lang={language}")
                        driver.save_screenshot(str(out / f"{label}-{language}-{name}.png"))
                        shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"captureBeyondViewport": True, "format": "png"})
                        (out / f"{label}-{language}-{name}-full.png").write_bytes(base64.b64decode(shot["data"]))
                if label == "desktop":
                    open_page(driver, f"{base}/#r=riichi&lang=ja")
                    pdf = driver.execute_cdp_cmd("Page.printToPDF", {"preferCSSPageSize": True})
                    (out / "print-riichi.pdf").write_bytes(base64.b64decode(pdf["data"]))
            finally:
                quit_driver(driver)
    print(f"screenshots in {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "page-shots"), tuple(sys.argv[2:]) or LANGUAGES)
