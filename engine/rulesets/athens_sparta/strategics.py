"""Control changes at the end of a phase (4.2) and what follows from them: rebel navies
(9.4), neutral blocks changing sides (9.5), Persian support (9.3); the Hellespont (9.1)."""

from __future__ import annotations

from typing import Any

from engine.core.view import TAKEN

from .board import SICILY, Board
from .schema import QueueItem
from .state import (
    AS,
    SIDES,
    a_word,
    compute_control,
    derived,
    inside_walls,
    occupancy,
    siege_at,
)

REBELS = ("Chios", "Corcyra", "Mytilene", "Rhodes")


def end_of_phase(bd: Board, s: AS, ctx: Any) -> None:
    """Rule 4.2: control changes only now. A city belongs to the side that alone occupies
    its hex, or to the side holding it inside a siege; a vacated city keeps its owner.

    Phases often end with nothing moved since the last phase end (no battles, no
    moves): with the same blocks, control and snapshot, this work would change nothing,
    so it is skipped (what was found is kept with the blocks, `derived`)."""
    d = derived(s)
    key = ("phase_end", bd)
    if d is not None:
        done = d.get(key)
        if done is not None and done[1] is s["land_control"] and done[2] is s["sea_control"] \
                and done[0] == s["control"]:
            return
    occ = occupancy(s)
    changes = []
    blocks = s["blocks"]
    cities_at = bd.cities_at
    # blocks inside walls with no enemy left (written once the places are read): most
    # stand free already
    free = [b for b in inside_walls(s) if len(occ.get(blocks[b]["loc"], ())) == 1]
    for h, here in occ.items():
        if len(here) == 1:
            names = cities_at.get(h)
            if not names:
                continue
            (owner,) = here
        else:
            names = cities_at.get(h)
            if not names:
                continue
            sg = siege_at(bd, s, h, occ) if len(here) == 2 else None
            if not sg:
                continue
            owner = sg["holder"]
        if owner not in SIDES:
            continue
        for name in names:
            cur = s["control"].get(name)
            if cur in ("persia", "none", None) or cur == owner:
                continue
            assert cur is not None
            if cur == "neutral":
                continue  # a neutral city changes only by being attacked (9.5)
            s["control"][name] = owner
            changes.append((name, cur, owner))
    # blocks inside walls with no enemy left stand free again
    for b in free:
        blocks[b]["in"] = False
    freed = bool(free)
    for name, old, new in changes:
        ctx.event("control", f"{name} passes from {old.title()} to {new.title()} (rule 4.2)",
                  city=name, old=old, new=new, **{TAKEN: name})
        on_control_change(bd, s, name, old, new, ctx)
    compute_control(bd, s)
    if d is not None and not changes and not freed:
        # nothing changed but the snapshot: the same blocks and control would change
        # nothing again (a change of control may move blocks, rule 9.4, 9.5, which the
        # next phase end looks at afresh)
        d[key] = (dict(s["control"]), s["land_control"], s["sea_control"])


def on_control_change(bd: Board, s: AS, name: str, old: str, new: str, ctx: Any) -> None:
    if name in REBELS:
        rebel_navy(bd, s, name, new, ctx)
    # neutral blocks follow their home city (9.5)
    for bid, spec in bd.blocks.items():
        if spec["side"] != "neutral" or spec.get("home") != name:
            continue
        b = s["blocks"][bid]
        if b["loc"] == "off" or b["side"] == new:
            continue
        b["side"] = new
        b["in"] = False
        s.setdefault("flipped", []).append(bid)
        ctx.event("side_change", f"{a_word(name + ' block')} changes sides to {new.title()} (rule 9.5)",
                  block=bid, side=new)
        h = b["loc"]
        if h not in ("pool", "off", "out") and h not in bd.oracles and any(
                x["loc"] == h and x["side"] == old for x in s["blocks"].values()):
            # 9.5: standing among its former allies, it attacks them at once
            item: QueueItem = {"kind": "flip_battle", "hex": h, "attacker": new}
            if item not in s["queue"]:
                s["queue"].append(item)
    if name == "Miletus":
        p = s["persia"]
        if new == "athens" and p["alliance"] and not p["ended"]:
            p["ended"] = True
            ctx.event("persia", "Athens retakes Miletus: Persian support for Sparta ends for "
                      "good (rule 9.3)")
        if new == "sparta" and not p["alliance"] and not p["ended"]:
            s["queue"].append({"kind": "persia"})


def rebel_navy(bd: Board, s: AS, name: str, new: str, ctx: Any) -> None:
    """Rule 9.4: the city's navy goes home at once and serves its new master."""
    ath = next((b for b, sp in bd.blocks.items() if sp.get("special") == "rebel-navy"
                and sp["home"] == name), None)
    twin = next((b for b, sp in bd.blocks.items() if sp.get("special") == "rebel-twin"
                 and sp["home"] == name), None)
    if not ath or not twin:
        return
    src, dst = (ath, twin) if new == "sparta" else (twin, ath)
    sb, db = s["blocks"][src], s["blocks"][dst]
    h = bd.cities[name]["hex"]
    if sb["loc"] in ("pool", "off", "out"):
        if sb["loc"] == "pool":
            sb.update({"loc": "out", "str": 0})
            db.update({"loc": "pool", "str": 0, "side": new})
        return
    strength = sb["str"]
    sb.update({"loc": "out", "str": 0, "coast": None, "in": False})
    db.update({"loc": h, "str": strength, "side": new, "coast": bd.ports.get(h, 0), "in": False})
    for lst in (s["moved"], s["revealed"], s["half_hits"]):
        if src in lst:
            lst.remove(src)
    ctx.event("rebel_navy", f"The {name} navy goes over to {new.title()} (rule 9.4)",
              city=name, side=new)


def hellespont_applies(bd: Board, s: AS) -> bool:
    """Rule 9.1: Spartan sea control of Abydos costs Athens a block in Athens each
    Athenian turn, unless Athens holds Syracuse with sea control (9.2)."""
    ab = bd.cities.get("Abydos", {}).get("hex")
    if not ab or s["sea_control"].get(ab) != "sparta":
        return False
    return not (s["control"].get("Syracuse") == "athens" and s["sea_control"].get(SICILY) == "athens")


def athens_blocks_in_athens(bd: Board, s: AS) -> list[str]:
    h = bd.cities["Athens"]["hex"]
    return sorted(b for b, x in s["blocks"].items() if x["loc"] == h and x["side"] == "athens")

