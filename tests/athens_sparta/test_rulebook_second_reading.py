"""A second reading of the rulebook against the engine (session 14): rules the first audit
(docs/reports/asaudit.md, test_rulebook_*.py) and the older test_rules_* files did not pin
with a position. Each test names its rule and says it in our own words."""

from __future__ import annotations

from tests.athens_sparta.conftest import act, blk, ids, prompt, rules, turn_at


def combat(active, blocks, dice, **more):
    """The combat phase of `active`'s player turn, every MP spent, with fixed dice."""
    return turn_at("combat", active, blocks, mp=0, dice=dice, **more)


# ------------------------------------------------------------------ 5.6 regroups
def _regroup_into_own_siege(generation=None):
    """Sparta beats a lone Athenian peltast at Megara (J8), with Athenians shut inside
    Thebes (J7) next door under a Spartan siege; the victor regroups into that siege."""
    g = combat("sparta",
               {"Sparta H1": {"hex": "J8"}, "Athens P": {"hex": "J8", "strength": 1},
                "Athens H2": {"hex": "J7", "in_city": True}, "Sparta H2": {"hex": "J7"},
                "Athens H1": {"hex": "K8"}},
               [6, 1] + [6] * 40, moved=["Sparta H1"], battle="J8",
               entries={"J8": {"Sparta H1": {"from": "I8"}}},
               control={"Thebes": "athens", "Megara": "athens"})
    if generation is not None:
        g = rules().from_position(g.position, seed=1, generation=generation)
    assert blk(g, "Athens P")["loc"] == "pool"  # A1 misses, the B4 hoplite rolls a 1
    act(g, "g:Sparta H1")
    assert "t:J7" in ids(prompt(g))  # an existing siege of its side is a regroup target
    act(g, "t:J7")
    act(g, "f:J7")  # the Spartan then chooses to storm Thebes
    return g


def test_an_army_that_regrouped_into_its_siege_does_not_storm_it_that_phase_rule_5_6():
    """Rule 5.6: armies that win a new battle may regroup next door, even into a siege or
    blockade their side already holds, but they may not attack again in the same combat
    phase. When Sparta storms Thebes after its hoplite regrouped there, only the hoplite
    that was already besieging is asked to storm."""
    g = _regroup_into_own_siege()
    p = prompt(g)
    assert p.kind == "decl" and "Sparta H2" in p.text
    act(g, "storm")
    assert g.state["battle"]["status"]["Sparta H1"] != "storm"
    assert "Sparta H1" not in g.state["battle"]["to_declare"]


def test_a_game_of_generation_1_still_lets_the_regrouped_army_storm():
    """Games created before this reading (generation 1) keep asking the question their
    logs were answered to: there the regrouped hoplite is asked to storm too."""
    g = _regroup_into_own_siege(generation=1)
    p = prompt(g)
    assert p.kind == "decl" and "Sparta H1" in p.text
    assert "regrouped_armies" not in g.state


# ------------------------------------------------------------------ 5.41, 5.43 storms
def _amphipolis_stormed_beside_a_fleet(generation=None, athens_navy="Athens N1"):
    """Sparta attacks Amphipolis (J1) with a hoplite by land and a navy by sea. The
    Athenian hoplite (strength 1) withdraws into the walls, the Athenian navy fights at
    sea. Dice: every navy misses; the storming B4 hoplite rolls 1, 1 (two half-hits: one
    step, enough for the strength-1 hoplite inside, whose own die is a 6)."""
    g = combat("sparta",
               {"Sparta H1": {"hex": "J1"}, "Corinth N": {"hex": "J1"},
                "Amphipolis H": {"hex": "J1", "strength": 1}, athens_navy: {"hex": "J1"},
                "Athens H1": {"hex": "K8"}, "Sparta H2": {"hex": "I10"}},
               [6] * 8 + [6, 1, 1, 6, 6] + [6] * 40, moved=["Sparta H1", "Corinth N"],
               battle="J1", entries={"J1": {"Sparta H1": {"from": "I1"}}})
    if generation is not None:
        g = rules().from_position(g.position, seed=1, generation=generation)
    act(g, "wd", "athens")   # Amphipolis H withdraws into the walls
    act(g, "eng", "athens")  # the navy meets the Spartan navy at sea
    act(g, "fire", "athens")  # round 1 sea battle: the Athenian navy fires (misses)
    return g


def test_armies_storm_while_the_defending_navy_fights_at_sea_rule_5_41():
    """Rule 5.41: the land battle's attackers may storm once only blocks in siege are left
    to face them on land; a defending navy busy in the sea battle does not stand in the
    way. Sparta's hoplite storms Amphipolis in round 1 and takes it."""
    g = _amphipolis_stormed_beside_a_fleet()
    p = prompt(g)
    assert p.kind == "siege_decl" and "Sparta H1" in p.text
    act(g, "storm")
    assert blk(g, "Amphipolis H")["loc"] == "pool"


def test_a_defending_navy_left_when_the_city_falls_cannot_withdraw_rule_5_41():
    """Rule 5.41: once the attacker has taken the city, a defending navy still outside
    may no longer withdraw into it; in round 2 it may fire or retreat (5.42)."""
    g = _amphipolis_stormed_beside_a_fleet()
    act(g, "storm")
    p = prompt(g)
    assert p.kind == "act" and "Athens N1" in p.text and "round 2" in p.text
    assert "wd" not in ids(p) and {"fire", "rt"} <= set(ids(p))


def test_the_defending_navy_must_leave_a_fallen_city_if_an_attacking_navy_remains_rule_5_43():
    """Rule 5.43: when the attacker took a walled city and one of his navies is still
    there, the defending navy must retreat (to a friendly port within four hexes)."""
    g = _amphipolis_stormed_beside_a_fleet()
    act(g, "storm")
    act(g, "fire", "athens")  # round 2: misses again
    p = prompt(g)
    assert p.kind == "retreat" and "must retreat" in p.text and "stay" not in ids(p)
    act(g, ids(p)[0])
    assert blk(g, "Athens N1")["loc"] != "J1" and blk(g, "Corinth N")["loc"] == "J1"


def test_a_game_of_generation_1_waits_for_every_defender_inside_before_a_storm():
    """Games created before generation 2 keep the older question: no storm while the
    defending navy is outside the walls."""
    g = _amphipolis_stormed_beside_a_fleet(generation=1)
    assert prompt(g).kind != "siege_decl"


def test_a_navy_left_at_sea_may_blockade_the_fallen_city_without_enemy_ships_rule_5_43():
    """Rules 5.41 and 5.43: a defending navy with no enemy navy to fight may stay at sea;
    the attacking army may still storm, and when the city falls with no attacking navy
    present, the defending navy may go on blockade instead of retreating."""
    g = combat("sparta",
               {"Sparta H1": {"hex": "J1"}, "Amphipolis H": {"hex": "J1", "strength": 1},
                "Athens N1": {"hex": "J1"}, "Athens H1": {"hex": "K8"},
                "Sparta H2": {"hex": "I10"}},
               [6, 1, 1, 6, 6] + [6] * 40, moved=["Sparta H1"], battle="J1",
               entries={"J1": {"Sparta H1": {"from": "I1"}}})
    act(g, "wd", "athens")
    act(g, "eng", "athens")
    p = prompt(g)
    assert p.kind == "navy" and "sea" in ids(p)
    act(g, "sea")  # stays at sea, taking no part this round
    act(g, "storm")
    assert blk(g, "Amphipolis H")["loc"] == "pool"
    p = prompt(g)
    while p.kind == "navy":  # round 2: it stays at sea again
        act(g, "sea")
        p = prompt(g)
    assert p.kind == "retreat" and "stay" in ids(p)


# ------------------------------------------------------------------ held rules
def _move_turn(active, blocks, **more):
    return turn_at("move", active, blocks, **more)


def _ends(g, bid, mode):
    from engine.rulesets.athens_sparta.board import board
    from engine.rulesets.athens_sparta.movement import destinations
    return {d[0] for d in destinations(board(), g.state, bid) if d[1] == mode}


def test_a_sallying_navy_may_retreat_in_round_2_rule_5_42():
    """Rule 5.42: in the second round attackers and defenders may also retreat, except
    blocks in a siege battle and besieged *armies* that sallied: a navy that sallied from
    Amphipolis against the blockading fleet may retreat to a friendly port."""
    g = combat("athens",
               {"Athens N1": {"hex": "J1", "in_city": True},
                "Amphipolis H": {"hex": "J1", "in_city": True},
                "Sparta H1": {"hex": "J1"}, "Corinth N": {"hex": "J1"},
                "Athens H1": {"hex": "K8"}, "Sparta H2": {"hex": "I10"}},
               [6] * 40, battle="J1")
    assert g.state["battle"]["kind"] == "sally"
    answers = {"Amphipolis H": "stay", "Athens N1": "sally"}
    for _ in range(2):
        p = prompt(g)
        act(g, next(v for k, v in answers.items() if k in p.text))
    act(g, "fire")  # round 1: the sallying navy fires at the blockaders (misses)
    p = prompt(g)
    assert p.kind == "act" and "round 2" in p.text and "Athens N1" in p.text
    assert "rt" in ids(p)
    act(g, "rt")
    p = prompt(g)
    assert p.kind == "retreat" and any(o.startswith("t:L1") for o in ids(p))


def test_the_strongest_besieger_takes_the_attrition_hit_rule_6_0():
    """Rule 6.0: each block in a siege rolls one die; every roll at or above the target
    is a hit on the strongest block, as in combat. Sparta besieges Amphipolis by land
    only (a half siege: besiegers hit on 4+): one 4 among two dice costs the strength-4
    hoplite a step, not the strength-1 peltast."""
    g = turn_at("combat", "sparta",
                {"Sparta H1": {"hex": "J1"}, "Sciritae": {"hex": "J1", "strength": 1},
                 "Amphipolis H": {"hex": "J1", "in_city": True},
                 "Athens H1": {"hex": "K8"}},
                mp=0, dice=[4, 1] + [6] * 10)
    p = prompt(g)
    while p.kind == "battle_pick":
        act(g, "done")
        p = prompt(g)
    assert blk(g, "Sparta H1")["str"] == 3 and blk(g, "Sciritae")["str"] == 1


def test_a_sea_move_never_ends_in_its_own_blockade_rule_4_5():
    """Rule 4.5: a strategic move never goes to a siege or blockade, even one its own side
    holds. Sparta blockades and besieges Athenians in Amphipolis: a Corinthian navy's sea
    move cannot end there, though it reaches other Spartan ports."""
    g = _move_turn("sparta",
                   {"Sparta H1": {"hex": "J1"}, "Gytheum N": {"hex": "J1"},
                    "Amphipolis H": {"hex": "J1", "in_city": True},
                    "Corinth N": {"hex": "J8"}, "Athens H1": {"hex": "K8"}})
    sea = _ends(g, "Corinth N", "sea")
    assert sea and "J1" not in sea


def test_an_army_sea_moves_only_from_a_port_rule_4_52():
    """Rule 4.52: armies too may move by sea, up to 8 hexes from a friendly port to
    another. A Corinthian hoplite in Corinth's port may; a Theban hoplite in Thebes, a
    city with no port (1.3), may not."""
    g = _move_turn("sparta", {"Corinth H1": {"hex": "I8"}, "Thebes H1": {"hex": "J7"},
                              "Athens H1": {"hex": "K8"}})
    sea = _ends(g, "Corinth H1", "sea")
    assert sea and all(g.state["land_control"].get(h) == "sparta" for h in sea if h != "sicily")
    assert not _ends(g, "Thebes H1", "sea")


def test_a_neutral_city_that_joined_a_side_may_revolt_against_it_rule_7_0():
    """Rule 7.0: neutral cities are immune to revolts only until they join a player;
    Argos allied to Athens is a revolt target for Sparta."""
    g = _move_turn("sparta", {"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}},
                   control={"Argos": "athens"})
    act(g, "rv")
    assert "c:Argos" in ids(prompt(g))


def test_taking_a_minor_city_brings_no_pillage_rule_5_61():
    """Rule 5.61: pillage is paid only for a *major* city taken. Spartans who destroy the
    garrison of Naupactus, a minor city, get no pillage question though they are below
    full strength."""
    g = combat("sparta",
               {"Sparta H1": {"hex": "G7", "strength": 3},
                "Naupactus P": {"hex": "G7", "strength": 1}, "Athens H1": {"hex": "K8"}},
               [6, 1] + [6] * 20, moved=["Sparta H1"], battle="G7",
               entries={"G7": {"Sparta H1": {"from": "F7"}}})
    p = prompt(g)
    assert p.kind == "decl"
    act(g, "eng")
    act(g, "fire")  # the peltast (A1) fires first and misses; the hoplite then hits
    assert blk(g, "Naupactus P")["loc"] == "pool"
    kinds = []
    for _ in range(5):
        p = prompt(g)
        kinds.append(p.kind)
        if p.kind not in ("regroup",):
            break
        act(g, "done")
    assert "pillage" not in kinds


def test_all_defenders_inside_leave_the_storm_to_the_attacker_intro_5_41():
    """Introduction [2] and rule 5.41: defenders who all withdraw into the walls make the
    combat optional; the attacker may keep his army in reserve rather than storm, and the
    siege simply begins (nobody is hit)."""
    g = combat("sparta",
               {"Sparta H1": {"hex": "J1"}, "Amphipolis H": {"hex": "J1"},
                "Athens H1": {"hex": "K8"}, "Sparta H2": {"hex": "I10"}},
               [1] * 40, moved=["Sparta H1"], battle="J1",
               entries={"J1": {"Sparta H1": {"from": "I1"}}})
    act(g, "wd", "athens")
    for _ in range(2):  # both rounds: stay in reserve
        p = prompt(g)
        assert p.kind == "siege_decl"
        act(g, "res")
    assert blk(g, "Sparta H1")["loc"] == "J1" and blk(g, "Sparta H1")["str"] == 4
    assert blk(g, "Amphipolis H")["in"] and blk(g, "Amphipolis H")["str"] == 2


def test_syracuse_besiegers_roll_at_3_while_the_defender_holds_the_sea_rule_9_2():
    """Rule 9.2: when a player turn ends with the defender of Syracuse in control of its
    sea, the attacker's siege attrition is one easier (+1): an Athenian army besieging
    Syracuse without a blockade is hit on a 3, not only on 4+."""
    g = turn_at("combat", "athens",
                {"Athens H1": {"hex": "sicily"},
                 "Syracuse H": {"hex": "sicily", "in_city": True, "side": "sparta"},
                 "Sparta H1": {"hex": "I10"}},
                mp=0, dice=[3] + [6] * 10, control={"Syracuse": "sparta"})
    p = prompt(g)
    while p.kind == "battle_pick":
        act(g, "done")
        p = prompt(g)
    assert blk(g, "Athens H1")["str"] == 3


def test_sicily_is_reached_only_through_a_friendly_embarkation_port_rule_9_2():
    """Rule 9.2: moves to Syracuse go through Corcyra, Leucas, Cephallenia or Cyllene,
    and only a friendly one. A Spartan navy at Ambracia may sail for Sicily while Sparta holds
    Leucas and Cyllene; with all four ports Athenian it cannot."""
    blocks = {"Leucas N": {"hex": "E6"}, "Athens H1": {"hex": "K8"}}
    g = _move_turn("sparta", blocks)
    assert "sicily" in _ends(g, "Leucas N", "sea")
    g = _move_turn("sparta", blocks, control={"Leucas": "athens", "Cyllene": "athens"})
    assert "sicily" not in _ends(g, "Leucas N", "sea")


def test_an_allied_neutral_city_counts_for_its_ally_but_not_while_besieged_rule_10_2():
    """Rule 10.2: victory points are the values of the cities a side controls, neutral
    cities that joined it included, leaving out any city under siege or blockade. Argos
    (2) allied to Sparta adds 2 to Sparta's count; besieged by Athens it adds nothing."""
    from engine.rulesets.athens_sparta.board import board
    from engine.rulesets.athens_sparta.state import points
    free = _move_turn("sparta", {"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}})
    allied = _move_turn("sparta", {"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}},
                        control={"Argos": "sparta"})
    besieged = _move_turn("sparta", {"Sparta H1": {"hex": "I10"}, "Athens H2": {"hex": "I9"},
                                     "Argos H1": {"hex": "I9", "in_city": True,
                                                  "side": "sparta"},
                                     "Athens H1": {"hex": "K8"}},
                          control={"Argos": "sparta"})
    bd = board()
    assert points(bd, allied.state)["sparta"] == points(bd, free.state)["sparta"] + 2
    assert points(bd, besieged.state)["sparta"] == points(bd, free.state)["sparta"]
    assert points(bd, besieged.state)["athens"] == points(bd, free.state)["athens"]


def test_besiegers_beyond_the_siege_limit_still_roll_for_attrition_rule_5_31():
    """Rule 5.31: attacking blocks beyond what the walls allow to storm are reserves, yet
    they roll siege attrition like the others (6.0). Three Spartan armies besiege
    Naupactus (a minor city, limit 2, by land only: 4+): three dice are rolled, and the
    third one's 4 is the hit, taken by the strongest block."""
    g = turn_at("combat", "sparta",
                {"Sparta H1": {"hex": "G7"}, "Sparta H2": {"hex": "G7", "strength": 2},
                 "Sciritae": {"hex": "G7", "strength": 1},
                 "Naupactus P": {"hex": "G7", "in_city": True},
                 "Athens H1": {"hex": "K8"}},
                mp=0, dice=[1, 1, 4] + [1] * 10)
    p = prompt(g)
    while p.kind == "battle_pick":
        act(g, "done")
        p = prompt(g)
    assert blk(g, "Sparta H1")["str"] == 3
    assert blk(g, "Sparta H2")["str"] == 2 and blk(g, "Sciritae")["str"] == 1


def test_navies_have_no_march_and_armies_no_navy_moves_rules_4_51_4_52():
    """Rules 4.51 and 4.52: the march is for armies only (twice their move over land);
    navies move strategically only by sea."""
    g = _move_turn("sparta", {"Corinth N": {"hex": "J8"}, "Sparta H1": {"hex": "I10"},
                              "Athens H1": {"hex": "K8"}})
    assert not _ends(g, "Corinth N", "march") and _ends(g, "Corinth N", "sea")
    assert _ends(g, "Sparta H1", "march")


def test_an_attacking_navy_with_no_enemy_ships_goes_on_blockade_rule_5_43():
    """Rule 5.43: when the attacker did not take the walled city, his navy must leave only
    if a defending navy is still there; otherwise it may stay on blockade. Sparta's
    hoplite and navy attack Amphipolis, the garrison withdraws and nobody storms: both
    stay, the army on siege and the navy on blockade (a full siege)."""
    from engine.rulesets.athens_sparta.board import board
    from engine.rulesets.athens_sparta.state import siege_at
    g = combat("sparta",
               {"Sparta H1": {"hex": "J1"}, "Corinth N": {"hex": "J1"},
                "Amphipolis H": {"hex": "J1"}, "Athens H1": {"hex": "K8"},
                "Sparta H2": {"hex": "I10"}},
               [1] * 40, moved=["Sparta H1", "Corinth N"], battle="J1",
               entries={"J1": {"Sparta H1": {"from": "I1"}}})
    act(g, "wd", "athens")
    for _ in range(8):
        p = prompt(g)
        if p.kind == "navy":
            act(g, "sea")
        elif p.kind == "siege_decl":
            act(g, "res")
        else:
            break
    assert g.state["battle"] is None
    assert blk(g, "Corinth N")["loc"] == "J1" and blk(g, "Sparta H1")["loc"] == "J1"
    sg = siege_at(board(), g.state, "J1")
    assert sg and sg["besieger"] == "sparta" and sg["full"]


def test_relief_armies_that_fail_at_syracuse_are_lost_rule_9_2():
    """Rule 9.2: there is no retreat from Sicily for attacking armies; a relief army that
    fails to lift the siege of Syracuse, and so would have to retreat (5.43), is lost
    instead. Spartans shut in Syracuse with a Corinthian relief army beside them; the
    Athenian besieger survives two rounds of misses."""
    g = combat("sparta",
               {"Athens H1": {"hex": "sicily"},
                "Syracuse H": {"hex": "sicily", "in_city": True, "side": "sparta"},
                "Corinth H1": {"hex": "sicily"}, "Athens H2": {"hex": "K8"},
                "Sparta H1": {"hex": "I10"}},
               [6] * 40, moved=["Corinth H1"], battle="sicily",
               control={"Syracuse": "sparta"})
    assert g.state["battle"]["kind"] == "sally"
    for _ in range(8):
        p = prompt(g)
        if g.state["battle"] is None or p.kind not in ("decl", "act"):
            break
        act(g, "stay" if p.kind == "decl" else "fire", p.seat)
    assert blk(g, "Corinth H1")["loc"] == "pool"
    assert blk(g, "Syracuse H")["loc"] == "sicily" and blk(g, "Athens H1")["loc"] == "sicily"
