"""Reading a PPW seat's view (engine/rulesets/ppw/view.py): holdings, sides and forces,
as the PPW players (the heuristic and its goal watch) read them."""

from __future__ import annotations

from typing import Any


def holding(view: dict[str, Any], me: str) -> tuple[str, ...]:
    """The majors the seat's player holds (rule 9.2): they never fight one another."""
    for group in (view.get("game") or {}).get("holdings") or ():
        if me in group:
            return tuple(group)
    return (me,)


def side(view: dict[str, Any], cs: str | None) -> str | None:
    """The major a city-state fights for (rule 1.6), as the view gives it."""
    if cs is None:
        return None
    found: str | None = view["sides"].get(cs)
    return found


def relation(view: dict[str, Any], a: str, b: str) -> str:
    if a == b:
        return "same"
    return str(view["relations"].get("|".join(sorted((a, b))), "peace"))


def hostile(view: dict[str, Any], me: str, owner: str) -> bool:
    """Whether `owner`'s SPs are unfriendly to `me` (rule 1.6)."""
    mine = side(view, me) or me
    other = side(view, owner)
    if other is None:
        st = view["stances"].get(owner)
        return bool(st and st["status"] == "enemy" and st["patron"] is not None
                    and side(view, st["patron"]) == mine)
    return relation(view, mine, other) == "war"


def watched(view: dict[str, Any], major: str, spaces: Any) -> bool:
    """Rule 7.1: ships unfriendly to `major` stand at one of a trade route's watch
    `spaces`, which closes the route."""
    return any(v[2] and hostile(view, major, o) for sp in spaces
               for o, v in (view["spaces"][sp].get("forces") or {}).items())


def land_sps(view: dict[str, Any], space: str, who: Any) -> int:
    """Hoplite and cavalry SPs in `space` of the owners `who(owner)` accepts."""
    forces = view["spaces"][space].get("forces") or {}
    return sum(v[0] + v[1] for o, v in forces.items() if who(o))


def friendly(view: dict[str, Any], major: str, space: str) -> bool:
    """Whether `space` is friendly to `major` (rule 1.6): the view's own standing for the
    seat's major; for another, the space's controller on its side or an ally's, and not
    in rebellion (rule 6.4 makes a rebel space unfriendly to its side's friends)."""
    here = view["spaces"][space]
    if major == view.get("viewer"):
        return bool(here.get("standing") == "friendly")
    owner = here.get("controller")
    if owner is None or here.get("rebel"):
        return False
    return relation(view, side(view, major) or major, side(view, owner) or owner) in (
        "same", "alliance")
