"""The Epic heuristic as Sparta against the gauntlet (issue 35): positions from games lost
to the aggressive player and the bait-taker in the Argive League, where Sparta's units
stayed shut in their own cities, fed a lone unit into the stack masking Sparta, starved the
capital's guard, or left a city to an enemy stack a march away."""

from __future__ import annotations

import copy
from typing import Any

import engine
from engine.players import decide, player
from engine.players.epic import Seen, _exposed_cities, _exposed_stacks, _press_on, evaluate, pressed
from engine.players.epic_policy import land_distances
from engine.rulesets.epic import board as B

SPARTA = B.comps().cities["Sparta"].hex
CORINTH = B.comps().cities["Corinth"].hex


def _game(units: list[dict[str, Any]], **more: Any) -> Any:
    return engine.ruleset("epic").from_position(
        {"clear": True, "units": units, **more}, seed="gauntlet")


def _board(units: list[dict[str, Any]]) -> Any:
    """Sparta's view of a board with only `units` on the map (no procedure started)."""
    return _game(units, start=None).view("sparta")


def _attacked(ours: list[dict[str, Any]], theirs: list[dict[str, Any]], at: str) -> Any:
    """Athens' stack `theirs` has just moved into `at`, where Sparta's `ours` stand: the
    attack waits for Sparta's answer whether to come out (10.2.1a)."""
    units = ours + theirs
    board = _game(units, start=None)
    ids = sorted(u for u, x in board.view("athens")["units"].items()
                 if x["side"] == "athens" and x["where"] == "map")
    return _game(units, start="combats", args={"side": "athens"}, ct=1,
                 state={"attacks": [{"hex": at, "origin": "W2837", "units": ids,
                                     "leaders": [], "storm": False}]})


def _answer(g: Any, seat: str = "sparta") -> tuple[str, str]:
    p = g.prompts()[0]
    assert p.seat == seat
    return p.kind, decide(g, seat, player("heuristic", "gauntlet"))


def test_a_garrison_that_outnumbers_its_attackers_comes_out_to_fight():
    # 10.2.1a, 10.2.2d: units that stay in are stormed or masked, and masked they are shut
    # in. Seven Spartans stayed in unwalled Sparta, four Argives masked it and Laconia fell
    # to the battles fought there (`t9aggressive:3`); five Corinthians stayed in Corinth
    # against three (`t9bait-taker:2`).
    argives = [{"home": "argolid", "type": "hoplite", "at": "Sparta", "n": 4}]
    seven = _attacked([{"home": "laconia", "type": "hoplite", "at": "Sparta", "n": 7}],
                      argives, SPARTA)
    kind, answer = _answer(seven)
    assert kind == "sally"
    assert len(answer.split("|")) == 7
    # fewer than the attackers: they stay in, where the place's bonus helps them (17.4.4)
    three = _attacked([{"home": "laconia", "type": "hoplite", "at": "Sparta", "n": 3}],
                      argives, SPARTA)
    assert _answer(three) == ("sally", "")
    # behind walls too: five Corinthians (morale 4, 20 together) against three Argives
    # (6, 4 and 4: 14), who masked them in Corinth and took its small cities
    corinth = _attacked([{"home": "corinth", "type": "hoplite", "at": "Corinth", "n": 5}],
                        [{"home": "argolid", "type": "hoplite", "at": "Corinth", "n": 3}],
                        CORINTH)
    kind, answer = _answer(corinth)
    assert kind == "sally" and len(answer.split("|")) == 5
    # as many, but less morale together: they stay in
    three = _attacked([{"home": "corinth", "type": "hoplite", "at": "Corinth", "n": 3}],
                      [{"home": "argolid", "type": "hoplite", "at": "Corinth", "n": 3}],
                      CORINTH)
    assert _answer(three) == ("sally", "")


def _relief(n: int) -> list[tuple[str, str]]:
    """Sparta's movement answers, up to the first destination, with seven Spartans shut in
    Sparta by four Argives masking it and `n` Arcadians with Agis next door (W2936)."""
    g = _game([{"home": "laconia", "type": "hoplite", "at": "Sparta", "n": 7},
               {"home": "argolid", "type": "hoplite", "at": "Sparta", "n": 4},
               {"home": "arcadia", "type": "hoplite", "at": "W2936", "n": n}],
              leaders={"Agis": "W2936"}, start="move",
              args={"side": "sparta", "step": "choose"}, ct=1)
    out: list[tuple[str, str]] = []
    for _ in range(8):
        if not g.prompts():
            break
        kind, answer = _answer(g)
        out.append((kind, answer))
        if answer.startswith("to:") or answer == "done":
            break
        g.act("sparta", answer)
    return out


def test_units_shut_in_a_masked_place_do_not_fight_for_the_relief():
    # 10.2.2d: the seven inside may not come out, so a lone Arcadian attacking the four
    # maskers fights one to four. Counted with them it looked eight to four: he went in
    # every Campaign Turn, lost, and each defeat was a victory in Laconia (13.4) until
    # Laconia went over to Athens (`t9aggressive:3`).
    board = _board([{"home": "laconia", "type": "hoplite", "at": "Sparta", "n": 7},
                    {"home": "argolid", "type": "hoplite", "at": "Sparta", "n": 4}])
    assert Seen(board, "sparta").fight[SPARTA] == {"athens": 4}
    assert Seen(board).fight[SPARTA] == {"athens": 4, "sparta": 7}  # no side: all counted
    assert Seen(board, "sparta").land_count[SPARTA] == {"athens": 4, "sparta": 7}
    lone = _relief(1)
    assert lone[-1][0] == "destination" and lone[-1][1] != f"to:{SPARTA}"


def test_the_capitals_guard_goes_unsupplied_last_while_an_enemy_can_reach_it():
    # 9.1, 21.1: short of talents in Winter, the lowest morale went first: the four
    # Laconians in Sparta, with four Argives in its hex, and Athens stormed the empty
    # capital the next Campaign Turn (`t9aggressive:1`). Here the guard are Corinthians
    # (morale 4) and the Laconians (5) stand at Tegea.
    units = [{"home": "corinth", "type": "hoplite", "at": "Sparta", "n": 2},
             {"home": "laconia", "type": "hoplite", "at": "Tegea", "n": 2}]
    argives = [{"home": "argolid", "type": "hoplite", "at": "W2837", "n": 3}]
    g = _game(units + argives, season=3, treasury={"sparta": 1}, start="supply",
              args={"side": "sparta"})
    kind, answer = _answer(g)
    assert kind == "unsupplied"
    assert g.view("sparta")["units"][answer]["home"] == "laconia"
    # with no enemy unit in reach the weakest goes, as before
    quiet = _game(units, season=3, treasury={"sparta": 1}, start="supply",
                  args={"side": "sparta"})
    kind, answer = _answer(quiet)
    assert kind == "unsupplied"
    assert quiet.view("sparta")["units"][answer]["home"] == "corinth"


def test_a_city_left_to_a_stronger_enemy_stack_in_reach_costs_its_region():
    # 10.7, 13.4: five Corinthians marched from Corinth towards Elis with three Argives at
    # Argos, a road away; the Argives stormed the empty city, a decisive victory in
    # Corinthia, which went over to Athens (`t9bait-taker:6`).
    argives = [{"home": "argolid", "type": "hoplite", "at": "Argos", "n": 3}]
    home = _board([{"home": "corinth", "type": "hoplite", "at": "Corinth", "n": 5}] + argives)
    away = _board([{"home": "corinth", "type": "hoplite", "at": "Patrae", "n": 5}] + argives)
    at_home = _exposed_cities(home, Seen(home).land_count, "sparta").get("corinth", 0.0)
    gone = _exposed_cities(away, Seen(away).land_count, "sparta")["corinth"]
    assert gone == 2.5  # half a decisive victory (5 AL): three against its garrison
    assert at_home < gone - 1.0  # its small cities stay exposed, each a victory (2 AL)
    assert Seen(away, "sparta").battles["corinth"] > Seen(home, "sparta").battles.get(
        "corinth", 0.0) + 1.0
    # the same stack too far to reach Corinth in a turn threatens nothing
    far = _board([{"home": "corinth", "type": "hoplite", "at": "Patrae", "n": 5},
                  {"home": "argolid", "type": "hoplite", "at": "Sparta", "n": 3}])
    assert "corinth" not in _exposed_cities(far, Seen(far).land_count, "sparta")
    assert evaluate(copy.deepcopy(home), "sparta") > evaluate(copy.deepcopy(away), "sparta")


def test_a_small_stack_beside_a_larger_enemy_one_costs_the_region_a_defeat():
    # 13.4, 17.1: the bait-taker attacks whatever it reaches. Two Spartans stepped into
    # Corinthia (W2931) beside six Argives (W2932) and were beaten, then two more the
    # same, each a victory for Athens in Corinthia, which went over (`t9bait-taker:6`).
    argives = [{"home": "argolid", "type": "hoplite", "at": "W2932", "n": 6}]
    out = _board([{"home": "laconia", "type": "hoplite", "at": "W2931", "n": 2}] + argives)
    inside = _board([{"home": "laconia", "type": "hoplite", "at": "Corinth", "n": 2}] + argives)
    alone = _board([{"home": "laconia", "type": "hoplite", "at": "W2931", "n": 2}])
    exposed = _exposed_stacks(out, Seen(out).land_count, "sparta")
    assert exposed["corinth"] == 1.0  # half a victory's 2 AL: six against two
    assert "corinth" not in _exposed_stacks(inside, Seen(inside).land_count, "sparta")
    assert _exposed_stacks(alone, Seen(alone).land_count, "sparta") == {}
    # as many as the Argives: no defeat expected; in their region, Athens' gain counts
    even = _board([{"home": "laconia", "type": "hoplite", "at": "W2931", "n": 6}] + argives)
    assert _exposed_stacks(even, Seen(even).land_count, "sparta") == {}
    argolid = _board([{"home": "laconia", "type": "hoplite", "at": "W3032", "n": 2}] + argives)
    assert _exposed_stacks(argolid, Seen(argolid).land_count, "sparta")["argolid"] < 0


def test_a_mask_weaker_than_the_garrison_inside_does_not_stop_its_pressure():
    # 10.2.1a, 13.4: a lone Spartan at walled Athenian Mantinea with three Argives inside
    # looked to stop Mantinea pressing Arcadia; they came out and beat him, and Arcadia
    # went over to Athens (`t9bait-taker:0`). As many as those inside hold the mask.
    def view(n: int) -> Any:
        return _board([{"home": "laconia", "type": "hoplite", "at": "Mantinea", "n": n},
                       {"home": "argolid", "type": "hoplite", "at": "Mantinea", "n": 3}])
    lone, three = view(1), view(3)
    assert pressed(lone, "arcadia", "athens", Seen(lone))
    assert not pressed(three, "arcadia", "athens", Seen(three))
    # they come out: a battle Athens is likely to win in Arcadia (13.4); three stay inside
    assert Seen(lone).battles["arcadia"] > 0
    assert "arcadia" not in Seen(three).battles or Seen(three).battles["arcadia"] <= 0
    assert evaluate(lone, "sparta") < evaluate(three, "sparta")


def test_a_spare_leader_walks_alone_towards_a_leaderless_stack():
    # 7.8, 16.2.1, 17.1: five Corinthians sat leaderless in Corinth all game, unable to
    # leave it but for a city or to attack with more than one unit, while Agis and
    # Gylippus both stood at Sparta (`t9bait-taker:5`). The second leader now goes alone,
    # and Sparta's guard stays.
    g = _game([{"home": "laconia", "type": "hoplite", "at": "Sparta", "n": 4},
               {"home": "corinth", "type": "hoplite", "at": "Corinth", "n": 5},
               {"home": "argolid", "type": "hoplite", "at": "Argos", "n": 4}],
              leaders={"Agis": "Sparta", "Gylippus": "Sparta"}, start="move",
              args={"side": "sparta", "step": "choose"}, ct=1)
    answers: list[tuple[str, str]] = []
    for _ in range(8):
        kind, answer = _answer(g)
        answers.append((kind, answer))
        if answer.startswith("to:") or answer == "done":
            break
        g.act("sparta", answer)
    assert answers[0] == ("move", f"from:{SPARTA}")
    assert answers[1][0] == "pieces" and answers[1][1] in ("Agis", "Gylippus")
    dest = answers[-1][1].split(":", 1)[1]
    to_corinth = land_distances(frozenset({CORINTH}))
    assert to_corinth[dest] < to_corinth[SPARTA]


def test_an_attack_with_two_dead_goes_on_only_at_two_to_one_and_never_less_steady():
    # 13.4, 17.3, 17.8: five Corinthians storming Cyllene's garrison lost two dead and two
    # beaten; the last went on alone at morale 1 against the garrison at 1, was killed,
    # and the defeat was decisive, 5 AL for Athens in Elis (`t9raider:0`).
    att = [f"corinth-hoplite-{i}" for i in range(1, 6)]
    battle = {"attacker": "sparta", "defender": "athens", "att": att, "dfn": ["garrison"],
              "retreat": att[:1] + att[4:], "dead": att[1:3],
              "morale": {**dict.fromkeys(att, 3), att[3]: 1, "garrison": 1}}
    assert not _press_on(battle, "sparta")
    # with one dead, one to one at equal morale goes on, as 17.8's rule of thumb has it
    assert _press_on(dict(battle, dead=att[1:2], retreat=att[2:3] + att[4:]), "sparta")
    # fewer, or as many but less steady: off
    assert not _press_on(dict(battle, dead=[], retreat=att[:4],
                              morale={**battle["morale"], att[4]: 3, "garrison": 4}), "sparta")
