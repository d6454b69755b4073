"""The kingdoms' scenario rules (rules 1.7, 9.6)."""

from __future__ import annotations

from engine.rulesets.ppw import economic, kingdoms
from engine.rulesets.ppw.diplomacy import options, resolve
from engine.rulesets.ppw.state import add_sps

from .conftest import dice, fresh

PASS = {"athens": "pass", "sparta": "pass", "corinth": "pass", "thebes": "pass"}


def test_macedon_stays_on_a_high_die():
    s = fresh()
    kingdoms.macedon_turns(s, dice(3))
    assert s["stances"]["macedon"]["patron"] == "athens"


def test_macedon_goes_to_the_stronger_side():
    """Rule 9.6: on 1-2, to the side with more SPs in Chalcidice, Thrace and Macedon;
    in 431 the Corinthians at Potidaea and Macedon's own SPs (on Athens' side) weigh."""
    s = fresh()
    assert kingdoms.side_strength(s, "athens") == 3  # Macedon's own 1H 2C
    assert kingdoms.side_strength(s, "sparta") == 1  # Corinth's hoplite at Potidaea
    kingdoms.macedon_turns(s, dice(1))
    assert s["stances"]["macedon"]["patron"] == "athens"
    add_sps(s, "OLY", "sparta", 4, 0, 0)
    kingdoms.macedon_turns(s, dice(2))
    assert s["stances"]["macedon"] == {"patron": "sparta", "status": "ally"}


def test_a_tie_sends_macedon_away():
    s = fresh()
    s["forces"].pop("PLL")
    s["forces"].pop("POT")
    kingdoms.macedon_turns(s, dice(1))
    assert s["stances"]["macedon"]["patron"] == "sparta"


def test_persian_treaty_from_turn_seven():
    """Rule 9.6: from turn 7; d6 >= 3, Athens -2; the signer frees Ionia and Doris."""
    s = fresh()
    assert "treaty:persia" not in {o.id for o in options(s, "sparta")}
    s["turn"] = 7
    assert "treaty:persia" in {o.id for o in options(s, "athens")}
    resolve(s, dice(4), {**PASS, "athens": "treaty:persia"})  # 4 - 2 fails
    assert s["stances"]["persia"]["status"] == "neutral"
    resolve(s, dice(5), {**PASS, "athens": "treaty:persia"})
    assert s["stances"]["persia"] == {"patron": "athens", "status": "ally"}
    assert s["stances"]["ionia"] == {"patron": None, "status": "neutral"}
    assert s["stances"]["doris"] == {"patron": None, "status": "neutral"}
    assert s["stances"]["samos"]["patron"] == "athens"


def test_persian_gold():
    """Rule 9.6: 500 a turn, held back on a 1 before turn 9, 1000 from turn 9."""
    s = fresh()
    s["turn"] = 7
    s["stances"]["persia"] = {"patron": "sparta", "status": "ally"}
    assert kingdoms.subsidy(s, dice(1), "sparta") == 0
    assert kingdoms.subsidy(s, dice(2), "sparta") == 500
    assert kingdoms.subsidy(s, dice(), "athens") == 0
    s["turn"] = 9
    assert kingdoms.subsidy(s, dice(), "sparta") == 1000
    before = s["majors"]["sparta"]["treasury"]
    economic.collect(s, dice())
    assert s["majors"]["sparta"]["treasury"] == before + 500 + 300 + 1000


def test_alcibiades_persuades():
    """Rule 8.3: Alcibiades in Athens' pool adds 1 to its approaches."""
    from engine.rulesets.ppw.diplomacy import approach_modifiers

    s = fresh()
    assert "leader" not in approach_modifiers(s, "athens", "argos", 0)
    s["leaders"]["alcibiades"] = "pool"
    assert approach_modifiers(s, "athens", "argos", 0)["leader"] == 1
    assert "leader" not in approach_modifiers(s, "sparta", "argos", 0)
