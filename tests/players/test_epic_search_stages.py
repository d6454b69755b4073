"""The Epic search level weighs the Placement stage (7.3) and the Build stage (7.5) whole
(engine/players/epic_stage.py): a few plans, the heuristic's among them, each rolled out
in sampled worlds through a Campaign Turn of both sides' moves and battles."""

from __future__ import annotations

import copy
from dataclasses import replace

import engine
from engine.core.rng import Rng
from engine.players import decide
from engine.players import epic_stage as stage
from engine.players.duel import contender
from engine.players.epic import HEURISTIC
from engine.players.heuristic import _REGISTERED, register_heuristic
from engine.players.lookahead import worlds_for
from engine.players.rollout import Sim
from engine.players.search import SearchPlayer
from engine.players.testing import assert_player_blind
from engine.rulesets.epic import board as B
from engine.rulesets.epic import menus


def _at(scenario: str, seat: str, kind: str, seed: str = "stages"):
    """A game played by the heuristic up to `seat`'s first prompt of `kind`."""
    game = engine.new_game("epic", scenario, seed=seed)
    players = {s: contender("heuristic", f"{seed}:{s}") for s in game.seats}
    for _ in range(400):
        p = game.prompts()[0]
        if p.seat == seat and p.kind == kind:
            return game, p
        game.act(p.seat, decide(game, p.seat, players[p.seat]))
    raise AssertionError(f"no {kind} prompt for {seat}")


def _sparta_places():
    return _at("argive-league", "sparta", "place")


def test_a_placement_is_weighed_among_the_heuristics_plan_and_distinct_others():
    game, p = _sparta_places()
    plans = stage.plans(game.view("sparta"), p, "x")
    names = list(plans)
    assert names[0] == "heuristic" and plans["heuristic"] is None
    assert "hold" in names and plans["hold"].batches == []
    placing = [x for x in plans.values() if x is not None and x.batches]
    assert placing, plans  # at least one plan that puts units somewhere else
    leaves = {x["id"]: x for x in menus.leaves_of(p)}
    for plan in placing:
        for leaf, where, k in plan.batches:
            # 7.3.2: a kind of the Force Pool, to one of the cities it may go to
            assert leaves[leaf]["kind"] == "place_batch"
            assert where[3:] in [c.rsplit(":", 1)[1] for c in leaves[leaf]["also"]]
            assert 1 <= k <= leaves[leaf]["count"]
    assert len({tuple(x.batches) for x in placing}) == len(placing)  # no plan twice
    # where the heuristic places nothing, holding back is its own plan: not weighed twice
    assert "hold" not in stage.plans(game.view("sparta"), p, "done")


def test_the_search_rolls_every_plan_out_and_counts_the_stage():
    game, p = _sparta_places()
    played: list[object] = []

    def recording(sim, seat, plan, h):
        played.append(None if plan is None else tuple(plan.batches))
        stage.play_stage(sim, seat, plan, h)

    register_heuristic("epic", replace(HEURISTIC, play_stage=recording))
    try:
        search = SearchPlayer("t", samples=2)
        answer = decide(game, "sparta", search)
    finally:
        _REGISTERED.pop("epic", None)
    plans = stage.plans(game.view("sparta"), p, "x")
    assert p.option(answer) is not None
    assert search.stages_searched == 1 and sum(search.stage_choices.values()) == 1
    # each plan in each of the 2 worlds
    assert len(played) == 2 * len(plans) and len(set(played)) == len(plans)


class _Watched(Sim):
    """A sampled world that remembers the prompts it asked."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.asked: list[tuple[str, str]] = []

    def act(self, seat, option):
        p = self.prompt()
        self.asked.append((p.seat, p.kind) if p is not None else (seat, "?"))
        super().act(seat, option)


def test_a_stages_rollout_plays_both_sides_moves_and_stops_at_the_next_campaign_turn():
    game, p = _sparta_places()
    plans = stage.plans(game.view("sparta"), p, "x")
    plan = next(x for x in plans.values() if x is not None and x.batches)
    sim = _Watched(worlds_for(game, "sparta")(Rng("w")), Rng("dice"), Rng("policy"))
    stage.play_stage(sim, "sparta", copy.copy(plan), HEURISTIC)
    placed = [x for x in sim.asked if x == ("sparta", "placement")]
    assert len(placed) == len(plan.batches)  # each batch allocated by the plan
    start = len(sim.asked)
    before = {u: x.get("hex") for u, x in sim.view("sparta")["units"].items()}
    stage.play_on(sim, "sparta", HEURISTIC)
    after = sim.view("sparta")["units"]
    rolled = sim.asked[start:]
    # 22.4.1 e: Athens moves and fights, then Sparta; both moved a stack
    assert ("athens", "destination") in rolled and ("sparta", "destination") in rolled
    assert any(after[u].get("hex") != h for u, h in before.items()
               if after[u]["side"] == "sparta" and after[u]["where"] == "map")
    nxt = sim.prompt()  # cut at the next Campaign Turn's first move (or the season's end)
    assert nxt is None or nxt.kind in ("move", "place") and nxt.seat == "athens"


def test_a_chosen_plan_is_followed_through_the_stages_menus_in_the_game():
    game, p = _sparta_places()
    plans = stage.plans(game.view("sparta"), p, "x")
    plan = copy.copy(next(x for x in plans.values() if x is not None and x.batches))
    for _ in range(60):
        p = game.prompts()[0]
        if p.seat != "sparta" or stage.stage_of(p.kind) is None:
            break
        answer = plan.answer(game.view("sparta"), p)
        game.act("sparta", answer if answer is not None else "done")
    units = game.view("sparta")["units"].values()
    cities = B.comps().cities
    for leaf, where, k in plan.batches:
        _, home, utype, morale = leaf.split(":")
        there = [u for u in units if u["side"] == "sparta" and u["home"] == home
                 and u["type"] == utype and int(u["morale"]) == int(morale)
                 and u["where"] == "map" and u["hex"] == cities[where[3:]].hex]
        assert len(there) >= k


def test_a_build_stage_of_a_campaign_scenario_is_weighed_and_played_through():
    game, p = _at("archidamian", "athens", "build")
    plans = stage.plans(game.view("athens"), p, "x")
    assert list(plans)[:2] == ["heuristic", "hold"] and "more" in plans
    assert all(leaf.startswith("make:") and where == "build"
               for leaf, where, _ in plans["more"].batches)
    search = SearchPlayer("t", samples=2)
    for _ in range(40):
        p = game.prompts()[0]
        if p.seat != "athens" or stage.stage_of(p.kind) != "build":
            break
        game.act("athens", decide(game, "athens", search))
    else:
        raise AssertionError("the Build stage never ended")
    assert search.stages_searched == 1


def test_no_cheating_the_placement_searched_reads_only_the_view():
    game, p = _sparta_places()
    probe = SearchPlayer("0", samples=2)
    decide(game, "sparta", probe)
    assert probe.stages_searched == 1  # the stage is what this position proves blind
    assert assert_player_blind(game, "sparta", "search", seed="0", samples=2) >= 1
