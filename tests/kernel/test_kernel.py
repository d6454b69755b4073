"""The engine kernel, exercised through the small `duel` fixture game."""

from __future__ import annotations

import json

import pytest

import engine
from engine import IllegalAction
from engine.core.rng import Rng
from engine.selfplay import play_random, selfplay
from engine.testing import assert_view_hides
from tests.fixtures.duel import Duel


def new(seed=1, **options):
    return engine.new_game("duel", seed=seed, options=options or None)


def commit_both(g, north=None, south=None):
    for seat, card in (("north", north), ("south", south)):
        p = g.prompt_for(seat)
        g.act(seat, card or p.options[0].id)


def play_to_end(g, seed=0):
    play_random(g, Rng(f"t:{seed}"))
    assert g.outcome is not None


def test_registry_lists_and_describes_rulesets():
    assert "duel" in engine.ruleset_ids() and "athens-sparta" in engine.ruleset_ids()
    rs = engine.ruleset("duel")
    assert rs.scenarios["standard"].seats == ("north", "south")
    with pytest.raises(KeyError):
        engine.ruleset("no-such-game")


def test_same_seed_same_choices_same_game():
    a, b = new(5), new(5)
    play_random(a, Rng("p"))
    play_random(b, Rng("p"))
    assert a.to_json() == b.to_json()
    assert new(5).to_json() != new(6).to_json()


def test_replay_equals_live_game():
    g = new(9)
    play_to_end(g, 3)
    replayed = engine.load_game(g.to_json(), replay=True)
    assert engine.ruleset("duel").dump(replayed.state) == engine.ruleset("duel").dump(g.state)
    assert replayed.outcome == g.outcome and replayed.log == g.log


def test_json_round_trip_mid_game_continues_identically():
    g = new(11)
    commit_both(g)
    g.act(g.prompts()[0].seat, g.prompts()[0].options[0].id)  # choose a bank
    text = g.to_json()
    h = engine.load_game(text)
    assert h.to_json() == text
    play_random(g, Rng("same"))
    play_random(h, Rng("same"))
    assert g.to_json() == h.to_json()


def test_illegal_action_changes_nothing():
    g = new(2)
    before = g.to_json()
    for seat, option in (("north", "card:99"), ("east", "card:1"), ("north", "roll")):
        with pytest.raises(IllegalAction):
            g.act(seat, option)
    assert g.to_json() == before and g.version == 0
    assert isinstance(IllegalAction("x"), ValueError)


def test_simultaneous_commitments_stay_secret_until_both_chose():
    g = new(3)
    prompts = g.prompts()
    assert {p.seat for p in prompts} == {"north", "south"} and all(p.secret for p in prompts)
    card = g.prompt_for("north").options[1].id
    events = g.act("north", card)
    private = [e for e in events if not e.public]
    assert private and all(e.seats == ("north",) for e in private)
    assert all("card" not in e.data for e in events if e.public)
    south_view = g.view("south")
    assert south_view["committed"] == {"north": True}
    assert g.view("north")["committed"]["north"] == int(card.split(":")[1])
    assert_view_hides(g, "south")
    assert_view_hides(g, None)
    g.act("south", g.prompt_for("south").options[0].id)
    assert g.view("south")["revealed"][0][0] == int(card.split(":")[1])


def test_undo_own_choices_back_to_last_reveal_and_never_past_it():
    g = new(4)
    g.act("north", g.prompt_for("north").options[0].id)
    assert g.can_undo("north") and not g.can_undo("south")
    g.undo("north")  # taking back a face-down card before the other seat commits
    assert len(g.log) == 0 and g.version == 2
    commit_both(g)  # the second commitment reveals both cards: a barrier
    winner = g.prompts()[0].seat
    loser = "north" if winner == "south" else "south"
    with pytest.raises(IllegalAction):
        g.undo(loser)
    g.act(winner, "bank:left")
    g.act(winner, "back")
    g.act(winner, "bank:right")
    before_bank = g.to_json()
    g.undo(winner)
    g.undo(winner)
    g.undo(winner)
    assert not g.can_undo(winner)  # the reveal is next: undo stops there
    with pytest.raises(IllegalAction):
        g.undo(winner)
    assert g.prompts()[0].options[0].id == "bank:left"
    assert json.loads(before_bank)["version"] < g.version
    g.act(winner, "bank:right")
    g.act(winner, "roll")  # a die roll is new information
    assert not g.can_undo(winner)


def test_undo_is_refused_after_the_other_seat_acts():
    g = new(8)
    g.act("north", g.prompt_for("north").options[0].id)
    g.act("south", g.prompt_for("south").options[0].id)
    assert not g.can_undo("north")


def test_seed_hash_published_and_seed_revealed_at_end_verifies():
    g = engine.new_game("duel")  # the default seed is 128 random bits
    assert len(str(g.seed)) == 32
    public = g.view(None)["game"]
    assert public["seed"] is None and public["seed_hash"] == engine.seed_hash(g.seed)
    play_to_end(g)
    end = g.view(None)["game"]
    assert end["seed"] == str(g.seed)
    exported = g.to_dict() | {"outcome": g.outcome.to_dict()}
    report = engine.verify_game(exported)
    assert report.ok and report.actions == len(g.log) and report.dice
    forged = json.loads(json.dumps(exported))
    forged["seed"] = "0" * 32
    assert not engine.verify_game(forged).ok
    tampered = json.loads(json.dumps(exported))
    tampered["state"]["score"]["north"] += 1
    assert not engine.verify_game(tampered).ok


def test_game_end_event_reveals_seed():
    g = new(21)
    events = []
    while g.outcome is None:
        p = g.prompts()[0]
        events += g.act(p.seat, p.options[0].id)
    end = [e for e in events if e.kind == "game_end"]
    assert len(end) == 1 and end[0].public and end[0].data["seed"] == "21"


def test_resign_ends_game_for_other_seat():
    g = new(1)
    g.resign("south")
    assert g.outcome.winners == ("north",)
    with pytest.raises(IllegalAction):
        g.act("north", "card:1")


def test_redaction_helper_catches_a_leaky_view():
    class Leaky(Duel):
        id = "duel-leaky"

        def view(self, s, seat):
            v = super().view(s, seat)
            v["peek"] = {p: list(h) for p, h in s["hands"].items()}  # the bug
            return v

    engine.register(Leaky())
    g = engine.new_game("duel-leaky", seed=1)
    with pytest.raises(AssertionError, match="changes when only hidden facts change"):
        assert_view_hides(g, "south")


def test_options_are_validated_and_applied():
    assert new(1, rounds=1).options["rounds"] == 1
    with pytest.raises(IllegalAction):
        engine.new_game("duel", options={"rounds": 9})
    with pytest.raises(IllegalAction):
        engine.new_game("duel", options={"bogus": 1})


def test_positions_start_mid_game():
    rs = engine.ruleset("duel")
    g = rs.from_position({"state": {"round": 3, "score": {"north": 4, "south": 0}}}, seed=2)
    assert g.view(None)["round"] == 3
    replayed = engine.load_game(g.to_json(), replay=True)
    assert replayed.view(None)["score"] == {"north": 4, "south": 0}


def test_selfplay_reports_games_and_timings():
    report = selfplay("duel", games=30, seed=7)
    assert report["games"] == 30 and report["completed"] == 30 and report["errors"] == []
    assert report["actions_per_game_median"] >= 9
    assert report["seconds_per_game_p95"] >= report["seconds_per_game_median"] > 0


def test_selfplay_reports_invariant_failures_with_seed_and_index():
    class Broken(Duel):
        id = "duel-broken"

        def check_invariants(self, s):
            return ["boom"] if s["round"] > 1 else []

    engine.register(Broken())
    report = selfplay("duel-broken", games=3, seed=1)
    assert report["completed"] == 0 and len(report["errors"]) == 3
    assert {"seed", "action_index", "message"} <= set(report["errors"][0])
    assert "boom" in report["errors"][0]["message"]


def test_rng_is_uniform_enough_and_reproducible():
    r = Rng("x")
    rolls = r.dice(6000)
    assert Rng("x").dice(6000) == rolls
    counts = [rolls.count(f) for f in range(1, 7)]
    assert all(850 < c < 1150 for c in counts), counts


def test_loading_a_builtin_ruleset_keeps_the_rulesets_function():
    import importlib

    engine.ruleset("athens-sparta")
    pkg = importlib.import_module("engine.rulesets.athens_sparta")  # binds engine.rulesets
    assert pkg.RULESET.id == "athens-sparta"
    assert "athens-sparta" in engine.ruleset_ids()
