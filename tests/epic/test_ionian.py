"""The Ionian War (27.0): its set-up against the rulebook's tables, Persian land and its
supply sources (1.2, Appendix C), Sparta's Sicilian fleets, the Peace Embassy's regions,
the length and the victory levels, with fixed dice."""

from __future__ import annotations

from collections import Counter

import pytest

import engine
from engine.rulesets.epic import board as B
from engine.rulesets.epic import events as E
from engine.rulesets.epic import invariants
from engine.rulesets.epic import persia as P
from engine.rulesets.epic import placement as PL
from engine.rulesets.epic import supply as S
from engine.rulesets.epic.flow import Season
from engine.rulesets.epic.losses import eliminate
from engine.rulesets.epic.moves import destinations
from engine.rulesets.epic.politics import athenian_btv, btv_victory

from .full_helpers import full, hand, run
from .helpers import put

# 27.2.3: side, AL, ML, multiplier (Sparta's region names are lost: the Campaign order)
REGIONS = {
    "attica": ("athens", 15, 15, 3), "euboea": ("athens", 3, 7, 2),
    "acarnania": ("athens", 5, 8, 1), "western-islands": ("athens", 6, 6, 2),
    "macedon": ("athens", 1, 4, 1), "thrace": ("athens", 1, 8, 2),
    "thessaly": ("athens", 3, 10, 1), "hellespont": ("athens", 3, 8, 2),
    "lesbos": ("athens", 0, 8, 2), "chios": ("athens", -1, 9, 2), "samos": ("athens", 4, 9, 2),
    "rhodes": ("athens", 2, 8, 2), "aegean-islands": ("athens", 13, 8, 3),
    "argolid": ("athens", 3, 5, 1),
    "laconia": ("sparta", 12, 11, 3), "achaea": ("sparta", 4, 5, 2), "elis": ("sparta", 4, 7, 1),
    "arcadia": ("sparta", 5, 8, 1), "corinth": ("sparta", 12, 10, 3),
    "epidaurus": ("sparta", 8, 7, 2), "megarid": ("sparta", 6, 8, 3),
    "boeotia": ("sparta", 9, 9, 3), "phocis-locris": ("sparta", 5, 6, 2),
    "aetolia": ("sparta", 3, 4, 1), "epirus": ("sparta", 5, 3, 1), "chalcidice": ("sparta", 2, 7, 2),
}
# 27.2.1: some Force Pools, as printed (type, morale) -> count
FORCE = {
    "laconia": {("hoplite", 6): 3, ("hoplite", 5): 2, ("fleet", 3): 1, ("cavalry", 4): 2},
    "attica": {("hoplite", 3): 3, ("fleet", 5): 4, ("cavalry", 4): 1, ("light", 3): 1},
    "boeotia": {("hoplite", 5): 5, ("cavalry", 5): 4, ("light", 3): 5},
    "chios": {("fleet", 5): 2, ("hoplite", 4): 1},
    "thrace": {("cavalry", 5): 2, ("hoplite", 4): 1, ("light", 3): 1},
    "samos": {}, "rhodes": {}, "aegean-islands": {}, "euboea": {},
}


@pytest.fixture(scope="module")
def g0():
    return engine.new_game("epic", "ionian", seed="ionian-setup")


def _pool(s, region, where="pool"):
    return Counter((u["type"], u["morale"]) for u in s["units"].values()
                   if u["home"] == region and u["where"] == where)


# ------------------------------------------------------------------ set-up (27.2)
def test_regions_and_treasuries_match_the_tables(g0):
    s = g0.state
    assert s["treasury"] == {"athens": 86, "sparta": 41}  # 27.2.4
    got = {r: (x["side"], x["al"], x["ml"], x["mult"]) for r, x in s["regions"].items()}
    assert got == REGIONS
    assert (s["year"], s["season"]) == (412, 0)  # Spring 412 (27.3.1)
    assert athenian_btv(s) == 33


def test_force_pools_match_the_table_and_build_pools_hold_no_elite(g0):
    s = g0.state
    for region, want in FORCE.items():
        assert _pool(s, region) == Counter(want), region
    elite = [u for u, x in s["units"].items() if x["where"] == "build" and x["morale"] == 6]
    assert elite == []  # 7.9.1: Sicily's and Sphacteria's elite losses stay lost
    assert _pool(s, "attica", "build")[("fleet", 4)] == 4  # the Campaign's Build Pool
    assert _pool(s, "sicily") == Counter({("fleet", 5): 4})  # 27.2.1


def test_map_markers_and_units(g0):
    s = g0.state
    assert s["razed"] == ["Melos", "Plataea", "Scione"]
    assert s["unwalled"] == ["Mytilene", "Thespiae"]
    cities = B.comps().cities
    assert B.long_walls_partner(s, cities["Megara"].hex) is None
    assert B.long_walls_partner(s, cities["Nisaea"].hex) is None
    assert B.long_walls_partner(s, cities["Athens"].hex) == cities["Piraeus"].hex
    assert {c: s["marks"][c] for c in ("Nisaea", "Cythera", "Potidaea", "Torone")} == \
        dict.fromkeys(("Nisaea", "Cythera", "Potidaea", "Torone"), "athens")
    assert s["revolts"] == ["Amphipolis"]
    assert s["forts"] == {"W2337": "athens", "W3729": "sparta"}  # Pylos, Decelea
    assert s["bases"] == {"W3731": "athens", "W2428": "athens", "W3414": "athens",
                          "W2337": "athens", "W2940": "sparta", "W2130": "sparta"}
    on_map = sorted((u["home"], u["type"], u["hex"], u["side"]) for u in s["units"].values()
                    if u["where"] == "map")
    assert on_map == [("boeotia", "hoplite", "W3729", "sparta"),
                      ("western-islands", "hoplite", "W2337", "athens")]
    assert not invariants.check(s)


def test_leaders_and_cards(g0):
    s = g0.state
    force = {side: sorted(n for n, x in s["leaders"].items()
                          if x["where"] == "force" and x["side"] == side)
             for side in ("athens", "sparta")}
    assert force == {"athens": ["Charminus", "Cleomedes", "Diomedon", "Strombichides",
                                "Theramenes", "Thrasybulus"],
                     "sparta": ["Agis", "Alcibiades", "Alexarchus", "Astyochus", "Clearchus",
                                "Dercyllidas"]}  # 27.2.2: Alcibiades serves Sparta
    assert sorted(s["leader_pool"]["athens"]) == ["Aristocrates", "Conon", "Pericles II",
                                                  "Philocles"]
    c = s["cards"]
    assert c["hands"]["sparta"] == ["rebellion-possible-euboea", "rebellion-possible-lesbos",
                                    "rebellion-possible-chios", "tissaphernes-troops-1",
                                    "pharnabazus-troops-1"]  # 27.2.6
    assert len(c["hands"]["athens"]) == 5
    every = c["deck"] + c["hands"]["athens"] + c["hands"]["sparta"]
    assert len(every) == len(set(every))
    kinds = {cid.rsplit("-", 1)[0] if cid[-1].isdigit() else cid for cid in every}
    for gone in ("sicilian-escalation", "sicilian-resolution", "argos-ends-neutrality",
                 "allied-dissent", "sitalces-invades", "plague"):
        assert not any(k.startswith(gone) for k in kinds), gone


# ------------------------------------------------------------------ Persian land (1.2)
def _tissaphernes_troops(g, city="Miletus", die=6):
    s = g.state
    s["marks"][city] = "sparta"
    hand(g, "sparta", "tissaphernes-troops-1")
    run(g, E.play, [die], "sparta", f"tissaphernes-troops-1|{city}")
    troops = sorted(u for u, x in s["units"].items() if x["home"] == "persia-tissaphernes")
    general = next(n for n, x in s["leaders"].items() if x.get("persian") == "tissaphernes")
    return troops, general


def _hex_in(area, free=True, s=None):
    c = B.comps()
    return next(h for h in sorted(c.area_hexes[area]) if c.hexes[h].kind == "land"
                and (not free or c.city_at.get(h) is None))


def test_ionian_persian_light_infantry_is_morale_three():
    g = full("ion-p", "ionian")
    troops, _ = _tissaphernes_troops(g)
    s = g.state
    assert Counter((s["units"][u]["type"], s["units"][u]["morale"]) for u in troops) == \
        Counter({("light", 3): 6, ("cavalry", 5): 3})  # 27.2.1


def test_only_a_satraps_own_troops_enter_his_satrapy():
    g = full("ion-m", "ionian")
    s = g.state
    troops, general = _tissaphernes_troops(g)
    start = B.comps().cities["Miletus"].hex
    s["ct"] = 1
    lydia = P.satrapy_hexes("tissaphernes")
    dests = destinations(s, "sparta", start, troops[:2], [general])
    assert set(dests) & lydia  # his satrapy is open to them
    assert not set(dests) & P.satrapy_hexes("pharnabazus")  # never the rival's (1.2)
    hop = put(g, "laconia", "hoplite", start)[0]
    assert not set(destinations(s, "sparta", start, [hop], [])) & lydia  # closed to Sparta
    mixed = destinations(s, "sparta", start, [troops[0], hop], [general])
    assert not set(mixed) & lydia
    # a Persian unit inside its satrapy is where it may be; a Spartan one is not
    inside = sorted(lydia)[0]
    s["units"][troops[0]]["hex"] = inside
    assert not invariants.check(s)
    s["units"][hop]["hex"] = inside
    assert any(hop in line for line in invariants.check(s))


def test_sardis_supplies_tissaphernes_units_and_not_the_hellespont():
    g = full("ion-s", "ionian")
    s = g.state
    troops, _ = _tissaphernes_troops(g)
    u = troops[0]
    s["units"][u]["hex"] = _hex_in("ionia")  # Samos' mainland, outside any city
    assert S.in_supply(s, u, set())  # Ionia -> Lydia (Sardis): a line of two Areas
    s["units"][u]["hex"] = _hex_in("chalcedon")  # beyond Pharnabazus' satrapy: no line
    assert not S.in_supply(s, u, set())
    assert S.cost(s, u) == 0  # free whenever it is supplied


def test_dascylium_supplies_spartans_in_the_hellespont_under_pharnabazus_support():
    g = full("ion-d", "ionian")
    s = g.state
    s["marks"]["Abydos"] = "sparta"
    hand(g, "sparta", "pharnabazus-fleet-1", "pharnabazus-support-1")
    run(g, E.play, [6], "sparta", "pharnabazus-fleet-1|Abydos")
    hop = put(g, "laconia", "hoplite", _hex_in("cyzicus"))[0]
    assert not S.in_supply(s, hop, set())  # no Spartan source within reach
    s["cards"]["season"] = {}
    run(g, E.play, [6], "sparta", "pharnabazus-support-1")
    assert S.in_supply(s, hop, set())  # Cyzicus -> Dascylitis (Dascylium)
    assert S.cost(s, hop) == 0
    s["units"][hop]["hex"] = _hex_in("erythraea")  # not the Hellespont: the card says nothing
    assert not S.in_supply(s, hop, set())


def test_persian_units_without_an_active_card_have_no_persian_source():
    g = full("ion-w", "ionian")
    s = g.state
    troops, _ = _tissaphernes_troops(g)
    P.withdraw(s, "tissaphernes-troops-1")
    assert all(s["units"][u]["where"] == "dead" for u in troops)
    assert P.supply_satrap(s, troops[0]) is None


def test_an_enemy_area_cuts_the_line_to_sardis():
    g = full("ion-e", "ionian")
    s = g.state
    troops, _ = _tissaphernes_troops(g)
    u = troops[0]
    # Erythraea's hex by Smyrna -> Smyrna -> Lydia (the hexes beyond Clazomenae and Teos,
    # Athenian towns, are cut off from generation 16: test_rulebook_satrap_lines.py)
    s["units"][u]["hex"] = "E2128"
    for other in troops[1:]:
        s["units"][other]["hex"] = _hex_in("persia-lydia")
    del s["marks"]["Miletus"]  # Ionia all Athenian again
    assert S.in_supply(s, u, set())
    # Athenians alone in Smyrna's Area (set down by hand) make it enemy to Sparta (9.3.1);
    # the other way, through Ionia, is enemy too (Athenian cities, no Spartan unit)
    put(g, "attica", "hoplite", _hex_in("persia-smyrna"), side="athens")
    assert B.area_status(s, "persia-smyrna", "sparta") == "enemy"
    assert not S.in_supply(s, u, set())


# ------------------------------------------------------------------ Sicilian fleets (27.2.1)
def _sicily_options(s):
    return [o.id for o in PL.options(s, "sparta") if "sicil" in o.id]


def test_sicilian_fleets_come_one_a_season_to_four():
    """27.2.1 with the Resolution card's decisive Spartan victory: one Sicilian fleet into
    the Sicily box at each Placement stage, four at most, never straight to a port."""
    g = engine.new_game("epic", "ionian", seed="ion-sic")
    s = g.state
    s["flow"].clear()
    assert _sicily_options(s) == ["sicilian-fleet"]
    from engine.rulesets.epic.placement import Place

    def place():
        from engine.core.procedures import Flow
        from engine.core.ruleset import Context
        from engine.testing import FixedRng

        flow = Flow(s, {"name": "place", "args": {"side": "sparta"}}, Context(FixedRng([])))
        Place().act(flow, "sparta", "sicilian-fleet")

    place()
    assert _sicily_options(s) == []  # one a season (a fleet just placed cannot go back)
    fleet = next(u for u, x in s["units"].items() if x["home"] == "sicily" and x["where"] == "sicily")
    assert S.cost(s, fleet) == 0  # supplied at no cost
    for season in range(1, 8):
        s["year"], s["season"] = 412 - season // 4, season % 4
        for x in s["units"].values():
            x["placed"] = False  # a new Placement stage
        if sum(1 for x in s["units"].values() if x["home"] == "sicily" and x["where"] != "pool") < 4:
            assert "sicilian-fleet" in _sicily_options(s), season
            place()
        assert "sicilian-fleet" not in _sicily_options(s)
    assert sum(1 for x in s["units"].values() if x["home"] == "sicily" and x["where"] == "sicily") == 4
    eliminate(s, fleet)
    assert s["units"][fleet]["where"] == "dead"  # not replaced
    s["year"], s["season"] = 410, 0
    assert "sicilian-fleet" not in _sicily_options(s)


def test_the_sicilian_fleets_leave_the_box_like_any_piece():
    """19.2: from the box to the Leaving box at a later Placement, bound for a western sea."""
    g = engine.new_game("epic", "ionian", seed="ion-sic2")
    s = g.state
    s["flow"].clear()
    fleet = next(u for u, x in s["units"].items() if x["home"] == "sicily")
    s["units"][fleet]["where"] = "sicily"
    assert f"leave:{fleet}:corcyran-waters" in _sicily_options(s)


# ------------------------------------------------------------------ peace, length, victory
def test_peace_embassy_regions_of_27_3_2():
    g = full("ion-peace", "ionian")
    s = g.state
    assert (1, "argolid held by the enemy") in E.peace_mods(s, "sparta")  # Argos counts
    assert E.peace_mods(s, "athens") == [(1, "chalcidice held by the enemy")]  # Spartan at start
    s["regions"]["lesbos"]["side"] = "sparta"
    s["regions"]["chios"]["side"] = "sparta"
    assert E.peace_mods(s, "athens") == [(3, "chalcidice, lesbos, chios held by the enemy")]
    elite = next(u for u, x in s["units"].items() if x["home"] == "laconia" and x["morale"] == 6)
    s["units"][elite]["where"] = "dead"
    assert (1, "elite hoplites lost") in E.peace_mods(s, "sparta")


def _set_btv(s, n):
    """Give regions to Athens or Sparta until Athens' BTV is `n` (Attica stays)."""
    c = B.comps()
    regions = sorted((r for r in s["regions"] if r not in ("attica", "laconia")),
                     key=lambda r: (-c.regions[r].btv, r))
    for r in regions:
        s["regions"][r]["side"] = "sparta"
    for r in regions:
        left = n - athenian_btv(s)
        if left <= 0:
            break
        if c.regions[r].btv <= left:
            s["regions"][r]["side"] = "athens"
    assert athenian_btv(s) == n


@pytest.mark.parametrize("btv,winner,level", [
    (34, "athens", "decisive"), (33, "athens", "victory"), (28, "athens", "victory"),
    (27, "none", "draw"), (25, "none", "draw"), (24, "sparta", "victory"),
    (22, "sparta", "victory"), (21, "sparta", "decisive")])
def test_victory_levels_of_27_4(btv, winner, level):
    g = full("ion-v", "ionian")
    s = g.state
    _set_btv(s, btv)
    assert btv_victory(s, "27.4")
    assert (s["result"]["winner"], s["result"]["level"]) == (winner, level)


def test_the_war_ends_after_winter_405_and_not_before():
    g = full("ion-end", "ionian")
    s = g.state
    s["year"], s["season"] = 406, 3
    run(g, Season()._next_season, [])
    assert s["result"] is None and s["year"] == 405
    s["season"] = 3
    run(g, Season()._next_season, [])
    assert s["result"] is not None and s["result"]["rule"] == "27.0"
    assert s["result"]["winner"] == "athens"  # 33 BTV at the start: an Athenian victory


def test_a_random_ionian_war_runs_to_its_end():
    from engine.selfplay import run_one

    run = run_one("epic", "ionian", "ionian-test:0")
    assert run.error is None and run.outcome is not None


def test_nothing_is_placed_where_ml_is_below_five(g0):
    """27.2.3's note: Macedon (Athens), Aetolia and Epirus (Sparta) have ML below 5 (4.4.2)."""
    s = g0.state
    athens = [a for o in PL.options(s, "athens") for a in (o.data or {}).get("also", ())]
    sparta = [a for o in PL.options(s, "sparta") for a in (o.data or {}).get("also", ())]
    assert any(o.startswith("place:attica:") for o in athens)
    assert not any(o.startswith("place:macedon:") for o in athens)
    assert any(o.startswith("place:laconia:") for o in sparta)
    assert not any(o.startswith(("place:aetolia:", "place:epirus:")) for o in sparta)


def test_alcibiades_serves_sparta_and_athens_may_win_him_back():
    g = full("ion-alc", "ionian")
    s = g.state
    s["leaders"]["Alcibiades"].update(where="map", hex=B.comps().cities["Sparta"].hex,
                                      region=None)
    assert E.alcibiades_ok(s, "athens")  # he serves the other side
    assert not E.alcibiades_ok(s, "sparta")
    run(g, E.alcibiades, [], "athens", "Diomedon")
    assert s["leaders"]["Alcibiades"]["side"] == "athens"
    assert s["leaders"]["Alcibiades"]["where"] == "force"
