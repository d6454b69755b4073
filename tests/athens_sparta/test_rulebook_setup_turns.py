"""Deployment (rule 3.0), the game turn (introduction) and march limits (4.51), read again
position by position. Already pinned elsewhere: the pool and off-map neutrals at set-up,
starting points, six game turns per Olympiad, Player 1 and ties, the mulligan.
"""

from __future__ import annotations

import engine
from engine.rulesets.athens_sparta.board import board
from engine.rulesets.athens_sparta.movement import destinations
from tests.athens_sparta.conftest import RS, act, base, position, prompt

# blocks placed away from home at the start: the Potidaea siege (3.0 note)
POTIDAEA = {"Athens H3", "Athens N3", "Corinth H2"}


def test_every_block_starts_at_full_strength_in_its_home_city_rule_3_0():
    """Rule 3.0: blocks are set up in their home city at maximum strength; the only blocks
    elsewhere are the two sides of the Potidaea siege (the note to 3.0), still at full
    strength, the Athenians outside the walls and the Corinthians inside."""
    g = engine.new_game(RS, seed=1)
    bd = board()
    on_map = {b: x for b, x in g.state["blocks"].items() if x["loc"] not in ("pool", "off",
                                                                             "out")}
    assert on_map
    for bid, x in on_map.items():
        spec = bd.blocks[bid]
        assert x["str"] == spec["max_strength"], bid
        if bid in POTIDAEA:
            assert x["loc"] == "J3", bid
        else:
            assert x["loc"] == bd.cities[spec["home"]]["hex"], bid
    assert g.state["blocks"]["Corinth H2"]["in"] and not g.state["blocks"]["Athens H3"]["in"]


def _end_of_game_turn(turn, control):
    """Athens, Player 2, passes the last player turn of game turn `turn` while Sparta holds
    cities worth 30 points."""
    g = position(None, olympiad=85, turn=turn, phase="move", active="athens",
                 player1="sparta", mp=1, control=control,
                 cards={"athens": {"hand": ["C11"] if turn < 6 else [],
                                   "played": "C10"},
                        "sparta": {"hand": ["C12"] if turn < 6 else [], "played": "C24"}},
                 blocks={"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}})
    act(g, "done")
    return g


def test_victory_is_checked_only_after_the_last_game_turn_game_turns_4_and_10_2():
    """Introduction [4] and rule 10.2: city points are counted only after the sixth game
    turn of an Olympiad. Sparta holding 30 points wins when game turn 6 ends, not when
    game turn 5 does."""
    taken = {"Chios": "sparta", "Mytilene": "sparta", "Samos": "sparta",
             "Corcyra": "sparta", "Miletus": "sparta", "Rhodes": "sparta"}
    g5 = _end_of_game_turn(5, taken)
    assert g5.state["winner"] is None and g5.state["turn"] == 6
    g6 = _end_of_game_turn(6, taken)
    assert g6.state["winner"] == "sparta" and g6.state["reason"] == "city_points"


def test_a_march_goes_up_to_twice_the_move_limit_rule_4_51():
    """Rule 4.51: a march moves an army up to double its move (hoplite 3 -> 6 hexes). From
    Messene, Megara is four steps by land (Tegea, Argos, Corinth): beyond an operation
    move, within a march; Thebes, one step further, too."""
    bd = board()
    g = base(blocks={"Sparta H1": {"hex": "G10"}, "Athens H1": {"hex": "K8"}})
    d = destinations(bd, g.state, "Sparta H1")
    march = {x[0] for x in d if x[1] == "march"}
    op = {x[0] for x in d if x[1] == "op"}
    assert "J8" in march and "J8" not in op
    assert "J7" in march


def test_revealed_higher_card_makes_player_1_and_gives_the_mp_intro_4_0():
    """Introduction and 4.0: the higher card makes its player Player 1, who moves first
    with as many MPs as the card shows."""
    g = position(None, olympiad=84, turn=1, phase="card",
                 cards={"athens": {"hand": ["C20", "C11"]}, "sparta": {"hand": ["C16", "C12"]}},
                 blocks={"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}})
    act(g, "c:C20", "athens")  # 4 MP
    act(g, "c:C16", "sparta")  # 3 MP
    assert g.state["player1"] == "athens" and g.state["active"] == "athens"
    assert g.state["move_points"] == 4
    assert prompt(g).seat == "athens"
