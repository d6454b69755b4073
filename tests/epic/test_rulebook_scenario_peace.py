"""Rules 5.3.2 (Base Tribute Values), 23.2 (the Campaign's set-up), 23.5 and 21.1
(victory), 20.2-20.3 (peace) and 5.3.1-5.3.4 (assessment; the Chios example), read again
from the rulebook into described positions.

In our words: the Campaign opens in Spring 431 with the regions' AL and ML as 23.2.3 lists
them, Argolid neutral, Athens 230 talents and Sparta 20, the named control and revolt
markers and bases, Athens' six leaders and Sparta's four in their home Force Pools and
two Spartans on the map (23.2.2-23.2.5). Capturing the enemy capital ends the game in a
decisive victory (21.1); otherwise the BTV Athens controls decides: over 40 decisive, 33
to 39 Athenian, 26 to 32 stalemate, 17 to 25 Spartan, under 17 Spartan decisive (23.5); the Ionian War
has its own: over 33, 28-33, a draw at 25-27, 22-24, under 22 (27.4).
A year of peace adds 1 ML everywhere and rolls for AL in each region with leaders, +1 per
extra leader: 1-2 nothing, 3-5 +1, 6-7 +2, 8 or more +3 (20.2); a grievance roll of 6 or
more with its grievances ends the peace, +1 AL +1 ML in the roller's regions (20.3). An
assessment goes up by at most two steps a year, each step costing an Athenian region 1 AL,
and x3 costs 1 AL more every year (5.3.1, 5.3.3, 5.3.4; the Chios example: 4 to 1)."""

from __future__ import annotations

import pytest

import engine
from engine.rulesets.epic import assessment as AS
from engine.rulesets.epic import board as B
from engine.rulesets.epic import peace as PE
from engine.rulesets.epic import politics as P
from engine.rulesets.epic import sieges as SG
from engine.rulesets.epic.flow import yearly_levels

from .conftest import city_hexes, described
from .helpers import start

CITY = city_hexes()

BTV = {"acarnania": 2, "achaea": 1, "aegean-islands": 3, "aetolia": 1, "arcadia": 2,
       "argolid": 2, "attica": 2, "chalcidice": 2, "chios": 2, "corinth": 2, "elis": 1,
       "epidaurus": 1, "epirus": 1, "euboea": 2, "hellespont": 5, "laconia": 3, "lesbos": 3,
       "macedon": 1, "megarid": 1, "phocis-locris": 2, "rhodes": 1, "samos": 3,
       "thessaly": 2, "western-islands": 2}  # 5.3.2 (Boeotia's and Thrace's are unreadable)

SETUP = {  # 23.2.3: side, AL, ML
    "attica": ("athens", 20, 20), "euboea": ("athens", 13, 7), "acarnania": ("athens", 7, 8),
    "western-islands": ("athens", 8, 7), "macedon": ("athens", 2, 7),
    "thrace": ("athens", 4, 8), "chalcidice": ("athens", 2, 7), "thessaly": ("athens", 6, 8),
    "hellespont": ("athens", 8, 8), "lesbos": ("athens", 3, 9), "chios": ("athens", 4, 8),
    "samos": ("athens", 12, 9), "rhodes": ("athens", 6, 8),
    "aegean-islands": ("athens", 19, 10), "argolid": ("neutral", 3, 8),
    "laconia": ("sparta", 20, 20), "achaea": ("sparta", 4, 6), "elis": ("sparta", 6, 8),
    "arcadia": ("sparta", 10, 8), "corinth": ("sparta", 20, 16),
    "epidaurus": ("sparta", 13, 10), "megarid": ("sparta", 7, 10),
    "boeotia": ("sparta", 12, 12), "phocis-locris": ("sparta", 6, 8),
    "aetolia": ("sparta", 5, 7), "epirus": ("sparta", 8, 6)}


def position(**p):
    p.setdefault("clear", False)
    return described("rulebook-scenario", **p)


# ------------------------------------------------------------------ 5.3.2, 23.2
@pytest.mark.parametrize(("region", "btv"), sorted(BTV.items()))
def test_5_3_2_base_tribute_values(region, btv):
    assert B.comps().regions[region].btv == btv


def test_23_2_3_the_campaigns_regions():
    s = engine.new_game("epic", "campaign", seed="setup").state
    got = {r: (x["side"], x["al"], x["ml"]) for r, x in s["regions"].items()}
    assert got == SETUP
    assert all(x["mult"] == 1 for x in s["regions"].values() if x["side"] != "neutral")


def test_23_2_2_to_23_2_5_leaders_treasuries_markers_bases():
    s = engine.new_game("epic", "campaign", seed="setup").state
    assert (s["year"], s["season"], s["treasury"]) == (431, 0, {"athens": 230, "sparta": 20})
    pools = {n: x["region"] for n, x in s["leaders"].items() if x["where"] == "force"}
    assert pools == {**dict.fromkeys(["Pericles", "Phormio", "Nicias", "Paches", "Eurymedon",
                                      "Nicostratus"], "attica"),
                     **dict.fromkeys(["Archidamus", "Ramphias", "Alcidas", "Eurylochus"],
                                     "laconia")}
    on_map = {n: x["hex"] for n, x in s["leaders"].items() if x["where"] == "map"}
    assert on_map == {"Xenocleides": CITY["Corinth"], "Diemporus": CITY["Thebes"]}
    assert s["marks"] == {"Naupactus": "athens", "Anactorium": "sparta", "Oeniadae": "sparta"}
    assert sorted(s["revolts"]) == ["Melos", "Plataea", "Potidaea", "Thera"]
    assert s["bases"] == {CITY[n]: "athens" for n in ("Piraeus", "Naupactus", "Amphipolis")} | {
        CITY[n]: "sparta" for n in ("Gytheum", "Cyllene")}


# ------------------------------------------------------------------ 21.1, 23.5
def test_21_1_taking_athens_ends_the_game_a_decisive_spartan_victory():
    g = position(clear=True)
    s = g.state
    SG.capture(s, CITY["Athens"], "sparta")
    start(g, "capture", [], hex=CITY["Athens"], side="sparta")
    assert s["result"]["winner"] == "sparta" and s["result"]["level"] == "decisive"
    assert g.prompts() == []


def _athens_holds(btv_total, scenario="campaign"):
    """A game where Athens controls regions worth exactly `btv_total`."""
    g = position(scenario=scenario)
    s = g.state
    c = B.comps()
    left = btv_total
    for region in sorted(s["regions"], key=lambda r: (-c.regions[r].btv, r)):
        take = c.regions[region].btv <= left
        s["regions"][region]["side"] = "athens" if take else "sparta"
        left -= c.regions[region].btv if take else 0
    assert left == 0
    return s


@pytest.mark.parametrize(("total", "winner", "level"), [
    (41, "athens", "decisive"), (39, "athens", "victory"), (33, "athens", "victory"),
    (32, "none", "stalemate"), (26, "none", "stalemate"), (25, "sparta", "victory"),
    (17, "sparta", "victory"), (16, "sparta", "decisive")])
def test_23_5_the_athenian_btv_decides(total, winner, level):
    s = _athens_holds(total)
    assert P.athenian_btv(s) == total
    assert P.btv_victory(s, "23.5")
    assert (s["result"]["winner"], s["result"]["level"]) == (winner, level)


@pytest.mark.parametrize(("total", "winner", "level"), [
    (34, "athens", "decisive"), (33, "athens", "victory"), (28, "athens", "victory"),
    (27, "none", "draw"), (25, "none", "draw"), (24, "sparta", "victory"),
    (22, "sparta", "victory"), (21, "sparta", "decisive")])
def test_27_4_the_ionian_wars_own_table(total, winner, level):
    s = _athens_holds(total, "ionian")
    assert P.btv_victory(s, "27.4")
    assert (s["result"]["winner"], s["result"]["level"]) == (winner, level)


# ------------------------------------------------------------------ 20.2, 20.3
@pytest.mark.parametrize(("die", "leaders", "plus"), [
    (2, 1, 0), (3, 1, 1), (5, 1, 1), (6, 1, 2), (5, 3, 2), (6, 3, 3), (1, 2, 0)])
def test_20_2_a_year_of_peace_raises_militance_and_rolls_for_regions_with_leaders(
        die, leaders, plus):
    names = ["Pericles", "Nicias", "Phormio"][:leaders]
    g = position(clear=True, leaders={n: "Athens" for n in names},
                 regions={"attica": {"al": 10, "ml": 10}, "chios": {"ml": 8}})
    s = g.state
    PE.sign(s)
    PE.year_start(s, lambda: die)
    assert s["regions"]["attica"]["al"] == 10 + plus
    assert s["regions"]["attica"]["ml"] == 11 and s["regions"]["chios"]["ml"] == 9


def test_20_3_a_grievance_roll_of_6_ends_the_peace_and_heartens_the_roller():
    g = position(clear=True, regions={"chios": {"al": 4, "ml": 8}, "megarid": {"al": 7}})
    s = g.state
    PE.sign(s)
    s["peace"]["restrict"] = False
    s["peace"]["grievances"]["athens"] = ["battle:attica", "home-troops:attica"]
    lines = PE.grievance(s, "athens", 4)  # 4 + 2 grievances = 6
    assert "war resumes" in lines[0] and not PE.at_peace(s)
    assert (s["regions"]["chios"]["al"], s["regions"]["chios"]["ml"]) == (5, 9)
    assert s["regions"]["megarid"]["al"] == 7  # Sparta's regions unchanged


# ------------------------------------------------------------------ 5.3
def test_5_3_example_chios_raised_two_steps_from_al_4_to_1():
    g = position(regions={"chios": {"al": 4, "mult": 1}})
    s = g.state
    assert "raise:chios" in [o.id for o in AS.options(s, "athens")]  # as the stage asks
    AS.raise_one(s, "athens", "chios")
    AS.raise_one(s, "athens", "chios")
    assert s["regions"]["chios"]["mult"] == 3 and s["regions"]["chios"]["al"] == 2
    assert "raise:chios" not in [o.id for o in AS.options(s, "athens")]  # two a year
    lines = yearly_levels(s)
    assert "chios: assessed at x3, -1 AL (5.3.4)" in lines
    assert s["regions"]["chios"]["al"] == 1


def test_5_3_1_a_raise_is_counted_before_any_menu_was_built():
    """Tools and tests may raise a region's assessment before the stage's menu ran."""
    g = position(regions={"chios": {"al": 4, "mult": 1}})
    s = g.state
    s.pop("raised", None)
    AS.raise_one(s, "athens", "chios")
    assert s["raised"] == {"chios": 1} and s["regions"]["chios"]["mult"] == 2
