"""The End phase and the second turn (11.0, 5.0 events)."""

from __future__ import annotations

from engine.core.decisions import random_answer
from engine.core.game import Game
from engine.core.rng import Rng
from engine.core.ruleset import Context
from engine.rulesets.pericles import RULESET
from engine.rulesets.pericles import theaters as th
from engine.rulesets.pericles.end_phase import automatic_victor, upkeep
from engine.rulesets.pericles.plague import plague
from engine.rulesets.pericles.rules import MACHINE
from engine.rulesets.pericles.scenarios import initial_state
from engine.rulesets.pericles.schema import PericlesState


def t6() -> PericlesState:
    return initial_state("14.1.06 A")


def test_maintenance_figures_of_the_example_rule_11_2() -> None:
    """The upkeep arithmetic on the turn-6 set-up: 4 points a base, a ship 2, a foot
    unit 1, the 300 free (16.0 counts the Spartan foot without them)."""
    s = t6()
    cost, capacity = upkeep(s, "sparta")
    assert capacity == 4 * 8  # 8 Spartan-side bases at the start of turn 6
    assert cost == 8 + 2 + 3 * 2 + 4 + 1 + 2 + 1 * 2 + 1 - 1  # the 300 cost nothing
    cost, capacity = upkeep(s, "athens")
    assert capacity == 4 * 15


def test_automatic_victory_rule_11_1() -> None:
    s = t6()
    assert automatic_victor(s) is None
    s["honor"] = {"aristocrats": 35, "demagogues": 35, "agiad": 12, "eurypontid": 13}
    assert automatic_victor(s) is None  # 70 to 25: 45 ahead is not enough (16.0)
    s["honor"]["aristocrats"] = 40
    assert automatic_victor(s) == "athens"  # 75 to 25: 50 ahead and three times as much
    s = t6()
    s["forces"]["sparta"]["S"]["bases"] = 0
    assert automatic_victor(s) == "athens"  # Sparta has lost its own capital's bases
    s = t6()
    s["granary_miss"]["athens"] = 2
    assert automatic_victor(s) == "sparta"


def test_redeployment_rules_rule_11_3() -> None:
    s = t6()
    th.add(s, "thessalia", "S", "land", 2)  # 16.0: two Spartan foot in Thessalia, no base
    s["flow"] = []
    ctx = Context(Rng("r"))
    MACHINE.start(s, ctx, "redeployment")
    prompts = {p.seat: p for p in MACHINE.prompts(s)}
    sparta = prompts["eurypontid"]
    ids = {o.id for o in sparta.options}
    assert "done" not in ids  # one of the two must leave Thessalia first
    assert "S:land@thessalia>sparta" in ids
    assert not any(i.startswith("S:land@thessalia>boeotia") for i in ids)  # no Spartan base
    assert "P:land@boeotia>sicily" in ids  # a Peloponnesian base there
    MACHINE.act(s, "eurypontid", "S:land@thessalia>sparta", ctx)
    ids = {o.id for o in next(p for p in MACHINE.prompts(s) if p.seat == "eurypontid").options}
    assert "done" in ids
    # a unit placed once is not placed again: the foot that came home cannot leave
    home = s["forces"]["sparta"]["S"]["land"]
    assert home == 9
    MACHINE.act(s, "eurypontid", "done", ctx)
    MACHINE.act(s, "aristocrats", "done", ctx)
    assert s["flow"] == []


def test_will_of_the_assembly_rule_5_1() -> None:
    s = t6()
    s["will"] = {"athens": {"theater": "macedonia", "task": "base"},
                 "sparta": {"theater": "sparta", "task": "control"}}
    s["flow"] = []
    MACHINE.start(s, Context(Rng("w")), "will_of_assembly")
    assert s["honor"] == {"aristocrats": 5, "demagogues": 5, "agiad": 15, "eurypontid": 15}
    assert s["will_penalty"] == {"athens": 3, "sparta": 0}


def test_plague_rule_5_13() -> None:
    s = t6()
    plague(s)
    assert s["plague"] == "post"
    assert s["forces"]["athens"]["A"] == {"land": 4, "naval": 4, "bases": 2}  # a third of 6
    # contested Boeotia: each side loses a foot, unless it is its last unit there
    assert s["forces"]["boeotia"]["D"]["land"] == 1 and s["forces"]["boeotia"]["P"]["land"] == 3
    plague(s)  # only once
    assert s["forces"]["athens"]["A"]["land"] == 4


def test_two_turns_of_the_archidamian_war_rule_14_1() -> None:
    game = Game.create(RULESET, scenario="14.1.06 A", seed=3)
    rng = Rng("two")
    turns = set()
    while game.outcome is None:
        turns.add(game.state["turn"])
        p = rng.choice(game.prompts())
        game.act(p.seat, random_answer(p, rng))
        assert RULESET.check_invariants(game.state) == []
    assert turns == {6, 7}
    s = game.state
    assert s["aristophanes"] != "Clouds A" and len(s["aristophanes_deck"]) == 22
    assert s["board"]["athens"] <= 5 and game.outcome.rule == "11.4"
