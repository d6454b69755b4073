"""The simplified game year of the Argive League (rule 22.4.1) as procedures.

year -> [season: place x2, supply x2, sieges, AL/ML, 3 x campaign] x4 -> year ...
Athens always acts first (22.4.1). The year's start is skipped in the first year (2.4)."""

from __future__ import annotations

from typing import Any

from engine.core.procedures import Flow, Procedure
from engine.core.view import PHASE_END

from . import alliances as A
from . import board as B
from . import politics as P
from . import special
from .state import SEASONS, WINTER, EState, other, stamp


def note(flow: Flow[EState], text: str, kind: str = "log", **data: Any) -> None:
    flow.state["log"].append(text)
    flow.context.event(kind, text, **data)


def roller(flow: Flow[EState]):
    return lambda: flow.context.die()


def phase_end(flow: Flow[EState], what: str) -> None:
    flow.context.event(PHASE_END, f"{stamp(flow.state)}: {what}")


class Year(Procedure[EState]):
    """The Yearly Start Phase (22.4.1 steps 1-3), then the four seasons."""

    name = "year"

    def enter(self, flow: Flow[EState]) -> None:
        s = flow.state
        first = s["year"] == B.comps().scenarios[s["scenario"]].first_year
        if not first:
            for line in P.control_check(s):
                note(flow, line)
            if s["scenario"] in FANTASY and fantasy_decided(s):
                s["flow"].clear()
                return  # 28.3, 29.3: checked after the Yearly Start's control check
            if A.multi(s):  # 24.3: a region won goes to an ally; 3.3, 24.4: turn order
                for line in A.settle(s, roller(flow)):
                    note(flow, line)
                A.set_order(s)
                note(flow, A.order_line(s))
            if end_by_home_region(s):
                return
            for line in A.tribute_lines(s, P.tribute) if A.multi(s) else []:
                note(flow, line)
            for side in [] if A.multi(s) else s["order"]:  # 5.4 in turn order
                if not special.collects_tribute(s["scenario"], side):
                    note(flow, f"{side.title()} collects no tribute in this scenario (28.4)")
                    continue
                got, parts = P.tribute(s, side)
                extra = ""
                if side == "athens" and s["scenario"] in special.EMPIRE:
                    die = flow.context.die()
                    got += P.EMPIRE_BASE + die  # 22.4.4
                    extra = f", the Empire {P.EMPIRE_BASE}+{die}"
                s["treasury"][side] += got
                note(flow, f"{side.title()} collects {got} talents ({', '.join(parts)}{extra}) "
                     "(22.4.1, 5.4)")
            s["raided"] = {}  # 22.4.1 step 3
        s["season"] = 0
        flow.goto("season", stage=0)


def end_by_home_region(s: EState) -> bool:
    """3.4, 21.1: Attica or Laconia changing hands at the year's start ends the game (and
    Boeotia or Corinth with three or four players, 24.7.1, 25.3.1)."""
    if A.multi(s):
        s["result"] = A.home_lost(s)
        if s["result"] is not None:
            s["flow"].clear()
        return s["result"] is not None
    for side, home in (("athens", "attica"), ("sparta", "laconia")):
        if s["regions"][home]["side"] != side:
            s["result"] = {"winner": other(side), "level": "decisive",
                           "reason": f"{home.title()} has fallen to {other(side).title()}",
                           "rule": "21.1"}
            s["flow"].clear()
            return True
    return False


STAGES = ("place0", "place1", "supply0", "supply1", "sieges", "alml", "ct1", "ct2", "ct3")
# 24.5: with allies, a moment each season to pass talents, before Supply (RULINGS.md)
ALLIED_STAGES = ("place0", "place1", "talents", "supply0", "supply1", "sieges", "alml", "ct1",
                 "ct2", "ct3")
# 29.4.4: in the Athenian Fantasy, Athens may call on the helots before the Campaign Turns
HELOT_STAGES = ("place0", "place1", "supply0", "supply1", "sieges", "alml", "helots", "ct1",
                "ct2", "ct3")


def stages(s: EState) -> tuple[str, ...]:
    if A.multi(s):
        return ALLIED_STAGES
    return HELOT_STAGES if s["scenario"] == "athenian-fantasy" else STAGES


class Season(Procedure[EState]):
    """A Seasonal Turn of the simplified sequence (22.4.1 a-e)."""

    name = "season"

    def enter(self, flow: Flow[EState]) -> None:
        s = flow.state
        i = flow.args["stage"]
        if s["result"] is not None:
            return
        if i == 0:
            s["raided_now"] = []
            for u in s["units"].values():
                u["placed"] = False
            if s.get("helots"):
                from .helots import seasonal

                for line in seasonal(s):
                    note(flow, line)
        order = stages(s)
        if i >= len(order):
            self._next_season(flow)
            return
        stage = order[i]
        flow.args["stage"] = i + 1
        if stage.startswith("place"):
            A.stage(flow, "place", s["order"][int(stage[-1])])
        elif stage.startswith("supply"):
            A.stage(flow, "supply", s["order"][int(stage[-1])], step="forage")
        elif stage == "talents":
            flow.call("treasury", k=0)
        elif stage == "sieges":
            flow.call("sieges", side=s["order"][0], i=0)
        elif stage == "helots":
            flow.call("helots")
        elif stage == "alml":
            for line in P.seasonal(s, roller(flow)):
                note(flow, line)
            phase_end(flow, "Seasonal Turn")
            self.enter(flow)
        else:
            s["ct"] = int(stage[-1])
            flow.call("campaign", i=0)

    def resume(self, flow: Flow[EState], result: object) -> None:
        self.enter(flow)

    def _next_season(self, flow: Flow[EState]) -> None:
        s = flow.state
        s["ct"] = 0
        if s["season"] < WINTER:
            s["season"] += 1
            flow.goto("season", stage=0)
            return
        last = B.comps().scenarios[s["scenario"]].last_year
        if A.multi(s):  # no Peace Embassy card yet: a set length (RULINGS.md)
            last = B.comps().scenarios[s["scenario"]].first_year - A.YEARS + 1
        if last is not None and s["year"] <= last:
            for line in final_victory(s):
                note(flow, line)
            flow.end()
            return
        s["year"] -= 1
        flow.goto("year")


def final_victory(s: EState) -> list[str]:
    """After the last Winter. The Fantasy scenarios look at their conditions once more,
    after one more control check (28.5, 29.5); the Argive League counts the Athenian
    regions as they stand (22.5)."""
    sc = B.comps().scenarios[s["scenario"]]
    if A.multi(s):
        s["result"] = A.final(s)
        return []
    if s["scenario"] in FANTASY:
        lines = P.control_check(s)
        if not fantasy_decided(s):
            winner = FANTASY[s["scenario"]]
            s["result"] = {"winner": winner, "level": "victory",
                           "reason": f"{winner.title()} holds out to the end",
                           "rule": "28.5" if winner == "athens" else "29.5"}
        return lines
    n = sum(1 for r in s["regions"].values() if r["side"] == "athens")
    for v in sc.victory:
        lo = v.min if v.min is not None else -99
        hi = v.max if v.max is not None else 99
        if lo <= n <= hi:
            s["result"] = {"winner": v.side, "level": v.level,
                           "reason": f"Athens holds {n} regions: "
                                     f"{'decisive ' if v.level == 'decisive' else ''}"
                                     f"{v.side.title()} victory",
                           "rule": "22.5"}
            break
    return []


# The side that wins a Fantasy scenario by holding out (28.5, 29.5)
FANTASY = {"spartan-fantasy": "athens", "athenian-fantasy": "sparta"}


def fantasy_decided(s: EState) -> bool:
    """28.5: Sparta wins when Attica has changed sides; 29.5: Athens when Laconia has, or
    when it holds two regions that began the game Spartan. (A capital taken ends every
    scenario at once, 21.1.) Sets the result; True when the game is over."""
    regions = s["regions"]
    if s["scenario"] == "spartan-fantasy" and regions["attica"]["side"] != "athens":
        s["result"] = {"winner": "sparta", "level": "victory",
                       "reason": "Attica has gone over to Sparta", "rule": "28.5"}
    elif s["scenario"] == "athenian-fantasy":
        start = B.comps().scenarios[s["scenario"]].regions
        won = [r for r, x in regions.items()
               if start[r].side == "sparta" and x["side"] == "athens"]
        if regions["laconia"]["side"] != "sparta":
            s["result"] = {"winner": "athens", "level": "victory",
                           "reason": "Laconia has gone over to Athens", "rule": "29.5"}
        elif len(won) >= 2:
            s["result"] = {"winner": "athens", "level": "victory",
                           "reason": f"Athens holds {', '.join(sorted(won))}", "rule": "29.5"}
    return s["result"] is not None


class Campaign(Procedure[EState]):
    """A Campaign Turn (22.4.1 e, 14.2): raids, each side in turn; then each side moves
    all, then fights all, before the other."""

    name = "campaign"

    def enter(self, flow: Flow[EState]) -> None:
        s = flow.state
        i = flow.args["i"]
        if s["result"] is not None:
            return
        if i == 0:
            for u in s["units"].values():
                u["raid"] = False
                u["moved"] = False  # foragers stay marked until the next supply (9.7.2)
                u.pop("sailed", None)  # 16.7.3
            for x in s["leaders"].values():
                x.pop("moved", None)
                x.pop("sailed", None)
            s["ports_open"] = []  # 10.2.3b: ashore for one Campaign Turn only
            s["attacks"] = []
            s["short_noted"] = []
        steps = [("raid", 0), ("raid", 1), ("move", 0), ("combats", 0), ("upkeep", 0),
                 ("move", 1), ("combats", 1), ("upkeep", 1)]
        if i >= len(steps):
            phase_end(flow, "Campaign Turn")
            flow.end()
            return
        what, k = steps[i]
        flow.args["i"] = i + 1
        side = s["order"][k]
        if what == "raid":
            A.stage(flow, "raid", side)
        elif what == "move":
            A.stage(flow, "move", side, step="choose")
        elif what == "combats":
            flow.call("combats", side=side)
        else:
            from .sieges import upkeep

            for line in upkeep(s, side):
                note(flow, line)
            self.enter(flow)

    def resume(self, flow: Flow[EState], result: object) -> None:
        self.enter(flow)


__all__ = ["SEASONS", "Campaign", "Season", "Year", "note", "roller"]
