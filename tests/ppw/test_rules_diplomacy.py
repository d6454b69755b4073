"""Diplomacy (rules 2.1-2.6): sealed actions resolved together."""

from __future__ import annotations

from engine.rulesets.ppw.diplomacy import approach_modifiers, options, resolve
from engine.rulesets.ppw.state import add_sps

from .conftest import dice, fresh

PASS = {"athens": "pass", "sparta": "pass", "corinth": "pass", "thebes": "pass"}


def test_peace_needs_both():
    """Rules 2.4, 2.2 (R7): one offer lapses; two offers in one round make peace."""
    s = fresh()
    resolve(s, dice(), {**PASS, "athens": "peace:sparta"})
    assert s["relations"]["athens|sparta"] == "war"
    resolve(s, dice(), {**PASS, "athens": "peace:sparta", "sparta": "peace:athens"})
    assert s["relations"]["athens|sparta"] == "peace"
    assert s["treaty_turn"]["athens|sparta"] == 1
    # no war in the turn the treaty was signed (rule 2.3)
    assert "war:sparta" not in {o.id for o in options(s, "athens")}


def test_breaking_a_treaty_costs_bellicosity():
    """Rule 2.3: the breaker loses 2, its victim gains 1."""
    s = fresh()
    resolve(s, dice(), {**PASS, "athens": "peace:sparta", "sparta": "peace:athens"})
    s["turn"] = 2
    resolve(s, dice(), {**PASS, "sparta": "war:athens"})
    assert s["relations"]["athens|sparta"] == "war"
    assert s["majors"]["sparta"]["bellicosity"] == 8
    assert s["majors"]["athens"]["bellicosity"] == 11


def test_alliance_needs_peace_and_both():
    """Rule 2.5."""
    s = fresh()
    resolve(s, dice(), {**PASS, "athens": "ally:sparta", "sparta": "ally:athens"})
    assert s["relations"]["athens|sparta"] == "war"  # not at peace: nothing
    s["relations"]["athens|sparta"] = "peace"
    resolve(s, dice(), {**PASS, "athens": "ally:sparta", "sparta": "ally:athens"})
    assert s["relations"]["athens|sparta"] == "alliance"


def test_war_on_a_neutral_minor():
    """Rule 2.3: a neutral minor becomes the declarer's enemy."""
    s = fresh()
    resolve(s, dice(), {**PASS, "athens": "war:syracuse"})
    assert s["stances"]["syracuse"] == {"patron": "athens", "status": "enemy"}


def test_argos_opens_on_turn_four():
    """Rules 2.6, 9.1: no approach to Argos before turn 4; then +2."""
    s = fresh()
    assert not any(o.id.startswith("approach:argos") for o in options(s, "athens"))
    s["turn"] = 4
    assert "approach:argos:400" in {o.id for o in options(s, "athens")}
    assert approach_modifiers(s, "athens", "argos", 400) == {"talents": 2, "argos": 2}
    resolve(s, dice(2), {**PASS, "athens": "approach:argos:400"})  # 2 + 4 = 6
    assert s["stances"]["argos"] == {"patron": "athens", "status": "ally"}
    assert s["majors"]["athens"]["treasury"] == 5600


def test_failed_approach_still_costs_and_counts():
    """Rule 2.6: the talents are spent; a second try the same turn is 1 harder."""
    s = fresh()
    resolve(s, dice(1), {**PASS, "sparta": "approach:thessaly:200"})
    assert s["stances"]["thessaly"]["patron"] == "athens"
    assert s["majors"]["sparta"]["treasury"] == 300
    mods = approach_modifiers(s, "sparta", "thessaly", 200)
    assert mods["again"] == -1 and mods["talents"] == 1
    add_sps(s, "LAR", "athens", 1, 0, 0)
    add_sps(s, "PHA", "sparta", 2, 0, 0)
    mods = approach_modifiers(s, "sparta", "thessaly", 0)
    assert mods["rival_troops"] == -2 and mods["troops"] == 1


def test_an_ally_of_another_side_turns_neutral():
    """Rule 2.6: success against another side's ally makes it neutral (kin +1)."""
    s = fresh()
    resolve(s, dice(5), {**PASS, "sparta": "approach:corcyra:0"})  # 5 + kin 1
    assert s["stances"]["corcyra"] == {"patron": None, "status": "neutral"}


def test_a_rebel_tributary_changes_sides():
    """Rule 2.6: a tributary in rebellion against another side may become one's ally."""
    s = fresh()
    assert "approach:chalcidice:0" in {o.id for o in options(s, "corinth")}
    assert "approach:euboea:0" not in {o.id for o in options(s, "corinth")}
    assert "approach:phlius:0" not in {o.id for o in options(s, "corinth")}  # Sparta's ally
    resolve(s, dice(5), {**PASS, "corinth": "approach:chalcidice:0"})  # 5 + kin 1
    assert s["stances"]["chalcidice"] == {"patron": "corinth", "status": "ally"}
    assert "POT" not in s["rebel"] and "OLY" not in s["rebel"]
    assert s["tally"]["athens"]["tributaries_lost"] == 1


def test_wars_resolve_before_pacts():
    """Rule 2.2: declarations first, so a war declared and peace offered in one round
    leaves the war standing only if the other side did not also offer peace."""
    s = fresh()
    s["relations"]["corinth|thebes"] = "peace"
    resolve(s, dice(), {**PASS, "corinth": "war:thebes", "thebes": "ally:corinth"})
    assert s["relations"]["corinth|thebes"] == "war"


def test_a_payment_promised_with_peace_is_paid_only_if_peace_is_made():
    """Rule 2.8: the pact is made whatever either side promised; then each pays."""
    s = fresh()
    ids = {o.id for o in options(s, "athens")}
    assert {"peace:sparta:200", "peace:sparta:500", "peace:sparta:1000"} <= ids
    assert "peace:sparta:1000" not in {o.id for o in options(s, "sparta")}  # 500 talents
    a, sp = s["majors"]["athens"]["treasury"], s["majors"]["sparta"]["treasury"]
    resolve(s, dice(), {**PASS, "athens": "peace:sparta:1000"})  # one offer: nothing
    assert s["relations"]["athens|sparta"] == "war"
    assert s["majors"]["athens"]["treasury"] == a
    resolve(s, dice(), {**PASS, "athens": "peace:sparta:1000", "sparta": "peace:athens"})
    assert s["relations"]["athens|sparta"] == "peace"
    assert s["majors"]["athens"]["treasury"] == a - 1000
    assert s["majors"]["sparta"]["treasury"] == sp + 1000
    assert s["log"][-1]["kind"] == "payment"


def test_an_alliance_may_be_bought_both_ways():
    s = fresh()
    s["relations"]["athens|thebes"] = "peace"
    a, th = s["majors"]["athens"]["treasury"], s["majors"]["thebes"]["treasury"]
    resolve(s, dice(), {**PASS, "athens": "ally:thebes:500", "thebes": "ally:athens:200"})
    assert s["relations"]["athens|thebes"] == "alliance"
    assert s["majors"]["athens"]["treasury"] == a - 500 + 200
    assert s["majors"]["thebes"]["treasury"] == th + 500 - 200
