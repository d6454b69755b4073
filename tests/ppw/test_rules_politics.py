"""The political phase (rules 6.1-6.5): plague, bellicosity, surrender, rebellion,
leaders."""

from __future__ import annotations

from engine.rulesets.ppw import political
from engine.rulesets.ppw.political import bellicosity_change, dominant
from engine.rulesets.ppw.state import add_sps

from .conftest import dice, fresh

# every tributary rolls, by id (Chalcidice is in rebellion already)
ROLLERS = ["aegina", "bosporus", "cyclades", "doris", "euboea", "hellespont", "ionia",
           "messenia", "samos", "thrace"]


def test_plague_strikes_a_ravaged_athens():
    """Rule 6.1: d6 + friendly hoplites at home >= 10: -2 hoplites, -500 talents; once
    a game; Pericles dies on 1-4 (rule 8.3)."""
    s = fresh()
    s["ravaged"].append("ATH")
    political.plague(s, dice(3, 4))  # 3 + 7 hoplites; Pericles' die 4
    assert s["forces"]["ATH"]["athens"] == [5, 1, 0]
    assert s["majors"]["athens"]["treasury"] == 5500
    assert s["majors"]["athens"]["plague_done"]
    assert s["leaders"]["pericles"] == "dead"
    political.plague(s, dice())  # never twice: no die is rolled
    assert s["majors"]["athens"]["treasury"] == 5500


def test_plague_spares_the_treasury_below_1000_and_needs_ravaging():
    s = fresh()
    political.plague(s, dice())  # nothing ravaged: no roll
    s["ravaged"].append("COR")
    s["majors"]["corinth"]["treasury"] = 1200
    add_sps(s, "COR", "corinth", 5, 0, 0)
    political.plague(s, dice(3))  # 3 + 7
    assert s["majors"]["corinth"]["treasury"] == 1000
    assert s["forces"]["COR"]["corinth"] == [5, 0, 3]


def test_bellicosity_of_a_quiet_turn_and_of_a_bad_one():
    """Rule 6.2."""
    s = fresh()
    assert bellicosity_change(s, "athens") == {"home_area_safe": 1}
    s["ravaged"] += ["ATH", "ACH"]
    s["tally"]["athens"].update(enemy_in_home_area=True, battles_lost=3, naval_lost=6)
    s["leaders"]["pericles"] = "dead"
    why = bellicosity_change(s, "athens")
    assert why == {"home_area_ravaged": -1, "home_ravaged": -1, "battles_lost": -2,
                   "fleet_lost": -2}
    political.adjust_bellicosity(s)
    assert s["majors"]["athens"]["bellicosity"] == 6  # the net change stops at -4
    assert s["majors"]["sparta"]["bellicosity"] == 11
    s2 = fresh()
    s2["ravaged"].append("ACH")
    assert "home_area_ravaged" not in bellicosity_change(s2, "athens")  # Pericles' walls


def test_surrender_to_the_dominant_state():
    """Rule 6.3: at bellicosity 0, to a major whose land SPs in the home area outnumber
    the defender's (home guard counted); one SP of each type is kept."""
    s = fresh()
    s["majors"]["athens"]["bellicosity"] = 0
    add_sps(s, "ELE", "sparta", 9, 2, 0)
    assert dominant(s, "athens") == []  # 11 against 8 + 3
    add_sps(s, "ACH", "thebes", 1, 0, 0)
    assert dominant(s, "athens") == []  # Thebes' 1 and Sparta's 11 each alone
    add_sps(s, "ACH", "sparta", 1, 0, 0)
    assert dominant(s, "athens") == [(12, "sparta")]
    political.surrenders(s, dice())
    card = s["majors"]["athens"]
    assert card["surrendered_to"] == "sparta" and card["bellicosity"] == 3
    assert s["forces"]["ATH"]["athens"] == [1, 1, 0]
    assert s["forces"]["PIR"]["athens"] == [0, 0, 1]
    assert "PLA" not in s["garrisons"]
    assert s["stances"]["euboea"]["patron"] == "sparta"


def test_blockade_makes_a_state_dominant():
    s = fresh()
    add_sps(s, "GYT", "athens", 0, 0, 4)
    s["forces"]["GYT"].pop("sparta")
    assert dominant(s, "sparta") == [(4, "athens")]


def test_rebellion():
    """Rule 6.4: 2d6 + resentment + modifiers >= 12; the home space and the
    ungarrisoned fortresses of the area rebel."""
    s = fresh()
    rolls = []
    for cs in ROLLERS:
        rolls += [6, 6] if cs in ("euboea", "messenia", "thrace") else [1, 1]
    political.rebellion(s, dice(*rolls))
    # Thrace rebels, but not Amphipolis, which an Athenian garrison holds
    assert {"THA", "ABD"} <= set(s["rebel"]) and "AMP" not in s["rebel"]
    assert "CHA" not in s["rebel"]  # 12 - 1: the fleet at Piraeus covers Chalcis
    assert "ITH" not in s["rebel"]  # 12 - 2: Sparta's garrison at Ithome
    assert s["tally"]["athens"]["tributaries_lost"] == 1


def test_leaders_come_and_go():
    """Rule 8.2: after turn 1, Pericles and Aristeus leave; Nicias and Agis come."""
    s = fresh()
    political.leaders_come_and_go(s)
    assert s["leaders"]["pericles"] == "off" and s["leaders"]["aristeus"] == "off"
    assert s["leaders"]["nicias"] == "pool" and s["leaders"]["agis"] == "pool"
    assert "aristeus" not in s["leader_at"]
