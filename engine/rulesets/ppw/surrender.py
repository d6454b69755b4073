"""Surrender (rule 6.3) and the capture of a city-state's home space (rule 1.5)."""

from __future__ import annotations

from .board import board
from .components import MAJORS
from .control import side_of
from .state import PpwState, add_sps, log

SURRENDER_BELLICOSITY = 3  # rule 6.3: where a surrendered major's track restarts


def capture_home(s: PpwState, captor: str, cs: str) -> None:
    """Rule 1.5: a captured home space makes its city-state surrender to the captor; a
    minor (or Macedon) becomes the captor's tributary (rule 6.3)."""
    victor = side_of(s, captor) or captor
    if cs in MAJORS:
        surrender(s, cs, victor)
        return
    stance = s["stances"].setdefault(cs, {"patron": None, "status": "neutral"})
    old = side_of(s, cs)
    if old in MAJORS and stance["status"] == "tributary":
        s["tally"][old]["tributaries_lost"] += 1
    stance["patron"], stance["status"] = victor, "tributary"
    s["tally"][victor]["gains"] += 1
    area = board().city_states[cs].area if cs in board().city_states else None
    if area is not None:  # the city's own rebellion ends with its new master (rule 6.4)
        s["rebel"] = [sp for sp in s["rebel"] if board().area_of[sp] != area]
    log(s, "captured", city_state=cs, by=victor)


def surrender(s: PpwState, loser: str, victor: str) -> None:
    """Rule 6.3: the loser keeps one SP of each type at home (ships at its port), loses
    every other SP and its garrisons, hands its tributaries to the victor and serves it
    as a junior partner; its bellicosity restarts at 3."""
    b = board()
    card = s["majors"][loser]
    if card["surrendered_to"] is not None:
        return
    kept = [0, 0, 0]
    for space in list(s["forces"]):
        here = s["forces"][space].get(loser)
        if here is None:
            continue
        for i in range(3):
            kept[i] = max(kept[i], 1 if here[i] else 0)
        add_sps(s, space, loser, -here[0], -here[1], -here[2])
    home = b.city_states[loser]
    add_sps(s, home.home, loser, kept[0], kept[1], 0)
    if kept[2]:
        add_sps(s, home.port or home.home, loser, 0, 0, kept[2])
    for space, owner in list(s["garrisons"].items()):
        if owner == loser:
            del s["garrisons"][space]
    for stance in s["stances"].values():
        if stance["patron"] == loser and stance["status"] == "tributary":
            stance["patron"] = victor
    card["surrendered_to"] = victor
    card["bellicosity"] = SURRENDER_BELLICOSITY
    log(s, "surrendered", city_state=loser, to=victor)
