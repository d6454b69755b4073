"""Sides chosen at the start instead of on joining (`/game new sides:`): a secret bid for
sides, or plain random sides. Pure functions: the service stores the bids and calls these
when the game starts (docs/architecture.md, Choosing sides).

Every die here is drawn from the game's own secret seed under a separate name
(`Rng("sides:" + seed)`, never the game's dice), so the seed hash published at the start
commits to them and anyone can re-derive them once the seed is revealed at the end.

A bid (the Hellenes ruling, engine/rulesets/hellenes/RULINGS.md, Prestige bid for sides):
each player secretly names the side they want and what they offer for it. Different
sides: each takes theirs and nobody pays. The same side: the higher bid takes it and pays
its bid (the ruleset says how: `Ruleset.side_bid_options`); equal bids are settled by a
roll-off, and the winner of the roll pays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine import Ruleset
from engine.core.rng import Rng

BID = "bid"
RANDOM = "random"
MODES = (BID, RANDOM)


@dataclass(frozen=True, slots=True)
class Bid:
    user_id: int
    side: str  # the first seat of the place wanted
    amount: int


@dataclass(frozen=True, slots=True)
class Sides:
    """Who takes which place, what the start costs, and the record posted publicly."""

    assignment: dict[int, str]  # user -> the first seat of their place
    options: dict[str, Any]  # options the winning bid adds (empty when nobody pays)
    record: dict[str, Any]  # JSON: mode, bids, rolls, payer; kept and announced


def dice(seed: str) -> Rng:
    """The dice of the side draw: derived from the game's seed, apart from its own."""
    return Rng(f"sides:{seed}")


def roll_order(rng: Rng, users: Sequence[int]) -> tuple[list[int], list[list[int]]]:
    """Users from the highest roll of one die to the lowest; users who tie roll again
    among themselves. Returns the order and every roll made, [user, die], in order."""
    rolls: list[list[int]] = []

    def order(group: Sequence[int]) -> list[int]:
        if len(group) < 2:
            return list(group)
        got = {u: rng.die() for u in group}
        rolls.extend([u, got[u]] for u in group)
        out: list[int] = []
        for value in sorted(set(got.values()), reverse=True):
            out += order([u for u in group if got[u] == value])
        return out

    return order(users), rolls


def draw_random(leads: Sequence[str], users: Sequence[int], seed: str) -> Sides:
    """Random sides: everyone rolls (in joining order); the highest takes the first
    place in the game's seat order, the next the second, and so on."""
    ranked, rolls = roll_order(dice(seed), users)
    assignment = dict(zip(ranked, leads, strict=True))
    return Sides(assignment, {}, {"mode": RANDOM, "rolls": rolls,
                                  "seats": [[u, assignment[u]] for u in users]})


def resolve_bids(rules: Ruleset, leads: Sequence[str], bids: Sequence[Bid],
                 seed: str) -> Sides:
    """Two sealed bids for two places (see the module's docstring)."""
    a, b = bids
    record: dict[str, Any] = {"mode": BID,
                              "bids": [[x.user_id, x.side, x.amount] for x in bids],
                              "rolls": [], "paid": None}
    if a.side != b.side:
        assignment = {a.user_id: a.side, b.user_id: b.side}
        options: dict[str, Any] = {}
    else:
        if a.amount != b.amount:
            winner = a if a.amount > b.amount else b
        else:
            ranked, record["rolls"] = roll_order(dice(seed), [a.user_id, b.user_id])
            winner = a if ranked[0] == a.user_id else b
        loser = b if winner is a else a
        other = next(s for s in leads if s != winner.side)
        assignment = {winner.user_id: winner.side, loser.user_id: other}
        options = rules.side_bid_options(winner.side, winner.amount) if winner.amount else {}
        record["paid"] = [winner.user_id, winner.side, winner.amount]
    record["seats"] = [[x.user_id, assignment[x.user_id]] for x in bids]
    return Sides(assignment, options, record)


def recheck(rules: Ruleset, leads: Sequence[str], record: dict[str, Any],
            seed: str) -> Sides:
    """Draw the sides again from a record's own inputs (the joining order, or the bids)
    and the revealed seed: an honest record comes out unchanged (service/audit.py)."""
    if record.get("mode") == RANDOM:
        return draw_random(leads, [int(u) for u, _ in record["seats"]], seed)
    return resolve_bids(rules, leads, [Bid(int(u), str(side), int(n))
                                       for u, side, n in record["bids"]], seed)
