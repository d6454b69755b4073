"""States that differ from the real one only in what a seat cannot see, for the
redaction proofs (`engine.testing.assert_view_hides`).

What is hidden from a seat: the identity and strength of the other side's blocks that are
not revealed (whether a hidden block is an army or a navy is public: navies sit at sea), the
other side's hand, face-down commitment and Sicily card, and the order of the deck."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .board import Board
from .rules_copy import copy_state
from .state import SIDES


def hidden_variants(bd: Board, s: dict[str, Any], seat: str | None, rng: Any
                    ) -> Iterator[dict[str, Any]]:
    hidden_sides = [x for x in SIDES if x != seat]
    in_battle: set[str] = set()  # battle blocks are permuted too; the battle is remapped
    for _ in range(6):
        v = copy_state(s)
        for side in hidden_sides:
            for cls in ("army", "navy"):
                ids = [b for b, x in v["blocks"].items()
                       if x["side"] == side and b not in v["revealed"]
                       and x["loc"] not in ("off", "out")
                       and (bd.blocks[b]["type"] == "navy") == (cls == "navy")
                       and not x.get("rv") and b not in in_battle]
                # identities: shuffle the records among these blocks, keeping places
                recs = [v["blocks"][b] for b in ids]
                places = [(r["loc"], r["coast"], r["in"]) for r in recs]
                perm = list(ids)
                rng.shuffle(perm)
                newrecs = {}
                for b, (loc, coast, inn) in zip(perm, places):
                    r = dict(v["blocks"][b])
                    r["loc"], r["coast"], r["in"] = loc, coast, inn
                    mx = bd.blocks[b]["max_strength"]
                    r["str"] = 0 if loc == "pool" else 1 + rng.randbelow(mx)
                    newrecs[b] = r
                v["blocks"].update(newrecs)
                # ids in per-block lists follow the places they took
                mapping = dict(zip(ids, perm))
                for key in ("moved", "oracle", "diolkos", "half"):
                    v[key] = [mapping.get(b, b) for b in v[key]]
                for h, ent in list(v["entries"].items()):
                    v["entries"][h] = {mapping.get(b, b): e for b, e in ent.items()}
                _remap_battle(v, mapping)
            cards = v["cards"]
            pool = list(cards["deck"]) + list(cards["hands"][side])
            com = cards["committed"].get(side)
            if com:
                pool.append(com)
            sic = cards["sicily"].get(side) if not cards["sicily_shown"] else None
            if sic:
                pool.append(sic)
            rng.shuffle(pool)
            n = len(cards["hands"][side])
            cards["hands"][side], pool = pool[:n], pool[n:]
            if com:
                cards["committed"][side], pool = pool[0], pool[1:]
            if sic:
                cards["sicily"][side], pool = pool[0], pool[1:]
            cards["deck"] = pool
        if seat is not None:
            # the deck order is hidden from everyone
            rng.shuffle(v["cards"]["deck"])
        if v["cards"]["sicily"] and not v["cards"]["sicily_shown"]:
            v["syracuse_value"] = sum(bd.card[c]["mp"] for c in v["cards"]["sicily"].values())
        yield v


def _m(mapping: dict[str, str], x):
    if isinstance(x, str):
        return mapping.get(x, x)
    if isinstance(x, list):
        return [_m(mapping, y) for y in x]
    return x


def _remap_battle(v: dict[str, Any], mapping: dict[str, str]) -> None:
    """Block ids inside the battle in progress and pending hits follow the permutation."""
    bt = v["battle"]
    if bt:
        for key in ("role", "st"):
            bt[key] = {mapping.get(b, b): x for b, x in bt[key].items()}
        for key in ("relief", "acted", "queue", "decl", "sally", "forced", "regrouped", "sd",
                    "navy_done", "optional", "extra_q"):
            if isinstance(bt.get(key), list):
                bt[key] = _m(mapping, bt[key])
        for key in ("helot", "revolt", "sel"):
            if bt.get(key):
                bt[key] = mapping.get(bt[key], bt[key])
    h = v.get("hits")
    if h:
        h["pool"] = _m(mapping, h["pool"])
        if h.get("choice"):
            h["choice"] = mapping.get(h["choice"], h["choice"])
    if v.get("pending_retreat"):
        v["pending_retreat"] = mapping.get(v["pending_retreat"], v["pending_retreat"])
