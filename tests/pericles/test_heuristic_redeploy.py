"""The Pericles heuristic brings its capital's guard home between turns: a city left with
no base of its own in its capital loses the war at the End phase (rule 11.1, ruling R32),
and redeployment (11.3) is the one move home a unit gets between two turns. While the
enemy's whole next-turn commitment (9.2: the CG 5, the other faction 4; the State Ship,
12.0) with its units there and next door could win the capital's first battle, the
heuristic's redeployment brings units of the capital's kind home; maintenance (11.2)
removes a unit away from the capital before one guarding it."""

from __future__ import annotations

from engine.core.game import Game
from engine.core.rng import Rng
from engine.core.ruleset import Context
from engine.core.types import Prompt
from engine.players.duel import contender, play_one
from engine.players.lookahead import decide
from engine.players.pericles import choose, next_turn_gap
from engine.players.testing import assert_player_blind
from engine.rulesets.pericles import RULESET
from engine.rulesets.pericles import theaters as th
from engine.rulesets.pericles.end_phase import unit_options
from engine.rulesets.pericles.rules import MACHINE
from engine.rulesets.pericles.scenarios import initial_state
from engine.rulesets.pericles.schema import PericlesState
from engine.rulesets.pericles.view import build_view

SCENARIO = "14.1.06 A"
SPARTA_CF = "eurypontid"


def _bare_sparta(home_foot: int, away_foot: int) -> PericlesState:
    """14.1.06 A after turn 6's battles (n12-aggressive:57): `home_foot` Spartan foot
    left in Sparta with its 2 bases, `away_foot` in Boeotia beside the League's base;
    Athens' foot and fleet next door in Athens."""
    s = initial_state(SCENARIO)
    s["war"] = True
    s["forces"]["sparta"]["S"]["land"] = home_foot
    th.add(s, "boeotia", "S", "land", away_foot)
    s["controlling"]["sparta"] = SPARTA_CF
    s["strategos"] = dict.fromkeys(s["strategos"], 0)
    return s


def _redeploy_all(s: PericlesState) -> list[str]:
    """Sparta's redeployment, answered by the heuristic to its end (Athens stays put)."""
    s["flow"] = []
    ctx = Context(Rng("r"))
    MACHINE.start(s, ctx, "redeployment")
    answers: list[str] = []
    while s["flow"]:
        prompts = {p.seat: p for p in MACHINE.prompts(s)}
        if SPARTA_CF in prompts:
            p = prompts[SPARTA_CF]
            answer = choose(build_view(s, SPARTA_CF), p, None, Rng("h"))
            assert answer is not None
            answers.append(answer)
            MACHINE.act(s, SPARTA_CF, answer, ctx)
        else:
            MACHINE.act(s, "aristocrats" if "aristocrats" in prompts else "demagogues",
                        "done", ctx)
    return answers


def test_the_foot_comes_home_while_the_capital_could_fall_next_turn_rule_11_3() -> None:
    """On main Sparta answered `done` at once and lost its capital the next turn."""
    s = _bare_sparta(home_foot=1, away_foot=6)
    assert next_turn_gap(build_view(s, SPARTA_CF), "sparta") > 0
    answers = _redeploy_all(s)
    assert answers[0] == "S:land@boeotia>sparta"
    assert answers[-1] == "done"
    assert s["forces"]["sparta"]["S"]["land"] > 1
    assert next_turn_gap(build_view(s, SPARTA_CF), "sparta") == 0
    assert s["forces"]["boeotia"]["S"]["land"] >= 1  # only what the capital needs came


def test_a_capital_that_holds_keeps_its_units_where_they_stand_rule_11_3() -> None:
    s = _bare_sparta(home_foot=8, away_foot=3)
    assert next_turn_gap(build_view(s, SPARTA_CF), "sparta") == 0
    assert _redeploy_all(s) == ["done"]
    assert s["forces"]["boeotia"]["S"]["land"] == 3


def test_maintenance_removes_a_unit_away_before_the_capital_s_guard_rule_11_2() -> None:
    """Two Spartan foot cost and give the same; the one in Boeotia goes (on main the
    first listed, the one in Sparta, went: n12-aggressive:57)."""
    s = _bare_sparta(home_foot=2, away_foot=6)
    options = tuple(o for o in unit_options(s, "sparta", "Remove")
                    if (o.data or {})["owner"] == "S" and (o.data or {})["kind"] == "land")
    assert [o.id for o in options] == ["S:land@sparta", "S:land@boeotia"]
    prompt = Prompt(SPARTA_CF, "remove", options, "11.2", kind="maintenance")
    assert choose(build_view(s, SPARTA_CF), prompt, None, Rng("m")) == "S:land@boeotia"


def test_the_game_lost_with_the_capital_next_turn_is_won_rule_11_1() -> None:
    """n12-aggressive:57 (per12's report): Sparta's foot left home in turn 6 and stayed
    out; in turn 7 three Athenian expeditions took Sparta's bases."""
    seats = list(RULESET.seats(SCENARIO))
    result = play_one("pericles", "heuristic", "aggressive", "n12-aggressive:57",
                      seats.index("agiad"), SCENARIO)
    assert result.winner == "a", result.reason


def test_the_redeployment_reads_only_the_seat_view() -> None:
    """At Sparta's redeployment and maintenance decisions of n12-aggressive:57, the
    heuristic's answers do not move when the facts hidden from Sparta are redealt."""
    game = Game.create(RULESET, scenario=SCENARIO, seed="n12-aggressive:57")
    sparta = {"agiad", "eurypontid"}
    players = {s: contender("heuristic" if s in sparta else "aggressive",
                            f"n12-aggressive:57:{s}") for s in game.seats}
    checked = asked = 0
    while game.outcome is None:
        p = game.prompts()[0]
        if p.seat in sparta and p.kind in ("redeploy", "maintenance"):
            asked += 1
            checked += assert_player_blind(game, p.seat, "heuristic", seed=p.kind)
        game.act(p.seat, decide(game, p.seat, players[p.seat]))
    assert asked >= 3
    assert checked >= 3


def test_no_state_ship_comes_back_where_the_scenario_has_none_rule_12_0() -> None:
    """The State Ship is readied in the End phase only where the scenario has one
    (end_phase: "none" stays "none"): Sparta's reckoning of the next turn adds it only
    then."""
    s = _bare_sparta(home_foot=1, away_foot=6)
    s["state_ship"] = "used"
    with_ship = next_turn_gap(build_view(s, SPARTA_CF), "sparta")
    s["state_ship"] = "none"
    assert next_turn_gap(build_view(s, SPARTA_CF), "sparta") == with_ship - 1
