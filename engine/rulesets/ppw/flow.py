"""The sequence of play (rule 1.14) as procedures: each turn a diplomatic phase of sealed
rounds, an operations phase of sealed orders carried out in alphabetical order, the
political phase, and the economic phase with sealed rates and builds."""

from __future__ import annotations

from typing import Any

from engine.core import decisions
from engine.core.flows import CHOSEN, Sequence, Simultaneous, sequence
from engine.core.procedures import Flow, Machine, Procedure
from engine.core.types import Option, Prompt
from engine.core.view import PHASE_END

from . import diplomacy, diplomacy_menu, economic, kingdoms, orders, political
from .army import KINDS, muster
from .board import board
from .components import MAJORS
from .control import standing
from .movement import routes
from .operation import execute
from .state import PpwState, go_home, log
from .victory import POLITICAL_GOALS, corinth_goal, mark_start

DIPLOMATIC_ROUNDS = 3  # rule 2.1
OPERATION_ROUNDS = 5  # rule 3.1


def active_majors(s: PpwState) -> list[str]:
    return [m for m in MAJORS if diplomacy.active(s, m)]


def end_game(s: PpwState, winners: list[str], reason: str) -> None:
    s["phase"] = "over"
    s["winner"] = winners
    s["win_reason"] = reason


class Turn(Procedure[PpwState]):
    name = "turn"

    def enter(self, flow: Flow[PpwState]) -> None:
        s = flow.state
        if s["phase"] == "over":
            flow.end()
            return
        if s["turn"] > s["last_turn"]:
            end_game(s, [], "score")
            flow.end()
            return
        flow.call("sequence", **sequence("diplomatic_phase", "operations_phase",
                                         "political_phase", "economic_phase"))

    def resume(self, flow: Flow[PpwState], result: Any) -> None:
        self.enter(flow)


class Rounds(Procedure[PpwState]):
    """A phase of sealed rounds: up to `most` rounds, ending early when every major
    passes in the same round (rules 2.1, 3.1)."""
    phase = ""
    round_proc = ""
    most = 1

    def enter(self, flow: Flow[PpwState]) -> None:
        s = flow.state
        if s["phase"] == "over":
            flow.end()
            return
        s["phase"] = self.phase
        s["round"] = 1
        self.begin(flow)
        if not active_majors(s):
            self.finish(flow)
            return
        flow.call(self.round_proc)

    def begin(self, flow: Flow[PpwState]) -> None:
        """What the phase does before its first round."""

    def finish(self, flow: Flow[PpwState]) -> None:
        flow.end()

    def resume(self, flow: Flow[PpwState], result: Any) -> None:
        s = flow.state
        choices = result or {}
        if s["phase"] == "over" or s["round"] >= self.most or \
                all(c == "pass" for c in choices.values()):
            self.finish(flow)
            return
        s["round"] += 1
        flow.call(self.round_proc)


class DiplomaticPhase(Rounds):
    name = "diplomatic_phase"
    phase = "diplomatic"
    round_proc = "diplomatic_round"
    most = DIPLOMATIC_ROUNDS

    def begin(self, flow: Flow[PpwState]) -> None:
        kingdoms.macedon_turns(flow.state, flow.context)  # rule 9.6, before any round


class Stepped(Simultaneous[PpwState]):
    """A sealed choice asked in steps (orders.py, diplomacy_menu.py): the seat's draft
    of steps lives in the round's frame until a whole choice is sealed."""
    rule = ""
    kind = ""

    def whole(self, flow: Flow[PpwState], seat: str) -> list[Option]:
        """Every whole choice the seat may seal this round."""
        raise NotImplementedError

    def steps_of(self, whole: list[Option], steps: list[str]) -> list[Option]:
        """The options of the step after `steps`."""
        raise NotImplementedError

    def title(self, flow: Flow[PpwState], steps: list[str], opts: list[Option]) -> str:
        raise NotImplementedError

    def step(self, flow: Flow[PpwState], seat: str, whole: list[Option]) -> Prompt:
        """The seat's next step, from its whole choices (kept by the ruleset's memo)."""
        steps = orders.draft(flow.args, seat)
        opts = self.steps_of(whole, steps)
        return Prompt(seat, self.title(flow, steps, opts), tuple(opts), rule=self.rule,
                      secret=True, kind=self.kind)

    def ask(self, flow: Flow[PpwState], seat: str) -> Prompt:
        return self.step(flow, seat, self.whole(flow, seat))

    def full(self, flow: Flow[PpwState], seat: str) -> Prompt:
        """Every whole choice in one list: what a sealed choice may be."""
        return Prompt(seat, self.title(flow, [], []), tuple(self.whole(flow, seat)),
                      rule=self.rule, secret=True, kind=self.kind)

    def act(self, flow: Flow[PpwState], seat: str, answer: decisions.Answer) -> None:
        if seat in (flow.args.get(CHOSEN) or {}) or not orders.choose_step(
                flow.args, seat, str(answer)):
            super().act(flow, seat, answer)

    def route(self, flow: Flow[PpwState], seat: str, answer: str) -> list[str] | None:
        """The steps that reach the whole choice `answer` from no draft (None: it is not
        one): how a log of version 1, which sealed whole choices, is replayed."""
        raise NotImplementedError


class DiplomaticRound(Stepped):
    """Rule 2.1: each major picks one action or a pass in secret; all are revealed
    together and resolved in the order of rule 2.2. The action is asked in groups
    (diplomacy_menu.py) so that no prompt lists more than 25 options."""
    name = "diplomatic_round"
    rule = "2.1"
    kind = "diplomacy"

    def seats(self, flow: Flow[PpwState]) -> list[str]:
        return active_majors(flow.state)

    def whole(self, flow: Flow[PpwState], seat: str) -> list[Option]:
        return diplomacy.options(flow.state, seat)

    def steps_of(self, whole: list[Option], steps: list[str]) -> list[Option]:
        return diplomacy_menu.step_options(whole, steps)

    def title(self, flow: Flow[PpwState], steps: list[str], opts: list[Option]) -> str:
        s = flow.state
        what = "your action" if not steps else "choose within the group"
        return f"Turn {s['turn']}, diplomatic round {s['round']}: {what}"

    def route(self, flow: Flow[PpwState], seat: str, answer: str) -> list[str] | None:
        return diplomacy_menu.route(self.whole(flow, seat), answer)

    def reveal(self, flow: Flow[PpwState], choices: dict[str, decisions.Answer]) -> None:
        diplomacy.resolve(flow.state, flow.context, {m: str(c) for m, c in choices.items()})


def order_options(s: PpwState, major: str) -> list[Option]:
    """Rule 3.2: an operation is a stack of the major's own SPs, which of them march
    (land, ships, or both), and an objective on its shortest legal route."""
    b = board()
    opts = [Option("pass", "Pass", "3.1", data={"op": "pass"})]
    money = s["majors"][major]["treasury"]
    enterable: dict[str, bool] = {}
    for origin in sorted(s["forces"]):
        if origin.startswith("~") or major not in s["forces"][origin]:
            continue
        # the routes depend only on the army's class
        found: dict[str, dict[str, tuple[str, ...]]] = {}
        for kind in KINDS:
            army = muster(s, major, origin, kind)
            if army is None or army.cost > money:
                continue
            cls = "land" if army.naval == 0 else "sea" if army.naval >= army.land else "mixed"
            if cls not in found:
                found[cls] = routes(s, major, origin, army.land, army.naval, enterable)
            for to in sorted(found[cls]):
                # `route`: the spaces the march enters (rule 4.1), from the public board
                # alone, for players that weigh interception on the way (rule 4.6)
                opts.append(Option(
                    f"op:{origin}:{kind}:{to}",
                    f"{b.names[origin]} to {b.names[to]} ({kind}, {army.cost} talents)",
                    "3.2", data={"op": kind, "from": origin, "to": to, "leader": army.leader,
                                 "cost": army.cost, "route": list(found[cls][to])}))
    for origin in station_options(s, major):
        opts.append(Option(f"station:{origin}", f"Keep the SPs at {b.names[origin]} there "
                           "for the year", "3.6", data={"op": "station", "from": origin}))
    return opts


def station_options(s: PpwState, major: str) -> list[str]:
    """Rule 3.6: spaces away from home (and port) where the major has SPs not yet on
    station."""
    cs = board().city_states[major]
    return [sp for sp in sorted(s["forces"]) if not sp.startswith("~")
            and major in s["forces"][sp] and sp not in (cs.home, cs.port)
            and major not in s["station"].get(sp, [])]


class OperationsPhase(Rounds):
    name = "operations_phase"
    phase = "operations"
    round_proc = "orders"
    most = OPERATION_ROUNDS

    def begin(self, flow: Flow[PpwState]) -> None:
        flow.state["station"] = {}  # last year's stations end with this phase (rule 3.6)

    def finish(self, flow: Flow[PpwState]) -> None:
        flow.state["battle"] = None
        return_home(flow.state)
        flow.context.event(PHASE_END, "operations")
        flow.end()


class Orders(Stepped):
    """Rule 3.1: each major orders one operation or a pass in secret; the orders are then
    carried out in alphabetical order, each checked again when its turn comes. An order
    is asked in steps (orders.py): a stack, a region, then the objective."""
    name = "orders"
    rule = "3.1"
    kind = "order"

    def seats(self, flow: Flow[PpwState]) -> list[str]:
        return active_majors(flow.state)

    def whole(self, flow: Flow[PpwState], seat: str) -> list[Option]:
        return order_options(flow.state, seat)

    def steps_of(self, whole: list[Option], steps: list[str]) -> list[Option]:
        return orders.step_options(whole, steps)

    def title(self, flow: Flow[PpwState], steps: list[str], opts: list[Option]) -> str:
        s = flow.state
        what = "your order" if not steps else "the objective" if opts[-1].id.startswith(
            "op:") else "the region of the objective"
        return f"Turn {s['turn']}, operations round {s['round']}: {what}"

    def route(self, flow: Flow[PpwState], seat: str, answer: str) -> list[str] | None:
        return orders.route(self.whole(flow, seat), answer)

    def reveal(self, flow: Flow[PpwState], choices: dict[str, decisions.Answer]) -> None:
        s = flow.state
        s["battle"] = None  # the view shows the last battle of this round only
        for major in sorted(choices):
            order = str(choices[major])
            if order == "pass" or not diplomacy.active(s, major):
                continue
            if order.startswith("station:"):
                space = order.split(":")[1]
                if major in s["forces"].get(space, {}):
                    s["station"].setdefault(space, []).append(major)
                    log(s, "station", major=major, space=space)
                continue
            _, origin, kind, to = order.split(":")
            execute(s, flow.context, major, origin, kind, to)


def return_home(s: PpwState) -> None:
    """Rule 3.5: at the end of the phase every SP goes home (ships to the port), except
    those on year-round station (rule 3.6), and every leader back to the pool;
    occupations lapse, and siege levels too unless besiegers stay on station."""
    for space in list(s["forces"]):
        staying = s["station"].get(space, [])
        for owner in list(s["forces"][space]):
            if owner not in staying:
                go_home(s, space, owner)
    for ldr in list(s["leader_at"]):
        s["leaders"][ldr] = "pool"
    s["leader_at"] = {}
    s["occupier"] = {sp: m for sp, m in s["occupier"].items()
                     if m in s["forces"].get(sp, {})}
    s["siege"] = {sp: level for sp, level in s["siege"].items() if besieged(s, sp)}


def besieged(s: PpwState, space: str) -> bool:
    """Rule 3.6: a siege level lasts while besieging land SPs stay on station."""
    return any(v[0] + v[1] and standing(s, m, space) == "unfriendly"
               for m, v in s["forces"].get(space, {}).items()
               if m in s["station"].get(space, []))


class PoliticalPhase(Procedure[PpwState]):
    """Rules 6.1-6.5, without questions; the political goals are checked at its end."""
    name = "political_phase"

    def enter(self, flow: Flow[PpwState]) -> None:
        s = flow.state
        if s["phase"] == "over":
            flow.end()
            return
        s["phase"] = "political"
        ctx = flow.context
        political.plague(s, ctx)
        political.adjust_bellicosity(s)
        political.surrenders(s, ctx)
        political.rebellion(s, ctx)
        political.leaders_come_and_go(s)
        winners = [m for m, goal in POLITICAL_GOALS if goal(s)]
        if winners:
            end_game(s, winners, "goal")
        ctx.event(PHASE_END, "political")
        flow.end()


class EconomicPhase(Procedure[PpwState]):
    name = "economic_phase"

    def enter(self, flow: Flow[PpwState]) -> None:
        s = flow.state
        if s["phase"] == "over":
            flow.end()
            return
        s["phase"] = "economic"
        economic.collect(s, flow.context)
        steps: list[str] = []
        if any(economic.has_tributaries(s, m) for m in active_majors(s)):
            steps.append("rates")
        if any(economic.build_options(s, m) for m in active_majors(s)):
            steps.append("builds")
        flow.call("sequence", **sequence(*steps))

    def resume(self, flow: Flow[PpwState], result: Any) -> None:
        s = flow.state
        economic.upkeep(s)
        if corinth_goal(s):
            end_game(s, ["corinth"], "goal")
        economic.clean_up(s)
        flow.end()


class Rates(Simultaneous[PpwState]):
    """Rule 7.2: each major with tributaries sets next turn's tribute rate in secret."""
    name = "rates"

    def seats(self, flow: Flow[PpwState]) -> list[str]:
        return [m for m in active_majors(flow.state) if economic.has_tributaries(flow.state, m)]

    def ask(self, flow: Flow[PpwState], seat: str) -> Prompt:
        return Prompt(seat, "Tribute rate for the coming turn",
                      tuple(Option(str(r), f"{r} talents a tributary", "7.2",
                                   data={"rate": r}) for r in economic.RATES),
                      rule="7.2", secret=True, kind="rate")

    def reveal(self, flow: Flow[PpwState], choices: dict[str, decisions.Answer]) -> None:
        for m, r in choices.items():
            economic.set_rate(flow.state, m, int(str(r)))


class Builds(Simultaneous[PpwState]):
    """Rule 7.3: each major chooses in secret what to build."""
    name = "builds"

    def seats(self, flow: Flow[PpwState]) -> list[str]:
        return [m for m in active_majors(flow.state) if economic.build_options(flow.state, m)]

    def ask(self, flow: Flow[PpwState], seat: str) -> Prompt:
        opts = economic.build_options(flow.state, seat)
        return decisions.pick(seat, "What to build", opts, 0, len(opts), rule="7.3",
                              secret=True, kind="build")

    def reveal(self, flow: Flow[PpwState], choices: dict[str, decisions.Answer]) -> None:
        for m in sorted(choices):
            c = choices[m]
            economic.build(flow.state, m, list(c) if isinstance(c, tuple) else
                           [x for x in str(c).split(decisions.SEP) if x])


MACHINE: Machine[PpwState] = Machine(
    [Turn(), DiplomaticPhase(), DiplomaticRound(), OperationsPhase(), Orders(),
     PoliticalPhase(), EconomicPhase(), Rates(), Builds(), Sequence()],
    lambda s: s["flow"])

SIMULTANEOUS: dict[str, Simultaneous[PpwState]] = {
    p.name: p for p in MACHINE.procedures.values() if isinstance(p, Simultaneous)}


def start(s: PpwState, ctx: Any) -> None:
    mark_start(s)
    log(s, "start", scenario=s["scenario"])
    MACHINE.start(s, ctx, "turn")
