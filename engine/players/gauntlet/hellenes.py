"""Gauntlet scripts for Hellenes, from the seat's view and the prompt's option facts
(`Option.data`) alone; the map, the Cities and the cards are public component data.

Prompt facts read here (engine/rulesets/hellenes): a card commitment is `{card, use}`
(3.3); the Action menu offers `move` (a Group Move from an area, 5.0), `muster`,
`pillage` (5.5), `reinforce`, `recruit`, `garrison` and `done` (4.0); a Group Move first
picks its movers (`movers`), then asks each one's way (`move`: a `route` to an area, or
`stay`); Winter offers `winter-quarter`, `winter-home`, `winter-maintain` lines (9.2),
each a pick of units.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

from ...core import decisions
from ...core.types import Option, Prompt
from ...rulesets.hellenes import board as B
from ..hellenes import FAR, _distances

if TYPE_CHECKING:
    from .base import ScriptedPlayer

CAPITAL_AREA = {"athens": "ATH", "sparta": "SPA"}
Goal = Callable[[dict[str, Any], str], str | None]  # (view, seat) -> the area aimed at
# (view, seat, the mover's area if known) -> the area that mover aims at
Aim = Callable[[dict[str, Any], str, str | None], str | None]


def other(side: str) -> str:
    return "sparta" if side == "athens" else "athens"


def facts(option: Option) -> dict[str, Any]:
    return option.data or {}


def distance(a: str, b: str) -> int:
    return _distances(b).get(a, FAR)


@cache
def _cities() -> tuple[Any, ...]:
    return tuple(B.comps().data.cities)


def own_units(view: dict[str, Any], me: str) -> list[dict[str, Any]]:
    return [b for b in view["blocks"] if b["side"] == me]


def enemy_areas(view: dict[str, Any], me: str) -> dict[str, int]:
    """Enemy blocks by area, as the seat sees them (upright: where, not what)."""
    count: dict[str, int] = {}
    for b in view["hidden_blocks"]:
        if b["side"] == other(me):
            count[b["area"]] = count.get(b["area"], 0) + 1
    return count


def vacant_enemy_cities(view: dict[str, Any], me: str) -> list[str]:
    """Areas of Cities the enemy controls where no enemy block stands (a raider's prey:
    pillage, 5.5, or a walk-in)."""
    foes = enemy_areas(view, me)
    return sorted({c.area for c in _cities() if view["control"].get(c.name) == other(me)
                   and c.area not in foes and c.area not in view["neutral"]})


def enemy_capital(view: dict[str, Any], me: str, here: str | None = None) -> str | None:
    return CAPITAL_AREA[other(me)]


def _nearest(targets: Iterable[str], view: dict[str, Any], me: str,
             here: str | None) -> str | None:
    """The target nearest `here`, or nearest any of our land units when not known."""
    mine = {here} if here is not None else \
        {b["area"] for b in own_units(view, me) if b["type"] != "fleet"}
    found = sorted(targets)
    if not found or not mine:
        return None
    return min(found, key=lambda a: (min(distance(m, a) for m in mine), a))


def nearest_enemy(view: dict[str, Any], me: str, here: str | None = None) -> str | None:
    return _nearest(enemy_areas(view, me), view, me, here)


def nearest_prey(view: dict[str, Any], me: str, here: str | None = None) -> str | None:
    return _nearest(vacant_enemy_cities(view, me), view, me, here)


# ------------------------------------------------------------------ the Action phase
def actions(view: dict[str, Any], prompt: Prompt, order: tuple[str, ...],
            goal: Goal | None) -> str | None:
    """The first kind in `order` the menu offers; a Group Move only from an area whose
    land units are not yet at `goal`, the one nearest it first."""
    me = prompt.seat
    by_kind: dict[str, list[Option]] = {}
    for o in prompt.options:
        by_kind.setdefault(str(facts(o).get("kind")), []).append(o)
    target = goal(view, me) if goal is not None else None
    for kind in order:
        offered = by_kind.get(kind, [])
        if kind == "move":
            land = {b["area"] for b in own_units(view, me) if b["type"] != "fleet"}
            offered = [o for o in offered if target is not None
                       and facts(o)["from"] in land and facts(o)["from"] != target]
            offered.sort(key=lambda o: (distance(facts(o)["from"], target or ""),
                                        facts(o)["from"]))
        if offered:
            return offered[0].id
    return next((o.id for o in prompt.options if facts(o).get("kind") == "done"), None)


def route(view: dict[str, Any], prompt: Prompt, goal: Aim, engage: bool) -> str | None:
    """A mover's way: the route that ends nearest the area `goal` names from where the
    mover stands, if it gains ground (into the enemy only when `engage`), else staying."""
    stay = next((o.id for o in prompt.options if facts(o).get("kind") == "stay"), None)
    routes = [o for o in prompt.options if facts(o).get("kind") == "route"
              and (engage or not facts(o).get("engages"))]
    # the mover's own area: where its one-area routes start
    here = next((facts(o)["via"] for o in prompt.options
                 if facts(o).get("kind") == "route" and facts(o).get("length") == 1), None)
    target = goal(view, prompt.seat, here)
    if target is None or not routes:
        return stay
    best = min(routes, key=lambda o: (distance(facts(o)["to"], target),
                                      facts(o).get("deep", 0), o.id))
    if here is not None and distance(facts(best)["to"], target) >= distance(here, target):
        return stay
    return best.id


def pick_all(prompt: Prompt) -> str:
    return decisions.encode(prompt, [o.id for o in prompt.options][:prompt.hi])


def pick_none(prompt: Prompt) -> str | None:
    return "" if prompt.lo == 0 else None


def by_strength(prompt: Prompt, strongest: bool, count: int) -> str:
    ranked = sorted(prompt.options, key=lambda o: (-int(facts(o).get("cv", 0)) if strongest
                                                   else int(facts(o).get("cv", 0)), o.id))
    return decisions.encode(prompt, [o.id for o in ranked[:count]])


# ------------------------------------------------------------------ shared answers
def common(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt, bold: bool,
           events: tuple[str, ...] = ()) -> str | None:
    """Answers every style shares: Actions over Events (but the style's `events`), all
    units sheltered in Winter, the weakest disbanded, fight on when `bold`."""
    kind, ids = prompt.kind, [o.id for o in prompt.options]
    if kind == "commit":
        return _commit(view, prompt, events)
    if kind in ("movers", "muster", "forced", "cargo", "winter-quarter", "winter-home"):
        return pick_all(prompt)
    if kind == "winter-actions":  # shelter free first, then pay to keep, then end (9.2)
        for want in ("winter-quarter", "winter-home", "winter-maintain", "done"):
            found = next((o.id for o in prompt.options if facts(o).get("kind") == want), None)
            if found is not None and (want == "done" or pl.repeat == 1):
                return found
        return None
    if kind in ("winter-maintain", "winter-maintain-sicily"):  # 9.22; 15.2 in Sicily
        return by_strength(prompt, True, prompt.hi)
    if kind == "overcrowded":  # the rules ask which units disband: the weakest
        return by_strength(prompt, False, prompt.lo)
    if kind == "retreat-or-fight":
        return "fight" if bold and "fight" in ids else "retreat" if "retreat" in ids else None
    if kind == "capitulate":
        return "resist"
    if kind == "sortie":
        return pick_all(prompt) if bold else pick_none(prompt)
    if kind == "fortify":
        return pick_none(prompt) if bold else pick_all(prompt)
    if kind == "siege-combat":
        ways = ("assault", "attrition", "done") if bold else ("attrition", "done")
        for w in ways:
            found = next((o.id for o in prompt.options if facts(o).get("kind") == w), None)
            if found is not None:
                return found
        return None
    if kind == "peace":
        return "offer" if "offer" in ids else None
    if kind == "appeal":
        return next((o.id for o in prompt.options if facts(o).get("kind") in ("accept", "let")),
                    None)
    if prompt.form != decisions.ONE:
        return pick_none(prompt)
    return None


def _commit(view: dict[str, Any], prompt: Prompt, events: tuple[str, ...]) -> str:
    """The card with the most Actions (3.3), or an Event of the style's kinds that would
    do something now."""
    cards = B.comps().editions[B.edition(view["cards"])]
    for o in prompt.options:
        f = facts(o)
        if f.get("use") == "event" and not f.get("no_effect") \
                and cards[int(f["card"])].event.kind in events:
            return o.id
    uses = [o for o in prompt.options if facts(o).get("use") == "actions"] or \
        list(prompt.options)
    return max(uses, key=lambda o: (cards[int(facts(o)["card"])].av, o.id)).id


# ------------------------------------------------------------------ the styles
def _attacker(kinds: tuple[str, ...], target: Callable[..., str | None],
              events: tuple[str, ...] = ()
              ) -> Callable[[ScriptedPlayer, dict[str, Any], Prompt], str | None]:
    """A style that marches at `target` and goes in: the actions of `kinds` in that order,
    every route engaging, every battle fought out (bold)."""
    def play(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt) -> str | None:
        if prompt.kind == "actions":
            return actions(view, prompt, kinds, target)
        if prompt.kind == "move":
            return route(view, prompt, target, engage=True)
        return common(pl, view, prompt, bold=True, events=events)
    return play


# Every army marches on the enemy capital and goes in; pillages when it can; assaults
# every siege; fights every battle out.
aggressive = _attacker(("pillage", "move", "reinforce", "recruit"), enemy_capital,
                       events=("atrocity",))
# Goes at the nearest enemy blocks, whatever their strength, and fights on.
bait_taker = _attacker(("move", "reinforce", "recruit"), nearest_enemy)


def passive(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt) -> str | None:
    """Never moves: reinforces, recruits and garrisons; shuts itself in its walls."""
    if prompt.kind == "actions":
        return actions(view, prompt, ("reinforce", "recruit", "garrison"), None)
    if prompt.kind == "move":
        return route(view, prompt, lambda *_: None, engage=False)
    return common(pl, view, prompt, bold=False)


def raider(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt) -> str | None:
    """Goes for the enemy's Cities no enemy block guards: pillages them (5.5), walks
    into them, and plays Revolts (3.12) whenever one would take a City."""
    if prompt.kind == "actions":
        return actions(view, prompt, ("pillage", "move", "recruit", "reinforce"),
                       nearest_prey)
    if prompt.kind == "move":
        return route(view, prompt, nearest_prey, engage=False)
    return common(pl, view, prompt, bold=False, events=("revolt",))




SCRIPTS = {"aggressive": aggressive, "passive": passive, "raider": raider,
           "bait-taker": bait_taker}
