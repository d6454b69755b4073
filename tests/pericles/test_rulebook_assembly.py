"""The Assembly and the political phase read from the rulebook (6.2-7.3), each rule
from a described display. The worked example's Spartan Assembly is replayed in
test_assembly.py."""

from __future__ import annotations

from engine.rulesets.pericles import assembly as asm
from engine.rulesets.pericles.political import available_issues, designator, nominations
from engine.rulesets.pericles.schema import Issue, PericlesState

from .rulebook import answer, options, position, prompt, start


def display(s: PericlesState, city: str, *issues: tuple[str, int]) -> None:
    """The issues left on a city's display after the debate: (kind, position), the
    position positive on the track of the city's first faction (Aristocrats, Agiad),
    negative on the other's, 0 in the centre."""
    shown: list[Issue] = [{"id": n, "kind": k, "pos": pos} for n, (k, pos) in enumerate(issues, 1)]
    s["display"][city] = shown


def test_the_boule_cf_two_space_opposition_one_space_then_the_centre_rule_6_2() -> None:
    """6.2: the Controlling Faction nominates onto its own 2-space, the Opposition onto
    its own 1-space, then the CF three and the Opposition two issues into the centre;
    a display has a single War/Peace issue."""
    s = position("14.1.06 B")  # Sparta, the Eurypontid governing
    assert nominations(s, "sparta") == [("eurypontid", 2), ("agiad", 1)] + \
        [("eurypontid", 0)] * 3 + [("agiad", 0)] * 2
    ctx = start(s, "boule")
    assert "Boule" in prompt(s, "eurypontid").text and "2-space" in prompt(s, "eurypontid").text
    answer(s, ctx, ("eurypontid", "military"), ("agiad", "league"), ("eurypontid", "war_peace"))
    assert [(i["kind"], asm.side(i["pos"], "sparta"), abs(i["pos"])) for i in s["display"]["sparta"]] \
        == [("military", "eurypontid", 2), ("league", "agiad", 1), ("war_peace", None, 0)]
    assert "war_peace" not in options(s, "eurypontid")
    assert "war_peace" not in available_issues(s, "sparta", "agiad")


def test_designation_alternates_the_cf_first_rule_6_3() -> None:
    """6.3: the six rounds' designations alternate, the Controlling Faction first."""
    s = position()
    assert [designator(s, "athens", r) for r in range(1, 7)] == \
        ["aristocrats", "demagogues"] * 3
    assert [designator(s, "sparta", r) for r in range(1, 3)] == ["eurypontid", "agiad"]


def test_a_card_counts_its_aligned_value_on_its_issue_and_its_face_elsewhere_rule_6_3() -> None:
    """6.3: a card counts its aligned value on the issue its half is aligned to, its face
    value on any other; an aligned card earns its Strategos, an unaligned one nothing;
    the leader card counts 7 (not on War/Peace) and earns 1 (16.0: card 33 is 8 on a
    Military issue and pays 4)."""
    assert asm.value(33, "eurypontid", "military") == 8
    assert asm.award(33, "eurypontid", "military") == 4
    assert asm.value(33, "eurypontid", "league") == 5 and asm.award(33, "eurypontid", "league") == 0
    leader = asm.leader_number("agiad")
    assert asm.value(leader, "agiad", "oracle") == 7 and asm.award(leader, "agiad", "oracle") == 1
    assert not asm.playable_on(leader, "war_peace") and asm.playable_on(leader, "ostracism")


def test_the_issue_moves_by_the_difference_and_may_cross_the_centre_rule_6_3() -> None:
    """6.3: the issue slides toward the higher card by the difference, through the centre
    if need be; equal cards leave it; box 6 is the end of a track (R4)."""
    assert asm.move(0, 5, 5) == 0
    assert asm.move(-2, 7, 3) == 2  # from the second faction's 2-space to the first's 2-space
    assert asm.move(1, 1, 7) == -5
    assert asm.move(4, 8, 1) == 6


def test_a_short_stock_pays_a_token_at_a_time_the_cf_first_rule_6_3() -> None:
    """6.3 (16.0's fourth round): when the stock cannot pay both factions, they take one
    token at a time, the Controlling Faction first, until it is empty."""
    s = position()
    s["stock"]["sparta"] = 3
    paid = asm.pay_from_stock(s, "sparta", {"eurypontid": 2, "agiad": 3})
    assert paid == {"eurypontid": 2, "agiad": 1} and s["stock"]["sparta"] == 0
    assert asm.pay_from_stock(s, "sparta", {"eurypontid": 2, "agiad": 0}) == \
        {"eurypontid": 0, "agiad": 0}


def test_oration_takes_the_difference_at_most_3_from_the_rival_rule_7_1() -> None:
    """7.1: each faction adds up the boxes of its issues; the higher total takes the
    difference, never more than 3, from the other faction of its city."""
    s = position()
    display(s, "athens", ("military", 6), ("league", 1), ("oracle", -2))
    display(s, "sparta", ("military", 2), ("league", -1))
    start(s, "political_issues")
    assert s["oration"] == {"aristocrats": 7, "demagogues": 2, "agiad": 2, "eurypontid": 1}
    assert s["honor"] == {"aristocrats": 13, "demagogues": 7, "agiad": 11, "eurypontid": 9}


def test_control_goes_to_more_issues_then_the_higher_total_rule_7_1() -> None:
    """7.1, ruling R5: the faction that won more issues governs, whatever the boxes;
    equal counts go to the higher oration total, and a full tie leaves the governing
    faction in place. The Assembly marker stands on the governing faction."""
    s = position()
    display(s, "athens", ("military", 5), ("league", -1), ("oracle", -1))  # 1 against 2
    display(s, "sparta", ("military", 3), ("league", -1))  # 1 each, the Agiad's higher
    start(s, "political_issues")
    assert s["controlling"] == {"athens": "demagogues", "sparta": "agiad"}
    assert s["favor"] == {"athens": "demagogues", "sparta": "agiad"}
    display(s, "athens", ("military", 2), ("league", -2))  # a full tie: the Demagogues stay
    display(s, "sparta")
    start(s, "political_issues")
    assert s["controlling"] == {"athens": "demagogues", "sparta": "agiad"}


def test_war_needs_one_vote_peace_needs_both_cities_rule_7_1() -> None:
    """7.1: at Peace one War/Peace issue won anywhere brings War; at War only a
    War/Peace issue won in both cities makes Peace, each winner gaining 2 (R11)."""
    s = position(war=False)
    display(s, "sparta", ("war_peace", -1))
    display(s, "athens")
    start(s, "political_issues")
    assert s["war"]
    display(s, "athens", ("war_peace", 1))
    display(s, "sparta")
    start(s, "political_issues")
    assert s["war"]  # Athens alone cannot make Peace
    honor = dict(s["honor"])
    display(s, "athens", ("war_peace", 1))
    display(s, "sparta", ("war_peace", 1))
    start(s, "political_issues")
    assert not s["war"]
    # oration 1 to 0 in each city, then the 2 of the Peace
    assert s["honor"]["aristocrats"] == honor["aristocrats"] + 1 + 2
    assert s["honor"]["agiad"] == honor["agiad"] + 1 + 2
    assert s["honor"]["demagogues"] == honor["demagogues"] - 1


def test_ostracism_brings_control_whatever_the_issue_count_rule_7_1() -> None:
    """7.1, ruling R9: the faction that wins the Ostracism governs and takes the Favor
    even with fewer issues won, gains 3 Honor from its rival outside the oration cap, and
    the rival's leader sits out the next turn."""
    s = position()
    display(s, "athens", ("military", 1), ("league", 1), ("ostracism", -1))
    display(s, "sparta")
    start(s, "political_issues")
    assert s["controlling"]["athens"] == "demagogues" == s["favor"]["athens"]
    # oration 2 to 1 (+1 for the Aristocrats), then the Ostracism's 3 the other way
    assert (s["honor"]["aristocrats"], s["honor"]["demagogues"]) == (8, 12)
    assert s["leader_out"] == {"aristocrats": True, "demagogues": False, "agiad": False,
                               "eurypontid": False}


def test_the_strategy_board_pays_one_the_leader_two_before_the_plague_rule_7_2() -> None:
    """7.2: the Controlling Faction first, each faction shows its last card and takes
    Strategos from its city's Board pool of 5: 1 for a card, 2 for the leader card before
    the Plague and 1 after; an empty pool pays nothing."""
    s = position()  # turn 6: before the Plague
    s["hands"] = {"aristocrats": [asm.leader_number("aristocrats")], "demagogues": [3],
                  "eurypontid": [asm.leader_number("eurypontid")], "agiad": [42]}
    s["board"]["sparta"] = 2
    start(s, "strategy_board")
    assert s["strategos"] == {"aristocrats": 2, "demagogues": 1, "eurypontid": 2, "agiad": 0}
    assert s["board"] == {"athens": 2, "sparta": 0}
    s["plague"] = "post"
    s["hands"]["aristocrats"] = [asm.leader_number("aristocrats")]
    start(s, "strategy_board")
    assert s["strategos"]["aristocrats"] == 3 and s["board"]["athens"] == 1


def test_won_theater_issues_become_markers_with_two_rumors_rule_7_3() -> None:
    """7.3: each Military, League, Diplomatic or Oracle issue a faction won becomes its
    theater marker; War/Peace and Ostracism give none; each faction adds 2 Rumors; the
    display is cleared, the issues nobody won with it."""
    s = position()
    display(s, "athens", ("military", 1), ("war_peace", 2), ("oracle", -3), ("league", 0))
    display(s, "sparta", ("ostracism", -1))
    start(s, "political_issues")
    start(s, "theater_award")
    assert s["markers"] == {"aristocrats": ["military", "rumor", "rumor"],
                            "demagogues": ["oracle", "rumor", "rumor"],
                            "agiad": ["rumor", "rumor"], "eurypontid": ["rumor", "rumor"]}
    assert s["display"] == {"athens": [], "sparta": []}
