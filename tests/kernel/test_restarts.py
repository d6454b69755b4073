"""A snapshot is an exact stand-in for its log: every ruleset's games, reloaded from
their JSON snapshots at random points as a restart or a cache miss reloads them, go on
exactly as their own log replays (issue: nothing lost across restarts)."""

from __future__ import annotations

import orjson
import pytest

import engine
from engine.core.decisions import random_answer
from engine.core.game import Game
from engine.core.rng import Rng
from engine.testing import comparable, play_with_restarts
from tests.fixtures.allies import ALLIES
from tests.fixtures.council import COUNCIL
from tests.fixtures.duel import DUEL

# every product ruleset and the kernel's fixture games (allied seats; secret choices of
# three or four seats and turn orders from the kernel's flow vocabulary)
RULESETS = ("athens-sparta", "hellenes", "epic", DUEL.id, ALLIES.id, COUNCIL.id)


def _games() -> list[tuple[str, str, int | None]]:
    out = []
    for rid in RULESETS:
        rules = engine.ruleset(rid)
        for name, scenario in rules.scenarios.items():
            counts = list(scenario.counts) if scenario.players else [None]
            out.extend((rid, name, n) for n in counts)
    return out


GAMES = _games()
# the longest games (the Epic's two-year Campaigns) run a capped number of actions
CAP = 1_500


# The Epic's full-map games take seconds each: the fast lane keeps the Argive League.
SLOW_GAMES = {("epic", "archidamian"), ("epic", "four-player"), ("epic", "campaign")}


@pytest.mark.parametrize(("rid", "scenario", "players"), [
    pytest.param(*g, marks=pytest.mark.slow) if g[:2] in SLOW_GAMES else g for g in GAMES],
    ids=[f"{r}-{s}-{n or ''}" for r, s, n in GAMES])
def test_a_game_reloaded_at_random_points_equals_its_replay(rid, scenario, players):
    options = {"players": players} if players else None
    actions, problems = play_with_restarts(engine.ruleset(rid), scenario, f"restart:{rid}",
                                           options, restart_chance=0.2, max_actions=CAP)
    assert problems == []
    assert actions >= 10


@pytest.mark.parametrize(("rid", "scenario", "players"), GAMES,
                         ids=[f"{r}-{s}-{n or ''}" for r, s, n in GAMES])
def test_a_dump_and_load_after_every_action_changes_nothing(rid, scenario, players):
    options = {"players": players} if players else None
    actions, problems = play_with_restarts(engine.ruleset(rid), scenario, f"every:{rid}",
                                           options, restart_chance=1.0, max_actions=300)
    assert problems == []
    assert actions >= 10


@pytest.mark.slow
@pytest.mark.parametrize(("rid", "scenario", "players"), GAMES,
                         ids=[f"{r}-{s}-{n or ''}" for r, s, n in GAMES])
def test_many_games_reloaded_after_every_few_actions(rid, scenario, players):
    options = {"players": players} if players else None
    # the Epic's full-map games run thousands of actions: one capped game each
    long_game = rid == "epic" and scenario != "argive-league"
    total = 0
    for seed in range(1 if long_game else 2):
        actions, problems = play_with_restarts(
            engine.ruleset(rid), scenario, f"restarts{seed}:{rid}", options,
            restart_chance=0.25, max_actions=CAP if long_game else 3_000)
        assert problems == [], f"seed {seed}"
        total += actions
    assert total >= 30


def test_a_snapshot_of_the_sorted_format_is_rebuilt_from_its_log():
    """Format-1 snapshots were written with sorted keys; loading one replays its log, so
    a game saved before the change continues exactly as it was played."""
    rules = engine.ruleset("hellenes")
    live = engine.new_game("hellenes", scenario="431", seed="old-format")
    player = Rng("old-format")
    for _ in range(150):
        p = player.choice(live.prompts())
        live.act(p.seat, random_answer(p, player))
    old = orjson.loads(live.to_json())
    old["format"] = "keryx-game/1"
    sorted_text = orjson.dumps(old, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)
    loaded = Game.from_dict(orjson.loads(sorted_text), rules)
    assert comparable(loaded) == comparable(live)
    assert [p.to_dict() for p in loaded.prompts()] == [p.to_dict() for p in live.prompts()]


def test_a_snapshot_keeps_the_order_the_rules_built():
    g = engine.new_game("hellenes", scenario="431", seed=3)
    data = orjson.loads(g.to_json())
    assert data["format"] == "keryx-game/2"
    assert list(data["state"]) == list(g.rules.dump(g.state))


def test_a_list_kept_at_two_places_is_found_where_a_snapshot_is_taken():
    """The rules' slip the restart check exists for: one list at two places of the state
    is one list until a snapshot parts it into two."""

    class Aliasing(type(DUEL)):  # type: ignore[misc]
        def apply(self, s, seat, option_id, ctx):
            super().apply(s, seat, option_id, ctx)
            s["revealed"] = s["deck"]

    actions, problems = play_with_restarts(Aliasing(), "standard", "alias", restart_chance=0.5)
    assert problems and "one container at two places" in problems[0], problems
    assert actions >= 1
