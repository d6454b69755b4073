"""Choose the fast lane's heavy tests from a measured run (README, "the fast lane").

    pytest -q -m "not slow" -n 2 --junitxml=/tmp/fast.xml
    python scripts/heavy_tests.py /tmp/fast.xml [--share 0.5]

The slowest tests of the run, until those left hold at most `--share` of its test time,
are written to tests/heavy.txt with their measured seconds; tests/conftest.py marks every
test listed there `slow`, so the fast lane leaves them to the whole test command (which
runs everything). Tests already listed stay listed: the file only grows until it is
rewritten from a run with `--fresh`.
"""

from __future__ import annotations

import argparse
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ROOT / "tests" / "heavy.txt"
HEADER = """\
# Tests the fast lane (pytest -m "not slow") leaves to the whole test command: the
# slowest of a measured run, chosen and written by scripts/heavy_tests.py (seconds as
# measured in that run, which may have been on a loaded machine). tests/conftest.py marks
# each `slow`. A name without [...] stands for every case of a parametrized test.
"""


def node_id(classname: str, name: str) -> str:
    """pytest's node id of a junit test case (`tests.epic.test_x[.Class]` + name)."""
    parts = classname.split(".")
    for cut in range(len(parts), 0, -1):
        path = Path(*parts[:cut]).with_suffix(".py")
        if (ROOT / path).exists():
            return "::".join([path.as_posix(), *parts[cut:], name])
    raise SystemExit(f"no test file for {classname}")


def read_listed() -> dict[str, str]:
    if not HEAVY.exists():
        return {}
    out = {}
    for line in HEAVY.read_text().splitlines():
        node, _, note = line.partition("#")
        if node.strip():
            out[node.strip()] = note.strip()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("junit", type=Path)
    ap.add_argument("--share", type=float, default=0.5,
                    help="the largest share of the run's test time the fast lane keeps")
    ap.add_argument("--fresh", action="store_true", help="forget the tests listed before")
    args = ap.parse_args()
    cases = sorted(((float(c.get("time") or 0), node_id(c.get("classname", ""), c.get("name", "")))
                    for c in ET.parse(args.junit).getroot().iter("testcase")), reverse=True)
    total = sum(t for t, _ in cases)
    listed = {} if args.fresh else read_listed()
    left = total
    for seconds, node in cases:
        if left <= args.share * total:
            break
        listed[node] = f"{seconds:.1f} s"
        left -= seconds
    lines = [f"{node}  # {note}" if note else node for node, note in sorted(listed.items())]
    HEAVY.write_text(HEADER + "\n".join(lines) + "\n")
    print(f"{len(listed)} heavy tests; the fast lane keeps {left:.0f} of {total:.0f} s")


if __name__ == "__main__":
    main()
