"""The length of an Olympiad (introduction: six game turns), sudden death (10.1) and the
Earthquake's reach (sidebar, 9.1), written from the rulebook's words."""

from __future__ import annotations

import random

import engine
from tests.athens_sparta.conftest import RS, act, ids, position, prompt

BLOCKS = {"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}}


def turn_position(**kw):
    data = dict(olympiad=84, turn=2, phase="move", active="sparta", player1="sparta",
                cards={"athens": {"hand": ["C11"], "played": "C10"},
                       "sparta": {"hand": ["C12"], "played": "C24"}},
                blocks=BLOCKS)
    data.update(kw)
    return position(None, **data)


def test_second_player_still_plays_his_sixth_card_intro():
    """Introduction: each Olympiad has six game turns and both players play a card in
    each. Athens committing his last card must not end the Olympiad before Sparta plays
    hers."""
    g = position(None, olympiad=84, turn=6, phase="card", blocks=BLOCKS,
                 cards={"athens": {"hand": ["C11"]}, "sparta": {"hand": ["C12"]}})
    act(g, "c:C11", "athens")
    p = prompt(g, "sparta")
    assert p.kind == "commit" and ids(p) == ["c:C12"] and "Game turn 6" in p.text
    act(g, "c:C12", "sparta")
    s = g.state
    assert s["turn"] == 6 and s["phase"] == "move"
    assert s["cards"]["played"] == {"athens": "C11", "sparta": "C12"}


def _cards_played(options: dict, seed: int, olympiads: int) -> dict[int, dict[str, int]]:
    """Play random legal choices; count the cards each player plays (one per game turn)
    in each Olympiad."""
    g = engine.new_game(RS, seed=seed, options=options)
    rng = random.Random(seed)
    played: dict[int, dict[str, int]] = {}
    while g.outcome is None and g.state["olympiad"] < 84 + olympiads:
        olympiad = g.state["olympiad"]
        p = g.prompts()[0]
        if p.kind == "commit":
            n = played.setdefault(olympiad, {"athens": 0, "sparta": 0})
            n[p.seat] += 1
        g.act(p.seat, rng.choice(p.options).id)
    assert g.outcome is None, "the sample game ended early: pick another seed"
    return played


def test_every_olympiad_has_six_game_turns_intro():
    six = {"athens": 6, "sparta": 6}
    assert _cards_played({}, seed=3, olympiads=2) == {84: six, 85: six}


def test_syracuse_points_leave_five_turns_in_the_first_olympiad_only():
    """Syracuse Points sidebar: one card each goes to Sicily after the first deal, leaving
    five cards (five game turns) for the first Olympiad; later Olympiads have six."""
    played = _cards_played({"syracuse_points": True}, seed=3, olympiads=2)
    assert played == {84: {"athens": 5, "sparta": 5}, 85: {"athens": 6, "sparta": 6}}


def test_spartans_inside_athens_walls_win_despite_a_blockade_rule_10_1():
    """10.1: Athens occupied by enemy blocks at the end of a game turn ends the game. The
    Spartans hold the city inside its walls; the Athenian navy outside only blockades
    (5.43 lets a defending navy stay on blockade after the city falls)."""
    g = turn_position(phase="attrition", active="athens", player1="sparta",
                      control={"Athens": "sparta"},
                      blocks={"Sparta H1": {"hex": "K8", "in_city": True},
                              "Athens N1": {"hex": "K8"}, "Athens H1": {"hex": "L8"}},
                      dice=[6])  # Athens' blockade attrition (4+): the navy loses a step
    assert g.outcome is not None
    assert g.outcome.winners == ("sparta",) and g.outcome.rule == "10.1"


def test_besiegers_outside_the_walls_do_not_occupy_athens_rule_10_1():
    g = turn_position(phase="attrition", active="athens", player1="sparta",
                      blocks={"Sparta H1": {"hex": "K8"},
                              "Athens H1": {"hex": "K8", "in_city": True}},
                      dice=[1, 1])
    assert g.outcome is None  # ruling R6: a siege of Athens is not its occupation


def test_earthquake_cancels_the_hellespont_removal():
    """Earthquake sidebar: the game turn is cancelled for both players except siege
    attrition; the Hellespont's removal (9.1) is not siege attrition (ruling R34)."""
    g = position(None, olympiad=84, turn=2, phase="card", control={"Abydos": "sparta"},
                 blocks={"Corinth N": {"hex": "P2"}, "Athens H1": {"hex": "K8"},
                         "Athens P": {"hex": "K8"}, "Sparta H1": {"hex": "I10"}},
                 cards={"athens": {"hand": ["C02", "C11"]},
                        "sparta": {"hand": ["C12", "C13"]}})
    act(g, "c:C02", "athens")  # 1 / Earthquake
    act(g, "c:C12", "sparta")
    kinds = {p.kind for p in g.prompts()}
    assert kinds == {"commit"} and g.state["turn"] == 3  # straight to the next game turn
    assert g.state["blocks"]["Athens P"]["loc"] == "K8"
    assert g.state["blocks"]["Athens H1"]["loc"] == "K8"
