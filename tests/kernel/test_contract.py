"""The kernel's contract suite (`engine.testing`), run for every registered ruleset,
scenario and player count, the kernel's fixture games included: views built for every
seat at every step, cited rules that resolve, redaction proofs for N seats, worlds drawn
for a seat from its view alone, dump and load, no stalls; prompts that do not change with
a second thread playing beside; random games that end (no dead end, no runaway)."""

from __future__ import annotations

import copy

import pytest

import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng
from engine.testing import (
    check_contract,
    determinize_problems,
    play_to_the_end,
    prompts_beside_a_thread,
    sentences_in,
)
from tests.fixtures.allies import ALLIES, Allies
from tests.fixtures.council import COUNCIL
from tests.fixtures.duel import DUEL

# every registered game (the `keryx.games` entries) and the fixtures imported above
RULESETS = tuple(engine.ruleset_ids())
assert {"athens-sparta", "hellenes", "epic", DUEL.id, ALLIES.id, COUNCIL.id} <= set(RULESETS)
# Test fixtures written in the old style on purpose, with sentences in their state (log
# lines, the reason of a win): the wording check must catch them (docs/architecture.md).
WORDING_LEFT = {ALLIES.id}


def _games() -> list[tuple[str, str, int | None]]:
    out = []
    for rid in RULESETS:
        for name, scenario in engine.ruleset(rid).scenarios.items():
            counts = list(scenario.counts) if scenario.players else [None]
            out.extend((rid, name, n) for n in counts)
    return out


GAMES = _games()
IDS = [f"{r}-{s}-{n or ''}" for r, s, n in GAMES]


@pytest.mark.parametrize(("rid", "scenario", "players"), GAMES, ids=IDS)
def test_the_contract_holds(rid, scenario, players):
    options = {"players": players} if players else None
    problems = check_contract(engine.ruleset(rid), scenario, f"contract:{rid}", options,
                              actions=120, redaction_every=30,
                              wording=rid not in WORDING_LEFT)
    assert problems == []


@pytest.mark.parametrize("rid", sorted(WORDING_LEFT))
@pytest.mark.xfail(strict=True, reason="the allies fixture keeps its sentences on purpose: "
                   "the wording check must find them")
def test_no_wording_is_kept_in_the_state(rid):
    rules = engine.ruleset(rid)
    problems = check_contract(rules, None, f"wording:{rid}", actions=400,
                              redaction_every=1_000)
    assert not [p for p in problems if p.startswith("wording")]


@pytest.mark.parametrize("rid", sorted(set(RULESETS) - WORDING_LEFT))
def test_rulesets_on_the_kernel_keep_no_wording(rid):
    """Those moved onto the kernel's records (issue 30, point 3): 0 sentences in the
    state over a long random game."""
    problems = check_contract(engine.ruleset(rid), None, f"wording:{rid}", actions=400,
                              redaction_every=1_000)
    assert [p for p in problems if p.startswith("wording")] == []


def test_sentences_are_found_and_facts_are_not():
    state = {"log": ["Sparta attacks Athens at Plataea"], "hex": "G7", "units": ["S1 H"],
             "note": {"deep": [1, "a few words but short"]}}
    assert [p.split(":")[0] for p in sentences_in(state)] == [".log[0]", ".note.deep[1]"]


MOVED = sorted({"athens-sparta", "hellenes", "epic", ALLIES.id} - WORDING_LEFT)


# every Epic scenario, with and without wings, takes tens of seconds: the slow lane
@pytest.mark.parametrize("rid", [pytest.param(r, marks=pytest.mark.slow) if r == "epic" else r
                                 for r in MOVED])
def test_a_ruleset_moved_onto_records_keeps_no_wording_in_its_state(rid):
    """Every scenario of a ruleset that left its sentences behind (the Epic's battles with
    wings too): every 10th of 400 random actions, and at the end, no wording in the state."""
    rules = engine.ruleset(rid)
    for scenario in rules.scenarios:
        for options in (None, {"wings": True}) if "wings" in rules.options else (None,):
            game = engine.new_game(rid, scenario=scenario, seed=f"wording:{rid}",
                                   options=options)
            player = Rng(f"wording:{rid}")
            for step in range(401):
                if step % 10 == 0 or game.outcome is not None:
                    assert sentences_in(rules.dump(game.state)) == [], (scenario, step)
                if game.outcome is not None:
                    break
                p = player.choice(game.prompts())
                game.act(p.seat, random_answer(p, player))


# A random game of the Epic's campaigns runs to thousands of choices: those are the slow lane.
LONG = {"epic"}


@pytest.mark.parametrize("rid", RULESETS)
def test_prompts_are_the_same_beside_a_second_thread(rid):
    assert prompts_beside_a_thread(engine.ruleset(rid), None, f"threads:{rid}",
                                   actions=60) == []


@pytest.mark.parametrize(("rid", "scenario", "players"), [
    pytest.param(*g, marks=pytest.mark.slow) if g[0] in LONG else g for g in GAMES], ids=IDS)
def test_random_games_end_without_dead_end_or_runaway(rid, scenario, players):
    options = {"players": players} if players else None
    assert play_to_the_end(engine.ruleset(rid), scenario, f"end:{rid}", options) == []


class Peeking(Allies):
    """Draws the worlds it is asked for from the true state: the stances it should not
    know stay as they are."""

    def determinize(self, s, seat, rng):
        return copy.deepcopy(s)


def _committed_not_revealed(rules):
    game = engine.Game.create(rules, seed="peek")
    player = Rng("peek")
    while not (game.state["stance"] and not game.state["revealed"]):
        p = player.choice(game.prompts())
        game.act(p.seat, random_answer(p, player))
    return game


def test_a_world_drawn_from_hidden_facts_is_caught():
    game = _committed_not_revealed(ALLIES)
    seat = next(x for x in game.seats if x not in game.state["stance"])
    assert determinize_problems(ALLIES, game.state, seat, "peek") == []
    found = determinize_problems(Peeking(), game.state, seat, "peek")
    assert found and "depends on facts hidden" in found[0]


def test_the_fuzzer_checks_find_dead_ends_and_runaways():
    class Stuck(Allies):
        def prompts(self, s):
            return [] if s["round"] > 1 else super().prompts(s)

    class Endless(Allies):
        def outcome(self, s):
            return None

        def prompts(self, s):
            return super().prompts(s) or [engine.Prompt(
                "thebes", "again", (engine.Option("again", "again"),))]

        def apply(self, s, seat, option_id, ctx):
            if option_id != "again":
                super().apply(s, seat, option_id, ctx)

    assert "stuck" in play_to_the_end(Stuck(), None, "stuck")[0]
    assert "no outcome after 300" in play_to_the_end(Endless(), None, "loop", max_actions=300)[0]
