"""The economic phase (rules 7.1-7.4) and the goals and score (rules 9.4, 9.5)."""

from __future__ import annotations

from engine.rulesets.ppw import economic
from engine.rulesets.ppw.board import board
from engine.rulesets.ppw.rules import outcome
from engine.rulesets.ppw.state import add_sps
from engine.rulesets.ppw.victory import (
    corinth_goal,
    mark_start,
    score,
    sparta_goal,
    thebes_goal,
)

from .conftest import fresh


def test_revenue_431():
    """Rule 7.1 (R2): Athens 500 for Attica + 8 tributaries at 100 + 50 for the Cyclades,
    where neutral Melos is not friendly, + nothing from rebel Chalcidice + both trade
    routes; Sparta 500 + Messenia 300; Thebes 250 while Athens holds Plataea."""
    s = fresh()
    assert economic.revenue(s, "athens") == {"home": 500, "tribute": 850, "trade_0": 300,
                                             "trade_1": 200}
    assert economic.revenue(s, "sparta") == {"home": 500, "messenia": 300, "tribute": 0}
    assert economic.revenue(s, "thebes") == {"home": 250, "tribute": 0}
    assert economic.revenue(s, "corinth") == {"home": 500, "tribute": 0, "trade_0": 300,
                                              "trade_1": 200}


def test_ravaging_and_enemy_fleets_cut_revenue():
    s = fresh()
    s["ravaged"].append("PIR")
    add_sps(s, "NAU", "athens", 0, 0, 1)
    assert economic.revenue(s, "athens")["home"] == 250
    assert "trade_0" not in economic.revenue(s, "corinth")  # the Gulf trade is cut


def test_tribute_rate_and_resentment():
    """Rule 7.2: 100 lowers resentment by 1, 200 raises it 1, 300 by 2; within 0-10."""
    s = fresh()
    economic.set_rate(s, "athens", 100)
    assert s["majors"]["athens"]["resentment"] == 0
    economic.set_rate(s, "athens", 300)
    economic.set_rate(s, "athens", 300)
    assert s["majors"]["athens"]["resentment"] == 4
    assert economic.revenue(s, "athens")["tribute"] == 8 * 300 + 150


def test_building():
    """Rule 7.3: costs, limits per turn, the counter mix, ships only with a port."""
    s = fresh()
    opts = {o.id for o in economic.build_options(s, "sparta")}
    assert opts == {"hoplite1", "cavalry1", "naval1", "naval2", "naval3"}
    assert len([o for o in economic.build_options(s, "athens") if o.id.startswith("naval")]) == 4
    assert [o.id for o in economic.build_options(s, "athens")
            if o.id.startswith("hoplite")] == ["hoplite1", "hoplite2"]
    economic.build(s, "sparta", ["hoplite1", "naval1", "naval2", "naval3"])
    assert s["majors"]["sparta"]["treasury"] == 500 - 200 - 150 - 150 + 0
    assert s["forces"]["SPA"]["sparta"] == [8, 1, 0]
    assert s["forces"]["GYT"]["sparta"] == [0, 0, 3]  # the third ship was not affordable
    s["garrisons"]["SIP"] = "athens"
    assert not any(o.id.startswith("naval") for o in economic.build_options(s, "thebes"))


def test_counter_mix_caps_building():
    s = fresh()
    add_sps(s, "PIR", "athens", 0, 0, 8)  # 20 ships: the whole Athenian mix
    assert not any(o.id.startswith("naval") for o in economic.build_options(s, "athens"))


def test_clean_up_moves_the_turn_on():
    s = fresh()
    s["ravaged"].append("ACH")
    s["tally"]["athens"]["battles_won"] = 2
    economic.clean_up(s)
    assert s["turn"] == 2 and s["ravaged"] == [] and s["tally"]["athens"]["battles_won"] == 0


def test_thebes_goal():
    """Rule 9.4: all Boeotia and four fortresses of Attica, Locris, Phocis, Thessaly."""
    s = fresh()
    assert not thebes_goal(s)
    for sp in ("PLA", "OEN", "ATL", "ELA", "HER"):
        s["garrisons"][sp] = "thebes"
    assert thebes_goal(s)
    s["occupier"]["DEL"] = "athens"
    add_sps(s, "DEL", "athens", 1, 0, 0)  # an occupier holds a space while there (1.5)
    assert not thebes_goal(s)


def test_sparta_goal_by_freeing_the_greeks():
    s = fresh()
    for cs in ("euboea", "aegina", "cyclades", "thrace", "hellespont"):
        s["stances"][cs] = {"patron": "sparta", "status": "tributary"}
    assert not sparta_goal(s)  # five freed with Chalcidice, and no foothold in Attica
    s["garrisons"]["OEN"] = "sparta"
    assert sparta_goal(s)


def test_corinth_goal():
    s = fresh()
    s["majors"]["corinth"]["treasury"] = 5000
    assert not corinth_goal(s)
    s["stances"]["corcyra"] = {"patron": "corinth", "status": "ally"}
    assert corinth_goal(s)


def test_score_and_places_for_two_players():
    """Rule 9.5: points less the major's par; rule 9.2: the Spartan player holding three
    majors counts the mean of their scores."""
    s = fresh("archidamian", 2)
    mark_start(s)
    par = {m: v.par_for(2) for m, v in board().setups["archidamian"].majors.items()}
    assert par["corinth"] > par["athens"] > 0  # Corinth has no empire to lose (DESIGN.md)
    assert score(s, "athens") == 10 + 6 - par["athens"]
    assert score(s, "sparta") == 10 + 0 - par["sparta"]
    s["phase"] = "over"
    mean = sum(score(s, m) for m in ("sparta", "corinth", "thebes")) / 3
    out = outcome(s)
    assert (out.places[0] == ("athens",)) == (score(s, "athens") > mean)
    # hostages held count twice (rule 9.5): enough of them lift the mean above Athens
    gap = score(s, "athens") - mean
    s["majors"]["thebes"]["hostages"]["athens"] = int(3 * gap / 2) + 2
    out = outcome(s)
    assert out.places == (("sparta", "corinth", "thebes"), ("athens",)) and out.rule == "9.5"


def test_athens_goal_by_the_peloponnesian_forts():
    """Rule 9.4: two Athenian garrisons in the Peloponnese outside Argolis and Achaea,
    Messenia in rebellion, ten tributaries obeying; or Sparta's surrender."""
    from engine.rulesets.ppw.victory import athens_goal

    s = fresh()
    s["garrisons"].update(PYL="athens", MTN="athens")
    s["rebel"].append("ITH")
    assert not athens_goal(s)  # nine obedient tributaries: Chalcidice is in rebellion
    s["rebel"] = [sp for sp in s["rebel"] if sp not in ("POT", "OLY")]
    assert athens_goal(s)  # Chalcidice back in line: ten
    del s["garrisons"]["MTN"]
    assert not athens_goal(s)
    s2 = fresh()
    s2["majors"]["sparta"]["surrendered_to"] = "athens"
    assert athens_goal(s2)
