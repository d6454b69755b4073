#!/usr/bin/env bash
# The compiled engine's lane of the test command (docs/benchmarks.md, "Compiling the
# engine with mypyc"): build the kernel and the hot Athens & Sparta modules with mypyc in
# place, run the kernel's fast tests (every ruleset's contract and restarts) and Athens &
# Sparta's on the build, then remove it
# (also when a test fails), so the Python source is what runs afterwards.
#
#   scripts/test_compiled.sh [pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}
if ! command -v cc >/dev/null && ! command -v gcc >/dev/null; then
    if [ -n "${CI:-}" ]; then  # in CI (which sets CI) the lane must run, not pass unseen
        echo "compiled engine lane: no C compiler in CI" >&2
        exit 1
    fi
    echo "compiled engine lane skipped: no C compiler here (CI has one; the Python source was tested)"
    exit 0
fi
log=$(mktemp)
trap 'scripts/compile_engine.sh --undo >/dev/null; rm -f "$log"' EXIT
if ! scripts/compile_engine.sh >"$log" 2>&1; then
    cat "$log"
    exit 1
fi
"$PY" -c 'import sys; from engine import compiled; n = len(compiled.loaded());
sys.exit(f"the compiled build did not load ({n} modules)") if n == 0 else print(n, "compiled")'
# what the build compiles: the kernel (every ruleset's restarts and contract run on it
# in tests/kernel) and Athens & Sparta
"$PY" -m pytest -q -p no:cacheprovider -m "not slow" tests/kernel tests/athens_sparta "$@"
