"""Rules earlier work left undone (issue #16), with fixed dice: ports a base makes (7.6.3b-c)
wherever ports matter, bases lost with a broken siege or a capture (7.6.3a, d), the Long
Walls' builder outside the walls (7.6.5), a fort on a razed city's hex (7.6.2, 11.1.2), the
razers' raid (11.1.3), Sparta giving up an Offers Fleet card and a satrap's fleets on his own
coast (Appendix C, 1.2), Sicilian fleets back to Sicily's Force Pool (7.3)."""

from __future__ import annotations

from engine.rulesets.epic import board as B
from engine.rulesets.epic import events as E
from engine.rulesets.epic import fleets as F
from engine.rulesets.epic import persia as P
from engine.rulesets.epic import sicily as SI
from engine.rulesets.epic import supply as S
from engine.rulesets.epic.building import fort_hexes, long_wall_pairs
from engine.rulesets.epic.moves import sea_destinations
from engine.rulesets.epic.placement import options as place_options
from engine.rulesets.epic.sieges import enough
from engine.rulesets.epic.supplyphase import bring_ashore

from .full_helpers import full, hand, run
from .helpers import bare, ids, put, start, through_menus

CITY = {n: c.hex for n, c in B.comps().cities.items()}
ARGOS = CITY["Argos"]
FORT = "W3034"  # open coast on the Argolic Gulf, next to Argos
GULF = "argolic-gulf"


# ------------------------------------------------------------------ 7.6.3b, c: base ports
def test_7_6_3b_a_coastal_fort_with_a_base_is_a_port_for_its_owner():
    g = bare()
    s = g.state
    s["forts"][FORT] = "athens"
    assert B.comps().hexes[FORT].seas == [GULF]
    assert (FORT, F.LAND_ELSEWHERE) in F.shore(s, "athens", GULF)  # a plain coast: 2 MP
    s["bases"][FORT] = "athens"
    assert B.is_port(s, FORT, "athens") and not B.is_port(s, FORT, "sparta")
    assert (FORT, F.LAND_AT_PORT) in F.shore(s, "athens", GULF)  # 16.6: 1 MP at a port
    assert (FORT, F.LAND_ELSEWHERE) in F.shore(s, "sparta", GULF)  # not the enemy's port
    assert F.launches(s, FORT, "athens") == [GULF]


def test_10_3_2_a_fort_made_a_port_by_its_base_needs_a_fleet_among_its_besiegers():
    g = bare()
    s = g.state
    s["forts"][FORT] = "athens"
    put(g, "laconia", "hoplite", FORT, 2)
    assert enough(s, FORT, "sparta")  # a fort: two units
    s["bases"][FORT] = "athens"
    assert not enough(s, FORT, "sparta")  # now a port (7.6.3b): a fleet is needed too
    put(g, "laconia", "fleet", FORT, 1)
    assert enough(s, FORT, "sparta")


def test_7_6_3c_a_city_a_base_makes_a_port_takes_fleets_but_no_fleet_to_besiege():
    g = bare()
    s = g.state
    megara = CITY["Megara"]  # a coastal city without an anchor
    assert not B.comps().cities["Megara"].port
    sea = B.comps().hexes[megara].seas[0]
    assert megara not in [h for h, _ in F.shore(s, "sparta", sea)]  # 18.4: fleets stay out
    assert F.launches(s, megara, "sparta") == []
    s["bases"][megara] = "sparta"
    assert (megara, F.LAND_AT_PORT) in F.shore(s, "sparta", sea)
    assert F.launches(s, megara, "sparta") == [sea]
    owner = B.holder(s, megara)
    foe = "athens" if owner == "sparta" else "sparta"
    s["bases"][megara] = owner
    put(g, "attica" if foe == "athens" else "laconia", "hoplite", megara, 4)
    assert enough(s, megara, foe)  # 7.6.3c: land units alone besiege it


def test_10_2_3_enemy_fleets_blockade_a_fort_port():
    g = bare()
    s = g.state
    s["forts"][FORT] = "athens"
    put(g, "attica", "fleet", FORT, 1)
    put(g, "laconia", "fleet", FORT, 1)
    assert not B.fleet_masked(s, FORT)  # no base: no port to blockade
    s["bases"][FORT] = "athens"
    assert B.fleet_masked(s, FORT)  # 10.2.3: a port's fleets shut in


def test_9_8_fleets_come_ashore_at_their_own_base_port_first():
    g = bare()
    s = g.state
    fleet = put(g, "attica", "fleet", GULF, 1)[0]
    s["bases"][FORT] = "athens"  # a plain coast made a port (7.6.3b)
    bring_ashore(s, "athens")
    assert s["units"][fleet]["hex"] == FORT


def test_11_1_2_a_razed_port_is_a_plain_coast_and_may_take_a_fort():
    g = bare()
    s = g.state
    city = next(c for c in sorted(B.comps().cities.values(), key=lambda c: c.name)
                if c.port and len(B.comps().hexes[c.hex].seas) > 1
                and c.hex in B.allowed(s, "athens"))
    h = city.hex
    other_sea = next(x for x in B.comps().hexes[h].seas if x != city.port_sea)
    assert h not in [x for x, _ in F.shore(s, "athens", other_sea)]  # 16.6 note: anchor only
    s["razed"].append(city.name)
    assert (h, F.LAND_ELSEWHERE) in F.shore(s, "athens", other_sea)  # no city, no anchor
    put(g, "attica", "hoplite", h, 1)
    assert h in fort_hexes(s, "athens")  # 7.6.2: no longer a city hex (RULINGS.md 80)


# ------------------------------------------------------------------ 7.6.3a, d
def test_7_6_3a_the_besiegers_base_is_lost_when_the_siege_breaks(told):
    g = bare()
    s = g.state
    mantinea = CITY["Mantinea"]  # held by Athens in Spartan Arcadia
    put(g, "arcadia", "hoplite", mantinea, 3)  # one short of a medium city's four
    s["sieges"][mantinea] = {"by": "sparta", "morale": 4, "initial": 5}
    s["bases"][mantinea] = "sparta"  # built on the city by a besieger
    start(g, "sieges", [], side="sparta", i=2)
    assert mantinea not in s["sieges"] and mantinea not in s["bases"]
    assert any("lost with the siege (7.6.3a)" in x for x in told)


def test_7_6_3d_a_base_inside_a_place_is_destroyed_when_it_is_taken():
    g = bare()
    s = g.state
    mantinea = CITY["Mantinea"]
    put(g, "arcadia", "hoplite", mantinea, 3)
    put(g, "corinth", "hoplite", mantinea, 1)
    s["sieges"][mantinea] = {"by": "sparta", "morale": 4, "initial": 5}
    s["bases"][mantinea] = "athens"
    start(g, "sieges", [6], side="sparta", i=2)  # 6 > 4: it surrenders
    assert B.holder(s, mantinea) == "sparta" and mantinea not in s["bases"]


# ------------------------------------------------------------------ 7.6.5: the builder
def _building(g, extra_inside: int = 0):
    """Argos and the fort beside it, Athens', Long Walls going up, built from Argos."""
    s = g.state
    s["forts"][FORT] = "athens"
    builder = put(g, "argolid", "hoplite", ARGOS, 1, morale=4)[0]
    others = put(g, "argolid", "hoplite", ARGOS, extra_inside, morale=4) if extra_inside \
        else []
    s.setdefault("works", []).append({"ends": [ARGOS, FORT], "side": "athens",
                                      "unit": builder, "hex": ARGOS, "due": 2})
    att = put(g, "laconia", "hoplite", ARGOS, 2, morale=5)
    s["leaders"]["Agis"]["hex"] = ARGOS
    s["attacks"] = [{"hex": ARGOS, "origin": "W2933", "units": att, "leaders": ["Agis"],
                     "storm": False}]
    return builder, others


def test_7_6_5_the_builder_fights_outside_and_falling_back_inside_ends_the_works(told):
    g = bare()
    s = g.state
    builder, _ = _building(g)
    # no question: the builder alone stands outside (7.6.5). 2-1 shifted to 3-2 by
    # Alcibiades (in Argos), die 3: D/M; the builder rolls 5 against 4 and must fall back;
    # Agis and Alcibiades then roll for their lives
    start(g, "combats", [3, 5, 1, 1], side="sparta")
    b = s["battle"]
    assert b["dfn"] == [builder] and b["fortress"] is False  # in the open, no walls
    assert b["morale"][builder] == 4  # no fortress bonus
    assert ARGOS in ids(g, "athens")  # back inside the walls, or away
    g.act("athens", ARGOS)
    assert s["units"][builder]["hex"] == ARGOS
    assert not [w for w in s["works"] if "ends" in w]  # the counter is removed
    assert any("falls back inside the walls (7.6.5)" in x for x in told)


def test_7_6_5_the_builder_is_not_offered_to_stay_inside():
    g = bare()
    s = g.state
    builder, others = _building(g, extra_inside=1)
    rng = start(g, "combats", [], side="sparta")
    assert ids(g, "athens") == others  # only the other unit is asked about
    rng.values = [3, 5, 1, 1]
    g.act("athens", "")  # nobody else comes out: the builder fights alone, outside
    assert s["battle"]["dfn"] == [builder] and not s["battle"]["fortress"]
    assert others[0] not in s["battle"]["dfn"]


def test_7_6_5_a_builder_that_moves_gives_the_works_up_at_once(told):
    g = bare()
    s = g.state
    s["forts"][FORT] = "athens"
    builder = put(g, "argolid", "hoplite", ARGOS, 1)[0]
    s["works"] = [{"ends": [ARGOS, FORT], "side": "athens", "unit": builder, "hex": ARGOS,
                   "due": 2}]
    s["ct"] = 1
    start(g, "move", [], side="athens", step="choose")
    through_menus(g, "athens", f"from:{ARGOS}")
    g.act("athens", builder)
    through_menus(g, "athens", f"to:{FORT}")
    assert s["units"][builder]["hex"] == FORT and s["works"] == []
    assert any("moves (7.6.5)" in x for x in told)


def test_7_6_5_no_builder_from_a_masked_fortress():
    g = bare()
    s = g.state
    s["forts"][FORT] = "athens"
    put(g, "argolid", "hoplite", ARGOS, 1)
    assert long_wall_pairs(s, "athens")
    put(g, "laconia", "hoplite", ARGOS, 1)  # enemies in the hex: no one stands outside
    assert long_wall_pairs(s, "athens") == []


# ------------------------------------------------------------------ 11.1.3: razers raid
def test_11_1_3_the_razers_raid_and_bring_home_talents():
    g = bare()
    s = g.state
    assert s["regions"]["argolid"]["side"] == "athens"
    put(g, "laconia", "hoplite", ARGOS, 6)
    s["sieges"][ARGOS] = {"by": "sparta", "morale": 3, "initial": 6}
    area = B.area_of(ARGOS)
    fn = B.comps().areas[area].forage or 0
    s["raided"][area] = 1  # raided once already this year
    money = s["treasury"]["sparta"]
    start(g, "sieges", [6], side="sparta", i=2)  # it surrenders (10.5)
    g.act("sparta", "raze")
    assert "Argos" in s["razed"]
    assert s["treasury"]["sparta"] == money + min(6, fn - 1)  # 15.3: in supply, up to FN
    assert all(s["units"][u]["raid"] for u in B.units_at(s, ARGOS, "sparta"))
    assert s["raided"][area] >= fn and area in s["raided_now"]  # 11.1.3, 15.4


# ------------------------------------------------------------------ Appendix C, 1.2
def test_sparta_gives_up_an_offers_fleet_card_and_then_pays_for_its_fleets():
    g = full()
    s = g.state
    s["marks"]["Abydos"] = "sparta"
    hand(g, "sparta", "pharnabazus-fleet-1")
    run(g, E.play, [6], "sparta", "pharnabazus-fleet-1|Abydos")
    fleets = [u for u, x in s["units"].items() if x["home"] == "persia-pharnabazus"]
    assert S.cost(s, fleets[0]) == 0
    opt = "persia-off:pharnabazus-fleet-1"
    assert opt in [o.id for o in place_options(s, "sparta")]
    assert opt not in [o.id for o in place_options(s, "athens")]
    start(g, "place", [], side="sparta")
    g.act("sparta", opt)
    assert not P.active(s, "pharnabazus") and "pharnabazus-fleet-1" in s["cards"]["discard"]
    assert all(s["units"][u]["where"] == "map" for u in fleets)  # they stay on the board
    assert S.cost(s, fleets[0]) == 2  # Sparta pays now (9.4.3: a morale-5 fleet)
    assert not any(o.id.startswith("remove:persia") for o in place_options(s, "sparta"))


def test_a_satraps_fleets_may_land_on_his_own_coast_while_his_card_is_active():
    g = full()
    s = g.state
    s["marks"]["Clazomenae"] = "sparta"  # a Spartan port on the Gulf of Smyrna
    claz = CITY["Clazomenae"]
    smyrna = CITY["Smyrna"]
    hand(g, "sparta", "tissaphernes-fleet-1")
    assert "tissaphernes-fleet-1|Clazomenae" in [o.id for o in E.plays(s, "sparta")]
    run(g, E.play, [6], "sparta", "tissaphernes-fleet-1|Clazomenae")
    persian = next(u for u, x in s["units"].items() if x["home"] == "persia-tissaphernes")
    assert smyrna in sea_destinations(s, "sparta", claz, [persian], [])
    greek = put(g, "laconia", "fleet", claz, 1)[0]
    assert smyrna not in sea_destinations(s, "sparta", claz, [greek], [])  # 1.2
    pharn = P.satrapy_hexes("pharnabazus")
    assert not pharn & set(sea_destinations(s, "sparta", claz, [persian], []))
    P.withdraw(s, "tissaphernes-fleet-1")  # the card gone: Persia closes to them
    assert smyrna not in sea_destinations(s, "sparta", claz, [persian], [])


# ------------------------------------------------------------------ 7.3: Sicily's fleets
def test_7_3_a_sicilian_fleet_goes_back_from_the_box_to_sicilys_force_pool():
    g = full(scenario="campaign")
    s = g.state
    SI.box(s)["result"] = {"band": "decisive Athenian defeat", "victor": "sparta", "e": 2,
                           "total": 3}
    s["units"]["sicily-fleet-1"] = {"side": "sparta", "home": "sicily", "type": "fleet",
                                    "morale": 5, "where": SI.SICILY, "hex": None,
                                    "forage": False, "raid": False, "moved": False,
                                    "placed": False}
    opt = "sicilian-home:sicily-fleet-1"
    assert opt in [o.id for o in SI.place_options(s, "sparta")]
    run(g, SI.place_act, [], "sparta", opt)
    assert s["units"]["sicily-fleet-1"]["where"] == "pool"
    assert "sicilian-fleet" not in [o.id for o in SI.place_options(s, "sparta")]  # one a season
    s["units"]["sicily-fleet-1"].update(placed=False)
    assert "sicilian-fleet" in [o.id for o in SI.place_options(s, "sparta")]
