"""Rules checked from positions given to the public position API
(`engine.ruleset("pericles").from_position`, POSITIONS.md), with the battle cards fixed.
Each test names its rule and says what the rule asks in our own words."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.core.types import IllegalAction

RULES = engine.ruleset("pericles")


def game(**position: Any) -> engine.Game:
    position.setdefault("scenario", "14.1.06 A")
    return RULES.from_position(position, seed="paudit14")


def kinds(g: engine.Game) -> dict[str, str]:
    """seat -> the kind of question it is asked."""
    return {p.seat: p.kind for p in g.prompts()}


def ids(g: engine.Game, seat: str) -> list[str]:
    return [o.id for p in g.prompts() if p.seat == seat for o in p.options]


def expedition(theater: str, cg: str, city: str, ship: bool = False) -> dict[str, Any]:
    return {"theater": theater, "cg": cg, "city": city, "moves": 0, "revealed": True,
            "ship": ship}


# ------------------------------------------------------------------ the API itself
def test_a_position_replaces_only_what_it_names() -> None:
    """POSITIONS.md: a position is the scenario's set-up with the named facts replaced;
    dicts such as Honor are merged, a theater named in `forces` gets exactly its pieces."""
    g = game(honor={"agiad": 14}, forces={"macedonia": {"D": {"land": 2}}}, start="end_phase")
    s = g.state
    assert s["honor"] == {"aristocrats": 10, "demagogues": 10, "agiad": 14, "eurypontid": 10}
    assert s["forces"]["macedonia"] == {"D": {"land": 2, "naval": 0, "bases": 0}}
    assert s["forces"]["sparta"]["S"] == {"land": 8, "naval": 0, "bases": 2}


@pytest.mark.parametrize("position", [
    {"colour": "red"},
    {"forces": {"atlantis": {"A": {"land": 1}}}},
    {"forces": {"boeotia": {"Q": {"land": 1}}}},
    {"forces": {"boeotia": {"A": {"bases": 2}, "P": {"bases": 2}}}},
    {"battle_cards": {"athens": [9]}},
])
def test_a_position_breaking_the_rules_is_refused(position: dict[str, Any]) -> None:
    """POSITIONS.md: unknown keys, theaters, owners or card faces, and a fourth base in a
    theater (rule 3.4), are refused."""
    with pytest.raises(IllegalAction, match="Invalid position"):
        game(**position)


# ------------------------------------------------------------------ 9.0 Military issues
def test_a_military_issue_where_the_enemy_alone_stands_is_an_expedition_rule_9_0() -> None:
    """9.0: only a theater both sides hold offers the raid; where the enemy alone stands
    the Military issue is an expedition, every faction committing in secret."""
    g = game(war=True, strategos={"agiad": 5}, start="carry_out",
             args={"theater": "thessalia", "owner": "agiad", "kind": "military"})
    assert set(kinds(g).values()) == {"commit"}
    assert set(kinds(g)) == {"aristocrats", "demagogues", "agiad", "eurypontid"}
    g = game(war=True, strategos={"agiad": 5}, start="carry_out",
             args={"theater": "boeotia", "owner": "agiad", "kind": "military"})
    assert kinds(g) == {"agiad": "raid_choice"}


def test_a_military_issue_in_a_theater_one_holds_reinforces_without_battle_rule_9_0() -> None:
    """9.0 (own side's theater): units march in as the commitments allow and no battle is
    fought; the committed tokens go back to the city's stock (9.2)."""
    g = game(war=True, strategos={"agiad": 5, "eurypontid": 0}, start="carry_out",
             forces={"naupactus": {}},  # the way from the Isthmus open
             args={"theater": "aetolia", "owner": "agiad", "kind": "military"})
    for seat in ("aristocrats", "demagogues", "eurypontid"):
        g.act(seat, "0")
    g.act("agiad", "2")
    assert kinds(g) == {"agiad": "march"}
    march = [o for o in ids(g, "agiad") if o.endswith("@isthmus") and o.startswith("P:land")]
    g.act("agiad", march[0])
    g.act("agiad", "stop")
    s = g.state
    assert s["forces"]["aetolia"]["P"]["land"] == 2
    assert s["battle"] is None and s["expedition"] is None and not g.prompts()
    assert s["strategos"]["agiad"] == 3 and s["stock"]["sparta"] == 23


def test_a_military_issue_in_persia_moves_no_unit_rule_13_1() -> None:
    """13.1: Persia takes markers but no unit may enter it, so a Military marker there
    does nothing: no commitment, no march."""
    g = game(war=True, alcibiades="persia", strategos={"agiad": 5}, start="carry_out",
             args={"theater": "persia", "owner": "agiad", "kind": "military"})
    assert not g.prompts() and g.state["expedition"] is None
    assert g.state["strategos"]["agiad"] == 5


def test_an_oracle_in_persia_still_pays_3_rule_8_5() -> None:
    """8.5 (ruling R24): an Oracle marker gives its owner 3 Honor wherever it lies, the
    Persia box included."""
    g = game(start="carry_out", args={"theater": "persia", "owner": "demagogues",
                                      "kind": "oracle"})
    assert g.state["honor"]["demagogues"] == 13


# ------------------------------------------------------------------ 9.3 battles
def test_a_land_theater_fights_on_land_first_and_the_winner_may_fight_at_sea_rule_9_3() -> None:
    """9.3: in a land theater the land battle comes first; only its winner is asked
    whether to fight at sea as well, and that battle turns new cards."""
    g = game(war=True, forces={"chalcidice": {"A": {"land": 1, "naval": 2, "bases": 1},
                                              "P": {"land": 3, "naval": 1, "bases": 1}}},
             expedition=expedition("chalcidice", "agiad", "sparta"), committed={"agiad": 3},
             state_ship="used", battle_cards={"athens": [1, 5], "sparta": [5, 1]},
             start="battle", args={"kind": "land", "second": False})
    s = g.state
    # land: Sparta 3 + 2 + 3 + 5 = 13 against Athens 1 + 2 + 1 = 4: 9 points, the foot
    # falls, the base stands (two ships remain)
    assert s["battle"]["kind"] == "land"
    assert s["forces"]["chalcidice"]["A"] == {"land": 0, "naval": 2, "bases": 1}
    assert kinds(g) == {"agiad": "second_battle"}
    g.act("agiad", "fight")
    # at sea: Athens 2 ships (4) + 2 + 5 = 11 against Sparta 1 + 2 + 3 + 1 = 7
    assert s["battle"]["kind"] == "naval"
    assert s["forces"]["chalcidice"]["P"]["naval"] == 0
    assert not g.prompts()


def test_a_side_without_units_of_the_kind_still_fights_but_loses_no_base_rule_9_3() -> None:
    """9.3: no minimum force; a side with only a base and land units fights a sea battle
    on its base and card; beaten, it loses nothing, for its base falls only when no unit
    of either kind is left, and a battle without a piece lost scores no Honor."""
    g = game(war=True, forces={"corcyra": {"D": {"naval": 2, "bases": 1},
                                           "P": {"land": 1, "bases": 1}}},
             expedition=expedition("corcyra", "aristocrats", "athens"),
             committed={"aristocrats": 2}, state_ship="used",
             battle_cards={"athens": [5], "sparta": [1]},
             start="battle", args={"kind": "naval", "second": False})
    s = g.state
    assert s["battle"]["winner"] == "athens"
    assert s["forces"]["corcyra"]["P"] == {"land": 1, "naval": 0, "bases": 1}
    assert s["honor"] == {"aristocrats": 10, "demagogues": 10, "agiad": 10, "eurypontid": 10}


def test_athenian_ships_fall_to_winner_losses_two_points_at_a_time_rule_9_3() -> None:
    """9.3: the winner loses a point of the battle's kind for every two units of that
    kind the loser lost; an Athenian ship is worth 2, so two ships sunk cost nothing and
    four sink one Athenian ship."""
    def sea(p_ships: int) -> dict[str, Any]:
        g = game(war=True, forces={"corcyra": {"A": {"naval": 3}, "P": {"naval": p_ships}}},
                 expedition=expedition("corcyra", "aristocrats", "athens"),
                 committed={"aristocrats": 5}, state_ship="used",
                 battle_cards={"athens": [5], "sparta": [1]},
                 start="battle", args={"kind": "naval", "second": False})
        return g.state["forces"]["corcyra"]
    two = sea(2)
    assert two["P"]["naval"] == 0 and two["A"]["naval"] == 3
    four = sea(4)
    assert four["P"]["naval"] == 0 and four["A"]["naval"] == 2


def test_the_athenian_cf_is_asked_for_the_state_ship_in_defence_too_rule_12_0() -> None:
    """12.0: the State Ship is the Athenian Controlling Faction's; it may add it (+1) to
    a battle whoever attacks, and it is then used."""
    g = game(war=True, forces={"thessalia": {"D": {"land": 2, "bases": 1},
                                             "P": {"land": 2}}},
             expedition=expedition("thessalia", "agiad", "sparta"), committed={"agiad": 1},
             battle_cards={"athens": [3], "sparta": [3]},
             start="battle", args={"kind": "land", "second": False})
    assert kinds(g) == {"aristocrats": "state_ship"}
    g.act("aristocrats", "ship")
    # Athens 2 + 2 + 1 (ship) + 3 = 8 against Sparta 2 + 1 + 3 = 6
    assert g.state["battle"]["winner"] == "athens"


def test_committed_strategos_count_in_both_battles_rule_9_3() -> None:
    """9.2-9.3: the tokens committed stay in the theater for the whole expedition, so
    they count again in the optional second battle."""
    g = game(war=True, forces={"samos": {"D": {"land": 1, "naval": 1, "bases": 1},
                                         "P": {"land": 2, "naval": 3}}},
             expedition=expedition("samos", "agiad", "sparta"), committed={"agiad": 4},
             state_ship="used", battle_cards={"athens": [1, 1], "sparta": [1, 1]},
             start="battle", args={"kind": "naval", "second": False})
    # at sea: Sparta 3 + 4 + 1 = 8 against Athens 1 + 2 + 1 = 4
    assert g.state["battle"]["winner"] == "sparta"
    g.act("agiad", "fight")
    # on land: Sparta 2 + 4 + 1 = 7 against Athens 1 + 2 + 1 = 4: foot, then the base
    s = g.state
    assert s["battle"]["kind"] == "land" and s["battle"]["winner"] == "sparta"
    assert s["forces"]["samos"]["D"]["land"] == 0


# ------------------------------------------------------------------ 11.x End phase
def test_persian_bases_feed_spartan_units_rule_11_2() -> None:
    """11.2 and 13.1: a side feeds 4 points of units a base; Persian bases are Sparta's
    and count toward its capacity."""
    forces = {"sicily": {"P": {"land": 2, "naval": 5, "bases": 1}}}  # 33 points on 32
    g = game(forces=forces, start="maintenance")
    assert kinds(g) == {"eurypontid": "maintenance"}  # the Spartan CF removes
    forces["persia"] = {"persia": {"bases": 1}}
    g = game(forces=forces, start="maintenance")
    assert not g.prompts()


def test_the_300_cost_no_upkeep_rule_11_2() -> None:
    """11.2 (ruling R34's count, the example's 17): the 300 are not paid for, so a
    Spartan side exactly at its capacity with them is not asked to remove a unit."""
    from engine.rulesets.pericles.end_phase import upkeep
    g = game(start="maintenance")
    cost, capacity = upkeep(g.state, "sparta")
    g2 = game(the_300=None, start="maintenance")
    assert upkeep(g2.state, "sparta")[0] == cost + 1
    assert capacity == upkeep(g2.state, "sparta")[1]


def test_redeployment_fills_a_base_theater_to_15_units_and_no_more_rule_11_3() -> None:
    """11.3: a theater with a friendly base holds at most 15 units of the side; a full
    one is no destination."""
    full = {"A": {"land": 6, "naval": 6, "bases": 2}, "D": {"land": 3}}
    g = game(forces={"athens": full}, start="redeployment")
    assert not any(o.endswith(">athens") for o in ids(g, "aristocrats"))
    full["D"]["land"] = 2
    g = game(forces={"athens": full}, start="redeployment")
    assert any(o.endswith(">athens") for o in ids(g, "aristocrats"))


def test_league_units_redeploy_only_to_their_own_leagues_bases_rule_11_3() -> None:
    """11.3: Delian units go only where a Delian base stands; Athenian units to an
    Athenian or Delian base."""
    g = game(forces={"macedonia": {"D": {"land": 1}, "A": {"land": 1}},
                     "hellespont": {"A": {"bases": 1}}}, start="redeployment")
    delian = {o.split(">")[1] for o in ids(g, "aristocrats") if o.startswith("D:land@macedonia>")}
    athenian = {o.split(">")[1] for o in ids(g, "aristocrats") if o.startswith("A:land@macedonia>")}
    s = g.state
    assert delian and all(s["forces"][t]["D"]["bases"] for t in delian - {"x"})
    assert "athens" in athenian and "athens" not in delian
    assert "naupactus" in athenian and "naupactus" not in delian  # an Athenian base only


def test_a_city_without_a_base_of_its_own_in_its_capital_loses_rule_11_1() -> None:
    """11.1 (11.13, ruling R32): a city that has lost every City-State base in its
    capital loses at once in the End phase."""
    g = game(forces={"athens": {"A": {"land": 6, "naval": 6}, "S": {"land": 2}}},
             start="end_phase")
    assert g.state["victor"] == "sparta" and g.state["over"]


def test_fifty_ahead_and_double_wins_at_the_end_phase_rule_11_1() -> None:
    """11.1 (11.11, ruling R32): a city 50 Honor ahead of the other and at least twice
    its total wins at once; 50 ahead but short of double does not."""
    g = game(honor={"aristocrats": 50, "demagogues": 50, "agiad": 25, "eurypontid": 25},
             start="end_phase")
    assert g.state["victor"] == "athens"
    g = game(honor={"aristocrats": 60, "demagogues": 50, "agiad": 30, "eurypontid": 30},
             start="end_phase")
    assert g.state["victor"] is None


# ------------------------------------------------------------------ 8.x theater issues
def test_a_league_issue_where_the_league_has_no_base_raises_nothing_rule_8_5() -> None:
    """8.5: League units are raised 2 foot or 1 ship for each base of that League in
    the theater, so without one only a base (where friendly units stand) or nothing is
    offered."""
    g = game(strategos={"aristocrats": 4}, forces={"macedonia": {"D": {"land": 1}}},
             start="league_issue", args={"theater": "macedonia", "owner": "aristocrats"})
    assert set(ids(g, "aristocrats")) == {"base", "none"}  # no Delian base there yet
    g.act("aristocrats", "base")  # a theater Athens alone holds: 1 Strategos (R20)
    assert g.state["forces"]["macedonia"]["D"]["bases"] == 1
    assert g.state["strategos"]["aristocrats"] == 3 and g.state["honor"]["aristocrats"] == 12


def test_a_diplomatic_issue_places_at_most_five_treachery_markers_rule_10_3() -> None:
    """10.3 (ruling R22): a Diplomatic issue that converts nothing leaves a Treachery
    marker for each token committed, never more than five of a city in a theater."""
    g = game(strategos={"agiad": 8}, treachery={"thessalia": {"sparta": 3}},
             start="diplomatic_issue", args={"theater": "thessalia", "owner": "agiad"})
    g.act("agiad", "4")  # 4 is not more than the Delian strength of 4 there
    assert g.state["treachery"]["thessalia"]["sparta"] == 5
    assert g.state["forces"]["thessalia"]["D"]["bases"] == 1


# ------------------------------------------------------------------ 16.0's battles
def test_the_worked_example_battle_in_chalcidice_rule_9_3() -> None:
    """9.3 with 16.0's numbers: two Spartan foot (the 300 among them), two
    Peloponnesian foot, a base, 4 tokens, the 300's token and a Treachery marker (14)
    with a card of 2, against an Athenian foot, a Delian base and the State Ship (4) with
    a 3: 16 to 7. The Athenian foot dies; the base stands, an Athenian ship being left;
    the other points are lost. The commander +2, its compatriot +1, each Athenian -1."""
    g = game(war=True, the_300="chalcidice",
             forces={"chalcidice": {"S": {"land": 2}, "P": {"land": 2, "bases": 1},
                                    "A": {"land": 1, "naval": 1}, "D": {"bases": 1}}},
             treachery={"chalcidice": {"sparta": 1}},
             expedition=expedition("chalcidice", "agiad", "sparta", ship=True),
             committed={"agiad": 4}, state_ship="used",
             battle_cards={"athens": [3], "sparta": [2]},
             start="battle", args={"kind": "land", "second": False})
    s = g.state
    assert s["battle"]["facts"]["strength"] == {"sparta": 16, "athens": 7}
    assert s["forces"]["chalcidice"]["A"] == {"land": 0, "naval": 1, "bases": 0}
    assert s["forces"]["chalcidice"]["D"]["bases"] == 1
    assert s["honor"] == {"aristocrats": 9, "demagogues": 9, "agiad": 12, "eurypontid": 11}
    assert s["hostages"]["sparta"] == 1  # an Athenian unit (ruling R30)


def test_the_worked_example_battle_in_boeotia_rule_9_3() -> None:
    """9.3 with 16.0's numbers: 22 and a 1 against a Delian foot and base with a 5, 23
    to 8. The foot falls, and then the base, no unit being left; one unit lost costs the
    winner nothing; two pieces: +4, +2 and -2 each."""
    g = game(war=True, the_300="boeotia",
             forces={"boeotia": {"S": {"land": 4}, "P": {"land": 5, "bases": 1},
                                 "D": {"land": 1, "bases": 1}},
                     "sparta": {"S": {"land": 4, "bases": 2}}},
             treachery={"boeotia": {"sparta": 1}},
             expedition=expedition("boeotia", "agiad", "sparta"),
             committed={"agiad": 5}, state_ship="used",
             battle_cards={"athens": [5], "sparta": [1]},
             start="battle", args={"kind": "land", "second": False})
    s = g.state
    assert s["battle"]["facts"]["strength"] == {"sparta": 23, "athens": 8}
    assert s["forces"]["boeotia"]["D"] == {"land": 0, "naval": 0, "bases": 0}
    assert s["forces"]["boeotia"]["S"]["land"] == 4 and s["forces"]["boeotia"]["P"]["land"] == 5
    assert s["honor"] == {"aristocrats": 8, "demagogues": 8, "agiad": 14, "eurypontid": 12}


def test_the_worked_example_battles_in_sicily_rule_9_3() -> None:
    """9.3 with 16.0's numbers, the Athenians attacking a land theater: on land 4 foot
    and 6 tokens with a 4 against 2 foot, a base and 5 tokens with a 3, 14 to 12: both
    Peloponnesian foot fall and the winner loses one foot for them. At sea, 2 Athenian
    ships and the tokens with a 2 against a ship, the base and the tokens with a 3, 12
    to 11: the ship sinks and the base, worth 2, stands on the single point left."""
    g = game(war=True, forces={"sicily": {"A": {"land": 4, "naval": 2},
                                          "P": {"land": 2, "naval": 1, "bases": 1}},
                               "athens": {"A": {"land": 0, "naval": 2, "bases": 2}}},
             expedition=expedition("sicily", "demagogues", "athens"),
             committed={"demagogues": 5, "aristocrats": 1, "agiad": 5},
             state_ship="used", battle_cards={"athens": [4, 2], "sparta": [3, 3]},
             start="battle", args={"kind": "land", "second": False})
    s = g.state
    assert s["battle"]["facts"]["strength"] == {"athens": 14, "sparta": 12}
    assert s["forces"]["sicily"]["A"]["land"] == 3 and s["forces"]["sicily"]["P"]["land"] == 0
    g.act("demagogues", "fight")
    assert s["battle"]["facts"]["strength"] == {"athens": 12, "sparta": 11}
    assert s["forces"]["sicily"]["P"] == {"land": 0, "naval": 0, "bases": 1}
    assert s["forces"]["sicily"]["A"]["naval"] == 2


# ------------------------------------------------------------------ generation 1
def _tokens_only_attack(generation: int | None) -> engine.Game:
    g = RULES.from_position({"scenario": "14.1.06 A", "war": True,
                             "strategos": {"agiad": 5, "eurypontid": 0},
                             "battle_cards": {"athens": [1], "sparta": [5]},
                             "state_ship": "used", "start": "carry_out",
                             "args": {"theater": "cyclades", "owner": "agiad",
                                      "kind": "military"}},
                            seed="paudit14", generation=generation)
    for seat in ("aristocrats", "demagogues", "eurypontid"):
        g.act(seat, "0")
    g.act("agiad", "5")
    if g.prompts():  # no Spartan ship can get there (some may go part of the way)
        assert not any(o.id.endswith("@isthmus") for o in g.prompts()[0].options)
        g.act("agiad", "stop")
    return g


def test_committed_strategos_fight_alone_where_no_unit_arrived_rule_9_3() -> None:
    """9.3 (the playbook's note on battles, 16.0; ruling R61, generation 1): there is no
    least force for a battle; an expedition's committed tokens stand in the target and
    fight even when none of the attackers' units got there. Five Spartan tokens and a 5
    against the lone Delian base of the Cyclades and a 1: 10 to 3; the base falls, no
    unit standing by it."""
    g = _tokens_only_attack(None)
    s = g.state
    assert s["generation"] >= 1  # today's questions: generation 1 or a later one
    assert s["battle"] is not None and s["battle"]["winner"] == "sparta"
    assert s["forces"]["cyclades"]["D"]["bases"] == 0
    assert s["honor"] == {"aristocrats": 9, "demagogues": 9, "agiad": 12, "eurypontid": 11}
    assert s["strategos"]["agiad"] == 0 and s["stock"]["sparta"] == 26  # tokens come home


def test_games_of_generation_0_fight_only_where_units_arrived_rule_9_3() -> None:
    """Generation 0 (games stored before ruling R61) keeps its reading: with no unit of
    the attackers in the target, nothing is fought and the tokens go back to the stock."""
    g = _tokens_only_attack(0)
    s = g.state
    assert "generation" not in s
    assert s["battle"] is None and s["forces"]["cyclades"]["D"]["bases"] == 1
    assert s["stock"]["sparta"] == 26 and not g.prompts()


def test_nothing_committed_and_nothing_arrived_fights_nothing_rule_9_2() -> None:
    """9.2 (ruling R61): with neither a unit nor a token of the attackers in the target
    there is nothing of theirs to fight with, and no battle."""
    g = RULES.from_position({"scenario": "14.1.06 A", "war": True, "start": "carry_out",
                             "args": {"theater": "cyclades", "owner": "agiad",
                                      "kind": "military"}}, seed="paudit14")
    for seat in ("aristocrats", "demagogues", "eurypontid", "agiad"):
        g.act(seat, "0")
    assert g.state["battle"] is None and g.state["forces"]["cyclades"]["D"]["bases"] == 1


def _march_north(generation: int | None) -> engine.Game:
    """16.0's expedition to Chalcidice, the Eurypontid commanding with 4 Strategos."""
    g = RULES.from_position({"scenario": "14.1.06 A", "war": True,
                             "strategos": {"eurypontid": 8}, "start": "expedition",
                             "args": {"theater": "chalcidice", "owner": "eurypontid"}},
                            seed="paudit14", generation=generation)
    for seat in ("aristocrats", "demagogues", "agiad"):
        g.act(seat, "0")
    g.act("eurypontid", "4")
    return g


def test_a_unit_stops_where_the_exit_rule_holds_it_rule_9_2() -> None:
    """9.2 (16.0's march north; ruling R62, generation 1): a unit that cannot get out of
    a theater on its way ends its move there. The first Spartan foot sent north stops in
    Thessalia (2 against Athens' 4); with a second beside it Sparta's 4 equal Athens' 4
    and the road to Chalcidice is open for the next."""
    g = _march_north(None)
    first = ids(g, "eurypontid")
    assert "S:land@sparta>thessalia" in first and "S:land@sparta" not in first
    g.act("eurypontid", "S:land@sparta>thessalia")
    g.act("eurypontid", "S:land@sparta>thessalia")
    assert g.state["forces"]["thessalia"]["S"]["land"] == 2
    assert "S:land@sparta" in ids(g, "eurypontid")  # now it gets through
    g.act("eurypontid", "S:land@sparta")
    assert g.state["forces"]["chalcidice"]["S"]["land"] == 1
    assert g.state["expedition"]["moves"] == 1


def test_games_of_generation_0_offer_only_units_that_reach_the_target_rule_9_2() -> None:
    """Generation 0 keeps ruling R28 as it was: only units able to reach the target are
    offered, so no Spartan foot can set out for Chalcidice past Thessalia."""
    g = _march_north(0)
    assert not any(">" in o or o.startswith("S:land@sparta") for o in ids(g, "eurypontid"))


# ------------------------------------------------------------------ political phase
def test_oration_is_capped_at_3_and_more_issues_take_control_rule_7_1() -> None:
    """7.1: each faction adds up the boxes of the issues on its track; the higher total
    takes the difference from the other, 3 at most; the faction with more issues won
    governs and takes the Favor, whatever the totals."""
    display = [{"id": 1, "kind": "military", "pos": 6}, {"id": 2, "kind": "league", "pos": -1},
               {"id": 3, "kind": "oracle", "pos": -1}]
    g = game(display={"athens": display, "sparta": []}, start="political_issues")
    s = g.state
    assert s["oration"] == {"aristocrats": 6, "demagogues": 2, "agiad": 0, "eurypontid": 0}
    assert s["honor"]["aristocrats"] == 13 and s["honor"]["demagogues"] == 7
    assert s["controlling"]["athens"] == "demagogues" and s["favor"]["athens"] == "demagogues"


def test_the_leader_card_pays_1_on_the_board_after_the_plague_rule_7_2() -> None:
    """7.2: the card kept for the Strategy Board pays 1 Strategos from the Board's 5, the
    faction leader 2 before the Plague and 1 after it."""
    before = game(start="strategy_board").state
    after = game(plague="post", start="strategy_board").state
    assert before["strategos"]["aristocrats"] == 2 and after["strategos"]["aristocrats"] == 1
    assert after["board"]["athens"] == 3


def test_strategos_are_traded_in_fours_and_the_rest_go_home_rule_8_4() -> None:
    """8.4 (ruling R23): at the end of the theater phase every 4 Strategos a faction holds
    buy 1 Honor; what is left goes back to its city's stock, and so do the tokens traded
    (the stock shrinks only by the cards and the Ravages of War)."""
    g = game(strategos={"agiad": 9}, start="strategos_honor")
    s = g.state
    assert s["honor"]["agiad"] == 12 and s["strategos"]["agiad"] == 0
    assert s["stock"]["sparta"] == 30


def test_a_raid_ravages_the_enemy_cf_first_rule_9_1() -> None:
    """9.1 (ruling R25): a raid costs 3 Strategos and pays 3 Honor; the enemy loses the
    face of its next battle card in Strategos, its Controlling Faction first."""
    g = game(war=True, strategos={"agiad": 3, "aristocrats": 2, "demagogues": 5},
             battle_cards={"athens": [4]}, start="raid_choice",
             args={"theater": "boeotia", "owner": "agiad"})
    g.act("agiad", "raid")
    s = g.state
    assert s["honor"]["agiad"] == 13 and s["strategos"]["agiad"] == 0
    assert s["strategos"]["aristocrats"] == 0 and s["strategos"]["demagogues"] == 3
