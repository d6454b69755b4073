"""Allegiance and Militance adjustments (13.4, 11.2) and the Open Sea storms (16.4.6)."""

from __future__ import annotations

from typer.testing import CliRunner

from engine.rulesets.epic import board as B
from engine.rulesets.epic import politics as P
from keryx.cli import app

from .helpers import bare, put, start

CITY = {n: c.hex for n, c in B.comps().cities.items()}


def test_13_4_a_decisive_victory_moves_every_region_but_not_below_5():
    g = bare()
    s = g.state
    P.victory(s, "sparta", "arcadia", True)
    assert (s["regions"]["arcadia"]["al"], s["regions"]["arcadia"]["ml"]) == (10, 11)
    assert (s["regions"]["laconia"]["al"], s["regions"]["laconia"]["ml"]) == (20, 20)  # capped
    assert s["regions"]["megarid"]["al"] == 17  # another Spartan region +2
    assert (s["regions"]["argolid"]["al"], s["regions"]["argolid"]["ml"]) == (8, 7)  # Athens'
    assert s["regions"]["elis"]["al"] == 4  # already below 5: not lowered (13.4 note **)


def test_13_4_a_victory_in_an_enemy_region_lowers_it():
    g = bare()
    s = g.state
    P.victory(s, "athens", "corinth", False)
    assert (s["regions"]["corinth"]["al"], s["regions"]["corinth"]["ml"]) == (2, 7)


def test_11_2_razing_a_medium_city_counts_twice_everywhere():
    g = bare()
    s = g.state
    P.city_razed(s, "M", "sparta")
    assert s["regions"]["laconia"]["al"] == 20 - 4 and s["regions"]["laconia"]["ml"] == 18
    assert s["regions"]["attica"]["al"] == 20 and s["regions"]["elis"]["al"] == 8


def test_13_4_seasonal_enemy_held_city_or_unopposed_units():
    g = bare()
    s = g.state
    rolls = iter([4, 3, 5, 6])
    lines = P.seasonal(s, lambda: next(rolls))
    # Arcadia (Mantinea, Athenian), Elis (Lepreum, Spartan), Laconia (the Athenian fort at
    # Pylos), Megarid (Nisaea, Athenian)
    assert [line.split(":")[0] for line in lines] == ["arcadia", "elis", "laconia", "megarid"]
    assert s["regions"]["arcadia"]["al"] == 4  # a 4: -1 AL
    assert s["regions"]["elis"]["al"] == 4  # a 3: no change
    assert s["regions"]["laconia"]["al"] == 19
    assert s["regions"]["megarid"]["al"] == 14


def test_13_4_masked_enemy_cities_do_not_count():
    g = bare()
    s = g.state
    put(g, "arcadia", "hoplite", CITY["Mantinea"], 1)
    put(g, "laconia", "hoplite", "W2337", 1, morale=5)  # the fort at Pylos
    put(g, "megarid", "hoplite", CITY["Nisaea"], 1)
    put(g, "elis", "hoplite", CITY["Lepreum"], 1)
    assert P.seasonal(s, lambda: 6) == []  # 10.2.2c


def test_16_4_6_a_storm_in_an_open_sea():
    g = bare()
    s = g.state
    fleets = put(g, "attica", "fleet", "south-ionian", 2)
    hoplite = put(g, "attica", "hoplite", "south-ionian", 2)
    s["leaders"]["Demosthenes"]["hex"] = "south-ionian"
    s["ct"] = 1
    # the storm die 6; one fleet rolls 6 against morale 6 and holds, the other 1
    start(g, "move", [6, 6, 1], side="athens", step="choose")
    g.act("athens", "done")
    assert all(s["units"][u]["where"] == "map" for u in fleets + hoplite)
    start(g, "move", [6, 1], side="athens", step="choose")
    s["units"][fleets[0]]["morale"] = 4  # a weaker fleet this time: it sinks on a 5
    g.rng.values = [6, 5, 1]
    g.act("athens", "done")
    assert s["units"][fleets[0]]["where"] == "dead"
    assert [s["units"][u]["where"] for u in hoplite] == ["map", "map"]  # one fleet carries two


def test_keryx_selfplay_epic_runs():
    res = CliRunner().invoke(app, ["selfplay", "epic", "--games", "2", "--scenario",
                                   "argive-league", "--jobs", "1", "--json"])
    assert res.exit_code == 0, res.output
    import json

    report = json.loads(res.output)
    assert report["games"] == 2 and report["completed"] == 2 and not report["errors"]
