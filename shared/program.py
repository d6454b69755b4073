"""How the person at the terminal calls this program, for the hints Keryx prints (the
command line's and the terminal game's alike)."""

from __future__ import annotations

import os
import sys


def keryx_command() -> str:
    """How to call this very program: `keryx` when that name on PATH is this program, else
    its path (a fresh `.venv` is not activated, so a bare `keryx` would not be found)."""
    import shutil

    me = os.path.abspath(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    if os.path.basename(me) != "keryx" or not os.path.exists(me):
        return "keryx"  # run some other way (python -m, tests): nothing better to say
    found = shutil.which("keryx")
    if found and os.path.abspath(found) == me:
        return "keryx"
    rel = os.path.relpath(me)
    return rel if not rel.startswith("..") else me
