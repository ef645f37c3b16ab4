"""The calculator page: ``GET /`` and its static files, built on the public API.

The page (``service/web/``: one HTML file, one script, one stylesheet; no
CDN, no build step) reads ``GET /v1/rulesets`` for its tabs and settings and
posts to the settlement endpoints like any client. Its own strings are
English msgids under msgctxt ``page`` in the same catalogues as the API's
messages (:data:`PAGE_STRINGS`, extracted by ``tools.i18n_extract``), served
per language at ``GET /web/strings/{language}`` together with the seat names.
None of these routes are part of the API's OpenAPI document.
"""

from __future__ import annotations

from pathlib import Path

from litestar import Response, Router, get
from litestar.exceptions import NotFoundException
from litestar.params import FromPath
from litestar.static_files import create_static_files_router

from service.core.codec import ENCODER
from service.core.seats import SEATS
from service.i18n import LANGUAGES, gettext

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
PAGE_CONTEXT = "page"
"""Catalogue context of the page's own strings (msgid: the English text)."""

PAGE_STRINGS: tuple[str, ...] = (
    # the game
    "Game",
    "Add this hand",
    "Add a draw",
    "New game",
    "Scores after each hand",
    "Next dealer",
    "Settle up",
    "Game over",
    "Round",
    "Draw",
    "Abort",
    # header and tabs
    "Mahjong settlement calculator",
    "Language",
    "Rulesets",
    "API documentation",
    "Loading…",
    "The service could not be reached.",
    # the hand
    "Hand",
    "Who won",
    "Winner",
    "Dealer",
    "Win",
    "Self-draw",
    "Discard",
    "Discarder",
    "Fan",
    "Han",
    "Fu",
    "Yakuman",
    "Honba",
    "Riichi sticks",
    "Players",
    "Points",
    "Flowers",
    "Card value",
    "Jokerless",
    "Singles and pairs",
    "Tai",
    "Dealer streak",
    "Limit hand",
    "Liable (包)",
    "Nobody",
    "Preset",
    "Mode",
    "Dora",
    "Red fives",
    "Ura dora",
    "Open hand",
    "Count from patterns",
    "Patterns",
    "Bettors",
    "Add bettor",
    "Remove",
    "Bettor name",
    "Bets on",
    "Tiles",
    "Use tiles",
    # the tiles object's own fields
    "Round wind",
    "East round",
    "South round",
    "West round",
    "North round",
    "Flowers and seasons",
    "Last tile",
    "After a kong",
    "Robbing a kong",
    "After a flower",
    "Blessing",
    "Last of its kind",
    "Riichi",
    "Ippatsu",
    "Double riichi",
    "Dora indicators",
    "Ura dora indicators",
    "Tiles in hand",
    "Winning tile",
    "Add tile",
    "Add a meld",
    "{count} of {needed} tiles",
    "Plum",
    "Orchid",
    "Chrysanthemum",
    "Bamboo",
    "Spring",
    "Summer",
    "Autumn",
    "Winter",
    "Declared at the table",
    "Declared ready",
    "Heavenly ready",
    "Earthly ready",
    "Flower win from the deal",
    "Nukidora",
    "Meld {number}",
    "Chow",
    "Pung",
    "Kong",
    "Concealed kong",
    "Pick its tile below (a chow's lowest)",
    "Undo",
    "Clear",
    "Table rules",
    "Default",
    "Reset rules",
    # the result
    "Result",
    "Who pays whom",
    "Payer",
    "Payee",
    "Amount",
    "Role",
    "Net change",
    "Seat",
    "Pre-payout total",
    "Tier",
    "Warnings",
    "Itemised",
    "Arrangement",
    "Waits",
    "called",
    "Pattern",
    "Value",
    "Count",
    "{winner} wins {value}",
    "{winner} receives {amount}",
    "self-drawn",
    "on {seat}'s discard",
    "discarder",
    "other",
    "self_draw",
    "dealer",
    "non_dealer",
    "liable",
    "bettor",
    "limit",
    "mangan",
    "haneman",
    "baiman",
    "sanbaiman",
    "yakuman",
    "double_yakuman",
    "kazoe_yakuman",
    "kazoe_double_yakuman",
    # share and print
    "Share",
    "Copy",
    "Copied",
    "Copy link",
    "Link copied",
    "Save image",
    "Image saved",
    "Print table",
    "Reference table",
    "Hong Kong points table",
    "Riichi score table",
    "Taiwan tai table",
    "Half spicy",
    "Full spicy",
    "Self-draw, each",
    "Discarder pays",
    "Others pay",
    "Non-dealer ron",
    "Non-dealer tsumo",
    "Dealer ron",
    "Dealer tsumo, each",
    "Name",
    "How counted",
    "Printed on A4 from the settlement service.",
)
"""Every string the page shows itself, as the English msgid."""


def page_strings(language: str) -> dict[str, object]:
    """The page's strings and the seat names in ``language`` (English: the
    msgids themselves)."""
    return {
        "language": language,
        "page": {text: gettext(text, language, PAGE_CONTEXT) for text in PAGE_STRINGS},
        "seat": {seat: gettext(seat, language, "seat") for seat in SEATS},
    }


STRINGS: dict[str, bytes] = {language: ENCODER.encode(page_strings(language)) for language in LANGUAGES}
INDEX = (WEB_DIR / "index.html").read_bytes()
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
