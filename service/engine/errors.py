"""The engine's one error type: input that is well-formed but impossible."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FieldProblem:
    """One bad field: ``pointer`` is an RFC 6901 JSON Pointer into the request
    (``/win/discarder``), ``detail`` a sentence a person can act on (English).

    A detail that embeds values is built by :func:`field_problem`, which keeps
    its English ``template`` and ``params`` so the API can show the sentence
    in the client's language; a fixed sentence is its own template."""

    pointer: str
    detail: str
    template: str = ""
    params: tuple[tuple[str, object], ...] = ()


def field_problem(pointer: str, template: str, **params: object) -> FieldProblem:
    """A problem whose detail is ``template`` (python-brace placeholders, a
    msgid of the message catalogue) filled in with ``params``."""
    return FieldProblem(pointer, template.format(**params), template, tuple(params.items()))


def template(text: str) -> str:
    """Mark a detail sentence kept in a variable or table for the message
    catalogue (extraction finds the first argument of ``FieldProblem``,
    ``field_problem`` and ``template``)."""
    return text


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
