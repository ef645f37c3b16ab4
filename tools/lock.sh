#!/usr/bin/env bash
# Refresh the lock files from pyproject.toml's pins, with sha256 hashes of
# every PyPI file of each pinned version (so any platform CI or the image
# builds on finds its wheel):
#   requirements.lock       the service's runtime dependencies (the image)
#   requirements-test.lock  the same runtime versions plus the test extra (CI)
# Run after changing a dependency in pyproject.toml:  bash tools/lock.sh
# Takes a few minutes; needs PyPI. Local pip configuration (mirrors,
# find-links) is ignored so that the hashes are PyPI's.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=$(mktemp -d)
trap 'rm -rf "$venv"' EXIT
python3 -m venv "$venv"
"$venv/bin/pip" install -q pip-tools==7.6.2
compile() {
    env -u PIP_FIND_LINKS PIP_CONFIG_FILE=/dev/null CUSTOM_COMPILE_COMMAND="bash tools/lock.sh" "$venv/bin/pip-compile" -q --generate-hashes --strip-extras --allow-unsafe \
        --no-emit-index-url --no-emit-find-links --index-url https://pypi.org/simple \
        "$@" pyproject.toml
}
compile --upgrade --output-file requirements.lock
compile --upgrade --extra test --constraint requirements.lock --output-file requirements-test.lock
