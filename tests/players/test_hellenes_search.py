"""The Hellenes search weighs the Action menus where a move would Engage (5.4): the
heuristic guesses those battles from block counts, the sampled worlds fight them out."""

from __future__ import annotations

from dataclasses import replace

import pytest

import engine
from engine.core.rng import Rng
from engine.players import decide, player
from engine.players import hellenes as H
from engine.players.duel import contender
from engine.players.lookahead import worlds_for
from engine.players.rollout import Sim
from engine.players.testing import assert_player_blind


def _athens_actions(seed: str):
    """431, Spring: Athens' Action menu with three Actions, the set-up's units."""
    return engine.ruleset("hellenes").from_position(
        {"scenario": "431", "season": 1, "start": "actions", "args": {"side": "athens"},
         "turn": {"side": "athens", "actions": 3}}, seed=seed)


def test_the_search_weighs_the_heuristic_answer_an_engagement_and_another_way():
    game = _athens_actions("cand")
    prompt = game.prompt_for("athens")
    assert prompt is not None and prompt.kind == "actions"
    view = game.view("athens")
    fallback = decide(game, "athens", player("heuristic", 0))
    found = H.candidates(view, prompt, fallback)
    assert found[0] == fallback and 2 <= len(found) <= H.SEARCHED_ACTIONS
    assert len(set(found)) == len(found)
    seen = {o: H.imagine(view, prompt, o) for o in found[1:]}
    assert any(s is not None and H._engages(view, s, "athens") for s in seen.values())
    # With Actions still to come, ending the phase is not weighed (a rollout plays one
    # Action of each option): at the last one it is (the enemy's answer may punish a
    # move the score likes, issue 35.3), unless it is the heuristic's answer.
    assert "done" not in found[1:]
    last = replace(prompt, options=tuple(
        o if o.id != "done" else replace(o, data=dict(o.data or {}, left=1))
        for o in prompt.options))
    assert ("done" in H.candidates(view, last, fallback)) == (fallback != "done")
    # Nothing to weigh outside the Action menu; where nothing engages, no engaging option.
    assert H.candidates(view, prompt.__class__("athens", "x", prompt.options, kind="move"),
                        fallback) == []
    calm = dict(view, hidden_blocks=[])
    quiet = H.candidates(calm, prompt, fallback)
    assert not any(H._engages(calm, s, "athens") for o in quiet[1:]
                   if (s := H.imagine(calm, prompt, o)) is not None)


def test_a_weighed_option_is_followed_by_the_rest_of_the_action_phase():
    """In a sampled world the seat's Action phase is finished by the heuristic's rules
    (movers, cargo and musters picked by the score, not at random), so the rollout
    reaches the battles it set up."""
    game = _athens_actions("end-actions")
    worlds = worlds_for(game, "athens")
    assert worlds is not None
    prompt = game.prompt_for("athens")
    assert prompt is not None
    fallback = decide(game, "athens", player("heuristic", 0))
    option = H.candidates(game.view("athens"), prompt, fallback)[1]
    sim = Sim(worlds(Rng("w")), Rng("dice"), Rng("policy"))
    sim.act("athens", option)
    H.end_actions(sim, "athens")
    after = sim.prompt()
    assert after is None or after.seat != "athens" or after.kind not in H.ACTION_PHASE


def test_the_rollout_runs_through_the_enemys_answering_action_phase():
    """Athens acts first in the Season: after its weighed option the rollout plays on
    through Sparta's Action phase (its answer) and its battles, and stops only where a
    card is next committed or Athens' own next phase opens."""
    game = engine.new_game("hellenes", seed="answer")
    players = {s: player("heuristic", s) for s in game.seats}
    for _ in range(400):
        p = game.prompts()[0]
        view = game.view(p.seat)
        if p.seat == "athens" and p.kind == "actions" and view["season"] > 0 \
                and view["cards"]["order"][:1] == ["athens"]:
            break
        game.act(p.seat, decide(game, p.seat, players[p.seat]))
    else:
        pytest.fail("no Season with Athens first")
    worlds = worlds_for(game, "athens")
    assert worlds is not None
    fallback = decide(game, "athens", player("heuristic", 0))
    option = H.candidates(view, p, fallback)[1]
    sim = Sim(worlds(Rng("w")), Rng("dice"), Rng("policy"))
    acted: list[tuple[str, str]] = []
    act = sim.act

    def record(seat: str, answer: str) -> None:
        asked = sim.prompt()
        acted.append((seat, asked.kind if asked is not None else ""))
        act(seat, answer)

    sim.act = record  # type: ignore[method-assign]
    sim.act("athens", option)
    H.end_actions(sim, "athens")
    assert ("sparta", "actions") in acted
    after = sim.prompt()
    assert after is None or after.kind in ("commit", "sacrifice") or (
        after.seat == "athens" and after.kind in H.PHASE_STARTS)


@pytest.mark.slow
@pytest.mark.parametrize("style", ["raider", "aggressive"])
def test_no_cheating_levels_answer_alike_at_positions_hellenes_gauntlet_games_reach(style):
    """The no-cheating proof (engine/players/testing.py) for the heuristic and the search
    as Athens at positions of a game against a gauntlet player: every 20th decision for
    the heuristic, and for the search the Action menus it weighs in sampled worlds (the
    landings and Musters it imagines read the enemy's blocks from the view: where, not
    what), its battle decisions, and a Season's card where it weighs one (the enemy's
    card committed face down is hidden, 3.3)."""
    game = engine.new_game("hellenes", seed=f"hellenes-levels-{style}")
    players = {"athens": contender("heuristic", "h"), "sparta": contender(style, "g")}
    heuristic = search = cards = 0
    for step in range(600):
        if game.outcome is not None or (heuristic >= 10 and search >= 4 and cards >= 1):
            break
        p = game.prompts()[0]
        if p.seat == "athens" and step % 20 == 0:
            heuristic += assert_player_blind(game, p.seat, "heuristic", seed=step)
        if p.seat == "athens" and ((search < 4 and p.kind in ("actions", "retreat-or-fight",
                                                              "siege-combat"))
                                   or (cards < 1 and p.kind == "commit")):
            probe = contender("search", str(step), samples=2, horizon=20)
            decide(game, p.seat, probe)
            if probe.searched:  # type: ignore[attr-defined]
                blind = bool(assert_player_blind(game, p.seat, "search", seed=str(step),
                                                 samples=2, horizon=20))
                if p.kind == "commit":
                    cards += blind
                else:
                    search += blind
        game.act(p.seat, decide(game, p.seat, players[p.seat]))
    assert heuristic >= 10 and search >= 4 and cards >= 1
