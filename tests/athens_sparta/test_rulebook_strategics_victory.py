"""Strategics (rules 9.2-9.3) and victory (10.1-10.2) read again, position by position.
Already pinned in test_rules_strategics.py / test_rules_turns_victory.py and not repeated:
the Hellespont, rebel navies changing sides, neutral cities joining, the Persian offer and
territory, a sea move to Sicily, sudden death inside the walls, the end of the war.
"""

from __future__ import annotations

from engine.rulesets.athens_sparta import victory
from engine.rulesets.athens_sparta.board import board
from engine.rulesets.athens_sparta.strategics import end_of_phase
from tests.athens_sparta.conftest import ACTS, act, blk, ids, pick, position, prompt

SPARTA_ACTS, ATHENS_ACTS = ACTS["sparta"], ACTS["athens"]


class Ctx:
    def __init__(self):
        self.events = []

    def event(self, kind, text, seats=None, **data):
        self.events.append(kind)

    def reveal(self):
        pass


def syracuse_attack(dice):
    """Athens sea-moves two hoplites from Corcyra to Sicily; Syracuse joins Sparta and its
    three blocks (hoplite 4, cavalry 3, navy 4) defend (9.5)."""
    g = position(None, olympiad=84, turn=2, phase="move", active="athens", player1="athens",
                 mp=2, cards=ATHENS_ACTS, dice=dice,
                 blocks={"Athens H1": {"hex": "C5"}, "Athens H2": {"hex": "C5"},
                         "Sparta H1": {"hex": "I10"}})
    for b in ("Athens H1", "Athens H2"):
        act(g, f"b:{b}")
        act(g, pick(g, "s|sicily|").id)
    act(g, "f:sicily")
    for name in ("Syracuse C", "Syracuse H", "Syracuse N"):  # declared in this order
        assert name in prompt(g).text
        act(g, "eng")
    return g


def test_at_syracuse_attacking_armies_cannot_retreat_and_defenders_end_inside_rule_9_2():
    """Rule 9.2: in Sicily attacking armies may not retreat, and the defenders must go into
    Syracuse after the second round; then, the defender keeping sea control (its navy
    inside and no Athenian navy), the attackers roll attrition at +1: 3+ instead of 4+."""
    battle = [6] * 38  # every die of both rounds misses
    g = syracuse_attack(battle + [3, 3])
    while g.state["battle"] is not None:
        p = prompt(g)
        if p.seat == "athens":
            assert "rt" not in ids(p)  # never offered to the attacking hoplites
        act(g, "land" if "land" in ids(p) else "fire", p.seat)
    for b in ("Syracuse C", "Syracuse H", "Syracuse N"):
        assert blk(g, b)["in"], b
    # attrition: both 3s hit at 3+; the two hoplites are equally strong, Athens picks
    p = prompt(g)
    assert p.kind == "attr_hit" and p.seat == "athens"
    act(g, "h:Athens H1")
    assert sorted(blk(g, b)["str"] for b in ("Athens H1", "Athens H2")) == [3, 3]


def test_athens_retaking_miletus_ends_persian_support_for_good_rule_9_3():
    """Rule 9.3: Persian support ends for good when Athens takes Miletus back; retaking it
    afterwards does not bring Persia back."""
    g = position(None, olympiad=86, turn=2, phase="move", active="athens", player1="athens",
                 cards=ATHENS_ACTS, persia={"alliance": True},
                 blocks={"Athens H1": {"hex": "R8"}, "Sparta H1": {"hex": "I10"}},
                 control={"Miletus": "sparta"})
    s = g.state
    end_of_phase(board(), s, Ctx())
    assert s["control"]["Miletus"] == "athens" and s["persia"]["ended"] is True
    s["blocks"]["Athens H1"]["loc"] = "K8"
    s["blocks"]["Sparta H1"]["loc"] = "R8"
    end_of_phase(board(), s, Ctx())
    assert s["control"]["Miletus"] == "sparta" and s["persia"]["ended"] is True
    assert not [q for q in s["queue"] if q.get("kind") == "persia"]  # no second offer


def test_thirty_points_win_and_persian_miletus_does_not_count_rules_10_2_9_3():
    """Rule 10.2: after an Olympiad a side holding 30+ points (not besieged) wins. Rule 9.3:
    while Persia supports Sparta, Miletus (2) does not count for her victory."""
    bd = board()
    taken = {"Chios": "sparta", "Mytilene": "sparta", "Samos": "sparta", "Corcyra": "sparta",
             "Miletus": "sparta", "Rhodes": "sparta"}
    blocks = {"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}}
    g = position(None, olympiad=86, turn=2, phase="move", active="sparta", player1="sparta",
                 cards=SPARTA_ACTS, blocks=blocks, control=taken)
    # 18 Spartan + Potidaea 1 (no siege here) + 11 taken = 30
    assert victory.olympiad_check(bd, g.state) == ("sparta", "city_points")
    g = position(None, olympiad=86, turn=2, phase="move", active="sparta", player1="sparta",
                 cards=SPARTA_ACTS, blocks=blocks, control=taken,
                 persia={"alliance": True})
    assert victory.olympiad_check(bd, g.state) is None  # 28 for victory
    # a besieged city counts for nobody: Sparta besieged in Corinth drops below 30
    g = position(None, olympiad=86, turn=2, phase="move", active="sparta", player1="sparta",
                 cards=SPARTA_ACTS, control=taken,
                 blocks={"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "I8"},
                         "Corinth H1": {"hex": "I8", "in_city": True},
                         "Athens H2": {"hex": "K8"}})
    assert victory.olympiad_check(bd, g.state) is None


def test_sudden_death_waits_for_the_end_of_the_game_turn_rule_10_1():
    """Rule 10.1: the game ends when ATHENS is occupied at the end of a game turn, not of a
    player turn. Sparta (Player 1) walks into an empty Athens; the game goes on into the
    Athenian player turn, and ends only when that turn is over with Sparta still there."""
    g = position(None, olympiad=84, turn=2, phase="move", active="sparta", player1="sparta",
                 mp=1, cards=SPARTA_ACTS,
                 blocks={"Sparta H1": {"hex": "J7"}, "Athens H1": {"hex": "L6"}},
                 control={"Thebes": "sparta"})
    act(g, "b:Sparta H1")
    act(g, pick(g, "o|K8|").id)
    assert blk(g, "Sparta H1")["loc"] == "K8"
    p = prompt(g)
    assert g.state["winner"] is None and p.seat == "athens" and p.kind == "move"
    act(g, "done")
    assert g.state["winner"] == "sparta" and g.state["reason"] == "capital_taken"


def test_player_2_may_save_athens_before_the_game_turn_ends_rule_10_1():
    """Rule 10.1, the other way round: when Athens (Player 2) drives the Spartans out of its
    city in its own player turn, there is no sudden death."""
    g = position(None, olympiad=84, turn=2, phase="move", active="sparta", player1="sparta",
                 mp=1, cards=SPARTA_ACTS, dice=[1, 1, 1, 1] + [6] * 20,
                 blocks={"Sparta H1": {"hex": "J7", "strength": 1},
                         "Athens H1": {"hex": "L8"}},
                 control={"Thebes": "sparta"})
    act(g, "b:Sparta H1")
    act(g, pick(g, "o|K8|").id)
    act(g, "b:Athens H1")
    act(g, pick(g, "o|K8|").id)
    # Athens's one MP is spent: the battle for Athens is fought (the hoplite's 1s finish
    # the lone Spartan step) and the game turn ends with Athens free
    while g.state["phase"] == "combat":
        p = prompt(g)
        act(g, "f:K8" if "f:K8" in ids(p) else ("fire" if "fire" in ids(p) else ids(p)[0]),
            p.seat)
    assert blk(g, "Sparta H1")["loc"] == "pool"
    assert g.state["winner"] is None and g.state["turn"] == 3


def test_athens_in_syracuse_with_the_sea_is_immune_to_the_hellespont_rule_9_2():
    """Rules 9.1-9.2: Spartan sea control at Abydos costs Athens a block in Athens at the end
    of each Athenian player turn, unless Athens holds Syracuse and its sea."""
    blocks = {"Corinth N": {"hex": "P2"}, "Athens H1": {"hex": "K8"},
              "Athens P": {"hex": "K8"}, "Sparta H1": {"hex": "I10"}}
    starved = position(None, olympiad=84, turn=2, phase="attrition", active="athens",
                       player1="athens", cards=ATHENS_ACTS, blocks=blocks,
                       control={"Abydos": "sparta"})
    assert prompt(starved).kind == "hellespont"
    fed = position(None, olympiad=84, turn=2, phase="attrition", active="athens",
                   player1="athens", cards=ATHENS_ACTS,
                   blocks=dict(blocks, **{"Athens H2": {"hex": "sicily"}}),
                   control={"Abydos": "sparta", "Syracuse": "athens"})
    assert all(p.kind != "hellespont" for p in fed.prompts())
    assert blk(fed, "Athens P")["loc"] == "K8" and blk(fed, "Athens H1")["loc"] == "K8"
