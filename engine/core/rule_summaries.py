"""Rules at hand, for any ruleset: Keryx's own one-paragraph summary of each rule section
(`rule_summaries.toml` beside the ruleset) with the rulings of its RULINGS.md that touch
it, for `/rule N` on Discord and `?N` in the terminal.

A ruleset makes one `RuleBook(folder, title)` and exposes its `explain_rule` and
`rule_title`. RULINGS.md may hold its rulings as table rows (`| R12 | 5.43 | text | test |`),
as bullets (`- **Title (6.41, 14.11).** text`, continued on indented lines) or as numbered
items (`46. **Title (6.3).** text`, shown as "46 Title")."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

# A ruling row of a RULINGS.md table: | R12 | 5.43, 4.3 | text | test |
RULING_ROW = re.compile(r"^\|\s*(R\d+)\s*\|([^|]*)\|([^|]*)\|")
# A ruling bullet: - **Title (refs).** text  or  - **Subject** goes on the sentence
RULING_BULLET = re.compile(r"^- \*\*(.+?)\*\*\s*(.*)$")
# A numbered ruling: 46. **Title (refs).** text  or  M5. **Title.** text
RULING_NUMBERED = re.compile(r"^([A-Z]?\d+)\. \*\*(.+?)\*\*\s*(.*)$")
HEADING = re.compile(r"^#+\s+(.*)$")
SECTION = re.compile(r"\b\d+\.\d+\b")
# An appendix named in a heading ("Wing combat (Appendix D)"), cited as "app. d".
APPENDIX = re.compile(r"\bAppendix ([A-Z])\b")
# A citation that starts with a section number: "3.1 (sidebar)", "15.2 rule 4", "6.33".
LEADING_SECTION = re.compile(r"^(\d+(?:\.\d+)?)\b")


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


def read_summaries(path: Path) -> dict[str, tuple[str, str]]:
    """Section -> (title, summary), in the file's order, each summary on one line."""
    with open(path, "rb") as f:
        data = tomllib.load(f)
    return {key: (v["title"], " ".join(v["summary"].split())) for key, v in data.items()}


def _bullet(title: str, body: str, heading: str) -> Ruling:
    """One bullet ruling. A bold title ending in a full stop is a heading ("Storm dice
    (5.22)."); otherwise the bold words begin the sentence ("**Zeus** redeals ...") and stay
    in the text. Its sections are those of its title, else of the heading it sits under
    ("Olympians (11.0)") or the appendix that heading names, else those its text cites; a
    ruling citing none (a card's sidebar) keeps the title's own note."""
    headed = title.endswith(".")
    name = title.rstrip(".:").strip()
    gap = "" if body[:1] in (",", ";", ":", ".") else " "
    text = body if headed else f"{title}{gap}{body}"
    refs = tuple(SECTION.findall(name)) or tuple(SECTION.findall(heading)) \
        or tuple(f"app. {x.lower()}" for x in APPENDIX.findall(heading)) \
        or tuple(SECTION.findall(body))
    if not refs:
        note = re.search(r"\(([^()]*)\)\s*$", name)
        refs = (note[1].strip(),) if note else (name,)
    short = re.sub(r"\s*\([^()]*\)\s*$", "", name) or name
    return Ruling(short, refs, " ".join(text.replace("**", "").split()))


def parse_rulings(markdown: str) -> tuple[Ruling, ...]:
    """Every ruling of a RULINGS.md, table rows and bullets alike, in the file's order."""
    out: list[Ruling] = []
    heading = ""
    bullet: list[str] | None = None  # [title, body so far, heading]
    number = ""  # a numbered ruling's number, shown before its title

    def close() -> None:
        nonlocal bullet, number
        if bullet is not None:
            found = _bullet(*bullet)
            out.append(Ruling(f"{number} {found.id}", found.rules, found.text)
                       if number else found)
            bullet = None
            number = ""

    for line in markdown.splitlines():
        if bullet is not None and line.startswith("  ") and line.strip():
            bullet[1] += " " + line.strip()
            continue
        close()
        if m := HEADING.match(line):
            heading = m[1]
        elif m := RULING_ROW.match(line):
            refs = tuple(SECTION.findall(m[2])) or (m[2].strip(),)
            out.append(Ruling(m[1], refs, m[3].strip()))
        elif m := RULING_BULLET.match(line):
            bullet = [m[1], m[2], heading]
        elif m := RULING_NUMBERED.match(line):
            bullet, number = [m[2], m[3], heading], m[1]
    close()
    return tuple(out)


def touches(ref: str, rule: str) -> bool:
    """Whether a ruling citing `ref` belongs under section `rule`: the section itself, its
    subsections (a ruling on 5.43 shows under 5.4) and, for a subsection, the sections it
    sits in (a ruling on 5.4 shows under 5.43, one on 9.21 under 9.211). Whole chapters
    (5.0) list only their own."""
    ref = ref.lower()
    if not ref[:1].isdigit():  # a sidebar: "Mulligan", "Syracuse points"
        return ref.startswith(rule)
    if ref == rule or (ref.startswith(rule) and not rule.endswith(".0")):
        return True
    return rule.startswith(ref) and not ref.endswith(".0")


def normalise(ref: str) -> str:
    """"5.41", "rule 5.41", "5" (read as 5.0), "3.1 (sidebar)" (read as 3.1) and sidebar
    names as written."""
    ref = ref.strip().lower().removeprefix("rule").strip().rstrip(".")
    ref = ref.removesuffix("sidebar").strip()  # "Mulligan sidebar", as prompts cite it
    if m := LEADING_SECTION.match(ref):
        ref = m[1]
    if ref.isdigit():
        ref += ".0"
    return ref


class RuleBook:
    """The summaries and rulings of one ruleset, read from its folder once."""

    def __init__(self, folder: Path, title: str):
        self.folder = folder
        self.title = title

    @cached_property
    def summaries(self) -> dict[str, tuple[str, str]]:
        """Section -> (title, summary), in the rulebook's order."""
        return read_summaries(self.folder / "rule_summaries.toml")

    @cached_property
    def rulings(self) -> tuple[Ruling, ...]:
        return parse_rulings((self.folder / "RULINGS.md").read_text(encoding="utf-8"))

    def lookup(self, ref: str) -> RuleSummary | None:
        rule = normalise(ref)
        found = self.summaries.get(rule)
        if found is None and " " in rule:  # a sidebar by its full name: "syracuse points"
            rule = rule.split()[0]
            found = self.summaries.get(rule)
        if found is None:
            return None
        title, summary = found
        return RuleSummary(rule, title, summary,
                           tuple(r for r in self.rulings if any(touches(x, rule)
                                                                for x in r.rules)))

    def explain_rule(self, ref: str) -> str:
        """The text `/rule` and `?N` show; an unknown number lists the known ones."""
        found = self.lookup(ref)
        if found is not None:
            return found.text()
        return (f"No rule {ref.strip()!r} in {self.title}. Sections: "
                + ", ".join(self.summaries) + ".")

    def rule_title(self, ref: str) -> str | None:
        found = self.lookup(ref)
        return found.title if found else None


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9+]+", text.lower())


def shared_phrases(book: RuleBook, rulebook_text: str, length: int) -> list[tuple[str, str]]:
    """(section, phrase) for every run of `length` words of a summary that also appears in
    the published rulebook: the check that the summaries are in our own words (names and
    numbers may repeat; whole phrases may not)."""
    text = " ".join(words(rulebook_text))
    found = []
    for key, (_title, summary) in book.summaries.items():
        ws = words(summary)
        found += [(key, run) for i in range(len(ws) - length + 1)
                  if (run := " ".join(ws[i:i + length])) in text]
    return found
