"""Building blocks of a ruleset's page spec (`Ruleset.page`): what the
calculator page (service/web/page.js) asks for and shows for the ruleset
besides its table rules, as data that `GET /v1/rulesets` serves.

A spec is a JSON object (docs/page.md):

- ``schema``: the request schema's name in the OpenAPI document (its tiles
  object is the same name with ``Tiles`` for ``Request``);
- ``value`` and ``extra``: the hand's own fields, each ``[name, label, kind,
  default]`` with kind ``int``, ``int0`` (left out at 0), ``enum``, ``bool``
  or ``seat?``; labels are page msgids;
- ``patterns``: the checklist of declared patterns: the catalogue table's
  ``url`` (and the ``query`` of form values it takes, with their defaults),
  the request ``field``, the value fields it ``replaces``, what each row
  ``shows`` (``fan``, ``han``, ``cell``), which ``rows`` it lists
  (``require``: a field a listed row has; ``hide``: field values that leave
  a row out) and its own ``extra`` fields;
- ``tilesReplace``, ``tilesExtra``, ``melds``, ``handTiles``, ``redFives``:
  the hand from tiles (the fields the tiles decide, the tiles object's own
  fields, most called sets, the tiles of a whole hand, whether red fives
  exist); a tiles field's options may show it only ``when`` form values are
  so;
- ``threePlayers`` (the field and value of a three-player table),
  ``fuHelper`` (the fu counted from the hand's shape: its ``url``),
  ``skipWhen`` (a value field that, above 0, leaves others out),
  ``bettors``;
- ``valueText``: the result's value in words, the first alternative whose
  ``when`` field the result has, its ``params`` read from the result (or
  ``form.<name>``: from the form);
- ``reference``: the printable table (``kind`` ``points``, ``score``,
  ``batch`` or ``tai``, its ``url`` or batch layout, its ``caption``);
- ``text``: the tab's words (``unit``, ``receives``, ``pre``, ``hint``,
  ``where``, ``enter``); ``labels``: the ruleset's own names for its rules.
"""

from __future__ import annotations

from typing import Any

Field = list[Any]
"""``[name, label, kind, default]``, or with a fifth element, options."""

ROUND_WIND: Field = ["round_wind", "Round wind", "wind", "east"]
FLOWERS = [
    ["f1", "Plum"],
    ["f2", "Orchid"],
    ["f3", "Chrysanthemum"],
    ["f4", "Bamboo"],
    ["s1", "Spring"],
    ["s2", "Summer"],
    ["s3", "Autumn"],
    ["s4", "Winter"],
]
"""Flower number n belongs to seat n counted from east."""
FLOWER_CODES: Field = ["flowers", "Flowers and seasons", "checks", "", {"choices": FLOWERS, "codes": True}]
HOW_WON: list[Field] = [
    ["last_tile", "Last tile", "bool", ""],
    ["after_kong", "After a kong", "bool", ""],
    ["robbing_kong", "Robbing a kong", "bool", ""],
]
WITH_FLOWERS: list[Field] = [["after_flower", "After a flower", "bool", ""], ["blessing", "Blessing", "bool", ""]]


def spec_strings(spec: dict[str, Any]) -> list[str]:
    """Every page msgid a spec holds: labels, words, captions, templates."""
    found: list[str] = []

    def field(entry: list[Any]) -> None:
        found.append(entry[1])
        options = entry[4] if len(entry) > 4 else {}
        found.extend(label for _, label in options.get("choices", ()))
        if "none" in options:
            found.append(options["none"])

    for key in ("value", "extra", "tilesExtra"):
        for entry in spec.get(key, ()):
            field(entry)
    for entry in spec.get("patterns", {}).get("extra", ()):
        field(entry)
    found.extend(spec.get("text", {}).values())
    found.extend(spec.get("labels", {}).values())
    found.extend(alternative["text"] for alternative in spec.get("valueText", ()))
    reference = spec.get("reference", {})
    if "caption" in reference:
        found.append(reference["caption"])
    for head in reference.get("head", ()):
        found.extend(head if isinstance(head, list) else [head])
    return [text for text in dict.fromkeys(found) if text]
