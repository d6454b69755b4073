"""Raiding (rules 15.1-15.4): plunder unfriendly regions for talents, cost them Militance."""

from __future__ import annotations

from engine import Option, Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure

from . import board as B
from . import supply as S
from .flow import note
from .state import EState, clamp_ml, other


def raiders(s: EState, side: str) -> list[str]:
    """Hexes where `side` has land units outside any fortification (15.1) in an Area of a
    region the enemy controls (15.2)."""
    out = set()
    for uid in B.on_map(s, side):
        u = s["units"][uid]
        if u["type"] == "fleet" or u["hex"] not in B.comps().hexes:
            continue
        if B.holder(s, u["hex"]) == side:
            continue  # inside its own city or fort
        region = B.region_of_hex(u["hex"])
        r = s["regions"].get(region) if region else None
        if r is not None and r["side"] == other(side):
            out.add(u["hex"])
    return sorted(out)


def raid(s: EState, side: str, h: str) -> str:
    units = [u for u in B.units_at(s, h, side) if s["units"][u]["type"] != "fleet"]
    area = B.area_of(h)
    fn = B.comps().areas[area].forage or 0
    before = s["raided"].get(area, 0)
    supplied = S.supplied_areas(s, side)
    paying = [u for u in units if S.in_supply(s, u, supplied)]
    gain = max(0, min(len(paying), fn - before))  # 15.3
    s["raided"][area] = before + len(units)  # 15.2
    s["treasury"][side] += gain
    for u in units:
        s["units"][u]["raid"] = True
    text = f"{side.title()} raids {area} with {len(units)} units: +{gain} talents (15.2, 15.3)"
    if area not in s["raided_now"]:  # 15.4: once per Area a season
        s["raided_now"].append(area)
        r = s["regions"][B.region_of_hex(h)]
        r["ml"] = clamp_ml(r["ml"] - 1)
        text += f", {B.region_of_hex(h)} -1 ML (15.4)"
    return text


class Raid(Procedure[EState]):
    name = "raid"

    def enter(self, flow: Flow[EState]) -> None:
        flow.args["options"] = raiders(flow.state, flow.args["side"])
        if not flow.args["options"]:
            flow.end()

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        side = flow.args["side"]
        opts = [Option(h, f"Raid with the units at {h} ({B.area_of(h)})", "15.1")
                for h in flow.args["options"]]
        return [decisions.pick(side, f"{side.title()}: which stacks raid this Campaign Turn "
                                     "(they may not move, 15.1)?", opts, 0, len(opts),
                               rule="15.1", kind="raid")]

    def act(self, flow: Flow[EState], seat: str, answer: decisions.Answer) -> None:
        for h in answer if isinstance(answer, tuple) else ():
            note(flow, raid(flow.state, seat, h))
        flow.end()
