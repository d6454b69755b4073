"""The sequence of play (introduction: Olympiads, game turns, player turns, phases) as
kernel procedures (engine/core/procedures.py, base in steps.py):

    bid -> deal -> mulligan -> sicily -> commit -> (each player turn) pturn_start -> event
    -> move -> combat -> combat_end -> attrition -> hellespont -> pturn_end -> gturn_end
    -> commit ... -> olympiad_end -> build -> deal ...

Moves and revolts are in moves_flow.py, battles in combat_flow.py, the replacement phase
in build_flow.py. The stack of procedures is kept in `s["flow"]`; prompts are built on
demand from the state (`prompts`), never stored in it."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine import Context, Prompt
from engine.core.procedures import Flow, Machine

from . import cards as C
from .asks import arg, ask
from .board import Board, board
from .build_flow import Build
from .combat_flow import Battle, Combat, CombatAdrift, CombatEnd, decisions
from .hits import apply_hits, eliminate, hit_prompt, start_hits
from .moves_flow import Move, MoveDest, RevoltCity, RevoltStr
from .replacements import start_build
from .siege import attrition_jobs
from .state import AS, SIDES, block_name, friendly, is_navy, occupancy, other, roll, siege_at
from .steps import Over, Step, phase_end, set_phase, win
from .strategics import athens_blocks_in_athens, end_of_phase, hellespont_applies
from .victory import REASONS, olympiad_check, sudden_death

# sidebars have no rule number: prompts name them
MULLIGAN = "Mulligan sidebar"
SYRACUSE_POINTS = "Syracuse Points sidebar"


# ====================================================================== set-up, bid
def _bid_options(bd: Board, s: AS) -> list[list[str]]:
    bid = s["tourney_bid"]
    assert bid is not None  # asked while bidding
    return [[f"b:{b}", f"{block_name(bd, b)} ({x['str']}) at {bd.label(x['loc'])}", "10.3"]
            for b, x in sorted(s["blocks"].items())
            if x["side"] == bid["side"] and x["loc"] not in ("pool", "off", "out")
            and x["str"] >= 2 and b not in bid["hit"]]


class Bid(Step):
    """Tourney bidding (10.3): the winning bidder removes steps from his starting units,
    at most one step from any unit."""

    name = "bid"

    def run(self, flow: Flow[AS]) -> None:
        s = flow.state
        bid = s["tourney_bid"]
        if not bid or bid["left"] <= 0:
            flow.goto("deal")
            return
        set_phase(s, "bid")
        if not _bid_options(self.bd, s):
            bid["left"] = 0
            self.rerun(flow)

    def prompts(self, flow: Flow[AS]) -> list[Prompt]:
        s = flow.state
        bid = s["tourney_bid"]
        assert bid is not None
        return [ask(bid["side"], "bid", "Tourney bid (rule 10.3): remove one step from a "
                    f"starting unit ({bid['left']} to go; one step per unit at most).",
                    "10.3", _bid_options(self.bd, s))]

    def answer(self, flow: Flow[AS], seat: str, option: str) -> None:
        s = flow.state
        b = arg(option)
        bid = s["tourney_bid"]
        assert bid is not None
        s["blocks"][b]["str"] -= 1
        bid["hit"].append(b)
        bid["left"] -= 1


# ====================================================================== cards
class Deal(Step):
    name = "deal"

    def run(self, flow: Flow[AS]) -> None:
        s = flow.state
        deal(self.bd, s, flow.context)
        flow.goto("mulligan" if s["options"].get("mulligan", True) else "sicily")


def deal(bd: Board, s: AS, ctx: Any) -> None:
    set_phase(s, "card")
    s["active"] = None
    s["revolts"] = {}       # 7.0: one revolt per city and side each Olympiad
    s["helot_ban"] = False  # 7.1: the Helots may rise again next Olympiad
    C.deal(bd, s, ctx)


class Mulligan(Step):
    """Mulligan sidebar: each player keeps his hand or, under 10 MP, shows it for a new
    deal; the other may then take a new hand too."""

    name = "mulligan"

    def run(self, flow: Flow[AS]) -> None:
        s, ctx, bd = flow.state, flow.context, self.bd
        set_phase(s, "mulligan")
        cards = s["cards"]
        if any(side not in cards["mulligan_answers"] for side in SIDES):
            return
        req = [x for x in SIDES if cards["mulligan_answers"].get(x) == "redeal"]
        if not req:
            flow.goto("sicily")
            return
        for side in req:
            if not cards["mulligan_used"][side]:
                cards["mulligan_used"][side] = True
                ctx.reveal()
                ctx.event("card_reveal", f"{side.title()} shows a hand of "
                          f"{C.hand_mp(bd, cards['hands'][side])} MP and asks for a new deal",
                          side=side, cards=[C.card_public(bd, c) for c in cards["hands"][side]])
        if self._other_asked(s):
            return
        sides = req + [x for x in SIDES if cards["mulligan_too"].get(x) == "redeal" and x not in req]
        C.redeal(bd, s, sides, ctx)
        flow.goto("sicily")

    @staticmethod
    def _other_asked(s: AS) -> str | None:
        """The side asked whether it takes a new hand too, if one is."""
        cards = s["cards"]
        req = [x for x in SIDES if cards["mulligan_answers"].get(x) == "redeal"]
        if len(req) == 1 and other(req[0]) not in cards["mulligan_too"]:
            return other(req[0])
        return None

    def prompts(self, flow: Flow[AS]) -> list[Prompt]:
        s, bd = flow.state, self.bd
        cards = s["cards"]
        out = []
        for side in SIDES:
            if side in cards["mulligan_answers"]:
                continue
            total = C.hand_mp(bd, cards["hands"][side])
            opts = [["keep", "Keep this hand", MULLIGAN]]
            if total < 10 and not cards["mulligan_used"][side]:
                opts.append(["redeal", f"Show it ({total} MP) and ask for a new deal",
                             MULLIGAN])
            out.append(ask(side, "mulligan", f"Mulligan (sidebar): your hand totals {total} "
                           "MP. A hand under 10 MP may be shown and dealt again once per "
                           "Olympiad.", MULLIGAN, opts, secret=True))
        if out:
            return out
        opp = self._other_asked(s)
        if opp is None:
            return []
        return [ask(opp, "mull_other", f"{other(opp).title()} takes a new hand (mulligan). Do "
                    "you keep your cards or take a new hand too?", MULLIGAN,
                    [["keep", "Keep my cards", MULLIGAN], ["redeal", "New hand too", MULLIGAN]])]

    def answer(self, flow: Flow[AS], seat: str, option: str) -> None:
        cards = flow.state["cards"]
        if seat not in cards["mulligan_answers"]:
            cards["mulligan_answers"][seat] = option
            flow.context.event("mulligan", f"{seat.title()} has decided about the mulligan")
        else:
            cards["mulligan_too"][seat] = option


def _events_in(bd: Board, hand: list[str]) -> str:
    """The events of the cards offered, with their text, so a player choosing a card can
    read what each event does (the labels only have room for its name)."""
    evs = {e["name"]: e["text"] for e in (C.event_of(bd, c) for c in hand) if e}
    return "".join(f"\n• {name}: {text}" for name, text in sorted(evs.items()))


class Sicily(Step):
    """Syracuse points option: after the first deal each player sets one card face-down
    at Sicily; their sum is Syracuse's value."""

    name = "sicily"

    def run(self, flow: Flow[AS]) -> None:
        s = flow.state
        cards = s["cards"]
        if not s["options"].get("syracuse_points") or s["olympiad"] != 84 or \
                cards.get("sicily_done"):
            flow.goto("commit")
            return
        if len(cards["sicily"]) == 2:
            cards["sicily_done"] = True
            s["syracuse_value"] = sum(C.card_mp(self.bd, c) for c in cards["sicily"].values())
            flow.goto("commit")
            return
        set_phase(s, "sicily")

    def prompts(self, flow: Flow[AS]) -> list[Prompt]:
        bd, cards = self.bd, flow.state["cards"]
        return [ask(side, "sicily", "Syracuse points (optional rule): set one card face-down at "
                    "Sicily; the two cards' MPs make Syracuse's value."
                    + _events_in(bd, cards["hands"][side]), SYRACUSE_POINTS,
                    [[f"c:{c}", C.card_label(bd, c), SYRACUSE_POINTS]
                     for c in cards["hands"][side]], secret=True)
                for side in SIDES if side not in cards["sicily"]]

    def answer(self, flow: Flow[AS], seat: str, option: str) -> None:
        s, ctx = flow.state, flow.context
        c = arg(option)
        s["cards"]["hands"][seat].remove(c)
        s["cards"]["sicily"][seat] = c
        ctx.event("sicily", f"{seat.title()} sets a card aside at Sicily", seats=(seat,),
                  card=c)
        ctx.event("sicily", f"{seat.title()} has set a card aside at Sicily")


def olympiad_over(s: AS) -> bool:
    """Introduction: an Olympiad has six game turns, one card each per turn (five in the
    first Olympiad with the Syracuse points option). It is over when a new game turn would
    begin (no card committed yet) and a player has no card left; asked only then, so the
    second player still plays the sixth card after the first has committed his."""
    cards = s["cards"]
    if cards["committed"]:
        return False
    return not (cards["hands"]["athens"] and cards["hands"]["sparta"]) or s["turn"] > 6


class Commit(Step):
    """The card phase: both players play a card face-down, then reveal them together."""

    name = "commit"

    def run(self, flow: Flow[AS]) -> None:
        s, ctx, bd = flow.state, flow.context, self.bd
        cards = s["cards"]
        if olympiad_over(s):
            flow.goto("olympiad_end")
            return
        set_phase(s, "card")
        s["active"] = None
        if any(side not in cards["committed"] for side in SIDES):
            return
        ctx.reveal()
        cards["played"] = dict(cards["committed"])
        cards.setdefault("used", []).extend(cards["committed"][x] for x in SIDES)
        cards["committed"] = {}
        s["player1"] = p1 = C.decide_player1(bd, s)
        C.turn_events(bd, s)
        a, sp = cards["played"]["athens"], cards["played"]["sparta"]
        ctx.event("card_reveal", f"Cards revealed: Athens {C.card_label(bd, a)}, Sparta "
                  f"{C.card_label(bd, sp)}. {p1.title()} is Player 1.",
                  athens=C.card_public(bd, a), sparta=C.card_public(bd, sp), player1=p1)
        s["player_turn"] = 1
        flow.goto("pturn_start")

    def prompts(self, flow: Flow[AS]) -> list[Prompt]:
        s, bd = flow.state, self.bd
        cards = s["cards"]
        return [ask(side, "commit", f"Game turn {s['turn']} of Olympiad {s['olympiad']}: play "
                    "a card face-down (introduction: card phase)."
                    + _events_in(bd, cards["hands"][side]), "intro",
                    [[f"c:{c}", C.card_label(bd, c), "intro"]
                     for c in sorted(cards["hands"][side], key=lambda c: (C.card_mp(bd, c), c))],
                    secret=True)
                for side in SIDES if side not in cards["committed"]]

    def answer(self, flow: Flow[AS], seat: str, option: str) -> None:
        s, ctx = flow.state, flow.context
        c = arg(option)
        s["cards"]["hands"][seat].remove(c)
        s["cards"]["committed"][seat] = c
        ctx.event("commit", f"{seat.title()} plays {C.card_label(self.bd, c)} face-down",
                  seats=(seat,), card=c)
        ctx.event("commit", f"{seat.title()} has played a card face-down")


# ====================================================================== player turns
class PturnStart(Step):
    name = "pturn_start"

    def run(self, flow: Flow[AS]) -> None:
        s, ctx, bd = flow.state, flow.context, self.bd
        p1 = s["player1"]
        assert p1 is not None  # set when the cards were revealed
        side = p1 if s["player_turn"] == 1 else other(p1)
        s["active"] = side
        s["move_points"] = C.card_mp(bd, s["cards"]["played"][side])
        s["moved"] = []
        s["flipped"] = []
        s["entries"] = {}
        s["done_hexes"] = []
        s.pop("regrouped_armies", None)  # rule 5.6 bars them for one combat phase only
        s["bonus"] = None
        s["betrayal"] = None
        s["free_steps"] = None
        corinth = bd.cities.get("Corinth", {}).get("hex")
        # the side's blocks at the oracles and its navies at Corinth, read from who stands
        # where rather than from every block
        occ = occupancy(s)
        s["oracle"] = sorted(b for h in bd.oracles for b in occ.get(h, {}).get(side, ()))
        at_corinth = occ.get(corinth, {}) if corinth is not None else {}
        s["diolkos"] = sorted(b for b in at_corinth.get(side, ()) if is_navy(bd, b))
        if "earthquake" in s["events"]:
            ctx.event("earthquake", "Earthquake: no moves and no combat this game turn; only "
                      "siege attrition (event)")
            s["move_points"] = 0
            set_phase(s, "attrition")
            flow.goto("attrition")
            return
        ev = C.player_event(bd, s)
        set_phase(s, "event")
        if ev:
            # with its text: the other side reads what the event does, not just its name
            ctx.event("event", f"{side.title()} plays the event {ev['name']} (rule 4.6): "
                      f"{ev['text']}", event=ev["id"], side=side)
            start_event(bd, s, ev, ctx)
        flow.goto("event")


def start_event(bd: Board, s: AS, ev: dict[str, Any], ctx: Any) -> None:
    side = s["active"]
    assert side is not None  # in a player turn
    eid = ev["id"]
    eff = ev.get("effect") or {}
    kind = eff.get("kind")
    if kind == "attrition" or eid == "plague":
        target = eff.get("side", "athens")
        city = (eff.get("where") or {}).get("city", "Athens")
        h = bd.cities[city]["hex"]
        bids = sorted(b for b, x in s["blocks"].items() if x["loc"] == h and x["side"] == target)
        if bids:
            s["attrition"] = [{"hex": h, "side": target, "need": int(eff.get("hit_min", 5)),
                          "bids": bids, "why": f"{ev['name']} (event)"}]
    elif kind == "free_steps":
        s["free_steps"] = {"side": side, "left": int(eff.get("steps", 2)), "name": ev["name"],
                     "types": eff.get("block_types", ["navy"])}
    elif kind == "peek_hand":
        opp = other(side)
        s["peek"][side] = list(s["cards"]["hands"][opp])
        seen = s["cards"]["hands"][opp]
        # The private message itself lists the cards (the event text alone told nothing).
        ctx.event("peek", f"{ev['name']}: {opp.title()}'s hand holds {len(seen)} card"
                  f"{'s' if len(seen) != 1 else ''}: "
                  + ("; ".join(C.card_label(bd, c) for c in seen) or "none"),
                  seats=(side,), cards=list(seen))
    elif kind == "fire_bonus":
        s["bonus"] = {"side": side, "name": ev["name"], "types": eff.get("block_types"),
                      "amount": int(eff.get("amount", 1)),
                      "max_fire": int(eff.get("max_fire", 5)), "block": None, "asked": []}
    elif kind == "no_double_defense":
        s["betrayal"] = {"side": side, "hex": None, "asked": []}


ATTRITION_DONE = "attrition done"  # what attr_run returns to its caller


def _free_options(bd: Board, s: AS) -> list[list[str]]:
    fr = s["free_steps"]
    assert fr is not None  # asked while free steps are left
    side = fr["side"]
    opts = []
    for b, x in sorted(s["blocks"].items()):
        if x["side"] != side or x["loc"] in ("pool", "off", "out"):
            continue
        if bd.blocks[b]["type"] not in fr["types"] or x["str"] >= bd.blocks[b]["max_strength"]:
            continue
        h = x["loc"]
        if h not in bd.ports or not friendly(s, side, h) or siege_at(bd, s, h):
            continue
        opts.append([f"f:{b}", f"{block_name(bd, b)} {x['str']}→{x['str'] + 1} at "
                     f"{bd.label(h)}", "8.2"])
    return opts


class Event(Step):
    """The event phase (4.6): an attrition event's rolls, then free steps (8.2)."""

    name = "event"

    def run(self, flow: Flow[AS]) -> None:
        s = flow.state
        if s.get("attrition") or s.get("hits"):
            flow.call("attr_run")
            return
        self.free_steps(flow)

    def resume(self, flow: Flow[AS], result: Any) -> None:
        if result == ATTRITION_DONE:
            self.free_steps(flow)
        else:
            self.rerun(flow)

    def free_steps(self, flow: Flow[AS]) -> None:
        s = flow.state
        fr = s.get("free_steps")
        if fr and fr["left"] > 0:
            if _free_options(self.bd, s):
                return
            s["free_steps"] = None
        set_phase(s, "move")
        flow.goto("move")

    def prompts(self, flow: Flow[AS]) -> list[Prompt]:
        s = flow.state
        fr = s["free_steps"]
        assert fr is not None
        return [ask(fr["side"], "free", f"{fr['name']} (event): add a free step to a navy in a "
                    f"friendly port ({fr['left']} left).", "8.2",
                    _free_options(self.bd, s) + [["done", "No more", "8.2"]])]

    def answer(self, flow: Flow[AS], seat: str, option: str) -> None:
        s = flow.state
        if option == "done":
            s["free_steps"] = None
            return
        fr = s["free_steps"]
        assert fr is not None
        s["blocks"][arg(option)]["str"] += 1
        fr["left"] -= 1


class AttrRun(Step):
    """Attrition rolls (6.0) of the jobs in `s["attrition"]`, each hit on the strongest block,
    the owner choosing among equals. Returns ATTRITION_DONE to its caller."""

    name = "attr_run"
    check_on_enter = False

    def run(self, flow: Flow[AS]) -> None:
        s, ctx, bd = flow.state, flow.context, self.bd
        while s.get("hits") or s.get("attrition"):
            if s.get("hits"):
                if apply_hits(bd, s, ctx):
                    return
                continue
            jobs = s["attrition"]
            assert jobs is not None  # the loop's condition
            job = jobs.pop(0)
            bids = [b for b in job["bids"] if s["blocks"][b]["loc"] == job["hex"]]
            if not bids:
                continue
            dice = roll(s, ctx, len(bids))
            hits = sum(1 for d in dice if d >= job["need"])
            ctx.event("dice", f"{job['side'].title()} rolls for {job['why']} at "
                      f"{bd.label(job['hex'])} ({job['need']}+): {dice}, {hits} "
                      f"hit{'s' if hits != 1 else ''}", dice=dice, hits=hits, side=job["side"],
                      hex=job["hex"], need=job["need"])
            if hits:
                start_hits(s, job["side"], hits, bids, False, job["hex"], rule="6.0")
        s["attrition"] = None
        flow.end(ATTRITION_DONE)

    def prompts(self, flow: Flow[AS]) -> list[Prompt]:
        return [hit_prompt(self.bd, flow.state, "attr_hit")]

    def answer(self, flow: Flow[AS], seat: str, option: str) -> None:
        hits = flow.state["hits"]
        assert hits is not None  # asked while hits are pending
        hits["choice"] = arg(option)


class Attrition(Step):
    """Siege attrition (6.0) after the active player's combat phase."""

    name = "attrition"

    def run(self, flow: Flow[AS]) -> None:
        s = flow.state
        set_phase(s, "attrition")
        if s.get("attrition") is None:
            active = s["active"]
            assert active is not None
            s["attrition"] = attrition_jobs(self.bd, s, active)
        flow.call("attr_run")

    def resume(self, flow: Flow[AS], result: Any) -> None:
        if result != ATTRITION_DONE:
            self.rerun(flow)
            return
        s, ctx = flow.state, flow.context
        end_of_phase(self.bd, s, ctx)
        phase_end(s, ctx, "attrition")
        flow.goto("hellespont")


class Hellespont(Step):
    """Rule 9.1: Sparta controlling the sea at Abydos starves Athens of a block."""

    name = "hellespont"

    def _bids(self, s: AS) -> list[str]:
        # ruling R34: an Earthquake cancels the game turn but for siege attrition
        # (sidebar); the Hellespont's grain loss (9.1) is not siege attrition, so it is
        # cancelled too
        if s["active"] == "athens" and "earthquake" not in s["events"] and \
                hellespont_applies(self.bd, s):
            return athens_blocks_in_athens(self.bd, s)
        return []

    def run(self, flow: Flow[AS]) -> None:
        if self._bids(flow.state):
            set_phase(flow.state, "hellespont")
            return
        flow.goto("pturn_end")

    def prompts(self, flow: Flow[AS]) -> list[Prompt]:
        s, bd = flow.state, self.bd
        return [ask("athens", "hellespont", "Hellespont (rule 9.1): Sparta controls the sea "
                    "at Abydos. Remove one block from Athens.", "9.1",
                    [[f"b:{b}", f"{block_name(bd, b)} ({s['blocks'][b]['str']})", "9.1"]
                     for b in self._bids(s)])]

    def answer(self, flow: Flow[AS], seat: str, option: str) -> None:
        eliminate(self.bd, flow.state, arg(option), flow.context,
                  "removed for want of grain (rule 9.1)")
        flow.goto("pturn_end")


class PturnEnd(Step):
    name = "pturn_end"

    def run(self, flow: Flow[AS]) -> None:
        s = flow.state
        s["revealed"] = []
        if s["player_turn"] == 1:
            s["player_turn"] = 2
            flow.goto("pturn_start")
            return
        flow.goto("gturn_end")


class GturnEnd(Step):
    name = "gturn_end"

    def run(self, flow: Flow[AS]) -> None:
        s = flow.state
        sd = sudden_death(self.bd, s)
        if sd:
            win(s, sd[0], sd[1], REASONS[sd[1]])
            self.rerun(flow)
            return
        s["turn"] += 1
        s["events"] = []
        s["active"] = None
        s["player_turn"] = 0
        flow.goto("commit")


class OlympiadEnd(Step):
    name = "olympiad_end"

    def run(self, flow: Flow[AS]) -> None:
        s, ctx, bd = flow.state, flow.context, self.bd
        set_phase(s, "victory")
        res = olympiad_check(bd, s)
        ctx.event("victory_check", f"Victory check after Olympiad {s['olympiad']} (rule 10.2)",
                  olympiad=s["olympiad"])
        if res:
            win(s, res[0], res[1], REASONS[res[1]])
            self.rerun(flow)
            return
        cards = s["cards"]
        for x in SIDES:  # cards never played (a short Olympiad) go back to the deck
            cards["deck"] += cards["hands"][x]
        cards["hands"] = {"athens": [], "sparta": []}
        start_build(bd, s)
        assert s["build"] is not None
        s["build"]["menu"] = {"athens": None, "sparta": None}
        set_phase(s, "replacement")
        flow.goto("build")


# ====================================================================== the machine
@cache
def _machine(bd: Board) -> Machine[AS]:
    steps = [Bid, Deal, Mulligan, Sicily, Commit, PturnStart, Event, AttrRun, Attrition,
             Hellespont, PturnEnd, GturnEnd, OlympiadEnd, Move, MoveDest, RevoltCity,
             RevoltStr, Combat, Battle, CombatEnd, CombatAdrift, Build]
    return Machine([*(cls(bd) for cls in steps), *decisions(bd), Over()], _stack)


def _stack(s: AS) -> list[dict[str, Any]]:
    """The procedures' stack: typed frames (schema.Frame) to us, plain dicts to the
    kernel, which knows no ruleset's arguments."""
    return s["flow"]  # type: ignore[return-value]


def machine(bd: Board) -> Machine[AS]:
    return _machine(bd)


def start(bd: Board, s: AS, ctx: Context, name: str) -> None:
    """Begin the game's flow at step `name`."""
    s["flow"] = []
    machine(bd).start(s, ctx, name)


def prompts(bd: Board, s: AS) -> list[Prompt]:
    if s["winner"] or s["resigned"]:
        return []
    return _machine(bd).prompts(s)


def answer(bd: Board, s: AS, seat: str, option: str, ctx: Context,
           shown: list[Prompt] | None = None) -> None:
    _machine(bd).act(s, seat, option, ctx, prompts=shown)


def current_step(s: AS) -> str:
    """The step of the sequence of play the flow is at, by the names the view and the
    invariants use: a battle's questions belong to the battle, attrition rolls and the
    questions of a step to that step."""
    procs = _machine_any().procedures
    for frame in reversed(s["flow"]):
        name = frame["name"]
        if name == "over" or (isinstance(procs.get(name), Step) and name != "attr_run"):
            return "combat_end" if name == "combat_adrift" else name
    return "setup"


def _machine_any() -> Machine[AS]:
    return machine(board())
