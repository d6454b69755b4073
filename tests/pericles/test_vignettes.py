"""The eight battle vignettes of 14.1: one theater, the pieces and Strategos the
scenario lists, one battle card a side for each battle, fought in the order listed."""

from __future__ import annotations

import pytest

from engine.core.game import Game
from engine.core.rng import Rng
from engine.core.ruleset import Context
from engine.rulesets.pericles import RULESET
from engine.rulesets.pericles.rules import MACHINE
from engine.rulesets.pericles.scenarios import VIGNETTES, initial_state

VIGNETTE_IDS = list(VIGNETTES)


def fight(scenario: str, athens: list[int], sparta: list[int], *losses: str) -> dict:
    """Run the vignette's battles with these battle cards (the last is turned first),
    naming the owners who lose first when asked."""
    s = initial_state(scenario)
    s["deck"] = {"athens": athens, "sparta": sparta}
    ctx = Context(Rng("v"))
    MACHINE.start(s, ctx, "vignette_battles")
    for owner in losses:
        [p] = MACHINE.prompts(s)
        assert p.kind == "losses"
        MACHINE.act(s, p.seat, owner, ctx)
    assert MACHINE.prompts(s) == []
    s["over"] = True  # the scenario's last step
    return dict(s)


def test_samos_revolt_naval_then_land_rule_14_1() -> None:
    # at sea: 4 Athenian ships (8) + 9 St + a 5 against the P base (2) + 4 St + a 1: the
    # base stands while the Peloponnesian foot do, so nothing falls
    # on land: 1 Athenian foot + 9 St + a 1 = 11 against 2 foot + base + 4 St + a 1 = 9:
    # both foot die (the base survives, the points spent) and the winner loses its foot
    s = fight("14.1.04 B", [18, 5], [45, 42])
    assert s["results"] == ["athens", "athens"]
    assert s["battle"]["facts"]["strength"] == {"athens": 11, "sparta": 9}
    assert s["forces"]["samos"]["P"] == {"land": 0, "naval": 0, "bases": 1}
    assert s["forces"]["samos"]["A"] == {"land": 0, "naval": 4, "bases": 0}
    out = RULESET.outcome(s)  # type: ignore[arg-type]
    assert out is not None and out.winners == ("aristocrats",)


def test_mantinea_sparta_cannot_lose_rule_14_1() -> None:
    # Athens: 4 Argive, 1 Athenian, 3 Delian foot, a Delian base, 4 St = 14 + at most 5;
    # Sparta: 6 Spartan foot (12), 2 bases (4), 8 St = 24 + at least 1
    s = fight("14.1.08 B", [5], [42], "argos")
    assert s["battle"]["facts"]["strength"] == {"athens": 19, "sparta": 25}
    assert s["results"] == ["sparta"]
    # 6 points: the Agiad takes the 4 Argives first, then Athenian and Delian foot
    forces = s["forces"]["sparta"]
    assert forces["argos"]["land"] == 0 and forces["A"]["land"] + forces["D"]["land"] == 2
    # 6 losers' foot fell: the winner loses 3 points, one Spartan foot (2) and no more
    assert forces["S"]["land"] == 5
    out = RULESET.outcome(s)  # type: ignore[arg-type]
    assert out is not None and out.winners == ("agiad",)


def test_a_split_is_a_draw_rule_14_1() -> None:
    # Samos again: Athens wins at sea, then turns a 1 against a 5 on land: 11 to 13
    s = fight("14.1.04 B", [18, 5], [33, 42])
    assert s["results"] == ["athens", "sparta"]
    out = RULESET.outcome(s)  # type: ignore[arg-type]
    assert out is not None and out.winners == ()


@pytest.mark.parametrize("scenario", VIGNETTE_IDS)
def test_vignettes_play_to_an_end(scenario: str) -> None:
    for seed in range(5):
        game = Game.create(RULESET, scenario=scenario, seed=seed)
        rng = Rng(seed)
        while game.outcome is None:
            p = rng.choice(game.prompts())
            from engine.core.decisions import random_answer

            game.act(p.seat, random_answer(p, rng))
            assert RULESET.check_invariants(game.state) == []
        assert len(game.state["results"]) == len(VIGNETTES[scenario][1].vignette[4])  # type: ignore[index]
