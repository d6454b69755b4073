"""Carrying out one operation (rules 3.2, 4.1-4.6, 5.1-5.8): the army pays, marches its
shortest legal route past interceptions (and the open-sea storm), then fights at its
objective: naval battle, land battle, ravaging, siege."""

from __future__ import annotations

from engine.core.battle_record import BattleRecord
from engine.core.ruleset import Context
from engine.core.view import BATTLE_END

from .army import Army, free_leader, muster
from .battle import GUARD, Side, army_destroyed, fight, kill_leader, strength
from .board import board
from .components import MAJORS
from .control import relation, side_of, stance_to, standing, zoi_covers
from .movement import path_type, routes
from .siege import SIEGE_COST, ravage, retreat_ships, siege
from .state import CAVALRY, HOPLITE, NAVAL, PpwState, add_sps, log

INTERCEPT_NEED = 4  # rule 4.6: d6 of 4 or more


def transit(major: str) -> str:
    """Where an army stands while it marches (not a map space: it lives inside one action)."""
    return f"~{major}"


def legal_order(s: PpwState, major: str, origin: str, kind: str, to: str) -> Army | None:
    army = muster(s, major, origin, kind)
    if army is None or army.cost > s["majors"][major]["treasury"]:
        return None
    if to not in routes(s, major, origin, army.land, army.naval):
        return None
    return army


def record_battle(s: PpwState, ctx: Context, rec: BattleRecord) -> None:
    s["battle"] = rec  # type: ignore[typeddict-item]
    ctx.event(BATTLE_END, "battle", battle=rec)


def execute(s: PpwState, ctx: Context, major: str, origin: str, kind: str, to: str) -> None:
    """Rule 3.1: an order is checked again when its turn comes; one no longer legal is a
    pass."""
    army = legal_order(s, major, origin, kind, to)
    if army is None:
        log(s, "order_void", major=major)
        return
    route = routes(s, major, origin, army.land, army.naval)[to]
    s["majors"][major]["treasury"] -= army.cost
    t = transit(major)
    add_sps(s, origin, major, -army.hoplite, -army.cavalry, -army.naval)
    vacate(s, major, origin)
    add_sps(s, t, major, army.hoplite, army.cavalry, army.naval)
    s["leaders"][army.leader] = "busy"
    s["leader_at"][army.leader] = t
    log(s, "march", major=major, leader=army.leader, origin=origin, to=to,
        sps=[army.hoplite, army.cavalry, army.naval])
    march(s, ctx, major, army.leader, origin, route)
    leader_alone(s, major, army.leader)


def march(s: PpwState, ctx: Context, major: str, leader: str, origin: str,
          route: tuple[str, ...]) -> None:
    here, to = origin, route[-1]
    tried: set[tuple[str, str]] = set()  # rule 4.6: stacks that tried to intercept
    for step in route:
        ptype = path_type(here, step)
        if ptype == "open_sea" and storm(s, ctx, major, leader):
            return
        entered(s, major, step)
        last = step == to and bool(hostile_here(s, major, step))
        if not last and not intercept(s, ctx, major, leader, step, ptype, tried):
            come_back(s, major, origin, leader)
            return
        here = step
    arrive(s, ctx, major, leader, origin, to)


def entered(s: PpwState, major: str, space: str) -> None:
    """Rule 6.2: an army with land SPs that enters a space of an enemy major's home
    area, on its way or at its objective, costs that major the +1 of a home area no
    enemy land SP entered."""
    b = board()
    army = s["forces"].get(transit(major), {}).get(major, [0, 0, 0])
    if not army[HOPLITE] + army[CAVALRY]:
        return
    me = side_of(s, major) or major
    for victim in MAJORS:
        if b.city_states[victim].area == b.area_of[space] \
                and relation(s, me, side_of(s, victim) or victim) == "war":
            s["tally"][victim]["enemy_in_home_area"] = True


def leader_alone(s: PpwState, major: str, leader: str) -> None:
    """Rule 1.12: a leader left with no friendly SPs or garrison dies in an unfriendly or
    neutral space, and in a friendly one leaves the map until the end of the turn."""
    at = s["leader_at"].get(leader)
    if at is None or s["leaders"].get(leader) != "busy":
        return
    here = s["forces"].get(at, {})
    if any(stance_to(s, major, o) == "friendly" for o in here) \
            or (at in s["garrisons"] and stance_to(s, major, s["garrisons"][at]) == "friendly"):
        return
    if standing(s, major, at) == "friendly":
        del s["leader_at"][leader]
        s["leaders"][leader] = "away"
        log(s, "leader_away", leader=leader)
    else:
        kill_leader(s, leader)


def hostile_here(s: PpwState, major: str, space: str) -> list[str]:
    return [o for o in s["forces"].get(space, {})
            if not o.startswith("~") and stance_to(s, major, o) == "unfriendly"]


def storm(s: PpwState, ctx: Context, major: str, leader: str) -> bool:
    """Rule 4.3: crossing the open sea, a 5 or 6 sinks the army and drowns its leader
    (Gylippus' crossings sink only on a 6, rule 8.3)."""
    die = ctx.die()
    need = 6 if board().leaders[leader].special == "sailor" else 5
    log(s, "storm", major=major, die=die, need=need)
    if die < need:
        return False
    army = s["forces"].pop(transit(major), {}).get(major, [0, 0, 0])
    if army[NAVAL]:
        s["tally"][major]["naval_lost"] += army[NAVAL]
    kill_leader(s, leader)
    return True


def intercept(s: PpwState, ctx: Context, major: str, leader: str, step: str,
              ptype: str, tried: set[tuple[str, str]]) -> bool:
    """Rule 4.6: entering a space in an unfriendly ZOI invites interception. Each hostile
    side whose stacks cover the space (land stacks along land or combined paths, ships
    along naval or combined) tries on its standing order: it reacts when its reacting
    SPs at least match the army's, never from a major's home space; a stack tries once
    an operation (`tried`). d6 of 4 or more (+2 from the entered space itself; -1
    against a leader of skill 1 or more) brings a skirmish; the army goes on unless it
    loses (at sea, losing drowns the troops beyond its ships' lift, rule 4.4, R24).
    Returns whether it goes on."""
    b = board()
    t = transit(major)
    mover = s["forces"].get(t, {}).get(major, [0, 0, 0])
    sides: dict[str, list[tuple[str, str, bool]]] = {}
    for space in b.land_zoi[step] | b.sea_zoi[step]:
        if b.major_home(space) is not None:
            continue
        for owner in s["forces"].get(space, {}):
            if owner.startswith("~") or stance_to(s, major, owner) != "unfriendly" \
                    or (space, owner) in tried:
                continue
            land, sea = zoi_covers(s, owner, space, step)
            if land and ptype in ("land", "combined"):
                sides.setdefault(side_of(s, owner) or owner, []).append((space, owner, False))
            elif sea and ptype in ("naval", "combined", "open_sea"):
                sides.setdefault(side_of(s, owner) or owner, []).append((space, owner, True))
    for enemy in sorted(sides):
        stacks = sides[enemy]
        # along a combined path the land stacks react first (rule 4.6)
        naval = ptype in ("naval", "open_sea") or not any(not n for _, _, n in stacks)
        stacks = [x for x in stacks if x[2] == naval]
        theirs = sum(s["forces"][sp][o][NAVAL] if naval else
                     s["forces"][sp][o][HOPLITE] + s["forces"][sp][o][CAVALRY]
                     for sp, o, _ in stacks)
        mine = mover[NAVAL] if naval else mover[HOPLITE] + mover[CAVALRY]
        if not stacks or mine == 0 or theirs < mine:
            continue
        tried.update((sp, o) for sp, o, _ in stacks)
        die = ctx.die()
        mods = (2 if any(sp == step for sp, _, _ in stacks) else 0) \
            - (1 if board().leaders[leader].skill >= 1 else 0)
        log(s, "interception", major=major, by=enemy, space=step, die=die, mods=mods)
        if die + mods < INTERCEPT_NEED:
            continue
        attacker = Side(enemy, [(sp, o) for sp, o, _ in stacks])
        defender = Side(major, [(t, major)], leader=leader)
        winner, rec = fight(s, ctx, step, attacker, defender, naval, skirmish=True)
        if naval and winner != major:
            drown(s, ctx, rec, defender)
        record_battle(s, ctx, rec)
        if winner != major or leader not in s["leader_at"]:
            return False  # beaten, or leaderless (rule 3.3): back where it set out from
    return True


def come_back_sps(s: PpwState, major: str, origin: str) -> None:
    army = s["forces"].pop(transit(major), {}).get(major)
    if army:
        add_sps(s, origin, major, *army)


def come_back(s: PpwState, major: str, origin: str, leader: str) -> None:
    """Rule 5.5: a beaten army goes back where it set out from."""
    come_back_sps(s, major, origin)
    if s["leaders"].get(leader) == "busy":
        s["leader_at"][leader] = origin
    log(s, "returned", major=major, to=origin)


def arrive(s: PpwState, ctx: Context, major: str, leader: str, origin: str, to: str) -> None:
    """Rule 5.1: at the objective, a naval battle, a land battle, ravaging, a siege; each
    only where it applies."""
    b = board()
    t = transit(major)
    army = s["forces"].get(t, {}).get(major, [0, 0, 0])
    if army[NAVAL] and naval_foes(s, major, to) and not sea_battle(s, ctx, major, leader, to):
        come_back(s, major, origin, leader)
        return
    army = s["forces"].get(t, {}).get(major, [0, 0, 0])
    if leader not in s["leader_at"]:
        come_back_sps(s, major, origin)
        return
    if army[HOPLITE] + army[CAVALRY] and not land_battle(s, ctx, major, leader, to):
        come_back(s, major, origin, leader)
        return
    army = s["forces"].get(t, {}).get(major, [0, 0, 0])
    fighting = army[HOPLITE] + army[CAVALRY] > 0 and leader in s["leader_at"]
    if fighting and ravage(s, major, to):  # before the army's occupation makes it friendly
        second_ravage(s, major, leader, to)
    settle(s, major, leader, to)
    if not fighting:
        return
    if to in b.fortress and standing(s, major, to) == "unfriendly" \
            and s["majors"][major]["treasury"] >= SIEGE_COST:
        s["majors"][major]["treasury"] -= SIEGE_COST
        record_battle(s, ctx, siege(s, ctx, major, to, (to, major)))


def second_ravage(s: PpwState, major: str, leader: str, space: str) -> None:
    """Rule 8.3 (R29): an army led by Archidamus that has ravaged also ravages one
    neighbouring unfriendly open space (land or combined path), the first by id that can
    be ravaged (rule 5.7), as a fixed choice (DESIGN D4)."""
    b = board()
    if b.leaders[leader].special != "ravager":
        return
    for e in sorted(b.edges[space], key=lambda e: e.to):
        if e.type in ("land", "combined") and e.to not in b.fortress \
                and ravage(s, major, e.to):
            return


def naval_foes(s: PpwState, major: str, space: str) -> list[str]:
    return [o for o in hostile_here(s, major, space) if s["forces"][space][o][NAVAL]]


def sea_battle(s: PpwState, ctx: Context, major: str, leader: str, to: str) -> bool:
    """Rules 5.2-5.4: the army's ships fight the hostile ships in the space; land SPs
    beyond what the surviving ships carry go down with the rest (rule 4.4)."""
    t = transit(major)
    foes = naval_foes(s, major, to)
    enemy = side_of(s, foes[0]) or foes[0]
    defender = Side(enemy, [(to, o) for o in foes if (side_of(s, o) or o) == enemy],
                    leader=home_defender(s, to, enemy))
    attacker = Side(major, [(t, major)], leader=leader)
    winner, rec = fight(s, ctx, to, attacker, defender, True)
    if winner == major:
        record_battle(s, ctx, rec)
        for _, owner in defender.stacks:
            retreat_ships(s, owner, to)
        return True
    drown(s, ctx, rec, attacker)
    record_battle(s, ctx, rec)
    return False


def drown(s: PpwState, ctx: Context, rec: BattleRecord, mover: Side) -> None:
    """Rule 4.4: when the moving army's ships lose a fight at sea (a battle or an
    interception's skirmish), its land SPs beyond what the surviving ships carry are
    lost; rule 5.6 then applies to its leader if nothing is left."""
    t = transit(mover.major)
    army = s["forces"].get(t, {}).get(mover.major, [0, 0, 0])
    over = army[HOPLITE] + army[CAVALRY] - army[NAVAL]
    if over > 0:
        h = min(army[HOPLITE], over)
        add_sps(s, t, mover.major, -h, -(over - h), 0)
        army_destroyed(s, ctx, rec, mover)


def home_defender(s: PpwState, space: str, enemy: str) -> str | None:
    """Rule 5.2 (RULES.md): when a major's home space sees a battle that its
    side defends, its best free leader leads the defence (the leader of an army standing
    there, else the best in its pool)."""
    home = board().major_home(space)
    if home is None or s["majors"][home]["surrendered_to"] is not None \
            or home != enemy:
        return None
    ldr = free_leader(s, home, space)
    if ldr is None or s["leaders"][ldr] != "pool" and s["leader_at"].get(ldr) != space:
        return None
    return ldr


def land_battle(s: PpwState, ctx: Context, major: str, leader: str, to: str) -> bool:
    """Rules 5.2-5.5: the hostile land SPs in the space (with a major's home guard) fight
    the army, unless they stand behind walls: in a fortress, defenders outnumbered by the
    army stay inside (their standing order) and are besieged instead. Returns whether
    the army holds the field."""
    b = board()
    t = transit(major)
    foes = [o for o in hostile_here(s, major, to)
            if s["forces"][to][o][HOPLITE] + s["forces"][to][o][CAVALRY]]
    home = b.major_home(to)
    guard = GUARD if home is not None and stance_to(s, major, home) == "unfriendly" else 0
    if not foes and not guard:
        return True
    enemy = side_of(s, foes[0]) or foes[0] if foes else side_of(s, home) or str(home)
    stacks = [(to, o) for o in foes if (side_of(s, o) or o) == enemy]
    # rule 5.3: +1 to a defender in its own home space: a major's (its home guard
    # stands there), or a minor's whose own SPs defend it
    owner = b.home_of.get(to)
    at_home = home is not None and side_of(s, home) == enemy \
        or owner is not None and any(o == owner for _, o in stacks)
    # rule 5.2: the place's garrison sallies with its side's SPs
    gar = s["garrisons"].get(to)
    sally = to if foes and gar is not None and (side_of(s, gar) or gar) == enemy else None
    defender = Side(enemy, stacks, leader=home_defender(s, to, enemy), guard=guard,
                    at_home=at_home, garrison=sally)
    attacker = Side(major, [(t, major)], leader=leader)
    mine = s["forces"][t][major][HOPLITE] + s["forces"][t][major][CAVALRY]
    if to in b.fortress and strength(s, defender, False) < mine:
        log(s, "behind_walls", space=to, side=enemy)
        return True
    winner, rec = fight(s, ctx, to, attacker, defender, False)
    record_battle(s, ctx, rec)
    if winner != major:
        return False
    if to not in b.fortress:
        for _, owner in defender.stacks:
            retreat(s, owner, to, major)
    return True


def retreat(s: PpwState, owner: str, space: str, victor: str) -> None:
    """Rule 5.5: beaten land SPs outside walls fall back to the nearest friendly space by
    a legal path for land SPs (land and combined paths, spaces rule 4.5 lets their side
    enter), however far (R26; among the nearest, the first the breadth-first search of
    `routes` finds, each space's paths taken in id order, as a march's route is
    chosen); with none to go to they surrender and are removed, and a major's own
    surrendered citizens give the victor a hostage."""
    held = s["forces"].get(space, {}).get(owner)
    if not held:
        return
    have = list(held)  # a copy: add_sps changes the state's own list
    side = side_of(s, owner) or owner
    add_sps(s, space, owner, -have[0], -have[1], 0)
    if side in MAJORS:
        for to in routes(s, side, space, have[0] + have[1], 0):
            if standing(s, side, to) == "friendly":
                add_sps(s, to, owner, have[0], have[1], 0)
                log(s, "fell_back", owner=owner, space=space, to=to)
                return
    if owner in MAJORS and have[0] + have[1] and victor in MAJORS:
        hostages = s["majors"][victor]["hostages"]
        hostages[owner] = hostages.get(owner, 0) + 1
    log(s, "surrendered_in_field", owner=owner, space=space)


def vacate(s: PpwState, major: str, space: str) -> None:
    """Rule 1.5: an occupier whose SPs all leave a non-fortress space no longer holds
    it; a major still there takes it over (the first by id: we do not keep who came
    next), else it goes back to its original controller."""
    if s["occupier"].get(space) != major or major in s["forces"].get(space, {}):
        return
    others = sorted(o for o in s["forces"].get(space, {}) if o in MAJORS)
    if others:
        s["occupier"][space] = others[0]
    else:
        del s["occupier"][space]


def settle(s: PpwState, major: str, leader: str, to: str) -> None:
    """The army stands in its objective until the phase ends (rule 3.5); in a non-fortress
    space the first major to occupy it controls it (rule 1.5)."""
    army = s["forces"].pop(transit(major), {}).get(major)
    if army:
        add_sps(s, to, major, *army)
    if s["leaders"].get(leader) == "busy":
        s["leader_at"][leader] = to
    if to not in board().fortress and to not in board().home_of:
        occ = s["occupier"].get(to)
        if occ is None or occ not in s["forces"].get(to, {}):
            s["occupier"][to] = major
