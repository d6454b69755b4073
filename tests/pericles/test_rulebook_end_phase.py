"""The End phase and the winner read from the rulebook (1.0, 5.1, 11.1-11.4), each rule
from a described position on the turn-6 set-up."""

from __future__ import annotations

from engine.rulesets.pericles import RULESET
from engine.rulesets.pericles import theaters as th
from engine.rulesets.pericles.end_phase import destinations, upkeep
from engine.rulesets.pericles.rules import MACHINE

from .rulebook import answer, options, position, prompt, start


def test_maintenance_removes_what_four_a_base_cannot_feed_rule_11_2() -> None:
    """11.2: a side feeds 4 points for each of its bases; a ship costs 2, a foot 1; its
    Controlling Faction removes units until the side can pay, and a side within its
    means is not asked."""
    s = position()
    th.add(s, "isthmus", "P", "naval", 4)  # 8 points more than the turn-6 set-up
    cost, capacity = upkeep(s, "sparta")
    assert capacity == 32 and cost == capacity + 1
    ctx = start(s, "maintenance")
    p = prompt(s, "eurypontid")
    assert p.kind == "maintenance" and "P:naval@isthmus" in {o.id for o in p.options}
    assert [q.seat for q in MACHINE.prompts(s)] == ["eurypontid"]  # Athens pays its way
    answer(s, ctx, ("eurypontid", "P:land@sicily"))  # a foot: one point, enough
    assert s["flow"] == [] and upkeep(s, "sparta")[0] == 32


def test_a_granary_lost_two_end_phases_running_loses_the_war_rule_11_1() -> None:
    """11.1 (11.12, ruling R32): Athens starting a second End phase in a row with no base
    of its side in a granary (the Hellespont, Sicily) loses at once; a base back in time
    clears the count."""
    s = position()
    s["forces"]["hellespont"]["A"]["bases"] = 0
    start(s, "end_phase")
    assert s["granary_miss"]["athens"] == 1 and s["victor"] is None
    start(s, "end_phase")
    assert s["victor"] == "sparta" and s["over"]
    s = position()
    s["granary_miss"]["athens"] = 1  # one End phase missed, then a Delian base in Sicily
    th.add(s, "sicily", "D", "bases", 1)
    th.add(s, "sicily", "D", "land", 1)
    s["forces"]["hellespont"]["A"]["bases"] = 0
    start(s, "end_phase")
    assert s["granary_miss"]["athens"] == 0 and s["victor"] is None


def test_redeployment_goes_to_bases_of_the_units_own_kind_rule_11_3() -> None:
    """11.3: League units go only where a base of their League stands, Spartan units
    where a Spartan base stands, Athenian units where an Athenian or Delian base stands;
    a theater with a base of the side holds 15 units at most."""
    s = position()
    league = destinations(s, "P", "boeotia")
    assert "isthmus" in league and "sparta" not in league
    assert destinations(s, "S", "sparta") == []  # Sparta is the only Spartan base
    athenian = destinations(s, "A", "naupactus")
    assert {"athens", "cyclades", "thessalia"} <= set(athenian)
    assert "athens" not in destinations(s, "D", "thessalia")  # no Delian base there
    th.add(s, "athens", "A", "land", 3)  # 9 foot and 6 ships: 15
    assert "athens" not in destinations(s, "A", "naupactus")


def test_a_theater_without_a_base_keeps_one_unit_rule_11_3() -> None:
    """11.3 (R34): two Peloponnesian foot in Macedonia, where Sparta has no base: one
    must go before the redeployment can end; with one left there, it may end."""
    s = position()
    th.add(s, "macedonia", "P", "land", 2)
    ctx = start(s, "redeployment")
    assert "done" not in options(s, "eurypontid")
    answer(s, ctx, ("eurypontid", "P:land@macedonia>isthmus"))
    assert "done" in options(s, "eurypontid")


def test_a_will_to_control_fails_while_the_enemy_stands_there_rule_5_1() -> None:
    """5.1 (R35): a Will of the Assembly to control a theater is met only with no enemy
    piece there; missed, it costs each faction of the city 5 Honor and 3 Strategos from
    next turn's stock; a Will to build a base is met by a base of the side there."""
    s = position()
    s["will"] = {"athens": {"theater": "thessalia", "task": "base"},
                 "sparta": {"theater": "boeotia", "task": "control"}}
    start(s, "will_of_assembly")
    assert s["honor"] == {"aristocrats": 15, "demagogues": 15, "agiad": 5, "eurypontid": 5}
    assert s["will_penalty"] == {"athens": 0, "sparta": 3}


def test_the_winning_citys_faction_with_more_honor_wins_rule_1_0() -> None:
    """1.0 and 11.4: the city with more Honor in all wins the war, and its faction with
    more Honor wins the game, even with less Honor than a faction of the losing city;
    equal factions: the Controlling Faction (R14)."""
    s = position()
    s["over"] = True
    s["honor"] = {"aristocrats": 12, "demagogues": 15, "agiad": 20, "eurypontid": 6}
    out = RULESET.outcome(s)
    assert out is not None and out.winners == ("demagogues",)
    s["honor"]["aristocrats"] = s["honor"]["demagogues"] = 14  # 28 to 26
    out = RULESET.outcome(s)
    assert out is not None and out.winners == ("aristocrats",)  # the governing one


def test_equal_cities_go_to_the_one_whose_cf_holds_the_favor_rule_11_4() -> None:
    """11.4 (ruling R14): with equal city totals, the city whose Controlling Faction
    holds its Assembly's Favor wins when only one does; when both or neither do, the
    game is drawn."""
    s = position()
    s["over"] = True
    s["honor"] = {"aristocrats": 12, "demagogues": 13, "agiad": 20, "eurypontid": 5}
    s["favor"] = {"athens": "aristocrats", "sparta": "eurypontid"}
    out = RULESET.outcome(s)
    assert out is not None and out.winners == () and "draw" in out.reason
    s["favor"]["sparta"] = None  # after a Major Defeat, say (R59)
    out = RULESET.outcome(s)
    assert out is not None and out.winners == ("demagogues",) and "Favor" in out.reason
