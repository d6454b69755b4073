"""Victory (rules 10.1-10.2). The state keeps why a side won as a key (`REASONS`); the
words are built from the final state when the outcome is shown (`reason_words`)."""

from __future__ import annotations

from .board import Board
from .state import AS, occupancy, points, siege_at

LAST_OLYMPIAD = 89
# why a side won -> the rule it won by
REASONS = {"capital_taken": "10.1", "city_points": "10.2", "war_over": "10.2"}
CAPITALS = (("Athens", "sparta"), ("Sparta", "athens"))  # a capital and who takes it


def sudden_death(bd: Board, s: AS) -> tuple[str, str] | None:
    """Rule 10.1: at the end of a game turn, enemy blocks occupying ATHENS or SPARTA end the
    game. Ruling R6: the city is occupied when the enemy alone holds its hex, or holds the
    city inside its walls while the owner's blocks besiege or blockade it from outside (a
    defending navy may stay on blockade after the city falls, 5.43). Besiegers camped
    outside the walls do not occupy the city."""
    occ = occupancy(s)
    for name, enemy in CAPITALS:
        h = bd.cities[name]["hex"]
        here = occ.get(h, {})
        if enemy not in here:
            continue
        sg = siege_at(bd, s, h, occ) if len(here) > 1 else None
        if len(here) == 1 or (sg is not None and sg["holder"] == enemy):
            return enemy, "capital_taken"
    return None


def olympiad_check(bd: Board, s: AS) -> tuple[str, str] | None:
    """Rule 10.2: 30+ points after an Olympiad wins; after Olympiad 89 the higher total
    wins and Athens wins ties. Ruling R7: if both reach 30, the higher wins, Athens ties."""
    pts = points(bd, s)
    a, sp = pts["athens"], pts["sparta"]
    if a >= 30 or sp >= 30:
        return ("athens" if a >= sp else "sparta"), "city_points"
    if s["olympiad"] >= LAST_OLYMPIAD:
        return ("athens" if a >= sp else "sparta"), "war_over"
    return None


def reason_words(bd: Board, s: AS, winner: str, key: str) -> str:
    """Why `winner` won, in words, from the final state (it no longer changes)."""
    if key == "capital_taken":
        city = next(name for name, enemy in CAPITALS if enemy == winner)
        return f"{winner.title()} occupies {city.upper()} (rule 10.1)"
    pts = points(bd, s)
    if key == "city_points":
        return f"{winner.title()} controls {max(pts.values())} city points (rule 10.2)"
    if key == "war_over":
        return (f"the war ends after Olympiad {LAST_OLYMPIAD}: Athens {pts['athens']}, "
                f"Sparta {pts['sparta']} (rule 10.2)")
    return key
