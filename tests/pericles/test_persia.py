"""Persia and the Persian War (13.0, rulings R41-R45): the Persia box, Persian bases,
Persian gold, the Peace of Callias and its price in 14.1.02 A."""

from __future__ import annotations

from typing import Any

from engine.core.decisions import random_answer
from engine.core.game import Game
from engine.core.rng import Rng
from engine.core.ruleset import Context
from engine.rulesets.pericles import RULESET
from engine.rulesets.pericles import theaters as th
from engine.rulesets.pericles.persia import PERSIA, gold_theaters, persian_bases
from engine.rulesets.pericles.rules import MACHINE
from engine.rulesets.pericles.scenarios import initial_state
from engine.rulesets.pericles.schema import PericlesState


def run(s: PericlesState, name: str, seat: str, answer: str | None, **args: Any) -> Context:
    ctx = Context(Rng("t"))
    MACHINE.start(s, ctx, name, **args)
    if answer is not None:
        MACHINE.act(s, seat, answer, ctx)
    return ctx


def test_persia_takes_markers_but_no_units_rule_13_1() -> None:
    s = initial_state("14.1.09 A")
    assert s["alcibiades"] == "persia" and persian_bases(s) == 2
    assert PERSIA in s["forces"] and th.path(s, "P", "naval", "ionia", PERSIA) is None
    # an Athenian League marker revealed there does nothing (R41)
    before = (dict(s["honor"]), {o: dict(n) for o, n in s["forces"][PERSIA].items()})
    run(s, "carry_out", "aristocrats", None, theater=PERSIA, owner="aristocrats", kind="league")
    assert (s["honor"], s["forces"][PERSIA]) == before
    assert s["log"][-1]["kind"] == "inert"


def test_a_spartan_league_marker_in_persia_founds_a_base_rule_13_1() -> None:
    s = initial_state("14.1.09 A")
    run(s, "carry_out", "agiad", None, theater=PERSIA, owner="agiad", kind="league")
    assert persian_bases(s) == 3 and s["honor"]["agiad"] == 12  # +2 (R42)
    run(s, "carry_out", "agiad", None, theater=PERSIA, owner="agiad", kind="diplomatic")
    assert persian_bases(s) == 3 and s["honor"]["agiad"] == 12  # three at most
    # with Alcibiades back in Athens nothing is founded
    s = initial_state("14.1.09 A")
    s["alcibiades"] = "athens"
    run(s, "carry_out", "agiad", None, theater=PERSIA, owner="agiad", kind="league")
    assert persian_bases(s) == 2


def test_the_peace_of_callias_rule_13_2() -> None:
    s = initial_state("14.1.02 A")
    assert s["persian_war"] and "eastmed" in s["forces"]
    s["strategos"]["demagogues"] = 6
    run(s, "diplomatic_issue", "demagogues", "3", theater="eastmed", owner="demagogues")
    assert s["persian_war"] and s["strategos"]["demagogues"] == 3  # too few: spent
    s["strategos"]["demagogues"] = 6
    run(s, "diplomatic_issue", "demagogues", "4", theater="eastmed", owner="demagogues")
    assert not s["persian_war"] and s["honor"]["aristocrats"] == 13  # the CF's +3 (R43)
    assert s["strategos"]["demagogues"] == 2
    # the PEACE marker: theater 20 takes no more markers
    s["markers"]["aristocrats"] = ["oracle"]
    s["order"] = ["aristocrats"]
    MACHINE.start(s, Context(Rng("p")), "placement")
    (prompt,) = MACHINE.prompts(s)
    assert "oracle@athens" in {o.id for o in prompt.options}
    assert not any(o.id.endswith("@eastmed") for o in prompt.options)


def test_persian_gold_buys_ships_rule_13_1() -> None:
    s = initial_state("14.1.09 C")
    assert gold_theaters(s) == []  # all 12 Peloponnesian ships are on the map at turn 9
    port = "chios"
    s["forces"][port]["P"]["naval"] -= 2  # two counters back in the pool
    ports = gold_theaters(s)
    assert port in ports and all(th.bases(s, t, "P") for t in ports)
    before = s["forces"][port]["P"]["naval"]
    MACHINE.start(s, Context(Rng("g")), "persian_gold")
    (prompt,) = MACHINE.prompts(s)
    assert prompt.seat == "agiad" and "2 left" in prompt.text  # two Persian bases
    MACHINE.act(s, "agiad", port, Context(Rng("g")))
    MACHINE.act(s, "agiad", port, Context(Rng("g")))
    assert s["forces"][port]["P"]["naval"] == before + 2 and MACHINE.prompts(s) == []


def test_no_callias_costs_the_athenian_cf_ten_rule_14_1() -> None:
    game = Game.create(RULESET, scenario="14.1.02 A", seed="c")
    rng = Rng("c")
    while game.outcome is None:
        p = rng.choice(game.prompts())
        game.act(p.seat, random_answer(p, rng))
    kinds = [r["kind"] for r in game.state["log"]]
    assert game.state["persian_war"] == ("callias_missed" in kinds)
    if "callias_missed" in kinds:
        missed = next(r for r in game.state["log"] if r["kind"] == "callias_missed")
        assert missed["n"] == 10 and missed["faction"] == game.state["controlling"]["athens"]
