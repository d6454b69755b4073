"""Rules 9.2-9.7 (supply and foraging) and 15.1-15.4 (raiding), read again from the
rulebook into described positions.

In our words: a hoplite, light unit or cavalry costs 1 talent a season, a fleet of morale 5
or 6 costs 2 and a weaker fleet 1; each costs half in a city of its own region, and the
bill is added up before it is rounded up (9.2.1, 9.4.3). Units may forage in an enemy
region instead, never in Winter nor in an Area already raided this year, and in a friendly
region only when the Treasury is empty; an Area feeds at most its Foraging Number (9.4.2,
9.7.1, 9.7.3). Raiders in enemy regions add a talent each while in supply, up to the
Area's Foraging Number for the year, counted on its Raided marker whether they paid or not;
the region loses 1 ML once a season per Area raided (15.2-15.4; the Megarid and Attica
examples); raiders do not move that Campaign Turn (15.1)."""

from __future__ import annotations

from engine.rulesets.epic import board as B
from engine.rulesets.epic import raiding as RA
from engine.rulesets.epic import supply as S
from engine.rulesets.epic import supplyphase as SP
from engine.rulesets.epic.moves import movable_units

from .conftest import described

ROUGH_SOUTH_OF_THEBES = "W3529"  # the 15.5 example's hex, in Attica
PALLENE = "W3514"  # a clear hex of Chalcidice's Pallene (Foraging Number 3), far from Sparta's cities


def position(**p):
    return described("rulebook-supply", **p)


def _mine(s, home, utype=None):
    return sorted(u for u, x in s["units"].items() if x["home"] == home and x["where"] == "map"
                  and (utype is None or x["type"] == utype))


# ------------------------------------------------------------------ 9.2.1, 9.4.3
def test_9_4_3_fleets_cost_by_morale_and_half_in_a_home_city():
    g = position(units=[{"home": "attica", "type": "fleet", "at": "Piraeus", "morale": 5},
                        {"home": "attica", "type": "fleet", "at": "Piraeus", "morale": 4},
                        {"home": "attica", "type": "fleet", "at": "Chalcis", "morale": 5},
                        {"home": "attica", "type": "fleet", "at": "Chalcis", "morale": 4}])
    s = g.state
    costs = sorted((s["units"][u]["hex"], s["units"][u]["morale"], S.cost(s, u))
                   for u in _mine(s, "attica"))
    chalcis, piraeus = B.comps().cities["Chalcis"].hex, B.comps().cities["Piraeus"].hex
    assert costs == sorted([(piraeus, 5, 1.0), (piraeus, 4, 0.5),
                            (chalcis, 5, 2.0), (chalcis, 4, 1.0)])


def test_9_4_3_the_bill_is_added_up_before_rounding():
    g = position(units=[{"home": "attica", "type": "hoplite", "at": "Athens", "n": 3},
                        {"home": "attica", "type": "hoplite", "at": "Chalcis"}])
    s = g.state
    at_home = [u for u in _mine(s, "attica") if s["units"][u]["hex"] == B.comps().cities[
        "Athens"].hex]
    assert S.bill(s, at_home) == 2  # 1.5 rounded up once
    assert S.bill(s, _mine(s, "attica")) == 3  # 1.5 + 1 = 2.5, rounded up


# ------------------------------------------------------------------ 9.4.2, 9.7
def test_9_7_3_foraging_in_an_enemy_region_not_in_winter_nor_a_raided_area():
    g = position(season=1, units=[{"home": "laconia", "type": "hoplite",
                                   "at": ROUGH_SOUTH_OF_THEBES}])
    s = g.state
    u = _mine(s, "laconia")[0]
    assert SP.may_forage(s, u, broke=False)
    s["raided"][B.area_of(ROUGH_SOUTH_OF_THEBES)] = 1
    assert not SP.may_forage(s, u, broke=False)  # 9.7.3b
    s["raided"].clear()
    s["season"] = 3
    assert not SP.may_forage(s, u, broke=False)  # 9.7.3c


def test_9_4_2_in_a_friendly_region_only_with_an_empty_treasury():
    g = position(season=1, units=[{"home": "laconia", "type": "hoplite", "at": "W3530"}])
    s = g.state
    assert B.region_of_hex("W3530") == "megarid"
    u = _mine(s, "laconia")[0]
    assert not SP.may_forage(s, u, broke=False)
    assert SP.may_forage(s, u, broke=True)


def test_9_7_1_an_area_feeds_at_most_its_foraging_number():
    g = position(season=1, units=[{"home": "laconia", "type": "hoplite", "at": PALLENE}])
    s = g.state
    assert SP.forage_room(s)["pallene"] == 3
    s["units"][_mine(s, "laconia")[0]]["forage"] = True
    assert SP.forage_room(s)["pallene"] == 2


# ------------------------------------------------------------------ 15.2-15.4
def test_15_3_example_megarid_raiders_out_of_supply_mark_the_area_but_bring_nothing():
    """The Megarid example, where a far-off Area is at hand: four Spartan hoplites with a
    leader, out of supply in Pallene (Foraging Number 3), raid: Raided 4, no talent."""
    g = position(season=1, units=[{"home": "laconia", "type": "hoplite", "at": PALLENE, "n": 4}],
                 leaders={"Archidamus": PALLENE})
    s = g.state
    assert not S.in_supply(s, _mine(s, "laconia")[0], S.supplied_areas(s, "sparta"))
    before, ml = s["treasury"]["sparta"], s["regions"]["chalcidice"]["ml"]
    RA.raid(s, "sparta", PALLENE)
    assert s["raided"]["pallene"] == 4 and s["treasury"]["sparta"] == before
    assert s["regions"]["chalcidice"]["ml"] == ml - 1  # 15.4 all the same


def test_15_3_supplied_raiders_bring_only_what_the_area_has_left():
    """Attica (Foraging Number 7) already Raided 6: four supplied raiders add 1 talent;
    the marker reads 10; Attica loses 1 ML once for the season however often it is raided."""
    g = position(season=1, units=[{"home": "laconia", "type": "hoplite",
                                   "at": ROUGH_SOUTH_OF_THEBES, "n": 4}],
                 leaders={"Archidamus": ROUGH_SOUTH_OF_THEBES})
    s = g.state
    area = B.area_of(ROUGH_SOUTH_OF_THEBES)
    s["raided"][area] = 6
    before, ml = s["treasury"]["sparta"], s["regions"]["attica"]["ml"]
    RA.raid(s, "sparta", ROUGH_SOUTH_OF_THEBES)
    assert s["treasury"]["sparta"] == before + 1 and s["raided"][area] == 10
    RA.raid(s, "sparta", ROUGH_SOUTH_OF_THEBES)  # a later Campaign Turn, same season
    assert s["treasury"]["sparta"] == before + 1 and s["raided"][area] == 14
    assert s["regions"]["attica"]["ml"] == ml - 1
    s["raided_now"] = []  # a new season (15.4)
    RA.raid(s, "sparta", ROUGH_SOUTH_OF_THEBES)
    assert s["regions"]["attica"]["ml"] == ml - 2


def test_15_1_raiders_stay_put_for_the_campaign_turn():
    g = position(season=1, ct=1, units=[{"home": "laconia", "type": "hoplite",
                                         "at": ROUGH_SOUTH_OF_THEBES, "n": 2}],
                 leaders={"Archidamus": ROUGH_SOUTH_OF_THEBES})
    s = g.state
    assert len(movable_units(s, "sparta", ROUGH_SOUTH_OF_THEBES)) == 2
    RA.raid(s, "sparta", ROUGH_SOUTH_OF_THEBES)
    assert movable_units(s, "sparta", ROUGH_SOUTH_OF_THEBES) == []
