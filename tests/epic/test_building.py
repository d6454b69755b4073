"""The Build stage of the full Seasonal Turn (7.5-7.7, 4.4.2): units from the Build Pool,
forts, bases and walls with their seasons. No playable scenario has this stage yet (22.4.1),
so it is driven here on an Argive League board."""

from __future__ import annotations

from engine.rulesets.epic import board as B
from engine.rulesets.epic.building import BUILD, complete_works

from .helpers import bare, ids, put, start, through_menus

CITY = {n: c.hex for n, c in B.comps().cities.items()}


def _in_build_pool(g, home, utype):
    s = g.state
    uid = next(k for k, u in sorted(s["units"].items())
               if u["home"] == home and u["type"] == utype and u["where"] == "pool")
    s["units"][uid]["where"] = BUILD
    return uid


def test_7_5_a_unit_is_built_into_the_force_pool_at_its_cost():
    g = bare()
    s = g.state
    uid = _in_build_pool(g, "attica", "fleet")
    start(g, "build", [], side="athens")
    oid = f"unit:attica:fleet:{s['units'][uid]['morale']}"
    assert oid in ids(g, "athens")
    through_menus(g, "athens", oid)
    assert s["units"][uid]["where"] == "pool" and s["treasury"]["athens"] == 22 - 2  # 7.7


def test_4_4_2_no_building_below_militance_5_nor_beyond_the_treasury():
    g = bare()
    s = g.state
    _in_build_pool(g, "attica", "hoplite")
    s["regions"]["attica"]["ml"] = 4
    start(g, "build", [], side="athens")
    assert not [o for o in ids(g, "athens") if o.startswith("unit:")]
    s["regions"]["attica"]["ml"] = 10
    s["treasury"]["athens"] = 0
    g._prompts = None
    assert ids(g, "athens") == ["done"]


def test_7_6_2_a_fort_where_a_unit_stands_outside_a_city():
    g = bare()
    s = g.state
    spot = "W3432"
    assert B.city_at(s, spot) is None
    put(g, "attica", "hoplite", spot, 1)
    start(g, "build", [], side="athens")
    assert f"fort:{spot}" in ids(g, "athens")
    assert f"fort:{CITY['Athens']}" not in ids(g, "athens")  # not in a city
    g.act("athens", f"fort:{spot}")
    assert s["forts"][spot] == "athens" and B.fortress(s, spot)


def test_7_6_3a_a_base_on_a_besieged_city_by_its_besiegers_but_not_inside():
    g = bare()
    s = g.state
    megara = CITY["Megara"]
    put(g, "attica", "hoplite", megara, 4)
    s["sieges"][megara] = {"by": "athens", "morale": 5, "initial": 5}
    put(g, "corinth", "hoplite", CITY["Corinth"], 1)
    s["sieges"][CITY["Corinth"]] = {"by": "athens", "morale": 5, "initial": 5}
    start(g, "build", [], side="athens")
    assert f"base:{megara}" in ids(g, "athens")
    start(g, "build", [], side="sparta")
    assert f"base:{CITY['Corinth']}" not in ids(g, "sparta")  # inside a besieged city
    assert f"base:{CITY['Sparta']}" in ids(g, "sparta")  # a friendly city


def test_7_6_4_medium_walls_take_a_season_and_are_lost_with_the_city():
    g = bare()
    s = g.state
    elis = B.comps().cities["Elis"]
    start(g, "build", [], side="athens")
    g.act("athens", "walls:Elis")
    assert s["treasury"]["athens"] == 21 and not B.walled(s, elis)
    assert s["works"] == [{"city": "Elis", "side": "athens", "due": 1}]
    assert "walls:Elis" not in ids(g, "athens")  # already going up
    assert complete_works(s) == [] and not B.walled(s, elis)  # not due yet
    s["season"] = 1
    complete_works(s)
    assert B.walled(s, elis) and B.fortress(s, elis.hex)


def test_7_6_4_small_walls_at_once_and_walls_begun_lost_if_the_city_falls():
    g = bare()
    s = g.state
    s["marks"]["Pagae"] = "athens"
    start(g, "build", [], side="athens")
    g.act("athens", "walls:Pagae")  # small: no wait (7.7)
    assert B.walled(s, B.comps().cities["Pagae"])
    g.act("athens", "walls:Elis")
    s["marks"]["Elis"] = "sparta"  # taken before the walls are done
    s["season"] = 1
    assert complete_works(s) == ["The walls begun at Elis are lost (7.6.4)"]
    assert not B.walled(s, B.comps().cities["Elis"])
