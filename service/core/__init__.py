"""What every ruleset shares: exact money, seats, payment lines and
settlement results, warnings, errors and the JSON codec. Imports no web
framework and no i18n."""
