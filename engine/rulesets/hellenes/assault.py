"""Siege Assaults (8.1, 8.11-8.13, 5.42), Treachery (sidebar) and Sorties (8.3, 9.32).

Both are battles (`battle.py`) with a mode: in an Assault the City's defenders, garrison
included, fight from inside at A2 with Double Defense and cannot be routed; Sortiers come
out to fight the besiegers in the Province and may only go back into the City.
"""

from __future__ import annotations

from engine import Option, Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure
from engine.core.ruleset import asks
from engine.core.view import TAKEN

from . import board as B
from .flow import note
from .options import unit_option
from .siege import established, lift
from .state import AUGURY_SORTIES, HState, Side, add_prestige, other, to_pool


def assault_targets(s: HState, side: Side) -> list[str]:
    """8.1: established sieges, in an Action turn (or the one Treachery city); not under
    Augury (sidebar)."""
    t = s["turn"]
    if t is None or side in s["effects"]["augury"]:
        return []
    out = []
    for name, sg in sorted(s["sieges"].items()):
        if sg["besieger"] != side or not established(s, name):
            continue
        if t["event"] and t["treachery"] != name:
            continue
        if B.units_in(s, B.comps().cities[name].area, side, inside=False):
            out.append(name)
    return out


def sortie_targets(s: HState, side: Side) -> list[str]:
    """8.3: a City where `side` is besieged with units (garrisons cannot sortie), in an
    Action turn or the Winter SiegeBreaking phase; from generation 2 not under the
    enemy's Augury, since a Sortie engages the besiegers (7.4) and Augury bars Engaging."""
    t = s["turn"]
    if t is None or t["event"]:
        return []
    if side in s["effects"]["augury"] and asks(s, AUGURY_SORTIES):
        return []
    return [name for name, sg in sorted(s["sieges"].items()) if sg["besieger"] == other(side)
            and B.units_in(s, B.comps().cities[name].area, side, inside=True)]


def besiegers(s: HState, side: Side, name: str) -> list[str]:
    """The besieging units in the City's Province that have not moved this turn."""
    t = s["turn"]
    moved = set(t["moved"]) if t is not None else set()
    area = B.comps().cities[name].area
    return [u for u in B.units_in(s, area, side, inside=False) if u not in moved]


def moving_formations(s: HState, side: Side, name: str) -> list[list[str]]:
    """5.42: the Formations that moved into the besieged City's Province this turn (their
    units still there), each of which may join an Assault, one at a time."""
    t = s["turn"]
    area = B.comps().cities[name].area
    here = set(B.units_in(s, area, side, inside=False))
    out = []
    for f in t.get("arrived", []) if t is not None else []:
        units = [u for u in f["units"] if u in here]
        if f["area"] == area and units and units not in out:
            out.append(units)
    return out


class Assault(Procedure[HState]):
    """8.1/8.13: the defender may Capitulate before anything is revealed; otherwise the
    Assault is fought."""

    name = "assault"

    def enter(self, flow: Flow[HState]) -> None:
        a = flow.args
        if "joining" not in a:
            waiting = moving_formations(flow.state, a["attacker"], a["city"])
            a["joining"] = waiting[0] if len(waiting) == 1 and not besiegers(
                flow.state, a["attacker"], a["city"]) else None
            a["asked"] = len(waiting) == 0 or a["joining"] is not None

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        s, a = flow.state, flow.args
        if not a["asked"]:  # 5.42: one moving Formation may join the besiegers
            opts = [Option(f"join:{i}", ", ".join(f"{B.spec(u).name} ({s['blocks'][u]['cv']}"
                                                 " cv)" for u in f), "5.42",
                           data={"kind": "formation", "units": list(f)})
                    for i, f in enumerate(moving_formations(s, a["attacker"], a["city"]))]
            if besiegers(s, a["attacker"], a["city"]):
                opts.insert(0, Option("none", "The besiegers alone", "5.42",
                                      data={"kind": "formation", "units": []}))
            return [Prompt(a["attacker"], f"Assault on {a['city']}: which Formation that "
                           "moved in this turn joins the besiegers? (5.42)", tuple(opts),
                           rule="5.42", kind="assault-join")]
        return [Prompt(a["defender"], f"{a['attacker'].title()} assaults {a['city']}: "
                       "capitulate (all defenders lost, the enemy gains 1 Prestige instead "
                       "of 2) or resist? (8.13)",
                       (Option("resist", "Resist the Assault", "8.1", data={"kind": "resist"}),
                        Option("capitulate", "Capitulate", "8.13",
                               data={"kind": "capitulate"})), rule="8.13",
                       kind="capitulate")]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        s, a = flow.state, flow.args
        city = B.comps().cities[a["city"]]
        if not a["asked"]:
            a["asked"] = True
            if answer != "none":
                i = int(str(answer).split(":")[1])
                a["joining"] = moving_formations(s, a["attacker"], a["city"])[i]
            return
        if answer == "capitulate":
            for u in B.units_in(s, city.area, a["defender"], inside=True):
                to_pool(s["blocks"][u])
            s["garrisons"].pop(city.name, None)
            lift(s, city)
            add_prestige(s, a["attacker"], 1)  # 14.11 Trophy
            note(flow, "capture", f"{city.name} capitulates to {a['attacker'].title()}: "
                 "+1 Prestige (8.13)", city=city.name, **{TAKEN: city.name})
            flow.end(True)
            return
        attackers = sorted(besiegers(s, a["attacker"], city.name) + (a["joining"] or []))
        t = s["turn"]
        treachery = t is not None and t["treachery"] == city.name
        double = not treachery and city.name not in s["effects"]["civil_war"]
        note(flow, "assault", f"{a['attacker'].title()} assaults {city.name} (8.1"
             f"{'; Treachery: no Double Defense' if treachery else ''})")
        flow.goto("battle", area=city.area, attacker=a["attacker"], defender=a["defender"],
                  formations=[{"area": city.area, "via": city.area, "units": attackers,
                               "from_sea": False}],
                  fi=0, mode="assault", city=city.name, double=double, treachery=treachery)


class Sortie(Procedure[HState]):
    """8.3: choose the Sortiers; they fight the besiegers in the Province, without Double
    Defense on either side, and may retreat only into the City."""

    name = "sortie"

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        s, a = flow.state, flow.args
        city = B.comps().cities[a["city"]]
        units = sorted(B.units_in(s, city.area, a["side"], inside=True))
        opts = [unit_option(s, u, "8.3") for u in units]
        return [decisions.pick(a["side"], f"Sortie from {city.name}: which units come out? "
                               "(8.3)", opts, 1, len(opts), rule="8.3", kind="sortie")]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        s, a = flow.state, flow.args
        assert isinstance(answer, tuple)
        city = B.comps().cities[a["city"]]
        for u in answer:
            s["blocks"][u]["inside"] = False
        note(flow, "sortie", f"{seat.title()} sorties from {city.name} with {len(answer)} "
             "unit(s) (8.3)")
        flow.goto("battle", area=city.area, attacker=a["side"], defender=other(a["side"]),
                  formations=[{"area": city.area, "via": "city", "units": list(answer),
                               "from_sea": False}], fi=0, mode="sortie", city=city.name)
