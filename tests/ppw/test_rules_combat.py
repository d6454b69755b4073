"""Battles, losses, leader casualties, ravaging and sieges (rules 5.3-5.8), with fixed dice."""

from __future__ import annotations

from engine.core.battle_record import problems
from engine.rulesets.ppw.battle import GUARD, Side, fight, loss_counts, odds_bonus
from engine.rulesets.ppw.control import controller
from engine.rulesets.ppw.siege import ravage, siege, siege_modifiers
from engine.rulesets.ppw.state import add_sps

from .conftest import clear, dice, fresh


def test_loss_table():
    """Rule 5.4: by margin; the loser rounds up, the winner down; skirmishes halve (rounding
    the same way, R25)."""
    assert loss_counts(1, 10, 10, False, False) == (2, 1)
    assert loss_counts(3, 10, 10, False, False) == (3, 1)
    assert loss_counts(5, 10, 10, False, False) == (5, 0)
    assert loss_counts(6, 3, 10, False, False) == (2, 0)  # at least 2
    assert loss_counts(2, 4, 6, False, False) == (1, 0)
    assert loss_counts(0, 7, 5, True, False) == (1, 1)  # the defender holds
    assert loss_counts(3, 8, 9, False, True) == (2, 0)  # a skirmish: 3 halved, up (R25)


def test_odds_bonus():
    """Rule 5.3: +1 at 3:2, +2 at 2:1, +3 at 3:1."""
    assert [odds_bonus(m, 10) for m in (14, 15, 20, 30)] == [0, 1, 2, 3]


def test_field_battle():
    """Rules 5.3-5.6: d6 + skill + odds; the winner's margin sets the losses; each
    leader rolls for his life."""
    s = fresh()
    add_sps(s, "~sparta", "sparta", 6, 0, 0)
    add_sps(s, "ACH", "athens", 4, 0, 0)
    attacker = Side("sparta", [("~sparta", "sparta")], leader="archidamus")
    defender = Side("athens", [("ACH", "athens")])
    # Sparta 3 + skill 2 + odds 1 = 6; Athens 4: margin 2. Archidamus rolls 1+1 > 1.
    winner, rec = fight(s, dice(3, 4, 1, 1), "ACH", attacker, defender, naval=False)
    assert winner == "sparta"
    assert s["forces"]["ACH"]["athens"] == [3, 0, 0]  # a fifth of 4, rounded up
    assert s["forces"]["~sparta"]["sparta"] == [6, 0, 0]  # a tenth of 6, rounded down
    assert s["leaders"]["archidamus"] == "pool"
    assert problems(rec) == []
    assert [st["kind"] for st in rec["rounds"][0]["steps"]] == [
        "roll", "roll", "losses", "losses", "leader"]
    assert rec["outcome"] == "attacker_won"


def test_home_guard_is_never_lost():
    """Rule 1.11 (R3): the home guard fights but never dies; rule 5.6: a beaten brave
    leader dies more easily."""
    s = fresh()
    clear(s, "ATH")
    add_sps(s, "~sparta", "sparta", 4, 0, 0)
    attacker = Side("sparta", [("~sparta", "sparta")], leader="sparta_harmost_1")
    defender = Side("athens", [], guard=GUARD, at_home=True)
    # Sparta 1 + 1 = 2; Athens 6 + home 1 = 7: margin 5, Sparta loses half (2).
    winner, rec = fight(s, dice(1, 6, 1, 2), "ATH", attacker, defender, naval=False)
    assert winner == "athens"
    assert "ATH" not in s["forces"]
    assert s["forces"]["~sparta"]["sparta"] == [2, 0, 0]
    assert s["leaders"]["sparta_harmost_1"] == "dead"  # 1+2 <= bravery 2 + 2
    assert s["tally"]["athens"]["battles_won"] == 1
    assert s["tally"]["sparta"]["battles_lost"] == 1


def test_a_tie_means_the_defender_holds():
    s = fresh()
    add_sps(s, "~athens", "athens", 0, 0, 5)
    add_sps(s, "CEN", "corinth", 0, 0, 5)
    winner, rec = fight(s, dice(4, 5), "CEN", Side("athens", [("~athens", "athens")]),
                        Side("corinth", [("CEN", "corinth")]), naval=True)
    # Athens 4 + seamanship 1 = 5 against Corinth 5: the defender holds (rule 5.3)
    assert winner == "corinth"
    assert s["forces"]["~athens"]["athens"] == [0, 0, 4]
    assert s["forces"]["CEN"]["corinth"] == [0, 0, 4]


def test_ravaging_and_plunder():
    """Rule 5.7: an unfriendly space with no enemy land SPs outside walls; plunder 50,
    Thebes 100; never a sanctuary; once a turn."""
    s = fresh()
    assert ravage(s, "sparta", "ACH")
    assert s["majors"]["sparta"]["treasury"] == 550
    assert s["tally"]["sparta"]["ravaged_enemy_home"]
    assert not ravage(s, "thebes", "ACH")  # already ravaged this turn
    assert ravage(s, "thebes", "DEC")
    assert s["majors"]["thebes"]["treasury"] == 600
    assert not ravage(s, "athens", "DPH")
    add_sps(s, "ELE", "athens", 2, 0, 0)
    assert not ravage(s, "sparta", "ELE")  # Athenian hoplites stand in the open


def test_siege_falls_and_a_garrison_goes_in():
    """Rule 5.8: d6 + level + modifiers >= 6; the garrison falls and the besieger
    places its own (25 talents)."""
    s = fresh()
    add_sps(s, "PLA", "sparta", 6, 0, 0)
    assert siege_modifiers(s, "sparta", "PLA", 6) == {"level": 0, "numbers": 1}
    rec = siege(s, dice(5), "sparta", "PLA", ("PLA", "sparta"))
    assert rec["outcome"] == "fell"
    assert s["garrisons"]["PLA"] == "sparta"
    assert controller(s, "PLA") == "sparta"
    assert s["majors"]["sparta"]["treasury"] == 475
    assert s["tally"]["sparta"]["gains"] == 1


def test_siege_holds_and_disease():
    """Rule 5.8: a place that holds raises the siege level; a 1 costs a land SP."""
    s = fresh()
    add_sps(s, "PLA", "sparta", 6, 0, 0)
    siege(s, dice(2), "sparta", "PLA", ("PLA", "sparta"))
    assert s["siege"]["PLA"] == 1 and s["garrisons"]["PLA"] == "athens"
    siege(s, dice(1), "sparta", "PLA", ("PLA", "sparta"))
    assert s["siege"]["PLA"] == 2
    assert s["forces"]["PLA"]["sparta"] == [5, 0, 0]


def test_siege_modifiers_walls_and_sea():
    """Rule 5.8: -1 for a walled major home (Sparta is unwalled), -2 supplied by sea."""
    s = fresh()
    assert siege_modifiers(s, "sparta", "ATH", 8)["walls"] == -1
    assert "walls" not in siege_modifiers(s, "athens", "SPA", 8)
    assert "sea" not in siege_modifiers(s, "sparta", "NAU", 4)
    add_sps(s, "PAT", "athens", 0, 0, 2)
    assert siege_modifiers(s, "sparta", "NAU", 4)["sea"] == -2
    add_sps(s, "NAU", "sparta", 0, 0, 3)
    assert "sea" not in siege_modifiers(s, "sparta", "NAU", 4)


def test_aristeus_stiffens_potidaea():
    """Rule 8.3: Aristeus makes sieges of his place one harder."""
    s = fresh()
    assert siege_modifiers(s, "athens", "POT", 4)["defender_leader"] == -1


def test_a_fallen_home_surrenders_its_city_state():
    """Rules 1.5 and 6.3: capturing a home space makes its city-state surrender."""
    s = fresh()
    clear(s, "THB")
    add_sps(s, "THB", "athens", 9, 0, 0)
    # defence: home guard 3; 9 >= 3 x 3 gives +1; walls -1; die 6 -> 6
    siege(s, dice(6), "athens", "THB", ("THB", "athens"))
    assert s["majors"]["thebes"]["surrendered_to"] == "athens"
    assert s["majors"]["thebes"]["bellicosity"] == 3
