"""Pure settlement rules: no web framework here.

Each ruleset module exposes plain functions from a typed request (a msgspec
Struct) to a typed result, raising :class:`service.engine.errors.RuleViolation`
for input that is well-formed but impossible.
"""
