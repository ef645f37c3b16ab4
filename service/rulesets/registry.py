"""The rulesets the service settles, in the order clients see them.

Adding a ruleset is one package under `service/rulesets/` (its `RULESET`,
with its endpoints as data) plus one line here: batch settlement, the fast
path, discovery, the app's routes, the warning catalogue, the named pattern
types, the message catalogue's names, the OpenAPI tags and the calculator
page's tabs are built from this tuple."""

from __future__ import annotations

from service.core.error_codes import CODES as CORE_CODES
from service.core.ruleset import Ruleset
from service.core.warnings import SHARED, Templates, assembled
from service.rulesets import hongkong, mcr, nmjl, riichi, taiwan

__all__ = ["ERROR_CODES", "RULESETS", "WARNINGS", "Ruleset"]

RULESETS: tuple[Ruleset, ...] = (
    hongkong.RULESET,
    riichi.RULESET,
    mcr.RULESET,
    nmjl.RULESET,
    taiwan.RULESET,
)

WARNINGS: Templates = assembled(SHARED, *(ruleset.warnings for ruleset in RULESETS))
ERROR_CODES: dict[str, str] = {**CORE_CODES, **{text: code for ruleset in RULESETS for text, code in ruleset.error_codes.items()}}
"""English detail template → stable code, of every problem the engine
states: the core's, then each ruleset's own."""
"""The one catalogue of warning codes and English templates: the shared
codes, then each ruleset's own, in the order of :data:`RULESETS`."""
