"""The sealed diplomatic action of a round (rule 2.1), asked in groups so that no prompt
lists more than 25 options: the first step shows the pass, wars on majors, Persia's
treaty and one entry per group (the offers to each major with their terms, wars on
neutral minors, approaches to minors); a group opens on its members, a region of the
map first when a group holds too many, and an approach target on its talents.

Every action of `diplomacy.options` is reachable and nothing else is: the last step's
option ids are the actions' own ids, which the round's reveal resolves. The groups chosen
so far are the seat's draft (orders.py keeps it, hidden like the sealed choices).
"""

from __future__ import annotations

from typing import Any

from engine.core.types import Option

from .board import board
from .components import MAJORS
from .orders import MOST, REGION_NAME, REGION_OF

GROUP = "group:"
BACK = Option("back", "Back: choose again", "2.1", data={"action": "back"})
Step = tuple[str, str]  # a group's option id and its words


def _region(cs: str) -> str:
    """The region of the map a minor's home, or a kingdom's first space, lies in."""
    b = board()
    home = b.city_states[cs].home if cs in b.city_states else b.kingdom_home.get(cs) or min(
        sp for sp, k in b.kingdom_spaces.items() if k == cs)
    return REGION_OF[b.area_of[home]]


def _name(cs: str) -> str:
    return cs.replace("_", " ").title()


def paths(full: list[Option]) -> dict[str, tuple[Step, ...]]:
    """For each action, the groups it sits in, outermost first (none: a first step).
    A group that would hold 25 entries or more is split by region of the map."""
    out: dict[str, tuple[Step, ...]] = {}
    targets: dict[str, set[str]] = {"war": set(), "approach": set()}
    for o in full:
        d = o.data or {}
        if d.get("action") in targets and d["target"] not in MAJORS:
            targets[d["action"]].add(d["target"])
    split = {k: len(v) >= MOST for k, v in targets.items()}
    for o in full:
        d = o.data or {}
        action, target = d.get("action"), str(d.get("target"))
        if action in ("peace", "alliance"):
            verb = "Offer peace to" if action == "peace" else "Propose an alliance to"
            out[o.id] = ((f"{GROUP}{action}:{target}", f"{verb} {_name(target)}: with or "
                          "without terms (talents, hostages)"),)
        elif action in targets and target not in MAJORS:
            words = ("Declare war on a neutral minor or kingdom" if action == "war"
                     else "Approach a minor city-state or kingdom")
            first: tuple[Step, ...] = ((f"{GROUP}{action}", words),)
            if split[action]:
                rid = _region(target)
                first += ((f"{GROUP}{action}@{rid}", f"... in {REGION_NAME[rid]}"),)
            if action == "approach":
                first += ((f"{GROUP}approach:{target}", f"Approach {_name(target)}: "
                           "choose the talents"),)
            out[o.id] = first
        else:
            out[o.id] = ()
    return out


def step_options(full: list[Option], steps: list[str]) -> list[Option]:
    """The options of the next step after the groups `steps`, from the full list. A group
    of one action is shown as that action."""
    where = paths(full)
    depth = len(steps)
    out: list[Option | list[Option]] = []
    groups: dict[str, list[Option]] = {}
    words: dict[str, str] = {}
    for o in full:
        path = where[o.id]
        if [gid for gid, _ in path[:depth]] != steps:
            continue
        if len(path) == depth:
            out.append(o)
            continue
        gid, label = path[depth]
        if gid not in groups:
            groups[gid] = []
            words[gid] = label
            out.append(groups[gid])
        groups[gid].append(o)
    shown = [BACK] if steps else []
    for entry in out:
        if isinstance(entry, Option):
            shown.append(entry)
            continue
        if len(entry) == 1:
            shown.append(entry[0])
            continue
        gid = next(g for g, members in groups.items() if members is entry)
        shown.append(Option(gid, f"{words[gid]} ({len(entry)})", "2.1",
                            data={"action": "group", "leaves": [leaf(x) for x in entry]}))
    return shown


def leaf(o: Option) -> dict[str, Any]:
    """An action inside a group, as its group's option carries it (for players)."""
    return {"id": o.id, **(o.data or {})}


def route(full: list[Option], answer: str) -> list[str] | None:
    """The steps that lead to the action `answer` (its groups, then itself); None when
    it is not an action of `full`."""
    steps: list[str] = []
    for _ in range(5):
        here = step_options(full, steps)
        if any(o.id == answer for o in here):
            return [*steps, answer]
        nxt = next((o.id for o in here if o.id.startswith(GROUP) and any(
            x["id"] == answer for x in (o.data or {}).get("leaves", []))), None)
        if nxt is None:
            return None
        steps.append(nxt)
    return None
