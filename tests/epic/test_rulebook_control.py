"""Rules 4.1-4.3 (Allegiance, control), 5.3-5.4 (tribute) and 6.1-6.5 (revolts), read again
from the rulebook into described positions.

In our words: an AL runs from -4 to 20 and a region below -2 at the Yearly Start passes to
the other side with its AL mirrored, its ML and assessment kept, its units sent home, its
revolts over and cities occupied by the loser marked his (4.1, 4.3.1). Tribute is BTV times
the assessment, less 1 for each medium and 2 for each large city revolting, enemy-held,
besieged or razed, and nothing when no friendly unbesieged city is left (5.4.1, 5.4.2; the
Chios example). Sparta tests one city of each Athenian region at AL 3 or less; a 7 or more
after the 6.3 modifiers makes it revolt, never a capital (6.1, 6.3, 6.4; the Teos example);
a revolting city sides with the enemy while the region's ML is 5 or more, with no one
below (6.5.1), and builds walls one season faster (6.5.5). A Spartan region below ML 5 is
assessed at x1 at most (5.3.3); lowering an assessment gives -1 to the region's revolt
checks the next year (5.3.5). Athens may roll to end a revolt in a region outside the risk
zone, ending it on 1 or less and never starting one (6.2)."""

from __future__ import annotations

import engine
from engine.rulesets.epic import assessment as AS
from engine.rulesets.epic import board as B
from engine.rulesets.epic import building as BU
from engine.rulesets.epic import politics as P
from engine.rulesets.epic import revolts as RV

from .conftest import described
from .helpers import ids


def position(**p):
    p.setdefault("clear", False)
    return described("rulebook-control", **p)


def _calm():
    """Every Athenian region but Chios out of the risk zone: Chios is the only check."""
    regions = engine.new_game("epic", "campaign", seed="calm").state["regions"]
    return {r: {"al": max(x["al"], 4)} for r, x in regions.items() if x["side"] == "athens"}


# ------------------------------------------------------------------ 4.1, 4.3
def test_4_1_allegiance_never_below_minus_4_nor_above_20():
    g = position(regions={"chios": {"al": -3}})
    s = g.state
    P.shift(s, "chios", "sparta", 5, 0)  # a Spartan success in an Athenian region
    assert s["regions"]["chios"]["al"] == -4
    P.shift(s, "attica", "athens", 5, 0)
    assert s["regions"]["attica"]["al"] == 20


def test_4_3_1_a_region_below_minus_2_changes_hands_with_its_levels_mirrored():
    """Chios at AL -3, ML 8, x2: it becomes Spartan at AL +3, ML 8, still x2; Erythrae's
    revolt ends (4.3.1d); an Athenian hoplite in Teos keeps Teos Athenian (4.3.1c); the
    Chian hoplite goes back to its Force Pool (4.3.1b)."""
    g = position(regions={"chios": {"al": -3, "ml": 8, "mult": 2}},
                 state={"revolts": ["Erythrae"]},
                 units=[{"home": "attica", "type": "hoplite", "at": "Teos"},
                        {"home": "chios", "type": "hoplite", "at": "Chios", "side": "athens"}])
    s = g.state
    chian = next(u for u, x in s["units"].items()
                 if x["home"] == "chios" and x["where"] == "map")
    assert P.control_check(s) == ["chios passes to Sparta (4.3)"]
    r = s["regions"]["chios"]
    assert (r["side"], r["al"], r["ml"], r["mult"]) == ("sparta", 3, 8, 2)
    assert "Erythrae" not in s["revolts"] and B.city_owner(s, "Erythrae") == "sparta"
    assert B.city_owner(s, "Teos") == "athens"
    assert s["units"][chian]["where"] == "pool"


def test_4_3_1_minus_2_is_not_yet_a_change_of_control():
    g = position(regions={"chios": {"al": -2}})
    assert P.control_check(g.state) == []
    assert g.state["regions"]["chios"]["side"] == "athens"


# ------------------------------------------------------------------ 5.4
def _athenian_tribute(s, region):
    _, lines = P.tribute(s, "athens")
    return next(int(x.split()[1]) for x in lines if x.split()[0] == region)


def test_5_4_example_chios_at_x3_with_small_erythrae_in_revolt_pays_6():
    g = position(regions={"chios": {"al": 1, "mult": 3}}, state={"revolts": ["Erythrae"]})
    assert _athenian_tribute(g.state, "chios") == 6


def test_5_4_2_a_revolting_medium_city_costs_1_and_a_besieged_one_too():
    """Chalcidice (BTV 2) at x2 = 4: Potidaea (medium) in revolt, 4 - 1 = 3; Olynthus
    (small) besieged besides, still 3; Chios (medium) besieged, Chios region x1 = 2 - 1."""
    g = position(regions={"chalcidice": {"mult": 2}}, state={
        "revolts": ["Potidaea"],
        "sieges": {B.comps().cities["Olynthus"].hex: {"by": "sparta", "morale": 4, "initial": 4},
                   B.comps().cities["Chios"].hex: {"by": "sparta", "morale": 5, "initial": 5}}})
    s = g.state
    assert _athenian_tribute(s, "chalcidice") == 3
    assert _athenian_tribute(s, "chios") == 1


def test_5_4_1_no_friendly_unbesieged_city_no_tribute():
    g = position(regions={"chios": {"mult": 5}},
                 state={"revolts": ["Chios", "Clazomenae", "Erythrae", "Teos"]})
    assert _athenian_tribute(g.state, "chios") == 0


# ------------------------------------------------------------------ 6.1-6.5
def test_6_5_example_teos_revolts_on_5_plus_2():
    """Chios at AL 2 and x3 (above its BTV), Erythrae in revolt, Athenians in Chios city:
    Sparta names Teos, +1 for the revolting city and +1 for the assessment; a 5 makes 7."""
    regions = _calm()
    regions["chios"] = {"al": 2, "ml": 8, "mult": 3}
    g = position(regions=regions, state={"revolts": ["Erythrae"]},
                 units=[{"home": "attica", "type": "hoplite", "at": "Chios"}],
                 dice=[5], start="revolts")
    s = g.state
    assert sum(v for v, _ in RV.modifiers(s, "chios", "Teos")) == 2
    assert "Teos" in ids(g, "sparta") and "Erythrae" not in ids(g, "sparta")
    g.act("sparta", "Teos")
    assert "Teos" in s["revolts"]
    assert B.city_owner(s, "Teos") == "sparta"  # ML 8: the red marker (6.5.1)


def test_6_3_a_4_with_the_same_plus_2_is_no_revolt():
    regions = _calm()
    regions["chios"] = {"al": 2, "ml": 8, "mult": 3}
    g = position(regions=regions, state={"revolts": ["Erythrae"]}, dice=[4], start="revolts")
    g.act("sparta", "Teos")
    assert "Teos" not in g.state["revolts"]


def test_6_3_allegiance_modifiers_by_level():
    g = position()
    s = g.state
    got = {}
    for al in (3, 1, 0, -1, -2):
        s["regions"]["chios"]["al"] = al
        got[al] = sum(v for v, _ in RV.modifiers(s, "chios", "Teos"))
    assert got == {3: 0, 1: 1, 0: 1, -1: 2, -2: 3}


def test_6_5_1_below_militance_5_a_revolting_city_is_friendly_to_no_one():
    g = position(regions={"chios": {"al": 2, "ml": 4}})
    s = g.state
    RV.revolt(s, "Teos")
    assert "Teos" in s["revolts"] and B.city_owner(s, "Teos") is None


def test_6_4_a_capital_is_never_tested_and_6_1_nor_a_region_all_in_revolt():
    g = position(regions={"attica": {"al": 2}, "chios": {"al": 2}},
                 state={"revolts": ["Chios", "Clazomenae", "Erythrae", "Teos"]})
    s = g.state
    assert RV.candidates(s, "attica") == ["Piraeus"]
    assert RV.candidates(s, "chios") == []


def test_6_5_5_a_revolting_city_walls_itself_a_season_sooner():
    g = position(state={"revolts": ["Potidaea"]})
    s = g.state
    assert BU.wall_time(s, "Potidaea") == 0  # medium: at once instead of a season
    assert BU.wall_time(s, "Olynthus") == 0  # small, not in revolt: at once (7.7)
    assert BU.wall_time(s, "Chios") == 1  # medium, loyal: one season (7.7)


# ------------------------------------------------------------------ 5.3.3, 5.3.5
def test_5_3_3_a_spartan_region_below_militance_5_is_cut_to_x1():
    g = position(regions={"megarid": {"ml": 4, "mult": 3}, "elis": {"ml": 5, "mult": 3}})
    s = g.state
    assert AS.cap_low_militance(s) == ["megarid: ML below 5, tribute cut to x1 (5.3.3)"]
    assert (s["regions"]["megarid"]["mult"], s["regions"]["elis"]["mult"]) == (1, 3)
    assert AS.ceiling(s, "megarid") == 1


def test_5_3_5_a_lowered_assessment_eases_next_years_revolt_checks():
    g = position(regions={"chios": {"al": 2, "mult": 2}})
    s = g.state
    before = sum(v for v, _ in RV.modifiers(s, "chios", "Teos"))
    AS.lower_one(s, "athens", "chios")  # x2 to x1: at its BTV, and lowered
    after = sum(v for v, _ in RV.modifiers(s, "chios", "Teos"))
    assert (before, after) == (1, -1)  # AL 2 adds nothing (6.3); above BTV +1, then lowered -1


def test_6_2_a_failed_voluntary_check_starts_no_new_revolt_and_risk_zones_get_none():
    """Euboea at AL 4, Chalcis in revolt: Athens rolls a 6 for it; Chalcis stays in revolt
    and no other Euboean city revolts. At AL 3 (the risk zone) Athens may not roll at all."""
    regions = _calm()
    g = position(regions=regions, state={"revolts": ["Chalcis"]}, dice=[6], start="revolts")
    s = g.state
    assert "Chalcis" in ids(g, "athens")
    g.act("athens", "Chalcis")
    assert [c for c in s["revolts"] if B.comps().region_of_city(c) == "euboea"] == ["Chalcis"]
    s["regions"]["euboea"]["al"] = 3
    assert "Chalcis" not in RV.voluntary(s)
