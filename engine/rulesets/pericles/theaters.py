"""Questions asked of the map in the theater phase (3.4, 9.2): who holds a theater, the
strength of a kind there, the exit rule and the paths a unit may take."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

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


def home_guard(s: PericlesState, theater: str, owner: str, kind: str) -> int:
    """The units of `owner` and `kind` that must stay in `theater`: one Spartan foot for
    each Spartan base in Sparta (9.2; the brief applies it to every Spartan move out of
    Sparta, ruling R64), the 300 counted among them."""
    if owner == "S" and kind == "land" and theater == capital_of("sparta"):
        return bases(s, theater, "S")
    return 0


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
            if nxt not in seen and may_go(s, owner, kind, here, nxt):
                seen[nxt] = seen[here] + [nxt]
                todo.append(nxt)
    return seen


def may_go(s: PericlesState, owner: str, kind: str, here: str, nxt: str) -> bool:
    """Whether a unit may take the route from `here` to the neighbouring `nxt`, the exit
    rule apart (9.2): a route of its kind, a land unit by sea only from a theater with a
    base of its side, at Peace no City-State unit into enemy City-State units."""
    if nxt not in s["forces"] or here not in s["forces"]:  # a smaller map (14.1)
        return False
    city, route = SIDE_OF[owner], load_components().route(here, nxt)
    if route not in (kind, "both") and not (kind == "land" and route == "naval"
                                           and friendly_base(s, here, city)):
        return False
    enemy_city_units = s["forces"][nxt].get(CITY_UNITS[other(city)], {})
    return s["war"] or owner not in CITY_UNITS.values() or \
        not any(enemy_city_units.get(k, 0) for k in KINDS)


def distances(start: str, onward: Callable[[str], Iterable[str]],
              may_step: Callable[[str, str], bool]) -> dict[str, int]:
    """Steps from `start` to every theater reached by a breadth-first search that goes
    from each theater reached to those of `onward(here)` it `may_step` to."""
    seen, todo = {start: 0}, deque([start])
    while todo:
        here = todo.popleft()
        for nxt in onward(here):
            if nxt not in seen and may_step(here, nxt):
                seen[nxt] = seen[here] + 1
                todo.append(nxt)
    return seen


class Marches:
    """The ways of an expedition's units toward its target, searched once for a march
    question (9.2, rulings R28, R62 and R63): each unit's reach by the exit rule, its distances
    by its routes alone, and how far every theater is from the target, each search made
    once for all the units that move alike (same side, kind, strength, City-State or
    League). Built afresh for each question, so no search outlives the position it read."""

    def __init__(self, s: PericlesState, target: str, through: bool = False):
        self.s, self.target, self.through = s, target, through
        self._memo: dict[tuple[object, ...], dict[str, int]] = {}
        self._alikes: dict[tuple[str, str], tuple[str, str, int, bool]] = {}
        self._strengths: dict[tuple[str, str, str], int] = {}

    def _alike(self, owner: str, kind: str) -> tuple[str, str, int, bool]:
        """What a search depends on besides the position: the unit's side, kind,
        strength (the exit rule counts the mover) and the Peace rule's City-State test."""
        if (owner, kind) not in self._alikes:
            self._alikes[owner, kind] = (SIDE_OF[owner], kind, unit_strength(owner, kind),
                                         owner in CITY_UNITS.values())
        return self._alikes[owner, kind]

    def _may_leave(self, here: str, city: str, kind: str, extra: int) -> bool:
        """The exit rule (`may_leave`), each theater's strengths counted once a question."""
        def strength(c: str) -> int:
            if (here, c, kind) not in self._strengths:
                self._strengths[here, c, kind] = kind_strength(self.s, here, c, kind)
            return self._strengths[here, c, kind]
        return strength(city) + extra >= strength(other(city))

    def _search(self, owner: str, kind: str, start: str, exits: bool) -> dict[str, int]:
        """Routes needed from `start` to each theater the unit can get to; with `exits`,
        leaving only theaters the exit rule lets it leave, and the target only when
        `through` (generation 1's searches went on past it; from ANY_WAY a unit that gets
        there has arrived)."""
        key = ("from", start, exits, *self._alike(owner, kind))
        if key not in self._memo:
            city, _, mine, _ = self._alike(owner, kind)
            routes = load_components().routes_from

            def onward(here: str) -> Iterable[str]:
                if exits and (here == self.target and not self.through or
                              not self._may_leave(here, city, kind,
                                                  0 if here == start else mine)):
                    return ()
                return routes(here)
            self._memo[key] = distances(
                start, onward, lambda here, nxt: may_go(self.s, owner, kind, here, nxt))
        return self._memo[key]

    def to_target(self, owner: str, kind: str) -> dict[str, int]:
        """Routes needed from each theater to the target, the exit rule apart: one search
        back from the target (routes go both ways)."""
        key = ("to", *self._alike(owner, kind))
        if key not in self._memo:
            self._memo[key] = distances(
                self.target, load_components().routes_from,
                lambda here, back: may_go(self.s, owner, kind, back, here))
        return self._memo[key]

    def arrives(self, owner: str, kind: str, start: str) -> bool:
        """Whether the unit can reach the target by the exit rule (9.2)."""
        return self.target in self._search(owner, kind, start, exits=True)

    def shortest_stops(self, owner: str, kind: str, start: str) -> list[str]:
        """Theaters short of the target on a shortest way there by the unit's routes that
        it can get to by the exit rule (ruling R62, generation UNITS_STOP_SHORT)."""
        free, back = self._search(owner, kind, start, exits=False), self.to_target(owner, kind)
        if self.target not in free or start == self.target:
            return []
        length = free[self.target]
        return sorted(x for x in self._reach_on_the_way(owner, kind, start)
                      if x in free and free[x] + back[x] == length)

    def stops(self, owner: str, kind: str, start: str) -> list[str]:
        """Theaters short of the target where a unit may end its move (ruling R63,
        generation ANY_WAY): those on a shortest way (R62), and any other it can get to by
        the exit rule without passing the target where the exit rule holds it, on a way
        of its own that leads on to the target by its routes (a unit may be locked in a
        theater off the natural path, 9.2)."""
        city, _, mine, _ = self._alike(owner, kind)
        held = {x for x in self._reach_on_the_way(owner, kind, start)
                if not self._may_leave(x, city, kind, mine)}
        return sorted(held.union(self.shortest_stops(owner, kind, start)))

    def _reach_on_the_way(self, owner: str, kind: str, start: str) -> set[str]:
        back = self.to_target(owner, kind)
        return {x for x in self._search(owner, kind, start, exits=True)
                if x not in (start, self.target) and x in back}
