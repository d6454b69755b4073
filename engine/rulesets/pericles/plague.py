"""The Plague (5.13), an Aristophanes event: what it takes from the units on the map."""

from __future__ import annotations

from . import theaters as th
from .components import SIDE_OF
from .ravages import remove
from .records import log
from .schema import PericlesState


def plague(s: PericlesState) -> None:
    """Once a game: Athens loses a third of each kind of its side's units in its capital
    (rounded down, Delian first), and each side loses a foot and a ship in every other
    contested theater unless that is all it has there (5.13, ruling R36). Under the
    Ravages of War every unit lost leaves the game (rule 14.43 A)."""
    if s["plague"] == "post":
        return
    s["plague"] = "post"
    home = s["forces"].get("athens", {})
    for kind in th.KINDS:
        n = sum(v.get(kind, 0) for o, v in home.items() if SIDE_OF[o] == "athens") // 3
        for o in ("D", "argos", "A"):
            take = min(n, home.get(o, {}).get(kind, 0))
            if take:
                home[o][kind] -= take
                n -= take
                remove(s, o, kind, take, "plague")
    for t in s["forces"]:
        if t == "athens" or th.status(s, t) != "contested":
            continue
        for city in ("athens", "sparta"):
            for kind in th.KINDS:
                mine = th.owners_of(s, t, city)
                units = sum(n.get("land", 0) + n.get("naval", 0) for n in mine.values())
                owner = next((o for o, n in sorted(mine.items()) if n.get(kind, 0)
                              and not (o == "S" and kind == "land" and s["the_300"] == t
                                       and n["land"] == 1)), None)
                if owner is not None and units > 1:
                    s["forces"][t][owner][kind] -= 1
                    remove(s, owner, kind, 1, "plague")
    log(s, "plague")
