"""The PPW gauntlet (engine/players/gauntlet/ppw.py): four scripted players that seal
their diplomacy, orders, rates and builds from the seat's view and the options' facts
alone, play whole games on every holding, and meet the heuristic in duels."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from engine.core.game import Game
from engine.core.rng import Rng
from engine.players import decide
from engine.players.duel import cannot_duel, contender
from engine.players.gauntlet import GAUNTLET, gauntlet_player
from engine.players.gauntlet.ppw import distance, home_of, hostile_sps, undefended
from engine.players.testing import Seen, assert_player_blind, play_out, variant_game
from engine.rulesets.ppw import RULESET
from engine.rulesets.ppw.board import board
from keryx.cli import app


def new(players: int = 2, seed: str = "gppw", scenario: str = "archidamian") -> Game:
    return Game.create(RULESET, scenario, seed=seed, options={"players": players})


def _play(style: str, seat: str, seed: str, players: int = 2, against: str = "heuristic",
          limit: int = 5000) -> tuple[Game, Seen]:
    """A whole game, `style` holding `seat` and its partners (rule 9.2), `against` the
    rest; `style`'s (prompt, answer, view) list."""
    game = new(players, seed)
    groups = game.view(seat)["game"]["holdings"]
    mine = next(set(g) for g in groups if seat in g)
    players_ = {s: contender(style if s in mine else against, f"{seed}:{s}")
                for s in game.seats}
    seen = play_out(game, players_, mine, limit)
    return game, seen


def _sealed(seen: Seen) -> list[tuple[object, str, dict]]:
    """The orders sealed (the last step's `op:from:kind:to`)."""
    return [(p, a, v) for p, a, v in seen if p.kind == "order" and a.startswith("op:")]


def test_every_style_has_a_ppw_script_and_duels():
    for style in GAUNTLET:
        assert cannot_duel(style, "ppw") is None


@pytest.mark.parametrize("style", GAUNTLET)
@pytest.mark.parametrize("seat", ["athens", "sparta"])
def test_each_ppw_gauntlet_player_plays_a_whole_game_to_its_end(style, seat):
    game, seen = _play(style, seat, f"gppw-{style}")
    assert game.outcome is not None, "the game ran into the action limit (a loop of menus)"
    assert {"diplomacy", "order"} <= {p.kind for p, _, _ in seen}


@pytest.mark.slow
@pytest.mark.parametrize("style", GAUNTLET)
@pytest.mark.parametrize("seat", ["athens", "sparta", "corinth", "thebes"])
def test_each_ppw_gauntlet_player_plays_a_four_player_game_to_its_end(style, seat):
    game, _ = _play(style, seat, f"gppw4-{style}", players=4)
    assert game.outcome is not None


def test_the_aggressive_player_marches_on_the_nearest_enemy_home_first():
    # Athens' army at home: Corinth's home is the nearest enemy home (rule 3.2: the march
    # ends at the objective and fights there)
    game, seen = _play("aggressive", "athens", "gppw-aggr")
    orders = _sealed(seen)
    assert orders
    first = orders[0][1].split(":")
    assert first[1] == "ATH" and first[3] == home_of("corinth")
    for _p, answer, _view in orders:  # every march closes on an enemy home
        _, frm, _, to = answer.split(":")
        homes = [home_of(m) for m in ("sparta", "corinth", "thebes")]
        assert to in homes or min(distance(to, h) for h in homes if h != frm) < \
            min(distance(frm, h) for h in homes if h != frm)


def test_the_passive_player_never_marches_and_offers_peace():
    _game, seen = _play("passive", "athens", "gppw-pass")
    assert not _sealed(seen)
    assert all(a in ("pass", "back") for p, a, _ in seen if p.kind == "order")
    offers = [a for p, a, _ in seen if p.kind == "diplomacy" and a.startswith("peace:")]
    assert offers and all(a.count(":") == 1 for a in offers)  # no terms (rule 2.4)


def test_the_passive_player_builds_hoplites_but_not_in_the_last_turn():
    _game, seen = _play("passive", "sparta", "gppw-build")
    builds = [(a, v) for p, a, v in seen if p.kind == "build"]
    assert any(a and v["turn"] < v["last_turn"] for a, v in builds)
    assert all(a == "" for a, v in builds if v["turn"] >= v["last_turn"])


def test_the_raider_marches_only_into_undefended_enemy_spaces_and_ravages():
    game, seen = _play("raider", "sparta", "gppw-raid")
    orders = _sealed(seen)
    assert orders
    for p, answer, view in orders:
        assert undefended(view, p.seat, answer.split(":")[3])  # type: ignore[attr-defined]
    # rule 5.7: the holding's armies ravaged what they reached
    assert [e for e in game.state["log"] if e["kind"] == "ravaged"
            and e["data"]["by"] in ("sparta", "corinth", "thebes")]


def test_the_bait_taker_attacks_only_where_hostile_sps_stand():
    _game, seen = _play("bait-taker", "athens", "gppw-bait")
    orders = _sealed(seen)
    assert orders
    for p, answer, view in orders:
        assert hostile_sps(view, p.seat, answer.split(":")[3]) > 0  # type: ignore[attr-defined]


def test_a_home_with_its_guard_is_not_a_raiders_prey():
    game = new()
    view = game.view("sparta")
    assert not undefended(view, "sparta", home_of("athens"))  # rule 1.11: the home guard
    assert board().major_home(home_of("athens")) == "athens"


@pytest.mark.parametrize("style", GAUNTLET)
def test_ppw_gauntlet_answers_alike_when_only_hidden_facts_differ(style):
    """No cheating: at positions of a gauntlet game, every hidden variant (another
    seat's sealed choice, or its half-drafted order) gets the same answer."""
    game = new(seed=f"gppw-blind-{style}")
    players = {s: contender(style if s == "athens" else "heuristic", f"b:{s}")
               for s in game.seats}
    checked = 0
    for step in range(400):
        if game.outcome is not None or checked >= 30:
            break
        p = game.prompts()[0]
        for seat in {q.seat for q in game.prompts()}:
            if step % 3 == 0:
                answer = decide(game, seat, gauntlet_player(style, step))
                for state in game.rules.hidden_variants(game.state, seat, Rng(f"v{step}")):
                    other = variant_game(game, state)
                    assert decide(other, seat, gauntlet_player(style, step)) == answer
                    checked += 1
        game.act(p.seat, decide(game, p.seat, players[p.seat]))
    assert checked >= 10


@pytest.mark.parametrize("style, level", [(style, "heuristic") for style in GAUNTLET] + [
    pytest.param(style, "search", marks=pytest.mark.slow) for style in ("aggressive", "raider")])
def test_the_levels_are_blind_at_positions_of_gauntlet_games(style, level):
    """The heuristic and the search (at a fixed 2 worlds, which replays) answer alike in
    hidden variants of positions reached by the heuristic's games against each gauntlet
    player (the search plays on the heuristic's answers: a whole game of it is minutes)."""
    options = {"samples": 2} if level == "search" else {}
    wanted = 2 if level == "search" else 6  # a search decision here is seconds
    game = new(seed=f"gppw-hblind-{style}")
    players = {s: contender("heuristic" if s == "athens" else style, f"h:{s}")
               for s in game.seats}
    proven = 0
    for step in range(600):
        if game.outcome is not None or proven >= wanted:
            break
        waiting = game.prompts()
        # the others seal first, so that Athens decides with their choices hidden
        p = next((q for q in waiting if q.seat != "athens"), waiting[0])
        if p.seat == "athens":
            proven += bool(assert_player_blind(game, "athens", level, seed=step, **options))
        game.act(p.seat, decide(game, p.seat, players[p.seat]))
    assert proven >= wanted


def test_duel_command_runs_ppw_against_a_gauntlet_player():
    res = CliRunner().invoke(app, ["duel", "ppw", "--scenario", "archidamian",
                                   "--game-options", "players=2", "--seat", "athens",
                                   "--a", "heuristic", "--b", "raider",
                                   "--games", "1", "--jobs", "1", "--json"])
    assert res.exit_code == 0, res.output
    report = json.loads(res.output)
    assert report["b"] == "raider" and report["games"] == 1


# ------------------------------------------------------------------ positions
def _at_orders(seed: str, forces: dict[str, dict[str, list[int]]]) -> Game:
    """A 2-player Archidamian game at its first operations round (every diplomatic
    round passed), with `forces` set by hand (space -> owner -> [hoplites, cavalry,
    ships]); the dice are the seed's."""
    game = new(seed=seed)
    while game.state["phase"] == "diplomatic":
        for p in game.prompts():
            game.act(p.seat, "pass")
    for space, owners in forces.items():
        game.state["forces"].setdefault(space, {}).update(owners)
        for owner, sps in owners.items():
            if not any(sps):
                del game.state["forces"][space][owner]
    game._prompts = None  # noqa: SLF001 - the state was changed by hand
    RULESET._memo = None  # noqa: SLF001 - the sealed prompts were built for the old state
    return game


def _seal(game: Game, seat: str, style: str) -> str:
    """Walk `style`'s order steps for `seat` (stack, region, objective) to its sealed
    answer: an order `op:from:kind:to`, or a pass."""
    player = gauntlet_player(style, "pos")
    for _ in range(4):
        answer = decide(game, seat, player)
        game.act(seat, answer)
        if not answer.startswith(("stack:", "region:")):
            return answer
    raise AssertionError("no order sealed in four steps")


def test_position_the_aggressive_army_at_one_enemy_home_marches_on_the_next():
    # Athens' army stands at Corinth (it fought there, rule 3.2): its next order goes on
    # to the enemy home nearest Corinth but Corinth itself
    game = _at_orders("pos-aggr", {"ATH": {"athens": [1, 0, 0]},
                                   "COR": {"athens": [6, 1, 0]}})
    answer = _seal(game, "athens", "aggressive")
    _, frm, _, to = answer.split(":")
    assert frm == "COR" and to in (home_of("sparta"), home_of("thebes"))


def test_position_the_raider_ravages_the_empty_enemy_home_area_not_the_guarded_home():
    # Sparta's army in Megara beside Attica: the empty Attica spaces are its prey (5.7,
    # 6.2), not Athens' home space with its army and home guard (1.11), nor Megara's
    # neighbours of no enemy home area
    game = _at_orders("pos-raid", {"MEG": {"sparta": [6, 0, 0]}, "ELE": {"athens": [2, 0, 0]}})
    answer = _seal(game, "sparta", "raider")
    _, frm, _, to = answer.split(":")
    assert board().area_of[to] == "attica" and to not in ("ATH", "PIR", "ELE")


def test_position_the_bait_taker_attacks_long_odds():
    # Sparta's host of 20 SPs stands in Megara, next to Attica: Athens' bait-taker
    # marches on hostile SPs (Megara is the nearest) whatever the odds of rule 5.3
    game = _at_orders("pos-bait", {"MEG": {"sparta": [18, 2, 0]}})
    answer = _seal(game, "athens", "bait-taker")
    _, frm, _, to = answer.split(":")
    assert frm == "ATH" and hostile_sps(game.view("athens"), "athens", to) > 0


def test_position_the_passive_player_passes_with_an_enemy_home_open():
    game = _at_orders("pos-pass", {"SPA": {"sparta": [0, 0, 0]}})
    assert _seal(game, "athens", "passive") == "pass"
