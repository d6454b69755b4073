"""The package is declared in pyproject.toml; this file only adds the optional compiled
engine (issue #17): with KERYX_COMPILE=1 the kernel and hot Athens & Sparta modules listed
in engine/compiled.py are compiled by mypyc (needs mypy and a C compiler in the build
environment, so install with --no-build-isolation). Without it nothing is compiled and
the install is pure Python, as the README's is."""

import os
import sys

from setuptools import setup

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

ext_modules = []
if os.environ.get("KERYX_COMPILE") == "1":
    try:
        from mypyc.build import mypycify
    except ImportError as exc:
        raise SystemExit("KERYX_COMPILE=1 needs mypy (and a C compiler) where the build runs: "
                         "pip install mypy, then build with --no-build-isolation, or use "
                         "scripts/compile_engine.sh") from exc

    from engine import compiled  # the games' entries name what to compile

    compiled.record_sources()
    ext_modules = mypycify([os.path.relpath(compiled.source(m)) for m in compiled.modules()],
                           opt_level="3",
                           # the modules' shared library inside the `engine` package, so
                           # that it is found wherever the package is (not at the top level)
                           group_name="engine.compiled")

setup(ext_modules=ext_modules)
