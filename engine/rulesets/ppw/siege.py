"""Ravaging (rule 5.7), sieges (rule 5.8) and what a fallen place changes: garrisons,
hostages, rebellions put down, and the surrender of a city-state whose home falls."""

from __future__ import annotations

from engine.core.battle_record import BattleRecord, add_piece, add_step, close, new_record
from engine.core.ruleset import Context

from .battle import GUARD, kill_leader
from .board import board
from .components import MAJORS
from .control import controller, relation, side_of, stance_to, standing
from .state import CAVALRY, HOPLITE, NAVAL, PpwState, add_sps, log
from .surrender import capture_home

SIEGE_COST = 100  # rule 5.8
GARRISON_COST = 25  # rule 5.8
PLUNDER = {"thebes": 100}  # rule 5.7: Thebes' plunder; every other major 50


def ravage(s: PpwState, major: str, space: str) -> bool:
    """Rule 5.7: an unfriendly space with no unfriendly land SPs outside walls is ravaged
    (never a sanctuary), once a turn; the ravager takes its plunder."""
    b = board()
    if "sanctuary" in b.tags[space] or space in s["ravaged"]:
        return False
    if standing(s, major, space) != "unfriendly":
        return False
    if space not in b.fortress:
        for owner, (h, c, _) in s["forces"].get(space, {}).items():
            if h + c and stance_to(s, major, owner) == "unfriendly":
                return False
    s["ravaged"].append(space)
    s["majors"][major]["treasury"] += PLUNDER.get(major, 50)
    me = side_of(s, major) or major
    # rule 6.2: the home area of a major at war with the ravager (not an ally's area
    # that an enemy garrison holds)
    if any(b.city_states[m].area == b.area_of[space]
           and relation(s, me, side_of(s, m) or m) == "war" for m in MAJORS):
        s["tally"][major]["ravaged_enemy_home"] = True
    log(s, "ravaged", space=space, by=major)
    return True


def defenders(s: PpwState, major: str, space: str) -> list[str]:
    """Owners of SPs inside `space` unfriendly to the besieger."""
    return [o for o in s["forces"].get(space, {}) if stance_to(s, major, o) == "unfriendly"]


def defence_value(s: PpwState, major: str, space: str) -> int:
    """Rule 5.8: land SPs inside, the garrison (1) and a major's home guard (3)."""
    b = board()
    value = sum(s["forces"][space][o][HOPLITE] + s["forces"][space][o][CAVALRY]
                for o in defenders(s, major, space))
    if space in s["garrisons"]:
        value += 1
    if b.major_home(space) is not None:
        value += GUARD
    return value


def supplied_by_sea(s: PpwState, major: str, space: str) -> bool:
    """Rule 5.8: a coastal or island place whose side has ships covering it by ZOI, not
    outnumbered by the besieger's ships in the place. Athens, inland, is supplied through
    the Long Walls while Piraeus is its side's and supplied itself (RULES.md 5.8)."""
    b = board()
    if b.type[space] == "land":
        return any(e.long_walls and standing(s, major, e.to) == "unfriendly"
                   and supplied_by_sea(s, major, e.to) for e in b.edges[space])
    own_ships = 0
    for sp in b.sea_zoi[space]:
        for owner, (_, _, n) in s["forces"].get(sp, {}).items():
            if n and space in b.sea_zoi[sp] and stance_to(s, major, owner) == "unfriendly":
                own_ships += n
    enemy_ships = sum(v[NAVAL] for o, v in s["forces"].get(space, {}).items()
                      if stance_to(s, major, o) != "unfriendly")
    return own_ships > 0 and own_ships >= enemy_ships


def siege_modifiers(s: PpwState, major: str, space: str, land: int) -> dict[str, int]:
    b = board()
    value = defence_value(s, major, space)
    mods = {"level": s["siege"].get(space, 0)}
    if value == 0:
        mods["undefended"] = 2
    elif land >= 3 * value:
        mods["numbers"] = 1
    if supplied_by_sea(s, major, space):
        mods["sea"] = -2
    home = b.major_home(space)
    if home is not None and home != "sparta":  # Sparta is unwalled
        mods["walls"] = -1
    if any(s["leader_at"].get(ldr) == space and board().leaders[ldr].special == "siege_defence"
           and stance_to(s, major, board().leaders[ldr].city_state) == "unfriendly"
           for ldr in s["leader_at"]):
        mods["defender_leader"] = -1  # rule 8.3: Aristeus
    if b.type[space] == "island" and any(
            at == space and b.leaders[ldr].special == "demagogue"
            and stance_to(s, major, b.leaders[ldr].city_state) == "friendly"
            for ldr, at in s["leader_at"].items()):
        mods["besieger_leader"] = 1  # rule 8.3 (R29): Cleon at an island (Sphacteria)
    return mods


def siege(s: PpwState, ctx: Context, major: str, space: str, army: tuple[str, str]) -> BattleRecord:
    """One siege attempt (rule 5.8): d6 + level + modifiers of 6 or more and the place
    falls; otherwise the level rises by 1 (at most 3) and a 1 costs the besieger a land
    SP to disease."""
    land = sum(s["forces"].get(army[0], {}).get(army[1], [0, 0, 0])[:2])
    rec = new_record(space, "siege", major, side_of(s, defenders_side(s, major, space)) or "none")
    add_piece(rec, {"id": f"{space}:{major}:land", "side": major, "kind": "land",
                    "strength": land, "home": space})
    mods = siege_modifiers(s, major, space, land)
    die = ctx.die()
    total = die + sum(mods.values())
    add_step(rec, {"kind": "siege_roll", "side": major, "dice": [die], "rule": "5.8",
                   "facts": {**mods, "score": total, "needed": 6}})
    if total >= 6:
        fall(s, ctx, major, space)
        close(rec, major, "fell")
        return rec
    s["siege"][space] = min(3, s["siege"].get(space, 0) + 1)
    if die == 1 and land:
        h, c, _ = s["forces"][space][major]
        add_sps(s, space, major, -1 if h else 0, 0 if h else -1, 0)
        add_step(rec, {"kind": "losses", "side": major, "hits": 1, "rule": "5.8",
                       "targets": [{"target": f"{space}:{major}:land", "before": land,
                                    "after": land - 1}]})
    close(rec, rec["defender"], "held")
    log(s, "siege_held", space=space, by=major)
    return rec


def defenders_side(s: PpwState, major: str, space: str) -> str | None:
    owners = defenders(s, major, space)
    if owners:
        return owners[0]
    return controller(s, space)


def fall(s: PpwState, ctx: Context, major: str, space: str) -> None:
    """Rule 5.8: a fallen place loses its defenders and garrison (its ships fall back as
    beaten ships do, rule 5.5); a major's own land SPs (2 or more) leave a hostage; the
    besieger places a garrison if it can pay and has one; a city-state whose home falls
    surrenders (rule 6.3)."""
    b = board()
    captives: dict[str, int] = {}
    for owner in defenders(s, major, space):
        h, c, n = s["forces"][space][owner]
        if owner in MAJORS:
            captives[owner] = h + c
        add_sps(s, space, owner, -h, -c, 0)
        retreat_ships(s, owner, space)  # not defenders: they sail off, or are lost (R22)
    for owner, n in captives.items():
        if n >= 2:
            held = s["majors"][major]["hostages"]
            held[owner] = held.get(owner, 0) + 1
    for ldr, at in list(s["leader_at"].items()):
        if at == space and stance_to(s, major, b.leaders[ldr].city_state) == "unfriendly":
            if sum(ctx.roll(2)) <= 7:
                kill_leader(s, ldr)
            else:
                s["leader_at"].pop(ldr)
                s["leaders"][ldr] = "pool"
    s["garrisons"].pop(space, None)
    s["siege"].pop(space, None)
    log(s, "fell", space=space, by=major)
    home = b.home_of.get(space)
    ours = side_of(s, s["origin"][space]) == (side_of(s, major) or major)
    if space in s["rebel"] and ours:
        # rule 6.4: a rebel space retaken by its side reverts; when it is the rebel
        # tributary's home, the whole area's rebellion ends with it and that is the one
        # suppression, which raises its patron's resentment by 1 (R27)
        area = b.area_of[space]
        s["rebel"] = [sp for sp in s["rebel"] if sp != space
                      and (home is None or b.area_of[sp] != area)]
        if home is None:
            log(s, "rebel_retaken", space=space, by=major)
            return
        patron = side_of(s, home) or major
        card = s["majors"][patron]
        card["resentment"] = min(10, card["resentment"] + 1)
        log(s, "suppressed", space=space, by=major)
        return
    if home is not None:
        capture_home(s, major, home)
        return
    if ours:
        return  # back to its own side: no garrison needed (rule 1.5)
    card = s["majors"][major]
    if card["treasury"] >= GARRISON_COST and garrisons_free(s, major) > 0:
        card["treasury"] -= GARRISON_COST
        s["garrisons"][space] = major
        s["tally"][major]["gains"] += 1


def retreat_ships(s: PpwState, owner: str, space: str) -> None:
    """Rule 5.5: beaten ships fall back to the nearest friendly port (a coastal or
    island space of their side, or their own) within two naval or combined paths, the
    first found (one path away by space id; two away, through the nearer spaces in that
    order, R12); with none they are lost."""
    b = board()
    ships = s["forces"].get(space, {}).get(owner, [0, 0, 0])[NAVAL]
    if not ships:
        return
    side = side_of(s, owner) or owner
    add_sps(s, space, owner, 0, 0, -ships)
    seen, frontier = {space}, [space]
    for _ in range(2):
        nxt = []
        for here in frontier:
            for e in b.edges[here]:
                if e.type not in ("naval", "combined") or e.to in seen:
                    continue
                seen.add(e.to)
                nxt.append(e.to)
                if b.type[e.to] != "land" and (controller(s, e.to) == owner or (
                        side in MAJORS and standing(s, side, e.to) == "friendly")):
                    add_sps(s, e.to, owner, 0, 0, ships)
                    log(s, "ships_fell_back", owner=owner, space=space, to=e.to)
                    return
        frontier = nxt
    if owner in MAJORS:
        s["tally"][owner]["naval_lost"] += ships
    log(s, "ships_lost", owner=owner, space=space)


def garrisons_free(s: PpwState, major: str) -> int:
    """Rule 1.9: garrisons left in the counter mix."""
    used = sum(1 for o in s["garrisons"].values() if o == major)
    return board().mix.get(major, {}).get("garrisons", 0) - used
