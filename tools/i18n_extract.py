"""Build the message template (``locale/messages.pot``) from the code and
merge it into each language's ``.po``.

    python -m tools.i18n_extract            # rewrite messages.pot, merge into every .po
    python -m tools.i18n_extract --check    # exit 1 if anything is out of date or untranslated

Where msgids come from:

* every warning template of the assembled catalogue
  (:data:`service.rulesets.registry.WARNINGS`, variants included);
* string literals in ``service/`` passed as the detail of ``FieldProblem``
  / ``field_problem`` / ``LocalizedHTTPException`` (or an engine module's
  ``_fail(pointer, template, **params)``), or marked with
  ``template(...)`` (engine) or ``N_(...)`` (API) — found with Babel's Python
  extractor;
* each ruleset's display name (msgctxt ``ruleset name``, msgid its
  ``name_en``);
* names shown in place of codes: seats (msgctxt ``seat``), and each
  ruleset's ``catalogue`` (``Ruleset.catalogue``): its pattern names (msgid
  the English name as printed, msgctxt its ``pattern_context``), the codes
  its messages quote by name (its ``code_names``) and the reasons two of its
  patterns contradict each other (``contradiction``);
* the separators that join a list of codes (``list separator``);
* the one-line meaning of every rule option that ``GET /v1/rulesets`` lists
  (``rule option``: the first line of the option's schema description);
* each preset's title and one-line source that ``GET /v1/rulesets`` lists
  (``preset``);
* the calculator page's own strings (``page``), from its sources: every
  literal its scripts (``service/web/page.js`` and ``page/*.js``) pass to
  ``t`` or ``N_`` (Babel's JavaScript extractor), ``index.html``'s
  ``data-i18n`` texts, and every ruleset's page spec.

A merge adds new msgids untranslated (a translator fills ``msgstr``) and
drops msgids the code no longer has; nothing is fuzzy-matched.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from datetime import UTC, datetime
from pathlib import Path
from string import Formatter

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.pofile import read_po, write_po

from service.i18n import (
    DEFAULT,
    LIST_SEPARATOR,
    POT_FILE,
    RULESET_NAME,
    TRANSLATED,
    po_file,
)

SERVICE_DIR = Path(__file__).resolve().parent.parent / "service"
KEYWORDS = {
    "N_": None,
    "template": None,
    "FieldProblem": (2,),
    "field_problem": (2,),
    "_fail": (2,),
    "LocalizedHTTPException": (2,),
}
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)
"""Header dates are fixed so a regenerated template only differs when a msgid does."""


def _data_messages() -> list[tuple[str, str | None]]:
    from service.api.discovery import GAME_OPTIONS, OPTION_CONTEXT, PRESET_CONTEXT, RULE_OPTIONS
    from service.api.web import PAGE_CONTEXT
    from service.core.errors import SEPARATORS
    from service.core.seats import SEATS
    from service.rulesets.registry import RULESETS, WARNINGS

    messages: list[tuple[str, str | None]] = [(text, None) for text in WARNINGS.texts()]
    messages += [(seat, "seat") for seat in SEATS]
    messages += [(ruleset.name_en, RULESET_NAME) for ruleset in RULESETS]
    messages += [(text, context) for ruleset in RULESETS for text, context in ruleset.catalogue]
    messages += [(separator, LIST_SEPARATOR) for separator in SEPARATORS]
    messages += [(option.description, OPTION_CONTEXT) for options in RULE_OPTIONS[DEFAULT].values() for option in options]
    messages += [(option.description, OPTION_CONTEXT) for options in GAME_OPTIONS[DEFAULT].values() for option in options]
    messages += [(text, PRESET_CONTEXT) for ruleset in RULESETS for p in ruleset.presets for text in (p.title, p.source)]
    messages += [(text, PAGE_CONTEXT) for text in page_messages()]
    return messages


WEB_DIR = SERVICE_DIR / "web"
PAGE_KEYWORDS = {"t": None, "N_": None}
"""The page's own marks: ``t(text)`` where a text is shown, ``N_(text)`` where it is kept."""


def page_scripts() -> list[Path]:
    """The page's script and the ES modules it imports."""
    return [WEB_DIR / "page.js", *sorted((WEB_DIR / "page").glob("*.js"))]


def html_messages(html: str) -> list[str]:
    """``index.html``'s texts: each ``data-i18n``, ``data-i18n-label`` and
    ``data-i18n-content`` value, and the English text (spaces folded) of an
    element marked ``data-i18n`` with no value."""
    found = re.findall(r'data-i18n(?:-label|-content)?="([^"]+)"', html)
    found += [" ".join(text.split()) for _, text in re.findall(r"<(\w+)[^>]*\sdata-i18n(?![-=])[^>]*>([^<]*)</\1>", html)]
    return found


def page_messages() -> list[str]:
    """Every string the calculator page shows (msgctxt ``page``), from its
    own sources: scripts, markup and the rulesets' page specs."""
    from service.core.page import spec_strings
    from service.rulesets.registry import RULESETS

    found: list[str] = []
    for path in page_scripts():
        with path.open("rb") as handle:
            found += [
                message
                for _, message, _, _ in extract("javascript", handle, keywords=PAGE_KEYWORDS)
                if isinstance(message, str) and message
            ]
    found += html_messages((WEB_DIR / "index.html").read_text(encoding="utf-8"))
    found += [text for ruleset in RULESETS for text in spec_strings(ruleset.page)]
    return list(dict.fromkeys(found))


def _code_messages() -> list[tuple[str, str | None, str]]:
    found = []
    for path in sorted(SERVICE_DIR.rglob("*.py")):
        with path.open("rb") as handle:
            for lineno, message, _comments, context in extract("python", handle, keywords=KEYWORDS):
                if isinstance(message, str) and message:
                    found.append((message, context, f"{path.relative_to(SERVICE_DIR.parent)}:{lineno}"))
    return found


def template_catalog() -> Catalog:
    """Every msgid the service can show, sorted."""
    catalog = Catalog(
        project="mahjong-settlement",
        version="1",
        copyright_holder="mahjong-settlement",
        msgid_bugs_address="",
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        fuzzy=False,
    )
    for message, context in _data_messages():
        catalog.add(message, context=context)
    for message, context, _where in _code_messages():
        catalog.add(message, context=context)
    return catalog


def placeholders(text: str) -> set[str]:
    """The python-brace placeholder names of a message."""
    return {name for _, name, _, _ in Formatter().parse(text) if name is not None}


def _write(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_po(buffer, catalog, sort_output=True, no_location=True, ignore_obsolete=True, width=0)
    return buffer.getvalue()


def merged(language: str, template: Catalog) -> Catalog:
    with po_file(language).open("rb") as handle:
        catalog = read_po(handle, locale=language.replace("-", "_"))
    catalog.update(template, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    catalog.revision_date = FIXED_DATE
    return catalog


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only check; exit 1 if a file is out of date or a msgid untranslated")
    args = parser.parse_args(argv)
    template = template_catalog()
    outputs = {POT_FILE: _write(template)}
    for language in TRANSLATED:
        outputs[po_file(language)] = _write(merged(language, template))
    if not args.check:
        for path, content in outputs.items():
            path.write_bytes(content)
        return 0
    ok = True
    for path, content in outputs.items():
        if path.read_bytes() != content:
            print(f"{path} is out of date: run python -m tools.i18n_extract", file=sys.stderr)
            ok = False
    for language in TRANSLATED:
        with po_file(language).open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            if message.id and not message.string:
                print(f"{language}: untranslated: {message.id!r}", file=sys.stderr)
                ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
