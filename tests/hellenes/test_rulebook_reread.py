"""The rulebook read a third time (session 14): rules a game meets often that no earlier
position test pinned down, each from a position with the dice fixed where dice matter.
Earlier audits' tests (test_rules_*.py, test_rulebook_*.py) are not repeated."""

from __future__ import annotations

from engine.rulesets.hellenes import board as B
from engine.rulesets.hellenes import movement
from engine.rulesets.hellenes.building import garrison_sites, placements
from engine.rulesets.hellenes.moves import pillage_targets

from .helpers import POTIDEA_SIEGE, fix_dice, ids, platea_besieged, position, prompt


def _dests(g, bid, engage=True):
    return {r.dest for r in movement.routes(g.state, bid, engage=engage)}


def test_5_1_7_4_besieged_land_units_cannot_move():
    """5.1, 7.4: the Plataean hoplites shut in their besieged City have no move by land:
    Platea is not a Group Athens may activate, and the unit has no route at all."""
    g = platea_besieged("athens", "actions", actions=2)
    assert "move:PLA" not in ids(g, "athens")
    assert movement.routes(g.state, "A6", engage=True) == []


def test_5_4_friendly_besiegers_let_their_side_pass_through_the_province():
    """5.4, 1.4: only unbesieged enemy units stop a move. Thebans besieging Platea hold its
    Province, so a Theban unit from Thebes marches through Platea to Megara or Corinth
    without stopping (Athens, the other way round, is full of Athenians)."""
    g = platea_besieged("sparta", "actions", actions=2,
                        blocks={"S26": {"loc": "THE", "cv": 3}})
    assert {"MEG", "CRN"} <= _dests(g, "S26", engage=False)


def test_5_4_besiegers_stop_the_other_sides_march_in_the_province():
    """5.4: the Theban besiegers are unbesieged enemy units, so Athenian hoplites leaving
    Athens must stop in Platea (engaging them) and cannot march on through it to Phocis
    or Orchomenus; without engaging, Platea is closed to them."""
    g = platea_besieged("athens", "actions", actions=2, blocks={"A1": {"loc": "ATH", "cv": 4}})
    engaging = _dests(g, "A1", engage=True)
    assert "PLA" in engaging and not {"PHO", "ORC", "CRN"} & engaging
    assert "PLA" not in _dests(g, "A1", engage=False)


def test_4_2_no_building_in_a_besieged_inland_city():
    """4.2, 7.2: Platea is an Attic Home City but besieged: the Plataean hoplites inside
    cannot be reinforced and no Attic recruit may arrive there (Athens still may)."""
    g = platea_besieged("athens", "actions", actions=2,
                        blocks={"A4": {"loc": "pool"}})
    assert "reinforce:A6" not in ids(g, "athens")
    where = {p.split("@")[1] if "@" in p else p for p in placements(g.state, "A4")}
    assert "PLA" not in where and "ATH" in where


def test_4_22_no_recruit_in_a_home_city_the_enemy_holds():
    """4.22, 1.4: a recruit arrives only in a friendly Home City. Athenian hoplites hold
    Megara, so a Megarian unit drawn from the Spartan pool has nowhere to arrive."""
    g = position(scenario="431", season=1, stamp=5, start="actions", args={"side": "sparta"},
                 turn={"side": "sparta", "actions": 2},
                 blocks={"S23": {"loc": "pool"}, "S24": {"loc": "pool"},
                         "A1": {"loc": "MEG", "cv": 3}})
    assert B.city_control(g.state, B.comps().cities["Megara"]) == "athens"
    assert placements(g.state, "S24") == []


def test_2_3_one_garrison_per_city():
    """2.3, 4.23: a City holds one garrison at most. Spartans in Stagira may leave a
    detached garrison there once; with one already standing, Stagira is not offered."""
    g = position(scenario="431", season=1, stamp=5, start="actions", args={"side": "sparta"},
                 turn={"side": "sparta", "actions": 2}, blocks={"S1": {"loc": "STA", "cv": 2}})
    assert "Stagira" in garrison_sites(g.state, "sparta")
    g = position(scenario="431", season=1, stamp=5, start="actions", args={"side": "sparta"},
                 turn={"side": "sparta", "actions": 2}, blocks={"S1": {"loc": "STA", "cv": 2}},
                 garrisons={"Stagira": {"side": "sparta", "kind": "detached"},
                            "Potidea": {"side": "sparta", "kind": "detached"}})
    assert "Stagira" not in garrison_sites(g.state, "sparta")


def test_5_5_9_53_a_city_pillaged_last_year_may_be_pillaged_again():
    """5.5, 9.53: the once-a-Year limit on Pillage lapses when the Year turns (the
    Pillaged marker comes off at Year End): Platea, pillaged in 432, may be pillaged in
    431's Spring by its besiegers; pillaged in 431 it may not."""
    g = platea_besieged("sparta", "actions", actions=2, effects={"pillaged": {"Platea": 432}})
    assert "Platea" in pillage_targets(g.state, "sparta")
    assert "pillage:Platea" in ids(g, "sparta")
    g = platea_besieged("sparta", "actions", actions=2, effects={"pillaged": {"Platea": 431}})
    assert "pillage:Platea" not in ids(g, "sparta")
