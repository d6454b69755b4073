"""The rules read a third time against the design brief (REPORT-ppwaudit15.md): the
retreat of beaten land defenders, reprisals after a rebellion, and rules with thin
tests. Each test builds its position from the 431 set-up with fixed dice; our rule
numbers (5.5, 6.4 ...) are given, with the brief's (D5.5, D6.4 ...) beside."""

from __future__ import annotations

from engine.rulesets.ppw.operation import land_battle, transit
from engine.rulesets.ppw.siege import fall
from engine.rulesets.ppw.state import PpwState, add_sps

from .conftest import clear, dice, fresh


def _beaten_in_the_field(s: PpwState, attacker: str, leader: str, defender: str,
                         space: str) -> None:
    """`attacker`'s 9 hoplites under `leader` (skill 2 or 3) beat `defender`'s 4 in the
    open at `space`: a 6 against a 1, a margin of 7 or more, and the leader rolls 12."""
    add_sps(s, transit(attacker), attacker, 9, 0, 0)
    s["leaders"][leader], s["leader_at"][leader] = "busy", transit(attacker)
    add_sps(s, space, defender, 4, 0, 0)
    assert land_battle(s, dice(6, 1, 6, 6), attacker, leader, space)
    assert defender not in s["forces"].get(space, {})


# --- 5.5 (D5.5): how far beaten land defenders fall back (R26)


def test_beaten_defenders_fall_back_however_far_the_friendly_space_rule_5_5():
    """Rule 5.5 (R26): defenders beaten in the open go to the nearest friendly space a
    land march could reach, with no limit on the distance (the brief sets none, and a
    march has unlimited range, D4.1); only a force with no such space surrenders.
    Athenians beaten at Cape Taenarum, deep in Laconia, reach Eleusis by land (twelve
    paths, as a march would go) with the 2 SPs left: no surrender, no hostage."""
    s = fresh()
    _beaten_in_the_field(s, "sparta", "archidamus", "athens", "TAE")
    assert s["forces"]["ELE"]["athens"] == [2, 0, 0]
    assert s["majors"]["sparta"]["hostages"] == {}
    assert s["log"][-1]["kind"] == "fell_back"


def test_a_retreat_does_not_cross_a_closed_kingdom_rule_5_5():
    """Rules 5.5, 4.5 (R26): the path back must be one a march may take. Spartans beaten
    at Dascylium (Persian land) could reach rebel Olynthus only through Odrysia, closed
    to every side not the Odrysians' own: they surrender and Athens takes a hostage.
    With the Odrysians on Sparta's side the same defeat sends them into Odrysia."""
    s = fresh()
    _beaten_in_the_field(s, "athens", "phormio", "sparta", "DAS")
    assert s["majors"]["athens"]["hostages"] == {"sparta": 1}
    assert all("sparta" not in s["forces"].get(sp, {}) for sp in ("ODR", "OLY"))
    s = fresh()
    s["stances"]["odrysians"] = {"patron": "sparta", "status": "ally"}
    _beaten_in_the_field(s, "athens", "phormio", "sparta", "DAS")
    assert s["forces"]["ODR"]["sparta"] == [2, 0, 0]
    assert s["majors"]["athens"]["hostages"] == {}


# --- 6.4 (D6.4): who pays for a rebellion put down (R27)


def test_a_junior_partner_puts_down_a_rebellion_and_the_patron_resents_it_rule_6_4():
    """Rule 6.4 (R27): the reprisals after a rebellion raise the resentment of the
    tributary's patron, whose resentment its cities roll against, whoever on the
    patron's side retook the home. Corinth, surrendered to Athens, takes rebel Potidaea
    back: the rebellion of Chalcidice ends and Athens' resentment rises to 1, not
    Corinth's."""
    s = fresh()
    s["majors"]["corinth"]["surrendered_to"] = "athens"
    clear(s, "POT")
    add_sps(s, "POT", "corinth", 4, 0, 0)
    fall(s, dice(6, 6), "corinth", "POT")  # Aristeus inside rolls 12 and escapes
    assert "POT" not in s["rebel"] and "OLY" not in s["rebel"]
    assert s["majors"]["athens"]["resentment"] == 1
    assert s["majors"]["corinth"]["resentment"] == 0


def test_retaking_an_outlying_rebel_fortress_is_not_yet_a_suppression_rule_6_4():
    """Rule 6.4 (R27): the rebellion ends, and resentment rises, only when the rebel
    tributary's home is retaken. Athens takes back Olynthus while Potidaea still holds
    out: Olynthus reverts to Athens' tributary, Potidaea stays in rebellion and Athens'
    resentment does not move; retaking Potidaea then ends it with the one rise."""
    s = fresh()
    clear(s, "OLY")
    add_sps(s, "OLY", "athens", 4, 0, 0)
    fall(s, dice(), "athens", "OLY")
    assert "OLY" not in s["rebel"] and "POT" in s["rebel"]
    assert s["majors"]["athens"]["resentment"] == 0
    assert "OLY" not in s["garrisons"]
    clear(s, "POT")
    add_sps(s, "POT", "athens", 4, 0, 0)
    fall(s, dice(6, 6), "athens", "POT")
    assert s["rebel"] == []
    assert s["majors"]["athens"]["resentment"] == 1
