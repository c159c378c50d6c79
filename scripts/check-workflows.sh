#!/usr/bin/env bash
# Validates the GitHub Actions workflows (.github/workflows/*.yml) against
# GitHub's workflow schema, with the copy that check-jsonschema vendors
# (--builtin-schema vendor.github-workflows): nothing is fetched while
# validating.
#
# check-jsonschema comes from PyPI: the one on PATH if there is one, else one
# that this script installs with pip, once, into a virtual environment in
# .build-tools/ (ignored by git; Debian and Ubuntu need python3-venv), so
# that no system Python is touched.
set -euo pipefail
cd "$(dirname "$0")/.."

if command -v check-jsonschema >/dev/null 2>&1; then
    checker=check-jsonschema
else
    venv=.build-tools/check-jsonschema
    if [ ! -x "$venv/bin/check-jsonschema" ]; then
        if ! python3 -m venv "$venv"; then
            echo "error: python3 -m venv failed; install python3-venv (apt-get install python3-venv), or check-jsonschema itself (pip install check-jsonschema)." >&2
            exit 1
        fi
        "$venv/bin/python3" -m pip install --quiet check-jsonschema
    fi
    checker="$venv/bin/check-jsonschema"
fi

"$checker" --builtin-schema vendor.github-workflows .github/workflows/*.yml
