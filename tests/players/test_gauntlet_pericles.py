"""The Pericles gauntlet (engine/players/gauntlet/pericles.py): four scripted players that
play whole games of the Archidamian War (14.1.06 A) on every faction from the view and
the options' facts alone, each showing its idea on both layers, and meet the heuristic
and Phormio in duels."""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from typer.testing import CliRunner

import engine
from engine.core.game import Game
from engine.core.rng import Rng
from engine.core.types import Option, Prompt
from engine.players import decide
from engine.players.duel import cannot_duel, contender, play_one
from engine.players.gauntlet import GAUNTLET, gauntlet_player
from engine.players.gauntlet.pericles import SCRIPTS
from engine.players.pericles import city_of, present
from engine.players.testing import assert_player_blind, variant_game
from keryx.cli import app

SCENARIO = "14.1.06 A"
TEAMS = {"aristocrats": ("aristocrats", "demagogues"), "demagogues": ("aristocrats", "demagogues"),
         "agiad": ("agiad", "eurypontid"), "eurypontid": ("agiad", "eurypontid")}
Seen = list[tuple[Prompt, str, dict[str, Any]]]


def _walk(game: Game, levels: dict[str, str], seed: str,
          probe: Callable[[int, Prompt, str], None], limit: int = 3000) -> Game:
    """Play `game` to its end (or `limit` actions), each faction by the level or style
    `levels` names, calling `probe(step, prompt, answer)` before each answer is given."""
    players = {s: contender(levels[s], f"{seed}:{s}") for s in game.seats}
    step = 0
    while game.outcome is None and step < limit:
        p = game.prompts()[0]
        answer = decide(game, p.seat, players[p.seat])  # refuses an answer not offered
        probe(step, p, answer)
        game.act(p.seat, answer)
        step += 1
    return game


def _play(style: str, seat: str, seed: str, against: str = "random",
          alone: bool = False) -> tuple[Game, Seen]:
    """A whole game, `style` holding `seat`'s city (both its factions; only `seat` when
    `alone`); its decisions."""
    game = engine.new_game("pericles", seed=seed, scenario=SCENARIO)
    team = (seat,) if alone else TEAMS[seat]
    mine: Seen = []

    def note(_step: int, p: Prompt, answer: str) -> None:
        if p.seat in team:
            mine.append((p, answer, game.view(p.seat)))
    levels = {s: style if s in team else against for s in game.seats}
    return _walk(game, levels, seed, note), mine


@pytest.mark.parametrize(("style", "seat"), [(st, se) for st in GAUNTLET for se in TEAMS])
def test_each_pericles_gauntlet_player_plays_a_whole_game_on_every_faction(style, seat):
    """The style holds one faction, random players the other three; a loop of menus
    would run the game into the action limit."""
    game, mine = _play(style, seat, f"gp-{style}-{seat}", alone=True)
    assert game.outcome is not None
    asked = Counter(p.kind for p, _, _ in mine)
    assert all(asked[k] for k in ("nominate", "designate", "debate", "place")), asked


@pytest.mark.slow
@pytest.mark.parametrize("style", GAUNTLET)
@pytest.mark.parametrize("seat", ["demagogues", "eurypontid"])
@pytest.mark.parametrize("against", ["heuristic", "phormio"])
def test_pericles_gauntlet_plays_whole_games_against_our_levels(style, seat, against):
    game, _ = _play(style, seat, f"gp-{style}-{against}", against=against)
    assert game.outcome is not None


# ------------------------------------------------------------------ a position per idea
def _position() -> tuple[dict[str, Any], str]:
    """The view of the Agiad (Sparta) at the first marker placement of a seeded game."""
    game = engine.new_game("pericles", seed="gp-pos", scenario=SCENARIO)
    players = {s: contender("random", f"pos:{s}") for s in game.seats}
    for _ in range(2000):
        p = game.prompts()[0]
        if p.kind == "place" and p.seat == "agiad":
            return copy.deepcopy(game.view("agiad")), "agiad"
        game.act(p.seat, decide(game, p.seat, players[p.seat]))
    raise AssertionError("no placement reached")


def _placing(view: dict[str, Any], seat: str, marker: str, theaters: list[str]) -> Prompt:
    opts = tuple(Option(f"{marker}@{t}", f"{marker} in {t}", "8.2",
                        data={"marker": marker, "theater": t}) for t in theaters)
    return Prompt(seat, "Place a theater marker face down", opts, "8.2", kind="place")


def _answer(style: str, view: dict[str, Any], prompt: Prompt) -> str | None:
    return SCRIPTS[style](gauntlet_player(style), view, prompt)


THEATERS = ["athens", "sparta", "boeotia", "naupactus", "sicily", "chalcidice"]


def _forces(view: dict[str, Any], theater: str, owner: str, land: int, bases: int) -> None:
    view["forces"][theater] = {owner: {"land": land, "naval": 0, "bases": bases}}


def test_the_aggressive_player_sends_its_military_marker_against_athens():
    """Rule 9.0: a Military marker in the enemy capital is an expedition against it."""
    view, seat = _position()
    prompt = _placing(view, seat, "military", THEATERS)
    assert _answer("aggressive", view, prompt) == "military@athens"
    # without the capital on offer: the theater with most Athenian bases
    _forces(view, "chalcidice", "A", 1, 2)
    _forces(view, "naupactus", "A", 1, 1)
    prompt = _placing(view, seat, "military", ["sparta", "naupactus", "chalcidice", "sicily"])
    assert _answer("aggressive", view, prompt) == "military@chalcidice"


def test_the_aggressive_player_pushes_war_while_at_peace_and_passive_peace_at_war():
    """10.1: the War/Peace issue switches the city between war and peace."""
    view, seat = _position()
    opts = tuple(Option(f"i{n}", kind, "6.2", data={"issue": n, "kind": kind, "track": None,
                                                     "box": 0})
                 for n, kind in enumerate(["league", "war_peace", "long_walls", "military"]))
    prompt = Prompt(seat, "Debate round 1: designate an issue", opts, "6.2", kind="designate")
    view["war"] = False
    assert _answer("aggressive", view, prompt) == "i1"
    assert _answer("passive", view, prompt) == "i2"  # Long Walls at peace
    view["war"] = True
    assert _answer("aggressive", view, prompt) == "i3"
    assert _answer("passive", view, prompt) == "i1"  # peace at war


def test_the_passive_player_places_only_where_its_city_holds():
    view, seat = _position()
    prompt = _placing(view, seat, "military", THEATERS)
    assert _answer("passive", view, prompt) == "military@sparta"  # a levy at home (9.0)
    prompt = _placing(view, seat, "military", ["athens", "naupactus"])
    chosen = _answer("passive", view, prompt)
    assert chosen is None or present(view, chosen.split("@")[1], "sparta")


def test_the_raider_goes_where_the_enemy_left_only_bases():
    """9.1: a Military marker in a contested theater may be a raid (3 Strategos, 3 Honor);
    the raider picks the Athenian theater with bases and no units over a guarded one."""
    view, seat = _position()
    _forces(view, "chalcidice", "A", 0, 1)
    _forces(view, "naupactus", "A", 3, 2)
    prompt = _placing(view, seat, "military", ["athens", "naupactus", "chalcidice"])
    assert _answer("raider", view, prompt) == "military@chalcidice"
    raid = Prompt(seat, "Military issue in contested Chalcidice",
                  (Option("raid", "Raid", "9.1"), Option("expedition", "Expedition", "9.2")),
                  "9.0", kind="raid_choice")
    assert _answer("raider", view, raid) == "raid"
    assert _answer("bait-taker", view, raid) == "expedition"


def test_the_bait_taker_attacks_wherever_an_enemy_stands_within_reach():
    view, seat = _position()
    _forces(view, "sicily", "A", 0, 0)
    _forces(view, "boeotia", "A", 2, 0)  # next to the Spartan units in Sparta/Isthmus
    prompt = _placing(view, seat, "military", ["sicily", "boeotia"])
    assert _answer("bait-taker", view, prompt) == "military@boeotia"


def test_in_games_military_markers_follow_each_idea():
    """Over whole games: the aggressive player's Military markers go only to the enemy
    capital or enemy bases, the bait-taker's only where the enemy stands."""
    for style, seat in (("aggressive", "agiad"), ("bait-taker", "aristocrats")):
        _game, mine = _play(style, seat, f"gp-idea-{style}")
        placed = [(p.option(a).data, v, p.seat) for p, a, v in mine if p.kind == "place"]
        military = [(d, v, s) for d, v, s in placed if d["marker"] == "military"]
        assert military
        for d, v, s in military:
            enemy = "athens" if city_of(s) == "sparta" else "sparta"
            assert present(v, d["theater"], enemy) or d["theater"] == enemy


# ------------------------------------------------------------------ no cheating
@pytest.mark.parametrize("style", GAUNTLET)
def test_pericles_gauntlet_answers_alike_when_only_hidden_facts_differ(style):
    """No cheating: at positions of a gauntlet game, every hidden variant (hands, the
    deck, face-down markers) gets the same answer."""
    game = engine.new_game("pericles", seed=f"gp-blind-{style}", scenario=SCENARIO)
    checked = [0]

    def blind(step: int, p: Prompt, _answer: str) -> None:
        if step % 3 or p.seat not in TEAMS["agiad"]:
            return
        answer = decide(game, p.seat, gauntlet_player(style, step))
        for state in game.rules.hidden_variants(game.state, p.seat, Rng(f"v{step}")):
            assert decide(variant_game(game, state), p.seat, gauntlet_player(style, step)) \
                == answer
            checked[0] += 1
    _walk(game, {s: style if s in TEAMS["agiad"] else "random" for s in game.seats}, "b",
          blind, limit=600)
    assert checked[0] >= 20


@pytest.mark.slow
@pytest.mark.parametrize("style", ["aggressive", "raider"])
@pytest.mark.parametrize("level", ["heuristic", "phormio"])
def test_no_cheating_levels_answer_alike_at_positions_of_gauntlet_games(style, level):
    """Issue 35 point 5: the heuristic and Phormio pass the no-cheating proof at positions
    of a game against a gauntlet player (every 4th decision of Athens)."""
    game = engine.new_game("pericles", seed=f"gp-levels-{style}", scenario=SCENARIO)
    proven = [0]

    def prove(step: int, p: Prompt, _answer: str) -> None:
        if p.seat in TEAMS["aristocrats"] and step % 4 == 0:
            proven[0] += bool(assert_player_blind(game, p.seat, level, seed=step))
    _walk(game, {s: level if s in TEAMS["aristocrats"] else style for s in game.seats}, "l",
          prove)
    assert proven[0] >= 10


# ------------------------------------------------------------------ duels
def test_the_heuristic_meets_the_gauntlet_in_a_duel():
    run = play_one("pericles", "heuristic", "bait-taker", "gp-duel", 2, SCENARIO)
    assert run.winner in ("a", "b", None) and run.actions > 50


def test_duel_command_runs_pericles_against_a_gauntlet_player():
    assert cannot_duel("raider", "pericles") is None
    res = CliRunner().invoke(app, ["duel", "pericles", "--a", "heuristic", "--b", "raider",
                                   "--games", "1", "--jobs", "1", "--scenario", SCENARIO,
                                   "--json"])
    assert res.exit_code == 0, res.output
    report = json.loads(res.output)
    assert report["b"] == "raider" and report["games"] == 1


@pytest.mark.slow
def test_no_cheating_the_search_answers_alike_at_positions_of_a_raider_game():
    """The search level (a fixed number of samples, so that it replays) passes the
    no-cheating proof at decisions it searches in a game of Athens against the raider."""
    game = engine.new_game("pericles", seed="gp-search-raider", scenario=SCENARIO)
    proven = [0]

    def prove(step: int, p: Prompt, _answer: str) -> None:
        if p.seat not in TEAMS["aristocrats"] or proven[0] >= 3 or len(p.options) < 2:
            return
        probe = contender("search", str(step), samples=2, horizon=20)
        decide(game, p.seat, probe)
        if probe.searched:  # type: ignore[attr-defined]
            proven[0] += bool(assert_player_blind(game, p.seat, "search", seed=str(step),
                                                  samples=2, horizon=20))
    _walk(game, {s: "heuristic" if s in TEAMS["aristocrats"] else "raider"
                 for s in game.seats}, "s", prove)
    assert proven[0] >= 3
