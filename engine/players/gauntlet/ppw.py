"""Gauntlet scripts for the Peloponnesian War for 2–4 players (engine/rulesets/ppw), from
the seat's view and the prompt's option facts (`Option.data`) alone; the board is public
component data.

Every decision of the PPW is sealed (rules 2.1, 3.1, 7.2, 7.3) and battles resolve
without questions (5.1-5.8), so a style lives in four answers:

- the diplomatic action (2.1), asked in groups (diplomacy_menu.py: a group's option
  carries its `leaves`): plain — a pass, except the passive player's peace offers (2.4:
  peace is made when both sides offer it in the same round, so offering is how it
  accepts any peace) and the aggressive player's wars on majors it is at peace with (2.3);
- the order of an operations round (3.1), asked in steps (orders.py: a stack's or a
  region's option lists its `objectives`, the last step is the order `op:from:kind:to`);
  an army fights at its objective whenever hostile SPs or fortresses are there (3.2, 5.1);
- the tribute rate (7.2): the lowest, 100 talents (rebellions grow with the rate, 6.4);
- builds (7.3): hoplites with the talents above the style's reserve.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from ...core import decisions
from ...core.types import Prompt
from ...rulesets.ppw.board import board
from ...rulesets.ppw.components import MAJORS
from ..ppw import orders_of
from ..ppw_view import holding, hostile

if TYPE_CHECKING:
    from .base import ScriptedPlayer

FAR = 99
LAND_OPS = ("all", "land")  # orders that march land SPs (3.2): the ones that can ravage
Order = dict[str, Any]  # a whole order's facts: op, from, to, cost, route


@cache
def _distances(target: str) -> dict[str, int]:
    """Paths (of any type) from each space to `target` on the public board (4.1)."""
    b = board()
    back: dict[str, list[str]] = {}
    for here, edges in b.edges.items():
        for e in edges:
            back.setdefault(e.to, []).append(here)
    seen = {target: 0}
    todo = deque([target])
    while todo:
        here = todo.popleft()
        for prev in back.get(here, ()):
            if prev not in seen:
                seen[prev] = seen[here] + 1
                todo.append(prev)
    return seen


def distance(a: str, b: str) -> int:
    return _distances(b).get(a, FAR)


def enemy_majors(view: dict[str, Any], me: str) -> list[str]:
    """The majors of other holdings at war with us (rules 1.6, 9.2)."""
    ours = holding(view, me)
    return [m for m in MAJORS if m not in ours and hostile(view, me, m)
            and view["status_cards"][m]["surrendered_to"] is None]


def home_of(major: str) -> str:
    return board().city_states[major].home


def hostile_sps(view: dict[str, Any], me: str, space: str, ships: bool = True) -> int:
    """Hostile SPs the view shows in `space` (land SPs, and ships when `ships`)."""
    forces = view["spaces"][space].get("forces") or {}
    return sum(v[0] + v[1] + (v[2] if ships else 0) for o, v in forces.items()
               if o != me and hostile(view, me, o))


# ------------------------------------------------------------------ the steps
def whole_orders(prompt: Prompt) -> list[Order]:
    """Every order this step leads to (a stack or region lists its objectives)."""
    return [d for o in prompt.options for d in orders_of(o)]


def step_to(prompt: Prompt, order: Order | None) -> str:
    """The option of this step that leads to `order`; a pass (or back, when a stack is
    already chosen) when there is none."""
    if order is not None:
        for o in prompt.options:
            if any(d["from"] == order["from"] and d["op"] == order["op"]
                   and d["to"] == order["to"] for d in orders_of(o)):
                return o.id
    ids = [o.id for o in prompt.options]
    return "pass" if "pass" in ids else "back"


def order_by(prompt: Prompt, wanted: Callable[[Order], bool],
             rank: Callable[[Order], tuple[Any, ...]]) -> str:
    """The step towards the best-ranked land order `wanted` accepts, or a pass."""
    found = [d for d in whole_orders(prompt) if d["op"] in LAND_OPS and wanted(d)]
    best = min(found, key=lambda d: (*rank(d), LAND_OPS.index(d["op"]), d["from"], d["to"]),
               default=None)
    return step_to(prompt, best)


def diplomacy(prompt: Prompt, action: str | None) -> str:
    """The step towards the diplomatic action `action` (its group, or itself), or a pass."""
    for o in prompt.options:
        data = o.data or {}
        if action is not None and (o.id == action or data.get("action") == "group"
                                   and any(x["id"] == action for x in data["leaves"])):
            return o.id
    ids = [o.id for o in prompt.options]
    return "pass" if "pass" in ids else "back"


def leaves(prompt: Prompt) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for o in prompt.options:
        data = o.data or {}
        out += data["leaves"] if data.get("action") == "group" else [{"id": o.id, **data}]
    return out


def builds(view: dict[str, Any], prompt: Prompt, reserve: int) -> str:
    """Rule 7.3: hoplites, one after another, while the treasury stays above `reserve`;
    nothing in the last turn (talents score, 9.5)."""
    money = view["status_cards"][prompt.seat]["treasury"]
    chosen: list[str] = []
    if view["turn"] < view["last_turn"]:
        for o in prompt.options:
            data = o.data or {}
            if data.get("kind") == "hoplite" and money - int(data["cost"]) >= reserve:
                chosen.append(o.id)
                money -= int(data["cost"])
    return decisions.encode(prompt, chosen)


def common(view: dict[str, Any], prompt: Prompt, reserve: int) -> str | None:
    if prompt.kind == "rate":  # rule 7.2: the lowest rate (6.4: resentment breeds revolt)
        return min(prompt.options, key=lambda o: int((o.data or {}).get("rate", 0))).id
    if prompt.kind == "build":
        return builds(view, prompt, reserve)
    if prompt.kind == "diplomacy":
        return diplomacy(prompt, None)
    return None


# ------------------------------------------------------------------ the styles
def aggressive(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt) -> str | None:
    """Marches on the home space of the nearest enemy major every round and fights there
    (3.2, 5.1); declares war on a major of another holding it is at peace with (2.3)."""
    me = prompt.seat
    if prompt.kind == "diplomacy":
        ours = holding(view, me)
        war = next((x["id"] for x in leaves(prompt) if x.get("action") == "war"
                    and x["target"] in MAJORS and x["target"] not in ours), None)
        return diplomacy(prompt, war)
    if prompt.kind == "order":
        foes = enemy_majors(view, me)
        if not foes:
            return step_to(prompt, None)
        homes = [home_of(m) for m in foes]

        def target(here: str) -> str:  # the nearest enemy home but the one it stands in
            return min([h for h in homes if h != here] or homes,
                       key=lambda h: (distance(here, h), h))
        return order_by(prompt, lambda d: distance(d["to"], target(d["from"]))
                        < distance(d["from"], target(d["from"])),
                        lambda d: (distance(d["to"], target(d["from"])), -int(d["cost"])))
    return common(view, prompt, reserve=1000)


def passive(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt) -> str | None:
    """Never orders an operation (3.1: a pass); offers peace without terms to every major
    at war with it (2.4), so any peace offered it is made; builds hoplites (7.3)."""
    me = prompt.seat
    if prompt.kind == "diplomacy":
        foes = set(enemy_majors(view, me))
        peace = next((x["id"] for x in leaves(prompt) if x.get("action") == "peace"
                      and x["target"] in foes and "talents" not in x and "hostage" not in x),
                     None)
        return diplomacy(prompt, peace)
    if prompt.kind == "order":
        return step_to(prompt, None)
    return common(view, prompt, reserve=500)


def undefended(view: dict[str, Any], me: str, space: str) -> bool:
    """An enemy space no hostile land SPs stand in, and no home guard (1.11) defends:
    an army there ravages it (5.7) and, in a tributary's area, stirs rebellion (6.4)."""
    x = view["spaces"][space]
    if x.get("standing") != "unfriendly" or board().is_home(space) and \
            board().home_of[space] in MAJORS:
        return False
    owner = x.get("controller")
    return owner is not None and owner != me and hostile(view, me, owner) \
        and not x.get("ravaged") and hostile_sps(view, me, space, ships=False) == 0


def raider(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt) -> str | None:
    """Sends its land SPs into enemy spaces left without defenders to ravage them (5.7),
    those of an enemy major's home area first (6.2: its bellicosity, 7.1: its revenue),
    then those of an enemy's tributaries (6.4: enemy land SPs in a tributary's area make
    it likelier to rebel), then those nearest."""
    me = prompt.seat
    if prompt.kind == "order":
        b = board()
        foes = enemy_majors(view, me)
        homes = {b.city_states[m].area for m in foes}
        tributaries = {b.city_states[cs].area for cs, st in view["stances"].items()
                       if st["status"] == "tributary" and st["patron"] in foes
                       and cs in b.city_states}
        return order_by(prompt, lambda d: undefended(view, me, d["to"]),
                        lambda d: (b.area_of[d["to"]] not in homes,
                                   b.area_of[d["to"]] not in tributaries, len(d["route"])))
    return common(view, prompt, reserve=1000)


def bait_taker(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt) -> str | None:
    """Attacks any hostile SPs its armies can reach, whatever the odds (5.3), the
    nearest first."""
    me = prompt.seat
    if prompt.kind == "order":
        return order_by(prompt, lambda d: hostile_sps(view, me, d["to"]) > 0,
                        lambda d: (len(d["route"]),))
    return common(view, prompt, reserve=1000)


def armies(view: dict[str, Any], majors: set[str]) -> list[tuple[int, str]]:
    """(land SPs, space) of every stack of `majors` (hoplites and cavalry)."""
    return [(v[0] + v[1], space) for space, x in view["spaces"].items()
            for o, v in (x.get("forces") or {}).items() if o in majors and v[0] + v[1]]


def exposed_home(view: dict[str, Any], me: str) -> str | None:
    """Once the enemy's largest army stands outside its majors' home spaces (it has moved
    out), the home of an enemy major holding fewer hostile land SPs than our largest
    stack, the emptiest first; else None."""
    foes = enemy_majors(view, me)
    homes = {home_of(m) for m in foes}
    theirs = max(armies(view, set(foes)), default=None)
    if theirs is None or theirs[1] in homes:
        return None
    ours = max((n for n, _ in armies(view, set(holding(view, me)))), default=0)
    return next((h for n, h in sorted((hostile_sps(view, me, h, ships=False), h)
                                      for h in homes) if n < ours), None)


def turtle_striker(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt) -> str | None:
    """Passes every round with its armies at home until the enemy's largest army has
    left home and a home is weaker than our largest army (`exposed_home`); then marches on that home with its
    largest stacks, the nearest first, and fights there (3.2, 5.1). Diplomacy: a pass;
    builds hoplites like the passive player."""
    me = prompt.seat
    if prompt.kind == "order":
        goal = exposed_home(view, me)
        if goal is None:
            return step_to(prompt, None)
        forces = view["spaces"]

        def army_at(space: str) -> int:
            return sum(v[0] + v[1] for o, v in (forces[space].get("forces") or {}).items()
                       if o in holding(view, me))
        return order_by(prompt, lambda d: d["to"] == goal or distance(d["to"], goal)
                        < distance(d["from"], goal),
                        lambda d: (-army_at(d["from"]), distance(d["to"], goal)))
    return common(view, prompt, reserve=500)


SCRIPTS = {"aggressive": aggressive, "passive": passive, "raider": raider,
           "bait-taker": bait_taker, "turtle-striker": turtle_striker}
