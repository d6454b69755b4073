"""The engine's optional compiled build (issue #17, docs/benchmarks.md, *Compiling the
engine with mypyc*): the kernel and the hot modules each game names in its `keryx.games`
entry (`GameEntry.compiled`; Athens & Sparta's today) compiled to C extensions by mypyc,
from the same Python source, which stays the only source and the fallback. A game that
names none runs its own code in Python on the compiled kernel.

    scripts/compile_engine.sh          # compile in place (needs a C compiler and mypy)
    scripts/compile_engine.sh --undo   # remove what it built: pure Python again

Python imports an extension module before a `.py` of the same name, so an extension
left behind by an older source would run old rules silently. The build therefore records
each source's hash (`SOURCES`), and `check_fresh`, run when `engine` is imported, refuses
to go on when a compiled module's source has changed since or an extension module sits in
the package that the build did not record. `check_fresh` needs only the standard library
(it runs before any other engine module loads); `modules()` reads the game entries.
"""

from __future__ import annotations

import hashlib
import importlib
import sys
from pathlib import Path

KERNEL = tuple(f"engine.core.{m}" for m in (
    # the kernel every action passes through; the classes that other rulesets and tests
    # subclass in Python (Ruleset, Procedure, Rng) allow it (`mypyc_attr`)
    "decisions", "game", "procedures", "rng", "ruleset", "types", "view",
))


def modules() -> tuple[str, ...]:
    """Every module the build compiles: the kernel and each registered game's hot ones."""
    from engine.core import games  # noqa: PLC0415 - not before check_fresh has run

    return tuple(m for entry in games.games().values() for m in entry.compiled) + KERNEL
# written by the build beside this file: "<sha256 of the source> <module>" a line
SOURCES = Path(__file__).with_name("compiled_sources.txt")
ROOT = Path(__file__).resolve().parent.parent  # the folder holding the `engine` package


def source(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def record_sources() -> None:
    """Called by the build: the hash of each compiled module's source as built."""
    SOURCES.write_text("".join(f"{digest(source(m))} {m}\n" for m in modules()))


def _extensions() -> list[Path]:
    """Every extension module inside the `engine` package, whatever built it."""
    package = ROOT / "engine"
    return [p for suffix in ("*.so", "*.pyd") for p in package.rglob(suffix)]


def _module_of(extension: Path) -> str:
    """`engine/core/game.cpython-311-x86_64-linux-gnu.so` -> `engine.core.game`."""
    rel = extension.relative_to(ROOT)
    return ".".join((*rel.parent.parts, rel.name.split(".")[0]))


def check_fresh() -> None:
    """Raise ImportError when an extension module in the engine would run instead of a
    source it does not match: a compiled module whose source changed after the build (an
    edit, a checkout) or is gone, or an extension the build did not record (made by hand, or left
    by an older build). Recompile, or remove the build to run the source. Called when
    `engine` is imported, before any of its modules loads, in every process."""
    recorded: dict[str, str] = {}
    if SOURCES.exists():
        for line in SOURCES.read_text().splitlines():
            sha, module = line.split()
            recorded[module] = sha
    stale = []
    for ext in _extensions():
        module = _module_of(ext)
        if module.endswith("__mypyc"):
            continue  # the build's shared library: the modules' own check covers it
        py = source(module)
        # a source deleted or moved since the build counts too: its extension would
        # still import, and run code that is in no file any more
        if module not in recorded or not py.exists() or digest(py) != recorded[module]:
            stale.append(module)
    if stale:
        raise ImportError(
            f"compiled engine modules do not match their source: {', '.join(sorted(stale))}; "
            "run scripts/compile_engine.sh again, or scripts/compile_engine.sh --undo to "
            "run the Python source")


def loaded() -> list[str]:
    """The engine modules running as compiled extensions (imported here if need be): what
    a benchmark's machine record states beside its figures."""
    out = []
    for module in modules():
        mod = sys.modules.get(module) or importlib.import_module(module)
        if not (getattr(mod, "__file__", None) or "").endswith(".py"):
            out.append(module)
    return out
