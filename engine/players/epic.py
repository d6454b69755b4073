"""The Epic heuristic (The Epic of the Peloponnesian War, the Argive League, rule 22.0): a
position score read from a seat's view (engine/rulesets/epic/view.py) and rules of thumb
for decisions that rest on dice.

What decides the Argive League is how many regions Athens controls when it ends (22.5):
four or more, a decisive Athenian victory; three, an Athenian one; two, a Spartan one; one
or none, a decisive Spartan one. A region changes hands only at a yearly control check,
when its Allegiance (AL, read from its controller's side) has fallen below -2 (4.3.1), so
the score's main term is the expected result of that table: each region's chance to
change hands follows from how far its AL stands above the threshold, less what enemy
pressure there (an enemy-held city, enemy units alone in an Area: 13.4) may still take
before the next check. Around it: AL and ML, cities held against their region, units
alive and in play, talents, sieges, leaders, our capital's safety (taking a capital ends
the war, 21.1) and the odds of the attacks our moves have set up. The map and the tables
are public component data; nothing here reads a game's state.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from functools import cache
from typing import Any

from ..core import decisions
from ..core.rng import Rng
from ..core.types import Prompt
from ..rulesets.epic import board as B
from ..rulesets.epic import menus
from ..rulesets.epic.combat import odds_index
from ..rulesets.epic.sieges import MORALE as SIEGE_MORALE
from ..rulesets.epic.sieges import NEED as SIEGE_NEED
from . import epic_cards as cards
from . import epic_moves as mv
from . import epic_peace as peace
from . import epic_policy as policy
from . import epic_reach as reach
from . import epic_stage as stage
from .base import Lookahead, Preview
from .epic_policy import other, side_of
from .epic_reach import PULL
from .heuristic import RulesetHeuristic, best_by_lookahead

WIN = 1000.0
FLIP_AT = -3          # a region whose AL is -3 or less at a control check changes hands
SEASONS = 4

# Weights, in units (one unit alive is worth about 1.5).
VICTORY = 40.0        # the expected 22.5 result, from -1.25 to +1.25
AL_POINT = 0.15       # one point of AL in a region (ours up, theirs down), up to AL_CAP
AL_CAP = 10
ML_POINT = 0.05       # one point of ML in one of our regions (ML below 5: no placing, 4.4.2)
ML_LOW = 1.0          # each of our regions whose ML is below 5
PRESSURE = 0.8        # a region of theirs we press (13.4), or of ours they press
CITY = 0.7            # per size point of a city held against its region's controller
ALIVE = 1.5           # a unit of ours alive (no builds in 22: losses are for good)
IN_PLAY = 0.4         # a unit of ours on the map
TALENT = 0.12         # a talent in the treasury (supply is paid from it, 9.1)
SHORT_NOW = 1.9      # a talent short of the next upkeep: a unit goes unsupplied (9.1)
# a talent short of the year's upkeep, at the current size: light, for units may still be
# sent home or forage in enemy regions (9.4) before then; at 0.3 an army leaving its home
# city for the enemy region we aim at cost more than the march gained, and Sparta sat at
# home while Elis held (2026-11-29: 5 of 20 Argive League games lost as Sparta that way)
SHORT_LATER = 0.1
SIEGE = 1.0           # per size point of a city we besiege (or they do)
LEADER = 0.8          # a leader rating point on the map
LED = 0.3             # a land unit of ours in a hex with a leader of ours (up to LED_CAP)
LED_CAP = 6
# A free leader this many hexes from a leaderless stack of ours adds nothing; nearer, up to
# LEADER_NEAR of what he would add beside it (one step nearer is worth a little).
LEADER_PULL = 10
LEADER_NEAR = 0.8
CAPITAL_LOST = 60.0   # enemy land units alone in our capital's hex
CAPITAL_THREAT = 1.2  # each enemy land unit next to our capital
CAPITAL_GUARD = 0.3   # each of our land units in the capital (up to GUARD_CAP)
# Enemy land units within a march of our capital (reach.CAPITAL_REACH, 16.5) beyond
# what its defenders hold (walls double them, 18.6): each may be the one that takes it
# next turn (21.1). A flat cap on the guard left Sparta, which has no walls, to the first
# army that massed next door (the aggressive gauntlet player took it in 4 games of 4).
CAPITAL_DANGER = 3.0
# Our capital under siege (10.3): a siege that runs its course takes it (21.1), and only a
# field army coming home can lift it; the flat SIEGE term (1 a size point) never called one.
CAPITAL_SIEGED = 20.0
# Our home region changing hands ends the game (21.1): its chance to flip, times this.
HOME_LOST = 120.0
GUARD_CAP = 4
# The enemy region we aim at pulls our land units within PULL hexes of it, APPROACH a hex
# nearer. Counted as a reward for being near, not a cost for being far: a cost made every
# unit placed (7.3) worth less than one left in the Force Pool (which stands nowhere), so
# Sparta fielded 7 of its 34 units and sat at home while Elis held (2026-11-29: 4 of 12
# Argive League games lost as Sparta that way, `hs1`).
APPROACH = 0.1
ATTACK = 1.0          # per unit of advantage in a hex where both sides' units meet
BATTLE_AL = 2         # 13.4: a victory in a region moves its AL this much
DECISIVE_AL = 5       # and a decisive one (3 or more enemy units killed) this much
SIZE = {"S": 1, "M": 2, "L": 3}
# The 22.5 table from Athens' side: regions held -> worth (decisive results count more).
TABLE = {4: 1.25, 3: 1.0, 2: -1.0, 1: -1.25}


def _table(n: int) -> float:
    return TABLE[max(1, min(4, n))]


def checks_left(view: dict[str, Any]) -> int:
    """Yearly control checks still to come: one at the start of every year after the
    first, the last one at the start of the scenario's last year (22.4.1, 4.3.1)."""
    last = B.comps().scenarios[view["scenario"]].last_year
    return max(0, int(view["year"]) - int(last)) if last is not None else 1


def pressed(view: dict[str, Any], region: str, foe: str, seen: Seen) -> bool:
    """Whether `foe` presses `region` this season (13.4): holds an unmasked city there,
    or has land units alone in one of its Areas (worked out once per evaluation)."""
    key = (region, foe)
    if key not in seen.pressed:
        seen.pressed[key] = _pressed(view, region, foe, seen)
    return seen.pressed[key]


def _pressed(view: dict[str, Any], region: str, foe: str, seen: Seen) -> bool:
    for city in B.region_cities(region):
        if B.city_owner(view, city.name) == foe and not _masks(seen, city.hex, other(foe)):
            return True
    return any(seen.by_area.get(area) == {foe} for area in B.comps().region_areas[region])


def _masks(seen: Seen, h: str, side: str) -> bool:
    """Whether `side`'s land units in the hex of an enemy place keep it masked (10.2.2):
    as many as its holder's units inside at least, or these come out and fight them
    (10.2.1a). A lone Spartan at Athenian Mantinea, with three Argives inside, looked
    to stop Mantinea pressing Arcadia (13.4); they came out, beat him, and Arcadia went
    over to Athens (`t9bait-taker:0`)."""
    n = seen.land_count.get(h, {})
    return n.get(side, 0) > 0 and n.get(side, 0) >= n.get(other(side), 0)


def flip_chance(al: int, drift: float, checks: int, seasons: int) -> float:
    """The chance a region changes hands before the end: its AL's margin above the
    threshold, less the drift expected from pressure now, on a soft step that widens
    with the seasons still to play (much can happen to a region in three years)."""
    if checks <= 0:
        return 0.0
    margin = al - FLIP_AT - drift + 0.5
    scale = 1.0 + 0.6 * math.sqrt(max(0, seasons))
    return 1.0 / (1.0 + math.exp(min(50.0, margin / scale)))


def expected_result(view: dict[str, Any], seen: Seen) -> float:
    """The expected worth for Athens of the scenario's victory table: the distribution of
    what Athens will hold (regions in the Argive League, 22.5; the regions' BTV in the
    Campaigns, 24.8, 25.4), each region changing hands with its own chance."""
    checks = checks_left(view)
    season_left = SEASONS - int(view["season"])
    chances = []
    for region, r in sorted(view["regions"].items()):
        side = r["side"]
        drift = seen.battles.get(region, 0.0) if side in ("athens", "sparta") else 0.0
        if side in ("athens", "sparta") and pressed(view, region, other(side), seen):
            drift += 0.5 * season_left  # 13.4: -1 AL on 4-6 each season under pressure
        p = flip_chance(int(r["al"]), drift, checks, season_left + SEASONS * (checks - 1))
        chances.append((region, (1 - p) if side == "athens" else p if side == "sparta" else 0.0))
    return _result(str(view["scenario"]), chances)


def _result(scenario: str, chances: list[tuple[str, float]]) -> float:
    """The expected worth for Athens of the scenario's table, each region (name, chance
    Athens holds it at the end) counted as one (regions) or at its BTV."""
    measure, worth = _table_of(scenario)
    btv = B.comps().regions
    sure = 0  # what Athens holds all but surely (the many regions far from changing hands)
    dist = [1.0]  # dist[n]: the chance Athens holds n besides
    for region, athens in chances:
        if athens <= SURE or region not in btv:
            continue
        step = 1 if measure == "athenian_regions" else btv[region].btv
        if athens >= 1 - SURE:
            sure += step
            continue
        nxt = [q * (1 - athens) for q in dist] + [0.0] * step
        for n, q in enumerate(dist):
            nxt[n + step] += q * athens
        dist = nxt
    return sum(q * worth(sure + n) for n, q in enumerate(dist) if q)


SURE = 1e-4  # a chance this near 0 or 1 is taken as certain (the sums stay short)


LEVEL = {"decisive": 1.25, "victory": 1.0}


@cache
def _table_of(scenario: str) -> tuple[str, Callable[[int], float]]:
    """The scenario's measure and its table, from Athens' side: a decisive win 1.25, a
    win 1, a stalemate or draw 0, a loss -1, a decisive loss -1.25. Below every listed
    level Athens loses (with allies, 24.8 and 25.4: under 26 BTV the League wins); the
    fantasies, judged otherwise, keep the Argive League's count of regions (22.5)."""
    levels = [v for v in B.comps().scenarios[scenario].victory
              if v.measure in ("athenian_btv", "athenian_regions")]
    if not levels:
        return "athenian_regions", _table

    def level(n: int) -> float:
        for v in levels:
            if (v.min is None or n >= v.min) and (v.max is None or n <= v.max):
                sign = 1 if v.side == "athens" else 0 if v.side == "none" else -1
                return sign * LEVEL.get(v.level, 1.0)
        return -1.0
    table = [level(n) for n in range(TOP + 1)]
    return levels[0].measure, lambda n: table[min(n, TOP)]


TOP = 200  # more than every region's BTV together


@functools.lru_cache(maxsize=1024)
def _stakes(scenario: str, levels: tuple[tuple[str, str, int], ...], checks: int,
            season_left: int) -> dict[str, float]:
    """Region -> what one AL point there is worth to the scenario's result (either side's
    gain: the table's change between its AL one up and one down, halved), from the
    regions' (name, side, AL) alone. Where our armies are wanted: the region we aim to
    take, but also one of ours about to change hands (Achaea, AL 0 at the start, went
    over to Athens to a lone Athenian hoplite while Sparta's seven stood at Lepreum
    besieging nothing, `e5s:2`)."""
    seasons = season_left + SEASONS * max(0, checks - 1)

    def athens(side: str, al: int) -> float:
        p = flip_chance(al, 0.0, checks, seasons)
        return (1 - p) if side == "athens" else p if side == "sparta" else 0.0
    held = [(region, athens(side, al)) for region, side, al in levels]
    out: dict[str, float] = {}
    for i, (region, side, al) in enumerate(levels):
        if side not in ("athens", "sparta"):
            continue
        ends = [_result(scenario, [*held[:i], (region, athens(side, al + step)), *held[i + 1:]])
                for step in (1, -1)]
        out[region] = abs(ends[0] - ends[1]) / 2
    return out


class Seen:
    """Where the land units stand, worked out once per evaluation: hex -> side -> land
    units there (`land_count`, a sea Area or no hex for units off the land map), hex ->
    sides with land units there, land Area -> sides with land units in it; and, read for
    `me`, the land units that would fight in each hex (`fight`: ours shut in a place of
    ours the enemy masks take no part, 10.2.2d)."""

    def __init__(self, view: dict[str, Any], me: str | None = None):
        hexes = B.comps().hexes
        self.land_at: dict[str, set[str]] = {}
        self.pressed: dict[tuple[str, str], bool] = {}
        self.by_area: dict[str, set[str]] = {}
        counts: dict[str, dict[str, int]] = {}
        self.fleets: dict[str, dict[str, int]] = {}  # hex -> side -> fleets there
        for u in view["units"].values():
            if u["where"] != "map":
                continue
            if u["type"] == "fleet":
                at = self.fleets.setdefault(u["hex"], {})
                at[u["side"]] = at.get(u["side"], 0) + 1
                continue
            n = counts.setdefault(u["hex"], {})
            n[u["side"]] = n.get(u["side"], 0) + 1
            if u["hex"] not in hexes:
                continue
            self.land_at.setdefault(u["hex"], set()).add(u["side"])
            area = hexes[u["hex"]].area
            if area is not None:
                self.by_area.setdefault(area, set()).add(u["side"])
        self.land_count = counts  # hex -> side -> land units there
        self.fight = _fighting(view, counts, side_of(me)) if me is not None else counts
        self.battles = _battle_drift(view, self.fight)
        if me is not None:
            for region, d in _exposed_cities(view, counts, side_of(me)).items():
                self.battles[region] = self.battles.get(region, 0.0) + d
            for region, d in _exposed_stacks(view, counts, side_of(me)).items():
                self.battles[region] = self.battles.get(region, 0.0) + d
        for region, d in _siege_drift(view, counts, self.fleets).items():
            self.battles[region] = self.battles.get(region, 0.0) + d


def _fighting(view: dict[str, Any], counts: dict[str, dict[str, int]],
              me: str) -> dict[str, dict[str, int]]:
    """`counts` less our land units shut in a place of ours that enemy land units mask
    (10.2.2d: they may neither move nor come out; only a stack arriving from outside, or
    moved there in a copy of the view, `mv.ARRIVING`, fights the maskers). Counted as
    fighting, Sparta's seven shut in their capital made a lone Arcadian's attack on the
    four Argives masking it look like eight to four: it went in every Campaign Turn and
    lost, and each defeat was a victory for Athens in Laconia (13.4) until Laconia fell
    (`t9aggressive:3`)."""
    foe = other(me)
    both = [h for h, n in counts.items() if n.get(me) and n.get(foe)]
    if not both:
        return counts
    arriving = {str(u) for a in view.get("attacks") or () for u in a.get("units", ())}
    arriving |= set(view.get(mv.ARRIVING, ()))
    out = counts
    for h in both:
        city = B.city_by_hex().get(h)
        holder = B.city_owner(view, city.name) if city is not None \
            else (view.get("forts") or {}).get(h)
        if holder != me:
            continue
        here = [(uid, u) for uid, u in view["units"].items() if u["where"] == "map"
                and u["hex"] == h and u["type"] != "fleet"]
        if not any(u["side"] == foe and uid not in arriving for uid, u in here):
            continue  # the enemy only now arrives: we may still come out (10.2.1a)
        ours = sum(1 for uid, u in here if u["side"] == me and uid in arriving)
        if out is counts:
            out = dict(counts)
        out[h] = {foe: counts[h][foe], **({me: ours} if ours else {})}
    return out


def _exposed_cities(view: dict[str, Any], counts: dict[str, dict[str, int]],
                    me: str) -> dict[str, float]:
    """Region of ours -> the AL we may expect to lose to enemy stacks that can reach one
    of its cities next Campaign Turn (the march of `reach.reach_of`) and outnumber what holds
    it: our land units there, doubled by standing walls (18.6), or its garrison alone
    (one unit, 18.3.2; the aggressive player storms at two to one whatever the walls).
    Taking a city is a victory in its region, a decisive one for a large city (10.7,
    13.4: 2 or 5 AL), and the city then presses the region every season. Half that loss
    is expected when they are twice its holders, none when no more; a region counts its
    most exposed city only (a stack takes one a turn). Our capitals are left to
    `_danger`. Nothing saw such a threat: five Corinthians marched from Corinth towards
    Elis with three Argives a road away, who stormed the empty city, a decisive victory
    in Corinthia, which went over to Athens (`t9bait-taker:6`)."""
    foe = other(me)
    coming: dict[str, int] = {}  # city hex -> enemy land units within a turn's march
    reached = _cities_reached()
    for h, n in counts.items():
        if n.get(foe):
            for c in reached.get(h, ()):
                coming[c] = coming.get(c, 0) + n[foe]
    if not coming:
        return {}
    out: dict[str, float] = {}
    by_hex = B.city_by_hex()
    capitals = {reach.hex_of(c) for c in reach.our_capitals(view, me)}
    for h, k in coming.items():
        city = by_hex[h]
        region = B.city_region().get(city.name)
        r = view["regions"].get(region) if region is not None else None
        if r is None or r["side"] != me or h in capitals \
                or B.city_owner(view, city.name) != me:
            continue
        walls = 2 if city.walled and city.name not in view["unwalled"] else 1
        held = max(1, counts.get(h, {}).get(me, 0) * walls)
        p = EXPOSED_TAKEN * min(1.0, max(0, k - held) / held)
        if p > 0:  # a stack takes one city a turn: the region's worst counts
            out[str(region)] = max(out.get(str(region), 0.0), p * (
                DECISIVE_AL if city.size == "L" else BATTLE_AL))
    return out


EXPOSED_TAKEN = 0.5  # the chance a city falls to enemies twice (or more) its holders


def _exposed_stacks(view: dict[str, Any], counts: dict[str, dict[str, int]],
                    me: str) -> dict[str, float]:
    """Region -> the AL its controller may expect to lose to attacks on our land stacks
    standing alone in a hex that is not a city of ours, by enemy land units that can
    reach them next Campaign Turn (`reach.reach_of`) and outnumber them: a defeat there
    is a victory for the enemy in the region (13.4, 2 AL; 5 when they are three or more
    and twice ours), half expected at two to one, none when no more than ours. Both
    gauntlet players that attack go for whatever they reach: two Spartans stepped into
    Corinthia beside six Argives, were beaten, and the next two the same, each defeat a
    victory for Athens in Corinthia, which went over (`t9bait-taker:6`)."""
    foe = other(me)
    theirs = {h: n[foe] for h, n in counts.items() if n.get(foe)}
    if not theirs:
        return {}
    out: dict[str, float] = {}
    for h, n in counts.items():
        ours = n.get(me, 0)
        if not ours or n.get(foe) or h not in B.comps().hexes:
            continue  # a battle there already is _battle_drift's
        region = B.region_of_hex(h)
        r = view["regions"].get(region) if region is not None else None
        if r is None or r["side"] not in ("athens", "sparta"):
            continue
        city = B.city_by_hex().get(h)
        if city is not None and B.city_owner(view, city.name) == me:
            continue  # a city of ours: `_exposed_cities` (our capitals: `_danger`)
        near = reach.reach_of(h)
        k = sum(m for x, m in theirs.items() if x in near)
        p = EXPOSED_TAKEN * min(1.0, max(0, k - ours) / ours)
        if p <= 0:
            continue
        worth = DECISIVE_AL if ours >= 3 and k >= 2 * ours else BATTLE_AL
        out[str(region)] = out.get(str(region), 0.0) + p * worth * (
            1 if r["side"] == me else -1)
    return out


@cache
def _cities_reached() -> dict[str, tuple[str, ...]]:
    """Land hex -> the hexes of the cities a hoplite there reaches in one Campaign Turn
    (public map data)."""
    out: dict[str, list[str]] = {}
    for city in B.comps().cities.values():
        for h in reach.reach_of(city.hex):
            out.setdefault(h, []).append(city.hex)
    return {h: tuple(cs) for h, cs in out.items()}


def _battle_drift(view: dict[str, Any], counts: dict[str, dict[str, int]]) -> dict[str, float]:
    """Region -> the AL its controller may expect to lose to the battles set up in it
    (both sides' land units in one hex, not behind standing walls, which make a siege,
    unless those inside outnumber the others and come out, 10.2.1a):
    13.4 moves a region's AL 2 for a victory in it, 5 for a decisive one (3 or more of the
    loser's units killed), and the side with more units wins more often (17.3's odds
    count units). Without it a stack beside a lone enemy garrison in the region Sparta
    must flip saw nothing to gain from going in (a capital or home region aside, the
    target region's AL is the game, 22.5)."""
    out: dict[str, float] = {}
    for h, n in counts.items():
        if len(n) < 2:
            continue
        region = B.region_of_hex(h)
        r = view["regions"].get(region) if region is not None else None
        if region is None or r is None or r["side"] not in ("athens", "sparta"):
            continue
        city = B.city_by_hex().get(h)
        if city is not None and city.walled and city.name not in view["unwalled"] \
                and city.name not in view["razed"]:
            owner = B.city_owner(view, city.name)
            if owner not in n or n[owner] <= n.get(other(owner), 0):
                continue  # they stay inside: a siege (`_masks`: else they come out)
        holder, foe = r["side"], other(r["side"])
        edge = max(-4, min(4, n.get(foe, 0) - n.get(holder, 0)))
        p = 0.5 + 0.1 * edge  # the chance the region's enemy wins
        worth = [BATTLE_AL, BATTLE_AL]  # (if the enemy wins, if the holder wins)
        if n.get(holder, 0) >= 3 and n.get(foe, 0) >= 2 * n.get(holder, 0):
            worth[0] = DECISIVE_AL
        if n.get(foe, 0) >= 3 and n.get(holder, 0) >= 2 * n.get(foe, 0):
            worth[1] = DECISIVE_AL
        out[region] = out.get(region, 0.0) + p * worth[0] - (1 - p) * worth[1]
    return out


def _siege_drift(view: dict[str, Any], counts: dict[str, dict[str, int]],
                 fleets: dict[str, dict[str, int]] | None = None) -> dict[str, float]:
    """Region -> the AL its controller may expect to lose to sieges before the next
    control check: a siege under way, or one the units masking a city (10.2.2) are enough
    to begin (10.3.2: 2, 4 or 6 units by size, a fleet besides at a port), surrenders on
    a die above its morale each Seasonal Turn (10.5), and the surrender is a victory in
    the region (10.7, 13.4: 2 AL, 5 for a large city). Without it the score saw nothing in
    marching into an enemy city no one defends: Sparta's army stood at Lepreum beside
    Elis and Cyllene for three years while Elis' AL stopped one short of changing hands.
    A city whose own side has units inside, unwalled, is a battle (_battle_drift). A port
    counts once a fleet of the besiegers stands in its hex beside the land units (10.3.2):
    Cyllene, the port of Elis, stayed Athenian in every lost game traced (`e8base:4`, `:6`)."""
    out: dict[str, float] = {}
    fleets = fleets or {}
    season_left = SEASONS - int(view["season"])
    sieges = view.get("sieges") or {}
    by_hex = B.city_by_hex()
    for h in sorted(set(counts) | set(sieges)):  # only where units stand or a siege is on
        city = by_hex.get(h)
        if city is None:
            continue
        region = B.city_region().get(city.name)
        r = view["regions"].get(region) if region is not None else None
        owner = B.city_owner(view, city.name)
        if region is None or r is None or r["side"] not in ("athens", "sparta") \
                or owner not in ("athens", "sparta"):
            continue
        foe = other(owner)
        walled = city.walled and city.name not in view["unwalled"]
        siege = sieges.get(city.hex)
        at = counts.get(city.hex, {})
        enough = at.get(foe, 0) >= SIEGE_NEED[city.size] \
            and (not city.port or fleets.get(city.hex, {}).get(foe, 0) >= 1)
        if siege is not None and siege.get("by") == foe and not enough:
            # 10.8.1: a siege short of its units is broken, a victory for the defenders:
            # an army that marched off a siege saw the siege still running in the score
            out[region] = out.get(region, 0.0) + (BATTLE_AL if owner != r["side"] else -BATTLE_AL)
            continue
        if siege is not None and siege.get("by") == foe:
            morale = int(siege.get("morale", SIEGE_MORALE[city.size]))
        elif enough and (walled or not at.get(owner, 0)):
            morale = SIEGE_MORALE[city.size] - (0 if walled else 1)
        else:
            continue
        q = max(0, 6 - morale) / 6  # a d6 above the siege's morale
        p = 1 - (1 - q) ** max(1, season_left)
        worth = (DECISIVE_AL if city.size == "L" else BATTLE_AL) * p
        out[region] = out.get(region, 0.0) + (worth if foe != r["side"] else -worth)
    return out


def evaluate(view: dict[str, Any], me: str) -> float:
    me = side_of(me)
    result = view.get("result") or {}
    if result.get("winners"):  # three or four players: the League wins together (24.8)
        return WIN if (me == "athens") == ("athens" in result["winners"]) else -WIN
    if result.get("winner") in ("athens", "sparta"):
        return WIN if result["winner"] == me else -WIN
    foe = other(me)
    sign = 1 if me == "athens" else -1
    seen = Seen(view, me)
    expected = expected_result(view, seen)
    score = VICTORY * sign * expected
    if view.get("league"):  # the peace rolls Athens may force on a League player (24.7.2)
        worth_now = _table_of(str(view["scenario"]))[1](peace.athenian_btv(view))
        score += VICTORY * peace.peace_risk(view, me, expected, worth_now)
    for region, r in view["regions"].items():
        al = min(int(r["al"]), AL_CAP)
        if r["side"] == me:
            score += AL_POINT * al + ML_POINT * int(r["ml"])
            score -= ML_LOW if int(r["ml"]) < 5 else 0.0
            score -= PRESSURE if pressed(view, region, foe, seen) else 0.0
        elif r["side"] == foe:
            score -= AL_POINT * al
            score += PRESSURE if pressed(view, region, me, seen) else 0.0
    city_region = B.city_region()
    for name, holder in view["marks"].items():  # cities held against their region
        region = city_region.get(name)
        city = B.comps().cities.get(name)
        if city is None or region not in view["regions"]:
            continue
        score += CITY * SIZE[city.size] * (1 if holder == me else -1)
    here = seen.land_count
    for u in view["units"].values():
        if u["where"] == "dead":
            continue
        mine = u["side"] == me
        score += ALIVE * (1 if mine else -1)
        if u["where"] == "map":
            score += IN_PLAY * (1 if mine else -1)
    score += TALENT * (_money(view, me) - _money(view, foe))
    score -= _unpaid(view, me) - _unpaid(view, foe)
    for h, siege in (view.get("sieges") or {}).items():
        city = B.city_by_hex().get(h)
        size = SIZE[city.size] if city else 1
        score += SIEGE * size * (1 if siege.get("by") == me else -1)
    for x in view["leaders"].values():
        if x["where"] == "map":
            score += LEADER * (int(x["land"]) + int(x["sea"])) * (1 if x["side"] == me else -1)
    score += _led(view, here, me)
    score -= _capitals(here, foe, B.CAPITALS[foe])
    # only our own capitals' danger: rewarding a threat to theirs sent Sparta's first
    # placement to Plataea and Lechaeum, next to walled Athens, while an Argive army a
    # road away took Sparta in the first Campaign Turn. With allies every League capital
    # is ours to keep: a random Athens took Thebes, which the score did not guard (`e7g`).
    for capital in reach.our_capitals(view, me):
        score += _capitals(here, me, capital) + _danger(view, here, me, capital)
        if (view.get("sieges") or {}).get(reach.hex_of(capital), {}).get("by") == foe:
            score -= CAPITAL_SIEGED
    score += _homes(view, seen, me)
    score += _pull(view, here, me, seen)
    score += _fleet_pull(view, me, seen)
    for h, sides in seen.fight.items():
        if me in sides and foe in sides:
            score += ATTACK * _advantage(view, h, sides[me], sides[foe], me)
    return score


def _led(view: dict[str, Any], here: dict[str, dict[str, int]], me: str) -> float:
    """Our land units with a leader of ours beside them (LED each, LED_CAP a hex, one
    count a hex however many lead it), whatever his rating: two or more units may stand
    outside a city only with a leader (16.2.1) and attack only under one (17.1). Rated 0,
    Agis and Ramphias stayed in the Force Pool, and five Corinthians could go only from
    city to city for two years while Sparta's treasury ran dry (`e8s2:3`)."""
    at: dict[str, int] = {}  # hex -> our leaders there
    for x in view["leaders"].values():
        if x["side"] == me and x["where"] == "map" and x.get("hex"):
            at[x["hex"]] = at.get(x["hex"], 0) + 1
    led = LED * sum(min(LED_CAP, here.get(h, {}).get(me, 0)) for h in at)
    # a leader no stack needs (alone, or a second one) is drawn to our nearest stack of
    # two or more without one: leaders walk alone (7.8), and one step nearer counted for
    # nothing, so five Corinthians sat leaderless in Corinth all game, unable to leave it
    # or attack with more than one unit, while Agis and Gylippus both stood at Sparta and
    # the bait-taker took Corinthia's small cities one by one (`t9bait-taker:5`)
    free = [h for h, k in at.items() for _ in range(k - (1 if here.get(h, {}).get(me) else 0))]
    if not free:
        return led
    stacks = sorted(((n[me], h) for h, n in here.items() if n.get(me, 0) >= 2 and h not in at
                     and h in B.comps().hexes), reverse=True)
    for n, h in stacks:
        if not free:
            break
        dist = policy.land_distances(frozenset({h}))
        d, i = min((dist.get(x, LEADER_PULL), i) for i, x in enumerate(free))
        led += LED * min(LED_CAP, n) * max(0.0, 1 - d / LEADER_PULL) * LEADER_NEAR
        free.pop(i)
    return led


def _pull(view: dict[str, Any], here: dict[str, dict[str, int]], me: str,
          seen: Seen) -> float:
    """Our land units drawn towards where they are wanted (APPROACH a hex within PULL):
    the enemy region we aim at (its cities, reach.goal), and each of our own regions (not the
    home region: _homes and the capital's terms guard it) whose AL point is worth at
    least DEFEND_SHARE of one in the target (_stakes), by that share. Each call wants so
    many units (_wanted): the nearest of ours answer it in full, the rest of the army
    still goes to the target at SURPLUS, not to a threatened region. With every unit
    drawn to the target alone, Sparta's seven stood at Lepreum while a lone Athenian
    hoplite took Achaea over (AL 0 at the start: `e5s:2`)."""
    target = reach.target(view, me)
    # each region's AL as the pressure on it now would leave it by the end (13.4: 0.5 a
    # season): Athenian Mantinea presses Arcadia (AL 5) every season, and Arcadia went
    # over while its AL still looked safe (`e6s:9`)
    checks = checks_left(view)
    seasons = SEASONS - int(view["season"]) + SEASONS * max(0, checks - 1)
    levels = tuple((region, str(r["side"]), int(r["al"]) - (
                        seasons // 2 if r["side"] in ("athens", "sparta")
                        and pressed(view, region, other(str(r["side"])), seen) else 0))
                   for region, r in sorted(view["regions"].items())
                   if region in B.comps().regions)
    stakes = _stakes(str(view["scenario"]), levels, checks_left(view),
                     SEASONS - int(view["season"]))
    top = stakes.get(target, 0.0) if target is not None else 0.0
    foes: dict[str | None, int] = {}  # region -> enemy land units in it
    for h, n in here.items():
        if n.get(other(me)):
            region = B.region_of_hex(h)
            foes[region] = foes.get(region, 0) + n[other(me)]
    calls = [(1.0, reach.goal(view, target, me), _wanted(view, target, me, foes), SURPLUS)] \
        if target is not None else []
    for region, r in sorted(view["regions"].items()):
        if r["side"] != me:
            continue
        if B.comps().regions[region].home_of is not None:
            # a home region's cities held against it (Athenian Plataea in Boeotia, in
            # revolt since the set-up) cost it an AL point every season (13.4) and add to
            # its player's peace roll (24.7.2): enough units to besiege each (10.3.2)
            held = reach.goal_cities(view, region, me)
            if held:
                calls.append((1.0, policy.land_distances(frozenset(c.hex for c in held)),
                              sum(SIEGE_NEED[c.size] for c in held), 0.0))
            continue
        w = min(1.0, stakes.get(region, 0.0) / top) if top > 0 else 0.0
        if w >= DEFEND_SHARE:
            calls.append((w, reach.goal(view, region, me), _wanted(view, region, me, foes), 0.0))
    total = 0.0
    for w, dist, k, rest in calls:
        near = sorted((max(0, PULL - dist.get(h, PULL)) for h, n in here.items()
                       for _ in range(n.get(me, 0))), reverse=True)
        total += w * (sum(near[:k]) + rest * sum(near[k:]))
    return APPROACH * total


def _wanted(view: dict[str, Any], region: str, me: str, foes: dict[str | None, int]) -> int:
    """Units a region calls for: twice the enemy's land units in it (`foes`: region ->
    how many) and one more (none for one of ours no enemy stands in), and in a region to
    take, enough besides to besiege each city its holder keeps (10.3.2)."""
    theirs = foes.get(region, 0)
    cities = sum(SIEGE_NEED[c.size] for c in reach.goal_cities(view, region, me))
    if view["regions"][region]["side"] == other(me):
        return 2 * theirs + 1 + cities
    return (2 * theirs + 1 if theirs else 0) + cities


SURPLUS = 0.5
DEFEND_SHARE = 0.5


def _fleet_pull(view: dict[str, Any], me: str, seen: Seen) -> float:
    """Our fleet drawn to an enemy-held port of the region we aim at once our land units
    there are enough to besiege it (10.3.2: a port is besieged by its land count and a
    fleet besides): FLEET_READY for a fleet on the map (from our coast it sails to the
    port in one move), FLEET_PORT more for one in the port's hex. Sparta's one fleet
    stayed in its Force Pool while Cyllene kept Elis Athenian (`e8base:4`, `:6`); placed
    before the army was there, its upkeep left the army to take Elis one unit strong."""
    target = reach.target(view, me)
    if target is None:
        return 0.0
    ports = {c.hex for c in B.region_cities(target)
             if c.port and B.city_owner(view, c.name) == other(me)
             and _land_at(seen, c.hex, me) >= SIEGE_NEED[c.size]}
    if not ports:
        return 0.0
    best = 0.0
    for h, n in seen.fleets.items():
        if n.get(me, 0):
            best = max(best, FLEET_READY + (FLEET_PORT if h in ports else 0.0))
    return best


def _land_at(seen: Seen, h: str, side: str) -> int:
    return seen.land_count.get(h, {}).get(side, 0)


FLEET_READY = 2.0
FLEET_PORT = 1.0


def _money(view: dict[str, Any], side: str) -> int:
    """The talents of every seat playing `side` (with allies each has his own, 24.5)."""
    return sum(int(n) for seat, n in view["treasury"].items() if side_of(seat) == side)


def _unpaid(view: dict[str, Any], side: str) -> float:
    """What a treasury too small for the upkeep costs (9.1), seat by seat (each League
    player pays for his own units, 24.5): every talent short at the next supply phase is
    a unit lost; a shortfall later in the year (income comes at the year's start, 5.4)
    may still be met by sending units home, so it weighs less."""
    phases = SEASONS - int(view["season"])
    total = 0.0
    for seat, money in view["treasury"].items():
        if side_of(seat) != side:
            continue
        bill = policy.upkeep(view, side, seat)
        total += SHORT_NOW * max(0.0, bill - int(money)) \
            + SHORT_LATER * max(0.0, bill * phases - int(money))
    return total


def _capitals(here: dict[str, dict[str, int]], side: str, capital: str) -> float:
    """How safe `side`'s capital is: enemy land units in it or next to it, ours in it."""
    cap = reach.hex_of(capital)
    foe = other(side)
    at = here.get(cap, {})
    value = CAPITAL_GUARD * min(at.get(side, 0), GUARD_CAP)
    if at.get(foe, 0) and not at.get(side, 0):
        value -= CAPITAL_LOST
    value -= CAPITAL_THREAT * sum(here.get(n, {}).get(foe, 0) for n in reach.neighbours(cap))
    return value


def _danger(view: dict[str, Any], here: dict[str, dict[str, int]], side: str,
            capital: str) -> float:
    """The danger to `side`'s capital (a cost, <= 0): enemy land units that can reach it
    next turn beyond what its defenders, doubled by standing walls (18.6), can hold."""
    held = here.get(reach.hex_of(capital), {}).get(side, 0)
    return -CAPITAL_DANGER * max(0, reach.coming(view, here, side, capital)
                                 - held * reach.walls(view, capital))


def _homes(view: dict[str, Any], seen: Seen, me: str) -> float:
    """Home regions at risk (21.1: losing one ends the game): ours cost, theirs gain, each
    by its chance to change hands at a control check still to come."""
    checks = checks_left(view)
    season_left = SEASONS - int(view["season"])
    value = 0.0
    for region, r in view["regions"].items():
        home = B.comps().regions[region].home_of if region in B.comps().regions else None
        if home is None:
            continue
        side = side_of(str(home))
        drift = 0.5 * season_left if pressed(view, region, other(side), seen) else 0.0
        # and the battles and sieges set up in it (13.4): Athenian Plataea presses Boeotia,
        # Thebes' home, every season until a siege takes it (`e6f:0`: AL 12 to 5 in three
        # years while the Thebans stood elsewhere)
        drift += seen.battles.get(region, 0.0)
        p = flip_chance(int(r["al"]), drift, checks, season_left + SEASONS * max(0, checks - 1))
        value += HOME_LOST * p * (-1 if side == me else 1)
    return value


def _advantage(view: dict[str, Any], h: str, mine: int, theirs: int, me: str) -> float:
    """Units of advantage in a hex both sides hold (an attack or a siege to come): the
    side inside its own walled city counts double (the fortress, 18.6)."""
    city = B.city_by_hex().get(h)
    if city is not None and city.walled and city.name not in view["unwalled"] \
            and city.name not in view["razed"]:
        owner = B.city_owner(view, city.name)
        if owner == me:
            mine *= 2
        elif owner == other(me):
            theirs *= 2
    return max(-4.0, min(4.0, float(mine - theirs)))


# ------------------------------------------------------------------ rules of thumb
def _retreat(view: dict[str, Any], prompt: Prompt) -> str | None:
    """Where beaten units go (17.7): the spot whose position scores best with our units
    from the battle hex moved there (inside the walls, a city of ours, beside friends,
    away from the enemy, all as the score reads them). The lookahead cannot see past the
    battle's dice and a blind draw chose (seen in a four-player Campaign)."""
    me = side_of(prompt.seat)
    best, top = None, -math.inf
    for o in prompt.options:
        facts = o.data or {}
        if facts.get("kind") != "retreat":
            continue
        after = mv.moved(view, me, str(facts["from"]), str(facts["to"]), None)
        v = evaluate(after, me) - _exposed(after, str(facts["to"]), me)
        if v > top:
            best, top = o.id, v
    return best


def _sea_target(view: dict[str, Any], prompt: Prompt) -> str | None:
    """Which enemy stack at sea our fleets attack (16.2.2): the one we would fight at the
    best odds column, counting fleets (17.3; the question comes only where the enemy has no
    leader there, so only ours shifts it, 17.4.2, alike for every stack); between equal
    columns, the stack of lowest total morale, whose checks fail most often. Our fleets are
    all ours in the Area: the attacking stack has just arrived there."""
    me = side_of(prompt.seat)
    best, top = None, (-math.inf, -math.inf)
    for o in prompt.options:
        facts = o.data or {}
        area, fleets = facts.get("at"), [str(u) for u in facts.get("fleets", ())]
        ours = [u for u in view["units"].values() if u["side"] == me and u["where"] == "map"
                and u["hex"] == area and u["type"] == "fleet"]
        column = odds_index(len(ours), max(1, len(fleets)))
        morale = sum(int(view["units"][u]["morale"]) for u in fleets if u in view["units"])
        if (column, -morale) > top:
            best, top = o.id, (column, -morale)
    return best


EXPOSED = 1.0  # a unit of ours likely to be caught (about what it is worth alive)


def _exposed(view: dict[str, Any], h: str, me: str) -> float:
    """What our beaten stack at `h` may lose next turn: outside walls of ours, beside
    more enemy land units than it has, each of its units counts at EXPOSED (the score
    sees a battle only once both sides stand in one hex)."""
    if h not in B.comps().hexes:
        return 0.0  # a fleet beaten at sea retreats to a sea Area: no land army catches it
    city = B.city_by_hex().get(h)
    if city is not None and city.walled and city.name not in view["unwalled"] \
            and B.city_owner(view, city.name) == me:
        return 0.0
    ours = theirs = 0
    near = reach.neighbours(h) | {h}
    for u in view["units"].values():
        if u["where"] != "map" or u["type"] == "fleet" or u["hex"] not in near:
            continue
        if u["side"] == me and u["hex"] == h:
            ours += 1
        elif u["side"] != me:
            theirs += 1
    return EXPOSED * ours if theirs > ours else 0.0


def _capture(view: dict[str, Any], prompt: Prompt) -> str:
    """A place taken (10.7): keep it, raze it (11.1) or tear its walls down (11.3). Razing
    moves every region's AL (11.2, by 13.4's table: 2 a size point against the razer
    where he rules, 2 for his enemy elsewhere), so it is weighed on a copy of the view
    with those changes and the razers' plunder (11.1.3, 15.3: a talent a unit); walls we
    hold shelter our units, so they stay (as in 11.3.1b). The lookahead cannot see past
    the dice that follow a capture, and a blind draw razed Elis: Achaea lost 4 AL and
    went over, Athens' regions gained 4 (`e5s:8`)."""
    me = side_of(prompt.seat)
    raze = prompt.option("raze")
    if raze is None or not raze.data:
        return "keep"
    h = str(raze.data["at"])
    times = SIZE[B.comps().cities[str(raze.data["city"])].size]
    regions = {}
    for region, r in view["regions"].items():
        keeper = r["side"] if r["side"] in ("athens", "sparta") else "athens"
        step = -2 * times if keeper == me else 2 * times
        regions[region] = dict(r, al=int(r["al"]) + step, ml=int(r["ml"]) - times)
    plunder = sum(1 for u in view["units"].values() if u["side"] == me
                  and u["where"] == "map" and u["hex"] == h and u["type"] != "fleet")
    treasury = dict(view["treasury"])
    treasury[prompt.seat] = int(treasury.get(prompt.seat, 0)) + plunder
    razed = dict(view, regions=regions, treasury=treasury,
                 razed=[*view["razed"], str(raze.data["city"])])
    return "raze" if evaluate(razed, me) > evaluate(view, me) + mv.BAR else "keep"


SALLY_ODDS = 1.0  # our units a unit of the attackers' asked to come out (10.2.1a)


def _sally(view: dict[str, Any], prompt: Prompt) -> list[str]:
    """Which of our land units attacked in a place of ours come out to fight in the open
    (10.2.1a): all of them when they are at least as many as the attackers and their
    morale together at least the attackers' (17.3: odds count units, each round is a
    morale check); else none. Those who stay in are stormed with the place's bonus
    (17.4.4) or masked, and then shut in (10.2.2d): never coming out, Sparta's seven
    watched four Argives take Laconia from them (`t9aggressive:3`), and five Corinthians
    were shut in Corinth by three Argives, who took Corinthia's small cities one by one
    (`t9bait-taker:2`). Asking them to be steadier on average as well (five Corinthians
    at 4 stayed in against Argives at 6, 4 and 4) lost more games to the bait-taker
    (tuning seeds `t9bait-taker`: 2 of 9 against 6 of 14)."""
    me = side_of(prompt.seat)
    units = view["units"]
    ours = [o.id for o in prompt.options if (o.data or {}).get("kind") == "unit"
            and o.id in units and units[o.id]["type"] != "fleet"]
    if not ours:
        return []
    h = str((prompt.options[0].data or {}).get("from", units[ours[0]]["hex"]))
    theirs = [int(u["morale"]) for u in units.values() if u["where"] == "map"
              and u["hex"] == h and u["side"] != me and u["type"] != "fleet"]
    strong = len(ours) >= SALLY_ODDS * len(theirs) and \
        sum(int(units[u]["morale"]) for u in ours) >= SALLY_ODDS * sum(theirs)
    return ours if strong else []


def _press_on(b: dict[str, Any], me: str) -> bool:
    """Whether our attack goes on (17.8): at one to one or better in units still fighting,
    and in their morale now (each round is a morale check, 17.3); and with two of ours
    dead already (a third makes the defeat decisive, 13.4: 5 AL), only at two to one. Five
    Corinthians storming Cyllene's garrison lost two dead and two beaten, and the last one
    went on alone at morale 1 against the garrison at 1: killed, a decisive victory for
    Athens in Elis (`t9raider:0`)."""
    ours, foes = _fighters(b, me)
    morale = b.get("morale", {})
    if len(ours) < len(foes) or sum(int(morale.get(u, 0)) for u in ours) < sum(
            int(morale.get(u, 0)) for u in foes):
        return False
    mine = b.get("att" if b.get("attacker") == me else "dfn", [])
    dead = sum(1 for u in b.get("dead", []) if u in mine)
    return dead < 2 or len(ours) >= 2 * len(foes)


def _fighters(b: dict[str, Any], me: str) -> tuple[list[str], list[str]]:
    """Our and the enemy's units still fighting in battle `b` (neither dead nor retreated)."""
    out = set(b.get("retreat", [])) | set(b.get("dead", []))
    mine, theirs = ("att", "dfn") if b.get("attacker") == me else ("dfn", "att")
    return ([u for u in b.get(mine, []) if u not in out],
            [u for u in b.get(theirs, []) if u not in out])


def _battle_counts(view: dict[str, Any], me: str) -> tuple[int, int]:
    """Our and the enemy's units still fighting in the battle (17.3: odds count units)."""
    ours, foes = _fighters(view.get("battle") or {}, me)
    return len(ours), len(foes)


def choose(view: dict[str, Any], prompt: Prompt, lookahead: Lookahead | None,
           rng: Rng) -> str | None:
    ids = [o.id for o in prompt.options]
    me = side_of(prompt.seat)
    kind = prompt.kind
    if kind == "move":
        return _move(view, prompt, lookahead, rng)
    if kind == "destination":
        return _destination(view, prompt)
    if kind in ("place", "build"):
        return _batch_menu(view, prompt, lookahead, rng)
    if kind in ("placement", "building"):
        return _allocation(view, prompt)
    if kind == "pieces":  # the whole stack moves, but our capital's guard (mv.pieces)
        return decisions.encode(prompt, mv.pieces(view, prompt))
    if kind == "continue":
        # 17.8: an attacker goes on at 1-1 or better in units and morale (_press_on); a
        # defender holds unless outnumbered by more than half again (he has the terrain).
        ours, theirs = _battle_counts(view, me)
        b = view.get("battle") or {}
        attacker = b.get("attacker") == me
        if not attacker and b.get("fortress"):
            # 17.7.2: the walls never force us out and leaving gives up the place: go only
            # once every defender is worn down to morale 1, where a check likely kills
            morale = b.get("morale", {})
            worn = all(int(morale.get(u, 0)) <= 1 for u in b.get("dfn", [])
                       if u not in b.get("dead", []) and u not in b.get("retreat", []))
            return "off" if worn and theirs > ours else "go"
        keep = _press_on(b, me) if attacker else 3 * ours >= 2 * theirs
        return "go" if keep else "off"
    if kind == "storm":
        # 10.2: storm only with a three-to-one edge over defenders the walls double,
        # else mask the place and let a siege do the work.
        storm = prompt.option("storm")
        h = storm.data.get("at") if storm is not None and storm.data else None
        return "storm" if h is not None and mv.storm_worth(view, str(h), me) else "mask"
    if kind == "sally":  # 10.2.1a
        return decisions.encode(prompt, _sally(view, prompt))
    if kind == "walls":  # 18.6.2: the two best units hold the walls
        morale = (view.get("battle") or {}).get("morale", {})
        best = sorted(ids, key=lambda u: (-int(morale.get(u, 0)), u))[:prompt.hi]
        return decisions.encode(prompt, best)
    if kind == "retreat":  # 17.7
        return _retreat(view, prompt)
    if kind == "sea_target":  # 16.2.2
        return _sea_target(view, prompt)
    if kind == "capture":  # 10.7, 11.1-11.3
        return _capture(view, prompt)
    if kind == "siege":
        return decisions.encode(prompt, ids[:prompt.hi])  # 10.3: besiege whatever we can
    if kind == "forage":
        # 9.4, 9.7: stacks in an enemy region forage (free, as the budget counts them,
        # epic_policy.foraging); every stack that may, once the treasury runs low.
        low = int(view["treasury"][me]) < 12
        units = [u for u in view["units"].values() if u["side"] == side_of(prompt.seat)
                 and u["where"] == "map"]
        free = [o.id for o in prompt.options if o.data and any(
            u["hex"] == o.data.get("at") and policy.foraging(view, u, u["hex"])
            for u in units)]
        return decisions.encode(prompt, ids[:prompt.hi] if low else free[:prompt.hi])
    if kind == "raid":  # 15.1; our own walls stay up (11.3.1b)
        return decisions.encode(prompt, policy.raid(view, prompt))
    if kind == "talents":  # 24.5
        return policy.talents(view, prompt)
    if kind in ("peace", "agree"):  # 20.1
        return policy.peace(view, prompt)
    if kind == "abdicate":  # 24.3, weighed by the peace rolls it moves (24.7.2)
        return peace.abdication(view, prompt)
    if kind == "card":  # Appendix C
        return policy.card(view, prompt)
    if kind == "discard":  # 12.2
        return decisions.encode(prompt, policy.discards(view, prompt))
    if kind == "assess":  # 5.3
        return policy.assess(view, prompt)
    if kind == "revolt":  # 6.1, 6.2
        return policy.revolt(view, prompt)
    if kind == "unsupplied":
        # 9.1: the weakest unit goes without.
        # The units may sit in a menu of places (issue 33): the group holding it opens first.
        # Units keeping a siege of ours go last: one short breaks it, a victory for the
        # defenders (10.8.1; Sparta's siege of Mantinea broke so in a Winter, `e8base:4`).
        # Our capital's guard goes after every other unit, a siege's too, while enemy land
        # units can reach it (21.1; an enemy city near it alone does not count): the
        # lowest morale first left Sparta's four Laconians unfed with four Argives in its
        # hex, and Athens stormed the empty capital the next Campaign Turn (`t9aggressive:1`).
        units = view["units"]
        leaves = [str(x["id"]) for x in menus.leaves_of(prompt)]
        sieges = view.get("sieges") or {}
        here = Seen(view).land_count
        guarded = {reach.hex_of(c) for c in reach.our_capitals(view, me)
                   if any(n.get(other(me)) for h, n in here.items()
                          if h in reach.near_capital(c))}

        def key(u: str) -> tuple[int, int, str]:
            x = units.get(u)
            if x is None:
                return (1, 9, u)
            held = (sieges.get(x["hex"]) or {}).get("by") == me
            rank = 2 if x["hex"] in guarded and x["type"] != "fleet" else 1 if held else 0
            return (rank, int(x["morale"]), u)
        weakest = min(leaves, key=key)
        return menus.towards(prompt, weakest)
    return None


# A stack's move is weighed by two previews (its source, then all its pieces) and the
# destinations the second one offers, imagined: at most this many stacks a decision.
MOVE_STACKS = 8


def _move(view: dict[str, Any], prompt: Prompt, lookahead: Lookahead | None,
          rng: Rng) -> str | None:
    """The stack whose best destination most improves the position, or the end of
    movement when none does. Storming a masked place (18.2) follows the storm rule. The
    sources may sit in a menu of places (menus.py): each is reached through its groups,
    and inside a group (the choice made above it) the best of its stacks goes."""
    me = side_of(prompt.seat)
    ids = [o.id for o in prompt.options]
    for o in ids:
        if o.startswith("storm:") and mv.storm_worth(view, o.split(":", 1)[1], me):
            return o
    inside = menus.UP in ids
    sources = [x for x in menus.leaves_of(prompt) if x.get("kind") == "source"]
    if lookahead is None or not sources:
        return "done" if "done" in ids else (menus.UP if inside else None)
    if len(sources) > MOVE_STACKS:
        rng.shuffle(sources)  # a fair share of the stacks, drawn from our own stream
        sources = sources[:MOVE_STACKS]
    best: str | None = None if inside else "done"
    top = -math.inf if inside else evaluate(view, me) + mv.BAR
    for src in sources:
        first, seen = _reach(lookahead, prompt, str(src["id"]))
        if seen is None or seen.prompt is None or seen.prompt.kind != "pieces" \
                or seen.then is None:
            continue
        pieces = mv.pieces(view, seen.prompt)
        dest = seen.then(decisions.encode(seen.prompt, pieces))
        if dest is None or dest.prompt is None or dest.prompt.kind != "destination":
            continue
        for d in mv.shortlist(view, me, menus.leaves_of(dest.prompt)):
            v = evaluate(mv.moved(view, me, str(src["from"]), str(d["to"]), set(pieces)), me)
            if v > top:
                best, top = first, v
    return best or (menus.UP if inside else "done")


def _reach(lookahead: Lookahead, prompt: Prompt, leaf: str) -> tuple[str, Preview | None]:
    """The first answer towards option `leaf` of a menu, and the preview after `leaf`
    itself (None when it cannot be foreseen), opening the groups on the way."""
    first: str | None = None
    look, here = lookahead, prompt
    while True:
        answer = leaf if here.option(leaf) is not None else next(
            (o.id for o in here.options if o.data and o.data.get("kind") == "group"
             and any(x["id"] == leaf for x in o.data["leaves"])), None)
        if answer is None:
            return first or leaf, None
        first = first or answer
        seen = look(answer)
        if answer == leaf or seen is None or seen.prompt is None or seen.then is None:
            return first, seen
        look, here = seen.then, seen.prompt


def _destination(view: dict[str, Any], prompt: Prompt) -> str | None:
    """The destination (or the group of the menu holding it) where the whole stack does
    best, if that beats standing still; None leaves the rest to the lookahead."""
    me = side_of(prompt.seat)
    best, top = None, evaluate(view, me)
    option_of = {}  # a leaf's destination -> the option of this menu level holding it
    leaves = []
    for o in prompt.options:
        facts = o.data or {}
        for d in facts.get("leaves", []) if facts.get("kind") == "group" else [facts]:
            option_of[id(d)] = o.id
            leaves.append(d)
    for d in mv.shortlist(view, me, leaves):
        v = evaluate(mv.moved(view, me, str(d["from"]), str(d["to"]), mv.named(d)), me)
        if v > top:
            best, top = option_of[id(d)], v
    return best


BATCHES = ("place_batch", "return_batch", "build_batch")


def _batch_menu(view: dict[str, Any], prompt: Prompt, lookahead: Lookahead | None,
                rng: Rng) -> str | None:
    """Placement and building menus (7.3, 7.5): the kind of unit (or the group of the menu
    holding it) whose best batch most improves the position; else done, or the lookahead
    for the leaders, bases and works the menu also offers."""
    me = side_of(prompt.seat)
    best, top = None, evaluate(view, me) + mv.BAR
    others: list[str] = []  # leaders, bases and works the treasury can pay for
    for o in prompt.options:
        facts = o.data or {}
        for leaf in facts.get("leaves", []) if facts.get("kind") == "group" else [facts]:
            if leaf.get("kind") not in BATCHES:
                if leaf.get("kind") not in ("done", "up", None) and o.id not in others \
                        and mv.affordable(view, prompt.seat, leaf, 1, ""):
                    others.append(o.id)
                continue
            for changes in mv.batch_candidates(leaf):
                if not all(mv.affordable(view, prompt.seat, leaf, k, h) for h, k in changes):
                    continue
                v = evaluate(mv.changed(view, me, leaf, changes), me)
                if v > top:
                    best, top = o.id, v
    if best is not None:
        return best
    end = "done" if prompt.option("done") is not None else menus.UP
    if others and lookahead is not None:  # only what is affordable, never a batch again
        narrowed = policy.only(prompt, [*others, end])
        found = best_by_lookahead(view, narrowed, lookahead, HEURISTIC, rng)
        return found[0] if found is not None else end
    return end


def _allocation(view: dict[str, Any], prompt: Prompt) -> str:
    """How many of one kind go where (7.3) or are built (7.5): the first option leaves a
    unit as it is; weigh none, or all, half or one to each other option."""
    me = side_of(prompt.seat)
    n = prompt.lo
    keep = prompt.options[0].id
    best = [keep] * n
    top = evaluate(view, me) + mv.BAR
    for o in prompt.options[1:]:
        facts = o.data or {}
        where = str(facts.get("to", facts.get("from", "")))
        for k in sorted({min(n, o.cap), (min(n, o.cap) + 1) // 2, 1}):
            if not mv.affordable(view, prompt.seat, facts, k, where):
                continue
            v = evaluate(mv.changed(view, me, facts, [(where, k)]), me)
            if v > top:
                best, top = [o.id] * k + [keep] * (n - k), v
    return decisions.encode(prompt, best)


def imagine(view: dict[str, Any], prompt: Prompt, option_id: str) -> dict[str, Any] | None:
    """A destination (`to:HEX`) moves the stack in a copy of the view: the pieces were
    the whole movable stack (see `choose`), so every unit of ours at the source that did
    not raid goes."""
    option = prompt.option(option_id)
    data = option.data if option is not None else None
    if prompt.kind != "destination" or not data or data.get("kind") not in ("move", "attack"):
        return None
    return mv.moved(view, side_of(prompt.seat), str(data["from"]), str(data["to"]),
                    mv.named(data))


# ------------------------------------------------------------------ for the search level
SEARCHED_DESTINATIONS = 4  # options weighed at a destination where an attack is on offer


def candidates(view: dict[str, Any], prompt: Prompt, fallback: str) -> list[str]:
    """A destination where the stack may attack (17.1): whether to go in rests on the
    dice and on the defenders' answers, which the score can only guess, so the search
    weighs the heuristic's answer, the best attack and the two best moves that attack
    nothing (each as the option of this menu level leading to it). An Event Card's
    prompt: a few of its answers (epic_cards.candidates). Elsewhere (a march, a group
    already opened): nothing to weigh, the heuristic's answer stands."""
    if prompt.kind == "card":
        return cards.candidates(view, prompt, fallback)
    if prompt.kind != "destination" or prompt.option(menus.UP) is not None:
        return []
    me = side_of(prompt.seat)
    scored: list[tuple[float, str, str]] = []  # (score, kind, option of this level)
    for o in prompt.options:
        facts = o.data or {}
        for d in facts.get("leaves", []) if facts.get("kind") == "group" else [facts]:
            if d.get("kind") in ("move", "attack"):
                v = evaluate(mv.moved(view, me, str(d["from"]), str(d["to"]), mv.named(d)), me)
                scored.append((v, str(d["kind"]), o.id))
    if not any(k == "attack" for _, k, _ in scored):
        return []
    scored.sort(key=lambda x: (-x[0], x[2]))
    out = [fallback]
    attack = next((i for _, k, i in scored if k == "attack"), None)
    moves = [i for _, k, i in scored if k == "move"]
    for i in ([attack] if attack else []) + moves:
        if i not in out:
            out.append(i)
        if len(out) >= SEARCHED_DESTINATIONS:
            break
    return out


def end_moves(sim: Any, seat: str) -> None:
    """In a sampled world, after a destination weighed by the search: the stack goes where
    the heuristic's static rule sends it inside the group chosen, and the seat's movement
    ends there, so that the battles it has set up are fought in the rollout (17.2)."""
    for _ in range(12):
        p = sim.prompt()
        if p is None or p.seat != seat or p.kind not in mv.MOVING:
            return
        ids = [o.id for o in p.options]
        if p.kind == "pieces":
            answer = decisions.encode(p, ids[:p.hi])
        elif p.kind == "destination":
            answer = _destination(sim.view(seat), p) or next(
                (x for x in (menus.UP, "back", "stay") if x in ids), ids[0])
        else:
            answer = next((x for x in ("done", menus.UP) if x in ids), ids[0])
        sim.act(seat, answer)


# An Epic preview costs about five Athens & Sparta ones (a larger state): no menu steps
# followed (moves have their own rule above, destinations are imagined), at most 24
# previews a decision (placements, retreats).
HEURISTIC = RulesetHeuristic(
    evaluate=evaluate, choose=choose, imagine=imagine, depth=1, width=12, previews=24,
    # For the search level: a rollout ends when a side next moves, places or builds, or at
    # the tribute assessment, and only the battle and siege decisions are weighed in
    # sampled worlds (the dice decide them; the heuristic judges by unit counts alone).
    boundary=frozenset({"move", "place", "build", "assess", "helots"}),
    searched=frozenset({"continue", "retreat", "storm", "sally", "intercept", "blockade",
                        "walls"}),
    # and the destinations where an attack is on offer, weighed among a few (above)
    candidates=candidates, after_candidate=end_moves,
    # and the Placement and Build stages, weighed whole among a few plans, each rolled out
    # through a Campaign Turn's moves and battles (engine/players/epic_stage.py)
    stage_of=stage.stage_of, stage_plans=stage.plans, play_stage=stage.play_stage,
    after_stage=stage.play_on,
    # and the Event Cards (12.1-12.2, Appendix C): a few answers each, rolled out by the
    # quick rules to the next boundary (engine/players/epic_cards.py). Not in `searched`:
    # where `candidates` names fewer than two (an Oracle drawn, a gift), the heuristic's
    # answer stands, as `searched` would weigh every option up to MAX_OPTIONS.
    standalone=frozenset({"card"}))
