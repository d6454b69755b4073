"""What must hold after every action (self-play checks it): SPs within the counter mix
and never negative, tracks within their ranges, leaders and garrisons where they may be,
battle records well formed."""

from __future__ import annotations

from engine.core.battle_record import problems as record_problems

from .board import board
from .components import MAJORS
from .state import PpwState


def check(s: PpwState) -> list[str]:
    b = board()
    out: list[str] = []
    totals: dict[str, list[int]] = {}
    for space, owners in s["forces"].items():
        if space not in b.type:
            out.append(f"SPs at {space}, which is not a space")
        for owner, v in owners.items():
            if min(v) < 0 or v == [0, 0, 0]:
                out.append(f"{owner} at {space}: bad SPs {v}")
            t = totals.setdefault(owner, [0, 0, 0])
            for i in range(3):
                t[i] += v[i]
            if v[2] and b.type.get(space) == "land":
                out.append(f"{owner} has ships in the land space {space}")
    for m in MAJORS:
        card = s["majors"][m]
        mix = b.mix[m]
        got = totals.get(m, [0, 0, 0])
        for i, kind in enumerate(("hoplite", "cavalry", "naval")):
            if got[i] > mix[kind]:
                out.append(f"{m} has {got[i]} {kind} SPs, over the counter mix {mix[kind]}")
        if not 0 <= card["bellicosity"] <= 12 or not 0 <= card["resentment"] <= 10:
            out.append(f"{m}: a track out of range")
        if card["treasury"] < 0:
            out.append(f"{m}: treasury {card['treasury']}")
        if card["rate"] not in (100, 200, 300):
            out.append(f"{m}: tribute rate {card['rate']}")
        if sum(1 for o in s["garrisons"].values() if o == m) > mix["garrisons"]:
            out.append(f"{m}: more garrisons than the counter mix")
    for ldr, at in s["leader_at"].items():
        if s["leaders"].get(ldr) != "busy" or at not in b.type:
            out.append(f"leader {ldr} at {at} but {s['leaders'].get(ldr)}")
    for sp in s["garrisons"]:
        if sp not in b.fortress and sp not in b.type:
            out.append(f"garrison at unknown space {sp}")
    for sp in s["rebel"]:
        if sp not in b.type:
            out.append(f"rebellion at unknown space {sp}")
    if s["battle"] is not None:
        out += record_problems(s["battle"])
    return out
