"""Stable numbers for a terminal's options (issue 34.7).

Numbering options by their place in the list made a number change meaning between two
prompts: a line added or gone shifted everything below it, and a player typing the number
they had just seen chose something else. Here a list the player has seen before keeps its
numbers: a prompt continues the earlier showing that holds most of its options (an option
is known by its id within its kind of question, which a ruleset keeps for the same thing
from prompt to prompt), and when more than half of its options are there, mostly in the
same order, they keep their numbers, however many other questions came in between. New
options take the smallest free numbers, so a vanished option leaves a gap rather than
shifting the others; any other question is numbered from 1 and read afresh.

In a known list a new option may still take the number of a gone one: that number has
just changed meaning under the player's eyes, `Numbered.was` names what it meant, and the
terminal asks before applying it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Numbered:
    """One prompt's numbers: `numbers[i]` is the number of the prompt's i-th option."""

    numbers: tuple[int, ...]
    familiar: bool  # most options keep a number they had before
    # number -> the label it last had, for numbers given to an option that did not have
    # them before while another (now gone) option did
    was: dict[int, str]
    # number -> the label of the gone option it was, for numbers a familiar list lacks now
    gone: dict[int, str]

    def position(self, number: int) -> int | None:
        """The 1-based place in the prompt of the option shown as `number`."""
        try:
            return self.numbers.index(number) + 1
        except ValueError:
            return None


REMEMBERED = 200  # showings kept: more than come between two turns' lists of one kind


class Numbering:
    """The numbers one person at the keyboard has been shown, and the next prompt's."""

    def __init__(self) -> None:
        # the latest showings: when -> {option id: (its number, its label)}
        self.showings: dict[int, dict[str, tuple[int, str]]] = {}
        self.shown = 0  # prompts numbered so far (the "when" above)
        self.current: tuple[object, Numbered] | None = None  # (prompt's key, its numbers)

    def number(self, key: object, ids: Sequence[str], labels: Sequence[str]) -> Numbered:
        """The numbers of a prompt's options. The same `key` (seat and version) gets the
        same numbers again, so paging and showing a prompt again never renumber it."""
        if self.current is not None and self.current[0] == key:
            return self.current[1]
        # The list this prompt continues: the showing with most of its options (the
        # latest on a tie). They keep their numbers there (unique: they were shown
        # together) if most of them still come in that order; a list sorted anew
        # (destinations from another hex, say) would read scrambled.
        known: dict[str, tuple[int, str]] = {}
        if self.showings:
            known = self.showings[max(self.showings, key=lambda when: (
                sum(oid in self.showings[when] for oid in ids), when))]
        numbers = {i: known[oid][0] for i, oid in enumerate(ids) if oid in known}
        familiar = len(_in_order(numbers)) * 2 > len(ids)
        if not familiar:  # another question: its own numbers, from 1
            numbers = dict(enumerate(range(1, len(ids) + 1)))
        taken = set(numbers.values())
        free = (n for n in range(1, len(ids) + len(taken) + 1) if n not in taken)
        for i in range(len(ids)):
            if i not in numbers:
                numbers[i] = next(free)
        # what the list's gone options were called: what the player may have in mind
        present = set(ids)
        before = {n: label for oid, (n, label) in known.items()
                  if familiar and oid not in present}
        used = set(numbers.values())
        was = {n: label for n, label in before.items() if n in used}
        left = {n: label for n, label in before.items() if n not in used}
        result = Numbered(tuple(numbers[i] for i in range(len(ids))), familiar, was, left)
        self.shown += 1
        self.showings[self.shown] = {oid: (n, label)
                                     for oid, label, n in zip(ids, labels, result.numbers)}
        self.showings.pop(self.shown - REMEMBERED, None)
        self.current = (key, result)
        return result


def _in_order(numbers: dict[int, int]) -> dict[int, int]:
    """The most entries (place -> number) whose numbers rise with their places: the
    longest increasing run, found by patience sorting."""
    places = sorted(numbers)
    tops: list[int] = []  # tops[k]: index in `places` ending the best run of length k+1
    back: list[int | None] = []
    for j, place in enumerate(places):
        n = numbers[place]
        lo, hi = 0, len(tops)
        while lo < hi:
            mid = (lo + hi) // 2
            if numbers[places[tops[mid]]] < n:
                lo = mid + 1
            else:
                hi = mid
        back.append(tops[lo - 1] if lo else None)
        if lo == len(tops):
            tops.append(j)
        else:
            tops[lo] = j
    run: dict[int, int] = {}
    k = tops[-1] if tops else None
    while k is not None:
        run[places[k]] = numbers[places[k]]
        k = back[k]
    return run


def missing_text(number: int, numbered: Numbered) -> str:
    """Why a typed number chooses nothing: a gone option's number is named as such."""
    if number in numbered.gone:
        return (f"Choice {number} was «{numbered.gone[number]}», which is not offered now; "
                f"nothing was applied: {type_text(numbered)}.")
    return f"There is no choice {number}: {type_text(numbered)}."


def type_text(numbered: Numbered) -> str:
    """What to type: the range when the numbers run from 1 without a gap."""
    if span_text(numbered):
        return f"type a number from 1 to {len(numbered.numbers)}"
    return "type a number shown above"


def changed_text(typed: Sequence[int], numbered: Numbered, options: Sequence[Any]) -> str:
    """The question to ask before applying numbers that just changed meaning, or ""."""
    parts = [f"{n} is now «{options[p - 1].label}» (it was «{numbered.was[n]}»)"
             for n in typed if n in numbered.was
             for p in [numbered.position(n)] if p is not None]
    return "; ".join(parts) + ". Choose it?" if parts else ""


def span_text(numbered: Numbered) -> str:
    """" (1–5)" when the numbers run from 1 to 5 without a gap, else nothing."""
    count = len(numbered.numbers)
    return f" (1–{count})" if sorted(numbered.numbers) == list(range(1, count + 1)) else ""
