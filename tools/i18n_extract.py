"""Build the message template (``locale/messages.pot``) from the code and
merge it into each language's ``.po``.

    python -m tools.i18n_extract            # rewrite messages.pot, merge into every .po
    python -m tools.i18n_extract --check    # exit 1 if anything is out of date or untranslated

Where msgids come from:

* every warning template in :data:`service.core.warnings.MESSAGES` and
  :data:`~service.core.warnings.MESSAGE_VARIANTS`;
* string literals in ``service/`` passed as the detail of ``FieldProblem``
  / ``field_problem`` / ``LocalizedHTTPException`` (or an engine module's
  ``_fail(pointer, template, **params)``), or marked with
  ``template(...)`` (engine) or ``N_(...)`` (API) — found with Babel's Python
  extractor;
* names shown in place of codes: seats (msgctxt ``seat``), Taiwan presets
  and modes (``taiwan preset``, ``taiwan mode``) and pattern names, msgid the
  English name as printed: ``taiwan pattern`` (the Taiwan tai table), ``hongkong
  pattern`` (the Hong Kong fan sheet), ``riichi yaku`` (the Wikibooks extract's yaku list);
* the reasons two patterns or yaku contradict each other (``contradiction``,
  from the ``CONTRADICTIONS`` tables) and the separators that join a list of
  codes (``list separator``);
* the one-line meaning of every rule option that ``GET /v1/rulesets`` lists
  (``rule option``: the first line of the option's schema description);
* the calculator page's own strings (``page``: service.api.web.PAGE_STRINGS).

A merge adds new msgids untranslated (a translator fills ``msgstr``) and
drops msgids the code no longer has; nothing is fuzzy-matched.
"""

from __future__ import annotations

import argparse
import io
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
    PARAM_CONTEXTS,
    POT_FILE,
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
    from service.api.discovery import GAME_OPTIONS, OPTION_CONTEXT, RULE_OPTIONS
    from service.api.web import PAGE_CONTEXT, PAGE_STRINGS
    from service.core.errors import SEPARATORS
    from service.core.seats import SEATS
    from service.core.warnings import MESSAGE_VARIANTS, MESSAGES
    from service.rulesets.hongkong import patterns as hongkong_fan
    from service.rulesets.hongkong.patterns import FAN_TABLE
    from service.rulesets.mcr.fan_table import FAN_TABLE as MCR_FAN_TABLE
    from service.rulesets.riichi import yaku as riichi_yaku
    from service.rulesets.riichi.yaku import BONUS_TABLE, YAKU_TABLE
    from service.rulesets.taiwan import tai_table as taiwan_tai
    from service.rulesets.taiwan.tai_table import MODE_NOT_SCORED, PRESETS, ROWS

    messages: list[tuple[str, str | None]] = [(text, None) for text in MESSAGES.values()]
    messages += [(text, None) for variants in MESSAGE_VARIANTS.values() for text in variants.values()]
    messages += [(seat, "seat") for seat in SEATS]
    messages += [(preset, "taiwan preset") for preset in PRESETS]
    messages += [(mode, "taiwan mode") for mode in MODE_NOT_SCORED]
    messages += [(row.name_en, "taiwan pattern") for row in ROWS]
    messages += [(row.name_en, "hongkong pattern") for row in FAN_TABLE]
    messages += [(row.name_en, "riichi yaku") for row in (*YAKU_TABLE, *BONUS_TABLE)]
    messages += [(row.name_en, "mcr fan") for row in MCR_FAN_TABLE]
    messages += [(separator, LIST_SEPARATOR) for separator in SEPARATORS]
    contradictions = (*hongkong_fan.CONTRADICTIONS, *riichi_yaku.CONTRADICTIONS, *taiwan_tai.CONTRADICTIONS)
    messages += [(reason, PARAM_CONTEXTS["reason"]) for *_, reason in contradictions]
    messages += [(option.description, OPTION_CONTEXT) for options in RULE_OPTIONS[DEFAULT].values() for option in options]
    messages += [(option.description, OPTION_CONTEXT) for options in GAME_OPTIONS[DEFAULT].values() for option in options]
    messages += [(text, PAGE_CONTEXT) for text in PAGE_STRINGS]
    return messages


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
