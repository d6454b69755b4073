"""Movement (rules 4.0-4.5, 1.4, 1.6, 1.7, 9.2, 9.3, 9.5): where a block may go.

Each function answers with plain tuples; the flow module turns them into prompts.
A destination is ``(hex, mode, entry_from, crossed, coast)``: mode "op" (operation move,
4.4), "march" (4.51) or "sea" (4.52); `entry_from` the hex an attacking army came from
(the hex-side it attacks through, 4.1); `crossed` whether that last step crossed a strait
(attack limit 1, 4.3); `coast` the coast a navy ends on (1.7).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core.ruleset import asks
from engine.core.steady import Memo

from .board import SICILY, Board
from .state import (
    AS,
    SIEGE_READINGS,
    Occ,
    current,
    derived_all,
    friendly,
    is_navy,
    move_limit,
    occupancy,
    other,
    siege_at,
)


def _stack_ok(bd: Board, s: AS, occ: Occ, side: str, h: str, bid: str) -> bool:
    """Rule 4.1: at most 4 blocks of one player in a hex (mountain 2; Athens 6 with at
    most 4 armies). Stacking is checked where a move ends only."""
    total, armies = bd.stack_limit(h)
    here = occ.get(h)
    if not here:
        return total >= 1
    blocks = s["blocks"]
    # revolt blocks don't count (7.0)
    mine = [b for b in here.get(side, ()) if b != bid and not blocks[b].get("rv")]
    if len(mine) + 1 > total:
        return False
    if armies < total and bid in bd.armies:
        return sum(1 for b in mine if b in bd.armies) + 1 <= armies
    return True


def crowded(bd: Board, s: AS, occ: Occ, side: str, army: bool) -> frozenset[str] | None:
    """The hexes where one more block of `side` (an army or a navy) coming from elsewhere
    breaks the stacking limit (`_stack_ok`), so that a search asks a set instead of
    counting blocks at each end; None when `occ` is not the blocks' occupancy as they
    stand now (then ask `_stack_ok`). A block's own hex is not for this set: there it
    does not count itself."""
    if current(s, occ) is None:
        return None
    d = derived_all(s)  # revolt marks (`rv`) count too
    if d is None:
        return None
    key = ("crowded", bd, side)
    got = d.get(key)
    if got is None:  # both kinds at once: most questions ask for both
        blocks = s["blocks"]
        armies_of = bd.armies
        full = []  # no room for any block
        no_army = []  # room for a navy, not for an army (Athens: 6 blocks, 4 armies)
        for h, here in occ.items():
            mine = here.get(side)
            if not mine or len(mine) < 2:
                continue  # room for one more (every limit is at least 2)
            total, armies = bd.stack_limit(h)
            own = [b for b in mine if not blocks[b].get("rv")]
            if len(own) + 1 > total:
                full.append(h)
            elif armies < total and sum(1 for b in own if b in armies_of) + 1 > armies:
                no_army.append(h)
        navies = frozenset(full)
        got = d[key] = (navies.union(no_army), navies)
    return got[0] if army else got[1]


def _enemy_blocks(s: AS, occ: Occ, side: str, h: str) -> bool:
    return bool(occ.get(h, {}).get(other(side)))


def enemy_set(bd: Board, s: AS, occ: Occ, side: str) -> frozenset[str]:
    """Hexes holding enemy blocks that stop a move: not inside walls besieged by `side`."""
    d = current(s, occ)
    if d is not None:
        got: frozenset[str] | None = d.get(("foes", bd, side))
        if got is not None:
            return got
    foe = other(side)
    out = set()
    for h, here in occ.items():
        if foe in here and not (side in here and _besieged_by(bd, s, occ, side, h)):
            out.add(h)
    foes = frozenset(out)
    if d is not None:
        d[("foes", bd, side)] = foes
    return foes


def _besieged_by(bd: Board, s: AS, occ: Occ, side: str, h: str) -> bool:
    """True when the enemy blocks in h are all inside walls besieged by `side`."""
    sg = siege_at(bd, s, h, occ)
    return sg is not None and sg["besieger"] == side


def attack_used(s: AS, h: str, frm: str, crossed: bool) -> int:
    """Armies already attacking h through the same hex-side (4.1); across a strait the
    limit of 1 holds for the whole strait (4.3)."""
    ent = s["entries"].get(h, {}).values()
    if crossed:
        return sum(1 for e in ent if e[1] and not e[2])
    return sum(1 for e in ent if e[0] == frm and not e[1] and not e[2])


def army_op_destinations(bd: Board, s: AS, bid: str, occ: Occ | None = None, foes: frozenset[str] | None = None) -> list[tuple[Any, ...]]:
    occ = occ if occ is not None else occupancy(s)
    b = s["blocks"][bid]
    side = b["side"]
    foes = foes if foes is not None else enemy_set(bd, s, occ, side)
    start = b["loc"]
    limit = move_limit(bd, bid)
    oracle_start = bid in s["oracle"]
    neutral = _land_sets(bd, s, side)[2]
    persia_closed = side == "athens" or not s["persia"]["alliance"]
    # the search looks no further than `limit` steps: only what lies there is its key,
    # so that moves elsewhere on the map leave the answer found
    ball = bd.land_ball(start, limit)
    foes, neutral = foes & ball, neutral & ball
    key = (bd, start, limit, persia_closed, foes, neutral)
    land: dict[tuple[Any, ...], Any] = _LAND.here.table
    plan = land.get(key)
    if plan is None:
        plan = _LAND.keep(land, key, _op_plan(bd, start, limit, persia_closed, foes, neutral))
    full = crowded(bd, s, occ, side, bid in bd.armies)
    out = []
    for dest, attack, h, frm, crossed, lim in plan:
        if attack:
            if oracle_start:
                continue  # rule 1.4
            if attack_used(s, h, frm, crossed) >= lim:
                continue
        if (h in full) if full is not None else not _stack_ok(bd, s, occ, side, h, bid):
            continue
        out.append(dest)
    return out


# Land searches already made, by everything they depend on (as `_WATER` for the sea), in
# the kernel's per-thread memo scope (engine/core/steady.py)
_LAND: Memo[tuple[Any, ...], Any] = Memo("athens_sparta.land", 4096)


def _op_plan(bd: Board, start: str, limit: int, persia_closed: bool,
             foes: frozenset[str], neutral: frozenset[str]) -> list[tuple[Any, ...]]:
    """Where an operation move may stop, with what each end offers but the checks that
    depend on the block and the moves already made: (destination, attack?, hex, the hex
    it came from, whether that step crossed a strait, attack limit of the hex-side), in
    search order, each destination once (its first time: repeats are alike in
    everything checked after). An end is an attack where enemy blocks stand (not at an
    oracle) or a neutral city (9.5); attacks are told apart by the hex-side."""
    persia = bd.persian if persia_closed else frozenset()
    land = bd.land
    strait_far = bd.strait_far
    stoppers = foes - bd.oracles
    attacks = stoppers | neutral
    mountains = bd.mountains
    plan: list[tuple[Any, ...]] = []
    reached = {start}  # ends that are no attack, listed (never the start)
    listed = set()  # attack ends listed, by (hex, from, crossed)
    # a node is (hex, entered on a strait's far side, enemy or neutral hexes passed through)
    Node = tuple[str, bool, frozenset[str]]
    best: set[Node] = {(start, False, frozenset())}
    frontier: list[Node] = [(start, False, frozenset())]
    for step in range(1, limit + 1):
        nxt = []
        for h, far, passed in frontier:
            far_h = strait_far.get(h)
            for nb in land[h]:
                if nb == SICILY or nb in persia or nb in passed:
                    continue  # ruling R33: a move never re-enters a hex it went through
                # leaving a strait hex (rule 4.3)
                if far_h is not None:
                    to_far = nb in far_h
                    if far and not to_far:
                        continue  # entered on the far side: crossing means stopping first
                    if not far and to_far and h != start:
                        continue  # must stop in the strait hex before crossing out
                far_nb = strait_far.get(nb)
                entering_far = far_nb is not None and h in far_nb
                # it may stop here
                if nb in attacks:
                    if nb != start:
                        crossed = entering_far or (h == start and far_h is not None
                                                   and nb in far_h)
                        key = (nb, h, crossed)
                        if key not in listed:
                            listed.add(key)
                            plan.append(((nb, "op", h, crossed, None), True, nb, h, crossed,
                                         1 if crossed else land[h][nb]))
                elif nb not in reached:
                    reached.add(nb)
                    plan.append(((nb, "op", None, False, None), False, nb, h, False, 0))
                # may it go on?
                if step == limit or nb in mountains:
                    continue
                enemy = nb in stoppers  # enemy blocks, not at an oracle
                if enemy and not entering_far:
                    continue  # enemy blocks stop a move (4.4), except on a strait's far side
                # passing an enemy-held strait on its far side (4.3) or a neutral city (9.5)
                went_by = passed | {nb} if enemy or nb in neutral else passed
                node = (nb, entering_far, went_by)
                if node not in best:
                    best.add(node)
                    nxt.append(node)
        frontier = nxt
    return plan


# Facts read from the land control snapshot, by snapshot: `land_control` is replaced, never
# changed in place (compute_control), and an entry is used only for its very dict.
_HCTL: Memo[tuple[int, str, bool], tuple[dict[str, str], tuple[Any, ...]]] = \
    Memo("athens_sparta.land_control", 256)


def _land_sets(bd: Board, s: AS, side: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """(enemy hexes, friendly hexes, neutral cities' hexes) for `side` on land (4.2, 9.3,
    9.5): a hex is an enemy's when the other side controls it, or Persia does and `side`
    is not Sparta allied with Persia (9.3); friendly as `friendly` answers it."""
    hctl = s["land_control"]
    alliance = bool(s["persia"]["alliance"])
    key = (id(hctl), side, alliance)
    hctls: dict[tuple[int, str, bool], tuple[dict[str, str], tuple[Any, ...]]] = \
        _HCTL.here.table
    got = hctls.get(key)
    if got is not None and got[0] is hctl and got[1][3] is bd:
        return got[1][:3]
    # one pass over the snapshot, each hex to the set its controller puts it in
    persia_friendly = side == "sparta" and alliance
    sets: dict[str, list[str]] = {"athens": [], "sparta": [], "persia": [], "neutral": []}
    for h, c in hctl.items():
        got_set = sets.get(c)
        if got_set is not None:
            got_set.append(h)
    persia = sets["persia"]
    enemy = frozenset(sets[other(side)] + ([] if persia_friendly else persia))
    friends = frozenset(sets[side] + (persia if persia_friendly else []))
    city_at = bd.city_at
    neutral = frozenset([h for h in sets["neutral"] if h in city_at])
    _HCTL.keep(hctls, key, (hctl, (enemy, friends, neutral, bd)))
    return enemy, friends, neutral


def _dedupe(out: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """The destinations without repeats, first ones kept, in order."""
    return list(dict.fromkeys(out))


def army_march_destinations(bd: Board, s: AS, bid: str, occ: Occ | None = None) -> list[tuple[Any, ...]]:
    """Rule 4.51: double move through friendly, neutral or vacant hexes, ending in a friendly
    hex; never to or from a siege (4.5)."""
    occ = occ if occ is not None else occupancy(s)
    b = s["blocks"][bid]
    side = b["side"]
    start = b["loc"]
    if start == SICILY or _in_siege(bd, s, occ, start):
        return []
    limit = 2 * move_limit(bd, bid)
    enemy, friends, _neutral = _land_sets(bd, s, side)
    persia_closed = side == "athens" or not s["persia"]["alliance"]
    # Rule 4.2: a hex the marching side besieges counts as its own for land movement, so a
    # march may pass it (4.5 only bars ending in a siege: `sieged`). Games of generation 0
    # keep the older reading, which their logs were answered to.
    foe_held = (enemy_set(bd, s, occ, side) if asks(s, SIEGE_READINGS)
                else _held_by(s, occ, other(side)))
    sieged = _siege_hexes(bd, s, occ)
    key = ("march", bd, start, limit, persia_closed, enemy, friends, foe_held, sieged)
    land: dict[tuple[Any, ...], Any] = _LAND.here.table
    ends = land.get(key)
    if ends is None:
        ends = _LAND.keep(land, key, _march_search(bd, start, limit, persia_closed, enemy,
                                                   friends, foe_held, sieged))
    full = crowded(bd, s, occ, side, bid in bd.armies)
    if full is not None:  # a march never ends where it starts
        return [(h, "march", None, False, None) for h in ends if h not in full]
    return [(h, "march", None, False, None) for h in ends
            if _stack_ok(bd, s, occ, side, h, bid)]


def _march_search(bd: Board, start: str, limit: int, persia_closed: bool,
                  enemy: frozenset[str], friends: frozenset[str], foe_held: frozenset[str],
                  sieged: frozenset[str]) -> list[str]:
    """Where a march may end, sorted."""
    persia = bd.persian if persia_closed else frozenset()
    strait_far = bd.strait_far
    seen = {start: 0}
    frontier = [(start, False)]
    ends = set()
    for step in range(1, limit + 1):
        nxt = []
        for h, far in frontier:
            far_h = strait_far.get(h)
            for nb in bd.land[h]:
                if nb in seen or nb == SICILY or nb in persia:
                    continue
                if far_h is not None:
                    to_far = nb in far_h
                    if far and not to_far:
                        continue
                    if not far and to_far and h != start:
                        continue
                if nb in enemy or (nb in foe_held and nb not in bd.oracles):
                    continue
                far_nb = strait_far.get(nb)
                entering_far = far_nb is not None and h in far_nb
                seen[nb] = step
                if nb in friends and nb not in sieged:
                    ends.add(nb)
                if nb in bd.mountains:
                    continue
                nxt.append((nb, entering_far))
        frontier = nxt
    return sorted(ends)


def _held_by(s: AS, occ: Occ, side: str) -> frozenset[str]:
    """Hexes where `side` has blocks."""
    d = current(s, occ)
    got = d.get(("held", side)) if d is not None else None
    if got is None:
        got = frozenset(h for h, here in occ.items() if side in here)
        if d is not None:
            d[("held", side)] = got
    return got


def _siege_hexes(bd: Board, s: AS, occ: Occ) -> frozenset[str]:
    """Hexes with a siege or blockade."""
    d = current(s, occ)
    got = d.get(("sieged", bd)) if d is not None else None
    if got is None:
        # a siege needs both sides in the hex: most hexes hold one and are not asked
        got = frozenset([h for h, here in occ.items()
                         if len(here) == 2 and siege_at(bd, s, h, occ) is not None])
        if d is not None:
            d[("sieged", bd)] = got
    return got


def _in_siege(bd: Board, s: AS, occ: Occ, h: str) -> bool:
    return siege_at(bd, s, h, occ) is not None


# Water searches already made, by everything they depend on (the same key always gives
# the same answer): blocks standing still, many blocks share a port and a world.
_WATER: Memo[tuple[Any, ...], dict[tuple[str, int], int]] = Memo("athens_sparta.water", 4096)


def _water_bfs(bd: Board, s: AS, side: str, starts: list[tuple[str, int]], limit: int, occ: Occ,
               strategic: bool, foes: frozenset[str] | None = None) -> dict[tuple[str, int], int]:
    """Water moves from (hex, coast) nodes. Operation moves stop on entering a hex with
    enemy blocks (4.4); strategic moves never enter enemy hexes (4.5). The answer is
    shared: callers never change it."""
    foes = foes if foes is not None else enemy_set(bd, s, occ, side)
    closed = _closed_sea(s, side) if strategic else frozenset()
    persia_closed = side == "athens" or not s["persia"]["alliance"]
    key = (bd, side, tuple(starts), limit, strategic, persia_closed, foes, closed)
    water: dict[tuple[Any, ...], dict[tuple[str, int], int]] = _WATER.here.table
    reach = water.get(key)
    if reach is None:
        reach = _WATER.keep(water, key, (
            _port_search(bd, starts, limit, persia_closed, foes, closed) if strategic
            else _water_search(bd, starts, limit, strategic, persia_closed, foes, closed)))
    return reach


# The water nodes a strategic move never enters, as a bit set, by the hex sets they come
# from (enemy blocks, closed seas, Persia: the same sets recur for many searches).
_NEVER: Memo[tuple[Board, frozenset[str], frozenset[str], bool], int] = \
    Memo("athens_sparta.never", 1024)


def _port_search(bd: Board, starts: list[tuple[str, int]], limit: int, persia_closed: bool,
                 foes: frozenset[str], closed: frozenset[str]) -> dict[tuple[str, int], int]:
    """The port nodes (`Board.port_nodes`) a strategic water move reaches (4.5: never
    entering enemy or closed hexes, nor Persia when closed, 9.3) -> steps, nearest first:
    what `_water_search` finds of them, at the same distances. Every caller only reads
    ports, and sorts places by distance and name, so only the order of one hex's two port
    nodes found at the same distance (Corinth's coasts) is the search's own: then
    `_water_search` itself answers. The search goes a ring at a time over bit sets,
    one operation per byte of the ring (`Board.water_bytes`) instead of one per water
    hex-side."""
    nbrs, at, port_mask, twins, nodes = bd.water_masks()
    key = (bd, foes, closed, persia_closed)
    nevers: dict[tuple[Board, frozenset[str], frozenset[str], bool], int] = _NEVER.here.table
    never = nevers.get(key)
    if never is None:
        never = 0
        for h in foes | closed | (bd.persian if persia_closed else frozenset()):
            never |= at.get(h, 0)
        _NEVER.keep(nevers, key, never)
    number = bd.water_numbered()[1]
    seen = 0
    for n in starts:
        i = number.get(n)
        if i is not None:
            seen |= 1 << i
    frontier = seen
    seen |= never
    reach: dict[tuple[str, int], int] = {}
    by_byte = bd.water_bytes()
    width = len(by_byte)
    for step in range(1, limit + 1):
        near = 0  # the ring's neighbours, gathered a byte of the frontier at a time
        for k, byte in enumerate(frontier.to_bytes(width, "little")):
            if byte:
                row = by_byte[k]
                got = row[byte]
                if got < 0:
                    got = row[byte] = _byte_neighbours(nbrs, k, byte)
                near |= got
        frontier = near & ~seen
        if not frontier:
            break
        seen |= frontier
        found = frontier & port_mask
        if found & twins and (found & twins) & (found & twins) - 1:
            # both of one hex's port nodes at once: their order is the search's own
            full = _water_search(bd, starts, limit, True, persia_closed, foes, closed)
            ports = bd.port_nodes()
            return {n: d for n, d in full.items() if n in ports}
        while found:
            low = found & -found
            reach[nodes[low.bit_length() - 1]] = step
            found ^= low
    return reach


def _byte_neighbours(nbrs: list[int], k: int, byte: int) -> int:
    """The neighbours of the nodes that bit set `byte` names among nodes 8k..8k+7."""
    near = 0
    for i in range(8):
        if byte >> i & 1:
            near |= nbrs[8 * k + i]
    return near


def _water_search(bd: Board, starts: list[tuple[str, int]], limit: int, strategic: bool,
                  persia_closed: bool, foes: frozenset[str], closed: frozenset[str]
                  ) -> dict[tuple[str, int], int]:
    """Breadth first over the water graph, its (hex, coast) nodes numbered
    (`Board.water_numbered`) so that the search marks numbers, not tuples; the answer
    names the nodes, in the order they were reached."""
    persia = bd.persian if persia_closed else frozenset()
    nodes, number, adj, hexes = bd.water_numbered()
    oracles = bd.oracles
    blocked = foes | closed  # a strategic move enters neither (4.5)
    seen = bytearray(len(nodes))
    frontier = []
    for n in starts:
        i = number.get(n)
        if i is not None:
            seen[i] = 1
            frontier.append(i)
    reach: dict[tuple[str, int], int] = {}
    for step in range(1, limit + 1):
        nxt = []
        for i in frontier:
            for j in adj[i]:
                if seen[j]:
                    continue
                h = hexes[j]
                if h in persia:
                    continue
                seen[j] = 1
                if strategic:
                    if h in blocked:
                        continue
                    reach[nodes[j]] = step
                else:
                    reach[nodes[j]] = step
                    if h in foes and h not in oracles:
                        continue  # an operation move stops on entering enemy blocks (4.4)
                nxt.append(j)
        frontier = nxt
    return reach


# sea_control is replaced, never changed in place, when control is recomputed (state.py): the
# entry keeps the dict it was computed from and is used only for that very dict.
_CLOSED: Memo[tuple[int, str, bool], tuple[dict[str, str], frozenset[str]]] = \
    Memo("athens_sparta.closed_sea", 256)


def _closed_sea(s: AS, side: str) -> frozenset[str]:
    """Hexes that are enemy for sea movement (4.2, 4.5)."""
    sctl = s["sea_control"]
    key = (id(sctl), side, bool(s["persia"]["alliance"]))
    closeds: dict[tuple[int, str, bool], tuple[dict[str, str], frozenset[str]]] = \
        _CLOSED.here.table
    got = closeds.get(key)
    if got is not None and got[0] is sctl:
        return got[1]
    # whether each hex of the snapshot is an enemy's at sea (controlled by the other side,
    # or by Persia unless `side` is Sparta allied with it, 9.3), read once
    foe = other(side)
    persia_enemy = not (side == "sparta" and s["persia"]["alliance"])
    closed = frozenset(h for h, c in sctl.items()
                       if c == foe or (c == "persia" and persia_enemy))
    _CLOSED.keep(closeds, key, (sctl, closed))
    return closed


def navy_starts(bd: Board, s: AS, bid: str) -> list[tuple[str, int]]:
    b = s["blocks"][bid]
    h = b["loc"]
    if h == SICILY:
        return []
    if bid in s["diolkos"]:  # rule 1.6: Corinth's navies may leave by either coast
        return [(h, c) for c in range(len(bd.hexes[h]["coasts"]))]
    return [(h, b["coast"] or 0)]


def navy_op_destinations(bd: Board, s: AS, bid: str, occ: Occ | None = None) -> list[tuple[Any, ...]]:
    occ = occ if occ is not None else occupancy(s)
    b = s["blocks"][bid]
    side = b["side"]
    if s["blocks"][bid]["in"]:
        return []
    foes = enemy_set(bd, s, occ, side)
    reach = _water_bfs(bd, s, side, navy_starts(bd, s, bid), move_limit(bd, bid), occ, False,
                       foes)
    full = crowded(bd, s, occ, side, bid in bd.armies)
    out = []
    oracle_start = bid in s["oracle"]
    for h, c in reach:  # nearest first (a search inserts its nodes so)
        if h == b["loc"]:
            continue
        enemy = h in foes
        is_port = h in bd.ports and bd.ports[h] == c or (h in bd.ports and bd.city_at.get(h)
                                                         == "Corinth")
        neutral_city = s["land_control"].get(h) == "neutral" and h in bd.city_at
        own_siege = _besieged_by(bd, s, occ, side, h)
        if not (enemy or is_port or own_siege):
            continue  # navies end where they fight, blockade or find a port (ruling R4)
        if h in bd.persian and h in bd.city_at and not enemy:
            continue
        attack = (enemy and h not in bd.oracles) or neutral_city
        if attack and oracle_start:
            continue
        if (h in full) if full is not None else not _stack_ok(bd, s, occ, side, h, bid):
            continue
        if h in bd.ports and bd.city_at.get(h) != "Corinth" and bd.ports[h] != c:
            continue  # a city is reached, and attacked, on its own coast only (rule 1.7)
        out.append((h, "op", None, False, c))
    return _dedupe(out)


def sea_destinations(bd: Board, s: AS, bid: str, occ: Occ | None = None) -> list[tuple[Any, ...]]:
    """Rule 4.52 sea moves (and 9.2 Sicily): friendly port to friendly port within 8."""
    occ = occ if occ is not None else occupancy(s)
    return _dedupe(list(_sea_ends(bd, s, bid, occ)))


def _sea_ends(bd: Board, s: AS, bid: str, occ: Occ) -> Iterator[tuple[Any, ...]]:
    """The sea moves of `sea_destinations`, nearest first, one at a time (a caller that
    only asks whether there is one stops at the first)."""
    b = s["blocks"][bid]
    side = b["side"]
    h0 = b["loc"]
    coast_of = (lambda c: c) if is_navy(bd, bid) else (lambda c: None)
    if h0 == SICILY:
        # leaving Sicily needs sea control there (9.2), via a friendly embarkation port
        if not _sea_control_sicily(bd, s, occ, side):
            return
        starts = [(e, bd.ports.get(e, 0)) for e in bd.embark
                  if friendly(s, side, e) and not _in_siege(bd, s, occ, e)]
        # the embarkation ports themselves first (distance 0; a search never lists its
        # starts), then what the search reached, nearest first; the search waits until
        # a caller asks beyond the ports themselves
        open_ports = _open_ports(bd, s, occ, side)
        full = crowded(bd, s, occ, side, bid in bd.armies)
        for ports in ([n for n in starts if _port_node(bd, n)], None):
            if ports is None:
                ports = _shared_ports_by_distance(
                    bd, _water_bfs(bd, s, side, starts, 8, occ, True))
            for h, c in ports:
                if h in open_ports and (h not in full if full is not None and h != h0
                                        else _stack_ok(bd, s, occ, side, h, bid)):
                    yield (h, "sea", None, False, coast_of(c))
        return
    if h0 not in bd.ports or not friendly(s, side, h0) or _in_siege(bd, s, occ, h0):
        return
    start = (h0, bd.ports[h0])
    starts = [start]
    if is_navy(bd, bid) and bid in s["diolkos"]:
        starts = navy_starts(bd, s, bid)
    reach = _water_bfs(bd, s, side, starts, 8, occ, True)
    open_ports = _open_ports(bd, s, occ, side)
    full = crowded(bd, s, occ, side, bid in bd.armies)
    for h, c in _shared_ports_by_distance(bd, reach):
        if h == h0:
            continue
        if h in open_ports and (h not in full if full is not None
                                else _stack_ok(bd, s, occ, side, h, bid)):
            yield (h, "sea", None, False, coast_of(c))
    # Sicily: via a friendly unblockaded embarkation port within reach (9.2)
    embark_ok = any(e == h0 or (e, bd.ports.get(e, 0)) in reach for e in bd.embark
                    if friendly(s, side, e) and not _in_siege(bd, s, occ, e))
    if embark_ok:
        yield (SICILY, "sea", None, False, coast_of(0))


def _ports_by_distance(bd: Board, reach: dict[tuple[str, int], int]) -> list[tuple[str, int]]:
    """The nodes of a water search where a sea move may end (a city's port on its own
    coast, Corinth on either), nearest first (ties in search order)."""
    # a search inserts its nodes nearest first: its own order is the order by distance
    port_nodes = bd.port_nodes()
    return [n for n in reach if n in port_nodes]


def _port_node(bd: Board, n: tuple[str, int]) -> bool:
    h = n[0]
    return h in bd.ports and (bd.ports[h] == n[1] or bd.city_at.get(h) == "Corinth")


# The same for a shared (cached) water search: by the search's identity, keeping it alive.
_PORTS: Memo[int, tuple[dict[tuple[str, int], int], list[tuple[str, int]]]] = \
    Memo("athens_sparta.ports", 4096)


def _shared_ports_by_distance(bd: Board, reach: dict[tuple[str, int], int]
                              ) -> list[tuple[str, int]]:
    portss: dict[int, tuple[dict[tuple[str, int], int], list[tuple[str, int]]]] = \
        _PORTS.here.table
    got = portss.get(id(reach))
    if got is not None and got[0] is reach:
        return got[1]
    ports = _ports_by_distance(bd, reach)
    _PORTS.keep(portss, id(reach), (reach, ports))
    return ports


def _open_ports(bd: Board, s: AS, occ: Occ, side: str) -> frozenset[str]:
    """Ports where a sea move of `side` may end, stacking aside (`_stack_ok`, checked per
    block): friendly, not besieged, no enemy blocks."""
    d = current(s, occ)
    hctl = s["land_control"]
    key = ("open_ports", bd, side, bool(s["persia"]["alliance"]))
    got = d.get(key) if d is not None else None
    if got is not None and got[0] is hctl:
        ports: frozenset[str] = got[1]
        return ports
    if d is None:
        ports = frozenset(h for h in bd.ports if friendly(s, side, h) and
                          not _in_siege(bd, s, occ, h) and not _enemy_blocks(s, occ, side, h))
    else:  # the same, from sets already known
        friends = _land_sets(bd, s, side)[1]  # the hexes `friendly` answers yes for
        ports = (friends & bd.port_hexes) - _siege_hexes(bd, s, occ) - \
            _held_by(s, occ, other(side))
        d[key] = (hctl, ports)
    return ports


def _sea_control_sicily(bd: Board, s: AS, occ: Occ, side: str) -> bool:
    here = occ.get(SICILY, {})
    mine = [b for b in here.get(side, []) if is_navy(bd, b) and not s["blocks"][b]["in"]]
    theirs = [b for b in here.get(other(side), []) if is_navy(bd, b)
              and not s["blocks"][b]["in"]]
    if theirs and not mine:
        return False
    if mine:
        return True
    return friendly(s, side, SICILY, sea=True) or not theirs and not here.get(other(side))


def destinations(bd: Board, s: AS, bid: str, occ: Occ | None = None) -> list[tuple[Any, ...]]:
    """Every legal end of one move for a block (rules 4.4, 4.5). A block never moves by
    land and sea in the same player turn: one move per block (4.0)."""
    occ = occ if occ is not None else occupancy(s)
    b = s["blocks"][bid]
    if b["in"] or bid in s["moved"]:
        return []
    storm = "storm" in s["events"]
    out: list[tuple[Any, ...]] = []
    if is_navy(bd, bid):
        if storm:
            return []  # Storm: no naval movement this game turn
        if b["loc"] != SICILY:
            out += navy_op_destinations(bd, s, bid, occ)
        out += sea_destinations(bd, s, bid, occ)
    else:
        if b["loc"] != SICILY:
            out += army_op_destinations(bd, s, bid, occ)
            out += army_march_destinations(bd, s, bid, occ)
        if not storm:
            out += sea_destinations(bd, s, bid, occ)
    return out


def movable(bd: Board, s: AS, side: str, occ: Occ | None = None) -> list[str]:
    """The blocks of `side` that may move now, sorted. The move menu asks again after
    every answer, most of them not moving anything (a place chosen, "back"): the answer
    is kept with the blocks (`derived_all`) under everything else it reads."""
    occ = occ if occ is not None else occupancy(s)
    d = derived_all(s) if current(s, occ) is not None else None
    if d is None:
        return _movable(bd, s, side, occ)
    hctl, sctl = s["land_control"], s["sea_control"]  # replaced, never changed in place: kept by identity
    key = ("movable", bd, side, tuple(s["moved"]), tuple(s["oracle"]), tuple(s["diolkos"]),
           "storm" in s["events"], bool(s["persia"]["alliance"]))
    got = d.get(key)
    if got is None or got[0] is not hctl or got[1] is not sctl:
        got = d[key] = (hctl, sctl, tuple(_movable(bd, s, side, occ)))
    return list(got[2])


def _movable(bd: Board, s: AS, side: str, occ: Occ) -> list[str]:
    out = []
    moved = s["moved"]
    blocks = s["blocks"]
    oracle = s["oracle"]
    # what `_may_move` asks of every block, read once
    ask = (other(side), oracle, "storm" in s["events"],
           bd.persian if side == "athens" or not s["persia"]["alliance"] else frozenset())
    # `_may_move`'s answer depends on the block only through its place, whether it is an
    # army, its coasts (navies) and whether it consulted the Oracle: blocks sharing these
    # share the answer
    seen: dict[tuple[Any, ...], bool] = {}
    armies = bd.armies
    moved_set = set(moved)
    for h, here in occ.items():  # the blocks on the map, by place
        mine = here.get(side)
        if not mine:
            continue
        for bid in mine:
            b = blocks[bid]
            if b["in"] or bid in moved_set or b.get("rv"):
                continue
            if bid in armies:
                key: tuple[Any, ...] = (h, True, bid in oracle)
            else:
                key = (h, False, b["coast"], bid in s["diolkos"])
            ok = seen.get(key)
            if ok is None:
                ok = seen[key] = _may_move(bd, s, bid, occ, ask)
            if ok:
                out.append(bid)
    return sorted(out)


def _may_move(bd: Board, s: AS, bid: str, occ: Occ, ask: tuple[Any, ...]) -> bool:
    """A quick test that a block has somewhere to go (the full list is computed only for
    the block the player picks)."""
    foe, oracle, storm, persia = ask
    b = s["blocks"][bid]
    h = b["loc"]
    side = b["side"]
    if h == SICILY:  # only sea moves leave Sicily; a Storm stops them (as `destinations`)
        return not storm and any(True for _ in _sea_ends(bd, s, bid, occ))
    if bid not in bd.armies:
        if storm:
            return False
        return any(bd.water.get(n) for n in navy_starts(bd, s, bid))
    for nb in bd.land[h]:
        if nb == SICILY or nb in persia:
            continue
        here = occ.get(nb)
        if here is None:
            return True  # an empty hex: room, and no enemy
        if foe in here and bid in oracle:
            continue
        if foe not in here or len(here.get(side, ())) < bd.stack_limit(nb)[0]:
            return True
    # no land step: a sea move from a friendly port may remain (approximate, cheap)
    return not storm and h in bd.ports and friendly(s, side, h) and \
        not _in_siege(bd, s, occ, h)


def neutral_joins(bd: Board, s: AS, h: str, attacker: str, ctx: Any) -> None:
    """Rule 9.5: a neutral city attacked joins the other side at once; its blocks are
    deployed at full strength to defend it."""
    name = bd.city_at.get(h) if h != SICILY else bd.city_at.get(SICILY)
    if not name or s["control"].get(name) != "neutral":
        return
    ally = other(attacker)
    s["control"][name] = ally
    placed = []
    for bid, spec in bd.blocks.items():
        blk = s["blocks"].get(bid)
        if blk and blk["loc"] == "off" and spec.get("home") == name:
            blk.update({"loc": h, "str": spec["max_strength"], "side": ally,
                        "coast": bd.ports.get(h, 0) if spec["type"] == "navy" else None,
                        "in": False})
            placed.append(bid)
    ctx.event("neutral_joins", f"{name} is attacked and joins {ally.title()} (rule 9.5)",
              city=name, side=ally, blocks=len(placed))
    if name == "Syracuse":
        reveal_sicily_cards(s, ctx)


def reveal_sicily_cards(s: AS, ctx: Any) -> None:
    cards = s["cards"]
    if cards["sicily"] and not cards["sicily_shown"]:
        cards["sicily_shown"] = True
        ctx.reveal()
        ctx.event("card_reveal", "The cards allocated to Sicily are revealed: Syracuse is worth "
                  f"{s['syracuse_value']} points", cards=dict(cards["sicily"]),
                  value=s["syracuse_value"])


def do_move(bd: Board, s: AS, bid: str, dest: tuple[Any, ...], ctx: Any) -> None:
    h, mode, frm, crossed, coast = dest
    b = s["blocks"][bid]
    side = b["side"]
    src = b["loc"]
    occ = occupancy(s)
    enemy_here = _enemy_blocks(s, occ, side, h) and not _besieged_by(bd, s, occ, side, h)
    neutral_city = s["control"].get(bd.city_at.get(h, ""), "") == "neutral"
    b["loc"] = h
    b["coast"] = coast if is_navy(bd, bid) else None
    if is_navy(bd, bid) and coast is None:
        b["coast"] = bd.ports.get(h, 0)
    s["moved"].append(bid)
    s["move_points"] -= 1
    if (enemy_here and h not in bd.oracles) or neutral_city:
        s["entries"].setdefault(h, {})[bid] = [frm, bool(crossed), mode == "sea" or
                                              is_navy(bd, bid)]
    if neutral_city:
        neutral_joins(bd, s, h, side, ctx)
    ctx.event("move", f"{side.title()} moves a block from {bd.label(src)} to {bd.label(h)}",
              side=side, frm=src, to=h, mode=mode)
