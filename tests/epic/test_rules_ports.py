"""Fleets and ports (10.2.1b, 10.2.3, 10.8.2), walls pulled down later (11.3.1b), passengers
picked up on the way (16.7) and the Isthmus portage (16.8.1), with fixed dice."""

from __future__ import annotations

from engine.rulesets.epic import board as B
from engine.rulesets.epic import fleets as F
from engine.rulesets.epic.moves import boardable, intercept_spots, movable_units, sortie_targets

from .helpers import bare, ids, leader, put, start, threaten, through_menus

CITY = {n: c.hex for n, c in B.comps().cities.items()}
PIRAEUS = CITY["Piraeus"]


# ------------------------------------------------------------------ 11.3.1b, 11.3.2
def test_11_3_1b_a_unit_inside_may_pull_the_walls_down_and_stays_the_turn():
    g = bare()
    s = g.state
    argos = CITY["Argos"]
    hop = put(g, "argolid", "hoplite", argos, 1)[0]
    threaten(g, argos)  # offered only where it makes sense (issue 33)
    s["ct"] = 1
    start(g, "raid", [], side="athens")
    assert f"walls:{argos}" in ids(g, "athens")
    g.act("athens", f"walls:{argos}")
    assert "Argos" not in s["unwalled"]  # asked once more first: they stay down for good
    g.act("athens", "yes")
    assert "Argos" in s["unwalled"] and not B.fortress(s, argos)
    assert s["units"][hop]["raid"] is True  # it may not move this turn
    assert movable_units(s, "athens", argos) == []
    assert s["regions"]["argolid"]["ml"] == 8  # no raiding adjustment (11.3.1b)


def test_11_3_2_walls_holding_long_walls_only_when_both_ends_are_held():
    g = bare()
    s = g.state
    put(g, "attica", "hoplite", CITY["Nisaea"], 1)  # Athens holds Nisaea, Sparta Megara
    put(g, "attica", "hoplite", PIRAEUS, 1)  # Athens holds Piraeus and Athens
    threaten(g, PIRAEUS)
    threaten(g, CITY["Nisaea"])
    s["ct"] = 1
    start(g, "raid", [], side="athens")
    options = ids(g, "athens")
    assert f"walls:{PIRAEUS}" in options
    assert f"walls:{CITY['Nisaea']}" not in options


def test_11_3_1b_a_raider_or_a_unit_that_moved_cannot_do_the_work():
    g = bare()
    s = g.state
    hop = put(g, "argolid", "hoplite", CITY["Argos"], 1)[0]
    s["units"][hop]["moved"] = True
    s["ct"] = 1
    start(g, "raid", [], side="athens")
    assert g.prompt_for("athens") is None  # nothing to raid, nobody free to pull walls down


# ------------------------------------------------------------------ 16.8.1
def test_16_8_1_fleets_in_a_port_of_corinth_may_cross_the_isthmus():
    g = bare()
    s = g.state
    lechaeum, cenchreae = CITY["Lechaeum"], CITY["Cenchreae"]
    put(g, "laconia", "fleet", lechaeum, 1)
    trip = F.voyages(s, "sparta", lechaeum)
    assert trip[cenchreae].cost == F.PORTAGE and trip[cenchreae].prev == lechaeum
    assert trip["saronic-gulf"].cost == F.PORTAGE + F.LAUNCH  # and on from the far port
    assert trip["saronic-gulf"].prev == cenchreae
    # only from the start of the move: a fleet at sea in the Gulf cannot haul across
    assert F.portage(s, "sparta", "gulf-of-corinth") is None


def test_16_8_1_the_corinthian_area_must_be_friendly():
    g = bare()
    s = g.state
    lechaeum, cenchreae = CITY["Lechaeum"], CITY["Cenchreae"]
    put(g, "laconia", "fleet", lechaeum, 1)
    c = B.comps()
    spot = next(h for h in c.area_hexes["corinthia"] if B.city_at(s, h) is None
                and c.hexes[h].terrain == "clear")
    put(g, "attica", "hoplite", spot, 1)
    assert B.area_status(s, "corinthia", "sparta") == "contested"
    assert F.portage(s, "sparta", lechaeum) is None
    trip = F.voyages(s, "sparta", lechaeum)
    assert cenchreae not in trip or trip[cenchreae].prev != lechaeum


def test_16_8_1_the_portage_in_a_real_move():
    g = bare()
    s = g.state
    lechaeum, cenchreae = CITY["Lechaeum"], CITY["Cenchreae"]
    fleet = put(g, "laconia", "fleet", lechaeum, 1)[0]
    s["ct"] = 1
    start(g, "move", [], side="sparta", step="choose")
    through_menus(g, "sparta", f"from:{lechaeum}")
    g.act("sparta", fleet)
    assert f"to:{cenchreae}" in ids(g, "sparta")
    through_menus(g, "sparta", "to:saronic-gulf")  # 7 MP: no roll needed (16.4.1)
    assert s["units"][fleet]["hex"] == "saronic-gulf" and s["units"][fleet]["moved"]


# ------------------------------------------------------------------ 16.7
def test_16_7_1_a_voyage_calls_at_a_coast_to_take_on_passengers():
    g = bare()
    s = g.state
    nisaea = CITY["Nisaea"]
    fleet = put(g, "attica", "fleet", PIRAEUS, 1)[0]
    leader(g, "Demosthenes", PIRAEUS)
    hops = put(g, "attica", "hoplite", nisaea, 2)
    s["ct"] = 1
    start(g, "move", [], side="athens", step="choose")
    through_menus(g, "athens", f"from:{PIRAEUS}")
    g.act("athens", f"{fleet}|Demosthenes")
    assert f"call:{nisaea}" in ids(g, "athens")
    through_menus(g, "athens", f"call:{nisaea}")  # 2 MP: launch, land at a port of the same sea
    assert s["units"][fleet]["hex"] == nisaea and not s["units"][fleet]["moved"]
    assert set(ids(g, "athens")) == set(hops)  # who comes aboard
    g.act("athens", "|".join(hops))
    options = ids(g, "athens")
    assert "stay" in options and "back" not in options  # under way: no new choice of pieces
    through_menus(g, "athens", "to:saronic-gulf")
    for u in [fleet, *hops]:
        assert s["units"][u]["hex"] == "saronic-gulf" and s["units"][u]["moved"]
    assert all(s["units"][u]["sailed"] for u in hops)
    assert s["leaders"]["Demosthenes"]["hex"] == "saronic-gulf"


def test_16_7_2_passengers_picked_up_need_room_and_a_leader():
    g = bare()
    s = g.state
    nisaea = CITY["Nisaea"]
    fleet = put(g, "attica", "fleet", PIRAEUS, 1)[0]
    hops = put(g, "attica", "hoplite", nisaea, 2)
    s["ct"] = 1
    start(g, "move", [], side="athens", step="choose")
    through_menus(g, "athens", f"from:{PIRAEUS}")
    g.act("athens", fleet)
    through_menus(g, "athens", f"call:{nisaea}")
    g.act("athens", hops[0])  # no leader aboard (16.7.2): it stays ashore
    through_menus(g, "athens", "to:saronic-gulf")
    assert s["units"][hops[0]]["hex"] == nisaea and s["units"][fleet]["hex"] == "saronic-gulf"


def test_16_7_2_only_as_many_as_the_fleets_can_carry_come_aboard():
    g = bare()
    s = g.state
    nisaea = CITY["Nisaea"]
    fleet = put(g, "attica", "fleet", PIRAEUS, 1)[0]
    leader(g, "Demosthenes", PIRAEUS)
    hops = put(g, "attica", "hoplite", nisaea, 3)
    s["ct"] = 1
    start(g, "move", [], side="athens", step="choose")
    through_menus(g, "athens", f"from:{PIRAEUS}")
    g.act("athens", f"{fleet}|Demosthenes")
    through_menus(g, "athens", f"call:{nisaea}")
    g.act("athens", "|".join(hops))
    through_menus(g, "athens", "to:saronic-gulf")
    at_sea = [u for u in hops if s["units"][u]["hex"] == "saronic-gulf"]
    assert len(at_sea) == 2  # two hoplites a fleet; the third stays ashore


def test_16_7_3_units_may_move_before_boarding_but_not_board_twice():
    g = bare()
    s = g.state
    hop, again = put(g, "attica", "hoplite", PIRAEUS, 2)
    put(g, "attica", "fleet", PIRAEUS, 1)
    s["units"][hop]["moved"] = True  # it marched to the port this turn
    s["units"][again].update(moved=True, sailed=True)  # it came by sea already
    assert boardable(s, "athens", PIRAEUS) == [hop]
    assert hop not in movable_units(s, "athens", PIRAEUS)  # it may not march on


def test_16_7_3_a_unit_that_marched_in_boards_at_the_start():
    g = bare()
    s = g.state
    fleet = put(g, "attica", "fleet", PIRAEUS, 1)[0]
    hop = put(g, "attica", "hoplite", PIRAEUS, 1)[0]
    leader(g, "Demosthenes", PIRAEUS)
    s["units"][hop]["moved"] = True
    s["ct"] = 1
    start(g, "move", [], side="athens", step="choose")
    through_menus(g, "athens", f"from:{PIRAEUS}")
    assert hop in ids(g, "athens")
    g.act("athens", hop)  # alone it may not march again (16.7.3)
    assert ids(g, "athens") == ["back"]
    g.act("athens", "back")
    through_menus(g, "athens", f"from:{PIRAEUS}")
    g.act("athens", f"{fleet}|{hop}|Demosthenes")
    through_menus(g, "athens", "to:saronic-gulf")
    assert s["units"][hop]["hex"] == "saronic-gulf"


# ------------------------------------------------------------------ 10.2.2d, 10.2.3
def test_10_2_2d_fleets_pass_freely_through_land_maskers():
    g = bare()
    s = g.state
    inside = put(g, "attica", "fleet", PIRAEUS, 1)[0]
    put(g, "laconia", "hoplite", PIRAEUS, 1)  # masking by land only
    at_sea = put(g, "attica", "fleet", "saronic-gulf", 1)[0]
    assert B.masked(s, PIRAEUS) and not B.fleet_masked(s, PIRAEUS)
    assert movable_units(s, "athens", PIRAEUS) == [inside]
    assert PIRAEUS in intercept_spots(s, "athens", "saronic-gulf")
    assert F.voyages(s, "athens", "saronic-gulf")[PIRAEUS].stops is False
    # with troops aboard it is a landing on the maskers (17.4.4)
    assert F.voyages(s, "athens", "saronic-gulf", cargo=True)[PIRAEUS].stops is True
    assert at_sea


def test_10_2_3_enemy_fleets_in_the_hex_blockade_the_port():
    g = bare()
    s = g.state
    inside = put(g, "attica", "fleet", PIRAEUS, 1)[0]
    put(g, "laconia", "fleet", PIRAEUS, 1)
    assert B.fleet_masked(s, PIRAEUS)
    assert inside not in movable_units(s, "athens", PIRAEUS)  # 10.2.3b
    assert PIRAEUS not in intercept_spots(s, "athens", "saronic-gulf")  # 10.2.3a
    assert sortie_targets(s, "athens") == [PIRAEUS]  # they may fight their way out
    assert F.voyages(s, "athens", "saronic-gulf")[PIRAEUS].stops is True
    s["ports_open"] = [PIRAEUS]  # the blockaders went ashore this turn
    assert not B.fleet_masked(s, PIRAEUS)


def _besieged_piraeus(g):
    s = g.state
    besiegers = put(g, "laconia", "hoplite", PIRAEUS, 3) + put(g, "corinth", "hoplite", PIRAEUS, 1)
    blockade = put(g, "laconia", "fleet", PIRAEUS, 1)[0]
    leader(g, "Agis", PIRAEUS)
    s["sieges"][PIRAEUS] = {"by": "sparta", "morale": 4, "initial": 5}
    relief = put(g, "attica", "fleet", "saronic-gulf", 1, morale=6)[0]
    return besiegers, blockade, relief


def _sail_in(g, relief):
    s = g.state
    s["ct"] = 1
    start(g, "move", [], side="athens", step="choose")
    through_menus(g, "athens", "from:saronic-gulf")
    g.act("athens", relief)
    assert f"to:{PIRAEUS}" in ids(g, "athens")
    through_menus(g, "athens", f"to:{PIRAEUS}")
    assert s["attacks"][0]["port"] == "relief"
    g.act("athens", "done")


def test_10_8_2a_blockaders_staying_ashore_break_the_siege(told):
    g = bare()
    s = g.state
    _, blockade, relief = _besieged_piraeus(g)
    _sail_in(g, relief)
    al = s["regions"]["attica"]["al"]
    start(g, "combats", [], side="athens")
    assert ids(g, "sparta") == ["fight", "ashore"]
    g.act("sparta", "ashore")
    assert PIRAEUS not in s["sieges"]  # broken: a victory for Athens (10.8.2a)
    assert PIRAEUS in s["ports_open"] and not B.fleet_masked(s, PIRAEUS)
    assert s["units"][relief]["hex"] == PIRAEUS and s["units"][blockade]["hex"] == PIRAEUS
    assert s["regions"]["attica"]["al"] >= al and any("victory" in x.lower() for x in told)


def test_10_8_2b_a_sea_battle_off_the_port_won_by_the_relief():
    g = bare()
    s = g.state
    _, blockade, relief = _besieged_piraeus(g)
    _sail_in(g, relief)
    # 1-1, die 1: D / +1; the Spartan fleet (morale 3) rolls 6+1: eliminated; Agis rolls 1
    start(g, "combats", [1, 6, 1], side="athens")
    g.act("sparta", "fight")
    assert s["units"][blockade]["where"] == "dead"
    assert PIRAEUS not in s["sieges"] and PIRAEUS in s["ports_open"]
    assert s["units"][relief]["hex"] == PIRAEUS


def test_10_8_2b_a_relief_beaten_off_goes_back_to_sea():
    g = bare()
    s = g.state
    _, blockade, relief = _besieged_piraeus(g)
    _sail_in(g, relief)
    # 1-1, die 1: D / +1; the Spartans roll 1+1: shaken only; then Athens breaks off
    start(g, "combats", [1, 1, 1], side="athens")
    g.act("sparta", "fight")
    g.act("athens", "off")
    assert s["units"][relief]["hex"] == "saronic-gulf"
    assert s["sieges"][PIRAEUS]["by"] == "sparta" and B.fleet_masked(s, PIRAEUS)


def test_10_8_2b_blockaders_beaten_fall_back_ashore_among_the_besiegers():
    g = bare()
    s = g.state
    _, blockade, relief = _besieged_piraeus(g)
    _sail_in(g, relief)
    start(g, "combats", [1, 1, 1, 1], side="athens")
    g.act("sparta", "fight")
    g.act("athens", "go")
    assert s["battle"]["def_can_retreat"]  # besiegers stayed on land (10.8.2b)
    g.act("sparta", "off")  # the blockaders give up the fight
    assert s["units"][blockade]["hex"] == PIRAEUS  # ashore in the same hex
    assert PIRAEUS not in s["sieges"] and not B.fleet_masked(s, PIRAEUS)


# ------------------------------------------------------------------ 10.2.1b
def test_10_2_1b_the_ports_fleets_come_out_and_beat_off_a_landing():
    g = bare()
    s = g.state
    ours = put(g, "attica", "fleet", PIRAEUS, 1, morale=6)[0]
    fleet = put(g, "laconia", "fleet", PIRAEUS, 1)[0]
    hops = put(g, "laconia", "hoplite", PIRAEUS, 2)
    leader(g, "Agis", PIRAEUS)
    s["attacks"] = [{"hex": PIRAEUS, "origin": "saronic-gulf", "units": [fleet, *hops],
                     "leaders": ["Agis"], "storm": False, "from_sea": True,
                     "sea_origin": "saronic-gulf"}]
    # 1-1, die 1: D / +1; Athens rolls 1+1: shaken; Sparta breaks off; Agis rolls 1
    start(g, "combats", [1, 1, 1], side="sparta")
    assert ids(g, "athens") == [ours]  # which fleets come out (10.2.1b)
    g.act("athens", ours)
    assert s["battle"]["sea"] and s["battle"]["regions"] == ["attica"]
    g.act("sparta", "off")
    # the beaten fleet stays in the sea it came from, its troops still aboard
    for u in [fleet, *hops]:
        assert s["units"][u]["hex"] == "saronic-gulf"
    assert s["leaders"]["Agis"]["hex"] == "saronic-gulf"
    assert s["units"][ours]["hex"] == PIRAEUS and s["attacks"] == []


def test_10_2_1b_the_ports_fleets_may_stay_inside():
    g = bare()
    s = g.state
    put(g, "attica", "fleet", PIRAEUS, 1, morale=6)
    fleet = put(g, "laconia", "fleet", PIRAEUS, 1)[0]
    s["attacks"] = [{"hex": PIRAEUS, "origin": "saronic-gulf", "units": [fleet],
                     "leaders": [], "storm": False, "from_sea": True,
                     "sea_origin": "saronic-gulf"}]
    start(g, "combats", [], side="sparta")
    g.act("athens", "")
    assert ids(g, "sparta") == ["storm", "mask"]  # then the usual choice (10.2.1c)
    g.act("sparta", "mask")
    assert B.fleet_masked(s, PIRAEUS)  # a fleet among the maskers blockades it (10.2.3)


def test_10_2_2a_blockaded_fleets_count_for_no_sea_but_land_masked_ones_do():
    from engine.rulesets.epic.supply import enemy_seas

    g = bare()
    s = g.state
    put(g, "attica", "fleet", PIRAEUS, 1)
    put(g, "laconia", "hoplite", PIRAEUS, 1)  # masked by land only
    assert "saronic-gulf" in enemy_seas(s, "sparta")
    put(g, "laconia", "fleet", PIRAEUS, 1)  # now blockaded: only the blockaders count
    assert "saronic-gulf" not in enemy_seas(s, "sparta")
    assert "saronic-gulf" in enemy_seas(s, "athens")


def test_10_2_3b_fleets_inside_fight_their_way_out_and_fall_back_inside_if_beaten():
    g = bare()
    s = g.state
    inside = put(g, "attica", "fleet", PIRAEUS, 1, morale=6)[0]
    blockade = put(g, "laconia", "fleet", PIRAEUS, 1)[0]
    s["ct"] = 1
    start(g, "move", [], side="athens", step="choose")
    assert f"sortie:{PIRAEUS}" in ids(g, "athens")
    g.act("athens", f"sortie:{PIRAEUS}")
    assert s["attacks"][0]["port"] == "relief" and s["units"][inside]["moved"]
    g.act("athens", "done")
    # 1-1, die 1: D / +1; Sparta rolls 1+1: shaken only; Athens breaks off
    start(g, "combats", [1, 1], side="athens")
    assert ids(g, "sparta") == ["fight", "ashore"]
    g.act("sparta", "fight")
    g.act("athens", "off")
    assert s["units"][inside]["hex"] == PIRAEUS and s["units"][inside]["where"] == "map"
    assert B.fleet_masked(s, PIRAEUS) and s["units"][blockade]["hex"] == PIRAEUS


def test_10_2_3b_without_a_leader_only_one_fleet_sorties():
    g = bare()
    s = g.state
    put(g, "attica", "fleet", PIRAEUS, 2, morale=6)
    put(g, "laconia", "fleet", PIRAEUS, 1)
    s["ct"] = 1
    start(g, "move", [], side="athens", step="choose")
    g.act("athens", f"sortie:{PIRAEUS}")
    assert len(s["attacks"][0]["units"]) == 1  # 7.8.2


def test_16_4_1_the_allowance_counts_the_whole_voyage_with_its_port_of_call():
    g = bare()
    s = g.state
    nisaea = CITY["Nisaea"]
    fleet = put(g, "attica", "fleet", PIRAEUS, 1)[0]
    leader(g, "Demosthenes", PIRAEUS)
    put(g, "attica", "hoplite", nisaea, 1)
    s["ct"] = 1
    start(g, "move", [1], side="athens", step="choose")
    through_menus(g, "athens", f"from:{PIRAEUS}")
    g.act("athens", f"{fleet}|Demosthenes")
    through_menus(g, "athens", f"call:{nisaea}")  # 2 MP, no roll yet
    g.act("athens", "")  # nobody boards
    on = F.voyages(s, "athens", nisaea, F.MAX_MP - 2)
    far = next(n for n, v in sorted(on.items()) if F.at_sea(n) and v.cost == 8)
    through_menus(g, "athens", f"to:{far}")  # 2 + 8 = 10 > 7: rolled, 6 + 1 = 7
    where = s["units"][fleet]["hex"]
    assert where != far and on[where].cost <= 7 - 2  # stopped short, the call counted
