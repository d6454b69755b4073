"""Winter (9.0-9.24): Quartering and Homing with the rulebook's examples, Wintering Group
Moves, Maintenance and Disbanding."""

from __future__ import annotations

from .helpers import ids, position, prompt


def _winter(side="athens", actions=1, **kw):
    return position(scenario="431", season=5, turn={"side": side, "actions": actions},
                    start="winter_actions", args={"side": side, "maintained": []}, **kw)


def test_9_211_quartering_example_hellespont_fleet_to_abydos():
    g = _winter(blocks={"A20": {"loc": "S_HEL", "cv": 2}})
    assert "quarter:A20:ABY" in ids(g, "athens")
    g.act("athens", "quarter:A20:ABY")
    assert g.state["blocks"]["A20"]["loc"] == "ABY"
    assert g.state["turn"]["actions"] == 1  # free


def test_9_212_homing_example_samos_fleets_pass_a_spartan_fleet_to_athens():
    g = _winter(blocks={"A20": {"loc": "SAM", "cv": 2}, "S20": {"loc": "S_PAR", "cv": 2}})
    assert "home:A20:ATH" in ids(g, "athens")
    g.act("athens", "home:A20:ATH")
    assert g.state["blocks"]["A20"]["loc"] == "ATH"


def test_9_22_unmaintained_units_outside_disband_and_9_24_barbarians_always():
    g = _winter(blocks={"A1": {"loc": "PHO", "cv": 3}, "A2": {"loc": "LOC", "cv": 2}})
    g.act("athens", "maintain:A1")
    g.act("athens", "done")
    s = g.state
    assert s["blocks"]["A1"]["loc"] == "PHO" and s["blocks"]["A2"]["loc"] == "pool"


def test_9_214_wintering_group_move_passes_enemies_into_a_controlled_city():
    g = _winter(blocks={"A1": {"loc": "MEG", "cv": 3}})
    # Megara holds Spartan units; a Wintering Group Move ignores them (9.21)
    assert any(o.startswith("wmove:") for o in ids(g, "athens"))
    assert prompt(g, "athens").kind == "winter-actions"
