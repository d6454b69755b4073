"""Where beaten units may go (rules 17.7.1, 17.7.4, 17.7.7 ii, 17.7.8): the hexes and seas
open to a retreat, a landing party's ways back, and whether attackers have one at all."""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.ruleset import asks

from . import board as B
from . import fleets as F
from .state import (
    FLEETS_PUT_TO_SEA,
    NON_ENEMY_SEAS,
    STRANDED_LANDINGS,
    BattleState,
    EState,
    other,
)


def retreat_hexes(s: EState, h: str, side: str) -> list[str]:
    """17.7.1b: adjacent passable hexes with no enemy unit or city; at sea, a neighbouring
    sea Area that is not enemy, then (17.7.1b, 17.7.8) a coastal hex of that sea where
    the fleets could land, on the same terms as a land hex."""
    c = B.comps()
    if F.at_sea(h):
        near = c.sea_links.get(h, ())
        seas = sorted(set(near) - hostile_seas(s, near, side))
        return seas + [x for x, _ in F.shore(s, side, h) if open_hex(s, x, side)]
    return [n for n in c.land_neighbors(h) if open_hex(s, n, side)]


def put_to_sea(s: EState, h: str, side: str, units: list[str]) -> list[str]:
    """17.7.1b: fleets may always fall back into a neighbouring sea that is not enemy, so a
    stack of fleets alone on a land hex may put to sea from it (the seas it may launch
    into, 16.4.3) when beaten; from generation 15 (RULINGS.md 92)."""
    if not units or F.at_sea(h) or not asks(s, FLEETS_PUT_TO_SEA):
        return []
    if any(s["units"][u]["type"] != "fleet" for u in units):
        return []
    launches = F.launches(s, h, side)
    closed = hostile_seas(s, launches, side)
    return [a for a in launches if a not in closed]


def hostile_seas(s: EState, areas: Iterable[str], side: str) -> set[str]:
    """Those of `areas` enemy to `side`'s retreating fleets (17.7.1b). From generation 11
    the status is 8.4's: enemy fleets there, at sea or landed on its coasts, and none of
    `side`'s (RULINGS.md 27); before, any enemy fleet at sea there closed it. (8.4's
    status is one pass over every unit: taken once for all the seas asked about.)"""
    if asks(s, NON_ENEMY_SEAS):
        return set(areas) & F.enemy_seas(s, side, supply=False)
    return {a for a in areas if F.enemy_fleets_at(s, a, side)}


def open_hex(s: EState, n: str, side: str) -> bool:
    """A hex `side` may retreat into (17.7.1b): in play, passable, no enemy unit or city."""
    c = B.comps()
    if n not in B.allowed(s, side) or c.hexes[n].terrain not in ("clear", "rough"):
        return False
    if B.units_at(s, n, other(side)):
        return False
    return not (B.city_at(s, n) is not None and B.holder(s, n) == other(side))


def landing_retreats(s: EState, b: BattleState) -> list[str]:
    """17.7.7 ii: a beaten landing party goes back to its ships, in the sea it landed from,
    while one of its fleets is left and that sea is not enemy (17.7.1b), or into a free
    coastal hex of that sea beside the battle. None: it cannot retreat."""
    sea, side = b.get("ships"), b["attacker"]
    if not sea:
        return []
    afloat = any(s["units"][u]["type"] == "fleet" and u not in b["dead"] for u in b["att"])
    out = [sea] if afloat and not hostile_seas(s, [sea], side) else []
    coast = {x for x, _ in F.shore(s, side, sea)}
    return out + [n for n in B.comps().land_neighbors(b["hex"])
                  if n in coast and open_hex(s, n, side)]


def attackers_may_retreat(s: EState, b: BattleState) -> bool:
    """17.7.1a: attackers always have the hex they came from, but for 17.7.7 ii's landing
    party, which from generation 12 has a way out only while `landing_retreats` names one:
    without it a failed check brings 17.7.4's second check (the battle marks the round
    `att_stranded`), and it may not break off."""
    ships = b.get("ships")
    if ships and F.at_sea(str(ships)) and asks(s, STRANDED_LANDINGS):
        return bool(landing_retreats(s, b))
    return True
