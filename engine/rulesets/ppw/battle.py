"""Battles and skirmishes (rules 5.3-5.6): scores, losses by margin, leader casualties,
told as a typed battle record (engine/core/battle_record.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.battle_record import BattleRecord, add_piece, add_step, close, new_record
from engine.core.ruleset import Context

from .board import board
from .components import MAJORS
from .control import stance_to
from .state import CAVALRY, NAVAL, PpwState, add_sps, log

Stack = tuple[str, str]  # (space, owner)
GUARD = 3  # rule 1.11: the home guard's hoplite SPs
DESTROYED_ARMY_DEATH = 7  # rule 5.6: 2d6 at most this kills the leader of an army destroyed


@dataclass
class Side:
    """One side of a battle: its major, the stacks that fight, its leader, the home
    guard it counts (rule 1.11), whether it fights in its own home space, and the space
    of a garrison that sallies with it (rule 5.2)."""
    major: str
    stacks: list[Stack]
    leader: str | None = None
    guard: int = 0
    at_home: bool = False
    garrison: str | None = None
    lost: int = field(default=0)


def sallying_garrison(s: PpwState, side: Side) -> int:
    """Rule 5.2: a garrison fighting beside the SPs that sally counts 1."""
    return int(side.garrison is not None and side.garrison in s["garrisons"])


def strength(s: PpwState, side: Side, naval: bool) -> int:
    total = side.guard + sallying_garrison(s, side) if not naval else 0
    for space, owner in side.stacks:
        h, c, n = s["forces"].get(space, {}).get(owner, [0, 0, 0])
        total += n if naval else h + c
    return total


def cavalry(s: PpwState, side: Side) -> int:
    return sum(s["forces"].get(sp, {}).get(o, [0, 0, 0])[CAVALRY] for sp, o in side.stacks)


def leader_skill(leader: str | None, naval: bool) -> int:
    """Rule 8.1: a naval leader has his full skill at sea and one less on land; a land
    leader the reverse."""
    if leader is None:
        return 0
    ldr = board().leaders[leader]
    return ldr.skill if ldr.naval == naval else max(0, ldr.skill - 1)


def odds_bonus(mine: int, theirs: int) -> int:
    """Rule 5.3: the larger side's bonus for odds of 3:2, 2:1 and 3:1."""
    if theirs <= 0:
        return 3 if mine > 0 else 0
    for ratio, bonus in ((3.0, 3), (2.0, 2), (1.5, 1)):
        if mine >= ratio * theirs:
            return bonus
    return 0


def seamanship_lost(s: PpwState) -> bool:
    """Rule 5.3: Athens loses its seamanship for good in a turn in which it loses 6 or
    more ships (kept from the turn's end by rule 7.5's clean-up)."""
    return bool(s.get("seamanship_lost")) or s["tally"]["athens"]["naval_lost"] >= 6


def athenian_share(s: PpwState, side: Side) -> bool:
    """Rule 5.3: Athenian seamanship for a side whose ships are at least half Athenian
    (while Athens has it)."""
    if seamanship_lost(s):
        return False
    ships = [(o, s["forces"].get(sp, {}).get(o, [0, 0, 0])[NAVAL]) for sp, o in side.stacks]
    total = sum(n for _, n in ships)
    return total > 0 and 2 * sum(n for o, n in ships if o == "athens") >= total


# rule 8.3: where Corinth's reinforced prows cancel Athenian seamanship (R29): the waters
# of Syracusia and the Gulf of Corinth from the Rhium narrows (Patrae, Naupactus) in
GULF_OF_CORINTH = frozenset({"NAU", "PAT", "PEL", "SIC", "COR", "PGE", "SIP"})


def special(leader: str | None) -> str | None:
    return None if leader is None else board().leaders[leader].special


def prows_hold(place: str, other: Side) -> bool:
    """Rule 8.3 (R29): an enemy fleet led by a leader with reinforced prows (Ariston,
    Polyanthes) in Syracusia or the Gulf of Corinth cancels Athenian seamanship."""
    return special(other.leader) == "reinforced_prows" and (
        place in GULF_OF_CORINTH or board().area_of.get(place) == "syracusia")


def leader_bonus(s: PpwState, side: Side, other: Side, place: str, naval: bool,
                 mine: int, theirs: int) -> int:
    """Rule 8.3 (R29): the battle specials of a side's leader. Phormio +1 at sea when
    his ships are outnumbered; Lysander +1 at sea against an Athenian side once Athens
    has lost its seamanship; Pagondas +1 in a land battle in Boeotia."""
    kind = special(side.leader)
    if naval:
        if kind == "outnumbered_at_sea":
            return int(mine < theirs)
        if kind == "persian_gold":
            return int(seamanship_lost(s) and other.major == "athens")
        return 0
    return int(kind == "boeotian_phalanx" and board().area_of.get(place) == "boeotia")


def loss_counts(margin: int, loser_sps: int, winner_sps: int, held: bool,
                skirmish: bool) -> tuple[int, int]:
    """Rule 5.4: SPs lost by (loser, winner) for the margin between the scores. The loser
    rounds up, the winner down; a skirmish halves both, rounding the same way (the
    loser loses at least 1)."""
    def pct(n: int, p: int, up: bool) -> int:
        q, r = divmod(n * p, 100)
        return q + (1 if up and r else 0)
    if held:
        # the side that held is the winner of the tie and rounds its tenth down
        lose, win = max(1, pct(loser_sps, 10, True)), max(1, pct(winner_sps, 10, False))
    elif margin <= 2:
        lose, win = max(1, pct(loser_sps, 20, True)), pct(winner_sps, 10, False)
    elif margin <= 4:
        lose, win = max(1, pct(loser_sps, 30, True)), pct(winner_sps, 10, False)
    else:
        lose, win = max(2, pct(loser_sps, 50, True)), 0
    if skirmish:
        # halved, and rounded as the table rounds: the loser up, the winner down (R25)
        lose, win = max(1, (lose + 1) // 2), win // 2
    return min(lose, loser_sps), min(win, winner_sps)


def take_losses(s: PpwState, rec: BattleRecord, side: Side, count: int, naval: bool,
                rule: str) -> int:
    """Remove `count` SPs from `side` (rule 5.4): allies' SPs before the major's own,
    hoplites before cavalry, a sallying garrison last (rule 5.2); the home guard is
    never lost (rule 1.11)."""
    order = sorted(side.stacks, key=lambda st: (st[1] == side.major, st))
    targets = []
    left = count
    for space, owner in order:
        if left <= 0:
            break
        h, c, n = s["forces"].get(space, {}).get(owner, [0, 0, 0])
        before = n if naval else h + c
        if naval:
            take = min(n, left)
            add_sps(s, space, owner, 0, 0, -take)
        else:
            th = min(h, left)
            tc = min(c, left - th)
            take = th + tc
            add_sps(s, space, owner, -th, -tc, 0)
        if take:
            targets.append({"target": piece_id(space, owner, naval), "before": before,
                            "after": before - take})
            left -= take
            if owner in MAJORS and naval:
                s["tally"][owner]["naval_lost"] += take
    if left > 0 and not naval and sallying_garrison(s, side):
        # rule 5.2: the garrison is lost last; its space goes back to its original
        # controller (rule 1.5)
        assert side.garrison is not None
        del s["garrisons"][side.garrison]
        targets.append({"target": f"garrison:{side.garrison}", "before": 1, "after": 0})
        left -= 1
    lost = count - left
    side.lost += lost
    add_step(rec, {"kind": "losses", "side": side.major, "hits": lost,
                   "targets": targets, "rule": rule})  # type: ignore[typeddict-item]
    return lost


def piece_id(space: str, owner: str, naval: bool) -> str:
    return f"{space}:{owner}:{'naval' if naval else 'land'}"


def leader_casualty(s: PpwState, ctx: Context, rec: BattleRecord, side: Side,
                    lost_battle: bool) -> None:
    """Rule 5.6: a leader dies on 2d6 at most his bravery, or at most bravery + 2 when
    his side lost."""
    if side.leader is None:
        return
    ldr = board().leaders[side.leader]
    dice = ctx.roll(2)
    limit = ldr.bravery + (2 if lost_battle else 0)
    killed = sum(dice) <= limit
    add_step(rec, {"kind": "leader", "side": side.major, "dice": dice, "rule": "5.6",
                   "facts": {"leader": side.leader, "limit": limit, "killed": killed}})
    if killed:
        kill_leader(s, side.leader)


def army_destroyed(s: PpwState, ctx: Context, rec: BattleRecord, side: Side) -> None:
    """Rule 5.6: a leader who lives through the battle but whose army has no SP left
    dies on two dice of 7 or less; otherwise he escapes home, where rule 1.12 says
    whether he is back in the pool (friendly SPs or a garrison there) or off the map
    until the end of the turn."""
    ldr = side.leader
    if ldr is None or ldr not in s["leader_at"] or side.guard or any(
            sum(s["forces"].get(sp, {}).get(o, [0, 0, 0])) for sp, o in side.stacks):
        return
    dice = ctx.roll(2)
    # rule 8.3 (R29): Conon always escapes when his fleet is destroyed
    killed = sum(dice) <= DESTROYED_ARMY_DEATH and special(ldr) != "escapes"
    add_step(rec, {"kind": "leader", "side": side.major, "dice": dice, "rule": "5.6",
                   "facts": {"leader": ldr, "limit": DESTROYED_ARMY_DEATH, "killed": killed,
                             "army_destroyed": True}})
    if killed:
        kill_leader(s, ldr)
        return
    major = board().leaders[ldr].city_state
    home = board().city_states[major].home
    kept = any(stance_to(s, major, o) == "friendly" for o in s["forces"].get(home, {})) \
        or home in s["garrisons"]
    s["leader_at"].pop(ldr)
    s["leaders"][ldr] = "pool" if kept else "away"
    log(s, "leader_escaped", leader=ldr)


def kill_leader(s: PpwState, leader: str) -> None:
    s["leaders"][leader] = "dead"
    s["leader_at"].pop(leader, None)
    ldr = board().leaders[leader]
    if ldr.skill >= 3 and ldr.city_state in MAJORS:
        s["tally"][ldr.city_state]["great_leader_lost"] = True
    log(s, "leader_killed", leader=leader)


def fight(s: PpwState, ctx: Context, place: str, attacker: Side, defender: Side,
          naval: bool, skirmish: bool = False) -> tuple[str, BattleRecord]:
    """One battle or skirmish (rules 5.3-5.6). Returns the winning major and the record.
    A tie means the defender holds."""
    kind = ("skirmish" if skirmish else "battle") + ("_naval" if naval else "_land")
    rec = new_record(place, kind, attacker.major, defender.major)
    for side in (attacker, defender):
        for space, owner in side.stacks:
            h, c, n = s["forces"].get(space, {}).get(owner, [0, 0, 0])
            size = n if naval else h + c
            if size:
                add_piece(rec, {"id": piece_id(space, owner, naval), "side": side.major,
                                "kind": "naval" if naval else "land", "strength": size,
                                "home": space})
        if side.guard and not naval:
            add_piece(rec, {"id": f"guard:{place}", "side": side.major, "kind": "home_guard",
                            "strength": side.guard, "home": place})
        if side.garrison is not None and sallying_garrison(s, side) and not naval:
            add_piece(rec, {"id": f"garrison:{side.garrison}", "side": side.major,
                            "kind": "garrison", "strength": 1, "home": side.garrison})
    a_str, d_str = strength(s, attacker, naval), strength(s, defender, naval)
    scores: dict[str, int] = {}
    for side, mine, theirs, other in ((attacker, a_str, d_str, defender),
                                      (defender, d_str, a_str, attacker)):
        die = ctx.die()
        mods = {"skill": leader_skill(side.leader, naval), "odds": odds_bonus(mine, theirs)
                if mine > theirs else 0}
        if naval:
            mods["seamanship"] = int(athenian_share(s, side) and not athenian_share(s, other)
                                     and not prows_hold(place, other))
        else:
            mine_c, theirs_c = cavalry(s, side), cavalry(s, other)
            mods["cavalry"] = int(mine_c > theirs_c and mine_c >= 2)
            mods["home"] = int(side.at_home)
        bonus = leader_bonus(s, side, other, place, naval, mine, theirs)
        if bonus:
            mods["special"] = bonus
        scores[side.major] = die + sum(mods.values())
        add_step(rec, {"kind": "roll", "side": side.major, "dice": [die], "rule": "5.3",
                       "facts": {**mods, "strength": mine, "score": scores[side.major]}})
    margin = scores[attacker.major] - scores[defender.major]
    attacker_won = margin > 0
    winner, loser = (attacker, defender) if attacker_won else (defender, attacker)
    w_str, l_str = (a_str, d_str) if attacker_won else (d_str, a_str)
    # the home guard is never lost (rule 1.11): losses are counted on real SPs only
    l_real = max(0, l_str - (0 if naval else loser.guard))
    w_real = max(0, w_str - (0 if naval else winner.guard))
    # a tie: the defender holds and each side loses its tenth (rule 5.4)
    lose, win = loss_counts(abs(margin), l_real, w_real, margin == 0, skirmish)
    take_losses(s, rec, loser, lose, naval, "5.4")
    take_losses(s, rec, winner, win, naval, "5.4")
    for side in (winner, loser):
        leader_casualty(s, ctx, rec, side, side is loser)
        army_destroyed(s, ctx, rec, side)
    if loser.lost >= 2:  # rule 6.2 counts battles that cost the loser 2 SPs or more
        for side, key in ((winner, "battles_won"), (loser, "battles_lost")):
            if side.major in MAJORS:
                s["tally"][side.major][key] += 1  # type: ignore[literal-required]
    close(rec, winner.major, "attacker_won" if attacker_won else "defender_held")
    log(s, "battle", place=place, naval=naval, skirmish=skirmish, attacker=attacker.major,
        defender=defender.major, winner=winner.major)
    return winner.major, rec
