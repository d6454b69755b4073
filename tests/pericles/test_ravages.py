"""The Ravages of War (rule 14.43): one test per letter, fixed positions, and the option."""

from __future__ import annotations

from engine.core.game import Game
from engine.rulesets.pericles import RULESET
from engine.rulesets.pericles import battle as bt
from engine.rulesets.pericles import theaters as th
from engine.rulesets.pericles.plague import plague
from engine.rulesets.pericles.ravages import battle_removals, leadership_loss, pool_size, remove
from engine.rulesets.pericles.scenarios import initial_state
from engine.rulesets.pericles.schema import PericlesState
from engine.rulesets.pericles.view import line


def t6(ravages: bool = True) -> PericlesState:
    s = initial_state("14.1.06 A")
    s["ravages"] = ravages
    return s


def test_plague_losses_leave_the_game_rule_14_43_a() -> None:
    s, plain = t6(), t6(False)
    plague(s)
    plague(plain)
    # Athens loses 2 of 6 land and 2 of 6 ships at home and a foot in contested
    # Chalcidice; in Boeotia the Peloponnesians lose a foot (the Delian one is all
    # Athens has there, so it stays)
    assert s["removed"] == {"A": {"land": 3, "naval": 2}, "P": {"land": 1, "naval": 0}}
    assert plain["removed"] == {}
    assert th.in_pool(s, "A", "land") == th.in_pool(plain, "A", "land") - 3
    assert any(r["kind"] == "ravaged" and r["theater"] == "plague" for r in s["log"])


def test_half_a_battles_losses_leave_the_game_rule_14_43_b() -> None:
    s = t6()
    attacker = bt.Side("sparta", {"P": {"land": 8, "naval": 0, "bases": 0}})
    defender = bt.Side("athens", {"A": {"land": 2, "naval": 0, "bases": 0},
                                  "D": {"land": 2, "naval": 0, "bases": 0}})
    result = bt.fight("boeotia", "land", attacker, defender, "agiad", "aristocrats", ["D"], [])
    assert result.winner == "sparta" and len(result.lost["athens"]) == 4
    assert result.lost["sparta"] == ["P:land", "P:land"]
    battle_removals(s, "land", result.lost, "boeotia")
    # 4 Athenian units lost: 2 leave, the Athenian ones first (ruling R50); 2 Peloponnesian: 1
    assert s["removed"] == {"A": {"land": 2, "naval": 0}, "P": {"land": 1, "naval": 0}}
    off = t6(False)
    battle_removals(off, "land", result.lost, "boeotia")
    assert off["removed"] == {}


def test_force_pools_keep_their_floors_rule_14_43_c() -> None:
    s = t6()
    assert remove(s, "A", "naval", 11, "plague") == 10 and pool_size(s, "A", "naval") == 2
    assert remove(s, "A", "naval", 1, "plague") == 0
    assert remove(s, "D", "land", 20, "boeotia") == 8 and pool_size(s, "D", "land") == 8
    assert remove(s, "P", "naval", 9, "boeotia") == 8 and pool_size(s, "P", "naval") == 4


def test_a_strategos_leaves_each_stock_after_a_war_turn_rule_14_43_d() -> None:
    s = t6()
    s["war"] = True
    before = dict(s["stock"])
    leadership_loss(s)
    assert s["stock"] == {c: n - 1 for c, n in before.items()}
    s["war"] = False
    leadership_loss(s)  # at Peace nothing goes
    assert s["stock"] == {c: n - 1 for c, n in before.items()}


def test_the_option_is_standard_in_14_4_only_rule_14_43() -> None:
    assert Game.create(RULESET, scenario="14.4", seed=1).state["ravages"] is True
    assert Game.create(RULESET, scenario="14.3", seed=1).state["ravages"] is False
    # the bot's `ravages=on|off|scenario` words (shared/game_options.py passes them as text)
    assert Game.create(RULESET, scenario="14.3", seed=1,
                       options={"ravages": "on"}).state["ravages"] is True
    assert Game.create(RULESET, scenario="14.4", seed=1,
                       options={"ravages": "off"}).state["ravages"] is False
    assert Game.create(RULESET, scenario="14.4", seed=1,
                       options={"ravages": "scenario"}).state["ravages"] is True


def test_the_log_says_what_left_the_game_rule_14_43() -> None:
    s = t6()
    remove(s, "A", "land", 1, "sparta")
    assert line(s["log"][-1]) == ("Ravages of War (rule 14.43): 1 Athenian land unit leaves "
                                  "the game after the battle in Sparta")
    s["war"] = True
    leadership_loss(s)
    assert "Athens loses a Strategos of its stock for good" in line(s["log"][-2])
