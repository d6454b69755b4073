"""Each scenario's starting position read from its text in the playbook (3.1, 3.2, 5.13,
13.2, 14.1-14.4): the turn, War or Peace, the governing factions and the Assembly
markers, Alcibiades, the Persian War, the Plague, the Strategos stock and the Honor."""

from __future__ import annotations

import pytest

from engine.rulesets.pericles.persia import persian_bases
from engine.rulesets.pericles.scenarios import initial_state
from engine.rulesets.pericles.theater_flow import honor_order

AR_AG = {"athens": "aristocrats", "sparta": "agiad"}
AR_EU = {"athens": "aristocrats", "sparta": "eurypontid"}
NEUTRAL = {"athens": None, "sparta": None}

# scenario: turn, at War, governing factions, Assembly markers, Alcibiades, Persian War
# active, stock a city
STARTS = {
    "14.1.01 A": (1, True, AR_AG, NEUTRAL, "athens", True, 21),
    "14.1.01 C": (1, True, AR_AG, NEUTRAL, "athens", True, 21),
    "14.1.02 A": (2, True, AR_AG, NEUTRAL, "athens", True, 21),
    "14.1.03 A": (3, True, AR_AG, NEUTRAL, "athens", False, 21),
    "14.1.04 A": (4, False, AR_AG, NEUTRAL, "athens", False, 21),
    "14.1.06 A": (6, False, AR_EU, NEUTRAL, "athens", False, 21),
    "14.1.08 A": (8, False, {"athens": "demagogues", "sparta": "agiad"}, NEUTRAL, "athens",
                  False, 21),
    "14.1.09 A": (9, True, AR_AG, NEUTRAL, "persia", False, 21),
    "14.1.09 C": (9, True, AR_AG, NEUTRAL, "persia", False, 21),
    "14.1.10 A": (10, True, AR_AG, NEUTRAL, "persia", False, 21 - 8),
    "14.2": (1, False, AR_AG, NEUTRAL, "athens", True, 21),
    "14.3": (6, False, AR_EU, {"athens": "aristocrats", "sparta": None}, "athens", False, 21),
    "14.4": (1, False, AR_AG, NEUTRAL, "athens", True, 21),
}


@pytest.mark.parametrize("scenario", list(STARTS))
def test_each_scenario_starts_as_its_text_says_rule_14_1(scenario: str) -> None:
    """14.1-14.4: every faction starts with 10 Honor (3.1), each city with a Board pool of
    5 and a stock of 21 less any cut the scenario makes (R1; 14.1.10 A removes 8); the
    turn, War or Peace, the governing factions, the Assembly markers (Neutral unless the
    scenario says otherwise: 14.3 puts Athens' on the Aristocrats), where Alcibiades
    stands and whether the Persian War is on (turns 1-2, 13.2) are the scenario's own.
    A scenario starting in turn 7 or later is after the Plague (5.13)."""
    turn, war, controlling, favor, alcibiades, persian_war, stock = STARTS[scenario]
    s = initial_state(scenario)
    assert s["turn"] == turn and s["war"] == war
    assert s["controlling"] == controlling and s["favor"] == favor
    assert s["alcibiades"] == alcibiades and s["persian_war"] == persian_war
    assert s["plague"] == ("post" if turn >= 7 else "pre")
    assert s["stock"] == {"athens": stock, "sparta": stock} and s["board"] == {"athens": 5, "sparta": 5}
    assert s["honor"] == dict.fromkeys(("aristocrats", "demagogues", "agiad", "eurypontid"), 10)


def test_the_training_scenarios_honor_order_and_persia_rule_14_1() -> None:
    """14.1.01 A and 14.1.09 A: with all at 10 Honor the order is Aristocrats, Agiad,
    Demagogues, Eurypontid (8.1, R18); 14.1.09 A puts two Persian bases in Persia."""
    for scenario in ("14.1.01 A", "14.1.09 A"):
        assert honor_order(initial_state(scenario)) == \
            ["aristocrats", "agiad", "demagogues", "eurypontid"]
    assert persian_bases(initial_state("14.1.09 A")) == 2


def test_the_ravages_of_war_are_the_campaigns_own_rule_14_43() -> None:
    """14.4 lists the Ravages of War among its own scenario rules; 14.2 and 14.3 only as
    an option (R50)."""
    assert initial_state("14.4")["ravages"]
    assert not initial_state("14.2")["ravages"] and not initial_state("14.3")["ravages"]


@pytest.mark.parametrize("scenario", ["14.1.01 C", "14.1.02 A", "14.1.03 A", "14.1.04 A",
                                      "14.1.06 A", "14.1.08 A", "14.1.09 C", "14.1.10 A",
                                      "14.2", "14.3", "14.4"])
def test_the_whole_map_has_the_persia_box_rule_13_1(scenario: str) -> None:
    """2.0 and 13.1: a scenario that uses the whole map has its 20 theaters and the
    Persia box, where markers may go (R41); the Eastern Mediterranean only while the
    Persian War lasts (the PEACE marker lies there from turn 3, 13.2). The turn-8 and
    later set-ups put Persian bases there (R40)."""
    s = initial_state(scenario)
    assert "persia" in s["forces"] and ("eastmed" in s["forces"]) == s["persian_war"]
    assert len(s["forces"]) == 19 + 1 + int(s["persian_war"])
    assert persian_bases(s) == {8: 2, 9: 2, 10: 3}.get(s["turn"], 0)
