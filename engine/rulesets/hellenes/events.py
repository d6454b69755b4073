"""Card Events (3.1 and its sidebar, 3.11 Leaders, 3.12 Revolts, 13.0, 15.1).

`event` is a procedure: it resolves the card played by `side` and ends. Events that name
a target ask the player for it; an Event with no legal target has no effect.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import Option, Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure

from . import board as B
from .cards import card, leader_in_play
from .siege import established
from .state import HState, Side, add_prestige, other

REVOLT_SUBJECTS = "subject_region"


def _log(flow: Flow[HState], text: str, **data: Any) -> None:
    flow.context.event("event", text, **data)


def _discard(s: HState, n: int) -> None:
    s["cards"]["discard"].append(n)


def vacant(s: HState, area: str) -> bool:
    city = B.city_of(area)
    return not B.units_in(s, area) and (city is None or city.name not in s["garrisons"])


# ------------------------------------------------------------------ Revolts (3.12, 13.3)
def rebellious(s: HState) -> set[str]:
    """Subject regions holding a Spartan-controlled subject city (1.33)."""
    return {c.subject_region for c in B.comps().data.cities
            if c.subject_region and B.city_control(s, c) == "sparta"}


def revolt_cities(s: HState, region: str, spreading: bool) -> list[str]:
    regions = {region} | (rebellious(s) if spreading else set())
    return sorted(c.name for c in B.comps().data.cities
                  if c.subject_region in regions and c.loyalty == "athens"
                  and vacant(s, c.area) and B.city_control(s, c) == "athens"
                  and not B.neutral(s, c.area))


def revolt_allowance(s: HState, spreading: bool) -> tuple[bool, bool, int]:
    """(regional allowed, spreading allowed, Tax Revolts) under Persian Aid (13.3)."""
    aid = B.persian_aid(s)
    taxes = B.taxes(s) if aid < 3 else 0
    return aid < 2, spreading and aid < 1, taxes


# ------------------------------------------------------------------ target lists
def ostracism_targets(s: HState) -> list[int]:
    return deposable(s["cards"]["leaders"], s["scenario"], s["effects"]["pillaged_last"],
                     s["stamp"])


def deposable(leaders: Mapping[str, int | None], scenario: str,
              pillaged_last: Mapping[str, int], stamp: int) -> list[int]:
    """The Leaders in command a Leader Ostracized may depose (from the state, or from a
    seat's view: all of it is public)."""
    out = []
    for _, n in sorted(leaders.items()):
        if n is None:
            continue
        # a Leader's card is the same in every edition (components.editions)
        if (scenario == "431" and B.comps().cards[n].name == "Pericles"
                and pillaged_last.get("athens") != stamp - 1):
            continue  # 15.1 rule 3: only after Athens was pillaged the Season before
        out.append(n)
    return out


def _target_data(c: Any, target: str) -> dict[str, Any]:
    """An Event's target as facts: a Leader's card to depose (3.11), else a City."""
    if c.event.kind == "ostracism":
        return {"kind": "leader", "card": int(target)}
    return {"kind": "city", "city": target, "event": c.event.kind}


def plague_targets(s: HState, returns: bool) -> list[str]:
    """Plague Strikes: a besieged City; Plague Returns: any City with units (sidebar).
    In 431 no Plague strikes Athens once Pericles has died of it (15.1 rule 3)."""
    out = []
    for c in B.comps().data.cities:
        if s["scenario"] == "431" and c.name == "Athens" and s["effects"]["pericles_dead"]:
            continue
        if returns:
            if plague_victims(s, c.name):
                out.append(c.name)
        elif c.name in s["sieges"]:
            out.append(c.name)
    return out


def plague_victims(s: HState, city: str) -> list[str]:
    """The units in a City: the besieged ones, or the occupants of an unbesieged CityState."""
    c = B.comps().cities[city]
    if city in s["sieges"]:
        return B.units_in(s, c.area, inside=True)
    return B.units_in(s, c.area)


def civil_war_targets(s: HState) -> list[str]:
    cw = s["effects"]["civil_war"]
    return [c.name for c in B.comps().data.cities
            if c.name not in s["sieges"] and c.name not in cw and not B.neutral(s, c.area)
            and not (s["scenario"] == "431" and c.name == "Athens"
                     and leader_in_play(s, "Pericles"))]


def helot_targets(s: HState) -> list[str]:
    return [n for n in ("Sparta", "Messenia", "Pylos")
            if vacant(s, B.comps().cities[n].area)]


def hunger_targets(s: HState, side: Side) -> list[str]:
    out = []
    for name, sg in sorted(s["sieges"].items()):
        c = B.comps().cities[name]
        if sg["besieger"] != side:
            continue
        if c.port and not B.blockaded(s, c, other(side)):
            continue  # a Port must be blockaded as well (sidebar)
        out.append(name)
    return out


def treachery_targets(s: HState, side: Side) -> list[str]:
    """Treachery: a City this side has besieged since a prior Season, in a Player Turn
    (at New Year there is no combat to use it in, 10.2)."""
    if s["turn"] is None:
        return []
    return [n for n, sg in sorted(s["sieges"].items())
            if sg["besieger"] == side and established(s, n)]


# ------------------------------------------------------------------ the procedure
class EventProc(Procedure[HState]):
    """Resolve card `card` played as an Event by `side` (args)."""

    name = "event"

    def enter(self, flow: Flow[HState]) -> None:
        s, side, n = flow.state, flow.args["side"], flow.args["card"]
        c = card(flow.state, n)
        kind = c.event.kind
        _log(flow, f"{side.title()} plays {c.name} as an Event", card=n, side=side)
        if kind == "leader":
            self._leader(flow, n)
        elif kind in ("taxes", "persian-aid", "no-quarter"):
            s["cards"]["in_play"].append(n)
            _log(flow, f"{c.name} stays in play ({c.event.rule})")
            flow.end()
        elif kind in ("peace-faction", "war-faction"):
            rival = "war-faction" if kind == "peace-faction" else "peace-faction"
            for x in [x for x in s["cards"]["in_play"] if card(flow.state, x).event.kind == rival]:
                s["cards"]["in_play"].remove(x)
                _discard(s, x)
                _log(flow, f"{c.name} cancels {card(flow.state, x).name} (14.22)")
            s["cards"]["in_play"].append(n)
            flow.end()
        elif kind == "atrocity":
            self._atrocity(flow, n)
        elif kind in ("earthquake", "augury"):
            s["effects"][kind].append(other(side))  # type: ignore[literal-required]
            what = "move or pillage" if kind == "earthquake" else "engage or assault"
            _log(flow, f"{other(side).title()} may not {what} this Season (sidebar)")
            _discard(s, n)
            flow.end()
        elif kind == "revolt":
            p = c.event.params
            regional, spreading, taxes = revolt_allowance(s, bool(p.get("spreading")))
            _discard(s, n)
            flow.goto("revolt", region=p["region"], main=regional, spreading=spreading,
                      taxes=taxes)
        else:
            _discard(s, n)
            if not self._targets(flow):
                _log(flow, f"{c.name} finds no target and has no effect")
                flow.end()

    def _targets(self, flow: Flow[HState]) -> list[str]:
        s, side = flow.state, flow.args["side"]
        kind = card(flow.state, flow.args["card"]).event.kind
        if kind == "ostracism":
            return [str(x) for x in ostracism_targets(s)]
        if kind in ("plague", "plague-returns"):
            return plague_targets(s, kind == "plague-returns")
        if kind == "civil-war":
            return civil_war_targets(s)
        if kind == "helots":
            return helot_targets(s)
        if kind == "hunger":
            return hunger_targets(s, side)
        if kind == "treachery":
            return treachery_targets(s, side)
        return []

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        c = card(flow.state, flow.args["card"])
        targets = self._targets(flow)
        labels = {x: (card(flow.state, int(x)).name if c.event.kind == "ostracism" else x) for x in targets}
        return [Prompt(flow.args["side"], f"{c.name}: choose its target ({c.event.rule})",
                       tuple(Option(x, labels[x], c.event.rule, data=_target_data(c, x))
                             for x in targets),
                       rule=c.event.rule, kind="event-target")]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        s, n, side = flow.state, flow.args["card"], flow.args["side"]
        kind = card(flow.state, n).event.kind
        target = str(answer)
        if kind == "ostracism":
            self._ostracize(flow, int(target))
        elif kind in ("plague", "plague-returns"):
            self._plague(flow, target)
        elif kind == "civil-war":
            s["effects"]["civil_war"].append(target)
            s["cards"]["discard"].remove(n)
            s["cards"]["in_play"].append(n)
            _log(flow, f"Civil War in {target}: no Double Defense there until Year End (8.11)")
        elif kind == "helots":
            s["garrisons"][target] = {"side": "athens", "kind": "event"}
            _log(flow, f"Helot Uprising: an Athenian garrison rises in {target}")
        elif kind == "treachery":
            assert s["turn"] is not None
            s["turn"]["treachery"] = target
            _log(flow, f"Treachery in {target}: one Assault there this turn without Double "
                       "Defense (sidebar, 8.1)")
        elif kind == "hunger":
            s["effects"]["hunger"].append(target)
            _log(flow, f"Hunger in {target}: Siege Attrition hits on 1-2 this Season (8.2)")
        del side
        flow.end()

    # -- single effects
    def _leader(self, flow: Flow[HState], n: int) -> None:
        """3.11: at most one Leader per side; a second Leader for a side is wasted."""
        s = flow.state
        lead = card(flow.state, n).leader
        assert lead is not None
        if s["cards"]["leaders"].get(lead.side) is not None:
            _discard(s, n)
            _log(flow, f"{lead.side.title()} already has a Leader: {card(flow.state, n).name} is wasted (3.11)")
        else:
            s["cards"]["leaders"][lead.side] = n
            s["cards"]["in_play"].append(n)
            _log(flow, f"{card(flow.state, n).name} now leads {lead.side.title()} "
                       f"(+{lead.value} Action per turn, 3.11)")
        flow.end()

    def _ostracize(self, flow: Flow[HState], n: int) -> None:
        s = flow.state
        lead = card(flow.state, n).leader
        assert lead is not None
        s["cards"]["leaders"][lead.side] = None
        s["cards"]["in_play"].remove(n)
        # Events sidebar: deposed, "return to deck": shuffled in at a place the dice pick
        deck = s["cards"]["deck"]
        deck.insert(flow.context.die(len(deck) + 1) - 1, n)
        _log(flow, f"{card(flow.state, n).name} is ostracized and returns to the deck: "
             f"{lead.side.title()} has no Leader (3.11)")

    def _atrocity(self, flow: Flow[HState], n: int) -> None:
        """Atrocity: the enemy loses 2 Prestige, 3 if its Leader is worth +1 (RULINGS.md)."""
        s, side = flow.state, flow.args["side"]
        loss = 2 + B.leader_value(s, other(side))
        add_prestige(s, side, loss)
        _discard(s, n)
        _log(flow, f"Atrocity: {other(side).title()} loses {loss} Prestige")
        flow.end()

    def _plague(self, flow: Flow[HState], city: str) -> None:
        s = flow.state
        hit = [b for b in plague_victims(s, city) if s["blocks"][b]["cv"] > 1]
        for b in hit:
            s["blocks"][b]["cv"] -= 1
        s["effects"]["plague_struck"] = True
        _log(flow, f"Plague in {city}: {len(hit)} unit(s) lose a step (cadres are spared)")
        if city == "Athens":
            s["effects"]["athens_plagues"] += 1
            if (s["scenario"] == "431" and s["effects"]["athens_plagues"] >= 2
                    and leader_in_play(s, "Pericles")):
                n = s["cards"]["leaders"]["athens"]
                assert n is not None
                s["cards"]["leaders"]["athens"] = None
                s["cards"]["in_play"].remove(n)
                s["effects"]["pericles_dead"] = True
                _log(flow, "Pericles dies of the Plague and leaves the game (15.1 rule 3)")


class RevoltProc(Procedure[HState]):
    """3.12: Sparta places the Revolt's garrison, then one per Tax Revolt."""

    name = "revolt"

    def _cities(self, flow: Flow[HState]) -> list[str]:
        a, s = flow.args, flow.state
        if a["main"]:
            return revolt_cities(s, a["region"], a["spreading"])
        if a["taxes"]:
            return revolt_cities(s, a["region"], True)
        return []

    def enter(self, flow: Flow[HState]) -> None:
        if not self._cities(flow):
            if flow.args["main"] or flow.args["taxes"]:
                _log(flow, "The Revolt finds no vacant qualified city (3.12)")
            flow.end()

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        a = flow.args
        what = "the Revolt" if a["main"] else "a Tax Revolt"
        return [Prompt("sparta", f"Choose the vacant subject city for {what} (3.12)",
                       tuple(Option(c, c, "3.12", data={"kind": "city", "city": c})
                             for c in self._cities(flow)),
                       rule="3.12", kind="revolt")]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        s, a = flow.state, flow.args
        s["garrisons"][str(answer)] = {"side": "sparta", "kind": "event"}
        kind = "Revolt" if a["main"] else "Tax Revolt"
        _log(flow, f"{kind}: {answer} rises against Athens (a Spartan garrison, 3.12)")
        if a["main"]:
            flow.goto("revolt", region=a["region"], main=False, spreading=a["spreading"],
                      taxes=a["taxes"])
        else:
            flow.goto("revolt", region=a["region"], main=False, spreading=a["spreading"],
                      taxes=a["taxes"] - 1)
