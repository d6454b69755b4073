"""Routes (rules 4.1-4.5): which paths an army may use, which spaces it may enter, and
its shortest legal route to every space it can reach."""

from __future__ import annotations

from .board import Edge, board
from .control import controller, side_of, standing
from .state import PpwState


def path_allowed(s: PpwState, major: str, here: str, e: Edge, land: int, naval: int) -> bool:
    """Rule 4.1: a path must suit every SP of the army. Land SPs walk land and combined
    paths; ships sail naval and combined paths and carry one land SP each along them
    (rule 4.4); the Isthmus lets ships across when both ends are friendly (rule 4.2);
    the open sea from Taenarum to Syracuse counts as naval (rule 4.3); no enemy takes
    the Long Walls (rule 4.1)."""
    if e.long_walls and standing(s, major, e.to) != "friendly":
        return False
    if e.type == "combined":
        return True
    if e.type == "land":
        if naval == 0:
            return True
        return e.isthmus and standing(s, major, here) == "friendly" \
            and standing(s, major, e.to) == "friendly"
    # naval or open sea
    return naval > 0 and naval >= land


def may_enter(s: PpwState, major: str, space: str) -> bool:
    """Rule 4.5: kingdom lands only for the kingdom's friends; no space held by a
    neutral city-state; no fortress of a side at peace with the mover (rule 2.4: the
    open country of a side at peace may be crossed)."""
    b = board()
    kingdom = b.kingdom_spaces.get(space)
    if kingdom is not None and b.kingdom_home.get(kingdom) != space:
        return side_of(s, kingdom) == (side_of(s, major) or major)
    if standing(s, major, space) == "neutral":
        holder = controller(s, space)
        if holder is None:
            return True
        return side_of(s, holder) is not None and space not in b.fortress
    return True


def routes(s: PpwState, major: str, start: str, land: int, naval: int,
           enterable: dict[str, bool] | None = None) -> dict[str, tuple[str, ...]]:
    """The shortest legal route (rule 4.1) from `start` to every space the army can
    reach, as the spaces entered in order. Among equally short routes the one found
    first (spaces in id order) is taken: the choice the rule leaves to the mover is
    fixed so that an operation is one decision (DESIGN.md, D4). `enterable` shares what
    rule 4.5 answered between the routes of one major in one unchanged state."""
    b = board()
    parent: dict[str, str] = {start: start}
    frontier = [start]
    if enterable is None:
        enterable = {}
    while frontier:
        nxt: list[str] = []
        for here in frontier:
            for e in b.edges[here]:
                if e.to in parent or not path_allowed(s, major, here, e, land, naval):
                    continue
                ok = enterable.get(e.to)
                if ok is None:
                    ok = enterable[e.to] = may_enter(s, major, e.to)
                if not ok:
                    continue
                parent[e.to] = here
                nxt.append(e.to)
        frontier = nxt
    out: dict[str, tuple[str, ...]] = {}
    for dest in parent:
        if dest == start:
            continue
        path = [dest]
        while parent[path[-1]] != start:
            path.append(parent[path[-1]])
        out[dest] = tuple(reversed(path))
    return out


def path_type(here: str, there: str) -> str:
    for e in board().edges[here]:
        if e.to == there:
            return e.type
    raise KeyError(f"no path {here}-{there}")
