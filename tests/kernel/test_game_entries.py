"""One registration point per game (engine/core/games.py): a game in another package is
found by every registry — ruleset, renderer, heuristic, bench sections, compiled modules —
from its one `keryx.games` entry; the built-in games are registered the same way."""

from __future__ import annotations

import sys
import tomllib
from importlib.metadata import entry_points

import pytest

import engine
from engine import compiled
from engine.core import games
from engine.core.registry import rulesets
from engine.players.heuristic import heuristic_for
from keryx import bench
from renders.registry import renderer

PACKAGE = '''
from engine.core.games import GameEntry
from engine.players.heuristic import RulesetHeuristic
from tests.fixtures.duel import Duel


class Skirmish(Duel):
    id = "skirmish"
    title = "Skirmish"


RULESET = Skirmish()
HEURISTIC = RulesetHeuristic(evaluate=lambda view, seat: 0.0,
                             choose=lambda view, prompt, look, rng: None)


def bench_skirmish():
    return {"skirmish_games": 1}


GAME = GameEntry(id="skirmish", ruleset="skirmish_game:RULESET",
                 renderer="tests.fixtures.duel_render:RENDERER",
                 heuristic="skirmish_game:HEURISTIC",
                 bench=(("skirmish", "skirmish_game:bench_skirmish"),),
                 compiled=("skirmish_game.hot",))
'''


@pytest.fixture
def installed_game(tmp_path, monkeypatch):
    """A package `skirmish_game` installed beside Keryx with one `keryx.games` entry."""
    (tmp_path / "skirmish_game.py").write_text(PACKAGE)
    info = tmp_path / "skirmish_game-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: skirmish-game\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[keryx.games]\nskirmish = skirmish_game:GAME\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    games.refresh()
    yield
    games.refresh()
    sys.modules.pop("skirmish_game", None)


def test_a_new_game_is_found_by_every_registry_from_one_entry(installed_game):
    assert "skirmish" in rulesets()
    rules = engine.ruleset("skirmish")
    assert rules.id == "skirmish" and engine.new_game("skirmish", seed=1).prompts()
    assert renderer("skirmish").combat({"kind": "duel"}, None)[:4] == b"\x89PNG"
    assert heuristic_for("skirmish").evaluate({}, "north") == 0.0
    assert "skirmish" in bench.sections()
    assert "skirmish_game.hot" in compiled.modules()


def test_without_the_entry_the_game_is_unknown():
    games.refresh()
    assert "skirmish" not in rulesets()
    with pytest.raises(KeyError, match="skirmish"):
        engine.ruleset("skirmish")


def test_the_built_in_games_register_through_the_entry_group():
    declared = tomllib.loads(games.PYPROJECT.read_text())["project"]["entry-points"][games.GROUP]
    assert set(declared) == {"athens-sparta", "hellenes", "epic", "pericles", "ppw"}
    installed = {ep.name: ep.value for ep in entry_points(group=games.GROUP)}
    assert installed == declared  # the installed metadata is the pyproject's
    for rid in declared:
        entry = games.game(rid)
        assert entry is not None and engine.ruleset(rid).id == rid
        assert renderer(rid) is not None
        assert entry.heuristic is not None  # every game has its automated player
        if entry.heuristic is not None:
            assert heuristic_for(rid) is not None
    assert {"engine", "hellenes", "epic"} <= set(bench.sections())


def test_an_entry_naming_another_game_is_refused(tmp_path, monkeypatch):
    (tmp_path / "wrong_game.py").write_text(
        "from engine.games import HELLENES as GAME\n")
    info = tmp_path / "wrong_game-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: wrong-game\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[keryx.games]\nwrong = wrong_game:GAME\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    games.refresh()
    try:
        with pytest.raises(TypeError, match="wrong"):
            games.games()
    finally:
        games.refresh()
