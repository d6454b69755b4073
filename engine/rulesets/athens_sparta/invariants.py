"""Invariants checked after every action in tests and self-play."""

from __future__ import annotations

from .board import SICILY, Board
from .flow import current_step, prompts
from .state import (
    AS,
    OFFMAP,
    SIDES,
    Blocks,
    _occupancy,
    inside_walls,
    is_army,
    occupancy,
    siege_at,
)


def check(bd: Board, s: AS) -> list[str]:
    out: list[str] = []
    blocks = s["blocks"]
    if set(blocks) != set(bd.blocks):
        out.append("the set of blocks differs from the components")
    for bid, x in blocks.items():
        loc = x["loc"]
        if loc in OFFMAP:
            continue
        if loc not in bd.hexes:
            out.append(f"{bid} stands on an unknown place {loc}")
            continue
        mx = bd.blocks[bid]["max_strength"]
        if not 1 <= x["str"] <= mx:
            out.append(f"{bid} has strength {x['str']} (1..{mx})")
        if is_army(bd, bid) and bd.hexes[loc]["kind"] == "sea":
            out.append(f"army {bid} is at sea in {loc}")
        if x["side"] not in SIDES:
            out.append(f"{bid} is on the map but belongs to {x['side']}")
    occ = occupancy(s)
    if type(blocks) is Blocks:  # the occupancy kept with the blocks is theirs (state.py)
        fresh = _occupancy(s)
        if occ != fresh or list(occ) != list(fresh):
            out.append("the occupancy kept with the blocks is not the blocks'")
        if inside_walls(s) != {b for b, x in blocks.items() if x["in"] is not False}:
            out.append("the blocks kept as inside walls are not the blocks'")
    step = current_step(s)
    between = step in ("move", "move_dest", "revolt_city", "revolt_str", "commit",
                            "build", "deal", "mulligan", "sicily", "event")
    for h, here in occ.items():
        if h == SICILY:
            continue
        if between and s["battle"] is None:
            for side, bids in here.items():
                # revolt blocks do not count (7.0); blocks that changed sides where they
                # stood (9.5) did not move there
                bids = [b for b in bids if not blocks[b].get("rv")
                        and b not in s.get("flipped", ())]
                total, armies = bd.stack_limit(h)
                moved_in = [b for b in bids if b in s["moved"]]
                if len(bids) > total and moved_in:
                    out.append(f"{side} stacks {len(bids)} blocks in {h} (limit {total})")
                na = sum(1 for b in bids if is_army(bd, b))
                if na > armies and moved_in:
                    out.append(f"{side} stacks {na} armies in {h} (limit {armies})")
        if len(here) == 2 and s["battle"] is None and step in ("commit", "build", "deal") \
                and h not in bd.oracles and siege_at(bd, s, h, occ) is None:
            out.append(f"{h} holds both sides' blocks outside any siege between turns")
    # cards are conserved
    c = s["cards"]
    allc = list(c["deck"]) + c["hands"]["athens"] + c["hands"]["sparta"] + \
        list(c["committed"].values()) + list(c["sicily"].values())
    if len(allc) != len(set(allc)):
        out.append("a card is in two places at once")
    if "used" in c:
        every = allc + list(c["used"])
        if len(every) != len(set(every)) or len(every) != len(bd.cards):
            out.append(f"cards not conserved: {len(every)} of {len(bd.cards)} accounted for")
    known = {x["id"] for x in bd.cards}
    if not set(allc) <= known:
        out.append("unknown cards in play")
    for name, side in s["control"].items():
        if side not in ("athens", "sparta", "neutral", "persia", "none"):
            out.append(f"{name} has an impossible controller {side}")
    if s["winner"] is None and not s["resigned"] and not prompts(bd, s):
        out.append("nobody has a decision to make but the game is not over")
    return out
