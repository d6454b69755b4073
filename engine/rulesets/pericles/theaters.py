"""Questions asked of the map in the theater phase (3.4, 9.2): who holds a theater, the
strength of a kind there, the exit rule and the paths a unit may take."""

from __future__ import annotations

from collections import deque

from .components import SIDE_OF, load_components
from .schema import PericlesState

KINDS = ("land", "naval")
CITY_UNITS = {"athens": "A", "sparta": "S"}
LEAGUE = {"athens": "D", "sparta": "P"}


def other(city: str) -> str:
    return "sparta" if city == "athens" else "athens"


def capital_of(city: str) -> str:
    return next(t.key for t in load_components().data.theaters if t.capital == city)


def owners_of(s: PericlesState, theater: str, city: str) -> dict[str, dict[str, int]]:
    return {o: n for o, n in s["forces"][theater].items() if SIDE_OF[o] == city}


def present(s: PericlesState, theater: str, city: str) -> bool:
    """Whether the city has any unit or base there."""
    return any(sum(n.values()) for n in owners_of(s, theater, city).values())


def status(s: PericlesState, theater: str) -> str:
    """"athens" or "sparta" (controlled), "contested" or "neutral" (3.4)."""
    a, b = present(s, theater, "athens"), present(s, theater, "sparta")
    return "contested" if a and b else "athens" if a else "sparta" if b else "neutral"


def unit_strength(owner: str, kind: str) -> int:
    return int(load_components().data.counts.strength[owner][kind]) if owner != "persia" else 0


def kind_strength(s: PericlesState, theater: str, city: str, kind: str) -> int:
    """Units of `kind` at their strength plus 2 per base: bases count for both kinds
    (9.2's exit rule)."""
    base = int(load_components().data.counts.strength["base"])
    return sum(n.get(kind, 0) * unit_strength(o, kind) + n.get("bases", 0) * base
               for o, n in owners_of(s, theater, city).items())


def military_strength(s: PericlesState, theater: str, city: str) -> int:
    """Every unit at its strength plus 2 per base: what a Diplomatic issue must beat
    (8.5, ruling R19)."""
    base = int(load_components().data.counts.strength["base"])
    return sum(sum(n.get(k, 0) * unit_strength(o, k) for k in KINDS) + n.get("bases", 0) * base
               for o, n in owners_of(s, theater, city).items())


def bases(s: PericlesState, theater: str, owner: str | None = None) -> int:
    return sum(n.get("bases", 0) for o, n in s["forces"][theater].items() if owner in (None, o))


def friendly_base(s: PericlesState, theater: str, city: str) -> bool:
    return any(n.get("bases", 0) for n in owners_of(s, theater, city).values())


def in_pool(s: PericlesState, owner: str, kind: str) -> int:
    """Units of `owner` and `kind` not on the map (2.0's counter mix)."""
    counts = load_components().data.counts
    cap = counts.bases.get(owner, 0) if kind == "bases" else counts.units.get(owner, {}).get(kind, 0)  # type: ignore[call-overload]
    on_map = sum(f.get(owner, {}).get(kind, 0) for f in s["forces"].values())
    gone = s["removed"].get(owner, {}).get(kind, 0)  # out of the game (rule 14.43)
    return int(cap) - on_map - gone


def add(s: PericlesState, theater: str, owner: str, kind: str, n: int) -> None:
    here = s["forces"][theater].setdefault(owner, {"land": 0, "naval": 0, "bases": 0})
    here[kind] += n


def may_leave(s: PericlesState, theater: str, city: str, kind: str, extra: int) -> bool:
    """The exit rule (9.2): the mover's side needs at least the enemy's strength of the
    moving unit's kind in the theater it leaves (`extra`: the mover itself when it is not
    counted there yet)."""
    return kind_strength(s, theater, city, kind) + extra >= kind_strength(s, theater, other(city), kind)


def path(s: PericlesState, owner: str, kind: str, start: str, target: str) -> list[str] | None:
    """A shortest way for one unit from `start` to `target` that the exit rule allows,
    or None (9.2). A land unit may take a sea route only from a theater where its side
    has a base; at Peace no City-State unit enters a theater holding enemy City-State
    units (9.2)."""
    return ways(s, owner, kind, start, target).get(target)


def ways(s: PericlesState, owner: str, kind: str, start: str, target: str | None = None,
         exits: bool = True) -> dict[str, list[str]]:
    """Shortest ways from `start` to every theater one unit can get to (the search stops
    at `target` once found): by routes of its kind, a land unit by sea only from a
    theater with a base of its side, at Peace no City-State unit into a theater holding
    enemy City-State units; with `exits`, only through theaters the exit rule lets it
    leave (9.2)."""
    comp = load_components()
    city = SIDE_OF[owner]
    mine = unit_strength(owner, kind)
    seen, todo = {start: [start]}, deque([start])
    while todo:
        here = todo.popleft()
        if here == target:
            return seen
        if exits and not may_leave(s, here, city, kind, 0 if here == start else mine):
            continue
        for nxt in sorted(comp.neighbours(here)):
            route = comp.route(here, nxt)
            if nxt in seen or nxt not in s["forces"]:
                continue
            if route not in (kind, "both") and not (kind == "land" and route == "naval"
                                                   and friendly_base(s, here, city)):
                continue
            enemy_city_units = s["forces"][nxt].get(CITY_UNITS[other(city)], {})
            if not s["war"] and owner in CITY_UNITS.values() and \
                    any(enemy_city_units.get(k, 0) for k in KINDS):
                continue
            seen[nxt] = seen[here] + [nxt]
            todo.append(nxt)
    return seen


def stops(s: PericlesState, owner: str, kind: str, start: str, target: str) -> list[str]:
    """Theaters short of `target` where a unit setting out from `start` may end its move
    (9.2, ruling R62): on a shortest way there by its routes, and one it can get to by
    the exit rule; it stops there when the exit rule holds it, or by its commander's
    choice (16.0's Spartan foot that wait in Thessalia to open the road north)."""
    free = ways(s, owner, kind, start, exits=False)
    if target not in free or start == target:
        return []
    length = len(free[target])
    out = []
    for x in sorted(ways(s, owner, kind, start)):
        if x in (start, target) or x not in free:
            continue
        rest = ways(s, owner, kind, x, target, exits=False).get(target)
        if rest is not None and len(free[x]) + len(rest) - 1 == length:
            out.append(x)
    return out
