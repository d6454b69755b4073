"""The Pericles heuristic (engine/players/pericles.py): its score is the city's Honor
lead first (1.0, 11.4), its rules of thumb read only the seat's view, it answers alike
when only facts hidden from its faction differ, and it beats random play."""

from __future__ import annotations

import copy
from typing import Any

from engine.core.decisions import random_answer
from engine.core.game import Game
from engine.core.rng import Rng
from engine.core.types import Option, Prompt
from engine.players import cannot_play
from engine.players.duel import play_one
from engine.players.pericles import choose, evaluate
from engine.players.testing import assert_player_blind
from engine.rulesets.pericles import RULESET

SCENARIO = "14.1.06 A"


def _game(seed: str = "h") -> Game:
    return Game.create(RULESET, scenario=SCENARIO, seed=seed)


def _walk_to(game: Game, kind: str, rng: Rng, limit: int = 600) -> Prompt:
    """Random play until some seat is asked a prompt of `kind`."""
    for _ in range(limit):
        found = next((p for p in game.prompts() if p.kind == kind), None)
        if found is not None:
            return found
        if game.outcome is not None:
            break
        p = rng.choice(game.prompts())
        game.act(p.seat, random_answer(p, rng))
    raise AssertionError(f"no {kind} prompt within {limit} actions")


def test_the_heuristic_may_take_a_pericles_seat() -> None:
    assert cannot_play("heuristic", "pericles") is None


def test_the_city_lead_outweighs_the_lead_over_the_compatriot_rule_1_0() -> None:
    view = _game().view("aristocrats")
    here = evaluate(view, "aristocrats")
    city = copy.deepcopy(view)
    city["honor"]["demagogues"] += 3  # Athens 3 ahead: the war leans our way
    own = copy.deepcopy(view)
    own["honor"]["aristocrats"] += 3
    own["honor"]["demagogues"] -= 3  # the same city total, only the rivalry inside
    assert evaluate(city, "aristocrats") > evaluate(own, "aristocrats") > here
    enemy = copy.deepcopy(view)
    enemy["honor"]["agiad"] += 3
    assert evaluate(enemy, "aristocrats") < here - 2.5


def test_the_end_of_the_war_dominates_the_score_rule_11_4() -> None:
    view = _game().view("agiad")
    won = copy.deepcopy(view)
    won["over"] = True
    won["honor"] = {"aristocrats": 10, "demagogues": 10, "agiad": 12, "eurypontid": 9}
    lost = copy.deepcopy(won)
    lost["honor"]["aristocrats"] = 12
    assert evaluate(won, "agiad") > 500 > -500 > evaluate(lost, "agiad")


def _debate_prompt(view: dict[str, Any], seat: str, issue: dict[str, Any]) -> Prompt:
    city = "athens"
    view["displays"][city] = [issue]
    view["debate"][city] = {"round": 1, "designated": issue["id"]}
    options = (
        Option("c1", "high", data={"card": 1, "leader": False, "face": 6, "value": 6,
                                   "award": 0}),
        Option("c2", "aligned", data={"card": 2, "leader": False, "face": 1, "value": 1,
                                      "award": 1}),
    )
    return Prompt(seat, "Debate round 1: play a card", options, "6.3", secret=True,
                  kind="debate")


def test_debate_pushes_an_issue_in_the_centre_and_takes_Strategos_elsewhere_rule_6_3() -> None:
    view = _game().view("aristocrats")
    rng = Rng("d")
    centre = {"id": 1, "kind": "oracle", "track": None, "box": 0}
    prompt = _debate_prompt(view, "aristocrats", centre)
    assert choose(view, prompt, None, rng) == "c1"
    # on the compatriot's track the issue is the city's marker anyway (7.3): earn Strategos
    theirs = {"id": 1, "kind": "oracle", "track": "demagogues", "box": 2}
    prompt = _debate_prompt(view, "aristocrats", theirs)
    assert choose(view, prompt, None, rng) == "c2"


def test_an_oracle_marker_covers_an_enemy_marker_rule_8_2() -> None:
    view = _game().view("agiad")
    view["queues"]["lesbos"] = [{"faction": "demagogues", "kind": None}]
    options = tuple(Option(f"oracle@{t}", t, data={"marker": "oracle", "theater": t})
                    for t in ("sicily", "lesbos", "aetolia"))
    prompt = Prompt("agiad", "Place a theater marker face down", options, "8.2", kind="place")
    assert choose(view, prompt, None, Rng("p")) == "oracle@lesbos"


def test_a_league_marker_goes_where_the_will_of_the_assembly_asks_rule_5_1() -> None:
    view = _game().view("aristocrats")
    # Athens must have a base in Chalcidice at the End phase (Clouds B); it has units there
    view["will"] = {"athens": {"theater": "chalcidice", "task": "base"}}
    view["forces"]["chalcidice"] = {"A": {"land": 2, "naval": 0, "bases": 0}}
    options = tuple(Option(f"league@{t}", t, data={"marker": "league", "theater": t})
                    for t in ("athens", "chalcidice", "cyclades"))
    prompt = Prompt("aristocrats", "Place a theater marker face down", options, "8.2",
                    kind="place")
    assert choose(view, prompt, None, Rng("w")) == "league@chalcidice"


def test_a_raid_is_taken_when_it_can_be_paid_rule_9_1() -> None:
    view = _game().view("eurypontid")
    prompt = Prompt("eurypontid", "Military issue", (Option("raid", "Raid"),
                                                      Option("expedition", "Expedition")),
                    "9.0", kind="raid_choice")
    assert choose(view, prompt, None, Rng("r")) == "raid"


def test_the_heuristic_answers_alike_when_only_hidden_facts_differ() -> None:
    """Hands, Entourages, the deck order and the other city's face-down markers are
    redealt (view.redeal); the heuristic's answer must not move."""
    checked = 0
    for kind in ("entourage", "nominate", "debate", "board", "place", "reveal", "commit"):
        game = _game(f"blind-{kind}")
        rng = Rng(f"blind-{kind}")
        try:
            prompt = _walk_to(game, kind, rng)
        except AssertionError:
            continue
        checked += assert_player_blind(game, prompt.seat, "heuristic", seed=kind)
    assert checked >= 10


def test_the_heuristic_beats_random_play_in_the_archidamian_war_rule_14_1() -> None:
    # A holds one city (both its factions), random the other; A's city must win the war
    results = [play_one("pericles", "heuristic", "random", f"t:{i}", i, SCENARIO)
               for i in range(8)]
    assert sum(r.winner == "a" for r in results) >= 7
