"""The main scenarios 14.2-14.4 (rulings R46, R47): their variable end when Peace is
declared, the end of the Persian War by turn 3, the final bonuses, whole random games."""

from __future__ import annotations

import pytest

from engine.core.decisions import random_answer
from engine.core.game import Game
from engine.core.rng import Rng
from engine.core.ruleset import Context
from engine.rulesets.pericles import RULESET
from engine.rulesets.pericles import theaters as th
from engine.rulesets.pericles.end_phase import final_bonuses
from engine.rulesets.pericles.political import PoliticalIssues
from engine.rulesets.pericles.rules import MACHINE
from engine.rulesets.pericles.scenarios import initial_state


def _to_the_end(game: Game, rng: Rng) -> None:
    while game.outcome is None:
        p = rng.choice(game.prompts())
        game.act(p.seat, random_answer(p, rng))
        assert RULESET.check_invariants(game.state) == []


def test_peace_ends_a_main_scenario_in_the_political_issues_rule_11_4() -> None:
    s = initial_state("14.2")
    s["war"], s["turn"] = True, 3
    s["won"] = {"aristocrats": ["war_peace"], "demagogues": [], "agiad": ["war_peace"],
                "eurypontid": []}
    PoliticalIssues._war_peace(s)  # noqa: SLF001 - the segment's last step, on its own
    assert not s["war"] and s["over"] and s["log"][-1]["kind"] == "peace_end"
    # before the closing turns Peace does not end the war
    s = initial_state("14.2")
    s["war"], s["turn"] = True, 2
    s["won"] = {"aristocrats": ["war_peace"], "demagogues": [], "agiad": ["war_peace"],
                "eurypontid": []}
    PoliticalIssues._war_peace(s)  # noqa: SLF001
    assert not s["war"] and not s["over"]


def test_the_final_bonuses_rule_11_4() -> None:
    s = initial_state("14.3")
    held = {c: [t for t in s["forces"] if t != "persia" and th.status(s, t) == c]
            for c in ("athens", "sparta")}
    bases = {c: sum(n.get("bases", 0) for t, f in s["forces"].items() if t != "persia"
                    for o, n in th.owners_of(s, t, c).items()) for c in ("athens", "sparta")}
    before = dict(s["honor"])
    final_bonuses(s)
    for city, (a, b) in (("athens", ("aristocrats", "demagogues")),
                         ("sparta", ("agiad", "eurypontid"))):
        total = 2 * len(held[city]) + bases[city]
        assert s["honor"][a] + s["honor"][b] - before[a] - before[b] == total + (
            5 if city == "athens" else 0)  # the Favor lies with the Aristocrats (14.3)
    cf = s["controlling"]["sparta"]  # the Eurypontid: the odd point
    assert s["honor"][cf] - before[cf] >= s["honor"]["agiad"] - before["agiad"]


def test_the_persian_war_is_over_by_turn_3_rule_13_2() -> None:
    game = Game.create(RULESET, scenario="14.2", seed="pw")
    assert game.state["persian_war"] and "eastmed" in game.state["forces"]
    rng = Rng("pw")
    while game.outcome is None and game.state["turn"] < 3:
        p = rng.choice(game.prompts())
        game.act(p.seat, random_answer(p, rng))
    if game.outcome is None:
        assert not game.state["persian_war"]
        assert not any(o.id.endswith("@eastmed") for p in game.prompts() for o in p.options)


@pytest.mark.parametrize(("scenario", "first", "last"),
                         [("14.2", 3, 5), ("14.3", 8, 10), ("14.4", 7, 10)])
def test_a_main_scenario_plays_to_its_variable_end_rule_11_4(scenario: str, first: int,
                                                             last: int) -> None:
    game = Game.create(RULESET, scenario=scenario, seed="m")
    _to_the_end(game, Rng("m"))
    s = game.state
    assert s["over"] and (s["victor"] is not None or first <= s["turn"] <= last)
    kinds = [r["kind"] for r in s["log"]]
    if s["turn"] < last and s["victor"] is None:
        assert "peace_end" in kinds
    assert ("bonus" in kinds) == (s["victor"] is None)


def test_the_end_of_a_campaign_turn_is_split_at_the_political_issues_rule_11_4() -> None:
    s = initial_state("14.3")
    MACHINE.start(s, Context(Rng("x")), "campaign")
    assert s["flow"][0]["args"]["stage"] == "political"
