"""Four readings left by, or met after, the earlier audits, read again from the rulebook into described
positions with fixed dice (RULINGS.md 26, 27, 88, 92).

In our words:
- 17.7.1b lets beaten fleets fall back into a neighbouring sea that is not enemy. The only
  definition of an enemy sea is 8.4's: enemy fleets there, counting those landed on its
  coasts, and none of one's own. So a Spartan fleet in a port of a sea closes it, and an
  Athenian fleet in a port of a sea opens it again, even with Spartan fleets afloat there
  (generation 11; before, only enemy fleets at sea counted).
- 17.7.7 ii: a landing party whose ships are all dead and with no free coastal hex beside
  it cannot retreat, so 17.7.4 applies while the battle goes on: a failed check brings a
  second, unmodified check instead of the Retreat box, and it has no way to break off
  (17.8 needs a retreat hex) (generation 12).
- 9.5, 9.7.1: every Area, an uninhabited island too, has a Foraging Number; units out of
  supply there forage rather than die (generation 13).
- 17.7.1b: fleets may always fall back into a neighbouring sea that is not enemy, so fleets
  alone on a coast, beaten by an attack on land, may put to sea (generation 15).
"""

from __future__ import annotations

from engine.rulesets.epic import board as B
from engine.rulesets.epic import fleets as F
from engine.rulesets.epic.battles import retreat_hexes
from engine.rulesets.epic.state import (
    ISLAND_FORAGE,
    NON_ENEMY_SEAS,
    STRANDED_LANDINGS,
)

from .conftest import city_hexes, described
from .helpers import ids, start

PIRAEUS = city_hexes()["Piraeus"]
BEACH = "W3530"  # a clear coast of Megarid on the Saronic Gulf, near Nisaea
NEXT_BEACH = "W3630"  # the clear Attic coast beside it, on the same sea
ISLAND = "W4224"  # one hex of an uninhabited island of two, in the Magnesian waters


# ------------------------------------------------------------------ 17.7.1b, 8.4
def _sunian(generation=None, foraging=False, **more):
    """An Athenian fleet in the Sunian waters, beaten by two Corinthian fleets under Alcidas
    come from the Argolic Gulf; `more` adds pieces (lists of units)."""
    units = [{"home": "attica", "type": "fleet", "at": "sunian-waters", "morale": 4},
             {"home": "corinth", "type": "fleet", "at": "sunian-waters", "n": 2},
             *more.get("units", [])]
    g = described("rulebook-stranded-seas", generation=generation, units=units,
                  leaders={"Alcidas": "sunian-waters"})
    s = g.state
    if foraging:
        for u in B.units_at(s, city_hexes()["Epidaurus"], "sparta"):
            s["units"][u]["forage"] = True
    return g


EPIDAURUS_FLEET = {"home": "corinth", "type": "fleet", "at": "Epidaurus"}
PIRAEUS_FLEET = {"home": "attica", "type": "fleet", "at": "Piraeus"}
CORINTHIANS_AFLOAT = {"home": "corinth", "type": "fleet", "at": "saronic-gulf"}


def test_17_7_1b_8_4_an_enemy_fleet_in_a_port_closes_its_sea_to_a_retreat():
    """A Corinthian fleet lies in Epidaurus, a port of the Saronic Gulf, and no Athenian
    fleet is in that sea or its ports: by 8.4 the Gulf is enemy to Athens, so the beaten
    Athenian fleet may not fall back into it."""
    g = _sunian(units=[EPIDAURUS_FLEET])
    ways = retreat_hexes(g.state, "sunian-waters", "athens")
    assert "saronic-gulf" not in ways
    assert "argolic-gulf" in ways  # the other neighbouring seas are free


def test_17_7_1b_older_games_count_only_fleets_at_sea():
    g = _sunian(generation=NON_ENEMY_SEAS - 1, units=[EPIDAURUS_FLEET])
    assert "saronic-gulf" in retreat_hexes(g.state, "sunian-waters", "athens")


def test_17_7_1b_8_4_a_friendly_fleet_in_port_makes_the_sea_contested_and_open():
    """A Corinthian fleet afloat in the Saronic Gulf, an Athenian one in Piraeus: the Gulf
    is contested (8.4 iii), not enemy, so the retreat may go there; games before
    generation 11 closed it for the enemy fleet at sea."""
    more = {"units": [CORINTHIANS_AFLOAT, PIRAEUS_FLEET]}
    assert "saronic-gulf" in retreat_hexes(_sunian(**more).state, "sunian-waters", "athens")
    old = _sunian(generation=NON_ENEMY_SEAS - 1, **more)
    assert "saronic-gulf" not in retreat_hexes(old.state, "sunian-waters", "athens")


def test_17_7_1b_foraging_fleets_close_a_sea_to_retreats_though_not_to_supply():
    """9.7.4 takes foraging fleets out of the sea's status for supply lines only: the
    Corinthian fleet foraging at Epidaurus leaves the Gulf open to Athens' supply, but it
    still bars the retreat."""
    g = _sunian(units=[EPIDAURUS_FLEET], foraging=True)
    s = g.state
    assert "saronic-gulf" not in F.enemy_seas(s, "athens")  # supply (9.3.4, 9.7.4)
    assert "saronic-gulf" in F.enemy_seas(s, "athens", supply=False)
    assert "saronic-gulf" not in retreat_hexes(s, "sunian-waters", "athens")


def test_17_7_1b_the_beaten_fleet_is_offered_only_the_seas_that_are_not_enemy():
    """The battle fought through: two fleets against one, 2-1, die 1: D for Corinth, +2 for
    Athens; the Athenian fleet (morale 4) rolls 4 + 2, fails without dying and must
    retreat. The Saronic Gulf, with a Corinthian fleet at Epidaurus, is not among the
    places offered; the free Argolic Gulf is."""
    g = _sunian(units=[EPIDAURUS_FLEET])
    s = g.state
    att = B.units_at(s, "sunian-waters", "sparta")
    s["attacks"] = [{"hex": "sunian-waters", "origin": "south-aegean", "units": att,
                     "leaders": ["Alcidas"], "storm": False, "sea": True}]
    start(g, "combats", [1, 4, 1, 1], side="sparta")
    offered = ids(g, "athens")
    assert "saronic-gulf" not in offered and "argolic-gulf" in offered
    assert "south-aegean" not in offered  # the attackers' own way back (RULINGS.md 6)


# ------------------------------------------------------------------ 17.7.7 ii, 8.4
def _landing(generation=None, corinthians_afloat=False, coast_held=False):
    """Phormio has landed an Attic fleet and hoplite from the Saronic Gulf on a Laconian
    hoplite at the Megarian beach. `coast_held`: another Laconian hoplite stands on the
    only free coastal hex beside it."""
    units = [{"home": "attica", "type": "fleet", "at": "Piraeus", "morale": 5},
             {"home": "attica", "type": "hoplite", "at": "Piraeus", "morale": 5},
             {"home": "laconia", "type": "hoplite", "at": BEACH}]
    if corinthians_afloat:
        units.append(CORINTHIANS_AFLOAT)
    if coast_held:
        units.append({"home": "laconia", "type": "hoplite", "at": NEXT_BEACH})
    g = described("rulebook-stranded-landing", ct=1, generation=generation,
                  regions={"megarid": {"side": "sparta", "al": 10, "ml": 10}},
                  units=units, leaders={"Phormio": "Piraeus"})
    s = g.state
    party = [u for u, x in s["units"].items() if x["home"] == "attica" and x["where"] == "map"]
    for u in party:
        s["units"][u]["hex"] = BEACH
    s["leaders"]["Phormio"]["hex"] = BEACH
    s["attacks"] = [{"hex": BEACH, "origin": PIRAEUS, "units": party, "leaders": ["Phormio"],
                     "storm": False, "from_sea": True, "sea_origin": "saronic-gulf"}]
    return g, party


def test_17_7_7_ii_8_4_the_party_may_go_back_aboard_past_enemy_fleets_at_sea():
    """The party's own fleet, on the Gulf's coast, makes the Gulf contested (8.4: landed
    fleets count in the sea they touch), so it is not enemy: with a Corinthian fleet afloat
    there the party may still choose its ships, or the Attic coast beside the beach."""
    g, _ = _landing(corinthians_afloat=True)
    start(g, "combats", [1] * 8, side="athens")  # 3-1, die 1: D/+2, all checks pass
    g.act("athens", "off")  # 17.8: Athens breaks off
    (p,) = g.prompts()
    assert p.kind == "retreat" and [o.id for o in p.options] == ["saronic-gulf", NEXT_BEACH]


def test_17_7_7_ii_a_party_with_ships_and_coast_lost_is_not_asked_to_break_off():
    """Round 1 (3-1 with the fleet's light shift, die 2: M for Athens, +2 for Sparta): the
    fleet, fighting as light infantry at morale 3, rolls 6 and dies; the hoplite rolls 1
    and is demoralized. With no ships and the Attic coast held, Athens has no way out, so
    it is not asked whether to break off (17.8); Sparta, on open ground, is asked."""
    g, (fleet, hoplite) = _landing(coast_held=True)
    start(g, "combats", [2, 6, 1, 1], side="athens")
    s = g.state
    b = s["battle"]
    assert fleet in b["dead"] and hoplite not in b["retreat"]
    (p,) = g.prompts()
    assert p.seat == "sparta" and p.kind == "continue"


def test_17_7_4_the_stranded_party_takes_a_second_check_instead_of_retreating():
    """Round 2, hoplite against hoplite at 1-1, die 3: M/M. The Attic hoplite (morale 4
    now) rolls 5, a failed check that would send it to the Retreat box; stranded, it rolls
    again unmodified (2, under 4 - 1 + 3) and stays in the fight, twice demoralized, at 2
    (17.7.4)."""
    g, (_, hoplite) = _landing(coast_held=True)
    rng = start(g, "combats", [2, 6, 1, 1], side="athens")
    rng.values.extend([3, 5, 2, 1])
    g.act("sparta", "go")
    b = g.state["battle"]
    assert b["rounds"] == 2 and hoplite not in b["retreat"] and hoplite not in b["dead"]
    assert b["morale"][hoplite] == 2


def test_17_7_7_ii_older_games_let_the_stranded_party_break_off():
    """Games created before generation 12 asked the attacker after round 1 as always."""
    g, _ = _landing(generation=STRANDED_LANDINGS - 1, coast_held=True)
    start(g, "combats", [2, 6, 1, 1], side="athens")
    (p,) = g.prompts()
    assert p.seat == "athens" and p.kind == "continue"


# ------------------------------------------------------------------ 9.5, 9.7.1
def _island_supply(generation=None, season=1):
    g = described("rulebook-island-forage", season=season, ct=0, generation=generation,
                  units=[{"home": "laconia", "type": "hoplite", "at": ISLAND, "morale": 5}])
    s = g.state
    (uid,) = B.units_at(s, ISLAND, "sparta")
    start(g, "supply", [], side="sparta")
    return s, uid


def test_9_5_a_unit_cut_off_on_an_uninhabited_island_forages():
    """A Laconian hoplite on an island of the Magnesian waters, with no base there, traces
    no supply line (9.3.4 runs only between bases and large cities); the island is an Area
    with a Foraging Number (9.7.1), so it forages instead of dying (9.5)."""
    assert B.uninhabited_island(B.area_of(ISLAND))
    s, uid = _island_supply()
    assert s["units"][uid]["where"] == "map" and s["units"][uid]["forage"]


def test_9_5_in_winter_the_island_feeds_no_one():
    s, uid = _island_supply(season=3)  # 9.7.3c: no foraging in Winter
    assert s["units"][uid]["where"] != "map"


def test_9_5_older_games_lose_the_unit():
    s, uid = _island_supply(generation=ISLAND_FORAGE - 1)
    assert s["units"][uid]["where"] != "map"


# ------------------------------------------------------------------ 17.7.1b: fleets ashore
def _beached(generation=None, with_hoplite=False, coast_held=True):
    """An Attic fleet beached on the Megarian beach (a plain coast of the Saronic Gulf) is
    attacked by a Laconian hoplite from Attica. Pagae and Megara, Spartan towns, close two
    of its land neighbours; `coast_held`: a second Laconian hoplite holds the Attic coast
    beside it, the last one."""
    units = [{"home": "attica", "type": "fleet", "at": BEACH, "morale": 5},
             {"home": "laconia", "type": "hoplite", "at": "W3529"}]
    if with_hoplite:
        units.append({"home": "attica", "type": "hoplite", "at": BEACH})
    if coast_held:
        units.append({"home": "laconia", "type": "hoplite", "at": NEXT_BEACH})
    g = described("rulebook-fleets-put-to-sea", generation=generation, units=units,
                  regions={"megarid": {"side": "sparta", "al": 10, "ml": 10}})
    s = g.state
    att = B.units_at(s, "W3529", "sparta")
    for u in att:  # it has marched onto the beach (16.3.4)
        s["units"][u]["hex"] = BEACH
    s["attacks"] = [{"hex": BEACH, "origin": "W3529", "units": att, "leaders": [],
                     "storm": False}]
    return g


def _open_first(g):
    from engine.rulesets.epic.battles import open_battle

    s = g.state
    return open_battle(s, s["attacks"][0], "sparta")


def test_17_7_1b_fleets_alone_on_a_coast_may_put_to_sea():
    """With every land neighbour closed, the fleet may still fall back into the Saronic
    Gulf (17.7.1b: fleets may always retreat to a neighbouring sea that is not enemy)."""
    from engine.rulesets.epic.battles import defender_retreats

    g = _beached()
    b = _open_first(g)
    assert b["def_can_retreat"] and defender_retreats(g.state, b) == ["saronic-gulf"]


def test_17_7_1b_the_beaten_fleet_sails_off_into_the_gulf():
    """1-1 (no light troops shift: the hoplite has no light troops, the fleet no hoplite),
    die 1: D/+1; the fleet, fighting on land at morale 3, rolls 3 + 1 and must retreat: its
    one way out is the Gulf, so no question is asked."""
    g = _beached()
    fleet = B.units_at(g.state, BEACH, "athens")[0]
    start(g, "combats", [1, 3], side="sparta")
    assert g.state["battle"] is None and g.state["units"][fleet]["hex"] == "saronic-gulf"


def test_17_7_1b_a_fleet_with_land_units_beside_it_stays_with_them():
    """Fleets and troops retreat together (RULINGS.md 6): with a hoplite in the stack the
    sea is no way out, and with the land closed they cannot retreat."""
    b = _open_first(_beached(with_hoplite=True))
    assert not b["def_can_retreat"]


def test_17_7_1b_older_games_leave_the_beached_fleet_no_way_out():
    from engine.rulesets.epic.state import FLEETS_PUT_TO_SEA

    b = _open_first(_beached(generation=FLEETS_PUT_TO_SEA - 1))
    assert not b["def_can_retreat"]
