"""The rules read again against the design brief (docs/reports: REPORT-ppwaudit.md):
one test per rule the audit fixed or first checked, from a position, with fixed dice.
The brief's rule numbers (D4.6, D5.8 ...) are given beside ours (4.6, 5.8 ...)."""

from __future__ import annotations

from engine.rulesets.ppw import economic, political
from engine.rulesets.ppw.battle import Side, athenian_share
from engine.rulesets.ppw.board import board
from engine.rulesets.ppw.control import controller, zoi_covers
from engine.rulesets.ppw.diplomacy import approach, approach_modifiers
from engine.rulesets.ppw.movement import routes
from engine.rulesets.ppw.operation import execute, land_battle, transit
from engine.rulesets.ppw.political import bellicosity_change
from engine.rulesets.ppw.rules import outcome
from engine.rulesets.ppw.siege import fall, ravage, siege_modifiers
from engine.rulesets.ppw.state import add_sps
from engine.rulesets.ppw.victory import athens_goal, mark_start, score, sparta_goal

from .conftest import clear, dice, fresh

# every tributary rolls for rebellion, by id (Chalcidice is in rebellion already)
ROLLERS = ["aegina", "bosporus", "cyclades", "doris", "euboea", "hellespont", "ionia",
           "messenia", "samos", "thrace"]


def _rolls(**special: tuple[int, int]) -> list[int]:
    out: list[int] = []
    for cs in ROLLERS:
        out += list(special.get(cs, (1, 1)))
    return out


# --- 5.8 (brief 3.2, D5.8): Athens behind the Long Walls is supplied through Piraeus


def test_athens_is_supplied_by_sea_through_piraeus_rule_5_8():
    """Rule 5.8: Athens is inland, but while Piraeus is its own and supplied by sea (the
    fleet there), a siege of Athens has the -2 of a place supplied by sea; a stronger
    enemy fleet in Piraeus cuts the supply."""
    s = fresh()
    assert siege_modifiers(s, "sparta", "ATH", 8)["sea"] == -2
    # 16 Peloponnesian ships in Piraeus outnumber the 12 Athenian ships there and the 3
    # of Chios (allied) whose ZOI reaches it
    add_sps(s, "PIR", "sparta", 0, 0, 16)
    assert "sea" not in siege_modifiers(s, "sparta", "ATH", 8)
    s2 = fresh()
    clear(s2, "PIR", "CHI")  # no ships near: nobody supplies Piraeus, nor Athens
    assert "sea" not in siege_modifiers(s2, "sparta", "ATH", 8)


# --- 5.3 (D5.3): a defender in its own home space, minors too


def test_a_minor_defending_its_own_home_gets_the_home_bonus_rule_5_3():
    """Rule 5.3: +1 to a defender in its own home space: Argos' 4 hoplites at Argos,
    at war with Sparta, fight a Spartan army of 4 with the bonus."""
    s = fresh()
    s["stances"]["argos"] = {"patron": "sparta", "status": "enemy"}
    add_sps(s, transit("sparta"), "sparta", 4, 0, 0)
    s["leaders"]["brasidas"], s["leader_at"]["brasidas"] = "busy", transit("sparta")
    # Sparta 4 + Brasidas 3 = 7; Argos 6 + 1 at home = 7: a tie, the defender holds;
    # Brasidas rolls 6+6 and lives
    held = land_battle(s, dice(4, 6, 6, 6), "sparta", "brasidas", "ARG")
    rec = s["battle"]
    argos_roll = next(st for st in rec["rounds"][0]["steps"]
                      if st["kind"] == "roll" and st["side"] == "argos")
    assert argos_roll["facts"]["home"] == 1
    assert not held and rec["outcome"] == "defender_held"


# --- 4.6 (D4.6): each stack tries to intercept once per operation


def test_a_stack_tries_to_intercept_once_per_operation_rule_4_6():
    """Rule 4.6: the Spartans at Megara cover Eleusis and Megara's neighbours; their
    one attempt fails (2 - 1 for Phormio's skill), and they do not try again as the
    Athenian army goes on (the dice would run out if they did)."""
    s = fresh()
    add_sps(s, "MEG", "sparta", 8, 0, 0)
    execute(s, dice(2), "athens", "ATH", "land", "PLA")
    assert s["forces"]["PLA"]["athens"] == [7, 1, 0]
    assert sum(f["kind"] == "interception" for f in s["log"]) == 1


# --- 6.4 (D6.4): a rebellion put down


def test_retaking_a_rebel_home_ends_the_rebellion_with_reprisals_rule_6_4():
    """Rule 6.4: Athens retakes Potidaea, the home of its rebel tributary Chalcidice:
    the area's rebel spaces come back, resentment rises by 1, and nothing is counted as
    a tributary lost or gained (it never stopped being Athens' tributary)."""
    s = fresh()
    clear(s, "POT")
    add_sps(s, "POT", "athens", 4, 0, 0)
    fall(s, dice(6, 6), "athens", "POT")  # Aristeus inside rolls 12 and escapes
    assert "POT" not in s["rebel"] and "OLY" not in s["rebel"]
    assert s["majors"]["athens"]["resentment"] == 1
    assert s["tally"]["athens"]["tributaries_lost"] == 0
    assert s["stances"]["chalcidice"] == {"patron": "athens", "status": "tributary"}


# --- 6.4 (D6.4): the rebellion roll's other modifiers


def test_an_enemy_fleet_off_a_tributary_stirs_rebellion_rule_6_4():
    """Rule 6.4: +1 when enemy ships covering the tributary's home at least match the
    patron's: a Spartan ship at Amphipolis covers Thasos, where no Athenian ship does;
    Thrace rolls 11 + 1."""
    s = fresh()
    add_sps(s, "AMP", "sparta", 0, 0, 1)
    political.rebellion(s, dice(*_rolls(thrace=(5, 6))))
    assert "THA" in s["rebel"]
    s2 = fresh()
    political.rebellion(s2, dice(*_rolls(thrace=(5, 6))))
    assert "THA" not in s2["rebel"]


def test_macedon_against_athens_stirs_chalcidice_and_thrace_rule_6_4():
    """Rule 6.4: +1 for Thrace and Chalcidice while Macedon is their patron's enemy."""
    s = fresh()
    s["stances"]["macedon"] = {"patron": "sparta", "status": "ally"}
    political.rebellion(s, dice(*_rolls(thrace=(5, 6))))
    assert "THA" in s["rebel"]


# --- 6.2 (D6.2): bellicosity


def test_an_enemy_land_army_passing_through_the_home_area_rule_6_2():
    """Rule 6.2: the +1 for a home area no enemy land SP entered is lost when an enemy
    army marches through it, not only when it stops there; an allied army, or ships
    alone, do not cost it."""
    s = fresh()
    execute(s, dice(), "sparta", "SPA", "land", "COR")  # into Corinth: an ally's army
    assert not s["tally"]["corinth"]["enemy_in_home_area"]
    s2 = fresh()
    execute(s2, dice(), "athens", "PIR", "naval", "CEN")  # ships alone off Cenchreae
    assert not s2["tally"]["corinth"]["enemy_in_home_area"]
    assert "home_area_safe" in bellicosity_change(s2, "corinth")
    s3 = fresh()
    # Athens' army to Sicyon marches ELE-MEG-COR-SIC, through Corinth without stopping
    # (nobody intercepts: Corinth's own stack is at home, Phlius' 5 do not match 8);
    # Sicyon holds its siege (2 + 2 undefended < 6)
    execute(s3, dice(2), "athens", "ATH", "land", "SIC")
    assert s3["forces"]["SIC"]["athens"] == [7, 1, 0]
    assert s3["tally"]["corinth"]["enemy_in_home_area"]


def test_athens_loses_heart_when_the_pontic_grain_is_cut_rule_6_2():
    """Rule 6.2: Athens -1 while its Pontic grain route is cut (rule 7.1): a Spartan
    ship at Byzantium."""
    s = fresh()
    assert "grain_cut" not in bellicosity_change(s, "athens")
    add_sps(s, "BYZ", "sparta", 0, 0, 1)
    assert bellicosity_change(s, "athens")["grain_cut"] == -1


def test_peace_all_turn_means_no_war_this_turn_rule_6_2():
    """Rule 6.2: the +1 for peace with every major needs peace all turn: a major that
    made its last peace this turn does not have it."""
    s = fresh()
    for other in ("sparta", "corinth", "thebes"):
        key = "|".join(sorted(("athens", other)))
        s["relations"][key] = "peace"
        s["treaty_turn"][key] = s["turn"] - 1
    assert bellicosity_change(s, "athens")["peace"] == 1
    s["treaty_turn"]["athens|thebes"] = s["turn"]
    assert "peace" not in bellicosity_change(s, "athens")


def test_a_surrendered_major_regains_heart_at_peace_rule_6_3():
    """Rule 6.3: a surrendered major restarts at 3 and regains 1 a turn while its side
    is at peace with every major."""
    s = fresh()
    for key in list(s["relations"]):
        s["relations"][key] = "peace"
    s["majors"]["thebes"].update(surrendered_to="sparta", bellicosity=3)
    political.adjust_bellicosity(s)
    assert s["majors"]["thebes"]["bellicosity"] == 4
    s2 = fresh()
    s2["majors"]["thebes"].update(surrendered_to="sparta", bellicosity=3)
    political.adjust_bellicosity(s2)  # Sparta's side is at war with Athens
    assert s2["majors"]["thebes"]["bellicosity"] == 3


# --- 5.6 (D5.6): the leader of an army destroyed


def test_the_leader_of_a_destroyed_army_dies_on_seven_or_less_rule_5_6():
    """Rule 5.6: Thebes' lone cavalry SP dies in a lost skirmish; its leader, who
    survived the battle's own roll (6+6), then dies on two dice of 7 or less (1+1)."""
    s = fresh()
    s["forces"]["THB"]["thebes"] = [0, 1, 0]
    add_sps(s, "MEG", "athens", 9, 0, 0)
    s["stances"]["megara"] = {"patron": "athens", "status": "ally"}
    execute(s, dice(6, 6, 1, 6, 6, 1, 1), "thebes", "THB", "land", "PGE")
    leader = next(f["data"]["leader"] for f in s["log"] if f["kind"] == "march")
    assert s["leaders"][leader] == "dead"


# --- 5.5 (D5.5): retreats at sea, and a force with nowhere to go


def test_beaten_ships_fall_back_to_a_friendly_port_rule_5_5():
    """Rule 5.5: Corinthian ships beaten off Patrae go to the nearest friendly port
    within two naval paths (Cyllene, Elis' port: Sparta's ally)."""
    s = fresh()
    add_sps(s, "PAT", "corinth", 0, 0, 5)
    add_sps(s, "NAU", "athens", 0, 0, 6)
    # Athens 3 + Phormio 3 + seamanship 1 = 7; Corinth 5: margin 2, Corinth loses 1;
    # Phormio rolls 6+6
    execute(s, dice(3, 5, 6, 6), "athens", "NAU", "naval", "PAT")
    assert s["forces"]["CYL"]["corinth"] == [0, 0, 4]
    assert "corinth" not in s["forces"]["PAT"]


def test_beaten_ships_with_no_port_near_are_lost_rule_5_5():
    s = fresh()
    add_sps(s, "SPH", "corinth", 0, 0, 5)
    add_sps(s, "PYL", "athens", 0, 0, 6)
    s["stances"]["messenia"] = {"patron": "athens", "status": "tributary"}
    execute(s, dice(3, 5, 6, 6), "athens", "PYL", "naval", "SPH")
    assert "corinth" not in s["forces"].get("SPH", {})
    assert all("corinth" not in here or here["corinth"][2] == 0
               for sp, here in s["forces"].items() if sp != "COR")


def test_a_force_that_cannot_retreat_surrenders_and_leaves_a_hostage_rule_5_5():
    """Rule 5.5: Athenian hoplites beaten on Sphacteria (an island) cannot fall back;
    they surrender and Sparta takes a hostage."""
    s = fresh()
    add_sps(s, "SPH", "athens", 6, 0, 0)
    add_sps(s, transit("sparta"), "sparta", 9, 0, 0)
    s["leaders"]["brasidas"], s["leader_at"]["brasidas"] = "busy", transit("sparta")
    # Sparta 4 + 3 + odds 1 = 8; Athens 5: margin 3, Athens loses 2 of 6; Brasidas lives
    assert land_battle(s, dice(4, 5, 6, 6), "sparta", "brasidas", "SPH")
    assert "athens" not in s["forces"].get("SPH", {})
    assert s["majors"]["sparta"]["hostages"] == {"athens": 1}


# --- 2.6 (D2.3 A4): earlier approaches to the same minor


def test_every_earlier_approach_to_a_minor_counts_rule_2_6():
    """Rule 2.6: -1 for each earlier approach to the same minor this turn, by anyone:
    Athens courts Syracuse first, so Corinth's approach in the same round has -1."""
    s = fresh()
    approach(s, dice(1), "athens", "syracuse", 0)
    assert approach_modifiers(s, "corinth", "syracuse", 0).get("again") == -1


# --- the brief's worked examples (3.2 sample routes and ZOI checks)


def test_the_briefs_sample_routes_have_their_length_rule_4_1():
    """Rule 4.1: the brief's sample routes (its 3.2), as long as the brief has them;
    where equal routes exist the engine's fixed choice is one of them (DESIGN.md D3)."""
    s = fresh()
    assert routes(s, "sparta", "COR", 6, 0)["PLA"] == ("MEG", "PLA")
    assert routes(s, "sparta", "THB", 6, 0)["AMP"] == (
        "ORC", "ELA", "HER", "PHA", "LAR", "PLL", "OLY", "ACA", "AMP")  # Brasidas, 424
    assert "ODR" not in routes(s, "sparta", "THB", 6, 0)["AMP"]
    assert len(routes(s, "athens", "PIR", 0, 12)["NAU"]) == 11  # PIR ... PAT-NAU
    assert routes(s, "athens", "PIR", 0, 12)["POT"] == ("ERE", "CHA", "ORE", "POT")
    assert len(routes(s, "sparta", "GYT", 0, 1)["CHI"]) == 5  # GYT-CYT-MEL-NAX-..-CHI


def test_the_briefs_zoi_checks_rule_1_10():
    """Rule 1.10: ships at Naupactus watch the gulf (Phormio); ships at Piraeus cover
    the Saronic Gulf, Andros, Naxos and Chios; Athens' home guard covers Acharnae,
    Eleusis and Piraeus."""
    b = board()
    assert {"PAT", "PEL", "CYL", "OEI", "CEP", "SIP", "PGE", "COR"} <= b.sea_zoi["NAU"]
    assert {"AEG", "NIS", "CEN", "EPI", "TRZ", "AND", "NAX", "CHI"} <= b.sea_zoi["PIR"]
    s = fresh()
    clear(s, "ATH")
    assert all(zoi_covers(s, "athens", "ATH", sp)[0] for sp in ("ACH", "ELE", "PIR"))


# --- 5.2 (D5.2): a garrison sallies with its side's SPs, and is lost last


def test_a_garrison_sallies_and_is_lost_last_rule_5_2():
    """Rule 5.2: at Plataea the Athenian garrison counts 1 beside one Athenian hoplite
    SP, so the defenders (2) are not outnumbered by Sparta's 2 and come out to fight;
    routed (9 against 1: two SPs lost), the hoplite goes first, then the garrison, and
    Plataea goes back to Thebes, its original controller (rule 1.5)."""
    s = fresh()
    add_sps(s, "PLA", "athens", 1, 0, 0)
    add_sps(s, transit("sparta"), "sparta", 2, 0, 0)
    s["leaders"]["brasidas"], s["leader_at"]["brasidas"] = "busy", transit("sparta")
    assert land_battle(s, dice(6, 1, 6, 6), "sparta", "brasidas", "PLA")
    assert s["battle"] is not None and s["battle"]["kind"] == "battle_land"
    assert "PLA" not in s["garrisons"] and "athens" not in s["forces"].get("PLA", {})
    assert controller(s, "PLA") == "thebes"


# --- 2.4 (D2.4): at peace, only the other side's fortresses are closed


def test_at_peace_the_open_country_may_be_crossed_rule_2_4():
    """Rule 2.4: at peace with Athens, a Spartan army may not enter Athens' fortresses
    (Athens, Piraeus, Oenoe) but may cross the open country of Attica."""
    s = fresh()
    s["relations"]["athens|sparta"] = "peace"
    add_sps(s, "MEG", "sparta", 3, 0, 0)
    r = routes(s, "sparta", "MEG", 3, 0)
    assert {"ELE", "ACH", "DEC"} <= set(r)
    assert not {"ATH", "OEN"} & set(r)


# --- 1.5 ([S] L21): an empty non-fortress space goes back to its original controller


def test_an_occupier_that_marches_on_no_longer_holds_the_space_rule_1_5():
    """Rule 1.5: Sparta occupies Eleusis; when its army marches on to Acharnae, Eleusis
    is Athens' again, at once (not only at the end of the phase)."""
    s = fresh()
    execute(s, dice(), "sparta", "SPA", "land", "ELE")
    assert controller(s, "ELE") == "sparta"
    execute(s, dice(), "sparta", "ELE", "land", "ACH")
    assert controller(s, "ELE") == "athens" and controller(s, "ACH") == "sparta"


# --- 5.3 (D5.3): Athenian seamanship lost for good


def test_athenian_seamanship_is_lost_for_good_rule_5_3():
    """Rule 5.3: in a turn in which Athens loses 6 or more ships its seamanship goes,
    and it does not come back in later turns."""
    s = fresh()
    fleet = Side("athens", [("PIR", "athens")])
    assert athenian_share(s, fleet)
    s["tally"]["athens"]["naval_lost"] = 6
    assert not athenian_share(s, fleet)
    economic.clean_up(s)
    assert s["tally"]["athens"]["naval_lost"] == 0 and not athenian_share(s, fleet)


# --- 9.5 (D9.6): ties on the score


def test_a_tie_on_score_and_bellicosity_goes_to_the_treasury_rule_9_5(monkeypatch):
    """Rule 9.5: Athens and Sparta, with the same par, both at bellicosity 10 and under
    1,000 talents, tie on the score; the higher treasury places first. (The pars are set
    equal here: the fitted ones differ, DESIGN.md "Balance".)"""
    majors = board().setups["431"].majors
    for m in ("athens", "sparta"):
        monkeypatch.setitem(majors, m, majors[m].model_copy(update={"par": {4: 9.5}}))
    s = fresh("431", 4)
    mark_start(s)
    s["majors"]["athens"]["treasury"] = 900
    s["majors"]["sparta"]["treasury"] = 500
    assert score(s, "athens") == score(s, "sparta")
    s["phase"] = "over"
    places = outcome(s).places
    assert places.index(("athens",)) + 1 == places.index(("sparta",))


# --- 5.2 (brief M5-4, D3.3): the home-defence leader


def test_the_best_free_leader_defends_the_home_space_rule_5_2():
    """Rule 5.2: when Athens is attacked, the best leader of its pool leads the defence:
    Phormio (skill 3 at sea, 2 on land). Athens 6 + 2 + 1 at home = 9 against Sparta's
    1 + 3 = 4: the defenders hold; both leaders roll for their lives (6+6)."""
    s = fresh()
    add_sps(s, transit("sparta"), "sparta", 10, 1, 0)
    s["leaders"]["brasidas"], s["leader_at"]["brasidas"] = "busy", transit("sparta")
    assert not land_battle(s, dice(1, 6, 6, 6, 6, 6), "sparta", "brasidas", "ATH")
    rec = s["battle"]
    athens_roll = next(st for st in rec["rounds"][0]["steps"]
                       if st["kind"] == "roll" and st["side"] == "athens")
    assert athens_roll["facts"]["skill"] == 2 and athens_roll["facts"]["home"] == 1
    assert any(st["kind"] == "leader" and st["facts"]["leader"] == "phormio"
               for st in rec["rounds"][0]["steps"])
    assert s["leaders"]["phormio"] == "pool"


# --- 6.2 (D6.2): ravaging an enemy major's home area


def test_ravaging_an_allys_area_is_not_ravaging_an_enemy_home_rule_6_2():
    """Rule 6.2: Sparta ravaging Plataea (held by an Athenian garrison, but in Thebes'
    home area, Sparta's ally) earns no +1; ravaging Eleusis in Attica does."""
    s = fresh()
    assert ravage(s, "sparta", "PLA")
    assert not s["tally"]["sparta"]["ravaged_enemy_home"]
    assert ravage(s, "sparta", "ELE")
    assert s["tally"]["sparta"]["ravaged_enemy_home"]


# --- 9.4 (M9-6, M9-7): the surrender goals


def test_a_surrender_to_anyone_meets_the_rivals_goal_rule_9_4():
    """Rule 9.4 (R10): Athens wins when Sparta surrenders, whoever to; Sparta when
    Athens does."""
    s = fresh()
    s["majors"]["sparta"]["surrendered_to"] = "thebes"
    assert athens_goal(s)
    s2 = fresh()
    s2["majors"]["athens"]["surrendered_to"] = "corinth"
    assert sparta_goal(s2)


# --- rulings (RULINGS.md R8-R19) on points the brief leaves open


def test_an_undefended_place_has_plus_two_not_three_rule_5_8():
    """Rule 5.8 (R8): with nobody inside, the +2 for an undefended place replaces the +1
    for besiegers three times the defence (which any besieger of 0 would have)."""
    s = fresh()
    clear(s, "PLA")
    assert siege_modifiers(s, "sparta", "PLA", 6) == {"level": 0, "undefended": 2}


def test_a_tied_skirmish_lets_the_army_go_on_rule_4_6():
    """Rules 4.6, 5.3 (R9): in a skirmish the interceptors attack and the army defends,
    so a tie lets the army go on. The Spartans at Megara intercept at Eleusis (5 - 1);
    Sparta 5 + 0 against Athens 3 + Phormio's 2 on land: a tie; the attackers lose one
    SP (Megara's, allies first), the army none, and it reaches Plataea."""
    s = fresh()
    add_sps(s, "MEG", "sparta", 8, 0, 0)
    execute(s, dice(5, 5, 3, 6, 6), "athens", "ATH", "land", "PLA")
    assert s["forces"]["PLA"]["athens"] == [7, 1, 0]
    assert s["forces"]["MEG"] == {"sparta": [8, 0, 0]}


def test_messenia_yields_half_when_its_area_is_not_intact_rule_7_1():
    """Rule 7.1 (R11): Messenia's 300 falls to 150 when a fortress of Messenia is
    ravaged, as any tribute does (brief M7-2)."""
    s = fresh()
    assert economic.revenue(s, "sparta")["messenia"] == 300
    s["ravaged"].append("MTN")
    assert economic.revenue(s, "sparta")["messenia"] == 150


def test_an_approach_to_another_majors_enemy_makes_it_neutral_rule_2_6():
    """Rule 2.6 (R18): a minor that is the enemy of one major, won over by another,
    becomes neutral (the one step from enemy), not the winner's ally."""
    s = fresh()
    s["turn"] = 4
    s["stances"]["argos"] = {"patron": "sparta", "status": "enemy"}
    approach(s, dice(6), "athens", "argos", 0)
    assert s["stances"]["argos"] == {"patron": None, "status": "neutral"}


# --- 5.8 (D5.8): the ships of a fallen place


def test_the_ships_of_a_fallen_place_fall_back_or_are_lost_rule_5_8():
    """Rule 5.8 (R22): Naupactus falls to a Spartan land army; the Athenian hoplites
    inside are lost (a hostage for Sparta), and the Athenian ships, with no friendly port
    within two naval paths, are lost too (Athens' naval losses, rule 6.2). When Piraeus
    falls, the fleet there sails to Aegina instead."""
    s = fresh()
    add_sps(s, "NAU", "athens", 2, 0, 3)
    add_sps(s, "NAU", "sparta", 9, 0, 0)
    fall(s, dice(), "sparta", "NAU")
    assert "athens" not in s["forces"]["NAU"]
    assert s["tally"]["athens"]["naval_lost"] == 3
    assert s["majors"]["sparta"]["hostages"] == {"athens": 1}
    s2 = fresh()
    add_sps(s2, "PIR", "sparta", 9, 0, 0)
    fall(s2, dice(), "sparta", "PIR")
    assert s2["forces"]["AEG"] == {"athens": [0, 0, 12]}
    assert s2["tally"]["athens"]["naval_lost"] == 0


# --- 9.4 (D9.6): Sparta's side is Sparta and its allies


def test_spartas_goal_counts_its_allies_rule_9_4():
    """Rule 9.4 (R21): tributaries won over by Corinth and a Theban garrison in Attica
    serve Sparta's goal as Sparta's own would."""
    s = fresh()
    for cs in ("euboea", "aegina", "cyclades"):
        s["stances"][cs] = {"patron": "sparta", "status": "tributary"}
    for cs in ("thrace", "hellespont"):
        s["stances"][cs] = {"patron": "corinth", "status": "ally"}
    s["garrisons"]["OEN"] = "thebes"
    assert sparta_goal(s)  # five and rebel Chalcidice: six; a foothold in Attica


def test_a_surrendered_major_meets_no_goal_rule_9_4():
    """Rules 9.4, 6.3: Sparta, surrendered to Athens, now counts Athens' side as its own;
    that must not meet its goal of freeing Athens' tributaries (Athens' goal is met)."""
    s = fresh()
    s["majors"]["sparta"]["surrendered_to"] = "athens"
    s["garrisons"]["OEN"] = "athens"
    s["stances"]["chalcidice"] = {"patron": "athens", "status": "tributary"}
    assert athens_goal(s) and not sparta_goal(s)
