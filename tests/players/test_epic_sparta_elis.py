"""The Epic heuristic as Sparta in the Argive League (issue 33): positions from lost games
where Sparta's army could not reach or take Elis, the region it must flip (22.5)."""

from __future__ import annotations

import copy
from typing import Any

import engine
from engine.players import decide, player
from engine.players.epic import _led, evaluate
from engine.players.epic_moves import storm_worth as _storm_worth
from engine.rulesets.epic import board as B


def _view(units: list[dict[str, Any]], leaders: dict[str, Any] | None = None) -> Any:
    """Sparta's view of the Argive League's first spring with only `units` on the map."""
    g = engine.ruleset("epic").from_position(
        {"start": None, "clear": True, "units": units, "leaders": leaders or {}}, seed="elis")
    return copy.deepcopy(g.view("sparta"))


def _here(view: Any) -> dict[str, dict[str, int]]:
    here: dict[str, dict[str, int]] = {}
    for u in view["units"].values():
        if u["where"] == "map" and u["type"] != "fleet":
            here.setdefault(u["hex"], {}).setdefault(u["side"], 0)
            here[u["hex"]][u["side"]] += 1
    return here


def test_an_unwalled_place_is_stormed_at_three_to_one_a_walled_one_at_six():
    # 18.2, 18.6: walls double the defenders; an empty place is held by its garrison,
    # one unit of morale 3 (18.3.2-3). Three Spartans masked unwalled Cyllene, the port of
    # Elis, for two years (`e8s2:18`): the rule read every place as walled and asked six.
    cyllene = B.comps().cities["Cyllene"]
    assert not cyllene.walled
    three = _view([{"home": "laconia", "type": "hoplite", "at": "Cyllene", "n": 3}])
    two = _view([{"home": "laconia", "type": "hoplite", "at": "Cyllene", "n": 2}])
    assert _storm_worth(three, cyllene.hex, "sparta")
    assert not _storm_worth(two, cyllene.hex, "sparta")
    # the garrison's 3, and 1 for a small unwalled place (17.4.4): Corinthians (4) go in
    corinthians = _view([{"home": "corinth", "type": "hoplite", "at": "Cyllene", "n": 3}])
    assert _storm_worth(corinthians, cyllene.hex, "sparta")
    # a walled place still asks six to one garrison
    walled = next(c for c in B.region_cities("argolid") if c.walled)
    five = _view([{"home": "laconia", "type": "hoplite", "at": walled.hex, "n": 5}])
    six = _view([{"home": "laconia", "type": "hoplite", "at": walled.hex, "n": 6}])
    assert not _storm_worth(five, walled.hex, "sparta")
    assert _storm_worth(six, walled.hex, "sparta")


def test_an_unwalled_place_held_by_a_steadier_defender_is_besieged_not_stormed():
    # 17.3, 17.4.4: each round is a morale check. Five Spartans stormed Elis (medium,
    # unwalled) held by one Elean hoplite (morale 5, 6 inside) twice and lost four units,
    # a decisive victory for Athens in Elis (`e9s:20`): five to one, but not steadier.
    elis = B.comps().cities["Elis"]
    held = _view([{"home": "corinth", "type": "hoplite", "at": "Elis", "n": 5},
                  {"home": "elis", "type": "hoplite", "at": "Elis", "n": 1}])
    assert not _storm_worth(held, elis.hex, "sparta")
    empty = _view([{"home": "corinth", "type": "hoplite", "at": "Elis", "n": 5}])
    assert _storm_worth(empty, elis.hex, "sparta")


def test_a_leader_counts_beside_the_army_whatever_his_rating():
    # 16.2.1, 17.1: two or more units stand outside a city and attack only with a leader.
    # Agis and Ramphias (rated 0) stayed in the Force Pool and five Corinthians went only
    # from city to city for two years (`e8s2:3`). A leader beside them now scores; one
    # more in a hex already led adds nothing.
    army = [{"home": "corinth", "type": "hoplite", "at": "Corinth", "n": 5}]
    pool = _view(army)
    beside = _view(army, {"Agis": "Corinth"})
    alone = _view(army, {"Agis": "Sparta"})
    two = _view(army, {"Agis": "Corinth", "Ramphias": "Corinth"})
    assert int(beside["leaders"]["Agis"]["land"]) == 0
    assert _led(pool, _here(pool), "sparta") == 0.0
    # alone at Sparta he is only drawn towards the leaderless army (issue 35: a free
    # leader walks to it), well below standing beside it
    assert 0.0 < _led(alone, _here(alone), "sparta") < _led(beside, _here(beside), "sparta") / 2
    assert _led(beside, _here(beside), "sparta") > 1.0
    assert _led(two, _here(two), "sparta") == _led(beside, _here(beside), "sparta")
    assert evaluate(beside, "sparta") > evaluate(pool, "sparta") + 1.0
    assert evaluate(beside, "sparta") > evaluate(alone, "sparta") + 1.0


def _march(leaders: dict[str, Any]) -> list[tuple[str, str]]:
    """Sparta's movement answers with five Corinthians at Corinth and a lone Athenian
    hoplite in Corinthia (W2931), up to the first destination chosen."""
    g = engine.ruleset("epic").from_position(
        {"start": "move", "args": {"side": "sparta", "step": "choose"}, "ct": 1, "clear": True,
         "units": [{"home": "corinth", "type": "hoplite", "at": "Corinth", "n": 5},
                   {"home": "attica", "type": "hoplite", "at": "W2931", "n": 1}],
         "leaders": leaders}, seed="led")
    heuristic = player("heuristic", "led")
    answers: list[tuple[str, str]] = []
    for _ in range(6):
        prompts = g.prompts()
        if not prompts:
            break
        p = prompts[0]
        answer = decide(g, p.seat, heuristic)
        answers.append((p.kind, answer))
        if answer.startswith("to:") or answer == "done":
            break
        g.act(p.seat, answer)
    return answers


def test_with_a_leader_the_army_clears_the_lone_unit_that_shuts_its_area():
    # 16.3.2: Area movement only through friendly Areas, and the lone Athenian makes
    # Corinthia not friendly; 16.2.1, 17.1: without a leader five units may go only to a
    # city and attack no one, so they stay. With Agis they attack the lone hoplite
    # (17.1), five to one.
    assert _march({"Agis": None}) == [("move", "done")]
    led = _march({"Agis": "Corinth"})
    assert led[-1] == ("destination", "to:W2931")
