"""The Strategy Matrices and the walk that picks a Prime Strategy (rule 15.3)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.players.phormio.strategy import strategy_of
from engine.rulesets.pericles import strategy as st
from engine.rulesets.pericles.scenarios import initial_state


@pytest.fixture(scope="module")
def t6() -> Any:
    return initial_state("14.1.06 A")


def dice(*faces: int):  # type: ignore[no-untyped-def]
    it = iter(faces)
    return lambda: next(it)


def test_matrices_are_complete_rule_15_3() -> None:
    for city in ("athens", "sparta"):
        rows = st.matrix(city)
        assert rows[-1].last and sum(r.last for r in rows) == 1
        for r in rows:
            assert r.condition in st.PREDICATES
            assert r.no_roll is None or r.no_roll in st.NO_ROLL
            assert [n.issue for n in r.notes] == list(r.issues)
            assert 2 <= len(r.issues) <= 3
            assert not r.ours or r.why, r.id  # every row of ours says why


def test_worked_example_first_rows_rule_15_3(t6: Any) -> None:
    # 16.x: the Agiad (a 1-5) takes Protect Key Allies in Boeotia; the Aristocrats take
    # the Granary row (a 2) in Sicily and the Demagogues go on below it to Expansion
    assert st.choose(t6, "sparta", dice(3)) == ("protect_allies", "boeotia", [3])
    cf = st.choose(t6, "athens", dice(2))
    assert cf == ("granary", "sicily", [2])
    assert st.choose(t6, "athens", dice(1), after=cf[:2])[:2] == ("expansion", "macedonia")


def test_a_six_goes_on_to_the_next_row_rule_15_3(t6: Any) -> None:
    assert st.choose(t6, "sparta", dice(6, 4)) == ("sicily_presence", "sicily", [6, 4])
    # sixes all the way down: the last row is automatic
    assert st.choose(t6, "sparta", dice(6, 6))[:2] == ("convert_aegean", "cyclades")


def test_a_row_that_prevents_a_loss_takes_no_roll_rule_15_3(t6: Any) -> None:
    s = copy.deepcopy(t6)
    s["forces"]["hellespont"] = {"P": {"land": 0, "naval": 1, "bases": 0}}
    # no granary base left: the Granary row is taken without a die
    assert st.choose(s, "athens", dice()) == ("granary", "hellespont", [])
    s["forces"]["athens"]["S"] = {"land": 2, "naval": 0, "bases": 0}
    assert st.choose(s, "athens", dice()) == ("athens_contested", "athens", [])


def test_last_row_twice_takes_another_theater_rule_15_3(t6: Any) -> None:
    cf = st.choose(t6, "sparta", dice(6, 6))
    assert st.choose(t6, "sparta", dice(), after=cf[:2])[:2] == ("convert_aegean", "sporades")


def test_will_rows_read_the_will_theater_rule_15_3(t6: Any) -> None:
    s = copy.deepcopy(t6)
    s["will"] = {"athens": {"theater": "macedonia", "task": "base"}}
    assert st.choose(s, "athens", dice(6, 1)) == ("will_base", "macedonia", [6, 1])


def test_strategy_of_reads_the_view(t6: Any) -> None:
    view = {**t6, "prime": {"agiad": {"row": "protect_allies", "theater": "boeotia",
                                      "rolls": [3]}}}
    ps = strategy_of(view, "agiad")
    assert ps is not None and ps.theater == "boeotia" and ps.theaters[1] == "chalcidice"
    assert ps.issues == ("military", "league", "military")
    assert ps.notes[1].units == "naval" and ps.notes[0].place == "capital"
    assert strategy_of(view, "eurypontid") is None


def test_the_spartan_will_base_row_goes_by_diplomacy_first_ours(t6: Any) -> None:
    """Our row: a Spartan Will to build a base in the Aegean (Ionia here) is met by
    Strategos on a Diplomatic marker, as no Spartan unit stands there to found it with a
    League marker (8.5); so Diplomatic leads the row and its note converts."""
    s = copy.deepcopy(t6)
    s["will"] = {"sparta": {"theater": "ionia", "task": "base"}}
    row, theater, _ = st.choose(s, "sparta", dice(1))
    assert (row, theater) == ("will_base", "ionia")
    ps = st.strategy("agiad", row, theater, s)
    assert ps.issues[0] == "diplomatic" and ps.notes[0].action == "convert"


def test_sparta_raids_attica_only_where_a_raid_is_open_ours(t6: Any) -> None:
    """Our Raid Attica row holds only while Spartan units stand in Attica: a Military
    marker in an uncontested Athens is an expedition against the capital, not a raid
    (9.0)."""
    s = copy.deepcopy(t6)
    s["war"] = True
    rows = {r.id: r for r in st.matrix("sparta")}
    holds = st.PREDICATES[rows["raid_attica"].condition]
    assert not holds(s, "sparta", "athens")
    s["forces"]["athens"]["S"] = {"land": 2, "naval": 0, "bases": 0}
    assert holds(s, "sparta", "athens")
