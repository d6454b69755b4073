"""Victory (rules 10.1-10.2)."""

from __future__ import annotations

from .board import Board
from .state import AS, occupancy, points, siege_at

LAST_OLYMPIAD = 89


def sudden_death(bd: Board, s: AS) -> tuple[str, str] | None:
    """Rule 10.1: at the end of a game turn, enemy blocks occupying ATHENS or SPARTA end the
    game. Ruling R6: the city is occupied when the enemy alone holds its hex, or holds the
    city inside its walls while the owner's blocks besiege or blockade it from outside (a
    defending navy may stay on blockade after the city falls, 5.43). Besiegers camped
    outside the walls do not occupy the city."""
    occ = occupancy(s)
    for name, enemy in (("Athens", "sparta"), ("Sparta", "athens")):
        h = bd.cities[name]["hex"]
        here = occ.get(h, {})
        if enemy not in here:
            continue
        sg = siege_at(bd, s, h, occ) if len(here) > 1 else None
        if len(here) == 1 or (sg is not None and sg["holder"] == enemy):
            return enemy, f"{enemy.title()} occupies {name.upper()} (rule 10.1)"
    return None


def olympiad_check(bd: Board, s: AS) -> tuple[str, str] | None:
    """Rule 10.2: 30+ points after an Olympiad wins; after Olympiad 89 the higher total
    wins and Athens wins ties. Ruling R7: if both reach 30, the higher wins, Athens ties."""
    pts = points(bd, s)
    a, sp = pts["athens"], pts["sparta"]
    if a >= 30 or sp >= 30:
        w = "athens" if a >= sp else "sparta"
        return w, f"{w.title()} controls {max(a, sp)} city points (rule 10.2)"
    if s["olympiad"] >= LAST_OLYMPIAD:
        w = "athens" if a >= sp else "sparta"
        return w, (f"the war ends after Olympiad {LAST_OLYMPIAD}: Athens {a}, Sparta {sp}"
                   " (rule 10.2)")
    return None
