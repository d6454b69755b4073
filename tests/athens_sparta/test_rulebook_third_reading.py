"""A third reading of the rulebook against the engine (session 15): the open question the
second audit left (a storm in round 1 while ships still fight, RULINGS R38) and numbered
rules that no test named before. Each test names its rule and says it in our own words;
the rulebook's worked examples come first."""

from __future__ import annotations

from engine.rulesets.athens_sparta.board import board
from engine.rulesets.athens_sparta.movement import destinations
from tests.athens_sparta.conftest import act, blk, ids, pick, position, prompt, turn_at


def combat(active, blocks, dice, **more):
    """The combat phase of `active`'s player turn, every MP spent, with fixed dice."""
    return turn_at("combat", active, blocks, mp=0, dice=dice, **more)


def _ends(g, bid, mode="op"):
    return {d[0] for d in destinations(board(), g.state, bid) if d[1] == mode}


# ------------------------------------------------------------------ worked examples
def test_a_strength_4_b3_hoplite_rolls_four_dice_and_hits_on_3_or_less_rules_2_11_5_2():
    """Rules 2.11 and 5.2, with the example of 5.2: a block rolls one die per step of
    strength, and each die at or under its rating's number is a hit. Athens H1 (B3,
    strength 4) attacks the Megarian hoplite and rolls 4, 5, 6 and 3: only its fourth
    die, the 3, hits, so the defender loses exactly one step."""
    g = combat("athens",
               {"Athens H1": {"hex": "J8"}, "Megara H": {"hex": "J8"},
                "Sparta H1": {"hex": "I10"}},
               [6, 6] + [4, 5, 6, 3] + [6] * 20, moved=["Athens H1"], battle="J8",
               entries={"J8": {"Athens H1": {"from": "J7"}}})
    # Megara is unwalled: nobody can withdraw, so round 1 is fought without a question.
    # Megara H (B2, strength 2) rolls 6, 6; Athens H1 rolls 4, 5, 6 and then 3
    p = prompt(g)
    assert p.kind == "act" and "round 2" in p.text
    assert blk(g, "Megara H")["str"] == 1 and blk(g, "Athens H1")["str"] == 4


def test_a_rating_of_1_hits_only_on_a_1_example_rule_2_12():
    """Rule 2.12 and its example: the number of a rating is the highest die that hits, so
    a block rated 1 (the Leucadian navy, C1) scores only with 1s. It rolls 2 then 1 at
    the Athenian navy: one hit, where a rating of 2 would have scored two."""
    g = combat("sparta",
               {"Leucas N": {"hex": "E8"}, "Athens N3": {"hex": "E8", "strength": 3},
                "Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}},
               [6, 6, 6] + [2, 1] + [6] * 20, moved=["Leucas N"], battle="E8")
    # round 1 needs no question (Cephallenia has no walls): the Athenian C3 navy, a
    # defender, fires first and misses; the C1 navy rolls 2, 1
    p = prompt(g)
    assert p.kind == "act" and "round 2" in p.text
    assert blk(g, "Athens N3")["str"] == 2 and blk(g, "Leucas N")["str"] == 2


def test_an_event_card_goes_first_and_its_2_mp_move_armies_under_the_storm_example_rule_4_6():
    """Rule 4.6 and its example: Athens plays a 5, Sparta the 2 with the Storm event. The
    event card sets the order (Sparta is Player 1 despite the lower value), the storm
    binds navies in both player turns, and Sparta's 2 MP still move two armies by land."""
    g = position(None, olympiad=84, turn=2, phase="card",
                 cards={"athens": {"hand": ["C24", "C11"]}, "sparta": {"hand": ["C01", "C12"]}},
                 blocks={"Sparta H1": {"hex": "I10"}, "Sparta H2": {"hex": "I10"},
                         "Gytheum N": {"hex": "J11"}, "Athens H1": {"hex": "K8"},
                         "Athens N1": {"hex": "K8"}})
    act(g, "c:C24", "athens")
    act(g, "c:C01", "sparta")
    assert g.state["player1"] == "sparta" and g.state["events"] == ["storm"]
    assert g.state["move_points"] == 2
    p = prompt(g)
    assert p.seat == "sparta" and "b:Gytheum N" not in ids(p)
    for bid in ("Sparta H1", "Sparta H2"):
        act(g, f"b:{bid}")
        act(g, pick(g, "o|H9|").id)
    assert blk(g, "Sparta H1")["loc"] == "H9" and blk(g, "Sparta H2")["loc"] == "H9"
    # with both MP spent and no battle, Sparta's player turn is over; Athens moves with
    # its 5 MP, and the storm still holds its navy in port
    p = prompt(g)
    assert p.seat == "athens" and g.state["move_points"] == 5
    assert "b:Athens N1" not in ids(p) and "b:Athens H1" in ids(p)



def test_a_navy_defending_from_inside_the_walls_fights_at_c1_rule_5_41():
    """Rule 5.41: the siege-battle ratings hold for both sides of the walls: a navy that
    defends from inside a walled city also fights at C1. Athens storms Potidaea; the
    Corinthian navy (C2) inside rolls four 2s, all of which would hit at C2: none does."""
    g = combat("athens",
               {"Athens H1": {"hex": "J3", "strength": 4}, "Athens N3": {"hex": "J3"},
                "Corinth N": {"hex": "J3", "in_city": True, "strength": 4},
                "Sparta H1": {"hex": "I10"}},
               [6, 6, 6, 6] + [2, 2, 2, 2] + [6] * 30, control={"Potidaea": "sparta"},
               battle="J3")
    act(g, "storm")  # Athens H1 storms (B3: 6, 6, 6, 6, no hit) ...
    act(g, "stay")   # ... Athens N3 stays on blockade
    p = prompt(g)
    assert p.kind == "act" and "round 2" in p.text
    assert blk(g, "Athens H1")["str"] == 4 and not g.state["half_hits"]


def test_peltasts_and_cavalry_pursue_a_beaten_attacker_hoplites_do_not_rules_2_22_2_23_5_43():
    """Rules 2.22 and 2.23 call light troops and horse the arms of pursuit, and 5.43 gives
    them, alone, one more fire at an attacking army forced back from a new battle. Sparta
    cannot shift an Athenian hoplite, peltast and cavalry in two rounds: only the peltast
    and the cavalry fire as it retreats (A before B), and only the peltast's 1 hits."""
    g = combat("sparta",
               {"Sparta H1": {"hex": "H10"}, "Athens H1": {"hex": "H10"},
                "Athens P": {"hex": "H10"}, "Athens C": {"hex": "H10"},
                "Athens H2": {"hex": "K8"}},
               [6] * 26 + [1, 6] + [6, 6, 6] + [6] * 10, moved=["Sparta H1"], battle="H10",
               entries={"H10": {"Sparta H1": {"from": "I10"}}})
    p = prompt(g)
    while p.kind == "act":  # round 2: everyone fires and misses
        act(g, "fire", p.seat)
        p = prompt(g)
    pursuit = g.state["last_battle"]["rounds"][-1]
    assert pursuit["label"] == "pursuit"
    fired = [(x["unit"], x["dice"]) for x in pursuit["steps"] if x["kind"] == "fire"]
    assert fired == [("Athens P", [1, 6]), ("Athens C", [6, 6, 6])]
    assert blk(g, "Sparta H1")["str"] == 3 and blk(g, "Sparta H1")["loc"] == "I10"

# ------------------------------------------------------------------ R38: storms and the sea
def _naupactus_across_the_strait():
    """Sparta attacks Naupactus (G7, a walled minor city on a strait) with a hoplite that
    crossed from Patrae (G8) and the Corinthian navy by sea. The Naupactian peltast
    withdraws into the walls, the Naupactian navy fights at sea. Dice: round 1, every
    navy misses; round 2, the Naupactian navy misses and the Corinthian navy (C2) rolls
    1, 1, 6, 6, sinking the strength-2 Naupactian navy."""
    g = combat("sparta",
               {"Sparta H1": {"hex": "G7"}, "Corinth N": {"hex": "G7"},
                "Naupactus P": {"hex": "G7"}, "Naupactus N": {"hex": "G7"},
                "Athens H1": {"hex": "K8"}, "Sparta H2": {"hex": "I10"}},
               [6] * 6 + [6, 6] + [1, 1, 6, 6] + [6] * 40,
               moved=["Sparta H1", "Corinth N"], battle="G7",
               entries={"G7": {"Sparta H1": {"from": "G8", "crossed": True}}})
    for _ in range(2):  # the peltast withdraws into the walls, the navy meets the enemy
        p = prompt(g)
        act(g, "wd" if "Naupactus P" in p.text else "eng", "athens")
    return g


def test_armies_across_a_strait_storm_only_once_the_defending_navy_is_gone_rules_4_3_5_41():
    """Rules 4.3 and 5.41 (ruling R38). Each round runs the sea battle, then the land
    battle, then the storm, so a storm never waits for the *whole* sea fight to end; only
    at a strait held by the defender's navy may the army that crossed not engage. Round 1:
    the Naupactian navy is still afloat, so the Spartan hoplite is not asked to storm.
    Round 2: the sea battle sinks that navy first, and in the same round the hoplite may
    storm."""
    g = _naupactus_across_the_strait()
    act(g, "fire", "athens")  # round 1, sea: both navies miss (the Corinthian has no
    p = prompt(g)             # other choice and fires unasked); no storm question follows
    assert p.kind == "act" and "round 2" in p.text and "Naupactus N" in p.text
    act(g, "fire", "athens")  # round 2, sea: the Naupactian navy misses ...
    act(g, "fire", "sparta")  # ... and the Corinthian navy sinks it
    assert blk(g, "Naupactus N")["loc"] == "pool"
    p = prompt(g)
    assert p.kind == "siege_decl" and "Sparta H1" in p.text and "storm" in ids(p)



def test_a_defending_navy_that_withdraws_or_retreats_frees_the_crossed_army_at_once_rule_4_3():
    """Rule 4.3 (R38): the crossed army is held back only until the defending navy is
    sunk, retreats or withdraws. If the Naupactian navy withdraws into the walls in the
    round 1 sea battle, the hoplite may storm in round 1. If it retreats in the round 2
    sea battle, the hoplite may storm in round 2."""
    g = _naupactus_across_the_strait()
    act(g, "wd", "athens")
    p = prompt(g)
    assert p.kind == "siege_decl" and "Sparta H1" in p.text
    assert g.state["battle"]["round"] == 1
    g = _naupactus_across_the_strait()
    act(g, "fire", "athens")  # round 1: both navies miss
    act(g, "rt", "athens")    # round 2: the Naupactian navy retreats ...
    act(g, ids(prompt(g))[0], "athens")  # ... to a friendly port
    p = prompt(g)
    assert p.kind == "siege_decl" and "Sparta H1" in p.text
    assert g.state["battle"]["round"] == 2

# ------------------------------------------------------------------ rules no test named
def test_the_straits_the_rulebook_names_are_strait_hexes_on_the_map_rule_1_5():
    """Rule 1.5 marks the hexes that hold a narrow waterway; 4.3 and its sidebar name
    Naupactus, Abydos and Ephesus among them. On our map each is a strait hex whose
    city stands on one bank, and a hex without a waterway (Corinth) is not."""
    bd = board()
    for hx in ("G7", "P2", "R7"):  # Naupactus, Abydos, Ephesus
        assert bd.strait_city.get(hx) and bd.strait_far.get(hx), hx
        assert not bd.strait_city[hx] & bd.strait_far[hx]  # two distinct banks
    assert bd.strait_city.get("G7") and "G8" in bd.strait_far["G7"]  # Patrae's bank
    assert not bd.strait_far.get("I8")  # Corinth


def test_a_block_may_always_move_fewer_hexes_than_its_limit_rule_2_13():
    """Rule 2.13: the move limit is a most, never a must. A Spartan hoplite (limit 3)
    in Sparta may end an operation move one, two or three hexes away, never four."""
    g = turn_at("move", "sparta", {"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}})
    bd = board()
    reach = {bd.dist("I10", h) for h in _ends(g, "Sparta H1")}
    assert {1, 2, 3} <= reach and max(reach) == 3


def test_an_existing_block_is_reinforced_in_a_minor_city_for_1_bp_rules_2_14_8_1():
    """Rule 2.14 (with the official Q&A 3): existing blocks may take steps in any major
    *or minor* city; 8.1 caps a minor city at 1 BP. The Naupactian peltast (1 BP a step)
    at strength 1 in Naupactus gains one step and no more there."""
    g = position(None, olympiad=84, turn=6, phase="replacement",
                 cards={"athens": {"hand": []}, "sparta": {"hand": []}},
                 blocks={"Naupactus P": {"hex": "G7", "strength": 1},
                         "Athens H1": {"hex": "K8"}, "Sparta H1": {"hex": "I10"}})
    act(g, "R", "athens")
    assert "r:Naupactus P" in ids(prompt(g, "athens"))
    act(g, "r:Naupactus P", "athens")
    assert blk(g, "Naupactus P")["str"] == 2
    assert g.state["build"]["spent"]["athens"]["Naupactus"] == 1
    p = prompt(g, "athens")
    assert "r:Naupactus P" not in ids(p) and "R" not in ids(p)  # the 1 BP cap is reached


def test_green_blocks_wait_off_the_map_until_their_city_is_drawn_in_rule_3_1():
    """Rule 3.1: neutral blocks start off the map, in neither player's pool, and come in
    only when their city is attacked or allied. In the 431 set-up every green block is
    off the map, and neither player may build one in a replacement phase while its city
    is still neutral."""
    import engine
    g = engine.new_game("athens-sparta", seed=1)
    bd = board()
    green = [b for b, spec in bd.blocks.items() if spec["side"] == "neutral"]
    assert green and all(g.state["blocks"][b]["loc"] == "off" for b in green)
    g = position(None, olympiad=84, turn=6, phase="replacement",
                 cards={"athens": {"hand": []}, "sparta": {"hand": []}},
                 blocks={"Athens H1": {"hex": "K8", "strength": 1},
                         "Sparta H1": {"hex": "I10", "strength": 1}})
    for seat in ("athens", "sparta"):
        act(g, "N", seat)
        offered = ids(prompt(g, seat))
        assert offered and not any(o[2:] in green for o in offered), seat


def test_the_active_player_orders_his_battles_and_finishes_each_first_rule_5_0():
    """Rule 5.0: combat is fought hex by hex in the order the active player picks as he
    goes, each battle finished before the next. Sparta has new battles at Megara and
    Naupactus and a storm it may choose at Amphipolis: it picks Naupactus first, every
    question until that battle ends is about Naupactus, then the other two are offered;
    the optional storm may be skipped only once no new battle is left."""
    g = combat("sparta",
               {"Sparta H1": {"hex": "J8"}, "Athens P": {"hex": "J8", "strength": 1},
                "Sparta H2": {"hex": "J1"}, "Amphipolis H": {"hex": "J1", "in_city": True},
                "Sciritae": {"hex": "G7"}, "Naupactus P": {"hex": "G7", "strength": 1},
                "Athens H1": {"hex": "K8"}},
               [6] * 60, moved=["Sparta H1", "Sciritae"],
               entries={"J8": {"Sparta H1": {"from": "I8"}},
                        "G7": {"Sciritae": {"from": "F7"}}})
    p = prompt(g)
    assert p.kind == "battle_pick" and set(ids(p)) == {"f:J8", "f:G7", "f:J1"}
    act(g, "f:G7")
    p = prompt(g)
    while p.kind != "battle_pick":
        assert "Naupactus" in p.text
        act(g, "eng" if p.kind == "decl" else "fire" if "fire" in ids(p) else "done", p.seat)
        p = prompt(g)
    assert set(ids(p)) == {"f:J8", "f:J1"}
    act(g, "f:J8")
    p = prompt(g)
    while p.kind != "battle_pick":
        assert "Megara" in p.text
        act(g, "fire" if "fire" in ids(p) else "done", p.seat)
        p = prompt(g)
    assert set(ids(p)) == {"f:J1", "done"}


def test_the_replacement_phase_follows_the_last_game_turn_for_both_at_once_rules_8_0_8_5():
    """Rules 8.0 and 8.5: when the sixth game turn ends without a winner, both players
    build at the same time; an eliminated block is not lost for good but waits in the
    pool and may be built again. The Athenian peltast dies at Megara in the last combat
    phase of the Olympiad and is rebuilt in Athens, its home city, at strength 1."""
    g = position(None, olympiad=84, turn=6, phase="combat", active="sparta",
                 player1="athens", mp=0,
                 cards={"athens": {"hand": [], "played": "C24"},
                        "sparta": {"hand": [], "played": "C10"}},
                 blocks={"Sparta H1": {"hex": "J8"}, "Athens P": {"hex": "J8", "strength": 1},
                         "Athens H1": {"hex": "K8"}},
                 moved=["Sparta H1"], entries={"J8": {"Sparta H1": {"from": "I8"}}},
                 battle="J8", dice=[6, 1] + [6] * 40)
    assert blk(g, "Athens P")["loc"] == "pool"  # the A1 peltast misses, the B4 hoplite hits
    act(g, "done")  # Sparta does not regroup
    ps = g.prompts()
    assert sorted(p.seat for p in ps) == ["athens", "sparta"]
    assert all(p.kind == "build" and "8.0" in p.text for p in ps)
    act(g, "N", "athens")
    act(g, "n:Athens P", "athens")  # one home city: it goes straight to Athens (K8)
    assert blk(g, "Athens P")["loc"] == "K8" and blk(g, "Athens P")["str"] == 1
    assert g.state["build"]["left"]["athens"] == g.state["build"]["points"]["athens"] - 1


def test_victorious_helots_stay_on_the_map_as_a_peltast_rule_7_1():
    """Rule 7.1: Helots that win their battle at Messene stay on the map and from then on
    are an ordinary peltast: no Helot ban follows, and in Athens' next player turn they
    may move like any block. Athens raises them at strength 3 (3 MP) against a
    strength-1 Messenian hoplite; the A1 Helots roll 1, 6, 6 and win in round 1."""
    g = turn_at("move", "athens", {"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"},
                                   "Messene H": {"hex": "G10", "strength": 1}},
                mp=3, dice=[1, 6, 6] + [6] * 30)
    act(g, "rv")
    act(g, "c:Messene")
    act(g, "s:3")  # the last MP: the move phase ends
    act(g, "f:G10")
    p = prompt(g)
    while g.state["battle"] is not None:
        act(g, "done" if "done" in ids(p) else "fire", p.seat)
        p = prompt(g)
    assert blk(g, "Messene H")["loc"] == "pool"
    assert blk(g, "HELOTS")["loc"] == "G10" and blk(g, "HELOTS")["str"] == 3
    assert g.state["helot_ban"] is False and "rv" not in blk(g, "HELOTS")
    # a later Athenian move phase: the Helots move as a peltast does (limit 4, rule 4.4)
    g = turn_at("move", "athens", {"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"},
                                   "HELOTS": {"hex": "G10", "strength": 3}},
                control={"Messene": "athens"})
    assert "b:HELOTS" in ids(prompt(g))
    assert max(board().dist("G10", h) for h in _ends(g, "HELOTS")) == 4


def test_only_the_side_holding_the_sea_at_syracuse_may_leave_sicily_rule_9_2():
    """Rule 9.2: blocks leave Sicily by sea move in the move phase, and only the player
    with sea control there may do so. An Athenian army besieging Syracuse with no fleet
    of its own is stuck (the city's holder keeps the sea); once an Athenian navy
    blockades Syracuse, the army may sail back to a friendly port."""
    def sea_ends(extra):
        blocks = {"Athens H1": {"hex": "sicily"}, "Athens H2": {"hex": "K8"},
                  "Syracuse H": {"hex": "sicily", "in_city": True, "side": "sparta"},
                  "Syracuse N": {"hex": "sicily", "in_city": True, "side": "sparta"},
                  "Sparta H1": {"hex": "I10"}}
        g = turn_at("move", "athens", dict(blocks, **extra), control={"Syracuse": "sparta"})
        return _ends(g, "Athens H1", "sea")
    assert sea_ends({}) == set()
    home = sea_ends({"Athens N1": {"hex": "sicily"}})
    assert "C5" in home and "sicily" not in home  # Corcyra, an embarkation port
