"""Siege attrition (rules 6.0, 6.1, 9.2): after his combat phase the active player rolls one
die per friendly block in each siege or blockade; rolls at or above the target are hits on
the strongest blocks, as in combat."""

from __future__ import annotations

from typing import Any

from .board import SICILY, Board
from .schema import AttritionJob
from .state import AS, occupancy, other, sieges


def target_number(sg: dict[str, Any], side: str) -> int:
    """Table of rule 6.0: besieged 5+ in a half siege, 3+ in a full one; besieger 4+."""
    if side == sg["holder"]:
        return 3 if sg["full"] else 5
    return 4


def syracuse_sea_control(bd: Board, s: AS, side: str) -> bool:
    """Sea control of Syracuse (4.2, 9.2): a blockader holds it; otherwise the city holder."""
    sc = s["sea_control"].get(SICILY)
    return sc == side


def attrition_jobs(bd: Board, s: AS, side: str) -> list[AttritionJob]:
    occ = occupancy(s)
    jobs: list[AttritionJob] = []
    for sg in sieges(bd, s, occ):
        here = occ[sg["hex"]]
        if side == sg["holder"]:
            bids = [b for b in here.get(side, []) if s["blocks"][b]["in"]]
        elif side == sg["besieger"]:
            bids = [b for b in here.get(side, []) if not s["blocks"][b]["in"]]
        else:
            continue
        if not bids:
            continue
        need = target_number(sg, side)
        if sg["hex"] == SICILY and side == sg["besieger"] and \
                syracuse_sea_control(bd, s, other(side)):
            need -= 1  # rule 9.2: +1 to the attacker's attrition rolls
        jobs.append({"hex": sg["hex"], "side": side, "need": need, "bids": bids,
                     "why": "siege attrition (rule 6.0)"})
    # rule 9.2: Syracuse blockaded or taken by Athens starves Corinth
    if side == "sparta":
        syr = s["control"].get("Syracuse")
        blockaded = any(sg["hex"] == SICILY and sg["besieger"] == "athens" and sg["blockade"]
                        for sg in sieges(bd, s, occ))
        if syr == "athens" or blockaded:
            corinth = bd.cities.get("Corinth", {}).get("hex")
            if corinth:
                bids = list(occ.get(corinth, {}).get("sparta", []))
                if bids:
                    jobs.append({"hex": corinth, "side": "sparta", "need": 5, "bids": bids,
                                 "why": "Corinth's hunger without Syracuse (rule 9.2)"})
    return jobs
