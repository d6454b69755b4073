"""Operations (rules 3.1-3.5, 4.3, 4.6): orders, costs, interception, storms, going home."""

from __future__ import annotations

from engine.rulesets.ppw.army import command_limit, free_leader, muster
from engine.rulesets.ppw.flow import order_options, return_home
from engine.rulesets.ppw.operation import execute, storm, transit
from engine.rulesets.ppw.state import add_sps

from .conftest import dice, fresh


def test_leaders_and_command():
    """Rule 3.3: the best leader in the pool leads; he commands 6 + 3 x skill SPs."""
    s = fresh()
    assert free_leader(s, "sparta", "SPA") == "brasidas"
    assert command_limit("brasidas") == 15
    assert command_limit("athens_strategos_1") == 9
    army = muster(s, "athens", "PIR", "naval")
    assert army is not None and army.naval == 12 and army.cost == 1800  # rule 3.4


def test_ships_carry_one_land_sp_each():
    """Rule 4.4: on an all-arms operation the ships carry at most one land SP each."""
    s = fresh()
    add_sps(s, "PIR", "athens", 5, 0, 0)
    s["forces"]["PIR"]["athens"][2] = 3
    army = muster(s, "athens", "PIR", "all")
    assert army is not None and (army.naval, army.land) == (3, 3)


def test_a_march_that_ravages():
    """Rules 3.2-3.4, 5.7: Sparta pays 25 a land SP, marches round neutral Argos to
    Eleusis and ravages it; nobody intercepts (Athens' army stays in its home)."""
    s = fresh()
    execute(s, dice(), "sparta", "SPA", "land", "ELE")
    assert s["forces"]["ELE"]["sparta"] == [7, 1, 0]
    assert "SPA" not in s["forces"]
    assert s["majors"]["sparta"]["treasury"] == 500 - 8 * 25 + 50
    assert "ELE" in s["ravaged"]
    assert s["occupier"]["ELE"] == "sparta"
    assert s["leader_at"]["brasidas"] == "ELE"
    assert s["tally"]["athens"]["enemy_in_home_area"]
    assert transit("sparta") not in s["forces"]


def test_void_order_is_a_pass():
    """Rule 3.1 (R6): an order no longer possible when its turn comes is a pass."""
    s = fresh()
    s["majors"]["sparta"]["treasury"] = 100
    execute(s, dice(), "sparta", "SPA", "land", "ELE")
    assert s["forces"]["SPA"]["sparta"] == [7, 1, 0]
    assert s["majors"]["sparta"]["treasury"] == 100
    assert s["log"][-1]["kind"] == "order_void"


def test_interception_and_skirmish():
    """Rule 4.6: Spartans at Megara cover Eleusis; they match the Athenian army and
    intercept on 5 - 1 (Phormio's skill) = 4; the skirmish goes against Athens, which
    loses half of its three-tenths (3 of 8, halved and rounded up: 2, R25) and goes
    home (rule 5.5)."""
    s = fresh()
    add_sps(s, "MEG", "sparta", 8, 0, 0)
    # interception 5; Sparta 6 + 0; Athens 1 + Phormio 2 (a naval leader on land);
    # Phormio rolls 6+6 and lives
    execute(s, dice(5, 6, 1, 6, 6), "athens", "ATH", "land", "PLA")
    assert s["forces"]["ATH"]["athens"] == [5, 1, 0]
    assert s["majors"]["athens"]["treasury"] == 6000 - 8 * 25
    assert s["leaders"]["phormio"] == "busy" and s["leader_at"]["phormio"] == "ATH"
    assert any(f["kind"] == "returned" for f in s["log"])


def test_failed_interception_lets_the_army_pass():
    s = fresh()
    add_sps(s, "MEG", "sparta", 8, 0, 0)
    # the interception roll fails (2 - 1); the stack at Megara has had its one try
    # (rule 4.6), so neither Megara itself nor Plataea brings another; Thebes' 6 SPs
    # never match 8
    execute(s, dice(2), "athens", "ATH", "land", "PLA")
    assert s["forces"]["PLA"]["athens"] == [7, 1, 0]


def test_the_open_sea_storm():
    """Rule 4.3: a 5 or 6 sinks the army crossing from Taenarum to Syracuse; Gylippus'
    crossings only on a 6 (rule 8.3)."""
    s = fresh()
    s["stances"]["syracuse"] = {"patron": "sparta", "status": "enemy"}
    execute(s, dice(5), "sparta", "GYT", "naval", "SYR")
    assert "GYT" not in s["forces"] and "SYR" in s["forces"]
    assert s["forces"]["SYR"]["syracuse"] == [2, 2, 2]
    assert s["leaders"]["brasidas"] == "dead"
    s2 = fresh()
    add_sps(s2, transit("sparta"), "sparta", 2, 0, 1)
    assert not storm(s2, dice(5), "sparta", "gylippus")
    assert storm(s2, dice(6), "sparta", "gylippus")


def test_orders_offer_every_reachable_objective():
    """Rule 3.2: one option per stack, kind and reachable objective, and a pass."""
    s = fresh()
    opts = {o.id for o in order_options(s, "thebes")}
    assert "pass" in opts
    assert "op:THB:land:PLA" in opts
    assert not any(":naval:" in o for o in opts)  # Thebes has no ships in 431
    s["majors"]["thebes"]["treasury"] = 0
    assert {o.id for o in order_options(s, "thebes")} == {"pass"}


def test_everything_goes_home_at_the_end_of_the_phase():
    """Rule 3.5: SPs home (ships to the port), leaders to the pool, sieges lapse."""
    s = fresh()
    execute(s, dice(), "sparta", "SPA", "land", "ELE")
    s["siege"]["PLA"] = 2
    return_home(s)
    assert s["forces"]["SPA"]["sparta"] == [7, 1, 0]
    assert "ELE" not in s["forces"]
    assert s["leaders"]["brasidas"] == "pool" and s["leader_at"] == {}
    assert s["siege"] == {} and s["occupier"] == {}
    assert s["forces"]["COR"]["corinth"] == [3, 0, 3]  # Potidaea's hoplites came home


def test_year_round_station():
    """Rule 3.6: SPs ordered to stay keep their place and their siege through the
    return home; rule 7.4: they cost upkeep, or go home unpaid."""
    from engine.rulesets.ppw import economic

    s = fresh()
    execute(s, dice(2), "sparta", "SPA", "land", "PLA")  # the siege holds: level 1
    assert s["siege"]["PLA"] == 1
    assert "station:PLA" in {o.id for o in order_options(s, "sparta")}
    assert "station:SPA" not in {o.id for o in order_options(s, "sparta")}  # home
    s["station"]["PLA"] = ["sparta"]
    return_home(s)
    assert s["forces"]["PLA"]["sparta"] == [7, 1, 0]
    assert s["siege"] == {"PLA": 1}
    assert s["leaders"]["brasidas"] == "pool"
    before = s["majors"]["sparta"]["treasury"]
    economic.upkeep(s)
    assert s["majors"]["sparta"]["treasury"] == before - 8 * 25
    s["majors"]["sparta"]["treasury"] = 100
    economic.upkeep(s)
    assert "PLA" not in s["forces"] or "sparta" not in s["forces"]["PLA"]
    assert s["forces"]["SPA"]["sparta"] == [7, 1, 0]


def test_a_leader_left_alone():
    """Rule 1.12: without friendly SPs or garrison, killed in an unfriendly space, off the
    map until the end of the turn in a friendly one."""
    from engine.rulesets.ppw import economic
    from engine.rulesets.ppw.operation import leader_alone

    s = fresh()
    s["leaders"]["brasidas"], s["leader_at"]["brasidas"] = "busy", "ACH"
    leader_alone(s, "sparta", "brasidas")
    assert s["leaders"]["brasidas"] == "dead"
    s["leaders"]["cnemus"], s["leader_at"]["cnemus"] = "busy", "CEN"
    leader_alone(s, "sparta", "cnemus")  # Corinth's harbour: friendly to Sparta
    assert s["leaders"]["cnemus"] == "away" and "cnemus" not in s["leader_at"]
    economic.clean_up(s)
    assert s["leaders"]["cnemus"] == "pool"
    s["leaders"]["archidamus"], s["leader_at"]["archidamus"] = "busy", "MEG"
    leader_alone(s, "sparta", "archidamus")  # Megara's own hoplite keeps him company
    assert s["leaders"]["archidamus"] == "busy"


def test_an_army_wiped_out_leaves_its_leader_alone():
    """Rules 5.4, 5.6, 1.12: Thebes' lone cavalry SP dies in a lost skirmish; its leader
    lives through the roll for an army destroyed and escapes home, where, with no
    troops left, he leaves the field until the next turn."""
    s = fresh()
    s["forces"]["THB"]["thebes"] = [0, 1, 0]
    add_sps(s, "MEG", "athens", 9, 0, 0)
    s["stances"]["megara"] = {"patron": "athens", "status": "ally"}
    # the route is Thebes-Plataea-Megara-Pagae; the Athenians at Megara cover Plataea and
    # intercept (6 - 1 for the boeotarch's skill); the skirmish: Athens 6 + 3 for odds of
    # 9:1, Thebes 1 + 1; the boeotarch rolls 6+6 and lives, and 6+6 again for his
    # destroyed army (rule 5.6: he would die on 7 or less)
    execute(s, dice(6, 6, 1, 6, 6, 6, 6), "thebes", "THB", "land", "PGE")
    assert "THB" not in s["forces"]
    leader = next(f["data"]["leader"] for f in s["log"] if f["kind"] == "march")
    assert s["leaders"][leader] == "away"


def test_an_army_whose_leader_falls_goes_home():
    """Rule 3.3: an army that wins a skirmish but loses its leader goes back where it set
    out from, not on, and not half-way (rule 5.5)."""
    s = fresh()
    add_sps(s, "MEG", "sparta", 8, 0, 0)
    # interception 5 - 1; Sparta 1, Athens 6 + 2: Athens wins by 7; the Peloponnesians
    # (Sparta's 8 and Megara's 1) lose half of 9 (5), halved and rounded up as the
    # loser's losses are (R25): 3, allies first; Athens none;
    # Phormio (bravery 2) rolls 1+1 and dies
    execute(s, dice(5, 1, 6, 1, 1), "athens", "ATH", "land", "PLA")
    assert s["leaders"]["phormio"] == "dead"
    assert s["forces"]["ATH"]["athens"] == [7, 1, 0]
    assert "ELE" not in s["forces"] and "PLA" not in s["forces"]
    assert s["forces"]["MEG"] == {"sparta": [6, 0, 0]}
