"""The rules read a third time against the design brief (REPORT-ppwaudit15.md): the
retreat of beaten land defenders, reprisals after a rebellion, and rules with thin
tests. Each test builds its position from the 431 set-up with fixed dice; our rule
numbers (5.5, 6.4 ...) are given, with the brief's (D5.5, D6.4 ...) beside."""

from __future__ import annotations

from engine.rulesets.ppw import economic, kingdoms, political
from engine.rulesets.ppw.battle import Side, fight
from engine.rulesets.ppw.operation import arrive, land_battle, transit
from engine.rulesets.ppw.siege import fall, siege_modifiers
from engine.rulesets.ppw.state import PpwState, add_sps

from .conftest import clear, dice, fresh


def _beaten_in_the_field(s: PpwState, attacker: str, leader: str, defender: str,
                         space: str) -> None:
    """`attacker`'s 9 hoplites under `leader` (skill 2 or 3) beat `defender`'s 4 in the
    open at `space`: a 6 against a 1, a margin of 7 or more, and the leader rolls 12."""
    add_sps(s, transit(attacker), attacker, 9, 0, 0)
    s["leaders"][leader], s["leader_at"][leader] = "busy", transit(attacker)
    add_sps(s, space, defender, 4, 0, 0)
    assert land_battle(s, dice(6, 1, 6, 6), attacker, leader, space)
    assert defender not in s["forces"].get(space, {})


# --- 5.5 (D5.5): how far beaten land defenders fall back (R26)


def test_beaten_defenders_fall_back_however_far_the_friendly_space_rule_5_5():
    """Rule 5.5 (R26): defenders beaten in the open go to the nearest friendly space a
    land march could reach, with no limit on the distance (the brief sets none, and a
    march has unlimited range, D4.1); only a force with no such space surrenders.
    Athenians beaten at Cape Taenarum, deep in Laconia, reach Eleusis by land (twelve
    paths, as a march would go) with the 2 SPs left: no surrender, no hostage."""
    s = fresh()
    _beaten_in_the_field(s, "sparta", "archidamus", "athens", "TAE")
    assert s["forces"]["ELE"]["athens"] == [2, 0, 0]
    assert s["majors"]["sparta"]["hostages"] == {}
    assert s["log"][-1]["kind"] == "fell_back"


def test_a_retreat_does_not_cross_a_closed_kingdom_rule_5_5():
    """Rules 5.5, 4.5 (R26): the path back must be one a march may take. Spartans beaten
    at Dascylium (Persian land) could reach rebel Olynthus only through Odrysia, closed
    to every side not the Odrysians' own: they surrender and Athens takes a hostage.
    With the Odrysians on Sparta's side the same defeat sends them into Odrysia."""
    s = fresh()
    _beaten_in_the_field(s, "athens", "phormio", "sparta", "DAS")
    assert s["majors"]["athens"]["hostages"] == {"sparta": 1}
    assert all("sparta" not in s["forces"].get(sp, {}) for sp in ("ODR", "OLY"))
    s = fresh()
    s["stances"]["odrysians"] = {"patron": "sparta", "status": "ally"}
    _beaten_in_the_field(s, "athens", "phormio", "sparta", "DAS")
    assert s["forces"]["ODR"]["sparta"] == [2, 0, 0]
    assert s["majors"]["athens"]["hostages"] == {}


# --- 6.4 (D6.4): who pays for a rebellion put down (R27)


def _retake(s: PpwState, major: str, space: str, *rolls: int) -> None:
    """`major`'s 4 hoplites take rebel `space` by assault (rule 5.8), the dice as given
    (Aristeus, inside Potidaea, rolls to escape)."""
    clear(s, space)
    add_sps(s, space, major, 4, 0, 0)
    fall(s, dice(*rolls), major, space)


def test_a_junior_partner_puts_down_a_rebellion_and_the_patron_resents_it_rule_6_4():
    """Rule 6.4 (R27): the reprisals after a rebellion raise the resentment of the
    tributary's patron, whose resentment its cities roll against, whoever on the
    patron's side retook the home. Corinth, surrendered to Athens, takes rebel Potidaea
    back: the rebellion of Chalcidice ends and Athens' resentment rises to 1, not
    Corinth's."""
    s = fresh()
    s["majors"]["corinth"]["surrendered_to"] = "athens"
    _retake(s, "corinth", "POT", 6, 6)
    assert "POT" not in s["rebel"] and "OLY" not in s["rebel"]
    assert s["majors"]["athens"]["resentment"] == 1
    assert s["majors"]["corinth"]["resentment"] == 0


def test_retaking_an_outlying_rebel_fortress_is_not_yet_a_suppression_rule_6_4():
    """Rule 6.4 (R27): the rebellion ends, and resentment rises, only when the rebel
    tributary's home is retaken. Athens takes back Olynthus while Potidaea still holds
    out: Olynthus reverts to Athens' tributary, Potidaea stays in rebellion and Athens'
    resentment does not move; retaking Potidaea then ends it with the one rise."""
    s = fresh()
    _retake(s, "athens", "OLY")
    assert "OLY" not in s["rebel"] and "POT" in s["rebel"]
    assert s["majors"]["athens"]["resentment"] == 0
    assert "OLY" not in s["garrisons"]
    _retake(s, "athens", "POT", 6, 6)
    assert s["rebel"] == []
    assert s["majors"]["athens"]["resentment"] == 1


# --- 8.3 (D8): leader specials that the battle and the subsidy now play (R29)


def _sea_fight(s: PpwState, place: str, athens: tuple[int, str | None],
               enemy: tuple[str, int, str | None]) -> dict[str, dict[str, object]]:
    """Athens' ships (count, leader) attack `enemy`'s (owner, count, leader) at `place`;
    both roll 3 and every leader lives (6+6). Returns each side's roll facts."""
    add_sps(s, transit("athens"), "athens", 0, 0, athens[0])
    add_sps(s, place, enemy[0], 0, 0, enemy[1])
    rolls = [3, 3] + [6, 6] * sum(x is not None for x in (athens[1], enemy[2]))
    _, rec = fight(s, dice(*rolls), place,
                   Side("athens", [(transit("athens"), "athens")], leader=athens[1]),
                   Side(enemy[0], [(place, enemy[0])], leader=enemy[2]), naval=True)
    return {st["side"]: dict(st["facts"]) for st in rec["rounds"][0]["steps"]
            if st["kind"] == "roll"}


def test_phormio_fights_harder_when_outnumbered_at_sea_rule_8_3():
    """Rule 8.3 (R29): Phormio adds 1 at sea when his ships are fewer than the enemy's
    (Naupactus, 429): 4 Athenian ships against 6 Corinthian get it, 4 against 3 not."""
    facts = _sea_fight(fresh(), "PAT", (4, "phormio"), ("corinth", 6, None))
    assert facts["athens"]["special"] == 1
    facts = _sea_fight(fresh(), "PAT", (4, "phormio"), ("corinth", 3, None))
    assert "special" not in facts["athens"]


def test_reinforced_prows_cancel_seamanship_in_the_gulf_rule_8_3():
    """Rules 5.3, 8.3 (R29): Corinthian ships under Ariston take away Athens' +1 for
    seamanship in the Gulf of Corinth (Naupactus) and Syracusia, not elsewhere
    (Aegina)."""
    assert _sea_fight(fresh(), "NAU", (5, None), ("corinth", 5, "ariston"))[
        "athens"]["seamanship"] == 0
    assert _sea_fight(fresh(), "SYR", (5, None), ("corinth", 5, "ariston"))[
        "athens"]["seamanship"] == 0
    assert _sea_fight(fresh(), "AEG", (5, None), ("corinth", 5, "ariston"))[
        "athens"]["seamanship"] == 1
    assert _sea_fight(fresh(), "NAU", (5, None), ("corinth", 5, None))[
        "athens"]["seamanship"] == 1


def test_lysander_beats_athens_at_sea_once_its_seamanship_is_gone_rule_8_3():
    """Rule 8.3 (R29): Lysander adds 1 at sea against Athens once Athens has lost its
    seamanship for good (rule 5.3), not before."""
    s = fresh()
    s["seamanship_lost"] = True
    assert _sea_fight(s, "EPH", (5, None), ("sparta", 5, "lysander"))["sparta"]["special"] == 1
    assert "special" not in _sea_fight(fresh(), "EPH", (5, None),
                                       ("sparta", 5, "lysander"))["sparta"]


def test_pagondas_adds_one_in_boeotia_only_rule_8_3():
    """Rule 8.3 (R29): Pagondas' deep phalanx adds 1 in a land battle in Boeotia
    (Delium, 424): at Plataea, not at Megara."""
    for place, bonus in (("PLA", 1), ("MEG", 0)):
        s = fresh()
        clear(s, place)
        add_sps(s, transit("thebes"), "thebes", 4, 0, 0)
        add_sps(s, place, "athens", 4, 0, 0)
        _, rec = fight(s, dice(3, 3, 6, 6), place,
                       Side("thebes", [(transit("thebes"), "thebes")], leader="pagondas"),
                       Side("athens", [(place, "athens")]), naval=False)
        facts = next(st["facts"] for st in rec["rounds"][0]["steps"]
                     if st["kind"] == "roll" and st["side"] == "thebes")
        assert facts.get("special", 0) == bonus


def test_conon_escapes_when_his_fleet_is_destroyed_rule_8_3():
    """Rules 5.6, 8.3 (R29): a leader whose army is wiped out dies on two dice of 7 or
    less, but Conon always escapes. His one ship is sunk by ten; he survives the
    casualty roll (12) and the 2 that would kill anyone else."""
    s = fresh()
    s["turn"] = 8
    add_sps(s, transit("athens"), "athens", 0, 0, 1)
    s["leaders"]["conon"], s["leader_at"]["conon"] = "busy", transit("athens")
    add_sps(s, "CHI", "sparta", 0, 0, 10)
    fight(s, dice(1, 6, 6, 6, 1, 1), "CHI",
          Side("athens", [(transit("athens"), "athens")], leader="conon"),
          Side("sparta", [("CHI", "sparta")]), naval=True)
    assert s["leaders"]["conon"] != "dead"
    assert "conon" not in s["leader_at"]


def test_lysander_brings_more_persian_gold_rule_8_3():
    """Rules 8.3, 9.6 (R29): with a Persian treaty, Sparta's subsidy is 500 a turn
    (1,000 from turn 9), and 500 more while Lysander is in play."""
    s = fresh()
    s["stances"]["persia"] = {"patron": "sparta", "status": "ally"}
    s["turn"], s["leaders"]["lysander"] = 8, "pool"
    assert kingdoms.subsidy(s, dice(2), "sparta") == 1000
    s["turn"] = 9
    assert kingdoms.subsidy(s, dice(), "sparta") == 1500
    s["leaders"]["lysander"] = "dead"
    assert kingdoms.subsidy(s, dice(), "sparta") == 1000


def test_archidamus_ravages_a_second_open_space_next_door_rule_8_3():
    """Rules 5.7, 8.3 (R29): an army under Archidamus that ravages also ravages one
    neighbouring unfriendly open space, the first by id: at Eleusis, Acharnae too, for
    100 talents of plunder. A harmost ravages Eleusis alone."""
    for leader, ravaged, plunder in (("archidamus", ["ELE", "ACH"], 100),
                                     ("sparta_harmost_1", ["ELE"], 50)):
        s = fresh()
        add_sps(s, transit("sparta"), "sparta", 6, 0, 0)
        s["leaders"][leader], s["leader_at"][leader] = "busy", transit("sparta")
        arrive(s, dice(), "sparta", leader, "SPA", "ELE")
        assert s["ravaged"] == ravaged
        assert s["majors"]["sparta"]["treasury"] == 500 + plunder


def test_cleon_helps_a_siege_on_an_island_only_rule_8_3():
    """Rules 5.8, 8.3 (R29): Cleon adds 1 to Athens' siege of an island place (Cythera),
    not of a mainland one (Methone)."""
    for place, bonus in (("CYT", 1), ("MTN", 0)):
        s = fresh()
        s["turn"], s["leaders"]["cleon"], s["leader_at"]["cleon"] = 3, "busy", place
        assert siege_modifiers(s, "athens", place, 6).get("besieger_leader", 0) == bonus


# --- 6.2 (D7.5): the Athenian emergency reserve (R30)


def test_spending_the_athenian_reserve_costs_one_once_rule_6_2():
    """Rule 6.2 (R30, brief D7.5): the first political phase in which Athens stands below
    1,000 talents it has spent its emergency reserve and loses 1 bellicosity, unless an
    enemy fleet covers Piraeus (Spartan ships at Aegina); the reserve is spent once, so
    the next turn below 1,000 costs nothing more."""
    s = fresh()
    s["majors"]["athens"]["treasury"] = 900
    assert political.bellicosity_change(s, "athens")["reserve_spent"] == -1
    political.adjust_bellicosity(s)
    assert s.get("reserve_broached") is True
    assert "reserve_spent" not in political.bellicosity_change(s, "athens")
    s = fresh()
    s["majors"]["athens"]["treasury"] = 900
    add_sps(s, "AEG", "sparta", 0, 0, 3)
    assert "reserve_spent" not in political.bellicosity_change(s, "athens")
    s = fresh()
    assert "reserve_spent" not in political.bellicosity_change(s, "athens")


# --- thin sections: 6.1 plague, 7.2 tribute rate, 7.3 building, 8.2 service


def test_plague_strikes_once_with_its_floor_and_may_take_pericles_rule_6_1():
    """Rule 6.1 (D6.1): Athens' home ravaged, a die of 4 and its 6 hoplites at home make
    10: it loses 2 hoplites and 500 talents, and Pericles dies on a die of 1-4. It never
    strikes twice; and from 1,200 talents the plague takes only 200 (not below 1,000)."""
    s = fresh()
    clear(s, "ATH")
    add_sps(s, "ATH", "athens", 6, 0, 0)
    s["ravaged"] = ["ATH"]
    political.plague(s, dice(4, 3))
    assert s["forces"]["ATH"]["athens"] == [4, 0, 0]
    assert s["majors"]["athens"]["treasury"] == 6000 - 500
    assert s["leaders"]["pericles"] == "dead"
    assert s["tally"]["athens"]["plague"]
    political.plague(s, dice())  # once a game: no second roll
    assert s["forces"]["ATH"]["athens"] == [4, 0, 0]
    s = fresh()
    clear(s, "ATH")
    add_sps(s, "ATH", "athens", 6, 0, 0)
    s["ravaged"], s["majors"]["athens"]["treasury"] = ["ATH"], 1200
    political.plague(s, dice(4, 5))
    assert s["majors"]["athens"]["treasury"] == 1000
    assert s["leaders"]["pericles"] == "pool"


def test_plague_needs_ten_rule_6_1():
    """Rule 6.1: a die of 3 and 6 hoplites make 9: no plague."""
    s = fresh()
    clear(s, "ATH")
    add_sps(s, "ATH", "athens", 6, 0, 0)
    s["ravaged"] = ["ATH"]
    political.plague(s, dice(3))
    assert not s["majors"]["athens"]["plague_done"]
    assert s["majors"]["athens"]["treasury"] == 6000


def test_tribute_rates_move_resentment_within_its_range_rule_7_2():
    """Rule 7.2 (D7.3): a rate of 300 adds 2 resentment, 200 adds 1, 100 takes 1 off;
    resentment stays within 0-10."""
    s = fresh()
    economic.set_rate(s, "athens", 300)
    assert s["majors"]["athens"]["resentment"] == 2
    economic.set_rate(s, "athens", 200)
    assert s["majors"]["athens"]["resentment"] == 3
    s["majors"]["athens"]["resentment"] = 9
    economic.set_rate(s, "athens", 300)
    assert s["majors"]["athens"]["resentment"] == 10
    s["majors"]["athens"]["resentment"] = 0
    economic.set_rate(s, "athens", 100)
    assert s["majors"]["athens"]["resentment"] == 0
    assert s["majors"]["athens"]["rate"] == 100


def test_what_each_major_may_build_in_a_turn_rule_7_3():
    """Rules 7.3, 1.9 (D7.4): Sparta one Spartan hoplite (200), Athens up to 4 ships,
    Thebes 2 cavalry, the others 2 hoplites, 1 cavalry and 3 ships, always within the
    counter mix (Corinth has one hoplite counter left in 431); a major whose port is not
    friendly (Piraeus taken) builds no ships; the treasury caps it all."""
    def most(major: str) -> dict[str, int]:
        out: dict[str, int] = {}
        for o in economic.build_options(s, major):
            kind = (o.data or {})["kind"]
            out[kind] = out.get(kind, 0) + 1
        return out
    s = fresh()
    for major in ("athens", "sparta", "corinth", "thebes"):
        s["majors"][major]["treasury"] = 5000
    assert most("sparta")["hoplite"] == 1
    assert (economic.build_options(s, "sparta")[0].data or {})["cost"] == 200
    assert most("athens") == {"hoplite": 2, "cavalry": 1, "naval": 4}
    assert most("thebes")["cavalry"] == 2
    assert most("corinth") == {"hoplite": 1, "cavalry": 1, "naval": 3}
    s["garrisons"]["PIR"] = "sparta"  # Athens' port, Piraeus, in Spartan hands
    assert most("athens") == {"hoplite": 2, "cavalry": 1}
    s["majors"]["corinth"]["treasury"] = 120  # no ship (150) within its means
    assert most("corinth") == {"hoplite": 1, "cavalry": 1}


def test_leaders_come_and_go_by_their_turns_rule_8_2():
    """Rules 8.2, 6.5: at the end of turn 1's political phase, Pericles (turn 1 only)
    leaves and Nicias (from turn 2) joins the pool; a dead leader stays dead."""
    s = fresh()
    s["leaders"]["demosthenes"] = "dead"
    political.leaders_come_and_go(s)
    assert s["leaders"]["pericles"] == "off"
    assert s["leaders"]["nicias"] == "pool"
    assert s["leaders"]["demosthenes"] == "dead"
    assert s["leaders"]["phormio"] == "pool"  # turns 1-2


def test_the_clean_up_clears_the_turn_but_keeps_what_is_for_good_rule_7_5():
    """Rules 7.5, 5.3, 1.12: at the turn's end the ravaged markers go, the turn's tallies
    restart, a leader sent off the map for the turn comes back, the turn moves on; a
    turn of 6 ships lost keeps Athens' seamanship lost for good."""
    s = fresh()
    s["ravaged"] = ["ELE", "ACH"]
    s["tally"]["athens"]["naval_lost"] = 6
    s["leaders"]["phormio"] = "away"
    economic.clean_up(s)
    assert s["ravaged"] == []
    assert s["tally"]["athens"]["naval_lost"] == 0
    assert s["seamanship_lost"] is True
    assert s["leaders"]["phormio"] == "pool"
    assert s["turn"] == 2
