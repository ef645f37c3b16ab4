"""The engine's one error type: input that is well-formed but impossible."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FieldProblem:
    """One bad field: ``pointer`` is an RFC 6901 JSON Pointer into the request
    (``/win/discarder``), ``detail`` a sentence a person can act on."""

    pointer: str
    detail: str


class RuleViolation(Exception):
    """A request that decodes but cannot be settled (the discarder is the
    winner, more flowers than exist, contradictory patterns). The API layer
    answers 422 problem+json listing every :class:`FieldProblem`."""

    def __init__(self, *problems: FieldProblem, title: str = "The request breaks a rule of the game") -> None:
        super().__init__("; ".join(f"{p.pointer}: {p.detail}" for p in problems))
        self.problems = problems
        self.title = title


def violation(pointer: str, detail: str) -> RuleViolation:
    return RuleViolation(FieldProblem(pointer, detail))
