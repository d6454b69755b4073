"""Stable option numbers in the terminal (bot/numbering.py, issue 34.7): an option keeps
its number from one prompt to the next, and a number that just changed meaning is
confirmed, or refused, before anything is applied."""

from __future__ import annotations

import copy
from typing import Any

import engine
from bot.console import play
from bot.numbering import Numbering, missing_text
from engine import Context, Option, Outcome, Prompt, Ruleset, Scenario


def numbers(n: Numbering, key: object, ids: list[str]) -> dict[str, int]:
    got = n.number(key, ids, [f"label {i}" for i in ids])
    return dict(zip(ids, got.numbers))


def test_a_new_line_above_shifts_nothing_below_it():
    """Hellenes: a line added to the list used to renumber every line under it."""
    n = Numbering()
    assert numbers(n, 1, ["a", "b", "c", "d"]) == {"a": 1, "b": 2, "c": 3, "d": 4}
    assert numbers(n, 2, ["new", "a", "b", "c", "d"]) == {"new": 5, "a": 1, "b": 2, "c": 3,
                                                          "d": 4}


def test_a_list_keeps_its_numbers_across_another_question():
    """Athens & Sparta: the list of blocks, a destination prompt, the list again without
    the block that moved: each block keeps its number, the moved one leaves a gap."""
    n = Numbering()
    blocks = ["b:Ambracia H", "b:Corinth H1", "b:Corinth N", "done"]
    assert numbers(n, 1, blocks) == {b: i for i, b in enumerate(blocks, 1)}
    assert list(numbers(n, 2, ["o|E5", "o|F5", "back"]).values()) == [1, 2, 3]
    again = n.number(3, blocks[1:], ["Corinth H1", "Corinth N", "End"])
    assert again.numbers == (2, 3, 4)
    assert again.familiar and again.gone == {1: "label b:Ambracia H"} and not again.was


def test_a_new_option_taking_a_gone_options_number_is_marked_as_changed():
    n = Numbering()
    numbers(n, 1, ["a", "b", "c"])
    got = n.number(2, ["a", "x", "c"], ["A", "X", "C"])
    assert got.numbers == (1, 2, 3)
    assert got.was == {2: "label b"}
    assert got.position(2) == 2 and got.position(7) is None


def test_a_wholly_new_question_is_numbered_from_one_and_not_marked():
    n = Numbering()
    numbers(n, 1, ["a", "b", "c"])
    got = n.number(2, ["x", "y"], ["X", "Y"])
    assert got.numbers == (1, 2) and not got.familiar and not got.was and not got.gone


def test_a_known_option_in_another_question_does_not_carry_its_number_there():
    """'Finish' was 4 in the list; a two-line question that also offers it is numbered
    1 to 3, not 1, 2 and 4."""
    n = Numbering()
    numbers(n, 1, ["a", "b", "c", "finish"])
    assert list(numbers(n, 2, ["x", "y", "finish"]).values()) == [1, 2, 3]


def test_an_option_keeps_the_number_it_had_in_this_list_not_elsewhere():
    """'Choose another block' was 4 in 'which kind of move' and 18 in a destination list
    since; back in 'which kind of move' it is 4 again, and 3 (Sea move) is named as gone."""
    n = Numbering()
    numbers(n, 1, ["k:op", "k:march", "k:sea", "back"])
    numbers(n, 2, [f"o|{i}" for i in range(17)] + ["back"])
    got = n.number(3, ["k:op", "k:march", "back"], ["Op", "March", "Back"])
    assert got.numbers == (1, 2, 4)
    assert got.gone == {3: "label k:sea"} and not got.was


def test_a_list_sorted_anew_is_numbered_anew():
    """Destinations listed from another hex come in another order: kept numbers would
    read scrambled, so the list counts as another question."""
    n = Numbering()
    numbers(n, 1, ["a", "b", "c", "d", "e"])
    assert list(numbers(n, 2, ["d", "b", "e", "a", "c"]).values()) == [1, 2, 3, 4, 5]


def test_one_option_moved_in_a_known_list_keeps_its_number():
    """A block that moved is listed under its new place: it keeps its number (shown out
    of order), and so does every other block."""
    n = Numbering()
    numbers(n, 1, ["a", "b", "c", "d", "e"])
    assert numbers(n, 2, ["a", "c", "d", "b", "e"]) == {"a": 1, "b": 2, "c": 3, "d": 4,
                                                        "e": 5}


def test_the_same_prompt_keeps_its_numbers_when_shown_again():
    """Paging or showing the choices again under the help never renumbers a decision."""
    n = Numbering()
    first = n.number(("athens", 7), ["a", "b"], ["A", "B"])
    assert n.number(("athens", 7), ["a", "b"], ["A", "B"]) is first


# ---------------------------------------------------------------- a terminal session

class Shifting(Ruleset):
    """One seat, a list of lines: taking a line removes it and deals a new line at the
    top (as a drawn card would); 'grow' adds a line at the top; 'stop' ends the game."""

    id = "shifting"
    title = "Shifting (test fixture)"
    version = "1"
    scenarios = {"standard": Scenario("standard", "One list", ("solo",))}
    options: dict[str, Any] = {}

    def setup(self, ctx: Context, scenario: str, options: dict[str, Any]) -> dict[str, Any]:
        return {"lines": ["a", "b", "c"], "dealt": 0, "taken": [], "over": False}

    def prompts(self, s: dict[str, Any]) -> list[Prompt]:
        if s["over"]:
            return []
        return [Prompt("solo", "Take a line", tuple(
            [Option(f"take:{x}", f"Take {x}") for x in s["lines"]]
            + [Option("grow", "Add a line"), Option("stop", "Stop")]))]

    def apply(self, s: dict[str, Any], seat: str, option_id: str, ctx: Context) -> None:
        kind, _, arg = option_id.partition(":")
        if kind == "take":
            s["lines"].remove(arg)
            s["taken"].append(arg)
            ctx.event("take", f"solo takes {arg}")
        if kind in ("take", "grow"):
            s["lines"].insert(0, f"n{s['dealt']}")
            s["dealt"] += 1
            ctx.reveal()  # the new line was unknown: no undo past it
        s["over"] = option_id == "stop"

    def outcome(self, s: dict[str, Any]) -> Outcome | None:
        return Outcome(("solo",), "stopped") if s["over"] else None

    def view(self, s: dict[str, Any], seat: str | None) -> dict[str, Any]:
        return copy.deepcopy(s)

    def dump(self, s: dict[str, Any]) -> dict[str, Any]:
        return copy.deepcopy(s)

    def load(self, data: dict[str, Any]) -> dict[str, Any]:
        return copy.deepcopy(data)


engine.register(Shifting())


async def session(tmp_path, answers: list[str]) -> tuple[list[str], list[str]]:
    said: list[str] = []
    asked: list[str] = []
    script = iter(answers)

    def ask(question: str) -> str:
        asked.append(question)
        return next(script)
    await play(ruleset="shifting", scenario=None, seat="solo", hotseat=False,
               database=tmp_path / "s.db", seed=1, ask=ask, say=said.append,
               out_dir=tmp_path)
    return said, asked


def listed(said: list[str]) -> list[list[str]]:
    """Each prompt's lines as shown ("  2. Take b")."""
    out: list[list[str]] = []
    for line in said:
        if line.startswith("\n[solo]"):
            out.append([])
        elif out and line[:6].strip().rstrip(".").isdigit():
            out[-1].append(line.strip())
    return out


async def test_a_typed_number_keeps_meaning_the_line_it_named(tmp_path):
    """A line added at the top: '2' still takes b, where numbering by place took a."""
    said, _ = await session(tmp_path, ["4", "2", "5"])
    first, second = listed(said)[:2]
    assert first == ["1. Take a", "2. Take b", "3. Take c", "4. Add a line", "5. Stop"]
    assert second == ["6. Take n0", "1. Take a", "2. Take b", "3. Take c", "4. Add a line",
                      "5. Stop"]
    assert "  • solo takes b" in said and "  • solo takes a" not in said


async def test_a_number_that_just_changed_meaning_is_confirmed_first(tmp_path):
    """Taking b deals n0, which takes the free number 2: '2' is asked about, refused on
    'n', and applied to n0 only on 'y'."""
    said, asked = await session(tmp_path, ["2", "2", "n", "2", "y", "5"])
    assert listed(said)[1][0] == "2. Take n0"
    questions = [q for q in asked if "[y/N]" in q]
    assert questions == ["2 is now «Take n0» (it was «Take b»). Choose it? [y/N] "] * 2
    assert "Not applied: choose again." in said
    takes = [s for s in said if "solo takes" in s]
    assert takes == ["  • solo takes b", "  • solo takes n0"]  # nothing applied on 'n'


def test_a_gone_options_number_is_refused_by_name():
    n = Numbering()
    numbers(n, 1, ["take:a", "take:b", "grow", "stop"])
    got = n.number(2, ["take:a", "grow", "stop"], ["Take a", "Add", "Stop"])
    assert missing_text(2, got).startswith("Choice 2 was «label take:b», which is not "
                                           "offered now")
    assert missing_text(9, got) == "There is no choice 9: type a number shown above."


# ---------------------------------------------------------------- Discord

def menu_entries(prompt: dict[str, Any]) -> dict[str, str]:
    """Every one-choice menu entry over all pages: value -> label."""
    from bot.ui import pages, prompt_view

    out: dict[str, str] = {}
    for page in range(pages(prompt)):
        for row in prompt_view(1, 1, prompt, page).to_components():
            for c in row["components"]:
                out |= {o["value"]: o["label"] for o in c.get("options", [])}
    return out


def test_discord_menus_name_an_option_by_its_id_on_every_page_and_prompt():
    """A menu entry carries its option's id, not its place: a line added at the top moves
    entries to other pages, yet each keeps its value and label, so a click drawn from
    either prompt means the same option."""
    opts = [{"id": f"take:{i}", "label": f"Take line {i}", "rule": None} for i in range(60)]
    first = menu_entries({"seat": "solo", "text": "Take a line", "options": opts})
    grown = [{"id": "take:new", "label": "Take the new line", "rule": None}] + opts
    second = menu_entries({"seat": "solo", "text": "Take a line", "options": grown})
    assert first == {o["id"]: o["label"] for o in opts}
    assert second == first | {"take:new": "Take the new line"}
