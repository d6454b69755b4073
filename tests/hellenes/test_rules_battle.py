"""Battles (6.0-6.6), Fortify (7.1), Formation non-coordination (5.41), Prestige (14.11),
with the rulebook's examples."""

from __future__ import annotations

from engine.rulesets.hellenes import board as B

from .helpers import battle_args, fix_dice, ids, position, prompt

# Phocis holds no City, so no defender can fortify there; Locris is next to it.
FIELD, FROM = "PHO", "LOC"


def _battle(att_units, def_units, attacker="sparta", area=FIELD, via=FROM, from_sea=False,
            prestige=0, **kw):
    blocks = {b: {"loc": area, "cv": cv} for b, cv in {**att_units, **def_units}.items()}
    return position(scenario="431", season=1, prestige=prestige, blocks=blocks,
                    turn={"side": attacker, "actions": 0}, start="battle",
                    args={"area": area, "attacker": attacker,
                          "defender": "athens" if attacker == "sparta" else "sparta",
                          "formations": [{"area": area, "via": via, "units": sorted(att_units),
                                          "from_sea": from_sea}]}, **kw)


def test_6_2_combat_round_example_agility_order_defenders_first():
    # Spartan cavalry (A1) and hoplites (B2) engage Athenian hoplites (C2) and archers (A1)
    g = _battle({"S9": 2, "S1": 3}, {"A1": 3, "A12": 2})
    args = battle_args(g)
    assert args["order"] == ["A12", "S9", "S1", "A1"]
    assert prompt(g, "athens").kind == "retreat-or-fight"  # Athens attacks first this round


def test_6_31_attack_example_hits_then_rout_and_6_34_panic_gains_two():
    # A 3-cv C2 hoplite rolls 1, 2, 5: two hits on the strongest, then a rout
    g = _battle({"S5": 3}, {"A2": 3, "A12": 1})
    # order: Athenian archers (A1), Athenian hoplites (C2, defending), Spartan hoplites (C2)
    fix_dice(g, [3, 3, 4, 4, 1, 2, 5])
    g.act("athens", "fight")  # the archers roll 3, the Athenian hoplites 3, 4, 4: misses
    g.act("sparta", "fight")  # the Spartan hoplites roll 1, 2, 5
    s = g.state
    assert s["blocks"]["A2"]["cv"] == 1  # two hits on the 3-cv hoplite
    # the rout fell on the weakest unrouted block: both are now 1 cv, Athens chooses
    assert prompt(g, "athens").kind == "battle-loss"


def test_6_4_a_retire_before_any_loss_costs_no_prestige():
    g = _battle({"S5": 2}, {"A12": 1}, prestige=0)
    fix_dice(g, [3])
    g.act("athens", "fight")  # the archers miss
    g.act("sparta", "retreat")  # Sparta retires before suffering any hit or rout
    s = g.state
    assert s["prestige"] == 0
    assert s["blocks"]["S5"]["loc"] == FROM  # 6.4: aggressors go back where they came from


def test_6_4_a_retreat_after_a_loss_cedes_one():
    g = _battle({"S5": 2}, {"A12": 2}, prestige=0)
    fix_dice(g, [1, 3])  # the archers hit once
    g.act("athens", "fight")
    g.act("sparta", "retreat")
    assert g.state["prestige"] == 1  # Athens +1 (14.11 Trophy)
    assert g.state["blocks"]["S5"] == {"side": "sparta", "loc": FROM, "cv": 1, "inside": False}


def test_6_31_the_rout_then_falls_where_the_owner_chooses():
    g = _battle({"S5": 3}, {"A2": 3, "A12": 1})
    fix_dice(g, [3, 3, 4, 4, 1, 2, 5])
    g.act("athens", "fight")
    g.act("sparta", "fight")
    g.act("athens", "A12")
    assert battle_args(g)["routed"] == ["A12"]


def test_6_34_panic_and_elimination_gain_two():
    g = _battle({"S5": 1}, {"A12": 1}, prestige=0)
    fix_dice(g, [6])  # the archers rout the lone hoplite: Sparta panics
    g.act("athens", "fight")
    s = g.state
    assert s["prestige"] == 2
    assert s["blocks"]["S5"]["loc"] == FROM


def test_6_41_cavalry_harries_a_retreat():
    g = _battle({"S5": 2}, {"A13": 2}, prestige=0)
    # the Athenian cavalry attacks (miss, miss); Sparta retreats; the cavalry harries: 1, 1
    fix_dice(g, [3, 4, 1, 1])
    g.act("athens", "fight")
    g.act("sparta", "retreat")
    assert g.state["blocks"]["S5"]["loc"] == "pool"  # two harrying hits destroy it
    assert g.state["prestige"] == 0  # a Retire, and Harrying has no Prestige effect (6.41)


def test_6_6_sea_landing_attackers_skip_the_first_round():
    g = _battle({"S5": 2}, {"A12": 1}, from_sea=True, via="S_GCO")
    assert battle_args(g)["skip"] == ["S5"]
    fix_dice(g, [4, 4])
    g.act("athens", "fight")  # archers miss; the landing Spartans do not attack in round 1
    # round 2 begins: Athens decides again before its archers attack
    assert battle_args(g)["round"] == 2
    assert prompt(g, "athens").kind == "retreat-or-fight"


def test_7_1_fortifying_all_establishes_a_siege_without_battle():
    blocks = {"A12": {"loc": "PLA", "cv": 1}, "A6": {"loc": "PLA", "cv": 2},
              "S5": {"loc": "PLA", "cv": 2}}
    g = position(scenario="431", season=1, blocks=blocks, turn={"side": "sparta", "actions": 0},
                 start="battle", args={"area": "PLA", "attacker": "sparta",
                                       "defender": "athens",
                                       "formations": [{"area": "PLA", "via": "THE",
                                                       "units": ["S5"], "from_sea": False}]})
    assert prompt(g, "athens").kind == "fortify"
    g.act("athens", "A12|A6")
    s = g.state
    assert s["sieges"]["Platea"]["besieger"] == "sparta"
    assert s["garrisons"]["Platea"] == {"side": "athens", "kind": "inherent"}
    assert s["prestige"] == 0 and s["battle"] is None
    assert B.area_control(s, "PLA") == "sparta"


def test_views_reveal_battle_blocks_to_both_sides():
    g = _battle({"S9": 2, "S1": 3}, {"A1": 3, "A12": 2})
    names = {b["id"] for b in g.view("athens")["battle"]["forces"]} if g.view("athens").get(
        "battle") else set()
    assert {"S9", "S1"} <= names
    assert "fight" in ids(g, "athens")


def _potidea(side="athens", event=False, treachery=None, **kw):
    g = position(scenario="431", season=1, turn={"side": side, "actions": 0, "event": event},
                 start="combat", args={"side": side}, **kw)
    if treachery:
        g.state["turn"]["treachery"] = treachery
        g._prompts = None
    return g


ONE_BESIEGER = {"A5": {"loc": "pool"}, "A8": {"loc": "pool"}, "A17": {"loc": "pool"},
                "S19": {"loc": "POT", "cv": 1, "inside": True}, "S40": {"loc": "pool"}}


def test_8_13_capitulation_costs_one_and_saves_the_assaulters():
    g = _potidea()
    g.act("athens", "assault:Potidea")
    assert prompt(g, "sparta").kind == "capitulate"
    g.act("sparta", "capitulate")
    s = g.state
    assert s["prestige"] == 1 and "Potidea" not in s["sieges"]
    assert s["blocks"]["S19"]["loc"] == "pool" and s["blocks"]["A2"]["cv"] == 3


def test_8_1_assault_double_defense_and_the_garrison_last():
    g = _potidea(blocks=ONE_BESIEGER)
    g.act("athens", "assault:Potidea")
    fix_dice(g, [4, 3, 1, 1, 3,   4, 1, 4, 4,   4, 1, 2, 4])
    g.act("sparta", "resist")  # defenders at A2 attack first: 4 and 3 miss
    g.act("athens", "fight")  # 1, 1: two hits make one step: the 1-cv unit falls
    s = g.state
    assert s["blocks"]["S19"]["loc"] == "pool" and "Potidea" in s["garrisons"]
    g.act("athens", "fight")  # round 2: one hit is half a step on the garrison, and lapses
    assert "Potidea" in s["garrisons"]
    g.act("athens", "fight")  # round 3: two hits take the garrison: the City falls
    assert "Potidea" not in s["garrisons"] and "Potidea" not in s["sieges"]
    assert s["prestige"] == 2  # 14.11: a City taken by Assault


def test_treachery_assault_must_retreat_after_one_round():
    g = _potidea(event=True, treachery="Potidea", blocks=ONE_BESIEGER)
    assert ids(g, "athens")[:1] == ["assault:Potidea"]
    g.act("athens", "assault:Potidea")
    fix_dice(g, [4, 3, 3, 3, 4])
    g.act("sparta", "resist")
    g.act("athens", "fight")  # no Double Defense, but 3, 3, 4 miss: the City stands
    s = g.state
    assert "Potidea" in s["sieges"] and s["blocks"]["A2"]["loc"] == "POT"
    assert s["prestige"] == 0  # a Retire before any loss


def test_8_3_sortiers_retreat_only_into_the_city():
    g = _potidea(side="sparta")
    assert "sortie:Potidea" in ids(g, "sparta")
    g.act("sparta", "sortie:Potidea")
    g.act("sparta", "S40")
    fix_dice(g, [3, 3])
    g.act("athens", "fight")  # the Athenian light infantry (B1, defending) misses
    g.act("sparta", "retreat")
    s = g.state
    assert s["blocks"]["S40"]["inside"] is True and "Potidea" in s["sieges"]


def test_6_5_fleets_fight_at_sea_with_sea_ratings_and_narrows_skip_round_one():
    # A Spartan fleet crosses the Narrows from the Sea of Marmara into the Hellespont
    g = _battle({"S20": 2}, {"A20": 2}, area="S_HEL", via="S_MAR", from_sea=True)
    args = battle_args(g)
    assert args["sea"] and args["skip"] == ["S20"]  # 6.5 Narrows
    assert args["order"] == ["A20", "S20"]  # E before F
    rec = g.state["battle"]
    assert {b["id"]: b["rating"] for b in rec["forces"]} == {"A20": "E2", "S20": "F2"}


def test_6_5_an_open_sea_border_is_fought_from_round_one():
    g = _battle({"S20": 2}, {"A20": 2}, area="S_SAR", via="S_AND", from_sea=True)
    assert battle_args(g)["skip"] == []


def test_6_4_a_sea_retreat_always_cedes_one():
    g = _battle({"S20": 2}, {"A20": 2}, area="S_SAR", via="S_AND", from_sea=True)
    fix_dice(g, [3, 4])  # the Athenian E2 fleet attacks first: no hit, no rout
    g.act("athens", "fight")
    g.act("sparta", "retreat")  # before any loss, but at sea a Retreat is never a Retire
    assert g.state["prestige"] == 1 and g.state["blocks"]["S20"]["loc"] == "S_AND"


def _two_formations():
    """Spartan hoplites from Locris (S5, 1 cv) and from Orchomenus (S6, 2 cv) engage 4-cv
    Athenian hoplites in Phocis: two Formations (5.0, 5.41)."""
    blocks = {"S5": {"loc": FIELD, "cv": 1}, "S6": {"loc": FIELD, "cv": 2},
              "A1": {"loc": FIELD, "cv": 4}}
    return position(scenario="431", season=1, blocks=blocks,
                    turn={"side": "sparta", "actions": 0}, start="battle",
                    args={"area": FIELD, "attacker": "sparta", "defender": "athens",
                          "formations": [
                              {"area": FIELD, "via": FROM, "units": ["S5"], "from_sea": False},
                              {"area": FIELD, "via": "ORC", "units": ["S6"],
                               "from_sea": False}]})


def test_5_41_a_second_formation_fights_after_the_first_loses():
    g = _two_formations()
    fix_dice(g, [1, 3, 3, 3])  # the 4-cv hoplites eliminate S5 (C2 vs C2: defender first)
    assert ids(g, "sparta") == ["formation:0", "formation:1"]  # 5.41: the owner picks
    g.act("sparta", "formation:0")
    g.act("athens", "fight")
    s = g.state
    assert s["blocks"]["S5"]["loc"] == "pool"
    args = battle_args(g)
    assert args["fi"] == 1 and args["round"] == 1  # 5.41: the next Formation, a new battle
    assert s["prestige"] == 2  # the first battle was an Athenian Triumph


def test_5_41_the_owner_selects_which_formation_fights_first():
    """5.41: "The owner selects which Formation fights the defenders first": the one that
    moved second may go first; the battle record shows only its units."""
    g = _two_formations()
    p = prompt(g, "sparta")
    assert p.kind == "formation-order" and "Orchomenus" in p.options[1].label
    g.act("sparta", "formation:1")
    s = g.state
    assert {b["id"] for b in s["battle"]["forces"]} == {"S6", "A1"}
    assert battle_args(g)["formations"][0]["units"] == ["S6"]


def test_6_34_pursuit_example_faster_units_that_have_not_attacked_chase():
    # The rulebook's example in small: Spartan A, B, B and C units against an Athenian
    # fleet ashore (a D rearguard). The first B attack routs it: Panic. The other B and
    # the C have not attacked yet and are quicker than the rearguard: they pursue, hits
    # only (the 6 is no rout).
    g = _battle({"S9": 2, "S1": 2, "S7": 2, "S5": 2}, {"A20": 3})
    fix_dice(g, [3, 4, 5, 3, 1, 6, 2, 4, 3, 4])  # the last two: the cavalry harries, misses
    g.act("sparta", "fight")  # S9 misses; S1 routs the fleet: Panic
    s = g.state
    steps = [st for rnd in s["battle"]["rounds"] for st in rnd["steps"]]
    names = {p["id"]: p["name"] for p in s["battle"]["forces"]}
    kinds = [st["kind"] for st in steps]
    assert kinds.index("panic") < kinds.index("pursuit")
    assert [names[st["unit"]] for st in steps if st["kind"] == "pursuit"] == [
        "Sciritae", "Perioeci Hoplites", "Laconian Cavalry"]  # the B, the C, then Harrying
    assert s["blocks"]["A20"]["cv"] == 1  # two pursuit hits
    events = g.act("athens", ids(g, "athens")[0])  # the panicked side retreats
    end = next(e.data["battle"] for e in events if e.kind == "battle_end")
    assert (end["winner"], end["outcome"], end["facts"]["prestige"]) == ("sparta", "panic", 2)
    assert s["prestige"] == -2 and "Sparta wins (panic)" in events[-1].text  # Triumph


def test_5_42_a_formation_arriving_this_turn_joins_the_besiegers_assault():
    g = _potidea(blocks={**ONE_BESIEGER, "A1": {"loc": "POT", "cv": 2}})
    g.state["turn"]["moved"] = ["A1"]  # it marched in this turn
    g.state["turn"]["arrived"] = [{"area": "POT", "units": ["A1"]}]
    g.act("athens", "assault:Potidea")
    assert ids(g, "athens") == ["none", "join:0"]
    g.act("athens", "join:0")
    g.act("sparta", "resist")
    rec = g.state["battle"]
    assert "A1" in {b["id"] for b in rec["forces"] if b["side"] == "athens"}


def test_5_42_only_one_moving_formation_joins_an_assault():
    """5.42: "one moving Formation can join besiegers" in an Assault: of two Formations
    that marched into the Province this turn, the player picks one; the other stays out."""
    g = _potidea(blocks={**ONE_BESIEGER, "A1": {"loc": "POT", "cv": 2},
                         "A3": {"loc": "POT", "cv": 2}})
    g.state["turn"]["moved"] = ["A1", "A3"]
    g.state["turn"]["arrived"] = [{"area": "POT", "units": ["A1"]},
                                  {"area": "POT", "units": ["A3"]}]
    g.act("athens", "assault:Potidea")
    p = prompt(g, "athens")
    assert p.kind == "assault-join" and [o.id for o in p.options] == ["none", "join:0",
                                                                      "join:1"]
    g.act("athens", "join:1")
    g.act("sparta", "resist")
    athenians = {b["id"] for b in g.state["battle"]["forces"] if b["side"] == "athens"}
    assert "A3" in athenians and "A1" not in athenians and "A2" in athenians


def test_6_4_a_beaten_fleet_retreats_only_where_it_could_move():
    """6.4: units retreat "only ... into areas into which they can move"; 5.1: a fleet on
    land goes to a sea of its coast or one Province along it. From Phocis that is the Gulf
    of Corinth or Plataea, never inland Aetolia or Orchomenus."""
    g = _battle({"S5": 1}, {"A14": 2})
    fix_dice(g, [6])  # the Spartan hoplites (C2) attack first: a rout, so Athens panics
    g.act("sparta", "fight")
    assert prompt(g, "athens").kind == "retreat"
    assert set(ids(g, "athens")) == {"PLA", "S_GCO"}


def test_5_22_a_fleet_retreating_across_a_deepsea_border_is_rolled_for():
    """5.22: a fleet Formation that "moves or Retreats" across a DeepSea border rolls for
    a Storm after the Retreats. Aegean Sea to Andros Sea is such a border."""
    g = _battle({"S12": 1}, {"A14": 2}, area="S_AEG", via="S_PAR", from_sea=True)
    fix_dice(g, [3, 5])  # Spring: Storm on 1-3; ship damage 5: High Seas, -1 cv
    g.act("athens", "retreat")  # the E2 fleet's first attack: Athens retreats
    events = g.act("athens", "S_AND")
    s = g.state
    assert s["blocks"]["A14"]["loc"] == "S_AND" and s["blocks"]["A14"]["cv"] == 1
    assert s["turn"]["crossings"] == []
    assert any("High Seas" in e.text for e in events)


def test_6_4_a_retreat_along_the_coast_rolls_no_storm():
    g = _battle({"S12": 1}, {"A14": 2}, area="S_AEG", via="S_PAR", from_sea=True)
    fix_dice(g, [1])  # would be a Storm, but no die is rolled
    g.act("athens", "retreat")
    g.act("athens", "ERE")  # Eretria's coast: no DeepSea border
    assert g.state["blocks"]["A14"] == {"side": "athens", "loc": "ERE", "cv": 2,
                                         "inside": False}


def test_8_12_besieged_fleets_retreat_from_an_assault_into_the_offshore_sea():
    """6.4/8.12: besieged fleets "can Retreat from a Port into its Offshore Sea" unless it is
    enemy-occupied; the garrison and land units cannot, and fight on."""
    g = _potidea(blocks={**ONE_BESIEGER, "S12": {"loc": "POT", "cv": 2, "inside": True}})
    g.act("athens", "assault:Potidea")
    g.act("sparta", "resist")
    p = prompt(g, "sparta")  # the defenders (A2) attack first: Sparta may retreat
    assert p.kind == "retreat-or-fight" and "Offshore Sea" in p.options[1].label
    fix_dice(g, [3, 4])  # the 1-cv hoplites and the garrison (A2) miss
    g.act("sparta", "retreat")
    s = g.state
    assert s["blocks"]["S12"] == {"side": "sparta", "loc": "S_THE", "cv": 2, "inside": False}
    assert ids(g, "sparta") == ["stay", "S_THE"]  # the land unit may go aboard, "if desired"
    g.act("sparta", "stay")
    assert s["blocks"]["S19"]["inside"] and any(f["name"] == "battle" for f in s["flow"])
    assert prompt(g, "athens").kind == "retreat-or-fight"  # the assault goes on


def test_8_12_a_besieged_fleet_carries_a_land_unit_out_to_sea():
    """8.12: each besieged fleet retreating into the Offshore Sea may transport a friendly
    land unit (5.21); it ends the turn at sea aboard (2.26), one step weaker than its
    fleet. The garrison fights on alone."""
    g = _potidea(blocks={**ONE_BESIEGER, "S12": {"loc": "POT", "cv": 2, "inside": True},
                         "S19": {"loc": "POT", "cv": 2, "inside": True}})
    g.act("athens", "assault:Potidea")
    g.act("sparta", "resist")
    fix_dice(g, [3])  # the garrison (A2) misses
    g.act("sparta", "retreat")
    g.act("sparta", "S_THE")
    s = g.state
    assert s["blocks"]["S19"]["loc"] == "S_THE" and s["blocks"]["S19"]["cv"] == 1
    still = [b["id"] for b in s["battle"]["forces"] if b["side"] == "sparta"
             and (b["id"] == "garrison" or s["blocks"][b["id"]]["loc"] == "POT")]
    assert still == ["garrison"]


def test_8_12_no_retreat_into_an_enemy_occupied_offshore_sea():
    g = _potidea(blocks={**ONE_BESIEGER, "S12": {"loc": "POT", "cv": 2, "inside": True},
                         "A17": {"loc": "S_THE", "cv": 2}})
    g.act("athens", "assault:Potidea")
    fix_dice(g, [3, 4, 3, 4])  # S12 (2 cv), S19 and the garrison, all at A2: misses
    g.act("sparta", "resist")  # the defenders attack without a Retreat question
    assert prompt(g, "athens").kind == "retreat-or-fight"


def test_6_4_land_units_retreat_to_sea_aboard_their_fleet():
    """6.4: "land units cannot retreat to sea without a carrying fleet": with one they
    may. An Athenian fleet and hoplites beaten in Phocis: the fleet goes to the Gulf of
    Corinth, and the hoplites may follow it aboard (5.21), one step weaker than it."""
    g = _battle({"S5": 1}, {"A14": 3, "A1": 3})
    g.act("athens", "retreat")  # the Athenian hoplites (C2, defending) would attack first
    assert "Triremes" in prompt(g, "athens").text  # the fleet first
    g.act("athens", "S_GCO")
    assert "S_GCO" in ids(g, "athens")  # now the hoplites may go aboard
    g.act("athens", "S_GCO")
    s = g.state
    assert s["blocks"]["A1"]["loc"] == "S_GCO" and s["blocks"]["A1"]["cv"] == 2


def test_6_5_land_units_aboard_neither_fight_nor_survive_their_fleet():
    """6.5: carried land units cannot attack or take hits at sea; sunk with their fleet,
    they are lost (5.21: a land unit at sea is aboard a fleet)."""
    g = _battle({"S20": 3, "S5": 2}, {"A20": 1}, area="S_SAR", via="S_AND", from_sea=True)
    s = g.state
    assert {b["id"] for b in s["battle"]["forces"]} == {"S20", "A20"}  # not the hoplites
    g2 = _battle({"S20": 3}, {"A20": 1, "A1": 1}, area="S_SAR", via="S_AND", from_sea=True)
    fix_dice(g2, [3, 1, 1, 1])  # the Athenian E2 fleet misses; the Spartan one sinks it
    g2.act("athens", "fight")
    g2.act("sparta", "fight")
    s2 = g2.state
    assert s2["blocks"]["A20"]["loc"] == "pool" and s2["blocks"]["A1"]["loc"] == "pool"


def test_6_4_units_unable_to_retreat_remain_in_the_battle():
    """6.4: aggressors retreat only back where they came from, never into enemy-occupied
    areas, and "Units unable to Retreat must remain in the Battle" (only a Panic
    eliminates them). Spartan hoplites that engaged Phocis from Locris, now held by
    Athenian hoplites, declare a Retreat: they cannot go, so they fight on."""
    blocks = {"S5": {"loc": FIELD, "cv": 2}, "A12": {"loc": FIELD, "cv": 1},
              "A2": {"loc": FROM, "cv": 2}}
    g = position(scenario="431", season=1, blocks=blocks, turn={"side": "sparta", "actions": 0},
                 start="battle", args={"area": FIELD, "attacker": "sparta", "defender": "athens",
                                       "formations": [{"area": FIELD, "via": FROM,
                                                       "units": ["S5"], "from_sea": False}]})
    fix_dice(g, [3, 4, 4])  # the archers (A1) miss; then the hoplites (C2) miss twice
    g.act("athens", "fight")
    g.act("sparta", "retreat")
    s = g.state
    assert s["blocks"]["S5"] == {"side": "sparta", "loc": FIELD, "cv": 2, "inside": False}
    steps = [st for rnd in s["battle"]["rounds"] for st in rnd["steps"]]
    assert {"kind": "fight-on", "side": "sparta", "rule": "6.4", "facts": {"count": 1}} in steps
    assert prompt(g, "athens").kind == "retreat-or-fight"  # round 2
