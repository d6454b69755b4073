"""The Event Cards (rules 2.3, 12.0-12.5, Appendix C): the deck, the hands and every card's
main effect, with fixed dice."""

from __future__ import annotations

import json

import pytest

import engine
from engine.core.rng import Rng
from engine.rulesets.epic import board as B
from engine.rulesets.epic import cards as C
from engine.rulesets.epic import events as E
from engine.rulesets.epic import peace as PE
from engine.rulesets.epic.rules import MACHINE
from engine.testing import FixedRng, assert_view_hides

from .full_helpers import full, fx, hand, run
from .helpers import RULES, leader, put


# ------------------------------------------------------------------ the deck
def test_deal_gives_five_cards_each_and_no_immediate_one():
    g = engine.new_game("epic", "archidamian", seed="deal")
    c = g.state["cards"]
    for side in ("athens", "sparta"):
        assert len(c["hands"][side]) == 5
        assert not any(C.immediate(cid) for cid in c["hands"][side])
    every = c["deck"] + c["hands"]["athens"] + c["hands"]["sparta"]
    assert len(every) == len(set(every))
    kinds = {C.kind_of(cid) for cid in every}
    # 26.2.6: the Archidamian War takes out the Sicilian cards, Argos and Allied Dissent
    assert not kinds & {"sicilian-escalation", "carthage-invades", "argos-ends-neutrality",
                        "allied-dissent"}
    assert "peace-embassy" in kinds  # in the deck from the start (data/README.md)


def test_the_campaign_sets_cards_aside_until_the_first_deck_is_through():
    g = full(scenario="campaign")
    c = g.state["cards"]
    assert sorted({C.kind_of(x) for x in c["aside"]}) == ["argos-ends-neutrality",
                                                          "carthage-invades", "peace-embassy"]
    c["discard"] = c["deck"][:3]
    c["deck"] = []
    rng = FixedRng([])
    from engine.core.ruleset import Context

    first = C.draw(g.state, Context(rng))
    assert c["runs"] == 1 and c["aside"] == []  # 12.5, 23.4
    # the discards and the 5 set aside (2 Peace Embassies, Argos, 2 Carthage), less one
    assert first is not None and len(c["deck"]) == 3 + 5 - 1


def test_an_empty_deck_takes_the_discard_pile_reshuffled():
    g = full()
    c = g.state["cards"]
    c["discard"], c["deck"] = ["storms-at-sea-1", "remove-leader-1"], []
    from engine.core.ruleset import Context

    got = C.draw(g.state, Context(FixedRng([])))
    assert got in ("storms-at-sea-1", "remove-leader-1") and c["runs"] == 1
    assert c["discard"] == [] and len(c["deck"]) == 1


def _phase(g, dice):
    rng = FixedRng(dice)
    g.rng = rng
    from engine.core.ruleset import Context

    MACHINE.start(g.state, Context(rng), "cards")
    g._prompts = None
    return rng


def test_the_event_phase_plays_discards_draws_to_five_and_burns_two():
    g = full()
    s = g.state
    c = s["cards"]
    c["hands"] = {"athens": [], "sparta": []}
    hand(g, "athens", "helot-uprising-1")
    s["order"] = ["athens", "sparta"]
    # the deck: what each draws in turn, then the two burnt
    c["deck"] = ["city-betrayal-thebes-1", "storms-at-sea-1", "city-betrayal-thebes-2",
                 "rebellion-possible-thrace", "rebellion-possible-macedon",
                 "city-betrayal-argos-1", "city-betrayal-argos-2", "allied-unrest-1",
                 "allied-unrest-2", "allied-unrest-3", "allied-unrest-4", "allied-unrest-5",
                 "remove-leader-1", "remove-leader-2"]
    c["discard"] = []
    _phase(g, [6])  # the helot die
    p = g.prompt_for("athens")
    assert {o.id for o in p.options} == {"helot-uprising-1", "pass"}
    g.act("athens", "helot-uprising-1")
    assert s["helots"], "the helots rose on a 6"
    # Sparta holds nothing playable, Athens nothing left: the discards are skipped, the draw
    assert len(c["hands"]["athens"]) == 5 and len(c["hands"]["sparta"]) == 5
    assert fx(g)["storms"] == 1  # drawn by Athens, acted on at once
    assert c["deck"] == ["remove-leader-2"]
    assert c["discard"][-2:] == ["allied-unrest-5", "remove-leader-1"]  # 12.3: two burnt
    assert "helot-uprising-1" in c["discard"]
    assert g.prompt_for("athens").kind == "peace"  # 20.1b: each may offer peace
    g.act("athens", "no")
    g.act("sparta", "no")
    assert not g.state["flow"]


def test_a_player_may_discard_before_drawing():
    g = full()
    s = g.state
    c = s["cards"]
    c["hands"] = {"athens": ["allied-unrest-1"], "sparta": []}
    c["deck"] = [f"allied-unrest-{i}" for i in range(2, 9)] + \
        [f"city-betrayal-thebes-{i}" for i in (1, 2, 3)] + ["remove-leader-1", "remove-leader-2"]
    _phase(g, [])
    p = g.prompt_for("athens")
    assert p.kind == "discard"
    g.act("athens", "allied-unrest-1")
    assert "allied-unrest-1" in c["discard"] and len(c["hands"]["athens"]) == 5


# ------------------------------------------------------------------ secrets
@pytest.mark.parametrize("seat", ["athens", "sparta", None])
def test_redaction_hands_deck_and_discards_are_hidden(seat):
    g = full("redact")
    g.state["cards"]["discard"] = g.state["cards"]["deck"][:4]
    del g.state["cards"]["deck"][:4]
    assert assert_view_hides(g, seat) > 0


def test_redaction_a_seat_sees_its_own_hand_and_only_the_size_of_the_other():
    g = engine.new_game("epic", "archidamian", seed="redact2")
    s = g.state
    before = RULES.view(s, "athens")
    assert before["cards"]["hand"] == sorted(s["cards"]["hands"]["athens"])
    s["cards"]["hands"]["sparta"][0], s["cards"]["deck"][0] = \
        s["cards"]["deck"][0], s["cards"]["hands"]["sparta"][0]
    assert RULES.view(s, "athens") == before
    assert RULES.view(s, "sparta")["cards"]["hand"] == sorted(s["cards"]["hands"]["sparta"])
    variants = list(RULES.hidden_variants(s, "athens", Rng("v")))
    assert all(v["cards"]["hands"]["athens"] == s["cards"]["hands"]["athens"] for v in variants)
    assert any(v["cards"]["hands"]["sparta"] != s["cards"]["hands"]["sparta"] for v in variants)
    assert json.dumps(RULES.view(s, None)["cards"]["hand"]) == "[]"


# ------------------------------------------------------------------ cards played
def test_rebellion_possible_takes_the_region_on_six():
    g = full()
    s = g.state
    s["regions"]["thrace"]["al"] = 2
    leader(g, "Ramphias", "W3809")  # a Spartan leader in Thrace (Amphipolis)
    hand(g, "sparta", "rebellion-possible-thrace")
    assert [o.id for o in E.plays(s, "sparta")] == ["rebellion-possible-thrace"]
    before = s["treasury"]["sparta"]
    run(g, E.play, [6], "sparta", "rebellion-possible-thrace")
    r = s["regions"]["thrace"]
    assert r["side"] == "sparta" and r["al"] == -2 + 3  # mirrored, then +3
    assert s["treasury"]["sparta"] == before + 3  # its BTV


def test_rebellion_possible_fails_and_gives_athens_two_al():
    g = full()
    s = g.state
    s["regions"]["thrace"]["al"] = 2
    leader(g, "Ramphias", "W3809")
    put(g, "laconia", "hoplite", "W3809", n=2)  # the card's minimum force: +2
    hand(g, "sparta", "rebellion-possible-thrace")
    assert E.rebellion_mods(s, "rebellion-possible-thrace")[0][0] == 2
    run(g, E.play, [3], "sparta", "rebellion-possible-thrace")
    assert s["regions"]["thrace"] == {"side": "athens", "al": 4, "ml": 8, "mult": 1}


def test_rebellion_needs_the_risk_zone_and_a_leader():
    g = full()
    hand(g, "sparta", "rebellion-possible-thrace")
    assert E.plays(g.state, "sparta") == []  # AL 4
    g.state["regions"]["thrace"]["al"] = 3
    assert E.plays(g.state, "sparta") == []  # no leader there


def test_city_betrayal_leaves_a_city_undefended():
    g = full()
    s = g.state
    leader(g, "Pericles", "W3314")  # next to Potidaea (W3414)
    s["marks"]["Potidaea"] = "sparta"  # held by Sparta, a captured city
    s["revolts"].remove("Potidaea")
    hand(g, "athens", "city-betrayal-thebes-1")
    opts = [o.id for o in E.plays(s, "athens")]
    assert "city-betrayal-thebes-1|Potidaea" in opts
    assert "city-betrayal-thebes-1|Thebes" not in opts  # a large city only on its own card
    run(g, E.play, [4], "athens", "city-betrayal-thebes-1|Potidaea")  # 4 +1 medium +1 captured
    assert C.betrayed(s, "Potidaea")
    from engine.rulesets.epic.battles import place_bonus
    from engine.rulesets.epic.helots import quiet

    assert quiet(s, "Potidaea")  # the garrison stands aside
    assert place_bonus(s, "W3414", "W3314", True)[1] is False  # as if unwalled


def test_city_betrayal_always_fails_on_a_one():
    g = full()
    s = g.state
    leader(g, "Pericles", "W3313")
    s["marks"]["Olynthus"] = "sparta"
    hand(g, "athens", "city-betrayal-thebes-1")
    run(g, E.play, [1], "athens", "city-betrayal-thebes-1|Olynthus")  # 1 +2 +1 = 4 anyway
    assert not C.betrayed(s, "Olynthus")


def test_city_betrayal_on_a_siege_adds_to_the_roll():
    g = full()
    s = g.state
    h = B.comps().cities["Potidaea"].hex
    s["revolts"].remove("Potidaea")
    s["marks"]["Potidaea"] = "sparta"
    units = put(g, "attica", "hoplite", h, n=4) + put(g, "attica", "fleet", h, n=1)
    assert len(units) == 5  # 4 units plus a fleet for a medium port (10.3.2, 10.8.1)
    leader(g, "Pericles", h)
    s["sieges"][h] = {"by": "athens", "morale": 6, "initial": 6}
    hand(g, "athens", "city-betrayal-thebes-1")
    rng = FixedRng([5])
    g.rng = rng
    from engine.core.ruleset import Context

    MACHINE.start(s, Context(rng), "sieges", i=2)
    g._prompts = None
    p = g.prompt_for("athens")
    assert [o.id for o in p.options] == ["city-betrayal-thebes-1", "no"]
    g.act("athens", "city-betrayal-thebes-1")  # 5 + 1 = 6 is not above 6
    assert s["sieges"][h]["morale"] == 5


def test_helot_uprising_card_marks_laconias_cities():
    g = full()
    s = g.state
    hand(g, "athens", "helot-uprising-1")
    assert [o.id for o in E.plays(s, "athens")] == ["helot-uprising-1"]
    run(g, E.play, [6], "athens", "helot-uprising-1")
    assert sorted(s["helots"]) == ["Cythera", "Gytheum", "Methone", "Prasiae"]
    assert E.plays(s, "athens") == []  # once a season


def test_allied_unrest_undoes_the_seasons_builds():
    g = full()
    s = g.state
    uid = next(k for k, u in sorted(s["units"].items())
               if u["home"] == "corinth" and u["where"] == "build")
    s["units"][uid]["where"] = "pool"
    fx(g)["built"] = [uid]
    mods = E.unrest_mods(s, "corinth")
    assert (1, "units built there this season") in mods and (-1, "ML 14-16") in mods
    run(g, E.unrest, [6], "corinth")  # 6 +1 built -1 (ML 16: 14-16) = 6
    assert s["units"][uid]["where"] == "build"
    assert "corinth" in fx(g)["unrest"]


def test_allied_unrest_failing_gives_two_al():
    g = full()
    s = g.state
    run(g, E.unrest, [2], "elis")
    assert s["regions"]["elis"]["al"] == 8


def test_alcibiades_switches_sides():
    g = full()
    s = g.state
    s["leaders"]["Alcibiades"] = {"side": "athens", "land": 1, "sea": 0, "where": "map",
                                  "hex": "W3831", "region": None}
    hand(g, "sparta", "alcibiades-switches-1")
    opts = [o.id for o in E.plays(s, "sparta")]
    assert "alcibiades-switches-1|Archidamus" in opts
    run(g, E.play, [], "sparta", "alcibiades-switches-1|Archidamus")
    assert s["leaders"]["Alcibiades"]["side"] == "sparta"
    assert s["leaders"]["Alcibiades"]["where"] == "force"
    assert "Archidamus" not in s["leaders"] and "Archidamus" in s["leader_pool"]["sparta"]


def test_argos_ends_neutrality_in_the_campaign():
    g = full(scenario="campaign")
    s = g.state
    assert not any(B.region_of_hex(h) == "argolid" for h in B.allowed(s, "athens"))
    hand(g, "sparta", "argos-ends-neutrality-1")
    before = s["treasury"]["athens"]
    run(g, E.play, [], "sparta", "argos-ends-neutrality-1")
    assert s["regions"]["argolid"]["side"] == "athens"  # AL 3 favours Athens
    assert s["treasury"]["athens"] == before + 2
    assert any(B.region_of_hex(h) == "argolid" for h in B.allowed(s, "athens"))
    assert "argos-ends-neutrality-1" in s["cards"]["removed"]


# ------------------------------------------------------------------ Immediate cards
def test_consult_oracle_gives_a_morale_bonus_until_a_battle_is_lost():
    g = full()
    s = g.state
    run(g, E.resolve_immediate, [3], "athens", "consult-oracle-1", "athens:2")  # 3 + 1
    assert E.morale_shift(s, "athens", True) == 1 and s["treasury"]["athens"] == 228
    E.after_battle(s, "athens")
    assert E.morale_shift(s, "athens", False) == 1
    E.after_battle(s, "sparta")
    assert E.morale_shift(s, "athens", False) == 0


def test_consult_oracle_a_natural_one_is_disaster():
    g = full()
    run(g, E.resolve_immediate, [1], "athens", "consult-oracle-1", "sparta:4")
    assert E.morale_shift(g.state, "sparta", False) == -1


def test_earthquake_holds_the_peloponnese_in_the_first_campaign_turn():
    g = full()
    s = g.state
    run(g, E.resolve_immediate, [], "athens", "earthquake-1", None)
    inside = put(g, "laconia", "hoplite", "W2937")[0]
    outside = put(g, "attica", "hoplite", "W3831")[0]
    s["ct"] = 1
    run(g, E.campaign_start, [])
    assert s["units"][inside]["moved"] and not s["units"][outside]["moved"]
    assert C.entry_barred(s) == {r.id for r in B.comps().regions.values() if r.peloponnese}
    s["ct"] = 2
    assert C.entry_barred(s) == set()


def test_eclipse_costs_attackers_one_morale_in_the_first_campaign_turn():
    g = full()
    s = g.state
    run(g, E.resolve_immediate, [], "sparta", "eclipse-1", None)
    s["ct"] = 1
    assert E.morale_shift(s, "athens", True) == -1 and E.morale_shift(s, "athens", False) == 0
    s["ct"] = 2
    assert E.morale_shift(s, "sparta", True) == 0


def test_festival_keeps_the_regions_units_home_and_moves_levels_on_battles():
    g = full()
    s = g.state
    run(g, E.resolve_immediate, [2], "athens", "festival-1", None)  # 2: Laconia
    home = put(g, "laconia", "hoplite", "W2937")[0]
    s["ct"] = 1
    run(g, E.campaign_start, [])
    assert not s["units"][home]["moved"]  # free to move inside Laconia (RULINGS.md 56)
    assert E.festival_fence(s, [home]) == B.region_hexes("laconia")
    line = E.festival_battle(s, "athens", "laconia")
    assert line and s["regions"]["laconia"]["al"] == 16 and s["regions"]["laconia"]["ml"] == 16


def test_peace_embassy_signs_an_armistice_at_a_stalemate():
    g = full()
    s = g.state
    run(g, E.resolve_immediate, [], "athens", "peace-embassy-1", None)
    assert s["cards"]["active"] == ["peace-embassy-1"]
    s["regions"]["thrace"]["side"] = "sparta"  # Athens down from 33 to 30 BTV
    assert [o.id for o in E.peace_choices(s, "athens")] == ["roll", "offer", "no"]
    run(g, E.peace_answer, [6], "athens", "roll")  # Sparta rolls 6, no modifier
    assert s["result"] is None and PE.restricted(s)
    assert s["cards"]["active"] == [] and "peace-embassy-1" in s["cards"]["discard"]


def test_peace_embassy_ends_the_game_when_a_side_has_won():
    g = full()
    s = g.state
    run(g, E.resolve_immediate, [], "athens", "peace-embassy-1", None)
    run(g, E.peace_answer, [6], "sparta", "roll")  # Athens rolls; it holds 33 BTV
    assert s["result"]["winner"] == "athens" and s["result"]["level"] == "victory"


def test_peace_embassy_is_sent_home_on_a_one():
    g = full()
    s = g.state
    run(g, E.resolve_immediate, [], "athens", "peace-embassy-1", None)
    run(g, E.peace_answer, [1], "athens", "roll")
    assert s["cards"]["active"] == [] and s["result"] is None and not s.get("peace")


def test_perdiccas_switches_macedon():
    g = full()
    s = g.state
    assert [o.id for o in E.immediate_options(s, "sparta", "perdiccas-switches-1")] == \
        ["play", "discard"]
    run(g, E.resolve_immediate, [], "sparta", "perdiccas-switches-1", "play")
    assert s["regions"]["macedon"]["side"] == "sparta"
    assert E.immediate_options(s, "sparta", "perdiccas-switches-2") == []  # one a season


def test_plague_strikes_attica_on_five_or_six():
    g = full()
    s = g.state
    attica_pool = sorted(k for k, u in s["units"].items()
                         if u["home"] == "attica" and u["where"] == "pool")
    leaders = sorted(n for n, x in s["leaders"].items()
                     if x["where"] == "force" and x["region"] == "attica")
    dice = [5] + [1] * (len(attica_pool) - 1) + [6] + [1] * (len(leaders) - 1)
    run(g, E.resolve_immediate, dice, "sparta", "plague-1", None)
    assert s["units"][attica_pool[0]]["where"] in ("build", "dead")
    assert sum(1 for k in attica_pool if s["units"][k]["where"] == "pool") == len(attica_pool) - 1
    assert s["leaders"][leaders[0]]["where"] == "dead"
    assert "plague-1" in s["cards"]["removed"]


def test_athens_may_discard_the_plague():
    g = full()
    run(g, E.resolve_immediate, [], "athens", "plague-1", "discard")
    assert "plague-1" in g.state["cards"]["removed"]


def test_remove_leader_kills_a_random_enemy_leader():
    g = full()
    s = g.state
    names = sorted(n for n, x in s["leaders"].items() if x["side"] == "sparta"
                   and x["where"] in ("map", "force"))
    run(g, E.resolve_immediate, [2], "athens", "remove-leader-1", None)
    assert s["leaders"][names[1]]["where"] == "dead"
    assert sum(1 for x in s["leaders"].values()
               if x["side"] == "sparta" and x["where"] != "dead") == len(names)


def test_sacrifices_unfavorable_holds_a_leaders_stack():
    g = full()
    s = g.state
    unit = put(g, "corinth", "hoplite", "W3131")[0]  # with Xenocleides at Corinth
    run(g, E.resolve_immediate, [2], "athens", "sacrifices-unfavorable-1", None)
    assert fx(g)["held"] == ["W3131"]  # Diemporus (Thebes) is 1, Xenocleides 2
    s["ct"] = 1
    run(g, E.campaign_start, [])
    assert s["units"][unit]["moved"] and s["leaders"]["Xenocleides"].get("moved")


def test_sitalces_tests_every_unit_in_macedon_and_chalcidice():
    g = full()
    s = g.state
    a, b = put(g, "macedon", "cavalry", "W2909", n=2)
    run(g, E.resolve_immediate, [6, 2], "athens", "sitalces-invades-1", None)
    assert s["units"][a]["where"] != "map" and s["units"][b]["where"] == "map"
    assert C.no_area_move(s) == {"macedon", "chalcidice"}
    assert "sitalces-invades-1" in s["cards"]["removed"]


def test_soldiers_plunder_makes_a_stack_raid_for_nothing():
    g = full()
    s = g.state
    units = put(g, "boeotia", "hoplite", "W3529", n=1)  # in Attica, south of Thebes
    leader(g, "Diemporus", "W3529")
    run(g, E.resolve_immediate, [1], "athens", "soldiers-plunder-1", None)  # Diemporus
    s["ct"] = 1
    gold = s["treasury"]["sparta"]
    run(g, E.campaign_start, [])
    assert s["units"][units[0]]["raid"] and s["treasury"]["sparta"] == gold
    assert s["regions"]["attica"]["ml"] == 14


def test_storms_at_sea_sink_the_ships_in_the_open_sea():
    g = full()
    s = g.state
    run(g, E.resolve_immediate, [], "athens", "storms-at-sea-1", None)
    lost = put(g, "attica", "fleet", "south-aegean")[0]
    leader(g, "Phormio", "south-aegean")
    near = put(g, "attica", "fleet", "central-cyclades", morale=5)
    s["ct"] = 1
    # storm roll 5; die 2: the South Aegean; the fleet nearby rolls 6 and sinks
    dice = [5, 2] + [6] * len(near)
    run(g, E.campaign_start, dice)
    assert s["units"][lost]["where"] != "map" and s["leaders"]["Phormio"]["where"] == "dead"
    assert all(s["units"][u]["where"] != "map" for u in near)


def test_winter_rolls_for_storms_without_a_card(told):
    g = full()
    s = g.state
    s["season"], s["ct"] = 3, 2
    run(g, E.campaign_start, [2])  # 2 + 2 in Winter = 4: calm
    assert "calm" in told[-1]


def test_stormy_coastal_seas_cost_two_and_test_the_fleets_that_sail_in():
    from engine.rulesets.epic import fleets as F
    from engine.rulesets.epic.moves import storms

    g = full()
    s = g.state
    s["ct"] = 1
    fleet = put(g, "attica", "fleet", "saronic-gulf", morale=5)[0]
    calm = F.voyages(s, "athens", "saronic-gulf")
    fx(g)["stormy"] = ["sunian-waters"]
    rough = F.voyages(s, "athens", "saronic-gulf")
    assert rough["sunian-waters"].cost == calm["sunian-waters"].cost + 1
    s["units"][fleet].update(hex="sunian-waters", moved=True)
    run(g, storms, [6], side="athens")  # no Open Sea; the check: 6 > 5, it sinks
    assert s["units"][fleet]["where"] != "map"


def test_peace_by_agreement_needs_both_players():
    g = full()
    s = g.state
    s["regions"]["thrace"]["side"] = "sparta"  # 30 BTV: a stalemate
    assert [o.id for o in E.peace_choices(s, "athens")] == ["offer", "no"]
    run(g, E.peace_answer, [], "athens", "offer")
    assert [o.id for o in E.peace_choices(s, "sparta")] == ["accept", "no"]
    assert [o.id for o in E.peace_choices(s, "athens")] == ["no"]
    run(g, E.peace_answer, [], "sparta", "no")
    assert not PE.at_peace(s)
    run(g, E.peace_answer, [], "sparta", "accept")
    assert PE.restricted(s) and s["result"] is None
