"""The rulesets the service settles, in the order clients see them.

Adding a ruleset is one package under `service/rulesets/` (its `RULESET`,
with its endpoints as data) plus one line here: batch settlement, the fast
path, discovery and the app's routes are built from this tuple."""

from __future__ import annotations

from service.core.ruleset import Ruleset
from service.rulesets import hongkong, mcr, nmjl, riichi, taiwan

__all__ = ["RULESETS", "Ruleset"]

RULESETS: tuple[Ruleset, ...] = (
    hongkong.RULESET,
    riichi.RULESET,
    mcr.RULESET,
    nmjl.RULESET,
    taiwan.RULESET,
)
