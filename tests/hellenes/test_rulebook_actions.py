"""The rulebook read again, sections 1.4 and 4-5 (Control, Building, Pillaging): positions
with what the rules say must follow. Earlier audits' tests (reinforcing at home, the
Recruit draw, a detached garrison holding Stagira, the Pillage of Athens) are not
repeated here."""

from __future__ import annotations

from engine.rulesets.hellenes import board as B
from engine.rulesets.hellenes.building import garrison_sites, placements
from engine.rulesets.hellenes.moves import pillage_targets

from .helpers import POTIDEA_SIEGE, ids, platea_besieged, position, prompt


def _actions(side: str, actions: int = 2, **kw):
    return position(scenario="431", season=1, stamp=5, start="actions", args={"side": side},
                    turn={"side": side, "actions": actions}, **kw)


def _platea_besieged(side: str = "sparta", **extra):
    """Thebans (S25, 3 cv) besiege the Plataean hoplites (A6) since a prior Season."""
    return platea_besieged(side, "actions", actions=2, blocks=extra)


def test_1_4_a_captured_city_left_vacant_reverts_and_an_empty_province_is_nobodys():
    """1.4: sole occupation controls an area; a vacant CityState belongs to the side it is
    loyal to (Stagira, an Athenian subject, goes back to Athens when the Spartans leave);
    a vacant Province without a City (Phocis) is uncontrolled."""
    g = position(scenario="431", season=1, blocks={"S1": {"loc": "STA", "cv": 2}})
    s = g.state
    stagira = B.comps().cities["Stagira"]
    assert B.city_control(s, stagira) == "sparta" and B.area_control(s, "STA") == "sparta"
    s["blocks"]["S1"]["loc"] = "pool"
    assert B.city_control(s, stagira) == "athens" and B.area_control(s, "STA") == "athens"
    assert B.area_control(s, "PHO") is None


def test_1_4_in_a_siege_the_defender_holds_the_city_the_besieger_the_province():
    """1.4, 7.2: Platea besieged by Thebes: the City is Athens', the Province Sparta's."""
    s = _platea_besieged().state
    assert B.city_control(s, B.comps().cities["Platea"]) == "athens"
    assert B.area_control(s, "PLA") == "sparta"


def test_4_2_no_building_in_a_besieged_and_blockaded_port():
    """4.2, 8.21: Corinth besieged by Athenian hoplites, its offshore Gulf empty (Athens
    blockades every unoccupied offshore sea): the Corinthian hoplites inside cannot be
    reinforced and no Corinthian recruit may arrive there."""
    g = _actions("sparta", blocks={"S18": {"loc": "CRN", "cv": 2, "inside": True},
                                   "S20": {"loc": "pool"}, "S21": {"loc": "pool"},
                                   "A1": {"loc": "CRN", "cv": 3}},
                 sieges={"Corinth": {"besieger": "athens", "since": 2, "blockade_since": None},
                         "Potidea": dict(POTIDEA_SIEGE)})
    assert "reinforce:S18" not in ids(g, "sparta")
    assert placements(g.state, "S22") == []  # a Corinthian fleet: Corinth is its only home
    # the Theban fleet still builds at home in Thebes: the siege binds Corinth only
    assert "reinforce:S30" in ids(g, "sparta")


def test_4_23_barbarians_cannot_leave_a_detached_garrison():
    """4.23: a garrison is built in an Opposing City held by friendly Greek units, not by
    Barbarians: Macedonian infantry in Stagira may not, Spartiates there may."""
    g = _actions("sparta", actions=1, blocks={"S34": {"loc": "STA", "cv": 4}})
    assert "Stagira" not in garrison_sites(g.state, "sparta")
    assert "garrison:Stagira" not in ids(g, "sparta")
    g2 = _actions("sparta", actions=1, blocks={"S34": {"loc": "STA", "cv": 4},
                                              "S3": {"loc": "STA", "cv": 1}})
    assert "garrison:Stagira" in ids(g2, "sparta")


def test_4_3_a_loyal_city_cannot_be_pillaged():
    """4.3, 5.5: Athens besieges Potidea, but Potidea is loyal to Athens (held by Sparta):
    there is nothing for Athens to Pillage."""
    g = _actions("athens")
    assert "Potidea" in g.state["sieges"]
    assert not [o for o in ids(g, "athens") if o.startswith("pillage:")]


def test_5_5_pillage_withdraws_away_from_enemy_units_for_one_prestige():
    """5.5, 14.12: Thebes pillages Platea: the besiegers withdraw to an adjacent area with
    no enemy units (not Athens, held by the Athenians, nor Orchomenus, where Athenian
    cavalry stands; a land unit not to sea), Sparta gains 1 Prestige, the siege ends, and
    no Spartan unit may enter Platea again this turn."""
    g = _platea_besieged(A13={"loc": "ORC", "cv": 2})
    g.act("sparta", "pillage:Platea")
    p = prompt(g, "sparta")
    assert p.kind == "pillage"
    assert sorted(o.id for o in p.options) == ["CRN", "MEG", "PHO", "THE"]
    g.act("sparta", "THE")
    s = g.state
    assert s["prestige"] == -1  # one toward Sparta (14.1: minus is Sparta's way)
    assert "Platea" not in s["sieges"] and "Platea" not in s["garrisons"]
    assert s["effects"]["pillaged"]["Platea"] == 431 and "PLA" in s["turn"]["no_entry"]


def test_5_5_pillage_needs_a_siege_from_a_prior_season_and_only_once_a_year():
    """5.5: no Pillage of a siege begun this Season; a CityState pillaged this Year cannot
    be pillaged again until the next."""
    g = _platea_besieged()
    s = g.state
    assert pillage_targets(s, "sparta") == ["Platea"]
    s["sieges"]["Platea"]["since"] = s["stamp"]
    assert pillage_targets(s, "sparta") == []
    s["sieges"]["Platea"]["since"] = 4
    s["effects"]["pillaged"]["Platea"] = s["year"]
    assert pillage_targets(s, "sparta") == []
    s["year"] += 1
    assert pillage_targets(s, "sparta") == ["Platea"]


def test_5_21_no_barbarian_aboard_and_a_cargo_as_strong_as_its_fleet_is_reduced():
    """2.26, 5.21: a fleet carries one Greek land unit weaker than itself; Barbarians are
    never carried. The Corinthian fleet (S20, 2 cv) sailing into the Gulf of Corinth is
    offered the Corinthian hoplites (S19, 2 cv), not the Macedonian infantry beside them;
    taken aboard, the hoplites drop to 1 cv to stay weaker than the fleet."""
    g = _actions("sparta", blocks={"S18": {"loc": "pool"}, "S21": {"loc": "pool"},
                                   "S20": {"loc": "CRN", "cv": 2},
                                   "S19": {"loc": "CRN", "cv": 2},
                                   "S34": {"loc": "CRN", "cv": 2}})
    g.act("sparta", "move:CRN")
    g.act("sparta", "S20")
    g.act("sparta", "S_GCO")
    p = prompt(g, "sparta")
    assert p.kind == "cargo" and [o.id for o in p.options] == ["S19"]
    g.act("sparta", "S19")
    s = g.state
    assert s["blocks"]["S19"]["loc"] == "S_GCO" and s["blocks"]["S19"]["cv"] == 1
    assert s["blocks"]["S34"]["loc"] == "CRN"
