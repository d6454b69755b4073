"""The Game Year: set-up (15.x), card play and Initiative (3.3, 10.x), Actions (4.0),
building (4.2), Siege Attrition (8.2), Winter (9.2), Year End and victory (9.5, 14.x)."""

from __future__ import annotations

import json

import pytest

from engine.rulesets.hellenes import board as B
from engine.rulesets.hellenes.cards import initiative
from engine.testing import assert_view_hides

from .helpers import RULES, fix_dice, ids, move_all, play_out, position, prompt


def test_15_1_potidea_starts_under_an_established_siege():
    g = RULES.from_position({"scenario": "431"}, seed=1)
    s = g.state
    assert s["sieges"]["Potidea"]["besieger"] == "athens"
    assert s["sieges"]["Potidea"]["since"] < s["stamp"]
    assert s["garrisons"]["Potidea"]["side"] == "sparta"
    inside = B.units_in(s, "POT", inside=True)
    assert len(inside) == 2 and all(s["blocks"][b]["side"] == "sparta" for b in inside)
    assert len(B.units_in(s, "POT", "athens", inside=False)) == 4
    assert s["cards"]["leaders"] == {"athens": 1, "sparta": 2}  # Pericles, Archidamos


@pytest.mark.parametrize("scenario", ["431", "sicily", "413", "415"])
def test_3_0_ten_one_six_cards_each_from_a_42_card_deck(scenario):
    g = RULES.from_position({"scenario": scenario}, seed=2)
    c = g.state["cards"]
    assert len(c["hands"]["athens"]) == len(c["hands"]["sparta"]) == 6
    assert len(c["deck"]) + 12 == 42


def test_3_3_initiative_lower_value_first_events_zero_sparta_wins_ties():
    # card 9 Atrocity has 3 coins, card 27 Leader Ostracized 1, card 29 Augury 2
    s = position(scenario="431").state
    assert initiative(s, {"athens": {"card": 27, "use": "actions"},
                          "sparta": {"card": 9, "use": "actions"}}) == ["athens", "sparta"]
    assert initiative(s, {"athens": {"card": 29, "use": "actions"},
                          "sparta": {"card": 29, "use": "actions"}}) == ["sparta", "athens"]
    assert initiative(s, {"athens": {"card": 9, "use": "event"},
                          "sparta": {"card": 27, "use": "actions"}}) == ["athens", "sparta"]


def test_10_2_no_revolt_at_new_year_and_colours_bind():
    g = position(scenario="431", hands={"athens": [8, 9], "sparta": [5, 10]})
    assert "5:e" not in ids(g, "sparta")  # a Revolt is no New Year Event
    assert "8:e" not in ids(g, "athens")  # nor a Helot Uprising (errata)
    assert {"9:e", "9:a"} <= set(ids(g, "athens"))
    g2 = position(scenario="431", season=1, hands={"athens": [5, 9], "sparta": [8, 10]},
                  start="commit")
    assert "5:e" not in ids(g2, "athens")  # red: Sparta only
    assert "8:e" not in ids(g2, "sparta")  # blue: Athens only


def test_10_3_sacrifice_then_spring():
    g = position(scenario="431", hands={"athens": [9, 10], "sparta": [11, 25]})
    g.act("athens", "9:a")
    g.act("sparta", "25:a")
    assert g.state["cards"]["order"] == ["sparta", "athens"]  # 3 coins each: Sparta first
    assert "Ares" in ids(g, "sparta")
    g.act("sparta", "Ares")
    g.act("athens", "Zeus")
    assert g.state["sacrifices"] == {"athens": {"Zeus": 431}, "sparta": {"Ares": 431}}
    assert g.state["season"] == 1
    assert prompt(g, "athens").kind == "commit"


def test_4_0_actions_add_the_leader_and_3_11_a_second_leader_is_wasted():
    g = position(scenario="431", season=1, hands={"athens": [25, 12], "sparta": [27, 13]},
                 start="commit")
    g.act("athens", "25:a")  # 3 coins + Pericles
    g.act("sparta", "13:e")  # Agis for Sparta, which has Archidamos: wasted
    assert g.state["cards"]["leaders"]["sparta"] == 2
    assert 13 in g.state["cards"]["discard"]
    # Sparta played an Event: its Combat phase (nothing) and the turn pass to Athens
    assert g.state["turn"]["side"] == "athens" and g.state["turn"]["actions"] == 4


def test_4_21_reinforce_in_a_home_city_only():
    g = position(scenario="431", season=1, turn={"side": "athens", "actions": 2},
                 start="actions", args={"side": "athens"},
                 blocks={"A1": {"loc": "ATH", "cv": 2}, "A2": {"loc": "CRC", "cv": 1}})
    options = ids(g, "athens")
    assert "reinforce:A1" in options
    assert "reinforce:A2" not in options  # Attic hoplites are not at home in Corcyra
    g.act("athens", "reinforce:A1")
    g.act("athens", "reinforce:A1")
    assert g.state["blocks"]["A1"]["cv"] == 4
    assert ids(g, "athens") == ["done"]


def test_4_22_recruit_draws_three_and_places_one_at_cadre_strength():
    g = position(scenario="431", season=1, turn={"side": "sparta", "actions": 1},
                 start="actions", args={"side": "sparta"})
    pool_before = set(B.pool(g.state, "sparta"))
    g.act("sparta", "recruit")
    p = prompt(g, "sparta")
    assert p.kind == "recruit"
    drawn = {o.id.split("@")[0] for o in p.options}
    assert 1 <= len(drawn) <= 3 and drawn <= pool_before
    choice = p.options[0].id
    g.act("sparta", choice)
    bid, area = choice.split("@")
    x = g.state["blocks"][bid]
    assert x["loc"] == area
    assert x["cv"] == (B.spec(bid).max_strength if B.spec(bid).barbarian else 1)


def test_4_22_odrysia_only_without_an_athenian_leader():
    from engine.rulesets.hellenes.building import eligible, placements

    g = position(scenario="431")
    assert not eligible(g.state, "A37")
    g2 = position(scenario="431", leaders={"athens": None, "sparta": 2}, in_play=[2])
    assert eligible(g2.state, "A37") and placements(g2.state, "A37") == ["ODR"]


def test_8_2_attrition_hits_on_one_and_the_garrison_goes_last():
    g = position(scenario="431", season=1, turn={"side": "athens", "actions": 0},
                 start="combat", args={"side": "athens"})
    assert "attrition:Potidea" in ids(g, "athens")
    fix_dice(g, [1, 1, 5])  # two inside units and the garrison: 2 hits
    g.act("athens", "attrition:Potidea")
    s = g.state
    while prompt(g, "sparta").kind == "losses" if g.prompt_for("sparta") else False:
        g.act("sparta", ids(g, "sparta")[0])
    left = [s["blocks"][b]["cv"] for b in ("S19", "S40")]
    assert sum(left) == 2 and "Potidea" in s["garrisons"]  # 4 cv less 2; garrison intact


def test_8_2_winter_attrition_hits_on_one_to_three_and_capture_gains_one():
    g = position(scenario="431", season=5, prestige=0,
                 blocks={"S19": {"loc": "POT", "cv": 1, "inside": True},
                         "S40": {"loc": "pool"}},
                 turn={"side": "athens", "actions": 0}, start="combat",
                 args={"side": "athens"})
    fix_dice(g, [3, 2])  # the unit and the garrison, both hit in Winter
    g.act("athens", "attrition:Potidea")
    s = g.state
    assert "Potidea" not in s["sieges"] and "Potidea" not in s["garrisons"]
    assert s["prestige"] == 1  # 14.11: a City taken by Attrition
    assert B.city_control(s, B.comps().cities["Potidea"]) == "athens"


def test_9_51_tribute_and_14_21_surrender_at_fifteen():
    g = position(scenario="431", prestige=-13, start="year_end")
    # Sparta holds Potidea (2): Tribute takes Sparta to 15
    assert g.outcome is not None and g.outcome.winners == ("sparta",)
    assert g.state["prestige"] == -15


def test_14_22_peace_offer_wins_below_the_new_prestige():
    g = position(scenario="413", prestige=12, blocks={}, start="year_end")
    s = g.state
    assert prompt(g, "athens").kind == "peace"
    fix_dice(g, [2, 3])
    before = s["prestige"]
    g.act("athens", "offer")
    assert s["prestige"] == before - 2
    assert g.outcome is not None and g.outcome.winners == ("athens",)


def test_12_11_tribute_halved_after_war_resumes():
    from engine.rulesets.hellenes.yearend import tribute

    g = position(scenario="413")
    assert tribute(g.state, "sparta") == (1 + 3) // 2  # Platea and Amphipolis, halved
    assert tribute(g.state, "athens") == (2 + 1) // 2  # Leucas and Pylos


def test_14_24_the_campaign_ends_with_its_last_year():
    g = position(scenario="sicily", year=413, prestige=6, start="year_close")
    assert g.outcome is not None and g.outcome.winners == ("athens",)
    assert "Minor" in g.outcome.reason


@pytest.mark.parametrize("scenario", ["431", "sicily", "413", "415"])
def test_random_games_finish_with_invariants(scenario):
    g = RULES.from_position({"scenario": scenario}, seed=f"r-{scenario}")
    play_out(g, f"p-{scenario}")
    assert g.outcome is not None


@pytest.mark.parametrize("seat", ["athens", "sparta", None])
def test_views_hide_hands_pools_and_enemy_blocks(seat):
    g = RULES.from_position({"scenario": "431"}, seed=5)
    assert assert_view_hides(g, seat) > 0
    g.act("athens", ids(g, "athens")[0])  # a card committed face down stays hidden
    assert assert_view_hides(g, seat) > 0
    v = g.view(seat)
    if seat != "sparta":
        assert all(b["side"] == seat for b in v["blocks"])
        assert v["cards"]["hand"] == (g.state["cards"]["hands"][seat] if seat else [])


def test_12_1_war_resumes_in_415_at_its_price_and_12_13_persians_join():
    g = position(scenario="415", season=1, start="turn", args={"side": "sparta"},
                 revealed={"sparta": {"card": 14, "use": "actions"},
                           "athens": {"card": 15, "use": "actions"}}, prestige=0)
    assert prompt(g, "sparta").kind == "war-resumes"
    g.act("sparta", "war")
    s = g.state
    assert s["prestige"] == 5  # Sparta pays 5 in 415
    assert s["effects"]["war_resumed"] and s["blocks"]["S41"]["loc"] == "pool"
    assert prompt(g, "sparta").kind == "actions"  # then its turn as usual


def test_15_4_rule_3_expeditions():
    from engine.rulesets.hellenes.movement import routes

    g = position(scenario="415", season=1, turn={"side": "athens", "actions": 2},
                 start="actions", args={"side": "athens"})
    s = g.state
    assert routes(s, "A17") == []  # the 2nd Expedition waits in Athens until 414
    first = [r.dest for b in ("A14", "A15", "A16", "A22", "A33") for r in routes(s, b)]
    assert any(B.region(d) in ("italy", "sicily") for d in first)


def test_15_2_rule_3_units_starting_in_athens_wait_for_414():
    from engine.rulesets.hellenes.movement import routes

    g = position(scenario="sicily", season=1, turn={"side": "athens", "actions": 2},
                 start="actions", args={"side": "athens"})
    assert routes(g.state, "A17") == []
    g2 = position(scenario="sicily", year=414, season=1, turn={"side": "athens", "actions": 2},
                  start="actions", args={"side": "athens"})
    assert routes(g2.state, "A17") != []


def test_4_23_a_detached_garrison_holds_a_captured_city_after_the_units_leave():
    g = position(scenario="431", season=1, turn={"side": "sparta", "actions": 1},
                 start="actions", args={"side": "sparta"},
                 blocks={"S1": {"loc": "STA", "cv": 2}})
    assert "garrison:Stagira" in ids(g, "sparta")
    g.act("sparta", "garrison:Stagira")
    s = g.state
    assert s["garrisons"]["Stagira"] == {"side": "sparta", "kind": "detached"}
    s["blocks"]["S1"]["loc"] = "pool"
    assert B.city_control(s, B.comps().cities["Stagira"]) == "sparta"


def test_8_21_attrition_on_a_port_needs_a_blockade_from_a_prior_season():
    from engine.rulesets.hellenes.siege import attrition_open, refresh

    g = position(scenario="431", season=1, stamp=5,
                 blocks={"A1": {"loc": "CHA", "cv": 2, "inside": True},
                         "S1": {"loc": "CHA", "cv": 3}, "A20": {"loc": "S_SEU", "cv": 2}},
                 sieges={"Chalcis": {"besieger": "sparta", "since": 2,
                                     "blockade_since": None}})
    s = g.state
    refresh(s)
    assert not attrition_open(s, "Chalcis", "sparta")  # an Athenian fleet keeps the sea
    s["blocks"]["A20"]["loc"] = "pool"
    s["blocks"]["S20"] = {"side": "sparta", "loc": "S_SEU", "cv": 2, "inside": False}
    refresh(s)
    assert s["sieges"]["Chalcis"]["blockade_since"] == s["stamp"]
    assert not attrition_open(s, "Chalcis", "sparta")  # blockaded only this Season
    s["stamp"] += 1
    assert attrition_open(s, "Chalcis", "sparta")


def test_8_22_athens_besieged_and_cut_from_its_grain_suffers_attrition_on_1_to_3():
    from engine.rulesets.hellenes.siege import attrition_hits_on

    g = position(scenario="431", season=1,
                 blocks={"A1": {"loc": "ATH", "cv": 2, "inside": True},
                         "S1": {"loc": "ATH", "cv": 3}, "S20": {"loc": "S_HEL", "cv": 2}},
                 sieges={"Athens": {"besieger": "sparta", "since": 0, "blockade_since": 0}})
    s = g.state
    athens = B.comps().cities["Athens"]
    assert B.blockaded(s, athens, "athens")  # a Spartan fleet in the Hellespont (8.22)
    assert attrition_hits_on(s, athens) == 3
    s["blocks"]["S20"]["loc"] = "pool"
    assert attrition_hits_on(s, athens) == 1


def test_4_0_actions_example_build_recruit_and_move_a_group_of_six():
    # The rulebook's example: Sparta plays 3 coins (Archidamos adds 0): it builds a fleet
    # in Corinth from 2 to 3 cv, recruits a Theban fleet cadre in Thebes, and sends a
    # Group of six from Sparta: two to Corinth, two to sea, one to Messenia, one stays.
    keep = {"S30", "S10", "S14"}
    aside = {b: {"loc": "aside"} for b in B.pool(position(scenario="431").state, "sparta")
             if b not in keep}
    g = position(scenario="431", season=1, start="turn", args={"side": "sparta"},
                 revealed={"sparta": {"card": 9, "use": "actions"},
                           "athens": {"card": 10, "use": "actions"}},
                 blocks={**aside, "S30": {"loc": "pool"}, "S21": {"loc": "CRN", "cv": 2},
                         "S12": {"loc": "SPA", "cv": 2}, "S9": {"loc": "ARC", "cv": 2}})
    s = g.state
    assert s["turn"]["actions"] == 3
    g.act("sparta", "reinforce:S21")
    assert s["blocks"]["S21"]["cv"] == 3
    g.act("sparta", "recruit")
    assert "S30@THE" in ids(g, "sparta")
    g.act("sparta", "S30@THE")
    assert s["blocks"]["S30"] == {"side": "sparta", "loc": "THE", "cv": 1, "inside": False}
    assert {b for b in ("S10", "S14") if s["blocks"][b]["loc"] == "pool"} == {"S10", "S14"}
    g.act("sparta", "move:SPA")
    move_all(g, "sparta")
    for order in ("S_LAC", "S_LAC", "CRN", "CRN", "stay", "MES"):  # fleets are asked first
        g.act("sparta", order)
        if prompt(g, "sparta").kind == "cargo":  # 5.21: they may carry a land unit to sea
            g.act("sparta", "")
    where = {b: s["blocks"][b]["loc"] for b in ("S1", "S2", "S5", "S7", "S11", "S12")}
    assert where == {"S11": "S_LAC", "S12": "S_LAC", "S1": "CRN", "S2": "CRN", "S5": "SPA",
                     "S7": "MES"}
    assert s["turn"]["actions"] == 0


def test_a_position_does_not_keep_the_callers_dicts_as_live_state():
    """from_position copies what it is given: a game played from it leaves the caller's
    position as it was, and a second game from the same position starts the same."""
    pos = {"scenario": "431", "season": 1, "start": "combat", "args": {"side": "athens"},
           "turn": {"side": "athens", "actions": 0},
           "sieges": {"Potidea": {"besieger": "athens", "since": -1, "blockade_since": -1}},
           "sacrifices": {"athens": {"Ares": 431}, "sparta": {}}}
    before = json.loads(json.dumps(pos))
    g = RULES.from_position(pos, seed="copy")
    g.state["sieges"]["Potidea"]["since"] = 99
    g.state["sacrifices"]["athens"].clear()
    assert pos == before
