"""The game year as procedures: the simplified turn of the Argive League and the
"Fantasy" scenarios (22.4.1) and the full Seasonal Turn of the Campaign scenarios (3.2).

simplified: year -> [season: place x2, supply x2, sieges, AL/ML, 3 x campaign] x4 -> ...
full:       year (control, assessment x2, collection) -> [season: revolts, place x2,
            build x2, Allied Unrest, supply x2, sieges, cards, AL/ML, 3 x campaign] x4 -> ...
            (with allies, 24.0 / 25.0: talents before the builds, no Allied Unrest, and each
            League stage, assessment and the cards played seat by seat)
Athens always acts first in the simplified game (22.4.1); in the full game the player with
more regions does (3.3). The year's start is skipped in the first year (2.4)."""

from __future__ import annotations

from copy import deepcopy
from typing import Any, Final, Literal, NotRequired, TypedDict

from engine.core.procedures import Flow, Procedure

from . import alliances as A
from . import board as B
from . import politics as P
from . import special
from .assessment import cap_low_militance
from .events import campaign_start, hold_units, unrest_regions
from .helots import seasonal
from .league_turns import stage as league_stage
from .notes import note, phase_end, roller
from .peace import season_start as peace_start
from .peace import year_start
from .persia import upkeep as persian_upkeep
from .politics import btv_victory
from .revolts import season_start
from .sieges import upkeep as siege_upkeep
from .state import SEASONS, WINTER, EState, clamp_al, clamp_ml, dealt, other


def full_turn(s: EState) -> bool:
    """The full Seasonal Turn of 3.2 (not the simplified one of 22.4.1)."""
    return not B.comps().scenarios[s["scenario"]].simplified_turn


def turn_order(s: EState) -> None:
    """3.3: the player controlling more regions acts first, Athens on a tie (the
    simplified scenarios keep Athens first, 22.4.1)."""
    if B.comps().scenarios[s["scenario"]].athens_always_first:
        return
    n = {side: sum(1 for r in s["regions"].values() if r["side"] == side)
         for side in ("athens", "sparta")}
    s["order"] = ["sparta", "athens"] if n["sparta"] > n["athens"] else ["athens", "sparta"]


def order_turn(s: EState) -> None:
    """3.3, and 24.4 with allies (the League's seats ordered too)."""
    if A.multi(s):
        A.set_order(s)
    else:
        turn_order(s)


def yearly_levels(s: EState) -> list[str]:
    """5.3.4: each region's AL (Athens) or ML (Sparta) moves by its assessment level every
    year (the table is lost: data/README.md gives ours)."""
    table = B.comps().tables["tribute_level_yearly"]
    lines = []
    for region, r in sorted(s["regions"].items()):
        if r["side"] not in ("athens", "sparta"):
            continue
        key = "athens_al" if r["side"] == "athens" else "sparta_ml"
        n = int(table[key][str(int(r["mult"] or 0))]["value"])
        if not n:
            continue
        if r["side"] == "athens":
            r["al"] = clamp_al(r["al"] + n)
            lines.append(f"{region}: assessed at x{r['mult']}, {n:+d} AL (5.3.4)")
        else:
            r["ml"] = clamp_ml(r["ml"] + n)
            lines.append(f"{region}: assessed at x{r['mult']}, {n:+d} ML (5.3.4)")
    return lines


# Where the full turn's Yearly Start Phase stands (3.2), the `step` of its frame: plain
# JSON, so a saved game keeps it; the names say what each number means.
YearStep = Literal[0, 1, 2]
YEAR_START: Final = 0  # control, turn order and the Year Start come first (3.2 steps 1-2)
FIRST_ASSESSED: Final = 1  # the first player in turn order has assessed (5.3)
BOTH_ASSESSED: Final = 2  # both have: the levels and collection follow (5.4)


class YearArgs(TypedDict):
    step: NotRequired[YearStep]  # the full turn's sub-step (YEAR_START when absent)


class Year(Procedure[EState, YearArgs]):
    """The Yearly Start Phase (3.2 steps 1-4; 22.4.1 steps 1-3), then the four seasons."""

    name = "year"

    def enter(self, flow: Flow[EState, YearArgs]) -> None:
        s = flow.state
        first = s["year"] == B.comps().scenarios[s["scenario"]].first_year
        if not first and full_turn(s):
            self._full(flow)
            return
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

    def _full(self, flow: Flow[EState, YearArgs]) -> None:
        """3.2: control, then each player's assessment (5.3), then collection (5.4)."""
        s = flow.state
        step: YearStep = flow.args.get("step", YEAR_START)
        if step == YEAR_START:
            for line in P.control_check(s):
                note(flow, line)
            if A.multi(s):  # 24.3: a region won goes to an ally; 3.3, 24.4: turn order
                for line in A.settle(s, roller(flow)):
                    note(flow, line)
            if end_by_home_region(s):
                return
            order_turn(s)
            if A.multi(s):
                note(flow, A.order_line(s))
            for line in year_start(s, roller(flow)):
                note(flow, line)
            s["raised"] = {}  # 5.3.1: two steps up a year
            s["cut"] = []  # 5.3.5: last year's cuts no longer count
        if step != BOTH_ASSESSED:  # 5.3: with allies each League player his own regions
            flow.args["step"] = FIRST_ASSESSED if step == YEAR_START else BOTH_ASSESSED
            league_stage(flow, "assess", s["order"][step])
            return
        for line in yearly_levels(s):
            note(flow, line)
        for line in cap_low_militance(s):
            note(flow, line)
        for line in A.tribute_lines(s, P.tribute) if A.multi(s) else []:
            note(flow, line)  # 5.4, 24.5: each League player collects his own regions
        for side in [] if A.multi(s) else s["order"]:  # 5.4 in turn order
            got, parts = P.tribute(s, side)
            s["treasury"][side] += got
            note(flow, f"{side.title()} collects {got} talents ({', '.join(parts)}) (5.4)")
        s["raided"] = {}  # 3.2 step 4
        s["season"] = 0
        flow.goto("season", stage=0)

    def resume(self, flow: Flow[EState, YearArgs], result: object) -> None:
        self._full(flow)


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
                           "why": [["fallen", home, other(side)]],
                           "rule": "21.1"}
            s["flow"].clear()
            return True
    return False


Step = tuple[str, dict[str, Any]]  # a procedure of the season and its arguments


def _each(proc: str, **more: Any) -> tuple[Step, Step]:
    """A per-side stage, played by the first player in turn order, then the second (3.3)."""
    return (("side_stage", {"proc": proc, "index": 0, "more": more}),
            ("side_stage", {"proc": proc, "index": 1, "more": more}))


PLACE, SUPPLY, BUILD = _each("place"), _each("supply"), _each("build")
SIEGES: Step = ("side_stage", {"proc": "sieges", "index": 0, "seatwise": False,
                               "more": {"i": 0}})
CAMPAIGN_TURNS: tuple[Step, ...] = tuple(("campaign_turn", {"ct": n}) for n in (1, 2, 3))
ALML: Step = ("seasonal_levels", {})
TALENTS: Step = ("treasury", {"k": 0})  # 24.5: the allies pass talents (RULINGS M5)

STAGES: tuple[Step, ...] = (*PLACE, *SUPPLY, SIEGES, ALML, *CAMPAIGN_TURNS)
# 24.5: with allies, a moment each season to pass talents, before Supply (RULINGS.md)
ALLIED_STAGES = (*PLACE, TALENTS, *SUPPLY, SIEGES, ALML, *CAMPAIGN_TURNS)
# 29.4.4: in the Athenian Fantasy, Athens may call on the helots before the Campaign Turns
HELOT_STAGES = (*PLACE, *SUPPLY, SIEGES, ALML, ("helots", {}), *CAMPAIGN_TURNS)
# 3.2 A-G, then the three Campaign Turns (H)
FULL_STAGES = (("revolts", {}), *PLACE, *BUILD, ("unrest_stage", {}), *SUPPLY, SIEGES,
               ("cards", {}), ALML, *CAMPAIGN_TURNS)
# 24.0, 25.0 on the full turn: talents passed before the builds (RULINGS M5), and no
# Allied Unrest (24.6: Allied Dissent, an ordinary card, takes its place)
ALLIED_FULL_STAGES = (("revolts", {}), *PLACE, TALENTS, *BUILD, *SUPPLY, SIEGES,
                      ("cards", {}), ALML, *CAMPAIGN_TURNS)


def stages(s: EState) -> tuple[Step, ...]:
    if A.multi(s):
        return ALLIED_FULL_STAGES if full_turn(s) else ALLIED_STAGES
    if full_turn(s):
        return FULL_STAGES
    return HELOT_STAGES if s["scenario"] == "athenian-fantasy" else STAGES


class SideStage(Procedure[EState]):
    """A stage one player plays, the first or second in turn order (`index`, read from
    the order when the stage comes): with allies the League's seats one after another
    (`league_turns.stage`), unless `seatwise` is false (the stage asks each seat itself)."""

    name = "side_stage"

    def enter(self, flow: Flow[EState]) -> None:
        a = flow.args
        side = flow.state["order"][a["index"]]
        if a.get("seatwise", True):
            league_stage(flow, a["proc"], side, **a["more"])
        else:
            flow.call(a["proc"], side=side, **a["more"])

    def resume(self, flow: Flow[EState], result: object) -> None:
        flow.end()


class CampaignTurn(Procedure[EState]):
    """The season's Campaign Turn `ct` (3.2 H, 14.0)."""

    name = "campaign_turn"

    def enter(self, flow: Flow[EState]) -> None:
        flow.state["ct"] = flow.args["ct"]
        flow.goto("campaign", i=0)


class UnrestStage(Procedure[EState]):
    """3.2 C: Allied Unrest, when Athens holds the card and a region may be stirred."""

    name = "unrest_stage"

    def enter(self, flow: Flow[EState]) -> None:
        s = flow.state
        if any(c.startswith("allied-unrest") for c in dealt(s)["hands"]["athens"]) \
                and unrest_regions(s):
            flow.goto("unrest")
        else:
            flow.end()


class SeasonalLevels(Procedure[EState]):
    """3.2 G, 13.4: the season's AL/ML adjustments (none in peace, 20.2); the Seasonal
    Turn ends with them."""

    name = "seasonal_levels"

    def enter(self, flow: Flow[EState]) -> None:
        s = flow.state
        if s.get("peace"):
            note(flow, "No seasonal AL/ML adjustments in peace (20.2)")
        else:
            for line in P.seasonal(s, roller(flow)):
                note(flow, line)
        phase_end(flow, "Seasonal Turn")
        flow.end()


class Season(Procedure[EState]):
    """A Seasonal Turn: its stages (`stages`) one after another, each a procedure, then
    the next season. args: stage (how many stages have begun)."""

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
                for line in seasonal(s):
                    note(flow, line)
            if full_turn(s):
                dealt(s)["season"] = {}  # last season's card effects are over
                order_turn(s)
                for line in season_start(s) + peace_start(s) + persian_upkeep(s):
                    note(flow, line)
        order = stages(s)
        if i >= len(order):
            self._next_season(flow)
            return
        name, args = order[i]
        flow.args["stage"] = i + 1
        flow.call(name, **deepcopy(args))  # the frame's own arguments, not the table's

    def resume(self, flow: Flow[EState], result: object) -> None:
        self.enter(flow)

    def _next_season(self, flow: Flow[EState]) -> None:
        s = flow.state
        s["ct"] = 0
        if s["season"] < WINTER:
            s["season"] += 1
            flow.goto("season", stage=0)
            return
        last = last_year(s)
        if last is not None and s["year"] <= last:
            if full_turn(s):
                btv_victory(s, B.comps().scenarios[s["scenario"]].rule)
                return  # the flow is cleared: nothing left to end
            for line in final_victory(s):
                note(flow, line)
            flow.end()
            return
        s["year"] -= 1
        flow.goto("year")


def last_year(s: EState) -> int | None:
    """The scenario's last year, None when only peace or a capital ends it (23.3, 24.7.1,
    25.3.1: the allied Campaigns too, now that their deck deals the Peace Embassy)."""
    sc = B.comps().scenarios[s["scenario"]]
    if A.multi(s) and sc.simplified_turn:  # no Peace Embassy card: a set length (M8)
        return sc.first_year - A.YEARS + 1
    return sc.last_year


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
                           "why": [["holds_out", winner]],
                           "rule": "28.5" if winner == "athens" else "29.5"}
        return lines
    n = sum(1 for r in s["regions"].values() if r["side"] == "athens")
    for v in sc.victory:
        lo = v.min if v.min is not None else -99
        hi = v.max if v.max is not None else 99
        if lo <= n <= hi:
            s["result"] = {"winner": v.side, "level": v.level,
                           "why": [["regions", n, v.side, v.level]],
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
                       "why": [["went_over", "attica", "sparta"]], "rule": "28.5"}
    elif s["scenario"] == "athenian-fantasy":
        start = B.comps().scenarios[s["scenario"]].regions
        won = [r for r, x in regions.items()
               if start[r].side == "sparta" and x["side"] == "athens"]
        if regions["laconia"]["side"] != "sparta":
            s["result"] = {"winner": "athens", "level": "victory",
                           "why": [["went_over", "laconia", "athens"]], "rule": "29.5"}
        elif len(won) >= 2:
            s["result"] = {"winner": "athens", "level": "victory",
                           "why": [["holds", sorted(won)]], "rule": "29.5"}
    return s["result"] is not None


class Upkeep(Procedure[EState]):
    """10.6: a side pays for its sieges after its battles."""

    name = "upkeep"

    def enter(self, flow: Flow[EState]) -> None:
        s = flow.state
        for line in siege_upkeep(s, s["order"][flow.args["index"]]):
            note(flow, line)
        flow.end()


# 22.4.1 e, 14.2: each side raids; then each moves all, fights, and pays its sieges
CAMPAIGN_STEPS: tuple[Step, ...] = (
    ("side_stage", {"proc": "raid", "index": 0, "more": {}}),
    ("side_stage", {"proc": "raid", "index": 1, "more": {}}),
    ("side_stage", {"proc": "move", "index": 0, "more": {"step": "choose"}}),
    ("side_stage", {"proc": "combats", "index": 0, "seatwise": False, "more": {}}),
    ("upkeep", {"index": 0}),
    ("side_stage", {"proc": "move", "index": 1, "more": {"step": "choose"}}),
    ("side_stage", {"proc": "combats", "index": 1, "seatwise": False, "more": {}}),
    ("upkeep", {"index": 1}))


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
            if s.get("cards"):  # storms, and the restraints this season's cards laid down
                campaign_start(flow)
                hold_units(s)
                if s["result"] is not None:
                    return
        if i >= len(CAMPAIGN_STEPS):
            phase_end(flow, "Campaign Turn")
            flow.end()
            return
        name, args = CAMPAIGN_STEPS[i]
        flow.args["i"] = i + 1
        flow.call(name, **deepcopy(args))

    def resume(self, flow: Flow[EState], result: object) -> None:
        self.enter(flow)


PROCEDURES: tuple[Procedure[EState, Any], ...] = (
    Year(), Season(), SideStage(), CampaignTurn(), UnrestStage(), SeasonalLevels(), Campaign(),
    Upkeep())

__all__ = ["PROCEDURES", "SEASONS", "Campaign", "Season", "Year"]
