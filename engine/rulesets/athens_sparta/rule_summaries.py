"""Rules at hand: Keryx's own one-paragraph summary of each rule section
(`rule_summaries.toml`) with the rulings of RULINGS.md that touch it, for `/rule N` on
Discord and `?N` in the terminal."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

HERE = Path(__file__).parent
# A ruling row of RULINGS.md: | R12 | 5.43, 4.3 | text | test |
RULING_ROW = re.compile(r"^\|\s*(R\d+)\s*\|([^|]*)\|([^|]*)\|")
SECTION = re.compile(r"\b\d+\.\d+\b")


@dataclass(frozen=True)
class Ruling:
    id: str
    rules: tuple[str, ...]
    text: str


@dataclass(frozen=True)
class RuleSummary:
    rule: str
    title: str
    summary: str
    rulings: tuple[Ruling, ...]

    def text(self) -> str:
        """The summary as a player reads it: heading, paragraph, then each ruling."""
        head = (f"Rule {self.rule}" if self.rule[0].isdigit() else "Rules") + f" — {self.title}"
        lines = [head, self.summary]
        if self.rulings:
            lines.append("Keryx's rulings on it:")
            lines += [f"• {r.id} ({', '.join(r.rules)}): {r.text}" for r in self.rulings]
        return "\n".join(lines)


@lru_cache(maxsize=1)
def summaries() -> dict[str, tuple[str, str]]:
    """Section -> (title, summary), in the rulebook's order."""
    with open(HERE / "rule_summaries.toml", "rb") as f:
        data = tomllib.load(f)
    return {key: (v["title"], " ".join(v["summary"].split())) for key, v in data.items()}


@lru_cache(maxsize=1)
def rulings() -> tuple[Ruling, ...]:
    out = []
    for line in (HERE / "RULINGS.md").read_text(encoding="utf-8").splitlines():
        m = RULING_ROW.match(line)
        if m:
            refs = tuple(SECTION.findall(m[2])) or (m[2].strip(),)
            out.append(Ruling(m[1], refs, m[3].strip()))
    return tuple(out)


def _touches(ref: str, rule: str) -> bool:
    """Whether a ruling citing `ref` belongs under section `rule`: the section itself, its
    subsections (a ruling on 5.43 shows under 5.4) and, for a subsection, its section
    (a ruling on 5.4 shows under 5.43). Whole chapters (5.0) list only their own."""
    ref = ref.lower()
    if not ref[:1].isdigit():  # a sidebar: "Mulligan", "Syracuse points"
        return ref.startswith(rule)
    if ref == rule or (ref.startswith(rule) and not rule.endswith(".0")):
        return True
    section = ref.split(".")[1]
    return rule.startswith(ref) and len(section) == 1 and section != "0"


def normalise(ref: str) -> str:
    """"5.41", "rule 5.41", "5" (read as 5.0) and sidebar names as written."""
    ref = ref.strip().lower().removeprefix("rule").strip().rstrip(".")
    if ref.isdigit():
        ref += ".0"
    return ref


def lookup(ref: str) -> RuleSummary | None:
    rule = normalise(ref)
    found = summaries().get(rule)
    if found is None:
        return None
    title, summary = found
    return RuleSummary(rule, title, summary,
                       tuple(r for r in rulings() if any(_touches(x, rule) for x in r.rules)))


def explain_rule(ref: str) -> str:
    """The text `/rule` and `?N` show; an unknown number lists the known ones."""
    found = lookup(ref)
    if found is not None:
        return found.text()
    return (f"No rule {ref.strip()!r} in Athens & Sparta. Sections: "
            + ", ".join(summaries()) + ".")
