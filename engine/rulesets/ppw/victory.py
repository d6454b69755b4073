"""Victory (rules 9.4, 9.5): each major's sudden-death goal, and the score after the
last turn."""

from __future__ import annotations

from .board import board
from .components import MAJORS
from .control import controller, side_of, stance_to, standing
from .economic import TRADE, trade_open
from .state import PpwState

PELOPONNESE = ("argolis", "epidauria", "arcadia", "laconia", "messenia", "elis",
               "corinthia", "sicyonia", "phliasia")  # rule 9.4: Athens' goal, Argos and Achaea aside
THEBES_REACH = ("attica", "locris", "west_locris", "phocis", "thessaly")


def athens_goal(s: PpwState) -> bool:
    """Rule 9.4: Sparta has surrendered, or Athens holds two garrisons in the Peloponnese
    (Argolis and Achaea aside), Messenia is in rebellion and ten tributaries obey."""
    if s["majors"]["athens"]["surrendered_to"] is not None:
        return False  # a junior partner wins nothing (rule 6.3)
    if s["majors"]["sparta"]["surrendered_to"] is not None:  # to anyone (R10)
        return True
    b = board()
    held = sum(1 for sp, o in s["garrisons"].items()
               if o == "athens" and b.area_of[sp] in PELOPONNESE and b.area_of[sp] != "argolis")
    obeying = sum(1 for cs, st in s["stances"].items() if st["status"] == "tributary"
                  and side_of(s, cs) == "athens" and cs in b.city_states
                  and b.city_states[cs].home not in s["rebel"])
    return held >= 2 and "ITH" in s["rebel"] and obeying >= 10


def sparta_goal(s: PpwState) -> bool:
    """Rule 9.4: Athens has surrendered, or six of Athens' ten tributaries of 431 are in
    rebellion or on Sparta's side (Sparta and its allies) while Sparta's side garrisons a
    space of Attica."""
    if s["majors"]["sparta"]["surrendered_to"] is not None:
        return False  # a junior partner wins nothing (rule 6.3): its side is the victor's
    if s["majors"]["athens"]["surrendered_to"] is not None:  # to anyone (R10)
        return True
    b = board()
    first = b.setups[s["scenario"]].minors
    # Sparta's side: Sparta and its allies (R21)
    freed = sum(1 for cs, st in first.items() if st.patron == "athens"
                and st.status == "tributary"
                and (b.city_states[cs].home in s["rebel"]
                     or stance_to(s, "sparta", cs) == "friendly"))
    attica = any(b.area_of[sp] == "attica" and stance_to(s, "sparta", o) == "friendly"
                 for sp, o in s["garrisons"].items())
    return freed >= 6 and attica


def thebes_goal(s: PpwState) -> bool:
    """Rule 9.4 (Mountford's own goal): every space of Boeotia, and four fortresses of
    Attica, Locris, West Locris, Phocis or Thessaly."""
    b = board()
    if s["majors"]["thebes"]["surrendered_to"] is not None:
        return False
    if not all(standing(s, "thebes", sp) == "friendly" and _thebes_own(s, sp)
               for sp in b.area_spaces["boeotia"]):
        return False
    far = sum(1 for sp in b.spaces if b.area_of[sp] in THEBES_REACH and sp in b.fortress
              and s["garrisons"].get(sp) == "thebes")
    return far >= 4


def _thebes_own(s: PpwState, space: str) -> bool:
    return side_of(s, controller(s, space)) == "thebes" or s["garrisons"].get(space) == "thebes"


def corinth_goal(s: PpwState) -> bool:
    """Rule 9.4 (checked after the economic phase): 5000 talents, Corcyra on Corinth's
    side, and the Gulf trade open."""
    if s["majors"]["corinth"]["surrendered_to"] is not None:
        return False
    talents, watch, hold = TRADE["corinth"][0]
    return (s["majors"]["corinth"]["treasury"] >= 5000
            and side_of(s, "corcyra") == "corinth" and trade_open(s, "corinth", watch, hold))


POLITICAL_GOALS = (("athens", athens_goal), ("sparta", sparta_goal), ("thebes", thebes_goal))


def score(s: PpwState, major: str) -> float:
    """Rule 9.5: bellicosity, twice the tributaries gained, fortresses gained outside the
    home area, twice the hostages held, a point per 1000 talents; -5 if surrendered;
    all less the major's par in the scenario for the number of players."""
    card = s["majors"][major]
    pts: float = card["bellicosity"] + card["treasury"] // 1000
    pts -= board().setups[s["scenario"]].majors[major].par_for(s["players"])
    pts += 2 * (tributaries(s, major) - s["tributaries_at_start"].get(major, 0))
    pts += fortresses(s, major) - s["fortresses_at_start"].get(major, 0)
    pts += 2 * sum(card["hostages"].values())
    if card["surrendered_to"] is not None:
        pts -= 5
    return pts


def tributaries(s: PpwState, major: str) -> int:
    b = board()
    return sum(1 for cs, st in s["stances"].items() if st["status"] == "tributary"
               and st["patron"] == major and cs in b.city_states
               and b.city_states[cs].home not in s["rebel"])


def fortresses(s: PpwState, major: str) -> int:
    b = board()
    own = b.city_states[major].area
    return sum(1 for sp, o in s["garrisons"].items() if o == major and b.area_of[sp] != own)


def mark_start(s: PpwState) -> None:
    for m in MAJORS:
        s["tributaries_at_start"][m] = tributaries(s, m)
        s["fortresses_at_start"][m] = fortresses(s, m)
