"""The political phase (rules 6.1-6.5), carried out without questions: plague,
bellicosity, surrender, rebellion, the leaders' comings and goings."""

from __future__ import annotations

from engine.core.ruleset import Context

from .board import board
from .components import MAJORS
from .control import relation, side_of, stance_to, standing, zoi_covers
from .economic import TRADE, trade_open
from .state import HOPLITE, PpwState, add_sps, log, pair
from .surrender import surrender

PLAGUE_NEED = 10  # rule 6.1: d6 + friendly hoplite SPs at home
PLAGUE_FLOOR = 1000  # rule 6.1: the plague's 500 talents never take the treasury below this
REBEL_NEED = 12  # rule 6.4: 2d6 + resentment + modifiers
LOW_TREASURY = 250  # rule 6.2
RESERVE = 1000  # rule 6.2 (brief D7.5): Athens' emergency reserve, its last 1,000 talents
MACEDON_NEIGHBOURS = ("chalcidice", "thrace")  # rule 6.4: stirred by a hostile Macedon


def plague(s: PpwState, ctx: Context) -> None:
    """Rule 6.1: Athens and Corinth, once a game each, after their home space was ravaged:
    d6 + friendly hoplite SPs there, 10 or more: 2 hoplite SPs and 500 talents lost."""
    b = board()
    for major in ("athens", "corinth"):
        card = s["majors"][major]
        home = b.city_states[major].home
        if card["plague_done"] or home not in s["ravaged"] or card["surrendered_to"]:
            continue
        hop = sum(v[HOPLITE] for o, v in s["forces"].get(home, {}).items()
                  if stance_to(s, major, o) == "friendly")
        die = ctx.die()
        struck = die + hop >= PLAGUE_NEED
        log(s, "plague_roll", major=major, die=die, hoplites=hop, struck=struck)
        if not struck:
            continue
        card["plague_done"] = True
        own = s["forces"].get(home, {}).get(major, [0, 0, 0])[HOPLITE]
        add_sps(s, home, major, -min(2, own), 0, 0)
        card["treasury"] = max(min(card["treasury"], PLAGUE_FLOOR), card["treasury"] - 500)
        s["tally"][major]["plague"] = True
        if s["leaders"].get("pericles") in ("pool", "busy") and major == "athens" \
                and ctx.die() <= 4:
            s["leaders"]["pericles"] = "dead"  # rule 8.3
            s["leader_at"].pop("pericles", None)
            log(s, "leader_killed", leader="pericles")


def bellicosity_change(s: PpwState, major: str) -> dict[str, int]:
    """Rule 6.2: this turn's reasons for a major's bellicosity to move (the net change is
    kept between -4 and +2)."""
    b = board()
    t = s["tally"][major]
    cs = b.city_states[major]
    area = b.area_spaces[cs.area]
    out: dict[str, int] = {}
    walls = s["leaders"].get("pericles") in ("pool", "busy") and major == "athens"
    if any(sp in s["ravaged"] for sp in area) and not walls:
        out["home_area_ravaged"] = -1
    if cs.home in s["ravaged"]:
        out["home_ravaged"] = -1
    lost = sum(1 for sp in area if sp in b.fortress and standing(s, major, sp) != "friendly")
    if lost:
        out["home_fortresses_lost"] = -min(2, lost)
    if not t["enemy_in_home_area"]:
        out["home_area_safe"] = 1
    if t["battles_won"]:
        out["battles_won"] = min(2, t["battles_won"])
    if t["battles_lost"]:
        out["battles_lost"] = -min(2, t["battles_lost"])
    if t["ravaged_enemy_home"]:
        out["ravaged_enemy_home"] = 1
    if t["naval_lost"] >= 6:
        out["fleet_lost"] = -2
    if t["great_leader_lost"]:
        out["great_leader_lost"] = -1
    if t["plague"]:
        out["plague"] = -2
    if any(card["hostages"].get(major) for m, card in s["majors"].items() if m != major):
        out["hostages_held"] = -1
    if t["tributaries_lost"]:
        out["tributaries_lost"] = -min(2, t["tributaries_lost"])
    if t["gains"]:
        out["gains"] = 1
    if major == "athens" and not trade_open(s, major, *TRADE[major][0][1:]):
        out["grain_cut"] = -1  # the Pontic grain route (rule 7.1)
    # at peace all turn: no war now, and no peace made this turn (it ended a war)
    if all(s["relations"].get(pair(major, o)) != "war"
           and s["treaty_turn"].get(pair(major, o)) != s["turn"]
           for o in MAJORS if o != major):
        out["peace"] = 2 if s["majors"][major]["bellicosity"] <= 5 else 1
    if s["majors"][major]["treasury"] < LOW_TREASURY:
        out["poor"] = -1
    if major == "athens" and reserve_spent(s) and not fleet_off_piraeus(s):
        out["reserve_spent"] = -1
    return out


def reserve_spent(s: PpwState) -> bool:
    """Rule 6.2 (R30, brief D7.5): Athens has spent into its last 1,000 talents, for the first time."""
    return not s.get("reserve_broached") and s["majors"]["athens"]["treasury"] < RESERVE


def fleet_off_piraeus(s: PpwState) -> bool:
    """Rule 6.2 (R30, brief D7.5): an enemy fleet whose sea ZOI covers Piraeus, the one danger for
    which Athens set its reserve aside."""
    return any(stance_to(s, "athens", owner) == "unfriendly" and zoi_covers(s, owner, sp, "PIR")[1]
               for sp, here in s["forces"].items() if not sp.startswith("~") for owner in here)


def adjust_bellicosity(s: PpwState) -> None:
    for major in MAJORS:
        card = s["majors"][major]
        if card["surrendered_to"] is not None:
            # rule 6.3: a junior partner regains 1 a turn while its side is at peace
            side = side_of(s, major) or major
            if all(relation(s, side, side_of(s, o) or o) != "war" for o in MAJORS):
                card["bellicosity"] = min(12, card["bellicosity"] + 1)
                log(s, "bellicosity", major=major, change=1, now=card["bellicosity"])
            continue
        why = bellicosity_change(s, major)
        if major == "athens" and reserve_spent(s):
            s["reserve_broached"] = True  # rule 6.2: the reserve is spent once (R30)
        net = max(-4, min(2, sum(why.values())))
        card["bellicosity"] = max(0, min(12, card["bellicosity"] + net))
        log(s, "bellicosity", major=major, change=net, now=card["bellicosity"])


def dominant(s: PpwState, loser: str) -> list[tuple[int, str]]:
    """Rule 6.3: the majors at war with `loser` whose land SPs in its home area outnumber
    its own (home guard counted), or whose ships blockade its port; with their SPs in
    the home area, for the choice among them."""
    b = board()
    cs = b.city_states[loser]
    area = b.area_spaces[cs.area]
    def land(side: str) -> int:
        return sum(v[0] + v[1] for sp in area for o, v in s["forces"].get(sp, {}).items()
                   if (side_of(s, o) or o) == side)
    def all_sps(side: str) -> int:
        return sum(sum(v) for sp in area for o, v in s["forces"].get(sp, {}).items()
                   if (side_of(s, o) or o) == side)
    mine = land(loser) + 3
    port = cs.port or cs.home
    out = []
    for other in MAJORS:
        if other == loser or s["majors"][other]["surrendered_to"] is not None:
            continue
        if s["relations"].get("|".join(sorted((loser, other)))) != "war":
            continue
        ships = sum(v[2] for o, v in s["forces"].get(port, {}).items()
                    if (side_of(s, o) or o) == other)
        own_ships = sum(v[2] for o, v in s["forces"].get(port, {}).items()
                        if (side_of(s, o) or o) == loser)
        if land(other) > mine or ships and not own_ships:
            out.append((all_sps(other), other))
    return out


def surrenders(s: PpwState, ctx: Context) -> None:
    """Rule 6.3: a major at bellicosity 0 surrenders to the dominant major with the most
    SPs in its home area (a die settles a tie); with none dominant, not yet."""
    for major in MAJORS:
        card = s["majors"][major]
        if card["bellicosity"] > 0 or card["surrendered_to"] is not None:
            continue
        rivals = dominant(s, major)
        if not rivals:
            continue
        top = max(n for n, _ in rivals)
        best = sorted(o for n, o in rivals if n == top)
        victor = best[0] if len(best) == 1 else best[(ctx.die() - 1) % len(best)]
        surrender(s, major, victor)


def rebellion(s: PpwState, ctx: Context) -> None:
    """Rule 6.4: every tributary not in rebellion rolls 2d6 + its patron's resentment +
    modifiers; 12 or more and its home space and the ungarrisoned fortresses of its area
    rebel."""
    b = board()
    for cs, st in sorted(s["stances"].items()):
        if st["status"] != "tributary" or cs not in b.city_states:
            continue
        patron = side_of(s, cs)
        home = b.city_states[cs].home
        if patron is None or home in s["rebel"]:
            continue
        area = b.area_spaces[b.city_states[cs].area]
        mods = rebellion_modifiers(s, cs, patron)
        dice = ctx.roll(2)
        rose = sum(dice) + sum(mods.values()) >= REBEL_NEED
        if rose:
            s["rebel"] = sorted(set(s["rebel"]) | {home} | {
                sp for sp in area if sp in b.fortress and sp not in s["garrisons"]})
            s["tally"][patron]["tributaries_lost"] += 1
            log(s, "rebellion", city_state=cs, patron=patron, dice=dice)


def rebellion_modifiers(s: PpwState, cs: str, patron: str) -> dict[str, int]:
    """Rule 6.4: the patron's resentment; +2 with enemy land SPs in the area; +1 with
    enemy ships covering the home space at least as many as the patron's (and some);
    +1 for Chalcidice and Thrace while Macedon is on the patron's enemies' side; -2 with
    the patron's garrison in the home space; -1 with 3 or more of its ships covering it."""
    b = board()
    home = b.city_states[cs].home
    area = b.area_spaces[b.city_states[cs].area]
    mods = {"resentment": s["majors"][patron]["resentment"]}
    if any(stance_to(s, patron, o) == "unfriendly" and v[0] + v[1]
           for sp in area for o, v in s["forces"].get(sp, {}).items()):
        mods["enemy_troops"] = 2
    ships = enemy_ships = 0
    for sp in b.sea_zoi[home]:
        if home not in b.sea_zoi[sp]:
            continue
        for o, v in s["forces"].get(sp, {}).items():
            if (side_of(s, o) or o) == patron:
                ships += v[2]
            elif stance_to(s, patron, o) == "unfriendly":
                enemy_ships += v[2]
    if enemy_ships and enemy_ships >= ships:
        mods["enemy_fleet"] = 1
    if cs in MACEDON_NEIGHBOURS and stance_to(s, patron, "macedon") == "unfriendly":
        mods["macedon"] = 1
    if s["garrisons"].get(home) == patron:
        mods["garrison"] = -2
    if ships >= 3:
        mods["fleet"] = -1
    return mods


def leaders_come_and_go(s: PpwState) -> None:
    """Rule 8.2: leaders whose service has ended leave; those whose first turn comes join
    the pool (the turn that follows this phase)."""
    b = board()
    nxt = s["turn"] + 1
    for lid, ldr in b.leaders.items():
        st = s["leaders"][lid]
        if st == "dead":
            continue
        if ldr.last_turn < nxt and st != "off":
            s["leaders"][lid] = "off"
            s["leader_at"].pop(lid, None)
        elif ldr.first_turn == nxt and st == "off":
            s["leaders"][lid] = "pool"
