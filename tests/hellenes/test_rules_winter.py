"""Winter (9.0-9.24): Quartering and Homing with the rulebook's examples, Wintering Group
Moves, Maintenance and Disbanding."""

from __future__ import annotations

from .helpers import fix_dice, ids, move_all, position, prompt, winter_ids, winter_line


def _winter(side="athens", actions=1, **kw):
    return position(scenario="431", season=5, turn={"side": side, "actions": actions},
                    start="winter_actions", args={"side": side, "maintained": []}, **kw)


def test_9_211_quartering_example_hellespont_fleet_to_abydos():
    g = _winter(blocks={"A20": {"loc": "S_HEL", "cv": 2}})
    assert "quarter:A20:ABY" in winter_ids(g, "athens")
    winter_line(g, "athens", "quarter:A20:ABY")
    assert g.state["blocks"]["A20"]["loc"] == "ABY"
    assert g.state["turn"]["actions"] == 1  # free


def test_9_211_a_fleet_quartering_takes_the_land_unit_aboard():
    """5.21: a carried unit goes where its fleet goes: the Hellespont fleet quarters in
    Abydos with the hoplites it carries, who would otherwise be left without a ship."""
    g = _winter(blocks={"A20": {"loc": "S_HEL", "cv": 2}, "A1": {"loc": "S_HEL", "cv": 1}})
    winter_line(g, "athens", "quarter:A20:ABY")
    s = g.state
    assert s["blocks"]["A1"]["loc"] == "ABY" and "A1" in s["turn"]["moved"]


def test_9_212_homing_example_samos_fleets_pass_a_spartan_fleet_to_athens():
    g = _winter(blocks={"A20": {"loc": "SAM", "cv": 2}, "S20": {"loc": "S_PAR", "cv": 2}})
    assert "home:A20:ATH" in winter_ids(g, "athens")
    winter_line(g, "athens", "home:A20:ATH")
    assert g.state["blocks"]["A20"]["loc"] == "ATH"


def test_9_22_unmaintained_units_outside_disband_and_9_24_barbarians_always():
    g = _winter(blocks={"A1": {"loc": "PHO", "cv": 3}, "A2": {"loc": "LOC", "cv": 2}})
    winter_line(g, "athens", "maintain:A1")
    g.act("athens", "done")
    s = g.state
    assert s["blocks"]["A1"]["loc"] == "PHO" and s["blocks"]["A2"]["loc"] == "pool"


def test_9_214_wintering_group_move_passes_enemies_into_a_controlled_city():
    g = _winter(blocks={"A1": {"loc": "MEG", "cv": 3}})
    # Megara holds Spartan units; a Wintering Group Move ignores them (9.21)
    assert any(o.startswith("wmove:") for o in ids(g, "athens"))
    assert prompt(g, "athens").kind == "winter-actions"


# ------------------------------------------------------------------ Homing Battles (9.31)
def _athens_besieged(**blocks):
    """Winter, Athens first; a 3-cv Spartan besieges Athens."""
    return position(scenario="431", season=5, start="winter", args={"side": "athens"},
                    blocks={"A1": {"loc": "ATH", "cv": 2, "inside": True},
                            "S1": {"loc": "ATH", "cv": 3}, **blocks},
                    sieges={"Athens": {"besieger": "sparta", "since": 1,
                                       "blockade_since": None}},
                    order=["athens", "sparta"],
                    revealed={"athens": {"card": 10, "use": "actions"},
                              "sparta": {"card": 9, "use": "actions"}})


def test_9_31_homing_battle_example_landing_beaten_by_routs_disbands():
    # The rulebook's example: two Athenian fleets at Samos head home; Spartan fleets hold
    # the Saronic Gulf and a 3-cv Spartan B2 besieges Athens. They land from the Andros Sea
    # (a Sea Landing: they skip round 1); the besieger rolls 5, 6: two routs, a Panic.
    g = _athens_besieged(A20={"loc": "SAM", "cv": 2}, A21={"loc": "SAM", "cv": 2},
                         S11={"loc": "S_SAR", "cv": 3}, S12={"loc": "S_SAR", "cv": 2})
    opts = ids(g, "athens")
    assert "hbattle:A20:ATH:S_AND" in opts  # landing: a battle with the besiegers
    assert "hbattle:A20:ATH:S_SAR" in opts  # through the blockade: a battle at sea
    assert not any(o.startswith("home:A20") for o in opts)  # no peaceful way in (9.21)
    g.act("athens", "hbattle:A20:ATH:S_AND")
    g.act("athens", "hbattle:A21:ATH:S_AND")
    s = g.state
    assert s["blocks"]["A20"]["loc"] == "ATH" and not s["blocks"]["A20"]["inside"]
    g.act("athens", "done")  # the Homing units do not disband yet (9.24 exception)
    assert s["blocks"]["A20"]["loc"] == "ATH"
    # Sparta's Winter Actions: it keeps its besieger and its fleets
    winter_line(g, "sparta", "maintain:S1")
    winter_line(g, "sparta", "maintain:S11")
    winter_line(g, "sparta", "maintain:S12")
    g.act("sparta", "done")
    # Athens' SiegeBreaking Combat opens with the Homing Battle in Attica
    fix_dice(g, [5, 6, 4])  # the example names two dice; the third misses
    assert prompt(g, "sparta").kind == "retreat-or-fight"
    g.act("sparta", "fight")  # the B2 besieger attacks first: the fleets skip round 1
    assert prompt(g, "athens").kind == "battle-loss"  # equal fleets: Athens picks the rout
    g.act("athens", "A20")
    s = g.state
    assert s["blocks"]["A20"]["loc"] == "pool" and s["blocks"]["A21"]["loc"] == "pool"
    assert s["prestige"] == -2  # a Panic: Triumph for Sparta (14.11)
    assert s["sieges"]["Athens"]["besieger"] == "sparta"


def test_9_31_homing_units_left_unchallenged_go_in():
    g = _athens_besieged(A20={"loc": "SAM", "cv": 2})
    g.act("athens", "hbattle:A20:ATH:S_AND")
    g.act("athens", "done")
    g.act("sparta", "done")  # the besieger is not Maintained: it disbands, the siege lifts
    s = g.state
    assert "Athens" not in s["sieges"]
    assert s["blocks"]["A20"]["loc"] == "ATH"
    assert not s.get("homing")


def test_9_31_a_fleet_slips_into_a_besieged_port_by_its_free_offshore_sea():
    g = _athens_besieged(A20={"loc": "SAM", "cv": 2})
    g.act("athens", "hbattle:A20:ATH:S_SAR")
    x = g.state["blocks"]["A20"]
    assert x["loc"] == "ATH" and x["inside"]


def test_9_213_displacement_example_stratus_over_capacity_moves_on_to_naupactus():
    # Athenian units besieging Leucas quarter into Stratus (Capacity 2), which already
    # holds one: the unit there is now outside and may Quarter on to Naupactus.
    g = _winter(blocks={"A35": {"loc": "STR", "cv": 2}, "A1": {"loc": "LEU", "cv": 2},
                        "A2": {"loc": "LEU", "cv": 2}, "S31": {"loc": "LEU", "cv": 1,
                                                               "inside": True}},
                sieges={"Leucas": {"besieger": "athens", "since": 1, "blockade_since": None}})
    assert "quarter:A35:NAU" not in winter_ids(g, "athens")  # inside Stratus, within Capacity
    winter_line(g, "athens", "quarter:A1:STR")
    winter_line(g, "athens", "quarter:A2:STR")
    assert "quarter:A35:NAU" in winter_ids(g, "athens")  # displaced (9.213)
    winter_line(g, "athens", "quarter:A35:NAU")
    s = g.state
    assert s["blocks"]["A35"]["loc"] == "NAU"
    assert [b for b in ("A1", "A2") if s["blocks"][b]["loc"] == "STR"] == ["A1", "A2"]


def test_9_31_views_hide_the_homing_units():
    from engine.testing import assert_view_hides

    g = _athens_besieged(A20={"loc": "SAM", "cv": 2}, S11={"loc": "S_SAR", "cv": 3})
    g.act("athens", "hbattle:A20:ATH:S_AND")
    for seat in ("athens", "sparta", None):
        assert assert_view_hides(g, seat) > 0
    v = g.view("sparta")
    assert "homing" not in v and all(b["side"] == "sparta" for b in v["blocks"])


def test_9_214_a_wintering_fleet_may_take_the_safer_route():
    """5.0: the player picks the route, in a Wintering Group Move too (9.214). From the Sea
    of Lemnos, Amphipolis is two areas away across a DeepSea border (into the Strymonic
    Gulf) or three by the Thracian Sea with none: no Storm die for the second."""
    g = _winter(blocks={"A28": {"loc": "S_LMS", "cv": 2}})
    g.act("athens", "wmove:S_LMS")
    move_all(g, "athens")
    opts = {o.id: o.label for o in prompt(g, "athens").options}
    assert "storm risk 50%" in opts["AMP"] and "no DeepSea crossing" in opts["AMP~0"]
    g.act("athens", "AMP~0")
    s = g.state
    assert s["blocks"]["A28"]["loc"] == "AMP" and s["turn"]["crossings"] == []


def test_9_31_a_homing_fleet_crossing_a_deepsea_border_is_rolled_for():
    """5.22: a fleet that moves across a DeepSea border risks a Storm, in Winter on 1-3;
    a fleet Homing from Samos to fight its way into Athens crosses one (Icarian Sea into
    the Paros Sea) on its way to the Andros Sea."""
    g = _athens_besieged(A20={"loc": "SAM", "cv": 2})
    g.act("athens", "hbattle:A20:ATH:S_AND")
    assert g.state["turn"]["crossings"] == [{"fleets": ["A20"], "deep": 1, "cargo": {}}]
    fix_dice(g, [2, 1])  # a Storm; a Gale
    g.act("athens", "done")
    assert g.state["blocks"]["A20"]["loc"] == "pool"
