"""The Epic's state is a total TypedDict (issue 30, point 5): `EState` names every key
the game writes. Played here: every key a game holds is declared, every required key is
there from the start, and each top-level value has the declared JSON kind, so the
types mypy checks are the shapes the game really stores."""

from __future__ import annotations

import gzip
import json
import types
import typing
from pathlib import Path
from typing import Any, get_args, get_origin, get_type_hints

import pytest

import engine
from engine.core.decisions import random_answer
from engine.core.game import Game
from engine.core.rng import Rng
from engine.rulesets.epic import state as S
from engine.rulesets.epic.state import EState

HINTS = get_type_hints(EState)
FIXTURES = Path(__file__).parent / "fixtures"
SCENARIOS = sorted(engine.ruleset("epic").scenarios)


def _kinds(hint: Any) -> tuple[type, ...]:
    """The JSON kinds a declared type allows (the outer shape only)."""
    if get_origin(hint) in (typing.Union, types.UnionType):
        return tuple(k for a in get_args(hint) for k in _kinds(a))
    if hint is type(None):
        return (type(None),)
    if hint is Any:
        return (object,)
    if typing.is_typeddict(hint):
        return (dict,)
    return (get_origin(hint) or hint,)


def _record_problems(where: str, rec: dict[str, Any], typed: Any) -> list[str]:
    """A nested record (a region, a siege, the battle) against its TypedDict."""
    hints = get_type_hints(typed)
    bad = [f"{where}: undeclared key {k!r}" for k in rec if k not in hints]
    bad += [f"{where}: required key {k!r} missing" for k in typed.__required_keys__
            if k not in rec]
    bad += [f"{where}: {k!r} holds {type(v).__name__}" for k, v in rec.items()
            if k in hints and not isinstance(v, _kinds(hints[k]))]
    return bad


def _problems(s: dict[str, Any]) -> list[str]:
    bad = [f"undeclared key {k!r}" for k in s if k not in HINTS]
    bad += [f"required key {k!r} missing" for k in EState.__required_keys__ if k not in s]
    for k, v in s.items():
        if k in HINTS and not isinstance(v, _kinds(HINTS[k])):
            bad.append(f"{k!r} holds {type(v).__name__}, declared {HINTS[k]}")
    # the nested records typed so far (issue 30, point 3)
    for r, x in (s.get("regions") or {}).items():
        bad += _record_problems(f"region {r}", x, S.RegionState)
    for h, x in (s.get("sieges") or {}).items():
        bad += _record_problems(f"siege {h}", x, S.Siege)
    if s.get("battle"):
        bad += _record_problems("battle", s["battle"], S.BattleState)
    return bad


def test_the_check_catches_a_stray_key_a_missing_one_and_a_wrong_kind() -> None:
    g = Game.create(engine.ruleset("epic"), scenario="argive-league", seed="types")
    s = dict(g.state)
    s["stray"] = 1
    del s["year"]
    s["season"] = "Spring"
    assert _problems(s) == ["undeclared key 'stray'", "required key 'year' missing",
                            "'season' holds str, declared <class 'int'>"]
    s = json.loads(json.dumps(g.state))
    s["regions"]["argolid"]["stray"] = 1
    del s["regions"]["argolid"]["ml"]
    assert _problems(s) == ["region argolid: undeclared key 'stray'",
                            "region argolid: required key 'ml' missing"]


def test_saved_battles_and_sieges_match_their_declared_types() -> None:
    """Battles (at sea, by wings, storming) in the saved fixtures, as loaded today."""
    rules = engine.ruleset("epic")
    states = []
    for name in ("saved-substeps", "saved-wings"):
        with gzip.open(FIXTURES / f"{name}.json.gz", "rt") as f:
            states += [v["state"] for v in json.load(f).values()]
    loaded = [rules.load(x) for x in states]
    assert sum(1 for x in loaded if x["battle"]) >= 6
    assert [p for x in loaded for p in _problems(x)] == []


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_played_state_matches_its_declared_type(scenario: str) -> None:
    g = Game.create(engine.ruleset("epic"), scenario=scenario, seed=f"types-{scenario}",
                    options={"wings": scenario == "campaign"})
    rng = Rng(f"types:{scenario}")
    assert _problems(g.state) == []
    for _ in range(250):
        if g.outcome is not None:
            break
        p = rng.choice(g.prompts())
        g.act(p.seat, random_answer(p, rng))
        assert _problems(g.state) == []
    loaded = g.rules.load(g.rules.dump(g.state))
    assert _problems(loaded) == []


def test_accessors_refuse_what_is_not_there() -> None:
    g = Game.create(engine.ruleset("epic"), scenario="argive-league", seed="types")
    assert g.state["battle"] is None and g.state["cards"] is None  # simplified scenario
    with pytest.raises(RuntimeError):
        S.fighting(g.state)
    with pytest.raises(RuntimeError):
        S.dealt(g.state)
