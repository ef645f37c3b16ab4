"""One package per ruleset. Rules code here is a library: plain functions from
a typed request (a msgspec Struct) to a typed result, raising
:class:`service.core.errors.RuleViolation` for input that is well-formed but
impossible. Only each package's `http` module knows the web framework
(tests/platform/test_layers.py keeps it so)."""
