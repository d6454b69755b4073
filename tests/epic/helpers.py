"""Shared helpers for the Epic rules tests: a bare board, pieces put down, fixed dice."""

from __future__ import annotations

from typing import Any

import engine
from engine.core.game import Game
from engine.core.rng import Rng
from engine.core.ruleset import Context
from engine.rulesets.epic import board as B
from engine.rulesets.epic import menus
from engine.rulesets.epic.rules import MACHINE
from engine.testing import FixedRng

RULES = engine.ruleset("epic")
SCENARIO = "argive-league"


def new(seed: str = "test") -> Game:
    return engine.new_game("epic", SCENARIO, seed=seed)


def bare(seed: str = "test") -> Game:
    """The Argive League set up, with every unit back in its pool and no flow running."""
    g = new(seed)
    s = g.state
    for u in s["units"].values():
        u.update(where="pool", hex=None)
    s["flow"].clear()
    return g


def put(g: Game, home: str, utype: str, hexid: str, n: int = 1, morale: int | None = None,
        side: str | None = None) -> list[str]:
    """Take `n` pool units of a kind and set them down at `hexid` (a new unit when the pool
    has none, for the worked examples' Phocians)."""
    s = g.state
    out: list[str] = []
    for uid, u in sorted(s["units"].items()):
        if len(out) == n:
            break
        if u["home"] == home and u["type"] == utype and u["where"] == "pool" and \
                (morale is None or u["morale"] == morale):
            u.update(where="map", hex=hexid)
            out.append(uid)
    if side is None:  # a new unit sides with its home's other units
        side = next((u["side"] for u in s["units"].values() if u["home"] == home), None)
    while len(out) < n:
        uid = f"{home}-{utype}-x{len(s['units'])}"
        s["units"][uid] = {"side": side, "home": home, "type": utype, "morale": morale,
                           "where": "map", "hex": hexid, "forage": False, "raid": False,
                           "moved": False, "placed": False}
        out.append(uid)
    return out


def threaten(g: Game, hexid: str, foe_home: str = "laconia") -> str:
    """An enemy hoplite set down two land hexes from `hexid` and in no city: walls there
    are worth pulling down (games of generation 1 offer them only so, issue 33)."""
    comps = B.comps()
    first = comps.land_neighbors(hexid)
    spot = next(n for x in first for n in comps.land_neighbors(x)
                if n != hexid and n not in first and n not in B.city_by_hex())
    return put(g, foe_home, "hoplite", spot, 1)[0]


def leader(g: Game, name: str, hexid: str | None) -> None:
    x = g.state["leaders"][name]
    if hexid is None:
        x.update(where="force", hex=None, region="attica" if x["side"] == "athens" else "laconia")
    else:
        x.update(where="map", hex=hexid, region=None)


def start(g: Game, proc: str, dice: list[int], **args: Any) -> FixedRng:
    """Run procedure `proc` on the bare game with fixed dice (kept for its later answers)."""
    rng = FixedRng(dice)
    g.rng = rng
    MACHINE.start(g.state, Context(rng), proc, **args)
    g._prompts = None  # the game had built its prompts for the state before
    return rng


def ids(g: Game, seat: str) -> list[str]:
    p = g.prompt_for(seat)
    assert p is not None, f"{seat} has nothing to decide; to act: {[x.seat for x in g.prompts()]}"
    # the options behind a menu's groups too, and the one-unit answers a batch stands for
    return [str(i) for x in menus.leaves_of(p) for i in (x["id"], *x.get("also", ()))]


def play_out(g: Game, seed: str = "p") -> None:
    from engine.selfplay import play_random

    _, problem = play_random(g, Rng(seed))
    assert problem is None, problem


def through_menus(g, seat, answer):
    """Act `answer`, recorded before the long choices became menus (issue 33): the groups
    leading to it are opened first (they change nothing on the board), and a one-unit
    placement or build of then ("place:argolid:hoplite:5:Argos", "unit:...") is its kind's
    batch with one unit to that place, the rest left. The events of the last act."""
    for _ in range(8):
        p = g.prompt_for(seat)
        if p is None or p.form != "one" or p.option(answer) is not None:
            break
        step = _towards(p, answer)
        if step is None:
            break
        assert g.act(seat, step) == []
        q = g.prompt_for(seat)
        if q is not None and q.form == "allocate":
            verb, _, rest = answer.partition(":")
            one = {"place": "at:", "remove": "from:"}.get(verb)
            pick = "build" if verb == "unit" else one + rest.rsplit(":", 1)[1]
            return g.act(seat, "|".join([pick] + [q.options[0].id] * (q.lo - 1)))
    return g.act(seat, answer)


def _towards(p, answer):
    """The option of menu `p` that leads to `answer` (a group, or the batch it is of)."""
    for o in p.options:
        facts = o.data or {}
        leaves = facts.get("leaves", []) if facts.get("kind") == "group" else [facts]
        if any(x.get("id", o.id) == answer or answer in x.get("also", ()) for x in leaves):
            return o.id
    return None
