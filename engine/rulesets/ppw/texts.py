"""The words for the chronicle's facts and the banner, built when shown (the state keeps
facts only)."""

from __future__ import annotations

from typing import Any

from .board import board
from .state import Fact


def _name(x: Any) -> str:
    b = board()
    if isinstance(x, str):
        if x in b.names:
            return b.names[x]
        if x in b.leaders:
            return b.leaders[x].name
        return x.replace("_", " ").title()
    return str(x)


LINES = {
    "start": "The war begins ({scenario}).",
    "war": "{major} declares war on {target}.",
    "peace": "{a} and {b} make peace.",
    "alliance": "{a} and {b} become allies.",
    "payment": "{payer} pays {payee} {talents} talents, as the pact promised.",
    "hostage_given": "{giver} gives {holder} a hostage as surety of the pact.",
    "hostages_returned": "{holder} sends {n} hostage(s) home to {of}.",
    "hostages_executed": "{holder} puts {n} hostage(s) of {of} to death: the pact is broken.",
    "approach": "{major} approaches {target}: die {die}, modifiers {mods}, {result}.",
    "march": "{major} sends {leader} from {origin} to {to}.",
    "order_void": "{major}'s order can no longer be carried out: a pass.",
    "storm": "{major} crosses the open sea: die {die} (storm on {need}+).",
    "interception": "{by} tries to intercept {major} at {space}: die {die} {mods:+d}.",
    "returned": "{major}'s army falls back to {to}.",
    "battle": "{kind} at {place}: {winner} wins.",
    "behind_walls": "{side} stays behind the walls of {space}.",
    "surrendered_in_field": "{owner}'s troops at {space} surrender, cut off.",
    "fell_back": "{owner}'s beaten troops at {space} fall back to {to}.",
    "ravaged": "{by} ravages {space}.",
    "siege_held": "{space} holds against {by}.",
    "fell": "{space} falls to {by}.",
    "captured": "{city_state} passes to {by}.",
    "surrendered": "{city_state} surrenders to {to}.",
    "leader_killed": "{leader} is killed.",
    "leader_away": "{leader}, left without troops, leaves the field until next turn.",
    "leader_escaped": "{leader} escapes home, his army destroyed.",
    "ships_fell_back": "{owner}'s beaten ships at {space} fall back to {to}.",
    "ships_lost": "{owner}'s beaten ships at {space} find no friendly port and are lost.",
    "suppressed": "{by} retakes rebel {space}: the rebellion is put down.",
    "rebel_retaken": "{by} retakes rebel {space}; the rebellion goes on while its home holds out.",
    "plague_roll": "Plague at {major}: die {die} + {hoplites} hoplites: {result}.",
    "bellicosity": "{major}'s bellicosity changes by {change:+d} to {now}.",
    "rebellion": "{city_state} rebels against {patron}.",
    "revenue": "{major} collects {talents} talents.",
    "built": "{major} builds a {kind} SP.",
    "station": "{major}'s SPs at {space} stay there for the year.",
    "station_unpaid": "{major} cannot pay for its SPs at {space}: they go home.",
    "macedon": "Macedon goes over to {to} (die {die}).",
    "persian_treaty": "{major} seeks a treaty with Persia: die {die}, {result}.",
}


def fact_line(f: Fact) -> str:
    d: dict[str, Any] = {k: (v if isinstance(v, int) and not isinstance(v, bool)
                             else _name(v)) for k, v in f["data"].items()}
    if f["kind"] == "battle":
        d["kind"] = ("Skirmish" if f["data"]["skirmish"] else "Battle") + \
            (" at sea" if f["data"]["naval"] else "")
    if "won" in f["data"]:
        d["result"] = "won over" if f["data"]["won"] else "no change"
    if "struck" in f["data"]:
        d["result"] = "it strikes" if f["data"]["struck"] else "spared"
    line = LINES.get(f["kind"], f["kind"])
    try:
        return f"T{f['turn']}: " + line.format(**d)
    except (KeyError, ValueError):
        return f"T{f['turn']}: {f['kind']}"


def banner(view: dict[str, Any]) -> str:
    return (f"Turn {view['turn']} of {view['last_turn']} · {view['phase']} phase"
            + (f" · round {view['round']}" if view["phase"] in ("diplomatic", "operations")
               else ""))
