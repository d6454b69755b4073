"""What a seat may see (schema in VIEW.md). The only place redaction happens."""

from __future__ import annotations

from typing import Any

from . import cards as C
from .board import Board
from .combat import stage_of
from .flow import current_step
from .state import AS, SIDES, occupancy, points, sieges
from .victory import reason_words


def _block(bd: Board, s: AS, bid: str, seat: str | None, with_place: bool = True
           ) -> dict[str, Any]:
    x = s["blocks"][bid]
    spec = bd.blocks[bid]
    d: dict[str, Any] = {}
    if with_place:
        d = {"hex": x["loc"], "side": x["side"], "in_city": bool(x["in"])}
    if x["side"] == seat or bid in s["revealed"]:
        d.update({"id": bid, "name": spec.get("name") or bid, "type": spec["type"],
                  "strength": x["str"], "max_strength": spec["max_strength"],
                  "rating": spec["rating"], "move": spec.get("move"), "home": spec.get("home"),
                  "special": spec.get("special"), "revealed": bid in s["revealed"],
                  "side": x["side"]})
        if spec["type"] == "navy" and with_place:
            d["coast"] = x["coast"]
        if x.get("rv"):
            d["revolt"] = True
    return d


def _visible(s: AS, bid: str, seat: str | None) -> bool:
    return s["blocks"][bid]["side"] == seat or bid in s["revealed"]


def view(bd: Board, s: AS, seat: str | None) -> dict[str, Any]:
    cards = s["cards"]
    played = cards["played"]  # the cards revealed this game turn (or the last one)
    # One pass over the blocks: a phase-end post builds this view on the click's path.
    vis_keys = []
    hid = []
    pools: dict[str, list[str]] = {side: [] for side in SIDES}
    revealed = s["revealed"]
    offmap = 0
    for bid, blk in s["blocks"].items():
        loc = blk["loc"]
        if loc == "pool":
            if blk["side"] in pools:
                pools[blk["side"]].append(bid)
        elif loc == "off":
            offmap += 1
        elif loc != "out":
            if blk["side"] == seat or bid in revealed:
                vis_keys.append((loc, blk["side"], bid))
            else:
                hid.append((loc, blk["side"], bool(blk["in"])))
    vis_keys.sort()
    hid.sort()
    blocks = [_block(bd, s, bid, seat) for _, _, bid in vis_keys] + \
        [{"hex": h, "side": sd, "in_city": i} for h, sd, i in hid]
    pool = []
    pool_sizes = {}
    for side in SIDES:
        ids = sorted(pools[side])
        pool_sizes[side] = len(ids)
        if side == seat:
            pool = [_block(bd, s, b, seat, with_place=False) for b in ids]
    occ = occupancy(s)
    sg_list = sieges(bd, s, occ)
    by_hex: dict[Any, dict[str, Any]] = {}
    for sg in sg_list:
        by_hex.setdefault(sg["hex"], sg)  # the first, as a scan of the list would find
    control = s["control"]
    syracuse = s["syracuse_value"] if _syr_known(s, seat) else None
    cities = {}
    for name, c in bd.cities.items():
        offboard = c.get("offboard")
        h = c.get("hex") or ("sicily" if offboard else None)
        sgh = by_hex.get(h)
        cities[name] = {"hex": h, "value": syracuse if offboard else (c.get("value") or 0),
                        "side": control.get(name, c.get("side")),
                        "major": bool(c.get("major")), "walled": bool(c.get("walled")),
                        "port": bool(c.get("port")),
                        "besieged": bool(sgh and sgh["siege"]),
                        "blockaded": bool(sgh and sgh["blockade"])}
    pts: dict[str, int] | None = points(bd, s)
    if not _syr_known(s, seat) and s["control"].get("Syracuse") in SIDES:
        pts = None  # cannot happen: Syracuse is revealed when attacked
    bt = s["battle"]
    battle = None
    if bt:
        battle = {"hex": bt["hex"], "label": bd.label(bt["hex"]), "kind": bt["kind"],
                  "attacker": bt["attacker"], "defender": bt["defender"], "round": bt["round"],
                  "stage": stage_of(s),
                  "blocks": [dict(_block(bd, s, b, seat), role="attacker" if r == bt["attacker"]
                                  else "defender", status=bt["status"].get(b),
                                  half_hit=(b in s["half_hits"]) if _visible(s, b, seat) else None)
                             for b, r in sorted(bt["role"].items(), key=lambda kv: (
                                 kv[1], not _visible(s, kv[0], seat),
                                 kv[0] if _visible(s, kv[0], seat) else "",
                                 bt["status"].get(kv[0]) or "",
                                 bool(s["blocks"][kv[0]]["in"])))
                             if s["blocks"][b]["loc"] == bt["hex"]],
                  "log": bt["record"]["rounds"]}
    build = None
    if s["build"]:
        b = s["build"]
        build = {"bp": dict(b["points"]), "done": dict(b["done"]),
                 "left": {seat: b["left"][seat]} if seat else {},
                 "spent_at": dict(b["spent"][seat]) if seat else {}}
    sic: dict[str, Any] = {}
    for side in SIDES:
        card = cards["sicily"].get(side)
        if card is None:
            sic[side] = None
        elif cards["sicily_shown"] or side == seat:
            sic[side] = C.card_public(bd, card)
        else:
            sic[side] = True
    mine = cards["committed"].get(seat) if seat else None
    ab = bd.cities.get("Abydos", {}).get("hex")
    return {
        "ruleset": "athens-sparta",
        "viewer": seat,
        "olympiad": s["olympiad"], "turn": s["turn"], "phase": s["phase"],
        "step": current_step(s),
        "active": s["active"],
        "player1": s["player1"] if s["cards"]["played"] else None,
        "player2": (("athens" if s["player1"] == "sparta" else "sparta")
                    if s["cards"]["played"] and s["player1"] else None),
        "mp_left": s["move_points"] if s["active"] else None,
        "options": dict(s["options"]),
        "cards": {
            "hand": [C.card_public(bd, c) for c in sorted(cards["hands"][seat])] if seat else [],
            "hand_sizes": {x: len(cards["hands"][x]) for x in SIDES},
            "committed": {x: x in cards["committed"] for x in SIDES},
            "my_committed": C.card_public(bd, mine) if mine else None,
            "played": {x: (C.card_public(bd, played[x]) if played.get(x) else None)
                       for x in SIDES},
            "deck_size": len(cards["deck"]),
            "sicily": sic,
            "mulligan_used": dict(cards["mulligan_used"]),
            "peeked": ([C.card_public(bd, c) for c in s["peek"].get(seat, [])]
                       if seat else []),
        },
        "events_in_force": sorted(e for e in s["events"]),
        "blocks": blocks,
        "pool": pool,
        "pool_sizes": pool_sizes,
        "offmap_neutral": offmap,
        "cities": cities,
        "control": {h: c for h, c in sorted(s["land_control"].items())},
        "sea_control": {h: c for h, c in sorted(s["sea_control"].items())},
        "sieges": sg_list,
        "points": pts,
        "syracuse_value": s["syracuse_value"] if _syr_known(s, seat) else None,
        "persia": dict(s["persia"]),
        "hellespont": s["sea_control"].get(ab) if ab else None,
        "battle": battle,
        "last_battle": s["last_battle"],
        "build": build,
        "winner": s["winner"],
        "reason": reason_words(bd, s, s["winner"], s["reason"] or "") if s["winner"] else None,
        "resigned": s["resigned"],
    }


def _syr_known(s: AS, seat: str | None) -> bool:
    return not s["cards"]["sicily"] or s["cards"]["sicily_shown"]
