"""The Hellenes heuristic: a position score read from a seat's view
(engine/rulesets/hellenes/view.py) and rules of thumb for decisions that rest on dice.

The score counts, from the seat's side: the Prestige track (the war is won at 15, rule
14.21, and Tribute feeds it every year, 9.51), the Cities held against their Loyalty (the
Tribute they pay) and our own Cities held by the enemy, the safety of our capital and the
threat to theirs, our strength in play against the enemy's upright blocks (hidden: about
two steps each), the sieges we press or suffer (7.2), our land units standing where the
enemy holds a City, and the cards in hand. City values, loyalties and the map are public
component data; nothing here reads a game's state.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..core.rng import Rng
from ..core.types import Prompt
from ..rulesets.hellenes import board as B
from .base import Lookahead
from .heuristic import RulesetHeuristic

CAPITAL = {"athens": "Athens", "sparta": "Sparta"}
WIN = 1000.0

# Weights, in Prestige points.
PRESTIGE = 1.0        # one point on the track
CONQUEST = 0.8        # per City value held against its Loyalty (Tribute, 9.51)
LOST = 0.8            # per value of one of our own Cities the enemy holds
STEP = 0.3            # one step of our strength in play
ENEMY_BLOCK = 0.6     # an enemy block on the map (strength hidden)
CAPITAL_LOST = 20.0   # the enemy holds our capital
CAPITAL_THREAT = 1.5  # each enemy block in or next to our capital's area
SIEGE = 0.4           # share of a besieged City's value, for the besieger
CARD = 0.4            # a card in hand
PRESSURE = 0.3        # per value of a City the enemy holds, where our land units stand


def _side(view: dict[str, Any], me: str) -> int:
    return 1 if me == "athens" else -1


@cache
def _cities() -> dict[str, Any]:
    return {c.name: c for c in B.comps().data.cities}


@cache
def _near(area: str) -> frozenset[str]:
    return frozenset((area, *B.comps().areas[area].adjacent))


def evaluate(view: dict[str, Any], me: str) -> float:
    result = view.get("result") or {}
    if result.get("winner"):
        return WIN if result["winner"] == me else -WIN
    foe = "sparta" if me == "athens" else "athens"
    score = PRESTIGE * _side(view, me) * view["prestige"]
    cities = _cities()
    for name, holder in view["control"].items():
        city = cities[name]
        if holder == me and city.loyalty not in (me, "neutral"):
            score += CONQUEST * city.value
        elif holder == foe and city.loyalty == me:
            score -= LOST * city.value
            if name == CAPITAL[me]:
                score -= CAPITAL_LOST
        elif holder == me and name == CAPITAL[foe]:
            score += CAPITAL_LOST
    mine = [b for b in view["blocks"] if b["side"] == me]
    theirs = [b for b in view["hidden_blocks"] if b["side"] == foe]
    score += STEP * sum(b["cv"] for b in mine)
    # Our land units in the area of a City the enemy holds: a siege or an assault to come
    # (7.2, 8.0), the way back to a City a Revolt took (its Tribute goes to the enemy).
    standing = {b["area"] for b in mine if b["type"] != "fleet"}
    score += PRESSURE * sum(cities[name].value for name, holder in view["control"].items()
                            if holder == foe and cities[name].area in standing)
    score -= ENEMY_BLOCK * len(theirs)
    home = _near(cities[CAPITAL[me]].area)
    score -= CAPITAL_THREAT * sum(1 for b in theirs if b["area"] in home)
    for name, siege in (view.get("sieges") or {}).items():
        value = cities[name].value if name in cities else 1
        score += SIEGE * value * (1 if siege["besieger"] == me else -1)
    score += CARD * len(view["cards"]["hand"])
    return score


def _battle_odds(view: dict[str, Any], me: str) -> float:
    """Our strength in the battle over the enemy's (its blocks are face up in battle)."""
    battle = view.get("battle") or {}
    ours = sum(b.get("cv") or 0 for b in battle.get("blocks", [])
               if b["side"] == me and not b.get("routed"))
    theirs = sum(b.get("cv") or 0 for b in battle.get("blocks", [])
                 if b["side"] != me and not b.get("routed"))
    return ours / max(1, theirs)


def choose(view: dict[str, Any], prompt: Prompt, lookahead: Lookahead | None,
           rng: Rng) -> str | None:
    ids = [o.id for o in prompt.options]
    if prompt.kind == "retreat-or-fight":
        # 6.4: fight on while our side is at least as strong, else save the units.
        return "fight" if _battle_odds(view, prompt.seat) >= 1.0 else "retreat"
    if prompt.kind == "battle-loss":
        return ids[0]  # the rules already narrowed it to equally strong (or weak) blocks
    if prompt.kind == "fortify":
        # 7.1: shut ourselves in the City when the enemy that engages us is stronger.
        area = next((b["area"] for b in view["blocks"]
                     if b["id"] in ids), None)
        ours = sum(b["cv"] for b in view["blocks"] if b["area"] == area)
        foes = 2 * sum(1 for b in view["hidden_blocks"]
                       if b["area"] == area and b["side"] != prompt.seat)
        if foes > ours and prompt.hi > 0:
            from ..core import decisions

            return decisions.encode(prompt, ids[:prompt.hi])
        return "" if prompt.lo == 0 else None
    return None


# A Hellenes preview costs several times an Athens & Sparta one (a larger state and
# view): one menu step deep, only into short follow-ups, at most 30 previews a decision.
HEURISTIC = RulesetHeuristic(
    evaluate=evaluate, choose=choose, depth=2, width=6, previews=30,
    # For the search level: a rollout ends when a side next commits a card or begins its
    # Actions, moves or recruits (after the battles under way are fought out), and only
    # the battle decisions are weighed in sampled worlds, where the hidden strengths and
    # the dice decide.
    boundary=frozenset({"commit", "sacrifice", "actions", "winter-actions", "move",
                        "muster", "recruit"}),
    searched=frozenset({"retreat-or-fight", "retreat", "sortie", "capitulate",
                        "siege-combat", "battle-order", "appeal"}))
