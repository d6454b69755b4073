"""Appeals to the Olympians (11.0): a Sacrifice made at New Year (10.3) is spent to have a
random result done again; Hera overrules the opponent's Appeal.

`appeal` is a window opened right after a random result: each player who may appeal to
that Olympian is asked in turn (the one the result went against first, as the caller
orders them). An Appeal spends the Sacrifice; the opponent may then spend a Sacrifice to
Hera to overrule it, and the first result stands. The procedure ends with the appellant's
seat when the result is to be done again (the caller does it), else with False. Only one Appeal to each Olympian may
be made in a Player Turn (11.0 and its sidebar), counting both players.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict, cast

from engine import Option, Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure

from . import board as B
from .state import NEW_YEAR, HState, Side, other

HERA = "Hera"


def appealed(s: HState) -> list[str]:
    """The Olympians appealed to in this Player Turn (New Year: this New Year)."""
    t = s["turn"]
    if t is None:
        return s["effects"].setdefault("appealed", [])
    return t.setdefault("appealed", [])


def may_appeal(s: HState, side: str, olympian: str) -> bool:
    year = s["sacrifices"][side].get(olympian)
    if year is None or olympian in appealed(s):
        return False
    # 11.0 sidebar: a Sacrifice to Zeus must date from an earlier Year (years count down)
    return not (olympian == "Zeus" and s["season"] == NEW_YEAR and year <= s["year"])


class Subject(TypedDict):
    """The random result an Appeal is about, as facts (its `kind` says which keys)."""

    kind: str  # attack, recruit-draw, recruit, hand, forced, storm, attrition
    unit: NotRequired[str]
    side: NotRequired[str]
    area: NotRequired[str]
    city: NotRequired[str]
    dice: NotRequired[list[int]]
    on: NotRequired[int]
    hits: NotRequired[int]


def open_appeal(flow: Flow[HState], olympian: str, what: Subject,
                seats: list[Side]) -> bool:
    """Call the window if anyone may appeal; False when nobody may (nothing called).
    `what` is the random result as facts (`kind` and its own keys), worded when asked."""
    s = flow.state
    asked = [x for x in seats if may_appeal(s, x, olympian)]
    if not asked:
        return False
    flow.call("appeal", olympian=olympian, what=what, seats=asked)
    return True


class AppealArgs(TypedDict):
    """The `appeal` frame: who may still appeal, in the order asked (11.0)."""

    olympian: str
    what: Subject
    seats: list[Side]


class HeraArgs(TypedDict):
    """The `appeal_hera` frame: `by` has appealed; the opponent may overrule (11.0)."""

    olympian: str
    what: Subject
    by: Side


class Appeal(Procedure[HState]):
    """11.0: each player who may appeal against the result is asked in turn."""

    name = "appeal"

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        a = cast(AppealArgs, flow.args)
        o = a["olympian"]
        facts = {"olympian": o, "about": dict(a["what"])}
        return [Prompt(a["seats"][0], f"{described(a['what'])}: appeal to {o} to have it "
                       f"done again? It spends your Sacrifice to {o} (11.0)",
                       (Option("accept", "Accept the result", "11.0",
                               data={"kind": "accept", **facts}),
                        Option("appeal", f"Appeal to {o}", "11.0",
                               data={"kind": "appeal", **facts})),
                       rule="11.0", kind="appeal")]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        s, a = flow.state, cast(AppealArgs, flow.args)
        o = a["olympian"]
        if answer == "accept":
            a["seats"] = [x for x in a["seats"][1:] if may_appeal(s, x, o)]
            if not a["seats"]:
                flow.end(False)
            return
        del s["sacrifices"][seat][o]
        appealed(s).append(o)
        _note(flow, f"{seat.title()} appeals to {o} against {described(a['what'])} (11.0)",
              side=seat, olympian=o)
        if may_appeal(s, other(seat), HERA):
            flow.goto("appeal_hera", olympian=o, what=a["what"], by=seat)
            return
        flow.end(seat)


class AppealHera(Procedure[HState]):
    """11.0 Hera: the opponent may spend a Sacrifice to Hera to overrule an Appeal; the
    procedure ends with the appellant's seat when the Appeal stands, else False."""

    name = "appeal_hera"

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        a = cast(HeraArgs, flow.args)
        o, by = a["olympian"], a["by"]
        return [Prompt(other(by), f"{by.title()} appeals to {o} against "
                       f"{described(a['what'])}: spend your Sacrifice to Hera to overrule "
                       "it? (11.0)",
                       (Option("let", f"Let the Appeal to {o} stand", "11.0",
                               data={"kind": "let", "olympian": o}),
                        Option("overrule", "Appeal to Hera: the first result stands",
                               "11.0", data={"kind": "appeal", "olympian": HERA})),
                       rule="11.0", kind="appeal")]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        s, a = flow.state, cast(HeraArgs, flow.args)
        if answer == "overrule":
            del s["sacrifices"][seat][HERA]
            appealed(s).append(HERA)
            _note(flow, f"{seat.title()} appeals to Hera: the Appeal to {a['olympian']} is "
                  "overruled and the first result stands (11.0)", side=seat, olympian=HERA)
            flow.end(False)
            return
        flow.end(a["by"])  # the Appeal stands: the caller does it again


def _note(flow: Flow[HState], text: str, **data: Any) -> None:
    flow.context.event("appeal", text, **data)


def described(what: Subject) -> str:
    """The words for a random result an Appeal is about."""
    kind, c = what["kind"], B.comps()
    if kind == "result":  # a save from before version 4 (migrate.py): the words are gone
        return "the last random result"
    if kind == "attack":
        unit = what["unit"]
        return "the attack of " + ("the City garrison" if unit == "garrison"
                                   else B.spec(unit).name)
    if kind == "recruit-draw":
        return f"{what['side'].title()}'s recruit draw"
    if kind == "recruit":
        return f"{what['side'].title()}'s recruit at {c.areas[what['area']].name}"
    if kind == "hand":
        return f"{what['side'].title()}'s New Year hand"
    if kind == "forced":
        return f"the failed Forced March/Sail rolls toward {c.areas[what['area']].name}"
    if kind == "storm":
        return f"the Storm roll {what['dice']} (storm on 1-{what['on']})"
    if kind == "attrition":
        return f"the Siege Attrition roll on {what['city']} ({what['hits']} hit(s))"
    raise ValueError(f"no words for an appeal against {kind!r}")
