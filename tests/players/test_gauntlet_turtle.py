"""The turtle-striker (engine/players/gauntlet, session 15): keeps everything home until the
enemy has moved out, then strikes the enemy's weakest held city with everything. Scripts
for Athens & Sparta, the PPW and Pericles; whole games end without a loop of menus, the
style does what it says, and it answers alike in every hidden variant."""

from __future__ import annotations

import pytest

import engine
from engine.core.game import Game
from engine.core.rng import Rng
from engine.players import decide
from engine.players.duel import cannot_duel, contender
from engine.players.gauntlet import GAUNTLET, STYLES, gauntlet_player, supports
from engine.players.gauntlet.athens_sparta import Block, distance, moved_out, weakest_city
from engine.players.gauntlet.pericles import strike_odds
from engine.players.gauntlet.ppw import distance as ppw_distance
from engine.players.gauntlet.ppw import exposed_home
from engine.players.pericles import city_of, status
from engine.players.testing import Seen, play_out, variant_game
from engine.rulesets.pericles import theaters as th
from engine.rulesets.ppw import RULESET as PPW

STYLE = "turtle-striker"
PERICLES = "14.1.06 A"
TEAMS = {"athens": ("aristocrats", "demagogues"), "sparta": ("agiad", "eurypontid")}


def _game(ruleset: str, seed: str) -> Game:
    if ruleset == "ppw":
        return Game.create(PPW, "archidamian", seed=seed, options={"players": 2})
    if ruleset == "pericles":
        return engine.new_game("pericles", seed=seed, scenario=PERICLES)
    return engine.new_game(ruleset, seed=seed)


def _team(game: Game, ruleset: str, seat: str) -> set[str]:
    if ruleset == "pericles":
        return set(TEAMS[seat])
    if ruleset == "ppw":
        groups = game.view(seat)["game"]["holdings"]
        return next(set(g) for g in groups if seat in g)
    return {seat}


def _play(ruleset: str, seat: str, seed: str, against: str = "random",
          limit: int = 5000) -> tuple[Game, Seen]:
    """A whole game, the turtle holding `seat` (and its partners), `against` the rest."""
    game = _game(ruleset, seed)
    team = _team(game, ruleset, seat)
    players = {s: contender(STYLE if s in team else against, f"{seed}:{s}")
               for s in game.seats}
    return game, play_out(game, players, team, limit)


def test_the_turtle_is_a_later_style_played_where_a_script_exists():
    assert STYLE in STYLES and STYLE not in GAUNTLET  # the four keep their tests
    for ruleset in ("athens-sparta", "ppw", "pericles"):
        assert supports(STYLE, ruleset) and cannot_duel(STYLE, ruleset) is None
    for ruleset in ("hellenes", "epic"):  # no script there (yet): the duel says so
        assert not supports(STYLE, ruleset)
        assert "no script" in (cannot_duel(STYLE, ruleset) or "")
    assert gauntlet_player(STYLE).style == STYLE


@pytest.mark.parametrize("ruleset", ["athens-sparta", "ppw", "pericles"])
@pytest.mark.parametrize("seat", ["athens", "sparta"])
def test_the_turtle_plays_whole_games_to_their_end(ruleset, seat):
    game, seen = _play(ruleset, seat, f"turtle-{ruleset}-{seat}")
    assert game.outcome is not None, "the game ran into the action limit (a loop of menus)"
    assert seen


# ------------------------------------------------------------------ Athens & Sparta
def _moves(seen: Seen) -> list[tuple[str, Block, dict]]:
    """Each destination the turtle chose (`mode|HEX|...`, rule 4.4), with the block it
    had chosen before (`b:ID`) as the view showed that block then."""
    out: list[tuple[str, Block, dict]] = []
    block: Block | None = None
    for p, a, v in seen:
        if p.kind == "move" and a.startswith("b:"):
            block = next(b for b in v["blocks"] if b.get("id") == a[2:])
        elif p.kind == "move_dest" and a.count("|") == 4 and block is not None:
            out.append((a.split("|")[1], block, v))
    return out


def test_the_athens_sparta_turtle_moves_only_once_the_enemy_is_out_and_closes_in():
    for seat in ("athens", "sparta"):
        # a seed where random marches three blocks out (some random games never do)
        _game, seen = _play("athens-sparta", seat, "t2")
        moves = _moves(seen)
        assert len(moves) >= 3, "the turtle never struck"
        assert all(a in ("done", "up") for p, a, v in seen
                   if p.kind == "move" and not moved_out(v, seat))  # home till then
        for to, block, view in moves:
            assert moved_out(view, seat)  # 3 enemy blocks stand outside the enemy's cities
            goal = weakest_city(view, seat)
            assert goal is not None
            assert to == goal or distance(block, to, goal) < distance(block, block["hex"], goal)


def test_the_athens_sparta_turtle_strikes_the_weakest_enemy_city():
    """At the start every Spartan block stands in a Spartan city: Athens' turtle stays.
    With them all marched out to H8 (beside Corinth), it strikes an empty city, the
    nearest to Athens over land and then the most valuable: Thebes (J7) before Megara
    (J8), both next to Athens; with a block back in Thebes, Megara."""
    view = engine.new_game("athens-sparta", seed="turtle-weak").view("athens")
    assert not moved_out(view, "athens")  # nobody has left home yet
    cities = {c["hex"]: name for name, c in view["cities"].items()}
    for b in view["blocks"]:
        if b["side"] == "sparta":
            b["hex"] = "H8"
    assert moved_out(view, "athens")
    assert cities[weakest_city(view, "athens") or ""] == "Thebes"
    view["blocks"].append({"hex": "J7", "side": "sparta", "in_city": True})
    assert cities[weakest_city(view, "athens") or ""] == "Megara"


@pytest.mark.parametrize("ruleset", ["athens-sparta", "ppw", "pericles"])
def test_the_turtle_answers_alike_when_only_hidden_facts_differ(ruleset):
    """No cheating: at positions of its games, every hidden variant (enemy strengths,
    hands, sealed choices, face-down markers) gets the same answer."""
    game = _game(ruleset, f"turtle-blind-{ruleset}")
    team = _team(game, ruleset, "sparta")
    players = {s: contender(STYLE if s in team else "random", f"b:{s}") for s in game.seats}
    checked = 0
    step = 0
    while game.outcome is None and checked < 40 and step < 600:
        p = game.prompts()[0]
        if step % 3 == 0 and p.seat in team:
            variants = [variant_game(game, state) for state in
                        game.rules.hidden_variants(game.state, p.seat, Rng(f"v{step}"))]
            answers = {decide(g, p.seat, gauntlet_player(STYLE, step))
                       for g in (game, *variants)}
            assert len(answers) == 1, answers
            checked += len(variants)
        game.act(p.seat, decide(game, p.seat, players[p.seat]))
        step += 1
    assert checked >= 10


# ------------------------------------------------------------------ the PPW
def test_the_ppw_turtle_marches_only_on_an_exposed_home():
    """Rule 3.1: it passes until the enemy's largest army has left its home and a home is
    weaker than its own largest army; then every order closes on that home (3.2)."""
    struck = 0
    for seat, seed in (("athens", "turtle-ppw-a"), ("sparta", "turtle-ppw-s")):
        _game, seen = _play("ppw", seat, seed, against="heuristic")
        for p, answer, view in seen:
            if p.kind != "order":
                continue
            goal = exposed_home(view, p.seat)
            if not answer.startswith("op:"):
                continue
            assert goal is not None
            _, frm, _, to = answer.split(":")
            assert to == goal or ppw_distance(to, goal) < ppw_distance(frm, goal)
            struck += 1
    assert struck


def test_the_ppw_turtle_holds_at_the_start():
    game = _game("ppw", "turtle-ppw-start")
    for seat in ("athens", "sparta"):  # both main armies stand at home (rule 1.11)
        assert exposed_home(game.view(seat), seat) is None


# ------------------------------------------------------------------ Pericles
def test_the_pericles_turtle_places_military_markers_only_to_strike_or_at_home():
    """Rule 9.0: a Military marker goes only where the city holds (a levy at home, as the
    passive player), or where its reach beats the enemy's strength (the strike)."""
    strikes = 0
    for seat in ("athens", "sparta"):
        _game, seen = _play("pericles", seat, f"turtle-per-{seat}", against="heuristic")
        for p, answer, view in seen:
            if p.kind != "place":
                continue
            facts = next(o.data for o in p.options if o.id == answer) or {}
            if facts.get("marker") != "military":
                continue
            city = city_of(p.seat)
            theater = facts["theater"]
            if strike_odds(view, city, theater) > 0 and status(view, theater) != city:
                strikes += 1
            else:
                assert theater == th.capital_of(city) or status(view, theater) == city
    assert strikes
