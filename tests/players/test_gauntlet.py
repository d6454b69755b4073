"""The gauntlet (engine/players/gauntlet): scripted Athens & Sparta players that each play
one plain idea from the seat's view alone, and `keryx duel` taking them by name."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import engine
import tests.fixtures.duel  # noqa: F401 - registers the fixture ruleset
from engine.core.game import Game
from engine.core.rng import Rng
from engine.players import decide
from engine.players.duel import cannot_duel, contender, play_one
from engine.players.gauntlet import GAUNTLET, gauntlet_player
from engine.players.gauntlet.athens_sparta import capital_hex
from engine.players.testing import assert_player_blind, variant_game
from keryx.cli import app


def _play(style: str, seat: str, seed: str, against: str = "passive",
          limit: int = 3000) -> tuple[Game, list[tuple[str, str, dict]]]:
    """A whole game, `style` holding `seat`; its (prompt kind, answer, view) list."""
    game = engine.new_game("athens-sparta", seed=seed)
    players = {s: contender(style if s == seat else against, f"{seed}:{s}")
               for s in game.seats}
    mine: list[tuple[str, str, dict]] = []
    for _ in range(limit):
        if game.outcome is not None:
            break
        p = game.prompts()[0]
        answer = decide(game, p.seat, players[p.seat])  # refuses an answer not offered
        if p.seat == seat:
            mine.append((p.kind, answer, game.view(seat)))
        game.act(p.seat, answer)
    return game, mine


@pytest.mark.slow
@pytest.mark.parametrize("style", GAUNTLET)
@pytest.mark.parametrize("seat", ["athens", "sparta"])
def test_each_gauntlet_player_plays_a_whole_game_to_its_end(style, seat):
    game, mine = _play(style, seat, f"gauntlet-{style}", against="random")
    assert game.outcome is not None, "the game ran into the action limit (a loop of menus)"
    assert mine


def test_the_aggressive_player_storms_the_enemy_capital():
    """Sparta's armies march on Athens and, once three stand beside it, go in."""
    _game, mine = _play("aggressive", "sparta", "gauntlet-storm")
    athens = capital_hex("athens")
    attacks = [a for kind, a, _ in mine if kind == "move_dest" and a.split("|")[1:2] == [athens]]
    assert attacks, "no Spartan block ever attacked Athens"
    for kind, answer, view in mine:
        if kind == "move_dest" and answer.split("|")[1:2] == [athens]:
            beside = [b for b in view["blocks"] if b["side"] == "sparta"
                      and b.get("type") != "navy" and b["hex"] in _land_around(athens)]
            assert len(beside) >= 3


def _land_around(h: str) -> set[str]:
    from engine.rulesets.athens_sparta.board import board

    return set(board().land[h])


def test_the_raider_revolts_only_vacant_cities_and_the_passive_player_never_moves():
    _game, mine = _play("raider", "athens", "gauntlet-raid", against="random")
    revolts = [(a, v) for kind, a, v in mine if kind == "revolt_city" and a.startswith("c:")]
    assert revolts, "the raider never sponsored a revolt"
    for answer, view in revolts:
        city = view["cities"][answer.removeprefix("c:")]
        assert not any(b["side"] == "sparta" and b["hex"] == city["hex"]
                       for b in view["blocks"])  # vacant: it succeeds at once (rule 7.0)
    _game, passive = _play("passive", "sparta", "gauntlet-raid", against="raider")
    assert {a for kind, a, _ in passive if kind == "move"} <= {"done", "up"}


def test_the_bait_taker_attacks_whatever_it_can_reach():
    _game, mine = _play("bait-taker", "athens", "gauntlet-bait")
    into_enemy = 0
    for kind, answer, view in mine:
        if kind == "move_dest" and answer.count("|") == 4:
            foes = {b["hex"] for b in view["blocks"] if b["side"] == "sparta"}
            assert answer.split("|")[1] in foes  # it moves only to attack
            into_enemy += 1
    assert into_enemy >= 3


@pytest.mark.parametrize("style", GAUNTLET)
def test_gauntlet_players_answer_alike_when_only_hidden_facts_differ(style):
    """The scripts read the view and the prompt alone: at positions of a gauntlet game,
    every hidden variant (enemy identities, strengths, hands) gets the same answer."""
    game = engine.new_game("athens-sparta", seed=f"gauntlet-blind-{style}")
    players = {s: contender(style if s == "sparta" else "random", f"b:{s}")
               for s in game.seats}
    checked = 0
    for step in range(300):
        if game.outcome is not None:
            break
        p = game.prompts()[0]
        if step % 10 == 0:
            answer = decide(game, p.seat, gauntlet_player(style, step))
            for state in game.rules.hidden_variants(game.state, p.seat, Rng(f"v{step}")):
                other = variant_game(game, state)
                assert decide(other, p.seat, gauntlet_player(style, step)) == answer
                checked += 1
        game.act(p.seat, decide(game, p.seat, players[p.seat]))
    assert checked >= 20


def test_duel_runs_a_level_against_a_gauntlet_player():
    run = play_one("athens-sparta", "random", "passive", "gauntlet-duel", 1)
    assert run.a_seat == "sparta" and run.actions > 0 and run.b_ms


def test_duel_command_takes_gauntlet_players_by_name():
    runner = CliRunner()
    res = runner.invoke(app, ["duel", "athens-sparta", "--a", "random", "--b", "passive",
                              "--games", "1", "--jobs", "1", "--json"])
    assert res.exit_code == 0, res.output
    report = json.loads(res.output)
    assert report["b"] == "passive" and report["games"] == 1
    res = runner.invoke(app, ["duel", "duel", "--a", "random", "--b", "aggressive",
                              "--games", "1"])
    assert res.exit_code == 2 and "no script for the ruleset 'duel'" in res.output
    assert "gauntlet player" in (cannot_duel("grandmaster", "athens-sparta") or "")


@pytest.mark.slow
@pytest.mark.parametrize("style", ["aggressive", "raider"])
def test_no_cheating_levels_answer_alike_at_positions_gauntlet_games_reach(style):
    """The no-cheating proof (engine/players/testing.py) for the heuristic and the search
    at positions of a game against a gauntlet player: every 25th decision for the
    heuristic, and for the search every 20th decision of 2 to 8 options and the first two
    move phases where it weighed plans in sampled worlds."""
    game = engine.new_game("athens-sparta", seed=f"gauntlet-levels-{style}")
    players = {"athens": contender("heuristic", "h"), "sparta": contender(style, "g")}
    heuristic = search = planned = 0
    for step in range(700):
        if game.outcome is not None:
            break
        p = game.prompts()[0]
        if p.seat == "athens" and step % 25 == 0:
            heuristic += assert_player_blind(game, p.seat, "heuristic", seed=step)
        if p.seat == "athens" and (step % 20 == 0 and 2 <= len(p.options) <= 8
                                   or step % 9 == 0 and p.kind == "move" and planned < 2):
            probe = contender("search", str(step), samples=2, horizon=20)
            decide(game, p.seat, probe)
            if probe.searched:  # type: ignore[attr-defined]
                search += assert_player_blind(game, p.seat, "search", seed=str(step),
                                              samples=2, horizon=20)
                planned += p.kind == "move"
        game.act(p.seat, decide(game, p.seat, players[p.seat]))
    assert heuristic >= 10 and search >= 4 and planned >= 1
