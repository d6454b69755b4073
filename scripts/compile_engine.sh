#!/usr/bin/env bash
# The optional compiled engine (issue #17; docs/benchmarks.md, "Compiling the engine with
# mypyc"): compiles the kernel and the hot Athens & Sparta modules (engine/compiled.py) in place with
# mypyc. The Python source stays the only source: edit it, then compile again.
#
#   scripts/compile_engine.sh          # compile (needs mypy, from '.[dev]', and a C compiler)
#   scripts/compile_engine.sh --undo   # remove the built modules: pure Python again
#
# PYTHON picks the interpreter (default .venv/bin/python, else python3). Built files are
# ignored by git (.gitignore) and never committed.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}
[ -x "$PY" ] || PY=python3

undo() {
    find engine -name '*.cpython-*.so' -delete
    rm -f ./*__mypyc.cpython-*.so engine/compiled_sources.txt
    rm -rf build/mypyc
}

if [ "${1:-}" = "--undo" ]; then
    undo
    echo "compiled engine removed: the Python source runs"
    exit 0
fi
undo  # no module from an older build left behind
KERYX_COMPILE=1 "$PY" setup.py -q build_ext --inplace --build-temp build/mypyc
"$PY" -c 'from engine import compiled; print("compiled:", len(compiled.loaded()), "modules")'
