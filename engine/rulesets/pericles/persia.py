"""Persia and the Persian War (13.0), as the brief rules them (RULINGS R41-R45): the
Persia box takes markers but no units; while Alcibiades is in Persia a Spartan League or
Diplomatic marker there founds a Persian base; each Persian base pays for Spartan upkeep
(11.2, through its side) and buys a Peloponnesian ship in the End phase; Athens makes the
Peace of Callias with a Diplomatic issue of 4 Strategos or more in the Eastern
Mediterranean, after which that theater takes no markers."""

from __future__ import annotations

from engine.core.decisions import Answer
from engine.core.procedures import Flow, Procedure
from engine.core.types import IllegalAction, Option, Prompt

from . import assembly as asm
from . import theaters as th
from .records import log
from .schema import PericlesState

F = Flow[PericlesState]
PERSIA = "persia"
EASTMED = "eastmed"
CALLIAS = 4  # Strategos a Diplomatic issue needs for the Peace of Callias (ruling R43)
CALLIAS_HONOR = 3  # to the Athenian CF who makes it (ruling R43)
PERSIAN_BASE_HONOR = 2  # as a League base (8.5, ruling R42)


def takes_markers(s: PericlesState, theater: str) -> bool:
    """After the Peace of Callias the PEACE marker leaves theater 20 inert (13.2)."""
    return theater != EASTMED or s["persian_war"]


def persian_bases(s: PericlesState) -> int:
    return th.bases(s, PERSIA, "persia") if PERSIA in s["forces"] else 0


def persian_issue(s: PericlesState, owner: str, kind: str) -> None:
    """A League or Diplomatic marker revealed in Persia: with Alcibiades there a Spartan
    one founds a Persian base (at most 3, the counter mix allowing); anything else does
    nothing, as no unit may enter Persia (13.1, rulings R41, R42)."""
    if (asm.city_of(owner) == "sparta" and s["alcibiades"] == "persia"
            and kind in ("league", "diplomatic") and th.bases(s, PERSIA) < 3
            and th.in_pool(s, "persia", "bases") > 0):
        th.add(s, PERSIA, "persia", "bases", 1)
        s["honor"][owner] += PERSIAN_BASE_HONOR
        log(s, "persian_base", faction=owner, n=PERSIAN_BASE_HONOR, theater=PERSIA)
    else:
        log(s, "inert", faction=owner, what=kind, theater=PERSIA)


def callias(s: PericlesState, owner: str, theater: str, committed: int) -> bool:
    """An Athenian Diplomatic issue in the Eastern Mediterranean while the Persian War
    lasts: 4 Strategos or more make the Peace of Callias (13.2, ruling R43). True when
    the issue was this one (the tokens are spent either way)."""
    if theater != EASTMED or not s["persian_war"] or asm.city_of(owner) != "athens":
        return False
    if committed >= CALLIAS:
        s["persian_war"] = False
        cf = s["controlling"]["athens"]
        s["honor"][cf] += CALLIAS_HONOR
        log(s, "callias", faction=cf, n=CALLIAS_HONOR, theater=EASTMED)
    return True


def gold_theaters(s: PericlesState) -> list[str]:
    """Where a ship bought with Persian gold may appear: a theater with a Peloponnesian
    base (ruling R44)."""
    if th.in_pool(s, "P", "naval") <= 0:
        return []
    return [t for t in s["forces"] if t != PERSIA and th.bases(s, t, "P")]


class PersianGold(Procedure[PericlesState]):
    """End phase: each Persian base buys Sparta one Peloponnesian ship, placed by the
    Spartan CF where a Peloponnesian base stands (13.1, ruling R44)."""

    name = "persian_gold"

    def enter(self, flow: F) -> None:
        flow.args.setdefault("left", persian_bases(flow.state) if "sparta" in flow.state["cities"]
                             else 0)
        self._maybe_end(flow)

    def _maybe_end(self, flow: F) -> None:
        if flow.args["left"] <= 0 or not gold_theaters(flow.state):
            flow.end()

    def prompts(self, flow: F) -> list[Prompt]:
        s = flow.state
        opts = [Option(t, f"A Peloponnesian ship in {t}", "13.1", data={"theater": t})
                for t in gold_theaters(s)]
        return [Prompt(s["controlling"]["sparta"], f"Persian gold: place a Peloponnesian ship "
                       f"({flow.args['left']} left)", tuple(opts), "13.1", kind="persian_gold")]

    def act(self, flow: F, seat: str, answer: Answer) -> None:
        s = flow.state
        if seat != s["controlling"]["sparta"] or str(answer) not in gold_theaters(s):
            raise IllegalAction("That ship cannot be placed there now.")
        th.add(s, str(answer), "P", "naval", 1)
        log(s, "persian_gold", faction=seat, theater=str(answer))
        flow.args["left"] -= 1
        self._maybe_end(flow)
