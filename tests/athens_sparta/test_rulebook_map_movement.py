"""The mapboard (rules 1.1-1.8) and movement (4.0-4.5, 9.5) read again, position by position.

Each test sets up a described position, does one thing and checks what the rulebook says
must follow. Rules already pinned elsewhere (tests/athens_sparta/test_rules_movement.py:
operation move limits, stopping on enemy blocks, the three strait examples, mountains,
march moves ending friendly, sea moves, Persia) are not repeated here.
"""

from __future__ import annotations

from engine.rulesets.athens_sparta.board import board
from engine.rulesets.athens_sparta.movement import destinations
from tests.athens_sparta.conftest import act, base, blk, ids, pick, position, prompt, rules


def dests(g, bid):
    return destinations(board(), g.state, bid)


def ends(g, bid, mode="op"):
    return {d[0] for d in dests(g, bid) if d[1] == mode}


def attack_ends(g, bid):
    """Operation-move ends that are attacks (they name the hex-side they come through)."""
    return {d[0] for d in dests(g, bid) if d[1] == "op" and d[2] is not None}


def test_city_points_add_up_to_48_split_20_18_10_rule_1_2():
    """Rule 1.2 and the starting-points sidebar: the map's major cities are worth 48 points
    together, 20 of them Athenian, 18 Spartan and 10 neutral; minor cities are worth
    nothing."""
    bd = board()
    by_side: dict[str, int] = {}
    for c in bd.cities.values():
        if not c["major"]:
            assert c["value"] == 0, c["name"]
            continue
        assert 1 <= c["value"] <= 4, c["name"]
        by_side[c["side"]] = by_side.get(c["side"], 0) + c["value"]
    assert by_side == {"athens": 20, "sparta": 18, "neutral": 10}


def test_five_named_coastal_cities_are_not_ports_rule_1_3():
    """Rule 1.3: Elis, Messene, Sparta, Stratus and Thebes are no ports; no navy may end a
    move there, nor may a sea move reach them."""
    bd = board()
    for name in ("Elis", "Messene", "Sparta", "Stratus", "Thebes"):
        c = bd.cities[name]
        assert not c["port"] and c["hex"] not in bd.ports, name
    g = base(blocks={"Gytheum N": {"hex": "J11"}, "Athens H1": {"hex": "K8"}})
    reach = {d[0] for d in dests(g, "Gytheum N")}
    assert reach and not reach & {bd.cities[n]["hex"] for n in ("Sparta", "Messene", "Elis")}


def test_an_army_walks_through_an_oracle_hex_held_by_the_enemy_rule_1_4():
    """Rule 1.4: both sides may pass through Delphi even when the other side stands there,
    and no combat is fought there: an Athenian block at Delphi neither stops a Spartan
    army from Thebes nor makes Delphi an attack."""
    g = base(blocks={"Sparta H1": {"hex": "J7"}, "Athens H1": {"hex": "I7"},
                     "Athens H2": {"hex": "K8"}})
    assert "I7" in ends(g, "Sparta H1") and "I7" not in attack_ends(g, "Sparta H1")
    assert "H6" in ends(g, "Sparta H1")  # Delphi's only other neighbour: through it
    act(g, "b:Sparta H1")
    act(g, pick(g, "o|I7|").id)
    act(g, "done")
    # the combat phase finds no battle at the oracle and the turn passes on
    assert g.state["battle"] is None
    assert blk(g, "Sparta H1")["loc"] == "I7" and blk(g, "Athens H1")["loc"] == "I7"


def test_a_navy_in_corinth_may_leave_by_either_gulf_rule_1_6():
    """Rule 1.6 (the diolkos): a navy that starts its player turn in Corinth may sail out
    on the Gulf of Corinth side (Sicyon, Naupactus) or the Saronic side (Megara, Athens)
    in the same operation move; a navy one hex west of Corinth cannot reach Athens."""
    g = base(blocks={"Corinth N": {"hex": "I8"}, "Athens H1": {"hex": "K8"}})
    reach = ends(g, "Corinth N")
    assert {"H7", "G7"} <= reach and {"J8", "K8"} <= reach
    g2 = base(blocks={"Corinth N": {"hex": "H7"}, "Athens H1": {"hex": "K8"}},
              control={"Sicyon": "sparta"})
    assert "K8" not in ends(g2, "Corinth N") and "J9" not in ends(g2, "Corinth N")


def test_a_navy_at_lemnos_cannot_attack_chalcis_rule_1_7():
    """Rule 1.7 example: Chalcis lies on Euboea's west coast; from Lemnos a navy would need
    six hexes (round Carystus and Marathon) to reach it, more than its move of 4."""
    g = base(blocks={"Corinth N": {"hex": "M4"}, "Chalcis H": {"hex": "K7"},
                     "Athens H1": {"hex": "K8"}}, control={"Lemnos": "sparta"})
    assert "K7" not in ends(g, "Corinth N")
    # the same navy one hex from Marathon, in the Euboean gulf's mouth, does reach it
    g2 = base(blocks={"Corinth N": {"hex": "L8"}, "Chalcis H": {"hex": "K7"},
                      "Athens H1": {"hex": "K8"}})
    assert "K7" in ends(g2, "Corinth N")


def test_blocks_besieged_by_the_mover_do_not_stop_his_move_rule_4_4():
    """Rule 4.4: a move stops on entering enemy blocks *not* under siege; Athenians shut in
    Amphipolis by a Spartan siege do not stop a second Spartan army walking through the
    hex: it reaches the same hexes as if Amphipolis held only Spartans."""
    besieged = base(blocks={"Sparta H1": {"hex": "J1"}, "Sparta H2": {"hex": "I1"},
                            "Amphipolis H": {"hex": "J1", "in_city": True},
                            "Athens H1": {"hex": "K8"}})
    friendly = base(blocks={"Sparta H1": {"hex": "J1"}, "Sparta H2": {"hex": "I1"},
                            "Athens H1": {"hex": "K8"}}, control={"Amphipolis": "sparta"})
    assert "J1" not in attack_ends(besieged, "Sparta H2")
    assert ends(besieged, "Sparta H2") >= ends(friendly, "Sparta H2") - {"J1"}
    assert {"K1", "K2"} <= ends(besieged, "Sparta H2")  # beyond Amphipolis


def test_relief_army_entering_a_siege_hex_must_stop_and_fight_rule_4_2():
    """Rules 4.2 and 4.4: a besieged hex is the besieger's for land movement, so an army of
    the besieged side entering it meets the besiegers and must stop: Amphipolis is an
    attack for an Athenian army next to it, and it cannot walk through to the far side."""
    g = base(active="athens", player1="athens",
             blocks={"Sparta H1": {"hex": "J1"}, "Athens H2": {"hex": "I1"},
                     "Amphipolis H": {"hex": "J1", "in_city": True},
                     "Athens H1": {"hex": "K8"}, "Sparta H2": {"hex": "I10"}},
             cards={"athens": {"hand": ["C11"], "played": "C24"},
                    "sparta": {"hand": ["C12"], "played": "C10"}})
    assert "J1" in attack_ends(g, "Athens H2")
    assert "K1" not in ends(g, "Athens H2")  # K1 lies only through Amphipolis from I1


def test_no_strategic_move_out_of_a_siege_rule_4_5():
    """Rule 4.5: strategic moves never start from (or end in) a siege or blockade. At the
    start Athens besieges Potidaea: its hoplite there may make an operation move but no
    march and no sea move; a march never ends in the Potidaea hex either."""
    g = position(None, olympiad=84, turn=2, phase="move", active="athens", player1="athens",
                 cards={"athens": {"hand": ["C11"], "played": "C24"},
                        "sparta": {"hand": ["C12"], "played": "C10"}},
                 blocks={"Athens H3": {"hex": "J3"}, "Athens N3": {"hex": "J3"},
                         "Corinth H2": {"hex": "J3", "in_city": True},
                         "Athens H2": {"hex": "I3"}, "Sparta H1": {"hex": "I10"}},
                 control={"Potidaea": "sparta"})
    kinds = {d[1] for d in dests(g, "Athens H3")}
    assert "op" in kinds and not kinds & {"march", "sea"}
    assert not {d[1] for d in dests(g, "Athens N3")} & {"sea"}
    assert "J3" not in ends(g, "Athens H2", "march")


def test_a_march_may_cross_a_neutral_city_but_not_end_there_rules_4_51_9_5():
    """Rules 4.51 and 9.5: a march may pass through neutral or vacant hexes but must end in
    a friendly one; a neutral city (Argos) is never a march's end, and an operation move
    may stop there only to attack it."""
    g = base(blocks={"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}})
    assert "I9" not in ends(g, "Sparta H1", "march")
    assert "I9" in attack_ends(g, "Sparta H1")  # stopping at Argos = attacking it
    # an operation move goes through Argos's hex to the Argolid coast (J9) without stopping
    assert "J9" in ends(g, "Sparta H1") and "J9" not in attack_ends(g, "Sparta H1")


def test_athens_holds_six_blocks_but_four_armies_terrain_table():
    """Terrain table, note 1: the Athens hex stacks 6 blocks of which at most 4 are armies.
    With four Athenian armies there, a fifth army cannot move in, a navy can."""
    g = base(active="athens", player1="athens",
             cards={"athens": {"hand": ["C11"], "played": "C24"},
                    "sparta": {"hand": ["C12"], "played": "C10"}},
             blocks={"Athens H1": {"hex": "K8"}, "Athens H2": {"hex": "K8"},
                     "Athens P": {"hex": "K8"}, "Athens C": {"hex": "K8"},
                     "Athens H3": {"hex": "L7"}, "Athens N1": {"hex": "L8"},
                     "Sparta H1": {"hex": "I10"}})
    assert "K8" not in ends(g, "Athens H3")
    assert "K8" in ends(g, "Athens N1")


def test_control_changes_only_at_the_end_of_the_phase_rule_4_2():
    """Rule 4.2 (IMPORTANT): a hex entered this phase is not friendly for later moves of
    the same phase. A Spartan army walks into vacant Athenian Chalcis; a second Spartan
    army still cannot end a march there until the move phase is over."""
    g = base(mp=2, blocks={"Sparta H1": {"hex": "J7"}, "Thebes H1": {"hex": "J7"},
                           "Athens H1": {"hex": "K8"}},
             control={"Thebes": "sparta"})
    act(g, "b:Sparta H1")
    act(g, pick(g, "o|K7|").id)
    assert blk(g, "Sparta H1")["loc"] == "K7"
    assert "K7" not in ends(g, "Thebes H1", "march")
    assert g.state["control"]["Chalcis"] == "athens"
    act(g, "done")  # end of the move phase: Sparta now holds Chalcis (ruling R1)
    assert g.state["control"]["Chalcis"] == "sparta"


def test_move_phase_may_be_passed_without_moving_rule_4_0():
    """Rule 4.0: players need not move; passing leaves every block where it stood and the
    turn goes on (here to the Athenian player turn)."""
    g = base()
    p = prompt(g)
    assert "done" in ids(p)
    act(g, "done")
    assert blk(g, "Sparta H1")["loc"] == "I10"


def test_stacking_limits_are_ignored_while_moving_rule_4_1():
    """Rule 4.1 note: stacking limits count only where a move ends. Tegea's hex holds four
    Spartan blocks; another Spartan hoplite may walk through it to Elis's hex beyond
    (and may not stop in it)."""
    blocks = {"Sparta H2": {"hex": "H9"}, "Sparta H3": {"hex": "H9"},
              "Sciritae": {"hex": "H9"}, "Tegea H": {"hex": "H9"},
              "Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}}
    g = base(blocks=blocks)
    reach = ends(g, "Sparta H1")
    assert "H9" not in reach and "F8" in reach  # F8 lies three hexes on, through H9


def test_navies_count_towards_stacking_rule_4_4():
    """Rule 4.4: navies stack with armies in coastal hexes and count towards the limit.
    Corinth holds three Spartan armies and a navy: a second navy cannot move in."""
    g = base(blocks={"Corinth H1": {"hex": "I8"}, "Corinth H2": {"hex": "I8"},
                     "Sparta H2": {"hex": "I8"}, "Corinth N": {"hex": "I8"},
                     "Gytheum N": {"hex": "J9"}, "Athens H1": {"hex": "K8"}},
             control={"Epidaurus": "sparta"})
    assert "I8" not in ends(g, "Gytheum N")
    g2 = base(blocks={"Corinth H1": {"hex": "I8"}, "Corinth H2": {"hex": "I8"},
                      "Corinth N": {"hex": "I8"}, "Gytheum N": {"hex": "J9"},
                      "Athens H1": {"hex": "K8"}})
    assert "I8" in ends(g2, "Gytheum N")


def test_corinth_is_attacked_from_both_gulfs_at_once_rule_1_7():
    """Rule 1.7: Corinth is the exception to the one-coast rule; navies from both gulfs may
    attack it, and every defending ship fights every attacking ship in one sea battle."""
    g = base(active="athens", player1="athens", mp=2, dice=[6] * 40,
             cards={"athens": {"hand": ["C11"], "played": "C24"},
                    "sparta": {"hand": ["C12"], "played": "C10"}},
             blocks={"Naupactus N": {"hex": "G7"}, "Athens N1": {"hex": "K8"},
                     "Corinth N": {"hex": "I8"}, "Sparta H1": {"hex": "I10"}})
    act(g, "b:Naupactus N")
    act(g, pick(g, "o|I8|").id)
    act(g, "b:Athens N1")
    act(g, pick(g, "o|I8|").id)
    assert blk(g, "Naupactus N")["coast"] != blk(g, "Athens N1")["coast"]
    act(g, "f:I8")
    act(g, "eng")  # the Corinthian navy meets them
    act(g, "fire")
    rnd = g.state["battle"]["record"]["rounds"][0]["steps"]
    assert [a["unit"] for a in rnd] == ["Corinth N", "Athens N1", "Naupactus N"]
    assert all(a["facts"]["stage"] == "sea" for a in rnd)


def _march_through_own_siege(generation=None):
    g = base(blocks={"Sparta H1": {"hex": "I8"}, "Athens H2": {"hex": "I8", "in_city": True},
                     "Megara H": {"hex": "J8"}, "Athens H1": {"hex": "K8"}},
             control={"Corinth": "athens"})
    if generation is not None:
        # the same position, asked the questions of that generation
        g = rules().from_position(g.position, seed=1, generation=generation)
    return g


def test_a_march_passes_through_its_own_siege_but_never_ends_there_rules_4_2_4_5():
    """Rule 4.2: a besieged hex is the besieger's for land movement; rule 4.5 forbids a
    strategic move only *to or from* a siege, and only *entering or crossing* enemy hexes.
    Sparta besieges Athenians inside Corinth: a march from Megara may cross the Corinth hex
    to Sicyon and Sparta, but may not stop in it."""
    g = _march_through_own_siege()
    assert g.generation >= 1 and g.state["generation"] == g.generation
    assert "I8" not in ends(g, "Megara H", "march")
    assert {"H7", "I10"} <= ends(g, "Megara H", "march")


def test_a_game_of_generation_0_keeps_the_march_its_log_was_answered_to():
    """Games recorded before the 4.2 fix (generation 0) go on asking the old question, so
    their logs replay: there the besieged Corinth hex still bars the march."""
    g = _march_through_own_siege(generation=0)
    assert "generation" not in g.state
    assert not {"H7", "I10"} & ends(g, "Megara H", "march")


def test_a_march_never_ends_in_its_own_siege_and_is_barred_by_enemies_in_the_open_rule_4_5():
    """Rule 4.5: no strategic move ends in a siege, and none enters an enemy hex. The march
    from Megara never stops in the Corinth hex its side besieges; with the Athenians
    standing in the open at Corinth (no siege), Corinth is theirs and bars the way south,
    while an operation move stops there to attack."""
    g = base(blocks={"Sparta H1": {"hex": "I8"}, "Athens H2": {"hex": "I8", "in_city": True},
                     "Megara H": {"hex": "J8"}, "Athens H1": {"hex": "K8"}},
             control={"Corinth": "athens"})
    assert "I8" not in ends(g, "Megara H", "march")
    assert "H7" in ends(g, "Megara H")  # an operation move walks past the besieged
    g2 = base(blocks={"Megara H": {"hex": "J8"}, "Athens H2": {"hex": "I8"},
                      "Athens H1": {"hex": "K8"}}, control={"Corinth": "athens"})
    assert not {"H7", "I10"} & ends(g2, "Megara H", "march")
    assert "I8" in attack_ends(g2, "Megara H") and "H7" not in ends(g2, "Megara H")


def test_three_mp_move_three_blocks_example_rule_4_4():
    """Rule 4.4 example: with 3 MP Sparta moves three blocks, one MP each: two hoplites from
    Sparta to Corinth and the Gytheum navy to Athens (an attack there)."""
    g = base(mp=3, blocks={"Sparta H1": {"hex": "I10"}, "Sparta H2": {"hex": "I10"},
                           "Gytheum N": {"hex": "J11"}, "Athens H1": {"hex": "K8"}})
    for b in ("Sparta H1", "Sparta H2"):
        act(g, f"b:{b}")
        act(g, pick(g, "o|I8|").id)
    assert g.state["move_points"] == 1
    act(g, "b:Gytheum N")
    act(g, pick(g, "o|K8|").id)
    assert [blk(g, b)["loc"] for b in ("Sparta H1", "Sparta H2", "Gytheum N")] == \
        ["I8", "I8", "K8"]
    assert g.state["move_points"] == 0
    p = prompt(g)  # the MPs are spent: the combat phase asks for the battle at Athens
    assert p.kind == "battle_pick" and "f:K8" in ids(p)


def test_a_city_won_by_revolt_serves_the_rebels_strategic_moves_revolts_sidebar():
    """Revolts sidebar: once a revolt has taken a vacant city, it may be the end of the
    rebel side's strategic moves on the next game turn. Samos fell to the TYRANTS: a
    Spartan army at Chios may sea-move there, as it could not while Samos was Athenian."""
    blocks = {"Sparta H1": {"hex": "P6"}, "TYRANTS": {"hex": "Q8", "strength": 2},
              "Athens H1": {"hex": "K8"}}
    g = base(turn=3, blocks=blocks, control={"Samos": "sparta", "Chios": "sparta"},
             revolts={"Samos": ["sparta"]})
    assert "Q8" in ends(g, "Sparta H1", "sea")
    g2 = base(turn=3, blocks={"Sparta H1": {"hex": "P6"}, "Athens H1": {"hex": "K8"}},
              control={"Chios": "sparta"})
    assert "Q8" not in ends(g2, "Sparta H1", "sea")
