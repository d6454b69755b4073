"""The Helot Uprising (Appendix C), as the Athenian "Fantasy" uses it (29.2.2, 29.4.4):
Athens may call one at the end of each Seasonal Turn, before the Campaign Turns.

A success puts a Helot Uprising marker on every standing Laconian city but Sparta. While
marked, a city's garrison defends against no one and an Athenian capture of it is a
victory; it counts for nothing in its Area's status (8.2v); Laconia pays tribute as if it
were in revolt (5.4.2); bases in it without Spartan units go at once; and Laconia loses 1 ML
each Seasonal Turn a marker stands. A marker goes when any unit is in its city at the start
of a Seasonal Turn."""

from __future__ import annotations

from engine import Option, Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure

from . import board as B
from .cards import betrayed
from .notes import AnyFlow, note, roll_with
from .state import MAP, POOL, EState, clamp_ml

REGION = "laconia"
SUCCESS = 6  # on 6 or more after modifiers, always on an unmodified 6
FAIL_ML = 2  # the cost of a failed call: +2 ML in Laconia
FEW_HOPLITES = 3
LOW_ML = 10


def modifiers(s: EState) -> list[tuple[int, str]]:
    """The card's modifiers, each with why."""
    out = []
    cities = B.region_cities(REGION)
    held = [c.name for c in cities if B.city_owner(s, c.name) == "athens"]
    held += [h for h, side in s["forts"].items()
             if side == "athens" and B.region_of_hex(h) == REGION]
    if held:
        out.append((len(held), "Athenian cities or forts in Laconia"))
    risen = [c.name for c in cities if c.name in s.get("revolts", ())]
    if risen:
        out.append((len(risen), "revolting cities in Laconia"))
    hoplites = sum(1 for u in s["units"].values()
                   if u["type"] == "hoplite" and u["side"] == "sparta" and (
                       (u["where"] == MAP and B.region_of_hex(u["hex"]) == REGION)
                       or (u["where"] == POOL and u["home"] == REGION)))
    if hoplites < FEW_HOPLITES:
        out.append((1, "fewer than 3 Spartan hoplites in Laconia and its Force Pool"))
    if s["regions"][REGION]["ml"] < LOW_ML:
        out.append((1, "Laconia's ML below 10"))
    return out


def rise(s: EState) -> list[str]:
    """Markers on every Laconian city but Sparta; bases go where no Spartan unit stands."""
    lines = []
    for city in B.region_cities(REGION):
        if city.capital == "sparta" or B.city_at(s, city.hex) is None:
            continue
        if city.name not in s["helots"]:
            s["helots"].append(city.name)
        if s["bases"].get(city.hex) and not B.units_at(s, city.hex, "sparta"):
            del s["bases"][city.hex]
            lines.append(f"The base at {city.name} is lost to the helots")
    s["helots"].sort()
    return lines


def seasonal(s: EState) -> list[str]:
    """At the start of a Seasonal Turn: markers with a unit in their city go; if any stand,
    Laconia loses 1 ML."""
    lines = []
    for name in list(s.get("helots", [])):
        if B.units_at(s, B.comps().cities[name].hex):
            s["helots"].remove(name)
            lines.append(f"The helots of {name} are put down (Helot Uprising)")
    if s.get("helots"):
        r = s["regions"][REGION]
        r["ml"] = clamp_ml(r["ml"] - 1)
        lines.append("The helots are up in arms: Laconia -1 ML (Helot Uprising)")
    return lines


def quiet(s: EState, name: str) -> bool:
    """A city whose garrison will not defend it (Helot Uprising, City Betrayal)."""
    return name in s.get("helots", ()) or betrayed(s, name)


class Helots(Procedure[EState]):
    """29.4.4: Athens may call on the helots once a season, before the Campaign Turns."""

    name = "helots"

    def enter(self, flow: Flow[EState]) -> None:
        s = flow.state
        if all(c.name in s["helots"] or c.capital == "sparta" or c.name in s["razed"]
               for c in B.region_cities(REGION)):
            flow.end()  # every city is up already

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        s = flow.state
        plus = sum(n for n, _ in modifiers(s))
        opts = (Option("play", f"Stir up the helots (die +{plus}, 6 or more)", "29.4",
                       data={"kind": "helot_uprising", "plus": plus}),
                Option("pass", "Not this season", "29.4", data={"kind": "pass"}))
        return [Prompt("athens", "Athens: play a Helot Uprising (29.4, Appendix C)?", opts,
                       rule="29.4", kind="helots")]

    def act(self, flow: Flow[EState], seat: str, answer: decisions.Answer) -> None:
        if answer == "play":
            stir(flow)
        flow.end()


def stir(flow: AnyFlow) -> None:
    """Roll for a rising (Appendix C): the Athenian Fantasy's call and the card alike."""
    s = flow.state
    mods = modifiers(s)
    die, total, why = roll_with(flow, mods)
    r = s["regions"][REGION]
    if die == 6 or total >= SUCCESS:
        note(flow, f"Athens stirs up the helots: die {die}{why} = {total}: they "
                   "rise in every Laconian city but Sparta (Helot Uprising)")
        for line in rise(s):
            note(flow, line)
        r["ml"] = clamp_ml(r["ml"] - 1)  # the first season counts too
        note(flow, "Laconia -1 ML (Helot Uprising)")
    else:
        r["ml"] = clamp_ml(r["ml"] + FAIL_ML)
        note(flow, f"Athens stirs up the helots: die {die}{why} = {total}: they stay "
                   f"quiet; Laconia +{FAIL_ML} ML (Helot Uprising)")
