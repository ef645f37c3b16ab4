"""The engine's one error type: input that is well-formed but impossible."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


def template(text: str) -> str:
    """Mark a detail sentence kept in a variable or table for the message
    catalogue (extraction finds the first argument of ``FieldProblem``,
    ``field_problem`` and ``template``)."""
    return text


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


@dataclass(frozen=True, slots=True)
class Listing:
    """A list of codes inside a detail: English joins them with
    ``separator`` (``" or "``, ``", "``); another language joins them with its
    own word for it (the catalogue's translation of ``separator``, msgctxt
    ``list separator``). The items are shown as given, never translated."""

    items: tuple[str, ...]
    separator: str

    def __str__(self) -> str:
        return self.separator.join(self.items)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


OR = " or "
COMMA = ", "
SEPARATORS: tuple[str, ...] = (OR, COMMA)
"""Every :attr:`Listing.separator` (msgids of context ``list separator``)."""


def one_of(items: Iterable[str]) -> Listing:
    """``a or b or c`` (the codes of which one was expected)."""
    return Listing(tuple(items), OR)


def all_of(items: Iterable[str]) -> Listing:
    """``a, b, c`` (every code meant)."""
    return Listing(tuple(items), COMMA)


CONTRADICTION = "contradiction"
"""Catalogue context of the reasons two patterns contradict each other (msgid: the reason)."""
CANNOT_GO_TOGETHER = template("`{code}` and `{other}` cannot be declared together: {reason}.")
"""Two declared patterns (or yaku) that contradict each other; ``reason`` is
an English sentence of the ruleset's contradiction table (translated by the
API, context ``contradiction``)."""
CONTRADICTS = template("`{other}` contradicts `{code}` (at {at}).")
"""The second pattern of a contradicting pair; ``at`` points at the first."""

Contradiction = tuple[str, str, str]
"""(first code, second code, reason): two patterns or yaku that cannot be
declared together, and why (an English sentence, msgctxt ``contradiction``)."""


def conflicts_by_code(table: Iterable[Contradiction]) -> dict[str, tuple[tuple[str, str], ...]]:
    """A contradiction table indexed by its first code, so a check looks only
    at the codes it was given: code → ((other code, reason), …)."""
    index: dict[str, list[tuple[str, str]]] = {}
    for first, second, reason in table:
        index.setdefault(first, []).append((second, reason))
    return {code: tuple(pairs) for code, pairs in index.items()}


def contradiction_problems(
    positions: dict[str, int], conflicts: dict[str, tuple[tuple[str, str], ...]], items: str, field: str = ""
) -> list[FieldProblem]:
    """Two problems for each declared pair the table forbids: the first code's
    (:data:`CANNOT_GO_TOGETHER`, with the reason) and the second's
    (:data:`CONTRADICTS`). ``positions``: code → its index in the request's
    list at ``items`` (``/patterns``); ``field`` is appended to an item's
    pointer (``/code``)."""
    problems: list[FieldProblem] = []
    for code, index in positions.items():
        for other, reason in conflicts.get(code, ()):
            if other in positions:
                problems.append(field_problem(f"{items}/{index}{field}", CANNOT_GO_TOGETHER, code=code, other=other, reason=reason))
                problems.append(
                    field_problem(f"{items}/{positions[other]}{field}", CONTRADICTS, other=other, code=code, at=f"{items}/{index}")
                )
    return problems


def field_problem(pointer: str, template: str, **params: object) -> FieldProblem:
    """A problem whose detail is ``template`` (python-brace placeholders, a
    msgid of the message catalogue) filled in with ``params``."""
    return FieldProblem(pointer, template.format(**params), template, tuple(params.items()))


RULE_BROKEN = template("The request breaks a rule of the game")
"""The title of a 422 whose engine code names no more specific one."""


class RuleViolation(Exception):
    """A request that decodes but cannot be settled (the discarder is the
    winner, more flowers than exist, contradictory patterns). The API layer
    answers 422 problem+json listing every :class:`FieldProblem`."""

    def __init__(self, *problems: FieldProblem, title: str = RULE_BROKEN) -> None:
        super().__init__("; ".join(f"{p.pointer}: {p.detail}" for p in problems))
        self.problems = problems
        self.title = title


class UnreadablePart(Exception):
    """A part of a request the rules read themselves, past what the schema
    can say (a recorded game's log entries), that does not read as its
    format. The API layer answers 400 at ``problem.pointer``, as for any
    body that does not match the schema."""

    def __init__(self, problem: FieldProblem) -> None:
        super().__init__(problem.detail)
        self.problem = problem
