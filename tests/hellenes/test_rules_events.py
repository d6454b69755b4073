"""Every card Event (3.1 and its sidebar), Leaders (3.11), Revolts (3.12), Persian Aid
(13.0), the Peace and War Factions and No Quarter (sidebar, 14.22), the barbarians' free
move (2.25), and the scenarios' special rules (15.1-15.4)."""

from __future__ import annotations

from engine.rulesets.hellenes import board as B
from engine.rulesets.hellenes.building import eligible
from engine.rulesets.hellenes.movement import routes

from .helpers import fix_dice, ids, position, prompt


def _event(side: str, card: int, scenario: str = "431", **kw):
    """`side` plays card `card` as its Event in Spring (a Player Turn of its own)."""
    kw.setdefault("turn", {"side": side, "event": True, "actions": 0})
    return position(scenario=scenario, season=1, start="event",
                    args={"side": side, "card": card}, **kw)


def _actions(side: str, actions: int = 3, scenario: str = "431", **kw):
    return position(scenario=scenario, season=1, start="actions", args={"side": side},
                    turn={"side": side, "actions": actions}, **kw)


# ------------------------------------------------------------------ one-shot Events
def test_atrocity_costs_two_and_three_against_a_plus_one_leader():
    g = _event("athens", 9)  # Sparta's Archidamos is worth 0
    assert g.state["prestige"] == 2
    g = _event("sparta", 9)  # Athens' Pericles is worth +1 (RULINGS.md)
    assert g.state["prestige"] == -3


def test_earthquake_the_enemy_may_not_move_or_pillage_this_season():
    from engine.rulesets.hellenes.moves import group_areas, pillage_targets

    g = _event("athens", 10)
    assert g.state["effects"]["earthquake"] == ["sparta"]
    s = g.state
    s["turn"] = {"side": "sparta", "event": False, "actions": 3, "moved": [], "no_entry": [],
                 "treachery": None, "crossings": [], "engaged": [], "forced": []}
    assert group_areas(s, "sparta") == [] and pillage_targets(s, "sparta") == []


def test_earthquake_stops_a_barbarians_free_move():
    g = _actions("sparta", 1, effects={"earthquake": ["sparta"]},
                 blocks={b: {"loc": "aside"} for b in _pool_but(431, "sparta", "S34")})
    g.act("sparta", "recruit")
    g.act("sparta", ids(g, "sparta")[0])
    assert prompt(g, "sparta").kind == "actions"  # no free move offered


def test_augury_the_enemy_may_not_engage_or_assault_but_may_attrition():
    g = position(scenario="431", season=1, start="combat", args={"side": "athens"},
                 turn={"side": "athens", "actions": 0}, effects={"augury": ["athens"]})
    opts = ids(g, "athens")
    assert "attrition:Potidea" in opts and "assault:Potidea" not in opts
    g = _actions("athens", effects={"augury": ["athens"]},
                 blocks={"A1": {"loc": "PHO", "cv": 3}, "S25": {"loc": "LOC", "cv": 3}})
    assert "LOC" not in {r.dest for r in routes(g.state, "A1", None, False)}
    from engine.rulesets.hellenes.movement import may_engage

    assert not may_engage(g.state, "athens") and may_engage(g.state, "sparta")


def test_plague_strikes_a_besieged_city_and_spares_cadres():
    g = _event("athens", 3, blocks={"S19": {"loc": "POT", "cv": 2, "inside": True},
                                    "S40": {"loc": "POT", "cv": 1, "inside": True}})
    assert ids(g, "athens") == ["Potidea"]  # the only besieged City
    g.act("athens", "Potidea")
    s = g.state
    assert s["blocks"]["S19"]["cv"] == 1 and s["blocks"]["S40"]["cv"] == 1
    assert s["effects"]["plague_struck"]


def test_plague_returns_needs_a_plague_and_the_second_in_athens_kills_pericles():
    from engine.rulesets.hellenes.cards import event_refusal

    g = position(scenario="431", season=1)
    assert event_refusal(g.state, "sparta", 4) is not None  # no Plague Strikes yet
    g = _event("sparta", 4, effects={"plague_struck": True, "athens_plagues": 1},
               blocks={"A1": {"loc": "ATH", "cv": 4}, "A12": {"loc": "ATH", "cv": 1}})
    assert "Athens" in ids(g, "sparta")  # no siege needed
    g.act("sparta", "Athens")
    s = g.state
    assert s["blocks"]["A1"]["cv"] == 3 and s["blocks"]["A12"]["cv"] == 1
    assert s["effects"]["pericles_dead"] and s["cards"]["leaders"]["athens"] is None
    assert 1 not in s["cards"]["in_play"]
    # 15.1 rule 3: no further Plague in Athens, and Pericles never comes back
    from engine.rulesets.hellenes.cards import reshuffle
    from engine.rulesets.hellenes.events import plague_targets

    assert "Athens" not in plague_targets(s, True)

    class Shuffler:
        def shuffle(self, items: list) -> None:
            items.reverse()

    reshuffle(s, Shuffler())  # type: ignore[arg-type]
    assert 1 not in s["cards"]["deck"]


def test_leader_ostracized_pericles_only_after_athens_was_pillaged():
    g = _event("sparta", 25)
    assert ids(g, "sparta") == ["2"]  # only Archidamos: Athens was not pillaged
    g = _event("sparta", 25, stamp=5, effects={"pillaged_last": {"athens": 4}})
    assert ids(g, "sparta") == ["1", "2"]
    fix_dice(g, [1])  # the place in the deck: the bottom (the top is drawn first)
    g.act("sparta", "1")
    s = g.state
    # Events sidebar: the deposed Leader is returned "to deck", not to the discards
    assert s["cards"]["leaders"]["athens"] is None and 1 not in s["cards"]["discard"]
    assert s["cards"]["deck"][0] == 1 and 1 not in s["cards"]["in_play"]


def test_3_11_a_leader_event_fills_an_empty_command():
    g = _event("sparta", 12, leaders={"athens": None, "sparta": 2}, in_play=[2])
    s = g.state
    assert s["cards"]["leaders"]["athens"] == 12 and 12 in s["cards"]["in_play"]
    assert B.leader_value(s, "athens") == 1  # either side may play it (green)


def test_civil_war_not_against_athens_under_pericles_and_no_double_defense():
    g = _event("sparta", 30)
    opts = ids(g, "sparta")
    assert "Athens" not in opts and "Potidea" not in opts  # besieged Cities are not targets
    g.act("sparta", "Corinth")
    s = g.state
    assert s["effects"]["civil_war"] == ["Corinth"] and 30 in s["cards"]["in_play"]
    g = _event("sparta", 30, leaders={"athens": None, "sparta": 2}, in_play=[2])
    assert "Athens" in ids(g, "sparta")


def test_civil_war_leaves_at_year_end():
    g = position(scenario="431", start="year_close", in_play=[1, 2, 30],
                 effects={"civil_war": ["Corinth"]})
    s = g.state
    assert s["effects"]["civil_war"] == [] and 30 not in s["cards"]["in_play"]


def test_helot_uprising_in_a_vacant_lacedaemonian_city_not_at_new_year():
    from engine.rulesets.hellenes.cards import event_refusal

    g = _event("athens", 8, blocks={"S1": {"loc": "SPA", "cv": 4}})
    opts = ids(g, "athens")
    assert "Sparta" not in opts and "Pylos" in opts  # Sparta is occupied
    g.act("athens", "Pylos")
    assert g.state["garrisons"]["Pylos"] == {"side": "athens", "kind": "event"}
    ny = position(scenario="431")
    assert event_refusal(ny.state, "athens", 8) is not None  # 10.2 errata


def test_hunger_needs_a_blockaded_port_and_hits_on_one_to_two():
    g = _event("athens", 32)
    assert ids(g, "athens") == ["Potidea"]  # Sparta has no fleet off Potidea: blockaded
    g.act("athens", "Potidea")
    s = g.state
    assert s["effects"]["hunger"] == ["Potidea"]
    from engine.rulesets.hellenes.siege import attrition_hits_on

    assert attrition_hits_on(s, B.comps().cities["Potidea"]) == 2


def test_treachery_opens_one_assault_in_an_event_turn():
    g = _event("athens", 11)
    g.act("athens", "Potidea")
    assert g.state["turn"]["treachery"] == "Potidea"


# ------------------------------------------------------------------ Revolts (3.12, 13.3)
def test_3_12_regional_revolt_in_a_vacant_subject_city():
    g = _event("sparta", 18)  # the Cyclades, not Spreading
    opts = ids(g, "sparta")
    assert set(opts) == {"Naxos", "Andros"}
    g.act("sparta", "Andros")
    assert g.state["garrisons"]["Andros"] == {"side": "sparta", "kind": "event"}
    assert B.city_control(g.state, B.comps().cities["Andros"]) == "sparta"


def test_3_12_spreading_revolt_reaches_any_rebellious_region():
    g = _event("sparta", 7, garrisons={"Potidea": {"side": "sparta", "kind": "detached"},
                                      "Naxos": {"side": "sparta", "kind": "event"}})
    opts = set(ids(g, "sparta"))
    # Thrace (the card), Chalcidice (Potidea) and the Cyclades (Naxos) are open
    assert {"Abdera", "Maronea", "Torone", "Andros"} <= opts and "Chalcis" not in opts


def test_3_12_tax_revolts_add_a_garrison_per_taxes_card():
    g = _event("sparta", 18, in_play=[1, 2, 23, 24],  # the Cyclades, not Spreading
               garrisons={"Potidea": {"side": "sparta", "kind": "detached"},
                          "Torone": {"side": "sparta", "kind": "event"}})
    g.act("sparta", "Naxos")
    assert prompt(g, "sparta").kind == "revolt"  # first Tax Revolt
    g.act("sparta", "Andros")
    # the second may go to any Rebellious region's vacant city: Chalcidice's Stagira
    assert ids(g, "sparta") == ["Stagira"]
    g.act("sparta", "Stagira")
    assert sum(1 for x in g.state["garrisons"].values() if x["kind"] == "event") == 4
    assert g.prompt_for("sparta") is None


def test_13_3_persian_aid_limits_revolts():
    from engine.rulesets.hellenes.events import revolt_allowance

    g = position(scenario="413", in_play=[45, 13, 46])
    assert revolt_allowance(g.state, True) == (True, False, 0)  # no Spreading
    g = position(scenario="413", in_play=[45, 13, 46, 47, 54])
    assert revolt_allowance(g.state, True) == (False, False, 1)  # Tax Revolts only
    g = position(scenario="413", in_play=[45, 13, 46, 47, 48, 54])
    assert revolt_allowance(g.state, True) == (False, False, 0)  # none at all


def test_13_3_two_persian_aid_cards_leave_only_the_tax_revolt():
    g = _event("sparta", 14, scenario="413", in_play=[45, 13, 46, 47, 54])
    p = prompt(g, "sparta")
    assert "Tax Revolt" in p.text
    g.act("sparta", ids(g, "sparta")[0])
    assert g.prompt_for("sparta") is None


# ------------------------------------------------------------------ continuing Events
def test_athens_raises_taxes_adds_an_action_and_stays_in_play():
    g = _event("athens", 23)
    s = g.state
    assert 23 in s["cards"]["in_play"]
    assert B.actions_for(s, "athens", 2) == 2 + 1 + 1  # coins, Pericles, Taxes


def test_9_53_athens_may_remove_its_taxes_at_year_end():
    g = position(scenario="431", start="year_close", in_play=[1, 2, 23])
    p = prompt(g, "athens")
    assert p.kind == "taxes"
    g.act("athens", "23")
    assert 23 not in g.state["cards"]["in_play"] and g.state["year"] == 430


def test_13_1_persian_aid_action_prestige_persia_and_recruits():
    g = position(scenario="413", in_play=[45, 13])
    s = g.state
    assert B.neutral(s, "LYD") and not eligible(s, "S41")
    g = _event("sparta", 46, scenario="413", in_play=[45, 13])
    s = g.state
    assert 46 in s["cards"]["in_play"]
    assert B.actions_for(s, "sparta", 2) == 3  # +1 per Persian Aid (Agis is worth 0)
    assert not B.neutral(s, "LYD") and not B.neutral(s, "PHR")  # 13.2
    assert eligible(s, "S41") and eligible(s, "S44")


def test_13_1_persian_aid_and_no_quarter_cost_sparta_at_year_end():
    from engine.rulesets.hellenes.yearend import tribute

    g = position(scenario="413", prestige=0, start="year_end", in_play=[45, 13, 46, 47, 49])
    t = tribute(g.state, "athens") - tribute(g.state, "sparta")
    assert g.state["prestige"] == t + 2 + 1


def test_no_quarter_bars_athenian_elite_fleets():
    elite = [b for b, x in position(scenario="413").state["blocks"].items()
             if x["side"] == "athens" and B.spec(b).type == "fleet"
             and B.spec(b).sea_agility == "E" and B.spec(b).sea_power == 2]
    assert elite
    g = position(scenario="413", in_play=[45, 13, 49])
    assert not eligible(g.state, elite[0])


def test_peace_and_war_factions_cancel_each_other_and_move_the_threshold():
    from engine.rulesets.hellenes.yearend import peace_threshold

    g = _event("sparta", 38)
    assert peace_threshold(g.state) == (5, 1)
    g = _event("athens", 39, in_play=[1, 2, 38])
    s = g.state
    assert 38 not in s["cards"]["in_play"] and 39 in s["cards"]["in_play"]
    assert peace_threshold(s) == (10, 2)


def test_14_22_peace_faction_offer_at_five_for_one():
    g = position(scenario="431", prestige=-3, start="year_end", in_play=[1, 2, 38])
    # Sparta's Tribute (Potidea, 2) takes it to 5: it may offer for 1
    assert prompt(g, "sparta").kind == "peace"
    fix_dice(g, [1, 2])
    g.act("sparta", "offer")
    assert g.state["prestige"] == -4 and g.outcome is not None
    assert g.outcome.winners == ("sparta",)


def test_14_22_a_refused_offer_keeps_its_cost_and_play_goes_on():
    g = position(scenario="431", prestige=-9, start="year_end")
    fix_dice(g, [5, 6])
    g.act("sparta", "offer")
    assert g.state["prestige"] == -9 and g.outcome is None  # -11 less 2 for the offer


# ------------------------------------------------------------------ barbarians (2.25)
def _pool_but(scenario: int, side: str, keep: str) -> list[str]:
    s = position(scenario=str(scenario)).state
    return [b for b in B.pool(s, side) if b != keep]


def test_2_25_a_barbarian_recruit_arrives_at_full_strength_and_moves_free():
    g = _actions("sparta", 1, blocks={b: {"loc": "aside"} for b in _pool_but(431, "sparta", "S34")})
    g.act("sparta", "recruit")
    p = prompt(g, "sparta")
    assert [o.id.split("@")[0] for o in p.options] == ["S34"] * len(p.options)
    g.act("sparta", p.options[0].id)
    x = g.state["blocks"]["S34"]
    assert x["cv"] == B.spec("S34").max_strength
    p = prompt(g, "sparta")
    assert p.kind == "movers" and "2.25" in p.text  # its free move: it alone is offered
    assert [o.id for o in p.options] == ["S34"]
    g.act("sparta", "S34")
    p = prompt(g, "sparta")
    dest = [o.id for o in p.options if o.id != "stay" and not o.id.startswith("forced")][0]
    g.act("sparta", dest)
    assert g.state["blocks"]["S34"]["loc"] == dest
    assert g.state["turn"]["actions"] == 0  # the move cost nothing


# ------------------------------------------------------------------ scenarios (15.x)
def test_15_2_rule_2_neutral_sicily_doubles_the_cost_until_expeditionaries_came():
    g = position(scenario="sicily", year=414, season=1)
    s = g.state
    assert B.action_cost(s, "SYR") == 2 and B.action_cost(s, "ATH") == 1
    s["effects"]["expeditionaries_seen"] = 414
    assert B.action_cost(s, "SYR") == 1


def test_12_0_rule_3_public_works_cost_athens_an_action():
    g = position(scenario="sicily", season=1)
    s = g.state
    assert B.expeditionaries(s) < 6
    assert B.actions_for(s, "athens", 2) == 2 + 1 - 1  # Alcibiades, Public Works


def test_15_2_rule_4_athens_pays_one_a_year():
    g = position(scenario="sicily", prestige=0, start="year_end")
    assert g.state["prestige"] == -1


def test_12_12_decelea_thebes_holds_twelve_after_the_war_resumes():
    thebes = B.comps().cities["Thebes"]
    assert B.capacity(position(scenario="413").state, thebes) == 12
    assert B.capacity(position(scenario="431").state, thebes) == 8
    assert B.capacity(position(scenario="415").state, thebes) == 12  # 3x under the Peace


def test_15_3_starts_at_athens_three():
    assert position(scenario="413").state["prestige"] == 3


def test_14_24_major_minor_and_draw():
    for p, level, winners in ((10, "Major", ("athens",)), (-5, "Minor", ("sparta",)),
                              (4, "Draw", ())):
        g = position(scenario="sicily", year=413, prestige=p, start="year_close")
        assert g.outcome is not None and g.outcome.winners == winners
        assert level.lower() in g.outcome.reason.lower() or level == "Draw"


def test_4_22_rebel_recruits_capture_or_use_macedonian_towns_not_under_the_peace():
    from engine.rulesets.hellenes.building import placements

    s = position(scenario="431", blocks={"A31": {"loc": "pool"}, "A32": {"loc": "pool"}}).state
    assert placements(s, "S36") == ["CHI", "LES"]  # the Aeolian rebel fleet, capturing
    assert placements(s, "A38") == ["ELM", "LYN"]  # the Macedonian rebels: towns, not Pella
    s["blocks"]["A31"] = {"side": "athens", "loc": "CHI", "cv": 2, "inside": False}
    assert placements(s, "S36") == ["LES"]  # not where the enemy stands
    assert not eligible(position(scenario="415").state, "S36")  # 12.0 rule 1


def test_15_2_rule_2_no_pillage_prestige_in_a_neutral_sicily():
    g = position(scenario="sicily", year=414, season=1, stamp=5,
                 turn={"side": "athens", "actions": 3}, start="actions",
                 args={"side": "athens"},
                 blocks={"A1": {"loc": "SEL", "cv": 3}, "S56": {"loc": "SEL", "cv": 1,
                                                                "inside": True}},
                 sieges={"Selinus": {"besieger": "athens", "since": 1, "blockade_since": 1}})
    s = g.state
    assert "pillage:Selinus" in ids(g, "athens")
    g.act("athens", "pillage:Selinus")
    while prompt(g, "athens").kind == "pillage":
        g.act("athens", ids(g, "athens")[0])
    assert s["prestige"] == 0 and s["turn"]["actions"] == 1  # 2 Actions, no Prestige


def test_12_0_no_siege_of_a_garrison_in_greece_under_the_peace():
    from engine.rulesets.hellenes.phases import invest_garrisons

    g = position(scenario="sicily", blocks={"A1": {"loc": "PLA", "cv": 2}})
    s = g.state
    assert s["garrisons"]["Platea"]["side"] == "sparta"
    invest_garrisons(s, "athens")
    assert "Platea" not in s["sieges"]
    g = position(scenario="413", blocks={"A1": {"loc": "PLA", "cv": 2}, "S27": {"loc": "pool"}})
    invest_garrisons(g.state, "athens")
    assert g.state["sieges"]["Platea"]["besieger"] == "athens"
