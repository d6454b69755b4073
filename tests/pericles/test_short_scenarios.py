"""The one- and two-turn scenarios on the whole map beyond the tournament scenario
(14.1.03 A, 14.1.04 A, 14.1.08 A, 14.1.10 A): their set-ups, a first Aristophanes card
drawn from the deck (ruling R40), their special rules, every turn played to the end."""

from __future__ import annotations

from engine.core.decisions import random_answer
from engine.core.game import Game
from engine.core.rng import Rng
from engine.core.ruleset import Context
from engine.rulesets.pericles import RULESET
from engine.rulesets.pericles import theaters as th
from engine.rulesets.pericles.components import load_components
from engine.rulesets.pericles.rules import MACHINE
from engine.rulesets.pericles.scenarios import initial_state


def _play(scenario: str, seed: str) -> tuple[Game, set[int]]:
    game = Game.create(RULESET, scenario=scenario, seed=seed)
    rng = Rng(seed)
    turns = {game.state["turn"]}
    while game.outcome is None:
        p = rng.choice(game.prompts())
        game.act(p.seat, random_answer(p, rng))
        turns.add(game.state["turn"])
        assert RULESET.check_invariants(game.state) == []
    return game, turns


def test_periclean_peace_plays_turns_4_and_5_rule_14_1() -> None:
    game = Game.create(RULESET, scenario="14.1.04 A", seed="p")
    s = game.state
    assert s["turn"] == 4 and not s["war"]
    assert s["controlling"] == {"athens": "aristocrats", "sparta": "agiad"}
    # R40: the first card is drawn from the deck, and is no longer in it
    cards = {c.id for c in load_components().data.aristophanes}
    assert s["aristophanes"] in cards and s["aristophanes"] not in s["aristophanes_deck"]
    assert len(s["aristophanes_deck"]) == len(cards) - 1
    # the turn-4 master set-up: Athens holds its capital with 4 land, 4 ships, 2 bases
    assert s["forces"]["athens"]["A"] == {"land": 4, "naval": 4, "bases": 2}
    # the whole map: the Persia box is in play; theater 20 lies under the PEACE marker
    assert "persia" in s["forces"] and "eastmed" not in s["forces"]
    game, turns = _play("14.1.04 A", "p")
    assert turns == {4, 5} and game.outcome is not None
    assert "wins the war" in game.outcome.reason or "draw" in game.outcome.reason


def test_war_in_a_time_of_peace_has_the_demagogues_governing_rule_14_1() -> None:
    game = Game.create(RULESET, scenario="14.1.08 A", seed="w")
    s = game.state
    assert (s["turn"], s["war"], s["plague"]) == (8, False, "post")
    assert s["controlling"] == {"athens": "demagogues", "sparta": "agiad"}
    assert all(len(s["hands"][f]) == 10 for f in s["factions"])  # the leader and 9 cards (R40)
    game, turns = _play("14.1.08 A", "w")
    assert turns == {8} and game.outcome is not None


def test_the_end_of_the_first_war_starts_at_war_rule_14_1() -> None:
    """14.1.03 A (ruling R48): the set-up puts the cities at War; only if both
    Assemblies vote Peace in the Political phase is the rest of the turn, the theater
    phase included, played at Peace (City-State units then keep out of theaters where
    enemy City-State units stand, 9.2)."""
    s = Game.create(RULESET, scenario="14.1.03 A", seed="3").state
    assert (s["turn"], s["war"], s["persian_war"]) == (3, True, False)
    assert "eastmed" not in s["forces"]
    s = initial_state("14.1.03 A")
    th.add(s, "boeotia", "S", "land", 1)  # Spartan citizens in Boeotia
    th.add(s, "athens", "A", "land", 1)
    assert th.path(s, "A", "land", "athens", "boeotia") is not None  # at War: open
    # War/Peace won on both tracks: Peace is made in the Political Issues segment
    s["display"] = {"athens": [{"id": 1, "kind": "war_peace", "pos": 2}],
                    "sparta": [{"id": 1, "kind": "war_peace", "pos": -1}]}
    MACHINE.start(s, Context(Rng("p")), "political_issues")
    assert not s["war"] and not s["over"]  # a short scenario goes on (11.4 is 14.2-14.4's)
    assert th.path(s, "A", "land", "athens", "boeotia") is None  # the turn is at Peace now
    game, turns = _play("14.1.03 A", "3")
    assert turns == {3} and game.outcome is not None


def test_the_fall_of_the_athenian_empire_rule_14_1() -> None:
    s = initial_state("14.1.10 A")
    assert s["aristophanes"] == "Frogs B" and s["stock"] == {"athens": 13, "sparta": 13}
    assert s["alcibiades"] == "persia"  # the scenario puts him there (R49)
    # no levy: a Military marker in Athens raises nothing (R49)
    before = {o: dict(n) for o, n in s["forces"]["athens"].items()}
    MACHINE.start(s, Context(Rng("l")), "carry_out", theater="athens", owner="aristocrats",
                  kind="military")
    assert s["forces"]["athens"] == before and s["log"][-1]["kind"] == "no_levy"
    # Sparta holding the Hellespont wins the war whatever the Honor
    s["over"] = True
    s["honor"] = {"aristocrats": 30, "demagogues": 30, "agiad": 10, "eurypontid": 12}
    s["forces"]["hellespont"] = {"P": {"land": 0, "naval": 2, "bases": 1}}
    assert th.status(s, "hellespont") == "sparta"
    out = RULESET.outcome(s)
    assert out is not None and out.winners == ("eurypontid",)
    assert "Hellespont" in out.reason
    s["forces"]["hellespont"]["A"] = {"land": 0, "naval": 1, "bases": 0}  # contested
    out = RULESET.outcome(s)
    assert out is not None and out.winners == ("aristocrats",)
    game, turns = _play("14.1.10 A", "f")
    assert turns == {10} and game.outcome is not None
