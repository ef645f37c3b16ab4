"""Warnings: the one warning type, and the codes every ruleset shares.

A warning says something a player should know about a settlement that was
still computed (a hand under the table minimum, a fan above the cap). Codes are
stable snake_case identifiers clients can switch on; messages are English text
for people.

Each code has an English template, also the msgid of its translations in the
message catalogue (service/i18n), so a warning keeps its ``params`` and the
API shows it in the client's language. The codes shared by several rulesets
are here (:data:`SHARED`); a ruleset's own codes are in its package (its
``warnings`` module, on its ``RULESET``), and ``service.rulesets.registry``
assembles the one catalogue (``WARNINGS``) the API and the OpenAPI schema
list. A new code needs a template and a translation in every catalogue
(docs/i18n.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Annotated, ClassVar

import msgspec


@dataclass(frozen=True)
class Templates:
    """Warning codes → English templates, and other wordings of a code
    (``variants``: code → variant → template) for a ruleset that counts in
    another unit. The code stays the one clients switch on; only the sentence
    (and its translations, each a msgid of its own) follows the unit."""

    messages: dict[str, str]
    variants: dict[str, dict[str, str]] = field(default_factory=dict)

    def warning(self, code: str, variant: str | None = None, **params: str | int) -> SettlementWarning:
        """A warning worded from its code's template, or from the ``variant``
        wording of :attr:`variants`; a code not here is one of :data:`SHARED`."""
        if variant is not None:
            text = self.variants[code][variant]
        else:
            text = self.messages.get(code) or SHARED.messages[code]
        return SettlementWarning(code=code, message=_worded(text, **params), params=params)

    def texts(self) -> list[str]:
        """Every template, variants included (each a msgid)."""
        return [*self.messages.values(), *(text for wordings in self.variants.values() for text in wordings.values())]

    def template_of(self, item: SettlementWarning) -> str:
        """The template ``item``'s (English) message was worded from."""
        for text in self.variants.get(item.code, {}).values():
            if text.format(**item.params) == item.message:
                return text
        return self.messages[item.code]


def assembled(*catalogues: Templates) -> Templates:
    """One catalogue of several: every code once, in the order given."""
    messages: dict[str, str] = {}
    variants: dict[str, dict[str, str]] = {}
    for catalogue in catalogues:
        for code, text in catalogue.messages.items():
            if code in messages:
                raise ValueError(f"warning code {code!r} is declared twice")
            messages[code] = text
        for code, wordings in catalogue.variants.items():
            variants.setdefault(code, {}).update(wordings)
    return Templates(messages, variants)


SHARED = Templates(
    {
        "below_minimum_fan": "{fan} fan is below this table's minimum of {min_fan}; the hand is still settled.",
    }
)
"""The codes several rulesets emit."""


class SettlementWarning(msgspec.Struct, frozen=True):
    """Something to know about a settlement that was still computed."""

    __schema_name__: ClassVar[str] = "Warning"
    """Its name in the OpenAPI document, which clients generated code from
    before the class was renamed (``Warning`` shadowed the builtin)."""

    code: str  # a code of the assembled catalogue, service.rulesets.registry.WARNINGS
    message: Annotated[
        str,
        msgspec.Meta(description="For people, in the response's language (`Content-Language`); never parse it."),
    ]
    params: Annotated[
        dict[str, str | int],
        msgspec.Meta(
            description=(
                "The values filled into the message, by placeholder name (e.g. `fan`, `min_fan`, `seat`), so a "
                "client can word the warning itself; codes (seats, presets, modes) stay codes. Empty when the "
                "message has none."
            )
        ),
    ]


@lru_cache(maxsize=4096)
def _worded(text: str, **params: str | int) -> str:
    """A template filled in, memoised: the same warnings come back with the
    same few values, and formatting a sentence by name costs more than
    finding it again."""
    return text.format(**params)
