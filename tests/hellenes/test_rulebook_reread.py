"""The rulebook read a third time (session 14): rules a game meets often that no earlier
position test pinned down, each from a position with the dice fixed where dice matter.
Earlier audits' tests (test_rules_*.py, test_rulebook_*.py) are not repeated."""

from __future__ import annotations

from engine.rulesets.hellenes import board as B
from engine.rulesets.hellenes import movement
from engine.rulesets.hellenes.building import garrison_sites, placements
from engine.rulesets.hellenes.moves import pillage_targets

from .helpers import (
    POTIDEA_SIEGE,
    battle_args,
    fix_dice,
    ids,
    platea_besieged,
    position,
    prompt,
    winter_ids,
)


def _dests(g, bid, engage=True):
    return {r.dest for r in movement.routes(g.state, bid, engage=engage)}


def test_5_1_7_4_besieged_land_units_cannot_move():
    """5.1, 7.4: the Plataean hoplites shut in their besieged City have no move by land:
    Platea is not a Group Athens may activate, and the unit has no route at all."""
    g = platea_besieged("athens", "actions", actions=2)
    assert "move:PLA" not in ids(g, "athens")
    assert movement.routes(g.state, "A6", engage=True) == []


def test_5_4_friendly_besiegers_let_their_side_pass_through_the_province():
    """5.4, 1.4: only unbesieged enemy units stop a move. Thebans besieging Platea hold its
    Province, so a Theban unit from Thebes marches through Platea to Megara or Corinth
    without stopping (Athens, the other way round, is full of Athenians)."""
    g = platea_besieged("sparta", "actions", actions=2,
                        blocks={"S26": {"loc": "THE", "cv": 3}})
    assert {"MEG", "CRN"} <= _dests(g, "S26", engage=False)


def test_5_4_besiegers_stop_the_other_sides_march_in_the_province():
    """5.4: the Theban besiegers are unbesieged enemy units, so Athenian hoplites leaving
    Athens must stop in Platea (engaging them) and cannot march on through it to Phocis
    or Orchomenus; without engaging, Platea is closed to them."""
    g = platea_besieged("athens", "actions", actions=2, blocks={"A1": {"loc": "ATH", "cv": 4}})
    engaging = _dests(g, "A1", engage=True)
    assert "PLA" in engaging and not {"PHO", "ORC", "CRN"} & engaging
    assert "PLA" not in _dests(g, "A1", engage=False)


def test_4_2_no_building_in_a_besieged_inland_city():
    """4.2, 7.2: Platea is an Attic Home City but besieged: the Plataean hoplites inside
    cannot be reinforced and no Attic recruit may arrive there (Athens still may)."""
    g = platea_besieged("athens", "actions", actions=2,
                        blocks={"A4": {"loc": "pool"}})
    assert "reinforce:A6" not in ids(g, "athens")
    where = {p.split("@")[1] if "@" in p else p for p in placements(g.state, "A4")}
    assert "PLA" not in where and "ATH" in where


def test_4_22_no_recruit_in_a_home_city_the_enemy_holds():
    """4.22, 1.4: a recruit arrives only in a friendly Home City. Athenian hoplites hold
    Megara, so a Megarian unit drawn from the Spartan pool has nowhere to arrive."""
    g = position(scenario="431", season=1, stamp=5, start="actions", args={"side": "sparta"},
                 turn={"side": "sparta", "actions": 2},
                 blocks={"S23": {"loc": "pool"}, "S24": {"loc": "pool"},
                         "A1": {"loc": "MEG", "cv": 3}})
    assert B.city_control(g.state, B.comps().cities["Megara"]) == "athens"
    assert placements(g.state, "S24") == []


def test_2_3_one_garrison_per_city():
    """2.3, 4.23: a City holds one garrison at most. Spartans in Stagira may leave a
    detached garrison there once; with one already standing, Stagira is not offered."""
    g = position(scenario="431", season=1, stamp=5, start="actions", args={"side": "sparta"},
                 turn={"side": "sparta", "actions": 2}, blocks={"S1": {"loc": "STA", "cv": 2}})
    assert "Stagira" in garrison_sites(g.state, "sparta")
    g = position(scenario="431", season=1, stamp=5, start="actions", args={"side": "sparta"},
                 turn={"side": "sparta", "actions": 2}, blocks={"S1": {"loc": "STA", "cv": 2}},
                 garrisons={"Stagira": {"side": "sparta", "kind": "detached"},
                            "Potidea": {"side": "sparta", "kind": "detached"}})
    assert "Stagira" not in garrison_sites(g.state, "sparta")


def test_5_5_9_53_a_city_pillaged_last_year_may_be_pillaged_again():
    """5.5, 9.53: the once-a-Year limit on Pillage lapses when the Year turns (the
    Pillaged marker comes off at Year End): Platea, pillaged in 432, may be pillaged in
    431's Spring by its besiegers; pillaged in 431 it may not."""
    g = platea_besieged("sparta", "actions", actions=2, effects={"pillaged": {"Platea": 432}})
    assert "Platea" in pillage_targets(g.state, "sparta")
    assert "pillage:Platea" in ids(g, "sparta")
    g = platea_besieged("sparta", "actions", actions=2, effects={"pillaged": {"Platea": 431}})
    assert "pillage:Platea" not in ids(g, "sparta")


def _phocis(att_units, def_units, formations=None, **kw):
    """Sparta engages Athens in Phocis (no City) at stamp 1, from Locris unless told."""
    blocks = {b: {"loc": "PHO", "cv": cv} for b, cv in {**att_units, **def_units}.items()}
    blocks.update(kw.pop("blocks", {}))
    formations = formations or [{"area": "PHO", "via": "LOC", "units": sorted(att_units),
                                 "from_sea": False}]
    return position(scenario="431", season=1, blocks=blocks,
                    turn={"side": "sparta", "actions": 0}, start="battle",
                    args={"area": "PHO", "attacker": "sparta", "defender": "athens",
                          "formations": formations}, **kw)


def test_6_4_defenders_never_retreat_into_an_area_the_enemy_occupies():
    """6.4: a Retreat never ends among enemy units. Tegean hoplites stand in Aetolia, so
    Athenian hoplites engaged in Phocis from Locris may fall back to Platea only."""
    g = _phocis({"S1": 3}, {"A1": 3}, blocks={"S13": {"loc": "AET", "cv": 2}})
    fix_dice(g, [3, 4, 3])  # the Spartiates miss
    g.act("sparta", "fight")
    g.act("athens", "retreat")  # a single way out is taken at once
    assert g.prompt_for("athens") is None
    assert g.state["blocks"]["A1"]["loc"] == "PLA"


def test_6_34_panicked_units_with_no_way_out_are_eliminated():
    """6.34, 6.4: a side whose every unit is Routed must Retreat; units that cannot (here
    Spartan hoplites whose way back, Locris, is now Athenian) are eliminated, and the
    victor gains 2 Prestige (14.11)."""
    g = _phocis({"S5": 2}, {"A12": 1}, blocks={"A2": {"loc": "LOC", "cv": 2}})
    fix_dice(g, [6])  # the Athenian archers (A1, defending) roll a 6: a Rout
    g.act("athens", "fight")
    s = g.state
    assert s["blocks"]["S5"]["loc"] == "pool" and s["battle"] is None
    assert s["prestige"] == 2


def test_6_2_the_retreat_option_comes_only_at_a_sides_first_attack_of_the_round():
    """6.2, 6.4: each side may break off once a Combat Round, when its first unit would
    attack. Order: Athenian archers, Spartan cavalry, Spartan hoplites, Athenian
    hoplites. Athens is asked at its archers, Sparta at its cavalry; the Spartan
    hoplites and the Athenian hoplites then fire with no question, and round 2 opens
    with Athens asked again."""
    g = _phocis({"S9": 2, "S1": 3}, {"A1": 3, "A12": 1})
    fix_dice(g, [3,  3, 4,  3, 4, 3,  3, 4, 3])  # every die misses
    assert prompt(g, "athens").kind == "retreat-or-fight"
    g.act("athens", "fight")
    assert prompt(g, "sparta").kind == "retreat-or-fight"
    g.act("sparta", "fight")
    p = prompt(g, "athens")
    assert p.kind == "retreat-or-fight"
    assert battle_args(g)["round"] == 2


def test_7_1_6_4_a_loyal_citys_defenders_who_fought_may_fall_back_inside_for_one():
    """7.1, 6.4, 14.11: defenders of their own CityState who chose to fight may still
    retreat into the City later; after a loss that is a Retreat (1 Prestige to the
    enemy), and the Siege begins. The Plataean hoplites (2 cv) fight a 1-cv Theban
    unit from Thebes, lose a step, and go inside."""
    g = position(scenario="431", season=1, blocks={"A6": {"loc": "PLA", "cv": 2},
                                                   "S25": {"loc": "PLA", "cv": 1}},
                 turn={"side": "sparta", "actions": 0}, start="battle",
                 args={"area": "PLA", "attacker": "sparta", "defender": "athens",
                       "formations": [{"area": "PLA", "via": "THE", "units": ["S25"],
                                       "from_sea": False}]})
    p = prompt(g, "athens")
    assert p.kind == "fortify"
    g.act("athens", "")  # none fortify: the Plataeans fight
    fix_dice(g, [3, 4,  1])  # the Plataeans (C2, defending) miss; the Thebans (C3) hit once
    g.act("athens", "fight")
    g.act("sparta", "fight")
    g.act("athens", "retreat")
    p = prompt(g, "athens")
    # not Thebes (whence the enemy came) nor Megara, Corinth, Orchomenus (enemy Cities)
    assert p.kind == "retreat" and sorted(o.id for o in p.options) == ["ATH", "PHO", "city"]
    g.act("athens", "city")
    s = g.state
    assert s["blocks"]["A6"] == {"side": "athens", "loc": "PLA", "cv": 1, "inside": True}
    assert s["prestige"] == -1 and s["battle"] is None
    assert "Platea" in s["sieges"]


def test_5_41_routed_defenders_recover_for_the_next_formations_battle():
    """5.41, 6.33: when one Formation loses, the next fights a new battle against the
    surviving defenders, and any defender Routed in the first battle fights again. The
    Athenian archers, Routed by the Perioeci from Locris, are back in the order against
    the Perioeci from Orchomenus."""
    g = _phocis({"S5": 1, "S6": 2}, {"A1": 4, "A12": 1}, formations=[
        {"area": "PHO", "via": via, "units": [unit], "from_sea": False}
        for via, unit in (("LOC", "S5"), ("ORC", "S6"))])
    g.act("sparta", "formation:0")
    # round 1: archers 3, hoplites 3 4 3 4 miss; S5 rolls 5, a Rout on the weakest
    # (the archers); round 2: the hoplites' 1 eliminates S5
    fix_dice(g, [3,  3, 4, 3, 4,  5,  1, 3, 3, 3])
    g.act("athens", "fight")
    g.act("sparta", "fight")
    assert battle_args(g)["routed"] == ["A12"]
    g.act("athens", "fight")
    assert g.state["blocks"]["S5"]["loc"] == "pool"
    args = battle_args(g)
    assert args["fi"] == 1 and args["routed"] == [] and args["order"] == ["A12", "A1", "S6"]


def test_8_3_besiegers_beaten_off_by_a_sortie_retreat_as_defenders_do():
    """8.3, 6.4: a Sortie makes the besieged the aggressors; the besiegers, as defenders,
    retreat by the usual rule: to an adjacent area they may enter that is not enemy held
    (Stagira or Torone), never into the City the sortie came from. Retiring before any
    loss costs nothing (14.11), and with no besieger left the siege is over."""
    g = position(scenario="431", season=1, turn={"side": "sparta", "actions": 0},
                 start="combat", args={"side": "sparta"},
                 blocks={"A5": {"loc": "pool"}, "A8": {"loc": "pool"}, "A17": {"loc": "pool"}})
    g.act("sparta", "sortie:Potidea")
    g.act("sparta", "S19|S40")
    assert battle_args(g)["order"] == ["S40", "A2", "S19"]
    fix_dice(g, [3, 4])  # the Peloponnesian volunteers (B1) miss
    g.act("sparta", "fight")
    g.act("athens", "retreat")
    p = prompt(g, "athens")
    assert p.kind == "retreat" and [o.id for o in p.options] == ["STA", "TOR"]
    g.act("athens", "STA")
    s = g.state
    assert s["blocks"]["A2"]["loc"] == "STA" and s["prestige"] == 0
    assert "Potidea" not in s["sieges"]


def _winter(side="athens", actions=1, **kw):
    return position(scenario="431", season=5, turn={"side": side, "actions": actions},
                    start="winter_actions", args={"side": side, "maintained": []}, **kw)


def test_9_211_9_212_quartering_one_area_homing_the_full_range_and_one_more():
    """9.211: a unit outside a controlled City may Quarter free in an adjacent controlled
    City, never an enemy one (Phocis: Platea, not Orchomenus); a unit already inside a
    controlled City (Thessaly's) has no Quartering move. 9.212: Homing uses the unit's
    whole range plus one free Forced March: hoplites (range 2) in Aetolia reach Athens
    three areas away, those in Thessaly reach Platea (three) but not Athens (four)."""
    g = _winter(blocks={"A1": {"loc": "PHO", "cv": 3}, "A2": {"loc": "AET", "cv": 3},
                        "A3": {"loc": "THS", "cv": 3}})
    found = winter_ids(g, "athens")
    assert [x for x in found if x.startswith("quarter:A1:")] == ["quarter:A1:PLA"]
    assert not [x for x in found if x.startswith("quarter:A3:")]
    assert "home:A2:ATH" in found
    assert "home:A3:PLA" in found and "home:A3:ATH" not in found


def test_9_213_9_24_units_over_a_citys_capacity_are_outside_and_the_owner_picks():
    """9.213, 9.22, 9.24: a City shelters twice its Value in units; the rest are outside
    for every purpose, so unmaintained they disband, the owner choosing which. Platea
    (Value 1) holds 2 of the 4 Athenian units there; with no Action to spare, Athens
    picks the 2 that go to the pool."""
    g = _winter(actions=0, blocks={"A1": {"loc": "PLA", "cv": 3}, "A2": {"loc": "PLA", "cv": 3},
                                   "A3": {"loc": "PLA", "cv": 3}, "A6": {"loc": "PLA", "cv": 2}})
    assert "quarter:A6:ATH" in winter_ids(g, "athens")  # any of them may still leave
    g.act("athens", "done")
    p = prompt(g, "athens")
    assert p.kind == "overcrowded" and p.lo == p.hi == 2
    g.act("athens", "A2|A3")
    s = g.state
    assert [s["blocks"][b]["loc"] for b in ("A1", "A2", "A3", "A6")] == [
        "PLA", "pool", "pool", "PLA"]


def test_9_4_winter_siege_combat_offers_the_assault_as_well():
    """9.4: in Winter Siege Combat the besieger of a siege from an earlier Season may
    Assault or Attrition (only Attrition's odds change, 1-3)."""
    g = position(scenario="431", season=5, stamp=5,
                 blocks={"A6": {"loc": "PLA", "cv": 2, "inside": True},
                         "S25": {"loc": "PLA", "cv": 3}},
                 turn={"side": "sparta", "actions": 0}, start="winter_combat",
                 args={"side": "sparta", "mode": "siege"},
                 garrisons={"Platea": {"side": "athens", "kind": "inherent"},
                            "Potidea": {"side": "sparta", "kind": "detached"}},
                 sieges={"Platea": {"besieger": "sparta", "since": 3, "blockade_since": None},
                         "Potidea": dict(POTIDEA_SIEGE)})
    assert ids(g, "sparta") == ["assault:Platea", "attrition:Platea", "done"]


def test_4_21_no_reinforcing_beyond_a_units_maximum():
    """4.21, 2.12: a unit builds up one step an Action only to the maximum its label
    shows: Plataean hoplites (maximum 2) at home at 2 cv cannot be reinforced; at 1 cv
    they can."""
    g = position(scenario="431", season=1, stamp=5, start="actions", args={"side": "athens"},
                 turn={"side": "athens", "actions": 2}, blocks={"A6": {"loc": "PLA", "cv": 2}})
    assert B.spec("A6").max_strength == 2 and "reinforce:A6" not in ids(g, "athens")
    g = position(scenario="431", season=1, stamp=5, start="actions", args={"side": "athens"},
                 turn={"side": "athens", "actions": 2}, blocks={"A6": {"loc": "PLA", "cv": 1}})
    assert "reinforce:A6" in ids(g, "athens")


def test_6_6_a_fleet_ashore_against_a_landing_may_fall_back_only_into_its_port():
    """6.4 (Fleets Trapped on Land), 6.6: a fleet on land that a Sea Landing engages may
    retreat only into a Port of its own Province. Spartans land at Naupactus from the
    Gulf of Corinth: on Athens' Retreat its fleet goes into the Port (its one way out; not
    to the Gulf of Patrae) while its hoplites may take the land ways too; with Spartans
    left in the Province, the Port is besieged."""
    blocks = {"S5": {"loc": "NAU", "cv": 2}, "A18": {"loc": "NAU", "cv": 2},
              "A1": {"loc": "NAU", "cv": 2}, "A36": {"loc": "pool"}}
    g = position(scenario="431", season=1, blocks=blocks,
                 turn={"side": "sparta", "actions": 0}, start="battle",
                 args={"area": "NAU", "attacker": "sparta", "defender": "athens",
                       "formations": [{"area": "NAU", "via": "S_GCO", "units": ["S5"],
                                       "from_sea": True}]})
    g.act("athens", "")  # nobody fortifies: all fight
    g.act("athens", "retreat")  # the fleet's one way, the Port, is taken at once
    asked = prompt(g, "athens")
    assert (asked.kind, sorted(o.id for o in asked.options)) == ("retreat", ["AET", "STR", "city"])
    assert B.spec(asked.options[0].data["unit"]).type == "hoplite"
    g.act("athens", "AET")
    s = g.state
    assert s["blocks"]["A18"] == {"side": "athens", "loc": "NAU", "cv": 2, "inside": True}
    assert s["blocks"]["A1"]["loc"] == "AET" and "Naupactus" in s["sieges"]


def test_6_41_in_a_panic_the_victors_cavalry_harries_as_well():
    """6.34, 6.41: a Panic brings both Pursuit and Harrying. Laconian cavalry Routs the
    lone Athenian archers (A1 agility: no Spartan is quicker, so no Pursuit), then harries
    them as they go: one Hit destroys them. A Panic is worth 2 to Sparta."""
    g = _phocis({"S9": 2, "S5": 2}, {"A12": 1})
    assert battle_args(g)["order"] == ["A12", "S9", "S5"]
    fix_dice(g, [3,  6, 3,  1, 3])  # archers miss; cavalry 6 (Rout), 3; Harrying 1, 3
    g.act("athens", "fight")
    g.act("sparta", "fight")
    s = g.state
    assert s["blocks"]["A12"]["loc"] == "pool" and s["battle"] is None
    assert s["prestige"] == -2


def test_5_3_elite_units_force_march_on_three_or_more():
    """5.3: an elite unit's Forced March succeeds on 3-6 (a regular one's on 5-6 only):
    the Spartiates, force-marching from Phocis by Thebes into Attica, roll a 3 and may
    take the extra area."""
    g = position(scenario="431", season=1, stamp=5, start="actions", args={"side": "sparta"},
                 turn={"side": "sparta", "actions": 2}, blocks={"S1": {"loc": "PHO", "cv": 3}})
    assert B.spec("S1").elite
    g.act("sparta", "move:PHO")
    g.act("sparta", "S1")
    g.act("sparta", "forced:ATH")
    assert g.state["turn"]["forced"] == [{"units": ["S1"], "dest": "ATH", "via": "THE",
                                          "cargo": {}}]
    fix_dice(g, [3])
    g.act("sparta", "done")
    assert prompt(g, "sparta").kind == "forced"
    g.act("sparta", "S1")
    assert g.state["blocks"]["S1"]["loc"] == "ATH"


def test_15_2_gela_is_closed_until_a_gelan_unit_leaves_it():
    """15.2 (and 15.3, 15.4): Gela is neutral, so even the Syracusans beside it cannot
    enter, until one of its own units leaves the City; from then on it is open."""
    from engine.rulesets.hellenes import movement

    g = position(scenario="sicily", year=415, season=1, stamp=1, start="actions",
                 args={"side": "sparta"}, turn={"side": "sparta", "actions": 2})
    assert B.neutral(g.state, "GEL")
    assert "GEL" not in {r.dest for r in movement.routes(g.state, "S47", engage=True)}
    g.act("sparta", "move:GEL")  # Sicily: an Action costs two (15.2 rule 2)
    g.act("sparta", "S54")
    g.act("sparta", "SYR")
    s = g.state
    assert s["blocks"]["S54"]["loc"] == "SYR" and not B.neutral(s, "GEL")
    assert "GEL" in {r.dest for r in movement.routes(s, "S47", engage=True)}


def _sortie_menu(generation=None):
    """Sparta's Siege Combat in Spring 431, besieged in Potidea, under Athens' Augury."""
    kw = {"seed": "test"} if generation is None else {"seed": "test", "generation": generation}
    from .helpers import RULES

    g = RULES.from_position({"scenario": "431", "season": 1, "start": "combat",
                             "args": {"side": "sparta"}, "turn": {"side": "sparta", "actions": 0},
                             "effects": {"augury": ["sparta"]}}, **kw)
    p = g.prompt_for("sparta")  # a menu with nothing to do but "done" is not asked
    return [o.id for o in p.options] if p is not None and p.kind != "card" else []


def test_augury_bars_a_sortie_from_generation_2():
    """Augury (Events sidebar of 3.1), 8.3, 7.4: the side the card is played against may
    not Engage or Assault that Season, only Attrition. A Sortie is the besieged engaging
    their besiegers, so it is barred too: the Spartans in Potidea are offered no Sortie.
    Games created before generation 2 kept the Sortie (their logs replay unchanged)."""
    assert _sortie_menu() == []
    assert _sortie_menu(generation=1) == ["sortie:Potidea", "done"]


def test_6_4_no_retreat_into_a_province_where_the_enemy_is_besieged():
    """6.4, 1.4, 7.2 (ruling): a Retreat never ends in an area the enemy occupies, and in a
    siege both sides occupy the CityState. Perioeci engaged in Phocis from Locris may fall
    back to Aetolia or Orchomenus, not to Platea, though Theban besiegers hold its
    Province, for the Plataeans are inside."""
    blocks = {"A6": {"loc": "PLA", "cv": 2, "inside": True}, "S25": {"loc": "PLA", "cv": 3},
              "S5": {"loc": "PHO", "cv": 2}, "A1": {"loc": "PHO", "cv": 3}}
    g = position(scenario="431", season=1, stamp=5, blocks=blocks,
                 turn={"side": "athens", "actions": 0}, start="battle",
                 args={"area": "PHO", "attacker": "athens", "defender": "sparta",
                       "formations": [{"area": "PHO", "via": "LOC", "units": ["A1"],
                                       "from_sea": False}]},
                 garrisons={"Platea": {"side": "athens", "kind": "inherent"},
                            "Potidea": {"side": "sparta", "kind": "detached"}},
                 sieges={"Platea": {"besieger": "sparta", "since": 4, "blockade_since": None},
                         "Potidea": dict(POTIDEA_SIEGE)})
    assert B.area_control(g.state, "PLA") == "sparta"
    g.act("sparta", "retreat")
    p = prompt(g, "sparta")
    assert p.kind == "retreat" and [o.id for o in p.options] == ["AET", "ORC"]


def test_9_21_no_wintering_through_a_blockaded_offshore_sea_into_a_non_home_port():
    """9.21 (and its Homing notes): a Wintering move may not challenge enemy fleets that
    blockade a Port which is not the unit's Home City, but a fleet may still land in an
    unbesieged Port from another of its seas. With a Spartan fleet in the Hellespont
    (Abydos' Offshore Sea), the Athenian fleet there cannot Quarter in Abydos (it may in
    Sestos), while the fleet in the Aeolian Sea can."""
    g = _winter(blocks={"A20": {"loc": "S_HEL", "cv": 2}, "A19": {"loc": "S_AEO", "cv": 2},
                        "S22": {"loc": "S_HEL", "cv": 2}})
    found = winter_ids(g, "athens")
    assert "quarter:A20:ABY" not in found and "quarter:A20:SES" in found
    assert "quarter:A19:ABY" in found
