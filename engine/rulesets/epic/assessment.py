"""Tribute Assessment at the Yearly Start of the full turn (rules 5.3.1, 5.3.3, 5.3.5).

Each player moves his regions' multipliers of their Base Tribute Value, one step at a
time: up by at most two steps a year and never above x5, down freely to x0. Each step up
costs the region 1 AL (Athens) or 1 ML (Sparta); an Athenian region pushed below AL -2
changes hands at once (4.3), and Sparta may keep the assessment it had; a Spartan region
below ML 5 may be assessed at x1 at most, and is cut to it at once. A cut is remembered
for the next year's revolt checks (5.3.5). From generation 17 a region that has changed
hands may be set at its BTV (x1) by its new controller at his next assessment, with no AL
or ML cost and as neither a raise nor a cut (4.3.1a). The yearly penalty of a high assessment (5.3.4)
is applied at the year's levels (`flow.yearly_levels`). Scenarios on the simplified turn
keep their fixed multipliers (22.4.1); the full turn runs the assessment every year."""

from __future__ import annotations

from engine import Option, Prompt
from engine.core.procedures import Flow, Procedure

from . import alliances as A
from . import politics as P
from .notes import note, roller
from .state import EState, clamp_al, clamp_ml

MAX_MULT = 5  # 5.3.1
MAX_RAISE = 2  # 5.3.1: steps up in one year
LOW_ML = 5  # 5.3.3: below it, at most x1
LOW_ML_MAX = 1


def ceiling(s: EState, region: str) -> int:
    r = s["regions"][region]
    return LOW_ML_MAX if r["side"] == "sparta" and r["ml"] < LOW_ML else MAX_MULT


def cap_low_militance(s: EState) -> list[str]:
    """5.3.3: a Spartan region below ML 5 is cut to x1 at once."""
    lines = []
    for region, r in sorted(s["regions"].items()):
        if r["side"] == "sparta" and r["ml"] < LOW_ML and int(r["mult"] or 0) > LOW_ML_MAX:
            r["mult"] = LOW_ML_MAX
            lines.append(f"{region}: ML below 5, tribute cut to x1 (5.3.3)")
    return lines


def options(s: EState, side: str) -> list[Option]:
    raised = s.setdefault("raised", {})
    opts = []
    for region, r in sorted(s["regions"].items()):
        if r["side"] != side or not A.holds(s, region):
            continue  # with allies each League player assesses his own regions (5.3, 24.5)
        mult = int(r["mult"] or 0)
        if mult < ceiling(s, region) and raised.get(region, 0) < MAX_RAISE:
            word = "AL" if side == "athens" else "ML"
            opts.append(Option(f"raise:{region}", f"Raise {region} to x{mult + 1} "
                                                  f"(-1 {word})", "5.3.1",
                               data={"kind": "raise", "region": region, "to": mult + 1}))
        if s.get("gained", {}).get(region) == side and mult != 1:
            opts.append(Option(f"base:{region}", f"Set {region} at its Base Tribute Value (x1), "
                                                 "as it has changed hands", "4.3.1",
                               data={"kind": "base", "region": region, "to": 1}))
        if mult > 0:
            opts.append(Option(f"lower:{region}", f"Lower {region} to x{mult - 1}", "5.3.1",
                               data={"kind": "lower", "region": region, "to": mult - 1}))
    opts.append(Option("done", "Assessment done", "5.3", data={"kind": "done"}))
    return opts


def raise_one(s: EState, side: str, region: str) -> list[str]:
    r = s["regions"][region]
    raised = s.setdefault("raised", {})
    raised[region] = raised.get(region, 0) + 1
    r["mult"] = int(r["mult"] or 0) + 1
    lines = [f"{side.title()} raises {region}'s tribute to x{r['mult']} (5.3.1)"]
    if side == "athens":
        r["al"] = clamp_al(r["al"] - 1)
        if r["al"] < P.FLIP_BELOW:  # 5.3.3: it changes hands at once; Sparta keeps the level
            lines.append(P.flip(s, region))
    else:
        r["ml"] = clamp_ml(r["ml"] - 1)
        lines += cap_low_militance(s)
    return lines


def set_base(s: EState, side: str, region: str) -> list[str]:
    """4.3.1a: a region that changed hands set at its Base Tribute Value, at no cost."""
    s["regions"][region]["mult"] = 1
    del s["gained"][region]
    return [f"{side.title()} sets {region}'s tribute at its Base Tribute Value, x1, as it "
            "has changed hands (4.3.1)"]


def settled(s: EState, side: str) -> None:
    """The side's assessment is done: the regions it gained have had their chance (4.3.1a)."""
    gained = s.get("gained")
    if gained:
        for region in [r for r, who in gained.items() if who == side and A.holds(s, r)]:
            del gained[region]


def lower_one(s: EState, side: str, region: str) -> list[str]:
    r = s["regions"][region]
    r["mult"] = int(r["mult"] or 0) - 1
    s.setdefault("cut", [])
    if region not in s["cut"]:
        s["cut"].append(region)  # 5.3.5: -1 on next year's revolt checks there
    return [f"{side.title()} lowers {region}'s tribute to x{r['mult']} (5.3.1)"]


class Assess(Procedure[EState]):
    name = "assess"

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        side = flow.args["side"]
        who = A.payer(flow.state, side)
        return [Prompt(side, f"{who.title()}: tribute assessment (5.3)",
                       tuple(options(flow.state, side)), rule="5.3", kind="assess")]

    def act(self, flow: Flow[EState], seat: str, answer: object) -> None:
        s, side = flow.state, flow.args["side"]
        verb, _, region = str(answer).partition(":")
        if verb == "done":
            settled(s, side)
            flow.end()
            return
        step = {"raise": raise_one, "base": set_base}.get(verb, lower_one)
        lines = step(s, side, region)
        lines += A.settle(s, roller(flow))  # 24.3: a region gone over goes to an ally
        for line in lines:
            note(flow, line)
