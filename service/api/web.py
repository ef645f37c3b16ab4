"""The calculator page: ``GET /`` and its static files, built on the public API.

The page (``service/web/``: one HTML file, its script ``page.js`` with the
ES modules it imports from ``page/``, one stylesheet; no CDN, no build step) reads ``GET /v1/rulesets`` for its tabs, settings and
each ruleset's page spec (``page``) and posts to the settlement endpoints like any client. Its own strings are
English msgids under msgctxt ``page`` in the same catalogues as the API's
messages (:data:`PAGE_STRINGS`, extracted from the page's sources and every ruleset's page spec by ``tools.i18n_extract``), served
per language at ``GET /web/strings/{language}`` together with the seat names.
``GET /`` is ``index.html`` with its language menu written in from
:data:`service.i18n.SERVED` (each option says which language ranges it is
served for, which the script negotiates with).
None of these routes are part of the API's OpenAPI document.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

from litestar import Response, Router, get
from litestar.exceptions import NotFoundException
from litestar.params import FromPath
from litestar.static_files import create_static_files_router

from service.core.codec import ENCODER
from service.core.seats import SEATS
from service.i18n import LANGUAGES, SERVED, Served, gettext, template_msgids
from service.rulesets.registry import RULESETS

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
PAGE_CONTEXT = "page"
"""Catalogue context of the page's own strings (msgid: the English text)."""

PAGE_STRINGS: tuple[str, ...] = template_msgids(PAGE_CONTEXT)
"""Every string the page shows, as the English msgid: the template's entries
of context ``page``, which ``tools.i18n_extract`` finds in the page's own
sources (its scripts' ``t``/``N_`` literals, ``index.html``'s ``data-i18n``
texts, every ruleset's page spec)."""


MENU_SLOT = "      <!-- languages -->\n"
"""Where ``index.html`` takes the options of its language menu."""


def language_menu(served: Sequence[Served]) -> str:
    """The language menu's options, one per served language: its tag, its own
    name, and the language ranges it is served for (``data-ranges``, which
    the page's script negotiates ``navigator.languages`` with)."""
    return "".join(
        f'      <option value="{escape(language.tag)}" lang="{escape(language.tag)}" '
        f'data-ranges="{escape(" ".join(language.ranges))}">{escape(language.name)}</option>\n'
        for language in served
    )


def index_page(template: str, served: Sequence[Served]) -> bytes:
    """``index.html`` with its language menu written in, so the page shows
    the menu before its script runs."""
    if template.count(MENU_SLOT) != 1:
        raise ValueError("index.html must hold the language menu's slot once")
    return template.replace(MENU_SLOT, language_menu(served)).encode()


INDEX_TEMPLATE = (WEB_DIR / "index.html").read_text(encoding="utf-8")
INDEX = index_page(INDEX_TEMPLATE, SERVED)


def page_strings(language: str) -> dict[str, object]:
    """The page's strings and the seat names in ``language`` (English: the
    msgids themselves)."""
    return {
        "language": language,
        "page": {text: gettext(text, language, PAGE_CONTEXT) for text in PAGE_STRINGS},
        "seat": {seat: gettext(seat, language, "seat") for seat in SEATS},
        # each ruleset's own codes (its presets, …) by the names the API's messages use
        **{
            names.param: {code: gettext(code, language, names.context) for code in names.codes}
            for ruleset in RULESETS
            for names in ruleset.code_names
        },
    }


STRINGS: dict[str, bytes] = {language: ENCODER.encode(page_strings(language)) for language in LANGUAGES}
CACHE = {"cache-control": "no-cache"}
"""The page and its files revalidate on every load: a new release shows at once."""


@get("/", include_in_schema=False, sync_to_thread=False, media_type="text/html")
def index() -> Response[bytes]:
    """The calculator page."""
    return Response(INDEX, media_type="text/html", headers=CACHE)


@get("/web/strings/{language:str}", include_in_schema=False, sync_to_thread=False)
def strings(language: FromPath[str]) -> Response[bytes]:
    """The page's strings in one of the served languages."""
    body = STRINGS.get(language)
    if body is None:
        raise NotFoundException(f"No strings for {language!r}")
    return Response(body, media_type="application/json", headers=CACHE)


def web_router() -> Router:
    """``/``, ``/web/strings/{language}`` and ``/web/static/*``."""
    static = create_static_files_router(path="/web/static", directories=[WEB_DIR], include_in_schema=False, name="web-static")
    return Router(path="/", route_handlers=[index, strings, static], include_in_schema=False)
