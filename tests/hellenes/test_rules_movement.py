"""Movement (5.0-5.3), Muster, sea transport (5.21), storms (5.22, 5.23), Pillage (5.5),
the Peace on land and sea (12.0)."""

from __future__ import annotations

from engine.rulesets.hellenes import board as B
from engine.rulesets.hellenes.movement import routes

from .helpers import fix_dice, ids, move_all, position, prompt

EMPTY = {b: {"loc": "pool"} for b in ("S1", "S2", "S5", "S6", "S7", "S9", "S11", "S13", "S16",
                                     "S18", "S20", "S21", "S23", "S24", "S26", "S27", "S28",
                                     "S30", "S31", "S32")}


def _actions(side, actions=3, **kw):
    return position(scenario="431", season=1, turn={"side": side, "actions": actions},
                    start="actions", args={"side": side}, **kw)


def test_5_1_fleets_stop_on_entering_land_and_move_one_area_on_land():
    g = _actions("athens")
    s = g.state
    fleet = next(b for b in B.units_in(s, "ATH", "athens") if B.spec(b).type == "fleet")
    dests = {r.dest: r for r in routes(s, fleet)}
    assert "S_SAR" in dests and "S_AND" in dests
    land = [r for r in dests.values() if B.comps().areas[r.dest].kind == "land"]
    # a land destination is entered from a sea (a landing) or is one coastal step
    assert all(B.comps().areas[r.via].kind == "sea" or r.length == 1 for r in land)
    hoplite = "A1"
    assert all(B.comps().areas[r.dest].kind == "land" for r in routes(s, hoplite))
    assert all(r.length <= B.spec(hoplite).land_move for r in routes(s, hoplite))


def test_5_0_neutral_areas_are_never_entered():
    g = _actions("athens")
    for b in B.units_in(g.state, "ATH", "athens"):
        assert not {r.dest for r in routes(g.state, b)} & {"ARG", "ACH", "LYD", "PHR"}


def test_5_0_group_move_and_once_per_turn():
    g = _actions("athens", blocks={"A1": {"loc": "PLA", "cv": 3}})
    g.act("athens", "move:PLA")
    move_all(g, "athens")
    assert prompt(g, "athens").kind == "move"
    g.act("athens", "ATH")
    while prompt(g, "athens").kind == "move":  # the rest of the Group stays
        g.act("athens", "stay")
    assert g.state["blocks"]["A1"]["loc"] == "ATH"
    assert "A1" in g.state["turn"]["moved"] and g.state["turn"]["actions"] == 2
    # A1 has moved: a Group Move from Athens does not offer it again
    g.act("athens", "move:ATH")
    move_all(g, "athens")
    assert "A1" not in [o.id for o in prompt(g, "athens").options] and \
        "A1" not in g.state["flow"][-1]["args"]["queue"]


def test_5_21_a_fleet_carries_one_smaller_land_unit():
    g = _actions("athens", blocks={"A1": {"loc": "ATH", "cv": 4}})
    s = g.state
    fleet = next(b for b in B.units_in(s, "ATH", "athens")
                 if B.spec(b).type == "fleet" and s["blocks"][b]["cv"] == 3)
    g.act("athens", "move:ATH")
    move_all(g, "athens")
    # give every unit before the chosen fleet no order, then send it to Aegina's coast
    while prompt(g, "athens").kind == "move":
        p = prompt(g, "athens")
        unit = g.state["flow"][-1]["args"]["queue"][0]
        if unit == fleet:
            land = next(o.id for o in p.options if o.id != "stay"
                        and B.comps().areas[o.id].kind == "land")
            g.act("athens", land)
            break
        g.act("athens", "stay")
    assert prompt(g, "athens").kind == "cargo"
    g.act("athens", "A1")
    while g.prompt_for("athens") and prompt(g, "athens").kind == "move":
        g.act("athens", "stay")
    assert s["blocks"]["A1"]["loc"] == s["blocks"][fleet]["loc"] == land
    assert s["blocks"]["A1"]["cv"] == 2  # shed steps to be smaller than the 3-cv fleet


def test_5_22_storm_and_5_23_gale_sinks_fleet_and_cargo():
    g = _actions("athens")
    s = g.state
    fleet = _fleet(s)
    s["turn"]["crossings"] = [{"fleets": [fleet], "deep": 1, "cargo": {fleet: "A1"}}]
    fix_dice(g, [3, 2])  # Spring: storm on 1-3; ship damage 2: Gale
    g.act("athens", "done")
    assert s["blocks"][fleet]["loc"] == "pool" and s["blocks"]["A1"]["loc"] == "pool"


def test_5_22_two_storms_on_one_voyage_are_two_ship_damage_rolls():
    """5.22: a Storm die "in each case" (each DeepSea border crossed); each Storm met is
    its own Ship Damage roll (RULINGS.md): a 3-cv fleet meeting two Storms loses a step
    to each High Seas."""
    g = _actions("athens")
    s = g.state
    fleet = next(b for b in B.units_in(s, "ATH", "athens")
                 if B.spec(b).type == "fleet" and s["blocks"][b]["cv"] == 3)
    s["turn"]["crossings"] = [{"fleets": [fleet], "deep": 2, "cargo": {}}]
    fix_dice(g, [1, 2, 5, 6])  # two Storms (1-3 in Spring), then High Seas twice
    g.act("athens", "done")
    assert s["blocks"][fleet]["cv"] == 1


def test_5_22_no_storm_in_high_summer_on_two():
    g = position(scenario="431", season=3, turn={"side": "athens", "actions": 1},
                 start="actions", args={"side": "athens"})
    s = g.state
    fleet = _fleet(s)
    s["turn"]["crossings"] = [{"fleets": [fleet], "deep": 1, "cargo": {}}]
    fix_dice(g, [2])
    g.act("athens", "done")
    assert s["blocks"][fleet]["loc"] == "ATH"


def _fleet(s):
    return next(b for b in B.units_in(s, "ATH", "athens") if B.spec(b).type == "fleet")


def test_5_0_muster_converges_on_a_friendly_citystate():
    g = _actions("athens", blocks={"A1": {"loc": "PLA", "cv": 3}})
    assert "muster:ATH" in ids(g, "athens")
    g.act("athens", "muster:ATH")
    p = prompt(g, "athens")
    assert p.form == "pick" and "A1" in [o.id for o in p.options]
    g.act("athens", "A1")
    assert g.state["blocks"]["A1"]["loc"] == "ATH"


def test_5_5_pillage_of_athens_gains_two_and_bars_reentry():
    blocks = {"S1": {"loc": "ATH", "cv": 4}}
    for b in B.comps().blocks:
        if b.startswith("A"):
            blocks[b] = {"loc": "pool"}
    blocks["A1"] = {"loc": "ATH", "cv": 2, "inside": True}
    g = _actions("sparta", blocks=blocks,
                 sieges={"Athens": {"besieger": "sparta", "since": -1, "blockade_since": None}},
                 garrisons={"Athens": {"side": "athens", "kind": "inherent"}}, prestige=0)
    assert "pillage:Athens" in ids(g, "sparta")
    g.act("sparta", "pillage:Athens")
    g.act("sparta", ids(g, "sparta")[0])
    s = g.state
    assert s["prestige"] == -2  # 14.12: two for Athens
    assert s["effects"]["pillaged"]["Athens"] == 431
    assert "ATH" in s["turn"]["no_entry"] and "Athens" not in s["sieges"]
    assert "pillage:Athens" not in ids(g, "sparta")


def test_12_0_under_the_peace_moves_end_in_home_territory():
    g = position(scenario="415", season=1, turn={"side": "athens", "actions": 2},
                 start="actions", args={"side": "athens"})
    s = g.state
    for b in B.units_in(s, "ATH", "athens"):
        for r in routes(s, b):
            if B.region(r.dest) == "greece":
                assert r.dest in {"ATH", "PLA", "CRC", "S_SAR", "S_CRC"}, (b, r)


def test_5_3_forced_march_rolls_after_the_actions_and_may_be_declined():
    g = _actions("athens", blocks={"A1": {"loc": "PLA", "cv": 3}})
    g.act("athens", "move:PLA")
    move_all(g, "athens")
    forced = [o.id for o in prompt(g, "athens").options if o.id.startswith("forced:")]
    assert forced, "a hoplite (range 2) may try a third area"
    g.act("athens", forced[0])
    while prompt(g, "athens").kind == "move":
        g.act("athens", "stay")
    s = g.state
    waiting = s["turn"]["forced"][0]
    assert s["blocks"]["A1"]["loc"] == waiting["via"]  # on the border until the roll
    fix_dice(g, [5])  # a regular unit succeeds on 5-6
    g.act("athens", "done")
    assert prompt(g, "athens").kind == "forced"
    g.act("athens", "A1")
    assert s["blocks"]["A1"]["loc"] == waiting["dest"]


def test_5_3_a_failed_forced_march_stays_on_the_border():
    g = _actions("athens", blocks={"A1": {"loc": "PLA", "cv": 3}})
    g.act("athens", "move:PLA")
    move_all(g, "athens")
    g.act("athens", next(o.id for o in prompt(g, "athens").options if o.id.startswith("forced:")))
    while prompt(g, "athens").kind == "move":
        g.act("athens", "stay")
    via = g.state["turn"]["forced"][0]["via"]
    fix_dice(g, [4])
    g.act("athens", "done")
    assert g.state["blocks"]["A1"]["loc"] == via


def test_12_0_forced_marches_in_greece_always_succeed_under_the_peace():
    g = position(scenario="415", season=1, turn={"side": "sparta", "actions": 1},
                 start="actions", args={"side": "sparta"},
                 blocks={"S5": {"loc": "ARC", "cv": 2}})
    g.state["turn"]["forced"] = [{"units": ["S5"], "dest": "SPA", "via": "ARC", "cargo": {}}]
    fix_dice(g, [])  # no die is rolled
    g.act("sparta", "done")
    assert prompt(g, "sparta").kind == "forced"
    g.act("sparta", "S5")
    assert g.state["blocks"]["S5"]["loc"] == "SPA"


def _move_one(g, side, area, unit, answer):
    """A Group Move from `area` in which only `unit` moves (by `answer`)."""
    g.act(side, f"move:{area}")
    move_all(g, side)
    while g.prompt_for(side) and prompt(g, side).kind == "move":
        queue = g.state["flow"][-1]["args"]["queue"]
        g.act(side, answer if queue[0] == unit else "stay")


def test_5_0_the_player_picks_a_safer_route_to_pylos():
    """5.0: units move "along the same route" the player chooses; 5.22: each DeepSea
    border crossed risks a Storm. A Corcyraean fleet in the Corcyraean Sea reaches Pylos
    in 3 areas across two DeepSea borders (Ionian Sea) or in 4 along the coast (Gulf of
    Patrae, Zacynthian Sea, Messenian Gulf) with none: both are offered, with the risk."""
    g = _actions("athens", blocks={"A33": {"loc": "S_CRC", "cv": 2}})
    g.act("athens", "move:S_CRC")
    move_all(g, "athens")
    opts = {o.id: o.label for o in prompt(g, "athens").options}
    assert "2 DeepSea crossing(s): storm risk 75%" in opts["PYL"]  # Spring: 1-3 of 6, twice
    assert "no DeepSea crossing" in opts["PYL~0"] and "4 area(s)" in opts["PYL~0"]
    g.act("athens", "PYL~0")
    assert g.state["turn"]["crossings"] == []  # no Storm die to roll
    assert g.state["blocks"]["A33"]["loc"] == "PYL"


def test_5_22_the_shortest_route_to_pylos_is_rolled_for_twice():
    g = _actions("athens", blocks={"A33": {"loc": "S_CRC", "cv": 2}})
    _move_one(g, "athens", "S_CRC", "A33", "PYL")
    assert g.state["turn"]["crossings"] == [{"fleets": ["A33"], "deep": 2, "cargo": {}}]
    fix_dice(g, [6, 3, 2])  # Storm dice 6 and 3 (a Storm on 1-3 in Spring); Gale 2
    g.act("athens", "done")
    assert g.state["blocks"]["A33"]["loc"] == "pool"


def test_5_0_fleets_by_two_routes_are_two_formations():
    """5.0/5.41: units reaching one area by different routes are separate Formations."""
    g = _actions("athens", blocks={"A33": {"loc": "S_CRC", "cv": 2},
                                   "A18": {"loc": "S_CRC", "cv": 2},
                                   "S12": {"loc": "S_MES", "cv": 1}})
    g.act("athens", "move:S_CRC")
    move_all(g, "athens")
    while g.prompt_for("athens") and prompt(g, "athens").kind == "move":
        unit = g.state["flow"][-1]["args"]["queue"][0]
        g.act("athens", "S_MES" if unit == "A18" else "S_MES~0")
    engaged = [(f["via"], f["units"]) for f in g.state["turn"]["engaged"]]
    assert sorted(engaged) == [("S_ION", ["A18"]), ("S_ZAC", ["A33"])]


def test_1_3_a_besieged_port_is_entered_by_its_offshore_sea_without_a_battle():
    """1.3: a Port "retains access" to its Offshore Sea when besieged; 5.4 Sea Access: it
    is "entered or exited via its single Offshore Sea". Potidea (offshore: the Thermaic
    Gulf) is besieged by Athens; a Spartan fleet in the Toronaic Gulf sails in through the
    free Thermaic Gulf and joins the besieged, with no battle against the besiegers."""
    g = _actions("sparta", blocks={"S12": {"loc": "S_TOR", "cv": 2}, "A17": {"loc": "pool"}})
    g.act("sparta", "move:S_TOR")
    move_all(g, "sparta")
    opts = {o.id: o.label for o in prompt(g, "sparta").options}
    assert "into besieged Potidea by its harbour (from Thermaic Gulf" in opts["in:POT"]
    assert "POT" in opts  # a landing against the besiegers stays possible
    g.act("sparta", "in:POT")
    s = g.state
    assert s["blocks"]["S12"] == {"side": "sparta", "loc": "POT", "cv": 2, "inside": True}
    assert s["turn"]["engaged"] == [] and "Potidea" in s["sieges"]


def test_1_3_no_harbour_through_an_enemy_held_offshore_sea():
    g = _actions("sparta", blocks={"S12": {"loc": "S_TOR", "cv": 2},
                                   "A17": {"loc": "S_THE", "cv": 2}})
    g.act("sparta", "move:S_TOR")
    move_all(g, "sparta")
    assert not [i for i in ids(g, "sparta") if i.startswith("in:")]


def test_5_21_a_voyage_may_end_at_sea_with_a_land_unit_aboard():
    """2.26: fleets carry "to sea" one smaller Greek land unit; 5.21: both "begin and end
    the turn in the same area", which may be a sea. The hoplites stay aboard in the
    Saronic Gulf and go on with the fleet next turn."""
    g = _actions("athens", blocks={"A1": {"loc": "ATH", "cv": 4}, "A15": {"loc": "pool"},
                                   "A16": {"loc": "pool"}, "A22": {"loc": "pool"},
                                   "A14": {"loc": "ATH", "cv": 3}})
    _move_one(g, "athens", "ATH", "A14", "S_SAR")
    assert prompt(g, "athens").kind == "cargo"
    g.act("athens", "A1")
    while g.prompt_for("athens") and prompt(g, "athens").kind == "move":
        g.act("athens", "stay")
    s = g.state
    assert s["blocks"]["A1"]["loc"] == "S_SAR" and s["blocks"]["A1"]["cv"] == 2
    assert s["blocks"]["A14"]["loc"] == "S_SAR"


def test_5_21_a_land_unit_left_at_sea_without_a_fleet_is_lost():
    """5.21: a carried unit ends the turn where its fleet does; a fleet sailing off
    without it leaves it no ship: it returns to its Recruit Pool."""
    g = _actions("athens", blocks={"A1": {"loc": "S_SAR", "cv": 2},
                                   "A14": {"loc": "S_SAR", "cv": 3}})
    g.act("athens", "move:S_SAR")
    move_all(g, "athens")
    g.act("athens", "S_AND")  # the fleet (asked first)
    g.act("athens", "")  # carries nobody: the land unit, not picked, stays aboard
    assert g.state["blocks"]["A1"]["loc"] == "pool"


def test_5_22_a_mustering_fleet_crossing_a_deepsea_border_is_rolled_for():
    """5.22: "When a fleet Formation moves" across a DeepSea border it risks a Storm; a
    Muster is a move (5.0). The Allied Squadron from Samos reaches Athens at best across
    one DeepSea border (into the Andros Sea), shown with its risk and rolled for."""
    g = _actions("athens")
    g.act("athens", "muster:ATH")
    label = next(o.label for o in prompt(g, "athens").options if o.id == "A28")
    assert "1 DeepSea crossing(s): storm risk 50%" in label
    g.act("athens", "A28")
    assert g.state["turn"]["crossings"] == [{"fleets": ["A28"], "deep": 1, "cargo": {}}]
    fix_dice(g, [2, 1])  # a Storm; a Gale
    g.act("athens", "done")
    assert g.state["blocks"]["A28"]["loc"] == "pool"
