"""Set-up (22.2), the simplified turn (22.4.1), placement (7.3), control and tribute (4.3,
5.4, 22.4.4), victory (21.1, 22.5)."""

from __future__ import annotations

from engine.rulesets.epic import board as B
from engine.rulesets.epic import politics as P
from engine.rulesets.epic.flow import final_victory
from engine.rulesets.epic.placement import home_cities

from .helpers import bare, ids, new, put, start, through_menus


def test_22_2_set_up():
    g = new()
    s = g.state
    assert s["treasury"] == {"athens": 22, "sparta": 22}
    assert s["regions"]["laconia"] == {"side": "sparta", "al": 20, "ml": 20, "mult": 2}
    assert s["regions"]["achaea"] == {"side": "sparta", "al": 0, "ml": 8, "mult": 1}
    assert s["regions"]["elis"] == {"side": "athens", "al": 4, "ml": 10, "mult": 2}
    assert s["marks"] == {"Lepreum": "sparta", "Nisaea": "athens", "Mantinea": "athens"}
    assert s["forts"] == {"W2337": "athens"} and s["bases"] == {"W2337": "athens"}
    on_map = {(u["type"], u["hex"]) for u in s["units"].values() if u["where"] == "map"}
    assert on_map == {("light", "W2337"), ("hoplite", "W3531")}  # Pylos fort, Nisaea
    pools = [u for u in s["units"].values() if u["where"] == "pool"]
    elite = [u for u in pools if u["morale"] == 6 and u["type"] == "hoplite"]
    assert len(elite) == 5  # four Laconian, one Argive
    assert len([u for u in pools if u["side"] == "sparta"]) == 4 + 3 + 1 + 3 + 1 + 5 + 2 + 2 + 13
    at = {n: x["hex"] for n, x in s["leaders"].items()}
    assert at["Agis"] == at["Gylippus"] == B.comps().cities["Sparta"].hex
    assert at["Alcibiades"] == B.comps().cities["Argos"].hex
    assert sorted(s["leader_pool"]["sparta"]) == ["Astyochus", "Clearchus", "Dercyllidas"]


def test_22_4_1_the_first_season_opens_with_placement_athens_first():
    g = new()
    assert [p.seat for p in g.prompts()] == ["athens"]
    assert g.prompts()[0].kind == "place"
    assert g.state["season"] == 0 and g.state["year"] == 419
    g.act("athens", "done")
    assert [p.seat for p in g.prompts()] == ["sparta"]
    assert g.state["treasury"] == {"athens": 22, "sparta": 22}  # no Yearly Start in 419 (2.4)


def test_7_3_2_units_are_placed_only_at_friendly_cities_of_their_region():
    g = new()
    s = g.state
    assert home_cities(s, "sparta", "corinth") == ["Cenchreae", "Corinth", "Lechaeum"]
    assert home_cities(s, "sparta", "megarid") == ["Megara", "Pagae"]  # Nisaea is Athens'
    assert home_cities(s, "athens", "megarid") == []  # not his region
    options = ids(g, "athens")
    assert "place:attica:fleet:6:Piraeus" in options
    assert "place:attica:fleet:6:Athens" not in options  # fleets only in ports (18.4)


def test_4_4_2_no_placement_below_militance_5():
    g = new()
    g.state["regions"]["arcadia"]["ml"] = 4
    assert home_cities(g.state, "sparta", "arcadia") == []


def test_7_3_placing_and_returning():
    g = new()
    through_menus(g, "athens", "place:attica:hoplite:4:Athens")
    s = g.state
    placed = [u for u in s["units"].values() if u["home"] == "attica" and u["type"] == "hoplite"
              and u["hex"] == B.comps().cities["Athens"].hex]
    assert len(placed) == 1
    # a unit placed this stage cannot be returned in the same stage (it would loop forever)
    assert not any(o.startswith("remove:attica:hoplite") for o in ids(g, "athens"))


def test_22_4_5_athens_places_at_most_three_bases():
    g = new()
    for h in ("W3731", "W3033", "W2131"):
        g.act("athens", f"base:{h}")
    assert g.state["bases_placed"] == 3
    assert not any(o.startswith("base:") for o in ids(g, "athens"))


def test_4_3_control_check_flips_a_region_below_minus_2():
    g = bare()
    s = g.state
    s["regions"]["elis"]["al"] = -3
    units = put(g, "elis", "hoplite", B.comps().cities["Elis"].hex, 1)
    lepreum = B.comps().cities["Lepreum"].hex
    P.control_check(s)
    assert s["regions"]["elis"]["side"] == "sparta" and s["regions"]["elis"]["al"] == 3
    assert s["units"][units[0]]["where"] == "pool"  # 4.3.1b
    assert "Lepreum" not in s["marks"]  # Sparta's own region now
    assert B.holder(s, lepreum) == "sparta"


def test_4_3_1c_occupied_cities_stay_with_the_loser():
    g = bare()
    s = g.state
    s["regions"]["megarid"]["al"] = -3
    nisaea = B.comps().cities["Nisaea"].hex
    megara = B.comps().cities["Megara"].hex
    put(g, "boeotia", "hoplite", megara, 1)  # a Spartan garrison holds on
    P.control_check(s)
    assert s["regions"]["megarid"]["side"] == "athens"
    assert s["marks"]["Megara"] == "sparta" and "Nisaea" not in s["marks"]
    assert B.holder(s, nisaea) == "athens"
    assert B.holder(s, megara) == "sparta"


def test_22_4_1_tribute_at_the_fixed_multipliers_less_enemy_held_cities():
    g = bare()
    s = g.state
    got, _ = P.tribute(s, "athens")
    assert got == 2 * 2 + 2 * 2 + 1 * 2  # Attica, Argolid, Elis; Lepreum is small (5.4.2)
    got, _ = P.tribute(s, "sparta")
    # Laconia 6, Arcadia 2-1 (Mantinea, medium), Achaea 1, Corinth 4, Epidaurus 1,
    # Megarid 2-0 (Nisaea, small), Boeotia 2x2 (Boeotia's BTV is ours, data/README.md)
    assert got == 6 + 1 + 1 + 4 + 1 + 2 + 4


def test_22_4_4_the_empire_pays_15_and_a_die_at_the_years_start():
    g = bare()
    s = g.state
    s["year"] = 418
    start(g, "year", [4])
    assert s["treasury"]["athens"] == 22 + 10 + 15 + 4
    assert s["treasury"]["sparta"] == 22 + 19


def test_22_4_1_raided_markers_go_at_the_years_start():
    g = bare()
    s = g.state
    s["year"], s["raided"] = 418, {"attica": 5}
    start(g, "year", [1])
    assert s["raided"] == {}


def test_21_1_a_home_region_lost_at_the_years_start_ends_the_game():
    g = bare()
    s = g.state
    s["year"] = 418
    s["regions"]["laconia"]["al"] = -3
    start(g, "year", [])
    assert s["result"]["winner"] == "athens" and s["result"]["rule"] == "21.1"


def test_22_5_victory_by_athenian_regions():
    g = bare()
    s = g.state
    final_victory(s)
    assert (s["result"]["winner"], s["result"]["level"]) == ("athens", "victory")  # 3
    s["regions"]["arcadia"]["side"] = "athens"
    final_victory(s)
    assert (s["result"]["winner"], s["result"]["level"]) == ("athens", "decisive")
    for r in ("arcadia", "elis"):
        s["regions"][r]["side"] = "sparta"
    final_victory(s)
    assert (s["result"]["winner"], s["result"]["level"]) == ("sparta", "victory")
    s["regions"]["argolid"]["side"] = "sparta"
    final_victory(s)
    assert (s["result"]["winner"], s["result"]["level"]) == ("sparta", "decisive")


def test_the_game_ends_after_winter_416():
    g = bare()
    s = g.state
    s["year"], s["season"] = 416, 3
    start(g, "season", [], stage=99)
    assert s["result"] is not None and s["result"]["rule"] == "22.5"
    assert g.rules.outcome(s) is not None
