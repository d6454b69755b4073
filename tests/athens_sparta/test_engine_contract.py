"""The engine contract for athens-sparta: redaction proofs at many points of random games,
JSON round trip mid-game, replay equals live, invariants under self-play."""

from __future__ import annotations

import json

import pytest

import engine
from engine.core.battle_record import problems
from engine.core.rng import Rng
from engine.rulesets.athens_sparta.battle_record import OUTCOMES
from engine.selfplay import play_random, selfplay
from engine.testing import assert_view_hides

RS = "athens-sparta"


def random_steps(g, n, player):
    for _ in range(n):
        if g.outcome is not None:
            return
        ps = g.prompts()
        p = player.choice(ps)
        g.act(p.seat, player.choice(p.options).id)


@pytest.mark.parametrize("seed", range(6))
def test_views_hide_what_each_seat_may_not_see(seed):
    g = engine.new_game(RS, seed=f"hide:{seed}")
    player = Rng(f"p:{seed}")
    checked = 0
    for step in range(40):
        random_steps(g, 7 + step % 5, player)
        if g.outcome is not None:
            break
        for seat in ("athens", "sparta", None):
            checked += assert_view_hides(g, seat, seed=f"{seed}:{step}", require_variant=False)
    assert checked > 50


def test_view_shows_own_blocks_and_hides_enemy_identity():
    g = engine.new_game(RS, seed=3)
    v = g.view("athens")
    own = [b for b in v["blocks"] if b["side"] == "athens"]
    foe = [b for b in v["blocks"] if b["side"] == "sparta"]
    assert own and all("id" in b and "strength" in b for b in own)
    assert foe and all(set(b) == {"hex", "side", "in_city"} for b in foe)
    pub = g.view(None)
    assert all(set(b) == {"hex", "side", "in_city"} for b in pub["blocks"])
    assert pub["cards"]["hand"] == [] and v["cards"]["hand_sizes"] == {"athens": 6, "sparta": 6}
    assert len(v["cards"]["hand"]) == 6


def test_json_round_trip_mid_game():
    g = engine.new_game(RS, seed=11)
    random_steps(g, 150, Rng("rt"))
    text = g.to_json()
    h = engine.load_game(text)
    assert h.to_json() == text
    random_steps(g, 200, Rng("same"))
    random_steps(h, 200, Rng("same"))
    assert g.to_json() == h.to_json()
    json.loads(text)


def test_replay_equals_live():
    g = engine.new_game(RS, seed=9)
    play_random(g, Rng("live"))
    assert g.outcome is not None
    again = engine.load_game(g.to_json(), replay=True)
    rs = engine.ruleset(RS)
    assert rs.dump(again.state) == rs.dump(g.state)
    assert again.outcome == g.outcome
    assert engine.verify_game(g.to_json()).ok


def test_options_game_runs():
    for opts in ({"mulligan": False}, {"syracuse_points": True}, {"bid": "athens:3"}):
        g = engine.new_game(RS, seed=5, options=opts)
        n, problem = play_random(g, Rng("o"))
        assert problem is None and g.outcome is not None, (opts, problem)


def test_components_json():
    data = engine.ruleset(RS).components_json()
    assert data["ruleset"] == "athens-sparta" and len(data["cards"]) == 25


@pytest.mark.slow
def test_selfplay_200_games_finish_cleanly():
    r = selfplay(RS, 200, seed="suite")
    assert r["errors"] == [] and r["completed"] == 200


def test_events_for_the_service_and_bot():
    g = engine.new_game(RS, seed=21)
    player = Rng("ev")
    kinds = {}
    while g.outcome is None and not {"battle_end", "dice", "phase_end"} <= set(kinds):
        ps = g.prompts()
        p = player.choice(ps)
        for e in g.act(p.seat, player.choice(p.options).id):
            kinds.setdefault(e.kind, e)
    assert {"phase_end", "card_reveal", "dice", "battle_end"} <= set(kinds)
    pe = kinds["phase_end"].data
    assert {"phase", "olympiad", "turn"} <= set(pe)
    assert kinds["dice"].data["dice"] and all(1 <= d <= 6 for d in kinds["dice"].data["dice"])
    rec = kinds["battle_end"].data["battle"]
    assert problems(rec) == [] and rec["outcome"] in OUTCOMES  # the kernel's record, a key
    assert kinds["battle_end"].seats is None and kinds["dice"].seats is None
    commits = [e for e in kinds.values() if e.kind == "commit"]
    assert all(e.seats or "card" not in e.data for e in commits)


def test_battle_in_progress_is_in_the_view():
    from tests.athens_sparta.conftest import position

    g = position("amphipolis_example")
    v = g.view(None)
    assert v["battle"]["hex"] == "J1" and v["battle"]["attacker"] == "sparta"
    att = [b for b in v["battle"]["blocks"] if b["role"] == "attacker"]
    assert all("id" in b for b in att)  # attackers are revealed (5.4)
    dfd = [b for b in v["battle"]["blocks"] if b["role"] == "defender"]
    assert all("id" not in b for b in dfd)  # defenders not yet declared


@pytest.mark.parametrize("name", ["chios_example", "amphipolis_example", "abydos_strait",
                                  "naupactus_strait", "ephesus_strait"])
def test_positions_play_on_to_the_end(name):
    from tests.athens_sparta.conftest import position

    g = position(name, seed=f"pos:{name}")
    n, problem = play_random(g, Rng(f"pos:{name}"))
    assert problem is None and g.outcome is not None
    again = engine.load_game(g.to_json(), replay=True)
    assert engine.ruleset(RS).dump(again.state) == engine.ruleset(RS).dump(g.state)


def test_redaction_during_a_battle_with_hidden_defenders():
    from tests.athens_sparta.conftest import act, position

    g = position("amphipolis_example")
    for seat in ("sparta", None):
        assert assert_view_hides(g, seat, seed="battle") > 0
    act(g, "wd")  # one Athenian block withdraws unseen
    for seat in ("sparta", "athens", None):
        assert_view_hides(g, seat, seed="battle2", require_variant=False)


def test_version_1_games_replay_under_version_2_only_while_their_log_is_legal():
    """RULINGS.md, rules versions: a game saved under version 1 is rebuilt from its log.
    Version 1 ended Olympiad 84 as soon as the first player committed his sixth card and
    went on to replacements; that log no longer replays (the second player still has a
    card to play), and loading it fails instead of half-applying it."""
    import random

    from engine import IllegalAction

    g = engine.new_game("athens-sparta", seed=5)
    rng = random.Random(5)
    while not (g.state["turn"] == 6 and any(p.kind == "commit" for p in g.prompts())):
        p = g.prompts()[0]
        g.act(p.seat, rng.choice(p.options).id)
    first = next(p for p in g.prompts() if p.kind == "commit")
    g.act(first.seat, first.options[0].id)
    saved = g.to_dict()
    saved["rules_version"] = "1"
    again = engine.load_game(saved)  # still legal: rebuilt from the log, same game
    assert again.state == g.state and again.rules_version == engine.ruleset(RS).version
    v1 = dict(saved, log=saved["log"] + [[first.seat, "done"]], version=saved["version"] + 1)
    with pytest.raises(IllegalAction):
        engine.load_game(v1)  # version 1 went to its replacement phase here
