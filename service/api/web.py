"""The calculator page: ``GET /`` and its static files, built on the public API.

The page (``service/web/``: one HTML file, one script, one stylesheet; no
CDN, no build step) reads ``GET /v1/rulesets`` for its tabs, settings and
each ruleset's page spec (``page``) and posts to the settlement endpoints like any client. Its own strings are
English msgids under msgctxt ``page`` in the same catalogues as the API's
messages (:data:`PAGE_STRINGS`, with those of every ruleset's page spec; extracted by ``tools.i18n_extract``), served
per language at ``GET /web/strings/{language}`` together with the seat names.
``GET /`` is ``index.html`` with its language menu written in from
:data:`service.i18n.SERVED` (each option says which language ranges it is
served for, which the script negotiates with).
None of these routes are part of the API's OpenAPI document.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape
from pathlib import Path

from litestar import Response, Router, get
from litestar.exceptions import NotFoundException
from litestar.params import FromPath
from litestar.static_files import create_static_files_router

from service.core.codec import ENCODER
from service.core.page import spec_strings
from service.core.seats import SEATS
from service.i18n import LANGUAGES, SERVED, Served, gettext
from service.rulesets.registry import RULESETS

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
    # the game's rules and a recorded game
    "Game rules",
    "Replay a recorded game",
    "Paste a recorded game, or open its file: a tenhou.net/6 log (Tenhou's export, or a Mahjong Soul converter's), Tenhou's mjlog XML, or MJAI events (a JSON array, or one event a line). Each hand is replayed from its tiles and settled. The rules are the record's own unless you changed them above.",
    "Format",
    "Told apart by its content",
    "tenhou.net/6 log (JSON)",
    "Tenhou's mjlog (XML)",
    "MJAI events",
    "Game record",
    "Or open a file",
    "The record is none of the three formats: a tenhou.net/6 log is a JSON object with `log`, an mjlog starts with `<mjloggm`, MJAI events are a JSON array or one JSON object a line.",
    "The file is larger than a record may be (1 MiB).",
    "Replay the log",
    "The log's hands, settled",
    "Standings",
    "The log",
    "Agrees",
    "Differs: {deltas}",
    "{hands} hands replayed; {mismatches} differ from the log.",
    "{hands} hands replayed; every one agrees with the log.",
    "First dealer",
    "First round wind",
    "Round winds played",
    "Length",
    "Starting points (原點)",
    "Return points (返點)",
    "Uma (馬), in thousands",
    "Uma, 2nd and 3rd (馬)",
    "Uma, 1st and 4th (馬)",
    "Equal final scores",
    "A score below 0 ends the game (飛び)",
    "Dealer first at the last hand ends it (アガリ止め)",
    "Extension round (西入/南入)",
    "Results in whole thousands",
    "A draw keeps the dealer",
    "East only",
    "Half game",
    "Shared",
    "By seat order",
    "None",
    "Sudden death",
    "Exact",
    "Whole thousands",
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
    "Earthly ready, first tile",
    "Two kongs in a row, won on the replacement",
    "Three kongs in a row, won on the replacement",
    "East seat (from the dice)",
    "The dealer",
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
    "Default (the tai table's column)",
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
    # the result cards, the rules' and values' names, tiles, the fu helper, the tables
    ", ",
    "13 han and more",
    "8 fan",
    "About the calculator",
    "Add each hand as it is played: the page keeps the dealer, the totals and who settles with whom.",
    "After a kan",
    "Allowed",
    "Any flower, any wind (見花見字)",
    "Base (副底)",
    "Base (底)",
    "Base + tai × unit",
    "Basic points",
    "Blessing of man (人和)",
    "Called (open)",
    "Card value after doubling",
    "Chinese Official payments (no flowers)",
    "Chips (祝儀)",
    "Chips for a counted yakuman",
    "Chips for a yakuman ron",
    "Chips for a yakuman tsumo",
    "Chips for each yakuman",
    "Classic self-draw",
    "Closed ron (門前榮和)",
    "Closed wait",
    "Concealed kan of simples",
    "Concealed kan of terminals or honours",
    "Concealed triplet of simples",
    "Concealed triplet of terminals or honours",
    "Conversion table",
    "Count the fu for me",
    "Dealer's tai (莊家台)",
    "Double wind pair",
    "Double yakuman count twice",
    "Dragon pair",
    "Each of the {count} pays {amount}.",
    "Each pays",
    "Each winner",
    "East wind",
    "Edge wait",
    "Eight immortals (八仙過海)",
    "Enter the fan your table counted. Most tables need 3 fan to win.",
    "Fan cap",
    "First winner only",
    "For each hand of the streak",
    "For each set",
    "For each tile",
    "Fu for a double wind pair",
    "Full gun",
    "Green dragon",
    "Half gun",
    "Han and fu",
    "Han and fu, or the hand's shape",
    "Head bump (頭ハネ)",
    "Honba on a multiple ron",
    "Hong Kong, Macau, southern China, and most sets sold in the West",
    "In the order of the table below.",
    "International tournaments and official play in China",
    "Japan, and online play everywhere",
    "Jokerless: discarder pays",
    "Jokerless: self-draw, each",
    "Kan",
    "Kind",
    "Lowest card value",
    "Mahjong Master app (麻將大師)",
    "Mingxing app (明星3缺1)",
    "Minimum to win",
    "NMJL payments by card value",
    "Nobody pays anything.",
    "North wind",
    "Not played",
    "Noten payments beside nagashi mangan",
    "Noten payments in all",
    "On a discard",
    "On each payment the dealer is part of",
    "Once a hand",
    "Open all simples (喰いタン)",
    "Open kan of simples",
    "Open kan of terminals or honours",
    "Open pinfu shape",
    "Open triplet of simples",
    "Open triplet of terminals or honours",
    "Paid by everyone on top",
    "Pair",
    "Pair wait",
    "Pattern points + flowers + 8",
    "Payment scheme",
    "Per share",
    "Per tai (單位)",
    "Pick your table's ruleset in the tabs above: everything on the page follows it.",
    "Pick {short} more tiles: {count} of {needed}.",
    "Pinfu tsumo (平和自摸)",
    "Plain pair",
    "Point value",
    "Points per honba",
    "Red 5 Bamboo",
    "Red 5 Characters",
    "Red 5 Dots",
    "Red dragon",
    "Reduced ron (榮和收入調整)",
    "Ron from each (倍取)",
    "Ron total, 1:2 (丸取)",
    "Ron total, 3:5 (丸取2)",
    "Ron total, dealer triple (莊家三倍支付)",
    "Ron total, halves (折半支付)",
    "Round up to mangan (切上滿貫)",
    "26 han and more count double (累計雙倍役滿)",
    "What a liable player pays (包牌)",
    "Honba under pao",
    "Rinshan paid by the kan's discarder (嶺上開花包牌)",
    "A win on a north's replacement is rinshan",
    "A melded and a concealed kong (明暗槓)",
    "The round's flower counts too (正花)",
    "The whole hand",
    "As without pao",
    "The liable player",
    "the yakuman it answers for",
    "Wikibooks, its own Cantonese list (粵語維基教科書)",
    "Round wind pair",
    "Ruleset",
    "Seat wind pair",
    "Self-draw equal to a discard",
    "Sequence",
    "Set {number}",
    "Seven pairs (七對子)",
    "Several winners on one discard",
    "Several yakuman add up",
    "Shanpon wait",
    "Share…",
    "Shenlaiye app (神來也)",
    "South wind",
    "Standard",
    "Summary",
    "Table points before the split",
    "Tai cap",
    "Tai per streak",
    "Tai table",
    "Taiwan, with sixteen tiles in hand",
    "Take out {tile}",
    "Terminals or honours",
    "The United States, with the National Mah Jongg League card",
    "The fan",
    "The han with dora, and the fu after rounding (or let the page count the fu).",
    "The hand's tai, without the dealer's own tai and the streak.",
    "The pattern points without flowers; a hand needs 8 to win.",
    "The tai",
    "The total of the pattern points",
    "The value printed on the card",
    "The value printed on the card beside your hand.",
    "Thousand bonus (千點加符)",
    "Three-player payments",
    "Triplet",
    "Tsumo (自摸)",
    "Tsumo after a kan (嶺上)",
    "Tsumo fu after a kan",
    "Tsumo fu on a pinfu",
    "Tsumo loss (自摸損)",
    "Two-sided wait",
    "Unit",
    "Wait",
    "West wind",
    "What you enter",
    "Where it is played",
    "Which ruleset are you playing?",
    "White dragon",
    "Who pays whom after a mahjong hand: Hong Kong fan, riichi han and fu, Chinese Official points, NMJL card value and Taiwanese tai, under your table's own rules.",
    "Wikibooks",
    "Winner receives",
    "Xigu app (戲谷)",
    "Yaku",
    "Zhaishenye app (宅神爺)",
    "card value {value}",
    "chip payments",
    "chip totals",
    "dollars",
    "off",
    "on",
    "points",
    "points (often a cent each)",
    "points (or chips)",
    "{count} × yakuman",
    "{fan} fan",
    "{fu} fu",
    "{fu} fu (counted {raw}, rounded up)",
    "{han} han",
    "{han} han {fu} fu",
    "{label}: {value}",
    "{list}.",
    "{n} Bamboo",
    "{n} Characters",
    "{n} Dots",
    "{payer} alone pays all {amount}.",
    "{payer} pays {amount}",
    "{points} points",
    "{tai} tai",
    "{winner} wins {value}, {how}",
)
"""Every string the page's script and markup show, as the English msgid."""


def _texts_of(html: str) -> tuple[str, ...]:
    """The texts of the page's elements marked ``data-i18n`` with no value
    (the explanations): each one's msgid is its English text, spaces folded."""
    found = re.findall(r"<(\w+)[^>]*\sdata-i18n(?![-=])[^>]*>([^<]*)</\1>", html)
    return tuple(dict.fromkeys(" ".join(text.split()) for _, text in found))


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
GUIDE_STRINGS = _texts_of(INDEX_TEMPLATE)
"""The explanations under the calculator, read from the page itself."""
PAGE_STRINGS = PAGE_STRINGS + tuple(text for text in GUIDE_STRINGS if text not in PAGE_STRINGS)
SPEC_STRINGS = tuple(dict.fromkeys(text for ruleset in RULESETS for text in spec_strings(ruleset.page)))
"""The labels and words of every ruleset's page spec (``Ruleset.page``)."""
PAGE_STRINGS = PAGE_STRINGS + tuple(text for text in SPEC_STRINGS if text not in PAGE_STRINGS)


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
