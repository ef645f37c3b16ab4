"""Localized messages: one gettext catalogue per language, read with Babel.

Languages: ``en`` (the source language: every msgid is the English text),
``zh-Hant`` (繁體, in the Hong Kong register of the reference calculator: 番, 出銃, 自摸,
全銃/半銃, 半辣/全辣), ``zh-Hans`` (简体) and ``ja`` (日本語): the entries of
:data:`SERVED`, the one list a language is added to. The catalogues
are the ``.po`` files in ``locale/``; they are parsed once, at import, with
:func:`babel.messages.pofile.read_po` (no compile step), into one dict per
language keyed by ``(msgctxt, msgid)``. ``locale/messages.pot`` lists every
msgid; ``python -m tools.i18n_extract`` regenerates it from the code and
merges new msgids into the ``.po`` files (docs/i18n.md).

Messages are python-brace templates (``{fan} fan is below …``): a translation
uses the same placeholders. Parameters that are codes (seats, a ruleset's
own codes such as its presets) and the reasons two patterns contradict each
other are shown localized (:data:`PARAM_CONTEXTS`); a list of codes (``Listing``) is joined
with the language's own "or" or comma. The codes themselves never change.

The language of the request being answered lives in :data:`LANGUAGE`, set by
the application's ASGI entry from ``Accept-Language`` (service.api.language).
"""

from __future__ import annotations

from collections.abc import Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

from service.core.errors import CONTRADICTION, Listing
from service.rulesets.registry import RULESETS

Language = str
"""A served language's tag (one of :data:`LANGUAGES`)."""


@dataclass(frozen=True)
class Served:
    """A language the service answers in: its BCP 47 tag (``Content-Language``,
    its catalogue ``locale/<tag with _>.po``), its own name as the page's menu
    shows it, how a sentence naming the languages side by side calls it, and
    the other language ranges it is served for (``zh-TW`` → ``zh-Hant``)."""

    tag: str
    name: str
    short: str
    also: tuple[str, ...] = ()

    @property
    def ranges(self) -> tuple[str, ...]:
        """Every language range it is served for: its tag, then :attr:`also`."""
        return (self.tag, *self.also)


SERVED: tuple[Served, ...] = (
    Served("en", "English", "English"),
    Served("zh-Hant", "繁體中文", "繁體", also=("zh-TW", "zh-HK", "zh-MO")),
    Served("zh-Hans", "简体中文", "简体", also=("zh-CN", "zh-SG", "zh")),
    Served("ja", "日本語", "日本語"),
)
"""The one list of served languages, English (the msgids themselves) first.
A language is one entry here and its catalogue; negotiation, discovery's
ruleset names, the OpenAPI texts and the page's menu are read from it."""

DEFAULT: Language = SERVED[0].tag
LANGUAGES: tuple[Language, ...] = tuple(language.tag for language in SERVED)
TRANSLATED: tuple[Language, ...] = LANGUAGES[1:]
"""Languages with a catalogue (English is the msgids themselves)."""

LOCALE_DIR = Path(__file__).parent / "locale"
POT_FILE = LOCALE_DIR / "messages.pot"


def po_file(language: str) -> Path:
    """``zh-Hant`` → ``locale/zh_Hant.po`` (gettext spells locales with ``_``)."""
    return LOCALE_DIR / f"{language.replace('-', '_')}.po"


LANGUAGE: ContextVar[Language] = ContextVar("language", default=DEFAULT)
"""The negotiated language of the request being answered."""

PARAM_CONTEXTS: dict[str, str] = {
    "seat": "seat",
    "first": "seat",
    "reason": CONTRADICTION,
    **{names.param: names.context for ruleset in RULESETS for names in ruleset.code_names},
}
"""Message parameters whose value is a code shown by its localized name: the
parameter's name → the catalogue context of those names (the seats, the
reasons of the contradiction tables, and each ruleset's ``code_names``)."""

LIST_SEPARATOR = "list separator"
"""Catalogue context of the separators that join a :class:`Listing` parameter."""

RULESET_NAME = "ruleset name"
"""Catalogue context of the rulesets' display names (msgid: ``Ruleset.name_en``)."""


def N_(message: str) -> str:
    """Mark a message for extraction; it is translated where it is used."""
    return message


def load_catalogue(language: str) -> dict[tuple[str | None, str], str]:
    with po_file(language).open("rb") as handle:
        catalog = read_po(handle, locale=language.replace("-", "_"))
    return {
        (message.context, message.id): message.string
        for message in catalog
        if message.id and isinstance(message.id, str) and message.string and isinstance(message.string, str) and not message.fuzzy
    }


def template_msgids(context: str) -> tuple[str, ...]:
    """The msgids of ``context`` in the template (``messages.pot``, which
    ``tools.i18n_extract`` writes from the sources), in its order: the
    English texts of a context that no code lists by hand (the page's)."""
    with POT_FILE.open("rb") as handle:
        catalog = read_po(handle)
    return tuple(message.id for message in catalog if isinstance(message.id, str) and message.id and message.context == context)


CATALOGUES: dict[str, dict[tuple[str | None, str], str]] = {language: load_catalogue(language) for language in TRANSLATED}
"""language → (msgctxt, msgid) → msgstr; untranslated and fuzzy entries are left out."""


def gettext(message: str, language: str, context: str | None = None) -> str:
    """The translation of ``message``, or ``message`` itself (English, or a
    text the catalogue does not hold)."""
    if language == DEFAULT:
        return message
    return CATALOGUES[language].get((context, message), message)


def localized_params(params: Mapping[str, object], language: str) -> dict[str, object]:
    """Parameters for display: codes named in :data:`PARAM_CONTEXTS` become
    their localized names."""
    shown = dict(params)
    if language == DEFAULT:
        return shown
    catalogue = CATALOGUES[language]
    for name, value in params.items():
        if isinstance(value, Listing):
            shown[name] = catalogue.get((LIST_SEPARATOR, value.separator), value.separator).join(value.items)
            continue
        context = PARAM_CONTEXTS.get(name)
        if context is not None and isinstance(value, str):
            shown[name] = catalogue.get((context, value), value)
    return shown


def render(template: str, params: Mapping[str, object], language: str) -> str:
    """``template`` (an English msgid) translated and filled in. A template
    the catalogue does not hold is filled in in English."""
    if language == DEFAULT:
        return template.format(**params)
    return gettext(template, language).format(**localized_params(params, language))


def ruleset_names(name_en: str) -> dict[str, str]:
    """A ruleset's display names, given its English one, in every served
    language (tag → name; msgctxt :data:`RULESET_NAME`)."""
    return {language.tag: gettext(name_en, language.tag, RULESET_NAME) for language in SERVED}


def pattern_name(context: str, english: str, language: str) -> str:
    """A pattern's name (given by its English name) in ``language``, from
    the catalogue context of its ruleset's names (``Ruleset.pattern_context``)."""
    return gettext(english, language, context)


# --- Accept-Language ----------------------------------------------------------


@cache
def _ranges(served: tuple[Served, ...]) -> tuple[tuple[str, Language], ...]:
    """Every served range, lower-cased, the longest (most specific) first."""
    ranges = [(served_range.lower(), language.tag) for language in served for served_range in language.ranges]
    return tuple(sorted(ranges, key=lambda pair: -len(pair[0])))


def language_of_tag(tag: str) -> Language | None:
    """One language tag → the language served for it, or None if none fits.

    The most specific range of :data:`SERVED` that the tag equals or begins
    with (then ``-``) decides: ``zh-Hant*``, ``zh-TW``, ``zh-HK``, ``zh-MO`` →
    ``zh-Hant``; ``zh-Hans*``, ``zh-CN``, ``zh-SG``, bare ``zh`` (and any other
    ``zh-*``) → ``zh-Hans``; ``ja*`` → ``ja``; ``en*`` and ``*`` → ``en``."""
    tag = tag.strip().lower()
    for served_range, language in _ranges(SERVED):
        if tag == served_range or tag.startswith(served_range + "-"):
            return language
    if tag == "*" or tag.startswith("*-"):
        return DEFAULT
    return None


def _quality(param: str) -> float:
    name, _, value = param.partition("=")
    if name.strip().lower() != "q":
        return 1.0
    try:
        q = float(value.strip())
    except ValueError:
        return 0.0
    return q if 0.0 <= q <= 1.0 else 0.0


MAX_RANGES = 32
"""Language ranges of an ``Accept-Language`` value that are looked at; any
after them are ignored (a browser sends a handful)."""


def negotiate(header: str | None) -> Language:
    """The language to answer in, from an ``Accept-Language`` value: the
    served language of the tag with the highest q (ties: the first listed);
    tags with q=0, malformed q or no served language are skipped; nothing
    usable → ``en``. Only the first :data:`MAX_RANGES` ranges count."""
    if not header:
        return DEFAULT
    best: Language = DEFAULT
    best_q = 0.0
    for item in header.split(",", MAX_RANGES)[:MAX_RANGES]:
        tag, *params = item.split(";")
        q = 1.0
        for param in params:
            if param.strip().lower().startswith("q"):
                q = _quality(param)
        if q <= best_q:
            continue
        language = language_of_tag(tag)
        if language is not None:
            best, best_q = language, q
    return best


_NEGOTIATED: dict[bytes, Language] = {}
_CACHE_SIZE = 512
_MEMO_KEY_BYTES = 256
"""Values longer than this are negotiated each time, not kept: a client
cannot fill the memo with megabyte keys (the HTTP parser does not cap a
header's size; the gateway should)."""
_READ_BYTES = 4096
"""Only this much of a value is read (32 ranges fit many times over), so a
megabyte header costs no more to negotiate than a short one."""


def negotiate_header(raw: bytes) -> Language:
    """:func:`negotiate` on a raw header value, memoised (clients repeat the
    same few values): one dict lookup per request once a value was seen.
    The memo holds at most 512 values of at most 256 bytes; of a longer value
    only the first 4 KB are read."""
    if len(raw) > _MEMO_KEY_BYTES:  # not kept, not even hashed
        return negotiate(raw[:_READ_BYTES].decode("latin-1"))
    language = _NEGOTIATED.get(raw)
    if language is None:
        language = negotiate(raw.decode("latin-1"))
        if len(_NEGOTIATED) >= _CACHE_SIZE:
            _NEGOTIATED.clear()
        _NEGOTIATED[raw] = language
    return language
