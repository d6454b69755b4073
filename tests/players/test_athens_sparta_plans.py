"""The Athens & Sparta players at the war's end and on the attack: the evaluation knows
the final count of rule 10.2 (Athens wins a tie), and the search weighs attacks the
heuristic passed over as plans of their own (engine/players/plans.py)."""

from __future__ import annotations

import copy

import pytest

import engine
from engine.core.game import Game
from engine.players import decide, player
from engine.players.athens_sparta import LAST_OLYMPIAD, SIDES, _final_stake, contact, evaluate
from engine.players.heuristic import heuristic_for
from engine.players.lookahead import lookahead_for
from engine.players.plans import (
    MAX_ATTACKS,
    MAX_VENTURES,
    Plan,
    attack_steps,
    led_by,
    venture_steps,
)


def _view(olympiad: int, turn: int, seat: str = "sparta") -> dict:
    game = engine.new_game("athens-sparta", seed="final-count")
    view = game.rules.view(game.state, seat)
    return dict(view, olympiad=olympiad, turn=turn)


def test_before_the_last_olympiad_the_final_count_is_not_at_stake():
    assert _final_stake(_view(88, 6), "sparta", 3) == 0.0


@pytest.mark.parametrize("margin", [-3, -1, 0, 1, 2])
def test_a_tie_loses_for_sparta_and_wins_for_athens(margin):
    view = _view(LAST_OLYMPIAD, 6)
    sparta = _final_stake(view, "sparta", margin)
    assert (sparta > 0) == (margin >= 1)  # rule 10.2: Sparta needs one point more
    assert _final_stake(view, "athens", -margin) == pytest.approx(-sparta)


def test_the_stake_grows_as_the_last_turns_run_out():
    stakes = [_final_stake(_view(LAST_OLYMPIAD, t), "sparta", 1) for t in range(1, 7)]
    assert stakes == sorted(stakes) and stakes[0] < stakes[-1]
    # by the last turn the point that turns the result outweighs many steps of strength
    swing = _final_stake(_view(LAST_OLYMPIAD, 6), "sparta", 1) - \
        _final_stake(_view(LAST_OLYMPIAD, 6), "sparta", 0)
    assert swing > 10 * 0.35


@pytest.mark.parametrize("seat", ["athens", "sparta"])
def test_the_evaluation_counts_the_cities_as_the_rules_do(seat):
    """At the start the count the evaluation makes (Potidaea besieged: nobody's) is the
    rules' own (`points` in the view, rule 10.2)."""
    last, before = _view(LAST_OLYMPIAD, 6, seat), _view(88, 6, seat)
    foe = "athens" if seat == "sparta" else "sparta"
    margin = last["points"][seat] - last["points"][foe]
    assert evaluate(last, seat) - evaluate(before, seat) == \
        pytest.approx(_final_stake(last, seat, margin))


def _spartan_move(seed: str) -> Game:
    """A game played by two heuristics up to Sparta's first move prompt."""
    game = engine.new_game("athens-sparta", seed=seed)
    players = {s: player("heuristic", f"{seed}:{s}") for s in game.seats}
    for _ in range(400):
        p = game.prompts()[0]
        if p.seat == "sparta" and p.kind == "move":
            return game
        game.act(p.seat, decide(game, p.seat, players[p.seat]))
    raise AssertionError("no Spartan move phase in 400 actions")


def test_each_attack_step_found_makes_a_new_contact_in_the_game_itself():
    h = heuristic_for("athens-sparta")
    game = _spartan_move("attacks-1")
    prompt = game.prompt_for("sparta")
    assert prompt is not None
    view = game.view("sparta")
    steps = attack_steps(view, prompt, lookahead_for(game, "sparta"), h)
    assert steps, "Sparta has attacks on offer here"
    before = contact(view, "sparta")
    places = [label.removeprefix("attack ") for _, label in steps]
    assert all(label.startswith("attack ") for _, label in steps)
    assert len(places) == len(set(places))  # one step per place attacked
    for step, where in zip((step for step, _ in steps), places):
        trial = Game.from_dict(copy.deepcopy(game.to_dict()), game.rules)
        for answer in step:
            trial.act("sparta", answer)
        after = contact(trial.view("sparta"), "sparta")
        assert where in after - before
        assert step[-1].count("|") == 4  # the step ends at a destination (rules 4.4-4.5)


def test_an_attack_leads_the_plan_and_one_already_planned_is_not_repeated():
    planned = ("b:x", "o|F6|F5|0|")
    plan = Plan((("b:y", "o|A1||0|"), planned), "heuristic")
    attacks = [(planned, "attack F6"), (("b:z", "o|G7|G6|0|"), "attack G7"),
               (("b:w", "o|H8|H7|0|"), "attack H8"), (("b:v", "o|J9|J8|0|"), "attack J9")]
    out = led_by(plan, attacks, MAX_ATTACKS)
    assert [p.label for p in out] == ["attack G7", "attack H8"][:MAX_ATTACKS]
    assert out[0].steps == ((("b:z", "o|G7|G6|0|")),) + plan.steps


def _revolt_offers(game: Game, seat: str) -> list[str]:
    look = lookahead_for(game, seat)("rv")
    assert look is not None and look.prompt is not None
    return [o.id.removeprefix("c:") for o in look.prompt.options if o.id.startswith("c:")]


def test_no_revolt_is_weighed_in_a_city_the_enemy_garrisons():
    """Rule 7.0 lets Sparta raise a revolt in any Athenian major city, but where Athenian
    blocks stand the revolt block must beat them first (issue 35: failed revolts in
    garrisoned cities cost the search games). At Sparta's first move every city offered
    holds Athenian blocks, so no revolt is weighed."""
    h = heuristic_for("athens-sparta")
    game = _spartan_move("attacks-1")
    view = game.view("sparta")
    athenian = {b["hex"] for b in view["blocks"] if b["side"] == "athens"}
    offered = _revolt_offers(game, "sparta")
    assert offered and all(view["cities"][c]["hex"] in athenian for c in offered)
    prompt = game.prompt_for("sparta")
    assert prompt is not None
    assert venture_steps(view, prompt, lookahead_for(game, "sparta"), h) == []


def test_revolts_the_heuristic_never_sponsors_are_weighed_as_ventures():
    """Rule 7.0: the heuristic leaves revolts alone (`skip`); the search's ventures walk
    the revolt menus to their certain result, one strength per city, best first, in the
    cities no enemy block holds (the Athenian garrisons of Miletus and Samos sent home to
    the pool for this position)."""
    h = heuristic_for("athens-sparta")
    assert "rv" in h.skip and "rv" in h.ventures
    game = _spartan_move("attacks-1")
    vacated = {"Miletus", "Samos"}
    view = game.view("sparta")
    hexes = {view["cities"][c]["hex"] for c in vacated}
    for x in game.state["blocks"].values():
        if x["loc"] in hexes and x["side"] == "athens":
            x["loc"] = "pool"
    game._prompts = None  # noqa: SLF001 - the prompts are the edited state's
    prompt = game.prompt_for("sparta")
    assert prompt is not None and any(o.id == "rv" for o in prompt.options)
    view = game.view("sparta")
    assert vacated < set(_revolt_offers(game, "sparta"))
    found = venture_steps(view, prompt, lookahead_for(game, "sparta"), h)
    assert {key for _, key in found} == {f"rv c:{c}" for c in vacated}
    values = []
    for step, key in found:
        assert step[0] == "rv" and key == " ".join(step[:2])
        trial = Game.from_dict(copy.deepcopy(game.to_dict()), game.rules)
        trial.state = copy.deepcopy(game.state)
        trial._prompts = None  # noqa: SLF001
        for answer in step:
            trial.act("sparta", answer)
        after = trial.view("sparta")
        rebels = [b for b in after["blocks"] if b["side"] == "sparta" and b.get("special")]
        assert any(b["special"] == "tyrants" for b in rebels)
        values.append(evaluate(after, "sparta"))
    assert values == sorted(values, reverse=True)
    plans = led_by(Plan((("b:x", "o|A1||0|"),), "heuristic"), found, MAX_VENTURES)
    assert [p.steps[0] for p in plans] == [step for step, _ in found][:MAX_VENTURES]
    assert [p.label for p in plans] == [key for _, key in found][:MAX_VENTURES]


def test_athens_counts_the_grain_at_risk_while_abydos_stands_vacant(monkeypatch):
    """Rules 7.0 and 9.1: a revolt in a vacant Abydos hands Sparta the Hellespont."""
    import engine.players.athens_sparta as AS

    garrisoned = _view(85, 1, "athens")
    abydos = garrisoned["cities"][AS.HELLESPONT_CITY]
    assert abydos["side"] == "athens" and abydos["major"]
    assert any(b["hex"] == abydos["hex"] for b in garrisoned["blocks"])  # at the start
    view = dict(garrisoned, blocks=[b for b in garrisoned["blocks"] if b["hex"] != abydos["hex"]])
    with_risk = [evaluate(v, seat) for v in (view, garrisoned) for seat in SIDES]
    monkeypatch.setattr(AS, "GRAIN_RISK", 0.0)
    without = [evaluate(v, seat) for v in (view, garrisoned) for seat in SIDES]
    gaps = [a - b for a, b in zip(with_risk, without)]
    assert gaps == [pytest.approx(-3.0), 0.0, 0.0, 0.0]  # Athens' seat, Abydos vacant only
