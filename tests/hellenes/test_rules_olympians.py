"""Appeals to the Olympians (11.0): Demeter, Hermes, Poseidon, Zeus, Apollo, Ares, and
Hera's overruling; Sacrifices are spent, one Appeal per Olympian per Player Turn."""

from __future__ import annotations

from engine.rulesets.hellenes import board as B

from .helpers import fix_dice, ids, move_all, position, prompt


def _attrition(sacrifices):
    return position(scenario="431", season=1, start="combat", args={"side": "athens"},
                    turn={"side": "athens", "actions": 0}, sacrifices=sacrifices)


def test_11_0_demeter_rerolls_a_whole_attrition_roll():
    g = _attrition({"athens": {}, "sparta": {"Demeter": 431}})
    fix_dice(g, [1, 1, 1, 6, 6, 6])
    g.act("athens", "attrition:Potidea")
    p = prompt(g, "sparta")  # the besieged side may appeal against three hits
    assert p.kind == "appeal" and "Demeter" in p.text
    g.act("sparta", "appeal")
    s = g.state
    assert "Demeter" not in s["sacrifices"]["sparta"]
    assert s["blocks"]["S19"]["cv"] + s["blocks"]["S40"]["cv"] == 4  # the reroll missed
    assert "Potidea" in s["garrisons"]


def test_11_0_hera_overrules_the_appeal_and_the_first_roll_stands():
    g = _attrition({"athens": {"Hera": 431}, "sparta": {"Demeter": 431}})
    fix_dice(g, [1, 6, 6])
    g.act("athens", "attrition:Potidea")
    g.act("sparta", "appeal")
    assert prompt(g, "athens").kind == "appeal"
    g.act("athens", "overrule")
    s = g.state
    assert s["sacrifices"] == {"athens": {}, "sparta": {}}
    p = prompt(g, "sparta")  # the first roll's single hit, on one of two equal blocks
    assert p.kind == "losses" and p.text.startswith("1 hit")


def test_11_0_nobody_is_asked_without_a_sacrifice():
    g = _attrition({"athens": {"Zeus": 431}, "sparta": {}})
    fix_dice(g, [6, 6, 6])
    g.act("athens", "attrition:Potidea")
    assert g.prompt_for("sparta") is None or prompt(g, "sparta").kind != "appeal"


def test_11_0_hermes_rerolls_one_formations_failed_forced_marches():
    g = position(scenario="431", season=1, turn={"side": "athens", "actions": 1},
                 start="actions", args={"side": "athens"},
                 blocks={"A1": {"loc": "PHO", "cv": 3}},
                 sacrifices={"athens": {"Hermes": 431}, "sparta": {}})
    g.act("athens", "move:PHO")
    move_all(g, "athens")
    forced = [o for o in ids(g, "athens") if o.startswith("forced:")]
    g.act("athens", forced[0])
    fix_dice(g, [2, 6])
    g.act("athens", "done")
    assert prompt(g, "athens").kind == "appeal"
    g.act("athens", "appeal")
    assert prompt(g, "athens").kind == "forced"  # the reroll succeeded
    assert "Hermes" not in g.state["sacrifices"]["athens"]


def test_11_0_zeus_needs_an_earlier_years_sacrifice_and_redeals_the_hand():
    g = position(scenario="431", year=430, start="new_year",
                 sacrifices={"athens": {"Zeus": 431}, "sparta": {"Zeus": 430}})
    assert prompt(g, "athens").kind == "appeal"  # Sparta's Zeus dates from this Year
    old = list(g.state["cards"]["hands"]["athens"])
    g.act("athens", "appeal")
    s = g.state
    assert sorted(s["cards"]["hands"]["athens"]) != sorted(old)
    assert set(old) <= set(s["cards"]["discard"]) and len(s["cards"]["hands"]["athens"]) == 6
    assert prompt(g, "athens").kind == "commit"


def test_11_0_zeus_may_be_appealed_against_the_opponents_hand():
    """11.0: an Appeal rectifies a random result "made by himself or by the opponent";
    Zeus redeals "all 6 cards of a NewYear card draw". Sparta, holding Zeus, has
    Athens's hand dealt again."""
    g = position(scenario="431", year=430, start="new_year",
                 sacrifices={"athens": {}, "sparta": {"Zeus": 431}})
    p = prompt(g, "sparta")
    assert p.kind == "appeal" and p.text.startswith("Athens's New Year hand")
    old = list(g.state["cards"]["hands"]["athens"])
    mine = list(g.state["cards"]["hands"]["sparta"])
    g.act("sparta", "appeal")
    s = g.state
    assert set(old) <= set(s["cards"]["discard"]) and len(s["cards"]["hands"]["athens"]) == 6
    assert not set(old) & set(s["cards"]["hands"]["athens"])
    assert s["cards"]["hands"]["sparta"] == mine and "Zeus" not in s["sacrifices"]["sparta"]
    assert prompt(g, "athens").kind == "commit"


def test_11_0_apollo_redraws_the_recruits():
    g = position(scenario="431", season=1, turn={"side": "sparta", "actions": 1},
                 start="actions", args={"side": "sparta"},
                 sacrifices={"athens": {}, "sparta": {"Apollo": 431}})
    g.act("sparta", "recruit")
    assert prompt(g, "sparta").kind == "appeal"
    g.act("sparta", "appeal")
    assert prompt(g, "sparta").kind == "recruit"
    assert "Apollo" not in g.state["sacrifices"]["sparta"]


def test_11_0_apollo_sends_the_enemy_recruit_back():
    g = position(scenario="431", season=1, turn={"side": "sparta", "actions": 1},
                 start="actions", args={"side": "sparta"},
                 sacrifices={"athens": {"Apollo": 431}, "sparta": {}})
    g.act("sparta", "recruit")
    choice = ids(g, "sparta")[0]
    g.act("sparta", choice)
    assert prompt(g, "athens").kind == "appeal"
    g.act("athens", "appeal")
    assert g.state["blocks"][choice.split("@")[0]]["loc"] == "pool"
    assert prompt(g, "sparta").kind == "recruit"  # three more drawn


def test_11_0_poseidon_rerolls_a_storm_die():
    g = position(scenario="431", season=1, turn={"side": "athens", "actions": 1},
                 start="actions", args={"side": "athens"},
                 sacrifices={"athens": {"Poseidon": 431}, "sparta": {}})
    s = g.state
    fleet = next(b for b in B.on_map(s, "athens") if B.spec(b).type == "fleet")
    s["turn"]["crossings"] = [{"fleets": [fleet], "deep": 1, "cargo": {}}]
    fix_dice(g, [2, 5])  # a Storm (Spring: 1-3); Poseidon's reroll: 5, calm
    g.act("athens", "done")
    assert prompt(g, "athens").kind == "appeal"
    cv = s["blocks"][fleet]["cv"]
    g.act("athens", "appeal")
    assert s["blocks"][fleet]["cv"] == cv and s["turn"] is not None


def test_11_0_one_appeal_per_olympian_per_player_turn():
    from engine.rulesets.hellenes.olympians import may_appeal

    g = _attrition({"athens": {"Demeter": 431}, "sparta": {"Demeter": 431}})
    s = g.state
    assert may_appeal(s, "athens", "Demeter")
    s["turn"]["appealed"] = ["Demeter"]
    assert not may_appeal(s, "athens", "Demeter") and not may_appeal(s, "sparta", "Demeter")


def test_11_0_ares_redoes_the_attack_and_grants_the_rest_of_the_class():
    # Phocis: Spartan hoplites S5 (C2) and S6 (C2) attack Athenian hoplites A1 (C2)
    blocks = {"S5": {"loc": "PHO", "cv": 2}, "S6": {"loc": "PHO", "cv": 2},
              "A1": {"loc": "PHO", "cv": 4}}
    g = position(scenario="431", season=1, blocks=blocks, turn={"side": "sparta", "actions": 0},
                 sacrifices={"athens": {}, "sparta": {"Ares": 431}},
                 start="battle", args={"area": "PHO", "attacker": "sparta", "defender": "athens",
                                       "formations": [{"area": "PHO", "via": "LOC",
                                                       "units": ["S5", "S6"],
                                                       "from_sea": False}]})
    # A1 (defender first): 1, 1, 3, 4 - two hits, then Sparta takes them
    fix_dice(g, [1, 1, 3, 4, 3, 3, 6, 6, 3, 4])
    g.act("athens", "fight")
    while prompt(g, "sparta").kind == "battle-loss":
        g.act("sparta", ids(g, "sparta")[0])
    # Sparta may appeal against the Athenian C attack
    assert prompt(g, "sparta").kind == "appeal"
    g.act("sparta", "appeal")  # the attack again: 3, 3, 6, 6 - no hit, two routs on Sparta
    s = g.state
    assert s["blocks"]["S5"]["cv"] + s["blocks"]["S6"]["cv"] == 4  # the hits are undone
    assert "Ares" not in s["sacrifices"]["sparta"]
