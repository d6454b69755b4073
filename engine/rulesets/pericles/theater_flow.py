"""The theater phase as procedures (8.0-9.3): the Honor order, face-down placement on
LIFO queues, resolution in Honor order, the four theater issues, expeditions with secret
commitments, movement by the exit rule, battles, and the Strategos trade for Honor."""

from __future__ import annotations

from collections.abc import Sequence as Seq
from typing import Any

from engine.core import decisions
from engine.core.decisions import Answer
from engine.core.flows import Simultaneous, order_by, sequence
from engine.core.procedures import Flow, Procedure
from engine.core.ruleset import asks
from engine.core.types import IllegalAction, Option, Prompt
from engine.core.view import BATTLE_END, PHASE_END

from . import assembly as asm
from . import battle as bt
from . import persia
from . import theaters as th
from .components import load_components
from .political import ISSUE_NAMES
from .ravages import battle_removals
from .records import log
from .scenarios import SPECS
from .schema import ANY_WAY, TOKENS_FIGHT, UNITS_STOP_SHORT, PericlesState

F = Flow[PericlesState]
MAX_TREACHERY = 5  # ruling R22
MAJOR_DEFEAT = 5  # Honor a city loses in one battle that makes it a Major Defeat (9.3, R59)
MAJOR_DEFEAT_COST = 3  # what the beaten city's Controlling Faction loses besides (R59)
TRADE = 4  # Strategos a point of Honor (8.4, ruling R23)


def city_of(f: str) -> str:
    return asm.city_of(f)


def capital(city: str) -> str:
    return th.capital_of(city)


def name(theater: str) -> str:
    return load_components().theaters[theater].name


# ------------------------------------------------------------------- 8.1 Honor order
def honor_order(s: PericlesState) -> list[str]:
    """Highest Honor first; ties: Controlling Factions first, then Athens (ruling R18)."""
    return order_by(s["factions"], lambda f: (-s["honor"][f],
                                              f != s["controlling"][city_of(f)],
                                              city_of(f) != "athens"))


class TheaterPhase(Procedure[PericlesState]):
    name = "theater_phase"

    def enter(self, flow: F) -> None:
        s = flow.state
        s["order"] = honor_order(s)
        log(s, "order", what=",".join(s["order"]))
        flow.goto("sequence", **sequence("placement", "resolution", "strategos_honor"))


class Rotation(Procedure[PericlesState]):
    """Factions act one at a time in Honor order, round and round, skipping those that
    have nothing to do, until nobody has (8.2, 8.3). A subclass names what it asks
    (`question`, `rule`, `kind`) and the options of the faction whose turn it is."""

    question = ""
    rule = ""
    kind = ""

    def can_act(self, s: PericlesState, seat: str) -> bool:
        raise NotImplementedError

    def options(self, s: PericlesState, seat: str) -> list[Option]:
        raise NotImplementedError

    def prompts(self, flow: F) -> list[Prompt]:
        seat = self.current(flow)
        if seat is None:
            return []
        return [Prompt(seat, self.question, tuple(self.options(flow.state, seat)), self.rule,
                       kind=self.kind)]

    def current(self, flow: F) -> str | None:
        s, order = flow.state, flow.state["order"]
        i = flow.args.setdefault("i", 0)
        for k in range(len(order)):
            seat: str = order[(i + k) % len(order)]
            if self.can_act(s, seat):
                return seat
        return None

    def step(self, flow: F, seat: str) -> None:
        order = flow.state["order"]
        flow.args["i"] = (order.index(seat) + 1) % len(order)

    def enter(self, flow: F) -> None:
        if self.current(flow) is None:
            flow.end()


# ------------------------------------------------------------------- 8.2 placement
class Placement(Rotation):
    """One marker at a time, face down, on any theater in play; a theater's markers
    form a queue whose last marker comes out first (8.2)."""

    name = "placement"
    question, rule, kind = "Place a theater marker face down", "8.2", "place"

    def can_act(self, s: PericlesState, seat: str) -> bool:
        return bool(s["markers"][seat])

    def options(self, s: PericlesState, seat: str) -> list[Option]:
        return [Option(f"{k}@{t}", f"{ISSUE_NAMES[k]} marker in {name(t)}", "8.2",
                       data={"marker": k, "theater": t})
                for k in sorted(set(s["markers"][seat])) for t in s["forces"]
                if persia.takes_markers(s, t)]

    def act(self, flow: F, seat: str, answer: Answer) -> None:
        s = flow.state
        kind, _, theater = str(answer).partition("@")
        if seat != self.current(flow) or kind not in s["markers"][seat] or \
                theater not in s["forces"] or not persia.takes_markers(s, theater):
            raise IllegalAction("That placement is not open now.")
        s["markers"][seat].remove(kind)
        s["queues"][theater].append({"faction": seat, "kind": kind})
        log(s, "queued", faction=seat, theater=theater)
        mates = tuple(asm.CITY_FACTIONS[city_of(seat)])
        flow.context.event("marker", f"{seat} placed a {kind} marker", seats=mates,
                           faction=seat, marker=kind, theater=theater)
        self.step(flow, seat)
        if self.current(flow) is None:
            flow.end()


# ------------------------------------------------------------------- 8.3 resolution
def tops(s: PericlesState, city: str) -> list[str]:
    """Theaters whose top marker belongs to `city`'s side (8.3)."""
    return [t for t, q in s["queues"].items() if q and city_of(q[-1]["faction"]) == city]


class Resolution(Rotation):
    """In Honor order each faction reveals a marker of its side on top of a queue and its
    owner carries it out; a faction with none passes (8.3)."""

    name = "resolution"
    question, rule, kind = "Reveal a marker of your side", "8.3", "reveal"

    def can_act(self, s: PericlesState, seat: str) -> bool:
        return bool(tops(s, city_of(seat)))

    def options(self, s: PericlesState, seat: str) -> list[Option]:
        return [Option(f"reveal@{t}", f"Reveal the top marker in {name(t)}", "8.3",
                       data={"theater": t, "owner": s["queues"][t][-1]["faction"]})
                for t in tops(s, city_of(seat))]

    def act(self, flow: F, seat: str, answer: Answer) -> None:
        s = flow.state
        theater = str(answer).removeprefix("reveal@")
        if seat != self.current(flow) or theater not in tops(s, city_of(seat)):
            raise IllegalAction("That marker cannot be revealed now.")
        marker = s["queues"][theater].pop()
        flow.context.reveal()
        log(s, "revealed", faction=marker["faction"], what=marker["kind"], theater=theater)
        self.step(flow, seat)
        flow.call("carry_out", theater=theater, owner=marker["faction"], kind=marker["kind"])

    def resume(self, flow: F, result: Any) -> None:
        if self.current(flow) is None:
            flow.end()


class CarryOut(Procedure[PericlesState]):
    """What a revealed marker does (8.3, 8.5, 9.0)."""

    name = "carry_out"

    def enter(self, flow: F) -> None:
        s, a = flow.state, flow.args
        theater, owner, kind = a["theater"], a["owner"], a["kind"]
        city = city_of(owner)
        if kind == "oracle":  # +3 Honor (8.5, ruling R24)
            s["honor"][owner] += 3
            log(s, "oracle", faction=owner, n=3, theater=theater)
        elif theater == persia.PERSIA:  # no unit enters Persia (13.1, ruling R41)
            persia.persian_issue(s, owner, kind)
        elif kind == "league":
            flow.goto("league_issue", theater=theater, owner=owner)
            return
        elif kind == "diplomatic":
            flow.goto("diplomatic_issue", theater=theater, owner=owner)
            return
        elif kind == "military":
            if theater == capital(city):
                if SPECS[s["scenario"]].no_levies:  # 14.1.10 A (ruling R49)
                    log(s, "no_levy", faction=owner, theater=theater)
                    after_levy(flow, theater, owner)
                    return
                flow.goto("levy", theater=theater, owner=owner)
            elif th.status(s, theater) == "contested":
                flow.goto("raid_choice", theater=theater, owner=owner)
            else:
                flow.goto("expedition", theater=theater, owner=owner)
            return
        flow.end()


# ------------------------------------------------------------------- 8.5 League
def base_cost(s: PericlesState, theater: str) -> int:
    """4 Strategos in a contested theater, 1 elsewhere (ruling R20)."""
    return 4 if th.status(s, theater) == "contested" else 1


def league_options(s: PericlesState, theater: str, owner: str) -> list[Option]:
    city = city_of(owner)
    league = th.LEAGUE[city]
    opts = []
    n = th.bases(s, theater, league)
    if n and theater != capital(th.other(city)):
        for kind, each in (("land", 2), ("naval", 1)):
            if th.in_pool(s, league, kind) > 0:
                opts.append(Option(kind, f"Raise {min(n * each, th.in_pool(s, league, kind))} "
                                   f"{kind} League units", "8.5",
                                   data={"build": kind, "count": min(n * each, th.in_pool(s, league, kind)),
                                         "theater": theater}))
    units_here = any(n.get("land", 0) + n.get("naval", 0) for n in th.owners_of(s, theater, city).values())
    if (units_here and th.bases(s, theater) < 3 and th.in_pool(s, league, "bases") > 0
            and s["strategos"][owner] >= base_cost(s, theater)):
        opts.append(Option("base", f"Found a League base ({base_cost(s, theater)} Strategos, +2 Honor)",
                           "8.5", data={"base": league, "cost": base_cost(s, theater), "theater": theater}))
    if s["treachery"][theater].get(th.other(city), 0):
        opts.append(Option("treachery", "Remove an enemy Treachery marker", "8.5",
                           data={"treachery": th.other(city), "theater": theater}))
    # every option names the theater, so players need not read it from the question
    opts.append(Option("none", "Do nothing", "8.5", data={"theater": theater}))
    return opts


class LeagueIssue(Procedure[PericlesState]):
    """Raise League units (2 land or 1 naval a League base there), found a League base
    where friendly units stand, or remove an enemy Treachery marker (8.5)."""

    name = "league_issue"

    def prompts(self, flow: F) -> list[Prompt]:
        a = flow.args
        return [Prompt(a["owner"], f"League issue in {name(a['theater'])}",
                       tuple(league_options(flow.state, a["theater"], a["owner"])), "8.5",
                       kind="league")]

    def act(self, flow: F, seat: str, answer: Answer) -> None:
        s, a = flow.state, flow.args
        theater, owner = a["theater"], a["owner"]
        opt = next((o for o in league_options(s, theater, owner) if o.id == answer), None)
        if seat != owner or opt is None:
            raise IllegalAction("That choice is not open now.")
        city = city_of(owner)
        league = th.LEAGUE[city]
        if opt.data and "build" in opt.data:
            th.add(s, theater, league, opt.data["build"], opt.data["count"])
            log(s, "raised", faction=owner, n=opt.data["count"], what=opt.data["build"], theater=theater)
        elif answer == "base":
            cost = base_cost(s, theater)
            s["strategos"][owner] -= cost
            s["stock"][city] += cost
            th.add(s, theater, league, "bases", 1)
            s["honor"][owner] += 2
            log(s, "base", faction=owner, n=2, theater=theater)
        elif answer == "treachery":
            s["treachery"][theater][th.other(city)] -= 1
            log(s, "untreachery", faction=owner, theater=theater)
        flow.end()


# ------------------------------------------------------------------- 8.5 Diplomatic
class DiplomaticIssue(Procedure[PericlesState]):
    """Commit Strategos: more than the enemy's military strength there turns an enemy
    League base into one of ours (+2 Honor, -2 to the enemy CF); in a theater nobody holds,
    3 or more found a League base (+2); otherwise one Treachery marker a Strategos
    (8.5, rulings R19, R21). The tokens go back to the stock."""

    name = "diplomatic_issue"

    def prompts(self, flow: F) -> list[Prompt]:
        a = flow.args
        held = flow.state["strategos"][a["owner"]]
        return [decisions.amount(a["owner"], f"Diplomatic issue in {name(a['theater'])}: "
                                 "Strategos to commit", 0, held, rule="8.5", kind="diplomatic",
                                 data={"theater": a["theater"]})]

    def act(self, flow: F, seat: str, answer: Answer) -> None:
        s, a = flow.state, flow.args
        theater, owner = a["theater"], a["owner"]
        n = int(str(answer))
        if seat != owner or not 0 <= n <= s["strategos"][owner]:
            raise IllegalAction("That commitment is not open now.")
        city, enemy = city_of(owner), th.other(city_of(owner))
        s["strategos"][owner] -= n
        s["stock"][city] += n
        if persia.callias(s, owner, theater, n):
            flow.end()
            return
        enemy_league = th.LEAGUE[enemy]
        if th.bases(s, theater, enemy_league) and n > th.military_strength(s, theater, enemy):
            s["forces"][theater][enemy_league]["bases"] -= 1
            th.add(s, theater, th.LEAGUE[city], "bases", 1)
            s["honor"][owner] += 2
            s["honor"][s["controlling"][enemy]] -= 2
            log(s, "converted", faction=owner, n=n, theater=theater)
        elif th.status(s, theater) == "neutral" and n >= 3 and th.in_pool(s, th.LEAGUE[city], "bases"):
            th.add(s, theater, th.LEAGUE[city], "bases", 1)
            s["honor"][owner] += 2
            log(s, "base", faction=owner, n=2, theater=theater)
        elif n:
            here = s["treachery"][theater]
            placed = min(n, MAX_TREACHERY - here.get(city, 0))
            here[city] = here.get(city, 0) + placed
            log(s, "treachery", faction=owner, n=placed, theater=theater)
        flow.end()


# ------------------------------------------------------------------- 9.0 Military
class Levy(Procedure[PericlesState]):
    """A Military issue in one's own capital raises City-State units: each City-State
    base there gives 2 land or 1 naval, as the pool allows (9.0)."""

    name = "levy"

    def prompts(self, flow: F) -> list[Prompt]:
        a = flow.args
        n = th.bases(flow.state, a["theater"], th.CITY_UNITS[city_of(a["owner"])])
        return [decisions.amount(a["owner"], f"Levy in {name(a['theater'])}: how many of your "
                                 f"{n} bases build a ship (the others 2 land units each)?",
                                 0, n, rule="9.0", kind="levy", data={"theater": a["theater"]})]

    def act(self, flow: F, seat: str, answer: Answer) -> None:
        s, a = flow.state, flow.args
        owner = th.CITY_UNITS[city_of(a["owner"])]
        n = th.bases(s, a["theater"], owner)
        ships = int(str(answer))
        if seat != a["owner"] or not 0 <= ships <= n:
            raise IllegalAction("That levy is not open now.")
        land = min(2 * (n - ships), th.in_pool(s, owner, "land"))
        naval = min(ships, th.in_pool(s, owner, "naval"))
        th.add(s, a["theater"], owner, "land", land)
        th.add(s, a["theater"], owner, "naval", naval)
        log(s, "levy", faction=a["owner"], n=land, what=str(naval), theater=a["theater"])
        after_levy(flow, a["theater"], a["owner"])


def after_levy(flow: F, theater: str, owner: str) -> None:
    """With enemy pieces in the capital, the Military marker goes on as an expedition
    there, so a battle follows (9.0; 16.0's levy in Sparta notes that Athenian units
    present would have brought one; ruling R60)."""
    if th.status(flow.state, theater) == "contested":
        flow.goto("expedition", theater=theater, owner=owner)
    else:
        flow.end()


class RaidChoice(Procedure[PericlesState]):
    """In a contested theater the CG raids or mounts an expedition (9.0)."""

    name = "raid_choice"

    def prompts(self, flow: F) -> list[Prompt]:
        a = flow.args
        where = {"theater": a["theater"]}
        opts = [Option("expedition", "Military expedition", "9.2", data=where)]
        if flow.state["strategos"][a["owner"]] >= 3:
            opts.insert(0, Option("raid", "Raid (3 Strategos for 3 Honor)", "9.1", data=where))
        return [Prompt(a["owner"], f"Military issue in contested {name(a['theater'])}",
                       tuple(opts), "9.0", kind="raid_choice")]

    def act(self, flow: F, seat: str, answer: Answer) -> None:
        s, a = flow.state, flow.args
        owner = a["owner"]
        if seat != owner or answer not in ("raid", "expedition") or \
                (answer == "raid" and s["strategos"][owner] < 3):
            raise IllegalAction("That choice is not open now.")
        if answer == "expedition":
            flow.goto("expedition", theater=a["theater"], owner=owner)
            return
        city, enemy = city_of(owner), th.other(city_of(owner))
        s["strategos"][owner] -= 3
        s["stock"][city] += 3
        s["honor"][owner] += 3
        ravage = load_components().cards[draw_battle_card(flow, enemy)].face
        lost = 0
        for f in (s["controlling"][enemy], asm.rival(s["controlling"][enemy])):
            take = min(ravage - lost, s["strategos"][f])
            s["strategos"][f] -= take
            s["stock"][enemy] += take
            lost += take
        log(s, "raid", faction=owner, n=lost, theater=a["theater"])
        flow.end()


def draw_battle_card(flow: F, city: str) -> int:
    """The top card of the city's battle deck: the cards in no hand (9.3); an empty deck
    takes back the discards, shuffled (ruling R25)."""
    s = flow.state
    if not s["deck"][city]:
        s["deck"][city] = sorted(c for c in s["discard"][city] if not asm.is_leader(c))
        s["discard"][city] = [c for c in s["discard"][city] if asm.is_leader(c)]
        flow.context.shuffle(s["deck"][city])
    card = s["deck"][city].pop()
    s["discard"][city].append(card)
    flow.context.reveal()
    return card


def battle_due(s: PericlesState) -> bool:
    """Whether the expedition under way fights (9.2-9.3): both sides have pieces in the
    target, or (generation TOKENS_FIGHT) the enemy has and the attackers committed
    Strategos, which stand in the theater and fight there even when no unit of theirs
    arrived (the playbook's note on battles in 16.0: a side may fight on its tokens
    alone; ruling R61)."""
    ex = s["expedition"]
    assert ex is not None
    theater = ex["theater"]
    if th.status(s, theater) == "contested":
        return True
    tokens = any(n for f, n in s["committed"].items() if city_of(f) == ex["city"])
    return (asks(s, TOKENS_FIGHT) and tokens
            and th.present(s, theater, th.other(ex["city"])))


class Expedition(Procedure[PericlesState]):
    """Commit, march, then battle if both sides stand in the theater (9.2)."""

    name = "expedition"

    def enter(self, flow: F) -> None:
        s, a = flow.state, flow.args
        city = city_of(a["owner"])
        s["expedition"] = {"theater": a["theater"], "cg": a["owner"], "city": city, "moves": 0,
                           "revealed": False, "ship": False}
        s["committed"] = {}
        flow.call("commit")

    def resume(self, flow: F, result: Any) -> None:
        s = flow.state
        ex = s["expedition"]
        assert ex is not None
        stage = flow.args.setdefault("stage", "commit")
        if stage == "commit":
            flow.args["stage"] = "march"
            flow.call("march")
        elif stage == "march":
            flow.args["stage"] = "battle"
            if battle_due(s):
                # the defenders show their Strategos now (9.2)
                ex["revealed"] = True
                for f, n in s["committed"].items():
                    if city_of(f) != ex["city"]:
                        s["strategos"][f] -= n
                flow.context.reveal()
                kind = load_components().theaters[ex["theater"]].type
                flow.call("battle", kind="naval" if kind == "naval" else "land", second=False)
            else:
                self.resume(flow, None)
        else:
            for f, n in s["committed"].items():  # the tokens go back to the stock (9.2)
                if city_of(f) == ex["city"] or ex["revealed"]:
                    s["stock"][city_of(f)] += n
            if ex["ship"]:
                s["state_ship"] = "used"
            s["committed"] = {}
            s["expedition"] = None
            flow.end()


def commit_cap(s: PericlesState, f: str) -> int:
    ex = s["expedition"]
    assert ex is not None
    return min(5 if f == ex["cg"] else 4, s["strategos"][f])


class Commit(Simultaneous[PericlesState]):
    """Every faction commits Strategos in secret: the CG up to 5, the others up to 4; in
    a theater nobody holds only the CG commits (9.2). The attackers show theirs at once;
    the defenders' stay hidden until the battle."""

    name = "commit"

    def seats(self, flow: F) -> Seq[str]:
        s = flow.state
        ex = s["expedition"]
        assert ex is not None
        if th.status(s, ex["theater"]) == "neutral":
            return [ex["cg"]]
        return list(s["factions"])

    def ask(self, flow: F, seat: str) -> Prompt:
        ex = flow.state["expedition"]
        assert ex is not None
        return decisions.amount(seat, f"Expedition to {name(ex['theater'])}: Strategos to commit",
                                0, commit_cap(flow.state, seat), rule="9.2", secret=True,
                                kind="commit")

    def reveal_data(self, flow: F, choices: dict[str, Answer]) -> dict[str, Any]:
        ex = flow.state["expedition"]
        assert ex is not None
        return {"committed": {f: n for f, n in choices.items() if city_of(f) == ex["city"]}}

    def reveal(self, flow: F, choices: dict[str, Answer]) -> None:
        s = flow.state
        ex = s["expedition"]
        assert ex is not None
        for f, n in choices.items():
            s["committed"][f] = int(str(n))
            if city_of(f) == ex["city"]:
                s["strategos"][f] -= int(str(n))
        ex["moves"] = sum(n for f, n in s["committed"].items() if city_of(f) == ex["city"])
        log(s, "committed", city=ex["city"], n=ex["moves"], theater=ex["theater"])
        flow.end()


def movable(s: PericlesState) -> list[Option]:
    """Units of the attacking side that can reach the target, one option per owner,
    kind and theater; the 300 march on their own (9.2, 12.0)."""
    ex = s["expedition"]
    assert ex is not None
    target, city = ex["theater"], ex["city"]
    ways = th.Marches(s, target, through=not asks(s, ANY_WAY))  # this question's searches
    opts = []
    for here in s["forces"]:
        if here == target:
            continue
        for owner, n in sorted(th.owners_of(s, here, city).items()):
            for kind in th.KINDS:
                count = n.get(kind, 0)
                if owner == "S" and kind == "land":
                    count -= int(s["the_300"] == here)
                # one Spartan foot a Spartan base stays in Sparta (9.2)
                count = min(count, n.get(kind, 0) - th.home_guard(s, here, owner, kind))
                if count <= 0 or not ex["moves"]:
                    continue
                if ways.arrives(owner, kind, here):
                    opts.append(Option(f"{owner}:{kind}@{here}", f"{owner} {kind} from "
                                       f"{name(here)}", "9.2",
                                       data={"owner": owner, "kind": kind, "from": here,
                                             "to": target}))
                opts += short_of(s, ways, owner, kind, here)
    if city == "sparta" and s["the_300"] not in (None, target):
        at = s["the_300"]
        assert at is not None
        guard_ok = s["forces"][at]["S"]["land"] - 1 >= th.home_guard(s, at, "S", "land")
        if guard_ok and ways.arrives("S", "land", at):
            opts.append(Option(f"the300@{at}", f"The 300 from {name(at)}", "12.0",
                               data={"owner": "S", "kind": "land", "from": at, "to": target,
                                     "the_300": True}))
    return opts


def short_of(s: PericlesState, ways: th.Marches, owner: str, kind: str,
             here: str) -> list[Option]:
    """Generation UNITS_STOP_SHORT: a unit may end its move on the way to the target,
    where the exit rule holds it or where its commander leaves it (9.2, ruling R62): on a
    shortest way there; from generation ANY_WAY also off the shortest ways, where the exit
    rule holds it (ruling R63)."""
    if not asks(s, UNITS_STOP_SHORT):
        return []
    stops = ways.stops(owner, kind, here) if asks(s, ANY_WAY) else \
        ways.shortest_stops(owner, kind, here)
    return [Option(f"{owner}:{kind}@{here}>{x}", f"{owner} {kind} from {name(here)}, "
                   f"stopping in {name(x)}", "9.2",
                   data={"owner": owner, "kind": kind, "from": here, "to": x, "short": True})
            for x in stops]


class March(Procedure[PericlesState]):
    """The CG moves units in one at a time, as many as the attackers committed (9.2)."""

    name = "march"

    def enter(self, flow: F) -> None:
        if not movable(flow.state):
            flow.end()

    def prompts(self, flow: F) -> list[Prompt]:
        s = flow.state
        ex = s["expedition"]
        assert ex is not None
        opts = movable(s) + [Option("stop", "Move no more units", "9.2")]
        return [Prompt(ex["cg"], f"Expedition to {name(ex['theater'])}: move a unit "
                       f"({ex['moves']} left)", tuple(opts), "9.2", kind="march")]

    def act(self, flow: F, seat: str, answer: Answer) -> None:
        s = flow.state
        ex = s["expedition"]
        assert ex is not None
        if seat != ex["cg"]:
            raise IllegalAction("Only the commanding general moves units.")
        if answer == "stop":
            flow.end()
            return
        opt = next((o for o in movable(s) if o.id == answer), None)
        if opt is None or opt.data is None:
            raise IllegalAction("That unit cannot move there now.")
        d = opt.data
        th.add(s, d["from"], d["owner"], d["kind"], -1)
        th.add(s, d["to"], d["owner"], d["kind"], 1)
        if d.get("the_300"):
            s["the_300"] = d["to"]
        else:
            ex["moves"] -= 1
        log(s, "moved_unit", faction=seat, what=f"{d['owner']}:{d['kind']}", theater=d["to"])
        if not movable(s):
            flow.end()


# ------------------------------------------------------------------- 9.3 battle
def chooser(s: PericlesState, city: str) -> str:
    """Who decides for a side in battle: the CG for the attackers, the CF for the
    defenders (ruling R16)."""
    ex = s["expedition"]
    assert ex is not None
    return ex["cg"] if city == ex["city"] else s["controlling"][city]


def side(s: PericlesState, city: str, card: int) -> bt.Side:
    ex = s["expedition"]
    assert ex is not None
    theater = ex["theater"]
    return bt.Side(city, {o: dict(n) for o, n in th.owners_of(s, theater, city).items()},
                   strategos=sum(n for f, n in s["committed"].items() if city_of(f) == city),
                   treachery=s["treachery"][theater].get(city, 0),
                   state_ship=city == "athens" and ex["ship"],
                   the_300=city == "sparta" and s["the_300"] == theater, card=card)


def owners_with(s: PericlesState, theater: str, city: str, kind: str) -> list[str]:
    return sorted(o for o, n in th.owners_of(s, theater, city).items()
                  if n.get(kind, 0) and o != "persia")


class Battle(Procedure[PericlesState]):
    """One battle; the winner may fight the other kind afterwards (9.3). Before the
    first, the Athenian CF may add the State Ship (12.0). The cards are turned, then the
    winner names which enemy owner loses units first and, if the winner must lose units
    too, the loser names which of the winner's owners does (9.3)."""

    name = "battle"

    def enter(self, flow: F) -> None:
        s, a = flow.state, flow.args
        if (not a["second"] and s["state_ship"] == "ready" and "athens" in s["cities"]
                and "ship" not in a):
            a["ship"] = None  # asked below
            return
        self._draw(flow)

    def _draw(self, flow: F) -> None:
        s, a = flow.state, flow.args
        ex = s["expedition"]
        assert ex is not None
        comp = load_components()
        a["cards"] = {c: comp.cards[draw_battle_card(flow, c)].face for c in ("athens", "sparta")}
        sides = {c: side(s, c, a["cards"][c]) for c in ("athens", "sparta")}
        total = {c: bt.strength(sd, a["kind"]) + sd.card for c, sd in sides.items()}
        a["winner"] = None if total["athens"] == total["sparta"] else \
            max(total, key=lambda c: total[c])
        self._advance(flow)

    def _question(self, flow: F) -> tuple[str, str, list[str]] | None:
        """(what, who, owners) of the loss choice still to make, if any."""
        s, a = flow.state, flow.args
        ex = s["expedition"]
        win = a["winner"]
        if win is None or ex is None:
            return None
        lose = th.other(win)
        theater, kind = ex["theater"], a["kind"]
        if "loser_first" not in a:
            owners = owners_with(s, theater, lose, kind)
            if len(owners) > 1:
                return "loser_first", chooser(s, win), owners
            a["loser_first"] = owners[0] if owners else None
        if "winner_first" not in a:
            owners = owners_with(s, theater, win, kind)
            if len(owners) > 1 and self._units_lost(flow) >= 2:
                return "winner_first", chooser(s, lose), owners
            a["winner_first"] = owners[0] if owners else None
        return None

    def _units_lost(self, flow: F) -> int:
        s, a = flow.state, flow.args
        ex = s["expedition"]
        assert ex is not None
        total = {c: bt.strength(side(s, c, a["cards"][c]), a["kind"]) + a["cards"][c]
                 for c in ("athens", "sparta")}
        lose = th.other(a["winner"])
        units = {o: dict(n) for o, n in th.owners_of(s, ex["theater"], lose).items()}
        gone = bt.take_losses(units, a["kind"], abs(total["athens"] - total["sparta"]),
                              [a["loser_first"]] if a.get("loser_first") else [])
        return sum(1 for x in gone if not x.endswith(":base"))

    def _advance(self, flow: F) -> None:
        if self._question(flow) is None:
            self._resolve(flow)

    def prompts(self, flow: F) -> list[Prompt]:
        s, a = flow.state, flow.args
        if a.get("ship", False) is None:
            return [Prompt(s["controlling"]["athens"], "Commit the State Ship to this battle?",
                           (Option("ship", "Commit the State Ship", "12.0"),
                            Option("keep", "Keep it", "12.0")), "12.0", kind="state_ship")]
        if a.get("again"):
            return [Prompt(a["again"], "Fight the other battle too?",
                           (Option("fight", "Fight it", "9.3"), Option("end", "End here", "9.3")),
                           "9.3", kind="second_battle")]
        q = self._question(flow) if "cards" in a else None
        if q is None:
            return []
        what, who, owners = q
        # the winner names the loser's units, the loser the winner's: either way the
        # chooser names the other side's units; `units_of` says which side they are
        units_of = "loser" if what == "loser_first" else "winner"
        text = ("Battle won: which of the loser's units go first?" if units_of == "loser"
                else "Battle lost: which of the winner's units go first?")
        return [Prompt(who, text, tuple(Option(o, o, "9.3", data={"owner": o, "units_of": units_of})
                                        for o in owners), "9.3", kind="losses")]

    def act(self, flow: F, seat: str, answer: Answer) -> None:
        s, a = flow.state, flow.args
        ex = s["expedition"]
        assert ex is not None
        if a.get("ship", False) is None and seat == s["controlling"]["athens"]:
            ex["ship"] = answer == "ship"
            a["ship"] = ex["ship"]
            self._draw(flow)
            return
        if a.get("again") == seat and answer in ("fight", "end"):
            if answer == "fight":
                flow.goto("battle", kind="naval" if a["kind"] == "land" else "land", second=True)
            else:
                flow.end()
            return
        q = self._question(flow) if "cards" in a and not a.get("again") else None
        if q is None or q[1] != seat or answer not in q[2]:
            raise IllegalAction("That choice is not open now.")
        a[q[0]] = str(answer)
        self._advance(flow)

    def _resolve(self, flow: F) -> None:
        s, a = flow.state, flow.args
        ex = s["expedition"]
        assert ex is not None
        theater, kind = ex["theater"], a["kind"]
        attacker = side(s, ex["city"], a["cards"][ex["city"]])
        defending = th.other(ex["city"])
        defender = side(s, defending, a["cards"][defending])
        win = a["winner"]
        loser_order = [a["loser_first"]] if a.get("loser_first") else []
        winner_order = [a["winner_first"]] if a.get("winner_first") else []
        result = bt.fight(theater, kind, attacker, defender, ex["cg"],
                          s["controlling"][defending], loser_order, winner_order)
        assert result.winner == win
        for sd in (attacker, defender):
            for o, n in sd.units.items():
                s["forces"][theater][o] = n
        if s["the_300"] == theater and not s["forces"][theater].get("S", {}).get("land", 0):
            s["the_300"] = None
        battle_removals(s, kind, result.lost, theater)  # rule 14.43 B
        for f, points in result.honor.items():
            if f in s["honor"]:
                s["honor"][f] += points
        if win is not None:
            major_defeat(s, th.other(win), result.honor)
            # one Hostage for each City-State unit the enemy lost (ruling R30)
            hostages = sum(1 for x in result.lost.get(th.other(win), [])
                           if x.split(":")[0] in th.CITY_UNITS.values() and not x.endswith("base"))
            s["hostages"][win] = s["hostages"].get(win, 0) + hostages
        s["battle"] = dict(result.record) if result.record else None
        log(s, "battle", city=win, n=result.strength.get(ex["city"], 0), what=kind, theater=theater)
        flow.context.event(BATTLE_END, f"Battle in {name(theater)}", battle=s["battle"])
        if win is not None and not a["second"] and battle_due(s):
            a["again"] = chooser(s, win)
            return
        flow.end()


def major_defeat(s: PericlesState, city: str, honor: dict[str, int]) -> None:
    """A city whose factions lost 5 Honor or more between them in one battle has
    suffered a Major Defeat (9.3, ruling R59): its Controlling Faction loses 3 Honor
    more, and the city's Assembly marker steps once toward the Opposition (from the
    Controlling Faction to Neutral, from Neutral to the Opposition)."""
    lost = -sum(n for f, n in honor.items() if city_of(f) == city)
    cf = s["controlling"].get(city)
    if lost < MAJOR_DEFEAT or cf is None or cf not in s["honor"]:
        return
    s["honor"][cf] -= MAJOR_DEFEAT_COST
    favor = s["favor"].get(city)
    s["favor"][city] = None if favor == cf else asm.rival(cf)
    log(s, "major_defeat", faction=cf, n=MAJOR_DEFEAT_COST, city=city)


# ------------------------------------------------------------------- 8.4 Strategos Honor
class StrategosHonor(Procedure[PericlesState]):
    """Every 4 Strategos held buy 1 Honor; the rest go back to the stock (8.4, R23)."""

    name = "strategos_honor"

    def enter(self, flow: F) -> None:
        s = flow.state
        for f in s["factions"]:
            held = s["strategos"][f]
            s["honor"][f] += held // TRADE
            s["stock"][city_of(f)] += held
            s["strategos"][f] = 0
            if held // TRADE:
                log(s, "traded", faction=f, n=held // TRADE)
        # a public map post is due: the theaters as the phase left them
        flow.context.event(PHASE_END, f"Turn {s['turn']}: the theater phase is over (8.4)")
        flow.end()


class EndTraining(Procedure[PericlesState]):
    """The theater-only training ends after the phase; a Persian War still active costs
    the Athenian CF 2 Honor (13.2, ruling R27)."""

    name = "end_training"

    def enter(self, flow: F) -> None:
        s = flow.state
        if s["persian_war"] and "athens" in s["cities"]:
            cf = s["controlling"]["athens"]
            s["honor"][cf] -= 2
            log(s, "persian_war", faction=cf, n=2)
        s["over"] = True
        flow.end()


class VignetteBattles(Procedure[PericlesState]):
    """The battles a vignette lists, in order, each with a fresh card a side (14.1,
    ruling R31)."""

    name = "vignette_battles"

    def enter(self, flow: F) -> None:
        spec = SPECS[flow.state["scenario"]]
        assert spec.vignette is not None
        battles = spec.vignette[4]
        i = flow.args.setdefault("i", 0)
        if i >= len(battles):
            flow.end()
            return
        flow.args["i"] = i + 1
        flow.call("battle", kind=battles[i], second=True)

    def resume(self, flow: F, result: Any) -> None:
        s = flow.state
        s["results"].append((s["battle"] or {}).get("winner"))
        self.enter(flow)


PROCEDURES: list[Procedure[PericlesState]] = [
    VignetteBattles(),
    TheaterPhase(), Placement(), Resolution(), CarryOut(), LeagueIssue(), DiplomaticIssue(),
    Levy(), RaidChoice(), Expedition(), Commit(), March(), Battle(), StrategosHonor(),
    EndTraining()]
