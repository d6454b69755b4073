"""The Athens & Sparta heuristic: a position score read from a seat's view
(engine/rulesets/athens_sparta/VIEW.md) and rules of thumb for decisions whose outcome
rests on dice or hidden facts.

The score counts, from the seat's side: city points as they would stand if the blocks
stayed where they are (rule 10.2), in the war's last Olympiad whether they would win the
final count (Athens winning ties, rule 10.2), Athens' grain at Abydos left open to a revolt
(rules 7.0, 9.1), the safety of its own capital and the threat to the
enemy's (rule 10.1: taking it ends the war), its strength in play, its sieges, the cards
in its hand and sea control of the Hellespont (Abydos). The map's geometry is public
component data; nothing here reads a game's state.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from ..core.rng import Rng
from ..core.types import Prompt
from ..rulesets.athens_sparta.board import Board, board
from .base import Lookahead
from .heuristic import RulesetHeuristic

SIDES = ("athens", "sparta")
CAPITAL = {"athens": "Athens", "sparta": "Sparta"}
WIN = 1000.0

# Weights of the score's terms, in city points.
HELD = 1.0          # a city point held
TAKEN = 0.8         # a city point our blocks alone occupy but do not hold yet
STEP = 0.35         # one step of our strength in play
ENEMY_BLOCK = 0.7   # an enemy block in play (its strength is hidden: about two steps)
ENEMY_STEP = 0.35   # one step of an enemy block whose strength the view shows
CAPITAL_TAKEN = 40.0  # our blocks alone in the enemy capital at a phase end win (10.1)
# The capital's danger (rule 10.1): the enemy steps that could attack it next turn (each
# block within its move of it, a hidden one counted as 2 steps and moving as far as a
# hoplite, a navy only against a port) against its defenders (doubled behind walls, rule
# 5.41: they take half-hits). Steps short cost up to DANGER_MAX, half of it at DANGER_SCALE
# steps short; each step the guard lacks of what the threat needs and GUARD_SPARE more
# costs CAPITAL_GUARD. (A flat guard of 8 steps, navies included, let the search strip
# Athens to 8 steps of navy with enemy stacks next door: issue 35.)
CAPITAL_GUARD = 0.4
GUARD_SPARE = 2
GUARD_FLOOR = 4     # steps worth keeping home even with no enemy in reach
DANGER_MAX = 30.0
DANGER_SCALE = 4.0
HIDDEN_MOVE = {"army": 3, "navy": 4}  # a hidden block's reach (the hoplite's and navy's)
UNGUARDED = 0.4     # share of an empty city's value at risk from an enemy next to it
OUTNUMBERED = 0.8   # per missing step where our blocks share a hex with stronger enemies
SIEGE = 0.3         # share of a besieged city's value
# A city both sides stand in goes to the battle's likely winner (rules 5.3-5.4), read from
# the steps each side has there (a hidden block HIDDEN_FIGHTS: a fresh block has 3 or 4,
# and two made one block look beaten; blocks inside walls doubled: they take half-hits,
# rule 5.41): no chance at EVEN_LOW of the steps or less, sure at EVEN_HIGH or more. (Counted for its holder whatever the odds, one block sent into a city held by the
# enemy counted as much as four: the heuristic as Sparta sent one against a raider in
# Corinth in the war's last Olympiad, four more standing next door, and lost the final
# count by a point, issue 35.) In the last Olympiad's count a city fought over in the open
# goes to a side SURE of it, else to nobody.
EVEN_LOW, EVEN_HIGH = 0.3, 0.75
HIDDEN_FIGHTS = 3
SURE = 0.8
# Abydos left vacant falls to any revolt Sparta pays for (rule 7.0), which hands Sparta the
# Hellespont and costs Athens a block a turn (rule 9.1). (A like risk for every vacant
# major city kept both sides' blocks at home against revolts the heuristic never makes:
# Sparta, which must attack, then won 2 of 13 games between two heuristics, not 9.)
GRAIN_RISK = 3.0
HELLESPONT_CITY = "Abydos"
HELLESPONT = 3.0
CARD_MP = 0.1
APPROACH = 0.03     # per hex between an army and the nearest enemy city (tie-breaker)
# In the last Olympiad, per game turn of it: the stake of leading the count that ends the
# war (rule 10.2). By the sixth turn a point that turns the result outweighs any strength.
LAST_OLYMPIAD = 89
FINAL_STAKE = 2.0


def other(side: str) -> str:
    return "sparta" if side == "athens" else "athens"


@cache
def _board() -> Board:
    return board()


@cache
def _inland() -> frozenset[str]:
    """Land hexes without a port: a navy there (a reserve raised in an inland major city,
    rule 8.3) reaches no water and is lost at sea (rule 4.4), so it adds no strength."""
    bd = _board()
    return frozenset(h for h, x in bd.hexes.items() if x.get("kind") == "land"
                     and h not in bd.ports)


def _strength(blocks: list[dict[str, Any]], h: str, navies: bool = True) -> int:
    """Our steps in hex `h`, navies only if `navies` and not stranded inland."""
    navies = navies and h not in _inland()
    return sum(b.get("strength") or 0 for b in blocks
               if navies or b.get("type") != "navy")


class _Nearest(dict[str, int]):
    """Hex -> hexes to the nearest of a set of enemy cities (20 when none is reachable),
    filled as asked: the evaluation asks it for every army of every position it scores."""

    def __init__(self, targets: frozenset[str]):
        super().__init__()
        self.targets = targets

    def __call__(self, h: str) -> int:
        got = self.get(h)
        if got is None:
            d = _board().distances(h)
            got = self[h] = min(d.get(t, 20) for t in self.targets)
        return got


_NEAREST: dict[frozenset[str], _Nearest] = {}


def _nearest_table(targets: frozenset[str]) -> _Nearest:
    table = _NEAREST.get(targets)
    if table is None:
        if len(_NEAREST) > 256:  # the enemy's cities change rarely; keep the memory bounded
            _NEAREST.clear()
        table = _NEAREST[targets] = _Nearest(targets)
    return table


def evaluate(view: dict[str, Any], me: str) -> float:
    winner = view.get("winner") or ((view.get("game") or {}).get("outcome") or {}).get(
        "winners", [None])[0]
    if winner:
        return WIN if winner == me else -WIN
    bd = _board()
    foe = other(me)
    mine: dict[str, list[dict[str, Any]]] = {}
    theirs: dict[str, int] = {}
    foe_steps: dict[str, int] = {}  # a hidden block's strength counted as two steps
    foe_fights: dict[str, int] = {}  # the same in a battle (see HIDDEN_FIGHTS)
    foe_walled: dict[str, int] = {}  # of which inside the walls
    foe_weight = 0.0
    for b in view["blocks"]:
        if b["side"] == me:
            mine.setdefault(b["hex"], []).append(b)
        elif b["side"] == foe:
            theirs[b["hex"]] = theirs.get(b["hex"], 0) + 1
            known = b.get("strength")
            foe_steps[b["hex"]] = foe_steps.get(b["hex"], 0) + (known or 2)
            foe_fights[b["hex"]] = foe_fights.get(b["hex"], 0) + (known or HIDDEN_FIGHTS)
            if b.get("in_city"):
                foe_walled[b["hex"]] = foe_walled.get(b["hex"], 0) + (known or HIDDEN_FIGHTS)
            foe_weight += ENEMY_BLOCK if known is None else ENEMY_STEP * known
    near_foe = {nb for h in theirs for nb in bd.nbrs.get(h, ())}
    score = 0.0
    enemy_cities: list[str] = []
    # City points at a count now (a contested city counts for neither), needed only when
    # the final count is at stake: `evaluate` scores every option of every decision.
    tally = {me: 0, foe: 0} if view.get("olympiad") == LAST_OLYMPIAD else None
    for name, c in view["cities"].items():
        h, value = c["hex"], c["value"] or 0
        if h is None:
            continue
        holder = c["side"]
        m, f = h in mine, h in theirs
        if m and not f:
            owner, weight = me, (HELD if holder == me else TAKEN)
        elif f and not m:
            owner, weight = foe, (HELD if holder == foe else TAKEN)
        elif m and f:
            odds = battle_odds(mine[h], foe_fights[h], foe_walled.get(h, 0))
            score += value * (odds * (HELD if holder == me else TAKEN)
                              - (1 - odds) * (HELD if holder == foe else TAKEN))
            # a siege (a side inside the walls) may stand at the count: the city is
            # then nobody's (rule 10.2); a battle in the open is over by then
            open_field = not foe_walled.get(h) and not any(b.get("in_city") for b in mine[h])
            if tally is not None and open_field and (odds >= SURE or odds <= 1 - SURE):
                tally[me if odds >= SURE else foe] += value
            owner, weight = holder, 0.0
        else:
            owner, weight = holder, HELD
        score += weight * value * (1 if owner == me else -1 if owner == foe else 0)
        if tally is not None and owner in tally and not (m and f) \
                and not c.get("besieged") and not c.get("blockaded"):
            tally[owner] += value
        if holder == foe:
            enemy_cities.append(h)
        if holder == me and not m and h in near_foe:
            score -= UNGUARDED * value
        if name == HELLESPONT_CITY and me == "athens" and holder == me and not m:
            score -= GRAIN_RISK
        if name == CAPITAL[foe] and m and not f:
            score += CAPITAL_TAKEN
        if name == CAPITAL[me]:
            score -= CAPITAL_TAKEN if f and not m else 0
            score += _capital_safety(view, me, c, mine.get(h, []))
    nearest = _nearest_table(frozenset(enemy_cities))
    for h, blocks in mine.items():
        strength = _strength(blocks, h)
        score += STEP * strength
        if h in theirs:
            score -= OUTNUMBERED * max(0, foe_steps[h] - strength)
        for b in blocks:
            if b.get("type") != "navy" and enemy_cities and h in bd.hexes:
                score -= APPROACH * nearest(h)
    score -= foe_weight
    for sg in view.get("sieges") or []:
        value = (view["cities"].get(sg["city"]) or {}).get("value") or 0
        score += SIEGE * value * (1 if sg["besieger"] == me else -1)
    if view.get("hellespont") == me:
        score += HELLESPONT
    elif view.get("hellespont") == foe:
        score -= HELLESPONT
    score += CARD_MP * sum(c.get("mp") or 0 for c in view["cards"]["hand"])
    if tally is not None:
        score += _final_stake(view, me, tally[me] - tally[foe])
    return score


def battle_odds(ours: list[dict[str, Any]], foe_steps: int, foe_walled: int) -> float:
    """Our chance, 0 to 1, of holding a hex both sides stand in once its battle is fought,
    from the steps on each side (see EVEN_LOW): blocks inside walls count double."""
    mine = sum((b.get("strength") or 0) * (2 if b.get("in_city") else 1) for b in ours)
    theirs = foe_steps + foe_walled
    share = mine / (mine + theirs) if mine + theirs else 0.5
    return min(1.0, max(0.0, (share - EVEN_LOW) / (EVEN_HIGH - EVEN_LOW)))


def capital_threat(view: dict[str, Any], me: str, h: str) -> int:
    """Enemy steps that could attack our capital in hex `h` next turn: armies within their
    move of it over land, navies within theirs by any hex-side when it is a port (a hidden
    block counted as 2 steps, moving as far as HIDDEN_MOVE says)."""
    port = h in _board().ports
    by_land = land_distances(h)
    steps = 0
    for b in view["blocks"]:
        if b["side"] == me or b["side"] not in SIDES:
            continue
        navy = b.get("type") == "navy" if b.get("type") else _at_sea(b["hex"])
        reach = b.get("move") or HIDDEN_MOVE["navy" if navy else "army"]
        if navy:
            if not port or _board().distances_to(h, {b["hex"]}).get(b["hex"], 99) > reach:
                continue
        elif by_land.get(b["hex"], 99) > reach:
            continue
        steps += b.get("strength") or 2
    return steps


def _capital_safety(view: dict[str, Any], me: str, city: dict[str, Any],
                    guards: list[dict[str, Any]]) -> float:
    """The guard's worth and the danger's cost at our capital (see DANGER_MAX)."""
    h = city["hex"]
    # a navy guards only from a port: elsewhere it must leave at the phase end
    guard = _strength(guards, h, navies=h in _board().ports)
    armies = _strength(guards, h, navies=False)
    threat = capital_threat(view, me, h)
    # Only armies are counted behind the walls: a navy fights at sea or in the land
    # battle outside (rule 5.41), and a guard of navies alone lost Athens (issue 35).
    walls = 2 if city.get("walled") else 1
    short = max(0.0, threat - walls * armies - (guard - armies))
    needed = max(GUARD_FLOOR, math.ceil(threat / walls) + GUARD_SPARE)
    # Each step the guard lacks of what the threat needs costs (a guard past the need
    # adds nothing, and more enemies never make the guard we have worth more).
    return -CAPITAL_GUARD * max(0, needed - guard) - DANGER_MAX * (1 - math.exp(
        -short * math.log(2) / DANGER_SCALE))


@cache
def land_distances(src: str) -> dict[str, int]:
    """Hexes from which an army reaches `src` over land hex-sides, by steps."""
    land = _board().land
    dist, ring = {src: 0}, [src]
    while ring:
        nxt = []
        for x in ring:
            for nb in land.get(x, {}):
                if nb not in dist:
                    dist[nb] = dist[x] + 1
                    nxt.append(nb)
        ring = nxt
    return dist


def _at_sea(h: str) -> bool:
    """A hidden block at sea is a navy (the view treats army or navy as public)."""
    return (_board().hexes.get(h) or {}).get("kind") == "sea"


def _final_stake(view: dict[str, Any], me: str, margin: int) -> float:
    """Rule 10.2: after the last Olympiad the higher count wins and Athens wins a tie, so
    Sparta needs one point more and Athens none. Smooth in the margin (being two ahead is
    safer than one), and worth more as the war's last turns run out."""
    if view.get("olympiad") != LAST_OLYMPIAD:
        return 0.0
    lead = margin - 0.5 if me == "sparta" else margin + 0.5
    return FINAL_STAKE * (view.get("turn") or 1) * math.tanh(lead)


# Answers for decisions whose result rests on dice or hidden facts, by prompt kind:
# the first of these option ids that the prompt offers.
PREFERRED = {
    "mulligan": ("redeal", "keep"),     # only a hand under 10 MP may be dealt again
    "mull_other": ("keep",),
    "act": ("fire",),                   # rule 5.41: fire rather than retreat
    "navy": ("land", "sea"),
    "betrayal": ("yes",),
    "revolt_won": ("keep",),
    "battle_pick": (),                  # every battle must be fought: any order
}


def choose(view: dict[str, Any], prompt: Prompt, lookahead: Lookahead | None,
           rng: Rng) -> str | None:
    ids = [o.id for o in prompt.options]
    if prompt.kind == "commit":
        # The card with most move points: movement decides most of the war (rule 3.0).
        hand = {f"c:{c['id']}": c.get("mp") or 0 for c in view["cards"]["hand"]}
        return max(ids, key=lambda i: (hand.get(i, -1), i))
    if prompt.kind in ("decl", "siege_decl"):
        return _declare(view, prompt, ids)
    for want in PREFERRED.get(prompt.kind, ()):
        if want in ids:
            return want
    if prompt.kind == "battle_pick":
        return next((i for i in ids if i != "done"), ids[0])
    return None


def _declare(view: dict[str, Any], prompt: Prompt, ids: list[str]) -> str:
    """Engage, sally or storm when our side's known strength in the battle is at least
    twice the number of enemy blocks in it (each hidden block counted as two steps)."""
    me = prompt.seat
    battle = view.get("battle") or {}
    ours = sum(b.get("strength") or 0 for b in battle.get("blocks", []) if b["side"] == me)
    foes = sum(b.get("strength") or 2 for b in battle.get("blocks", []) if b["side"] != me)
    bold = ours >= foes
    for want in (("storm", "sally", "eng", "att", "def") if bold else ("stay", "res", "wd")):
        if want in ids:
            return want
    return ids[0]


def imagine(view: dict[str, Any], prompt: Prompt, option_id: str) -> dict[str, Any] | None:
    """A move's destination (ids `mode|hex|from|crossed|coast`, rules 4.4-4.5) moves the
    chosen block (the prompt's `data`, never its words) in a copy of the view, and a
    neutral city it attacks joins the enemy (rule 9.5); nothing else is imagined."""
    if prompt.kind != "move_dest" or option_id.count("|") != 4 or not prompt.data:
        return None
    dest = option_id.split("|")[1]
    block = prompt.data.get("block")
    blocks = list(view["blocks"])
    for i, b in enumerate(blocks):
        if b["side"] == prompt.seat and b.get("id") == block:
            blocks[i] = dict(b, hex=dest, in_city=False)
            return _neutral_joins(dict(view, blocks=blocks), dest, other(prompt.seat))
    return None


def _neutral_joins(view: dict[str, Any], dest: str, foe: str) -> dict[str, Any]:
    """Rule 9.5: a neutral city attacked sides with the attacker's enemy at once and its
    own blocks stand in its hex at full strength. Which blocks a city has and their
    strength are public component data; while a city is neutral all of them are off the
    map (they come on only when it is attacked)."""
    for name, c in view["cities"].items():
        if c["hex"] == dest and c["side"] == "neutral":
            bd = _board()
            joined = [{"hex": dest, "side": foe, "in_city": False,
                       "strength": bd.blocks[bid]["max_strength"]}
                      for bid in bd.neutral_home.get(name, ())]
            return dict(view, cities={**view["cities"], name: dict(c, side=foe)},
                        blocks=view["blocks"] + joined)
    return view


def sample_state(state: Any, me: str) -> Any:
    """A sampled world as its own facts stand (engine/players/heuristic.py): every block
    on the map shown, so that the steps the enemy loses in a rollout's battles count as
    ours do (a view hides them again once the battle ends, rule 5.4)."""
    shown = dict(state)
    shown["revealed"] = [b for b, x in state["blocks"].items()
                         if x["loc"] not in ("pool", "off", "out")]
    return shown


def contact(view: dict[str, Any], me: str) -> frozenset[str]:
    """Hexes holding blocks of both sides: battles or sieges to come (rule 5.0)."""
    ours = {b["hex"] for b in view["blocks"] if b["side"] == me}
    return frozenset(b["hex"] for b in view["blocks"]
                     if b["side"] == other(me) and b["hex"] in ours)


HEURISTIC = RulesetHeuristic(
    evaluate=evaluate, choose=choose, imagine=imagine,
    skip=frozenset({"rv", "up"}),  # revolts (rule 7.0): weighed by the search alone
    # A rollout ends when the next side starts moving, or at the cards or the builds.
    boundary=frozenset({"move", "commit", "build", "mulligan"}),
    plan_kinds=frozenset({"move", "move_dest", "revolt_city", "revolt_str"}), end_phase="done",
    ventures=frozenset({"rv"}), contact=contact,
    menu_keys=frozenset({"step"}), sample_state=sample_state)
