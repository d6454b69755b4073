"""Combat (rules 5.0-5.6) read again, position by position, with fixed dice.

The two worked combat examples are in test_rules_combat_examples.py, the forced retreat's
extra fire (5.43) there too, retreats into vacant hexes and the navy's regroup after a
storm in test_rules_retreat_regroup.py; they are not repeated here.
"""

from __future__ import annotations

from engine.rulesets.athens_sparta.board import board
from tests.athens_sparta.conftest import act, blk, ids, prompt, turn_at


def combat(active, blocks, dice, **more):
    """The combat phase of `active`'s player turn, every MP spent, with fixed dice."""
    return turn_at("combat", active, blocks, mp=0, dice=dice, **more)


def attack(active, h, frm, attackers, others, dice, **more):
    """`attackers` (id -> position entry) moved into `h` through the hex-side from `frm`
    this player turn and meet `others` there: the battle at `h` begins."""
    blocks = {b: dict(spec, hex=h) for b, spec in attackers.items()}
    blocks.update(others)
    return combat(active, blocks, dice, moved=list(attackers), battle=h,
                  entries={h: {b: {"from": frm} for b in attackers}}, **more)


def steps(g, rnd):
    bt = g.state["battle"]
    rec = bt["record"] if bt else g.state["last_battle"]
    return [a["unit"] for a in rec["rounds"][rnd]["steps"]]


def test_combat_order_example_rule_5_1():
    """Rule 5.1 example: a B2 hoplite and an A1 peltast attack a B2 hoplite and a C3 navy.
    A blocks act before B before C, and a defender acts before an attacker of the same
    letter: peltast, defending hoplite, attacking hoplite, navy. Played at Troezen, the
    Athenian navy (with no navy to fight) joins the land battle (5.41)."""
    g = attack("sparta", "K9", "J9", {"Megara H": {}, "Thebes P": {}},
               {"Athens H2": {"hex": "K9"}, "Athens N1": {"hex": "K9"},
                "Athens H1": {"hex": "K8"}, "Sparta H2": {"hex": "I10"}}, [6] * 40)
    p = prompt(g)
    assert p.kind == "navy" and p.seat == "athens" and set(ids(p)) == {"land", "sea"}
    act(g, "land")
    assert steps(g, 0) == ["Thebes P", "Athens H2", "Megara H", "Athens N1"]


def test_a_minor_walled_city_shelters_only_two_blocks_rule_5_31():
    """Rule 5.31: a minor walled city takes at most 2 blocks into siege (a major one 4);
    the others must fight outside. Three Athenian blocks in Naupactus attacked from
    Pleuron: after two withdraw, the third has no choice but to engage."""
    g = attack("sparta", "G7", "F7", {"Sparta H1": {}, "Sciritae": {}},
               {"Athens H2": {"hex": "G7"}, "Naupactus N": {"hex": "G7"},
                "Naupactus P": {"hex": "G7"}, "Athens H1": {"hex": "K8"}}, [6] * 40)
    p = prompt(g)
    assert p.kind == "decl" and set(ids(p)) == {"eng", "wd"}
    act(g, "wd")
    p = prompt(g)
    assert p.kind == "decl" and set(ids(p)) == {"eng", "wd"}
    act(g, "wd")
    st = g.state["battle"]["status"]
    assert sorted(b for b, v in st.items() if v == "in") == ["Athens H2", "Naupactus N"]
    assert st["Naupactus P"] != "in"  # the third could only engage


def test_storming_cavalry_hits_on_1_and_navies_on_1_rule_5_41():
    """Rule 5.41: when storming, cavalry fight at B1 and navies at C1. Athenian cavalry
    (B2) and navy (C3) storm Potidaea rolling only 2s: under their printed ratings every
    die would hit, at B1/C1 none does."""
    g = combat("athens",
               {"Athens C": {"hex": "J3", "strength": 3},
                "Athens N3": {"hex": "J3", "strength": 3},
                "Corinth H2": {"hex": "J3", "in_city": True, "strength": 2},
                "Sparta H1": {"hex": "I10"}},
               [6, 6, 2, 2, 2, 2, 2, 2] + [6] * 20, control={"Potidaea": "sparta"},
               battle="J3")
    assert g.state["battle"]["kind"] == "storm"
    act(g, "storm")  # Athens C
    act(g, "storm")  # Athens N3
    assert steps(g, 0) == ["Corinth H2", "Athens C", "Athens N3"]
    assert blk(g, "Corinth H2")["str"] == 2 and not g.state["half_hits"]


def test_a_half_hit_left_after_a_storm_recovers_rule_5_41():
    """Rule 5.41: a defender in a walled city needs two hits to lose a step; a lone
    half-hit still on it when the battle ends is lost. Athens H1 storms Potidaea with one
    hit in two rounds: the Corinthian hoplite keeps both its steps."""
    g = combat("athens",
               {"Athens H1": {"hex": "J3", "strength": 4}, "Athens N3": {"hex": "J3"},
                "Corinth H2": {"hex": "J3", "in_city": True, "strength": 2},
                "Sparta H1": {"hex": "I10"}},
               [6, 6, 1, 6, 6, 6] + [6] * 6, control={"Potidaea": "sparta"}, battle="J3")
    act(g, "storm")  # Athens H1
    act(g, "stay")   # the navy stays on blockade
    assert g.state["half_hits"] == ["Corinth H2"]
    assert blk(g, "Corinth H2")["str"] == 2
    act(g, "fire")   # round 2: misses
    assert g.state["battle"] is None or g.state["battle"]["round"] > 2
    assert g.state["half_hits"] == [] and blk(g, "Corinth H2")["str"] == 2


def test_a_sallying_army_cannot_retreat_and_goes_back_in_after_round_2_rules_5_42_5_43():
    """Rules 5.42-5.43: besieged Athenians in Amphipolis sally; in round 2 the sallying
    army may withdraw or fire but never retreat, and when the besiegers survive it must
    go back inside the walls after the second round."""
    g = combat("athens",
               {"Sparta H1": {"hex": "J1"}, "Amphipolis H": {"hex": "J1", "in_city": True},
                "Athens H1": {"hex": "K8"}, "Sparta H2": {"hex": "I10"}},
               [6] * 12, battle="J1")
    assert g.state["battle"]["kind"] == "sally"
    act(g, "sally")
    assert not blk(g, "Amphipolis H")["in"]
    act(g, "fire")  # round 1
    act(g, "fire", "sparta")  # round 2: the defender may retreat; it fires
    p = prompt(g)
    assert "Amphipolis H" in p.text and set(ids(p)) == {"fire", "wd"}
    act(g, "fire")
    assert g.state["battle"] is None
    assert blk(g, "Amphipolis H")["in"] and blk(g, "Sparta H1")["loc"] == "J1"


def test_relief_forces_must_fight_and_cannot_withdraw_rules_5_3_5_4():
    """Rules 5.3-5.4: an army that moved in this turn to lift a siege is a relief force:
    it engages even when nobody sallies, it may never withdraw into the city, and it must
    retreat after round 2 if the besiegers are still there (5.43)."""
    g = combat("athens",
               {"Sparta H1": {"hex": "J1"}, "Amphipolis H": {"hex": "J1", "in_city": True},
                "Athens H2": {"hex": "J1"}, "Athens H1": {"hex": "K8"},
                "Sparta H2": {"hex": "I10"}},
               [6] * 20, moved=["Athens H2"],
               entries={"J1": {"Athens H2": {"from": "I1"}}}, battle="J1")
    assert g.state["battle"]["kind"] == "sally" and "Athens H2" in g.state["battle"]["relief"]
    act(g, "stay")  # the garrison stays inside
    # round 1: the relief hoplite's only choice is to fire (no withdrawal, no retreat
    # before round 2), so it fires at once; round 2 opens with the besieger (a defender)
    assert steps(g, 0) == ["Sparta H1", "Athens H2"]
    act(g, "fire", "sparta")
    p = prompt(g)
    assert "Athens H2" in p.text and "wd" not in ids(p) and "rt" in ids(p)
    act(g, "fire")
    # both sides still stand: the relief force must retreat, back through the hex-side it
    # came by (its only way, so it goes at once)
    last = g.state["last_battle"]["rounds"][1]["steps"][-1]
    assert last["kind"] == "retreat" and last["unit"] == "Athens H2" and last["to"] == "I1"
    assert blk(g, "Athens H2")["loc"] == "I1" and blk(g, "Amphipolis H")["in"]


def test_attacking_armies_retreat_through_the_hex_sides_they_came_by_rule_5_5():
    """Rule 5.5: attacking armies retreat only through the hex-sides they attacked
    through. A Spartan hoplite that attacked Tegea's hex from Sparta is offered Sparta
    alone when it retreats in round 2."""
    g = attack("sparta", "H9", "I10", {"Sparta H1": {}},
               {"Athens H1": {"hex": "H9"}, "Athens H2": {"hex": "K8"},
                "Sparta H2": {"hex": "I10"}}, [6] * 20, control={"Tegea": "athens"})
    act(g, "fire", "athens")  # round 2: the defender (same letter) acts first
    p = prompt(g)
    assert p.seat == "sparta" and set(ids(p)) == {"fire", "rt"}
    act(g, "rt")
    p = prompt(g)
    assert p.kind == "retreat" and ids(p) == ["t:I10"]


def test_navies_retreat_only_to_friendly_ports_within_four_hexes_rule_5_5():
    """Rule 5.5: a retreating navy goes to a friendly port no more than four hexes away,
    never through enemy hexes. Every offered place is a friendly port that close."""
    g = combat("sparta",
               {"Corinth N": {"hex": "K9"}, "Athens N1": {"hex": "K9", "strength": 1},
                "Athens H1": {"hex": "K8"}, "Sparta H2": {"hex": "I10"}},
               [6] * 20, moved=["Corinth N"], battle="K9")
    p = prompt(g)
    assert p.seat == "athens" and "rt" in ids(p)
    act(g, "rt")
    p = prompt(g)
    assert p.kind == "retreat" and p.options
    bd = board()
    for o in p.options:
        h = o.id.split(":")[1]
        assert h in bd.ports and bd.dist("K9", h) <= 4
        assert g.state["sea_control"].get(h) != "sparta"


def test_victorious_armies_of_a_new_battle_may_regroup_next_door_rule_5_6():
    """Rule 5.6: after a new battle the winner may move victorious armies to adjacent
    friendly hexes (and no further)."""
    g = attack("sparta", "H9", "I10", {"Sparta H1": {"strength": 4}},
               {"Athens P": {"hex": "H9", "strength": 1}, "Athens H2": {"hex": "K8"},
                "Sparta H2": {"hex": "I10"}}, [6, 1, 6, 6, 6] + [6] * 20,
               control={"Tegea": "athens"})
    # Athens P (A1) fires first and misses; Sparta H1 (B4) rolls one 1: the peltast dies
    assert blk(g, "Athens P")["loc"] == "pool"
    p = prompt(g)
    assert p.kind == "regroup" and p.rule == "5.6" and "g:Sparta H1" in ids(p)
    act(g, "g:Sparta H1")
    p = prompt(g)
    bd = board()
    places = [o.id.split(":")[1] for o in p.options if o.id.startswith("t:")]
    assert places and all(h in bd.land["H9"] for h in places)


def test_only_two_blocks_storm_a_minor_city_rule_5_31():
    """Rule 5.31: the siege limit also caps the stormers: at most 2 blocks storm a minor
    walled city. Three Spartan armies besiege Naupactus; after two choose to storm, the
    third is not asked and stays outside."""
    g = combat("sparta",
               {"Sparta H1": {"hex": "G7"}, "Sparta H2": {"hex": "G7"},
                "Sciritae": {"hex": "G7"}, "Naupactus P": {"hex": "G7", "in_city": True},
                "Athens H1": {"hex": "K8"}},
               [6] * 40, battle="G7")
    assert g.state["battle"]["kind"] == "storm"
    p = prompt(g)
    assert "at most 2" in p.text
    act(g, "storm")
    act(g, "storm")
    st = g.state["battle"]["status"]
    assert sorted(b for b, v in st.items() if v == "storm") == ["Sciritae", "Sparta H1"]
    assert st["Sparta H2"] != "storm"


def test_pillage_goes_only_to_victors_that_stayed_rule_5_61():
    """Rule 5.61: taking a major city gives pillage BPs equal to its value, to be spent on
    victorious blocks that did not regroup. Two Spartan peltasts take Tegea (1); the one
    that regroups to Elis cannot receive the pillage step."""
    g = attack("sparta", "H9", "I10", {"Sciritae": {"strength": 2}, "Thebes P": {"strength": 2}},
               {"Athens P": {"hex": "H9", "strength": 1}, "Athens H1": {"hex": "K8"}},
               [6, 1, 6] + [6] * 20, control={"Tegea": "athens"})
    assert blk(g, "Athens P")["loc"] == "pool"
    act(g, "g:Thebes P")
    act(g, "t:G9")
    act(g, "done")
    p = prompt(g)
    assert p.kind == "pillage" and "1 BP" in p.text
    assert set(ids(p)) == {"p:Sciritae", "done"}
    act(g, "p:Sciritae")
    assert blk(g, "Sciritae")["str"] == 3 and blk(g, "Thebes P")["str"] == 2


def test_a_second_defender_cannot_retreat_through_a_pass_already_used_rule_5_5():
    """Rule 5.5: retreats obey the hex-side limits of 4.1 (a pass lets one block through).
    Two Athenian hoplites in the mountain hex between Corinth and Tegea have one way out,
    a pass to Elis; the first retreats through it, the second is left to fight (and the
    Spartan attacker, facing a defender still in the open, must go back, 5.43)."""
    g = attack("sparta", "H8", "I9", {"Sparta H1": {}},
               {"Athens H1": {"hex": "H8"}, "Athens H2": {"hex": "H8"},
                "Corinth H1": {"hex": "I8"}, "Sicyon H": {"hex": "H7"},
                "Tegea H": {"hex": "H9"}, "Elis H": {"hex": "G8"}, "Athens P": {"hex": "K8"}},
               [6] * 40, control={"Argos": "sparta"})
    p = prompt(g)
    assert p.seat == "athens" and "Athens H1" in p.text and "rt" in ids(p)
    act(g, "rt")
    assert ids(prompt(g)) == ["t:G9"]
    act(g, "t:G9")
    # Athens H2 had no retreat left (the pass is used) and fired at once
    assert blk(g, "Athens H2")["loc"] == "H8"
    bt = g.state["battle"]
    rec = bt["record"] if bt else g.state["last_battle"]
    steps2 = [a for a in rec["rounds"][1]["steps"] if a["unit"] == "Athens H2"]
    assert steps2 and steps2[0]["kind"] == "fire"


def test_an_attacker_with_no_way_back_is_eliminated_rule_5_5():
    """Rule 5.5: a block that must retreat and cannot is eliminated. The Spartan hoplite
    attacked Tegea from Sparta, which Athenians now hold: when the defender survives round
    2 (5.43) it has no way back and is lost."""
    g = attack("sparta", "H9", "I10", {"Sparta H1": {}},
               {"Athens H1": {"hex": "H9"}, "Athens P": {"hex": "I10"},
                "Sparta H2": {"hex": "J11"}}, [6] * 30, control={"Tegea": "athens"})
    act(g, "fire", "athens")  # round 2: the defender may retreat; it fires
    assert blk(g, "Sparta H1")["loc"] == "pool"
    assert blk(g, "Athens H1")["loc"] == "H9"


def test_a_defender_may_retreat_into_an_oracle_hex_the_enemy_holds_rule_1_4():
    """Rule 1.4: an oracle hex may be entered in retreat even when the enemy stands there.
    Thebes's hoplite, attacked from Athens, may retreat to Delphi beside an Athenian
    peltast, as well as to Megara or empty Chalcis."""
    g = attack("athens", "J7", "K8", {"Athens H1": {}},
               {"Thebes H1": {"hex": "J7"}, "Athens P": {"hex": "I7"},
                "Athens H2": {"hex": "K8"}, "Sparta H1": {"hex": "I10"},
                "Megara H": {"hex": "J8"}}, [6] * 30)
    act(g, "eng", "sparta")
    act(g, "fire", "sparta")  # round 1: it might withdraw into the walls; it fires
    act(g, "rt", "sparta")    # round 2: it retreats
    p = prompt(g)
    assert p.kind == "retreat" and set(ids(p)) == {"t:I7", "t:J8", "t:K7"}
    act(g, "t:I7")
    assert blk(g, "Thebes H1")["loc"] == "I7" and blk(g, "Athens P")["loc"] == "I7"
