"""Who a city-state sides with, who controls a space and whether a space is friendly,
unfriendly or neutral to a major (rules 1.5, 1.6, 1.10)."""

from __future__ import annotations

from typing import Literal

from .board import board
from .components import MAJORS
from .state import NAVAL, PpwState, pair

Standing = Literal["friendly", "unfriendly", "neutral"]


def side_of(s: PpwState, cs: str | None) -> str | None:
    """The major a city-state fights for (rule 1.6): a major itself (or the major it
    surrendered to), a minor's patron while ally or tributary; None: nobody's."""
    if cs is None:
        return None
    if cs in MAJORS:
        master = s["majors"][cs]["surrendered_to"]
        return cs if master is None else side_of(s, master)
    st = s["stances"].get(cs)
    if st is None or st["status"] not in ("ally", "tributary"):
        return None
    patron = st["patron"]
    return None if patron is None else side_of(s, patron)


def relation(s: PpwState, a: str, b: str) -> str:
    """Between two majors' sides: "same", "alliance", "peace" or "war"."""
    if a == b:
        return "same"
    return s["relations"].get(pair(a, b), "peace")


def stance_to(s: PpwState, major: str, cs: str | None) -> Standing:
    """How city-state `cs` stands to `major` (rule 1.6)."""
    me = side_of(s, major) or major
    other = side_of(s, cs)
    if other is None:
        st = s["stances"].get(cs or "")
        if st is not None and st["status"] == "enemy" and st["patron"] is not None:
            hostile = side_of(s, st["patron"])
            if hostile == me:
                return "unfriendly"
        return "neutral"
    r = relation(s, me, other)
    if r in ("same", "alliance"):
        return "friendly"
    return "unfriendly" if r == "war" else "neutral"


def controller(s: PpwState, space: str) -> str | None:
    """Rule 1.5: a home space is its city-state's; a garrison gives control; a non-fortress
    space is its occupier's while the occupier's SPs are there; otherwise the original
    controller (None: neutral)."""
    b = board()
    home = b.home_of.get(space)
    if home is not None:
        return home
    g = s["garrisons"].get(space)
    if g is not None:
        return g
    if space not in b.fortress:
        occ = s["occupier"].get(space)
        if occ is not None and occ in s["forces"].get(space, {}):
            return occ  # an occupier gone (marched on, destroyed) controls nothing
    return s["origin"][space]


def standing(s: PpwState, major: str, space: str) -> Standing:
    """A space's standing to `major` (rules 1.5, 1.6). A rebel space (rule 6.4) is
    unfriendly to its original controller's side and to that side's friends, and
    friendly to that side's enemies; a garrison placed in it since (not in a home space,
    which stays its city-state's) gives control as usual."""
    rebel = space in s["rebel"]
    if rebel and (space in board().home_of or space not in s["garrisons"]):
        first = s["origin"][space]
        if first is None:
            return "neutral"
        to_first = stance_to(s, major, first)
        return {"friendly": "unfriendly", "unfriendly": "friendly"}.get(to_first, "neutral")  # type: ignore[return-value]
    return stance_to(s, major, controller(s, space))


def hostile_owners(s: PpwState, major: str, space: str) -> list[str]:
    """Owners of SPs in `space` unfriendly to `major`."""
    return [o for o in s["forces"].get(space, {}) if stance_to(s, major, o) == "unfriendly"]


def zoi_covers(s: PpwState, owner: str, space: str, target: str) -> tuple[bool, bool]:
    """Whether `owner`'s SPs in `space` project a land and a sea ZOI over `target`
    (rule 1.10; garrisons and leaders project none). A major's home guard (rule 1.11)
    projects a land ZOI from its home space."""
    b = board()
    h, c, n = s["forces"].get(space, {}).get(owner, [0, 0, 0])
    guard = b.major_home(space) == owner
    land = (h + c > 0 or guard) and target in b.land_zoi[space]
    sea = n > 0 and target in b.sea_zoi[space]
    return land, sea


def naval_sps(s: PpwState, space: str, owner: str) -> int:
    return s["forces"].get(space, {}).get(owner, [0, 0, 0])[NAVAL]
