"""A ruleset written for the test that adds one (tests/platform/test_new_ruleset.py)."""
