"""The rules read a second time against the design brief (REPORT-ppwaudit14.md): rules a
game meets often that had no position test yet, each from a position with fixed dice.
Our rule numbers (5.4, 6.2 ...) are given, with the brief's (D5.4, D6.2 ...) beside."""

from __future__ import annotations

from typing import Any

from engine.core.battle_record import BattleRecord
from engine.core.ruleset import Context
from engine.rulesets.ppw import economic, political
from engine.rulesets.ppw.army import Army
from engine.rulesets.ppw.battle import Side, fight
from engine.rulesets.ppw.control import side_of
from engine.rulesets.ppw.diplomacy import approach_modifiers, options
from engine.rulesets.ppw.operation import arrive, intercept, land_battle, transit
from engine.rulesets.ppw.siege import fall, siege, siege_modifiers
from engine.rulesets.ppw.state import PpwState, add_sps
from engine.rulesets.ppw.surrender import surrender

from .conftest import clear, dice, fresh


def _roll_facts(rec: BattleRecord, side: str) -> dict[str, Any]:
    return next(dict(st["facts"]) for st in rec["rounds"][0]["steps"]
                if st["kind"] == "roll" and st["side"] == side)


def _marching(s: PpwState, major: str, leader: str, h: int, c: int, n: int) -> str:
    """An army of `major` on its way (in transit), led by `leader`; returns where it is."""
    t = transit(major)
    add_sps(s, t, major, h, c, n)
    s["leaders"][leader], s["leader_at"][leader] = "busy", t
    return t


def _spartans_attack_decelea(s: PpwState, ctx: Context, spartans: int, athenians: int) -> str:
    """Leaderless Spartan hoplites attack leaderless Athenian hoplites at Decelea."""
    add_sps(s, "~sparta", "sparta", spartans, 0, 0)
    add_sps(s, "DEC", "athens", athenians, 0, 0)
    winner, _ = fight(s, ctx, "DEC", Side("sparta", [("~sparta", "sparta")]),
                      Side("athens", [("DEC", "athens")]), naval=False)
    return winner


# --- 5.4 (D5.4): the loss table at a tie


def test_at_a_tie_the_holding_defender_rounds_its_tenth_down_rule_5_4():
    """Rule 5.4: a tie means the defender holds; each side then loses a tenth of its SPs
    (at least 1), and as everywhere in the table the beaten side (the attacker) rounds
    up while the side that held rounds down. Fifteen against fifteen: the attacker
    loses 2, the defender 1."""
    s = fresh()
    assert _spartans_attack_decelea(s, dice(3, 3), 15, 15) == "athens"
    assert s["forces"]["~sparta"]["sparta"] == [13, 0, 0]
    assert s["forces"]["DEC"]["athens"] == [14, 0, 0]


def test_a_small_holding_defender_still_loses_one_rule_5_4():
    """Rule 5.4: the tenth of a tie is never less than 1, for the side that held too."""
    s = fresh()
    _spartans_attack_decelea(s, dice(4, 4), 5, 5)
    assert s["forces"]["~sparta"]["sparta"] == [4, 0, 0]
    assert s["forces"]["DEC"]["athens"] == [4, 0, 0]


# --- 8.1, 5.3 (D5.3): leaders' skill on land and at sea; cavalry superiority


def test_a_naval_leader_fights_one_worse_on_land_rule_8_1():
    """Rule 8.1: Phormio (skill 3, a seaman) adds 2 in a land battle; Archidamus (skill
    2, a soldier) adds 1 at sea."""
    s = fresh()
    add_sps(s, "~athens", "athens", 4, 0, 0)
    add_sps(s, "DEC", "sparta", 4, 0, 0)
    s["leaders"]["phormio"] = "busy"
    _, rec = fight(s, dice(3, 3, 6, 6), "DEC",
                   Side("athens", [("~athens", "athens")], leader="phormio"),
                   Side("sparta", [("DEC", "sparta")]), naval=False)
    assert _roll_facts(rec, "athens")["skill"] == 2
    s2 = fresh()
    add_sps(s2, "~sparta", "sparta", 0, 0, 4)
    add_sps(s2, "AEG", "athens", 0, 0, 4)
    _, rec2 = fight(s2, dice(3, 3, 6, 6), "AEG",
                    Side("sparta", [("~sparta", "sparta")], leader="archidamus"),
                    Side("athens", [("AEG", "athens")]), naval=True)
    assert _roll_facts(rec2, "sparta")["skill"] == 1


def test_cavalry_superiority_needs_two_horse_and_more_than_the_foe_rule_5_3():
    """Rule 5.3: +1 on land to the side with more cavalry SPs, if it has at least 2: one
    cavalry SP against none earns nothing, two against one earn the +1."""
    def cavalry_bonus(theban_horse: int, athenian_horse: int) -> tuple[int, int]:
        s = fresh()
        add_sps(s, "~thebes", "thebes", 4 - theban_horse, theban_horse, 0)
        add_sps(s, "DEC", "athens", 4 - athenian_horse, athenian_horse, 0)
        _, rec = fight(s, dice(1, 1), "DEC", Side("thebes", [("~thebes", "thebes")]),
                       Side("athens", [("DEC", "athens")]), naval=False)
        return _roll_facts(rec, "thebes")["cavalry"], _roll_facts(rec, "athens")["cavalry"]
    assert cavalry_bonus(1, 0) == (0, 0)
    assert cavalry_bonus(2, 1) == (1, 0)


# --- 5.6 (D5.6): leader casualties


def test_a_leader_whose_attack_is_held_dies_as_a_loser_rule_5_6():
    """Rule 5.6: a tie means the attack failed, so the attacking leader dies on two dice
    up to his bravery + 2: Archidamus (bravery 1) dies on 3; the defender's leader, who
    held, only on his bravery."""
    s = fresh()
    add_sps(s, "~sparta", "sparta", 4, 0, 0)
    add_sps(s, "DEC", "athens", 6, 0, 0)
    s["leaders"]["archidamus"] = "busy"
    s["leader_at"]["archidamus"] = "~sparta"
    # Sparta 4 + 2 = 6 against Athens 6 (no leader): a tie; Archidamus rolls 1 + 2
    winner, rec = fight(s, dice(4, 6, 1, 2), "DEC",
                        Side("sparta", [("~sparta", "sparta")], leader="archidamus"),
                        Side("athens", [("DEC", "athens")]), naval=False)
    assert winner == "athens"
    step = next(st for st in rec["rounds"][0]["steps"] if st["kind"] == "leader")
    assert step["facts"]["limit"] == 3 and step["facts"]["killed"]
    assert s["leaders"]["archidamus"] == "dead"


# --- 5.8 (D5.8): sieges


def test_a_fallen_place_yields_a_hostage_for_two_citizen_sps_rule_5_8():
    """Rule 5.8: when a place falls, a major's own land SPs inside (2 or more) give the
    captor one hostage; a single SP gives none. The captor garrisons the place for 25."""
    s = fresh()
    clear(s, "OEN")
    add_sps(s, "OEN", "athens", 2, 0, 0)
    add_sps(s, "OEN", "sparta", 6, 0, 0)
    fall(s, dice(), "sparta", "OEN")
    assert s["majors"]["sparta"]["hostages"] == {"athens": 1}
    assert s["garrisons"]["OEN"] == "sparta" and s["majors"]["sparta"]["treasury"] == 475
    assert s["forces"]["OEN"].get("athens", [0, 0, 0]) == [0, 0, 0]
    s2 = fresh()
    clear(s2, "OEN")
    add_sps(s2, "OEN", "athens", 1, 0, 0)
    add_sps(s2, "OEN", "sparta", 6, 0, 0)
    fall(s2, dice(), "sparta", "OEN")
    assert s2["majors"]["sparta"]["hostages"] == {}


def test_three_times_the_defence_gives_plus_one_rule_5_8():
    """Rule 5.8: +1 when the besiegers' land SPs are at least three times the defence
    (land SPs inside + 1 for the garrison): Oenoe's garrison and 1 hoplite make 2, so
    6 besiegers earn it and 5 do not."""
    s = fresh()
    add_sps(s, "OEN", "athens", 1, 0, 0)
    assert siege_modifiers(s, "sparta", "OEN", 6).get("numbers") == 1
    assert "numbers" not in siege_modifiers(s, "sparta", "OEN", 5)


def test_the_siege_level_stops_at_three_rule_5_8():
    """Rule 5.8: a place that holds raises the siege level by 1, never above 3; a die
    of 1 also costs the besieger a land SP to disease."""
    s = fresh()
    add_sps(s, "OEN", "sparta", 2, 0, 0)
    s["siege"]["OEN"] = 3
    # 1 + level 3 = 4 < 6: the place holds; disease takes a hoplite
    siege(s, dice(1), "sparta", "OEN", ("OEN", "sparta"))
    assert s["siege"]["OEN"] == 3
    assert s["forces"]["OEN"]["sparta"] == [1, 0, 0]
    assert s["garrisons"]["OEN"] == "athens"


# --- 6.2 (D6.2): bellicosity


def test_a_turn_of_gains_adds_two_at_most_rule_6_2():
    """Rule 6.2: the net change of a turn is at most +2: Sparta wins two battles, ravages
    Attica, places a garrison and keeps its home clear (+5 in all) and goes 10 -> 12."""
    s = fresh()
    t = s["tally"]["sparta"]
    t["battles_won"], t["ravaged_enemy_home"], t["gains"] = 2, True, 1
    assert sum(political.bellicosity_change(s, "sparta").values()) == 5
    political.adjust_bellicosity(s)
    assert s["majors"]["sparta"]["bellicosity"] == 12


def test_a_bad_turn_costs_four_at_most_rule_6_2():
    """Rule 6.2: the net change of a turn is at least -4: Athens with its city ravaged
    (Pericles spares only the area's -1), plague, 6 ships lost and Phormio dead (-6, and
    Attica entered) goes 10 -> 6."""
    s = fresh()
    s["ravaged"] = ["ATH"]
    t = s["tally"]["athens"]
    t["enemy_in_home_area"], t["plague"], t["naval_lost"] = True, True, 6
    t["great_leader_lost"] = True
    why = political.bellicosity_change(s, "athens")
    assert "home_area_ravaged" not in why  # Pericles' walls (rule 8.3)
    assert why["home_ravaged"] == -1 and why["fleet_lost"] == -2
    assert why["great_leader_lost"] == -1 and why["plague"] == -2
    political.adjust_bellicosity(s)
    assert s["majors"]["athens"]["bellicosity"] == 6


def test_peace_pays_double_when_weary_and_an_empty_treasury_costs_one_rule_6_2():
    """Rule 6.2: a major at peace with every major all turn gains +2 instead of +1 when its
    bellicosity is 5 or less; under 250 talents costs 1."""
    s = fresh()
    s["relations"]["athens|corinth"] = "peace"
    s["majors"]["corinth"]["bellicosity"] = 5
    s["majors"]["corinth"]["treasury"] = 200
    why = political.bellicosity_change(s, "corinth")
    assert why["peace"] == 2 and why["poor"] == -1
    s["majors"]["corinth"]["bellicosity"] = 6
    assert political.bellicosity_change(s, "corinth")["peace"] == 1


# --- 6.3 (D6.3): what a surrender does


def test_a_surrendered_major_keeps_one_sp_of_each_kind_rule_6_3():
    """Rule 6.3: a surrendered major keeps one SP of each type it has (land at home,
    ships at its port), loses the rest and its garrisons, restarts at bellicosity 3 and
    fights for the victor's side."""
    s = fresh()
    surrender(s, "corinth", "athens")
    assert s["forces"]["COR"]["corinth"] == [1, 0, 1]
    assert not any(o == "corinth" for o in s["garrisons"].values())
    assert s["majors"]["corinth"]["bellicosity"] == 3
    assert s["majors"]["corinth"]["surrendered_to"] == "athens"


# --- 6.4 (D6.4): rebellion modifiers


def test_a_patron_garrison_and_fleet_hold_a_tributary_down_rule_6_4():
    """Rule 6.4: -2 with the patron's garrison in the tributary's home space, -1 with 3
    or more of the patron's ships covering it. Euboea (Chalcis) is covered by the fleet
    at Piraeus; with an Athenian garrison at Chalcis as well it has -3."""
    s = fresh()
    mods = political.rebellion_modifiers(s, "euboea", "athens")
    assert mods.get("fleet") == -1 and "garrison" not in mods
    s["garrisons"]["CHA"] = "athens"
    mods = political.rebellion_modifiers(s, "euboea", "athens")
    assert mods["garrison"] == -2 and mods["fleet"] == -1


def test_an_enemy_army_in_the_area_stirs_rebellion_rule_6_4():
    """Rule 6.4: +2 with enemy land SPs anywhere in the tributary's area: a Spartan
    army at Eretria stirs Euboea."""
    s = fresh()
    add_sps(s, "ERE", "sparta", 3, 0, 0)
    assert political.rebellion_modifiers(s, "euboea", "athens")["enemy_troops"] == 2


# --- 7.1 (D7.1): revenue and trade


def test_a_ravaged_home_fortress_halves_the_home_revenue_rule_7_1():
    """Rule 7.1: the home area pays 500 only while every fortress space of it is friendly
    and unravaged: Thyrea ravaged, Laconia pays 250; Taenarum (no fortress) ravaged
    changes nothing."""
    s = fresh()
    s["ravaged"] = ["TAE"]
    assert economic.revenue(s, "sparta")["home"] == 500
    s["ravaged"] = ["THY"]
    assert economic.revenue(s, "sparta")["home"] == 250


def test_corinths_trade_routes_are_cut_by_enemy_ships_rule_7_1():
    """Rule 7.1: Corinth's Gulf trade (300) shuts while enemy ships stand at Naupactus or
    Patrae, its Saronic trade (200) while they stand at Cenchreae or Aegina."""
    s = fresh()
    clear(s, "AEG")
    base = economic.revenue(s, "corinth")
    assert base.get("trade_0") == 300 and base.get("trade_1") == 200
    add_sps(s, "NAU", "athens", 0, 0, 1)
    got = economic.revenue(s, "corinth")
    assert "trade_0" not in got and got.get("trade_1") == 200
    add_sps(s, "AEG", "athens", 0, 0, 1)
    assert "trade_1" not in economic.revenue(s, "corinth")


# --- 7.4 (D7.5): upkeep


def test_a_station_its_major_cannot_pay_goes_home_rule_7_4():
    """Rule 7.4: year-round station costs 25 a land SP and 50 a ship; a stack its major
    cannot pay for goes home."""
    s = fresh()
    add_sps(s, "DEC", "sparta", 4, 0, 0)
    s["station"]["DEC"] = ["sparta"]
    s["majors"]["sparta"]["treasury"] = 100
    economic.upkeep(s)
    assert s["forces"]["DEC"]["sparta"] == [4, 0, 0]
    assert s["majors"]["sparta"]["treasury"] == 0
    economic.upkeep(s)
    assert "sparta" not in s["forces"].get("DEC", {})
    assert s["forces"]["SPA"]["sparta"] == [11, 1, 0]


# --- 2.3 (D2.3 A1): no war in the turn of a treaty


def test_no_war_in_the_turn_a_treaty_was_signed_rule_2_3():
    """Rule 2.3: a major may not declare war on a major it made peace with this turn; it
    may from the next turn."""
    s = fresh()
    s["relations"]["athens|corinth"] = "peace"
    s["treaty_turn"]["athens|corinth"] = s["turn"]
    assert not any(o.id.startswith("war:athens") for o in options(s, "corinth"))
    s["turn"] += 1
    assert any(o.id.startswith("war:athens") for o in options(s, "corinth"))


# --- 2.6 (D2.3 A4): approach modifiers


def test_kinship_and_a_rivals_troops_in_the_approach_rule_2_6():
    """Rule 2.6: +1 kinship (Dorian cities to Sparta, Corinth and Thebes; Corinth's
    colonies to Corinth), -2 when the minor's side has SPs in its home space: Ambracia,
    Sparta's ally with its own hoplites at home only, is kin to Corinth; a Spartan
    army at Ambracia costs an approach from Athens 2."""
    s = fresh()
    assert approach_modifiers(s, "corinth", "ambracia", 0).get("kin") == 1
    assert "kin" not in approach_modifiers(s, "athens", "ambracia", 0)
    assert "rival_troops" not in approach_modifiers(s, "athens", "ambracia", 200)
    add_sps(s, "AMB", "sparta", 2, 0, 0)
    mods = approach_modifiers(s, "athens", "ambracia", 200)
    assert mods["rival_troops"] == -2 and mods["talents"] == 1


# --- 5.1, 5.7, 5.8, 3.4 (D5.1, D3.4): an army at an unfriendly fortress ravages, then
# besieges


def test_an_army_ravages_then_besieges_and_pays_for_both_rule_5_1():
    """Rules 5.1, 5.7, 5.8: at an unfriendly fortress held by a garrison alone, the army
    first ravages it (+50 plunder; Archidamus also ravages the open space next door,
    rule 8.3) and then besieges it (100 talents): 5 + 1 for three times the defence = 6,
    the place falls and a garrison goes in for 25."""
    s = fresh()
    _marching(s, "sparta", "archidamus", 6, 0, 0)
    arrive(s, dice(5), "sparta", "archidamus", "SPA", "OEN")
    assert "OEN" in s["ravaged"]
    assert s["garrisons"]["OEN"] == "sparta"
    # Archidamus also ravages open Eleusis next door, for 50 more (rule 8.3, R29)
    assert s["ravaged"] == ["OEN", "ELE"]
    assert s["majors"]["sparta"]["treasury"] == 500 + 50 + 50 - 100 - 25
    assert s["tally"]["sparta"]["ravaged_enemy_home"]


# --- 5.5 (D5.5): beaten defenders in open country


def test_beaten_defenders_in_the_open_fall_back_to_a_friendly_space_rule_5_5():
    """Rule 5.5: defenders beaten outside walls fall back to the nearest friendly space:
    Athenians beaten at Decelea (open country) go to Acharnae; the Spartans hold the
    field."""
    s = fresh()
    _marching(s, "sparta", "archidamus", 6, 0, 0)
    add_sps(s, "DEC", "athens", 4, 0, 0)
    # Sparta 6 + skill 2 + odds 1 = 9, Athens 1: margin 8, Athens loses half (2);
    # Archidamus rolls 12 and lives
    assert land_battle(s, dice(6, 1, 6, 6), "sparta", "archidamus", "DEC")
    assert "athens" not in s["forces"].get("DEC", {})
    assert s["forces"]["ACH"]["athens"] == [2, 0, 0]
    assert s["tally"]["sparta"]["battles_won"] == 1
    assert s["tally"]["athens"]["battles_lost"] == 1


# --- 6.2 (D6.2): home-area fortresses lost


def test_each_home_fortress_lost_costs_one_at_most_two_rule_6_2():
    """Rule 6.2: -1 for each fortress of the home area not friendly, at most -2: Athenian
    garrisons at Thyrea, Gytheum and Cythera cost Sparta 2."""
    s = fresh()
    s["garrisons"]["THY"] = "athens"
    assert political.bellicosity_change(s, "sparta")["home_fortresses_lost"] == -1
    s["garrisons"]["GYT"] = s["garrisons"]["CYT"] = "athens"
    assert political.bellicosity_change(s, "sparta")["home_fortresses_lost"] == -2


# --- 7.1 (D7.1): the Pontic grain route needs the straits held


def test_the_pontic_grain_needs_a_strait_on_each_side_held_rule_7_1():
    """Rule 7.1: Athens' Pontic grain (300) comes only while it holds Sestos or Abydos
    and Byzantium or Chalcedon; with Byzantium and Chalcedon in rebellion it stops,
    and rule 6.2 costs Athens 1 for it."""
    s = fresh()
    assert economic.revenue(s, "athens").get("trade_0") == 300
    s["rebel"] = sorted(set(s["rebel"]) | {"BYZ", "CHL"})
    assert "trade_0" not in economic.revenue(s, "athens")
    assert political.bellicosity_change(s, "athens")["grain_cut"] == -1


# --- 4.4 (D4.4): troops at sea when their ships lose a skirmish


def test_troops_beyond_the_lift_drown_when_a_sea_skirmish_is_lost_rule_4_4():
    """Rule 4.4: each ship carries one land SP, and when a fight at sea is lost the land
    SPs beyond what the surviving ships carry are lost; an interception at sea is such
    a fight. Phormio sails 4 ships and 4 hoplites past Aegina; 6 Corinthian ships at
    Cenchreae intercept (6 - 1 for his skill) and win the skirmish, sinking a ship:
    one hoplite drowns and the rest go back."""
    s = fresh()
    t = _marching(s, "athens", "phormio", 4, 0, 4)
    add_sps(s, "CEN", "corinth", 0, 0, 6)
    # interception 6 - 1; Corinth 6 + odds 1 = 7, Athens 1 + 3 + seamanship 1 = 5:
    # Athens loses a fifth of 4 halved (1 ship); Phormio rolls 12 and lives
    assert not intercept(s, dice(6, 6, 1, 6, 6), "athens", "phormio", "AEG", "naval", set())
    assert s["forces"][t]["athens"] == [3, 0, 3]


# --- 5.5, 5.8 (D5.5, D5.8): beaten defenders of a fortress stay inside and are besieged


def test_beaten_defenders_of_a_fortress_stay_inside_and_are_besieged_rule_5_5():
    """Rules 5.2, 5.5, 5.8: six Athenian hoplites and the garrison of Oenoe (7) are not
    outnumbered by six Spartans, so they come out and fight; beaten, they stay inside the
    walls, and the same operation besieges them: 6 falls (defence 3), the 2 citizen SPs
    inside give Sparta a hostage."""
    s = fresh()
    add_sps(s, "OEN", "athens", 6, 0, 0)
    _marching(s, "sparta", "archidamus", 6, 0, 0)
    # Sparta 6 + 2 = 8, Athens 1: margin 7, Athens loses half of 7 (4 hoplites);
    # Archidamus rolls 12; the siege die is 6
    arrive(s, dice(6, 1, 6, 6, 6), "sparta", "archidamus", "SPA", "OEN")
    assert s["majors"]["sparta"]["hostages"] == {"athens": 1}
    assert s["garrisons"]["OEN"] == "sparta"
    assert s["forces"]["OEN"].get("athens", [0, 0, 0]) == [0, 0, 0]
    assert s["forces"]["OEN"]["sparta"] == [6, 0, 0]


# --- 6.3 (D6.3): a surrendered major's tributaries


def test_a_surrendered_majors_tributaries_go_to_the_victor_rule_6_3():
    """Rule 6.3: the tributaries of a major that surrenders pass to the victor: Athens
    surrenders to Sparta and Euboea pays Sparta from then on; Athens' allies now fight
    on Sparta's side."""
    s = fresh()
    surrender(s, "athens", "sparta")
    assert s["stances"]["euboea"] == {"patron": "sparta", "status": "tributary"}
    assert economic.revenue(s, "sparta")["tribute"] > 0
    assert side_of(s, "corcyra") == "sparta"


# --- 5.4 (D5.4): a skirmish halves the losses, rounded as the table rounds


def test_a_skirmish_halves_losses_rounding_the_loser_up_rule_5_4():
    """Rule 5.4: a skirmish halves both sides' losses, the beaten side rounding up and
    the winner down as everywhere in the table (R25): Spartans at Megara beat an
    Athenian column of 8 at Eleusis by 3; three tenths of 8 is 3, halved 2."""
    s = fresh()
    t = _marching(s, "athens", "hagnon", 8, 0, 0)
    add_sps(s, "MEG", "sparta", 8, 0, 0)
    # interception 6 - 1; Sparta 5, Athens 1 + 1 (Hagnon): margin 3; Sparta loses a
    # tenth of 8 (0); Hagnon rolls 12 and lives
    assert not intercept(s, dice(6, 5, 1, 6, 6), "athens", "hagnon", "ELE", "land", set())
    assert s["forces"][t]["athens"] == [6, 0, 0]
    assert s["forces"]["MEG"]["sparta"] == [8, 0, 0]


# --- 7.1, 3.4: the brief's turn-1 economy check (its section 3.10)


def test_the_turn_one_economy_check_rule_7_1():
    """Rules 7.1 and 3.4 against the brief's worked turn-1 figures: Sparta collects
    Laconia's 500 and Messenia's 300; Corinth its 500 and both trade routes (1000, the
    top of the brief's 700-1000); Thebes 250, Plataea being Athenian; an invasion of 14
    land SPs costs 350."""
    s = fresh()
    assert sum(economic.revenue(s, "sparta").values()) == 800
    assert sum(economic.revenue(s, "corinth").values()) == 1000
    assert economic.revenue(s, "thebes") == {"home": 250, "tribute": 0}
    assert Army("archidamus", 13, 1, 0).cost == 350
