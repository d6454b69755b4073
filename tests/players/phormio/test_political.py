"""Phormio's political rules (playbook 15.41-15.53), each with a position, and the
Agiad's decisions in the worked example's Spartan Assembly (section 16, 14.1.06 A):
the human holds the Eurypontid, Phormio the Agiad with Protect Key Allies in Boeotia."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine import new_game
from engine.core.rng import Rng
from engine.core.types import Option, Prompt
from engine.players import player
from engine.players.phormio import political as pol
from engine.rulesets.pericles import assembly as asm
from engine.rulesets.pericles.political import ISSUE_NAMES, hand_option

LEADER = asm.leader_number("agiad")


@pytest.fixture(scope="module")
def start() -> dict[str, Any]:
    g = new_game("pericles", scenario="14.1.06 A", seed=5, options={"phormio": "agiad"})
    return g.view("agiad")


def position(start: dict[str, Any], hand: list[int], display: list[tuple[str, str | None, int]],
             **extra: Any) -> dict[str, Any]:
    """The Agiad's view with this hand and this Spartan display ((kind, track, box))."""
    v = copy.deepcopy(start)
    v["prime"] = {"agiad": {"row": "protect_allies", "theater": "boeotia", "rolls": [3]}}
    v["hand"] = [{"card": c, "label": ""} for c in hand]
    v["displays"]["sparta"] = [{"id": n + 1, "kind": k, "track": t, "box": b}
                               for n, (k, t, b) in enumerate(display)]
    v["controlling"]["sparta"] = "eurypontid"
    v |= extra
    return v


def nominate_prompt(v: dict[str, Any], box: int) -> Prompt:
    on = [i["kind"] for i in v["displays"]["sparta"]]
    kinds = [k for k in ("military", "league", "diplomatic", "oracle", "war_peace", "ostracism",
                         "games", "helots")
             if on.count(k) < (4 if k in asm.THEATER_ISSUES else 1)]
    return Prompt("agiad", "nominate", tuple(Option(k, ISSUE_NAMES[k], data={"issue": k,
                                                                             "box": box})
                                             for k in kinds), kind="nominate")


def designate_prompt(v: dict[str, Any]) -> Prompt:
    return Prompt("agiad", "designate", tuple(
        Option(f"i{i['id']}", i["kind"], data={"issue": i["id"], "kind": i["kind"],
                                               "track": i["track"], "box": i["box"]})
        for i in v["displays"]["sparta"]), kind="designate")


def debate_prompt(v: dict[str, Any], issue: int) -> Prompt:
    v["debate"]["sparta"] = {"round": 1, "designated": issue}
    kind = next(i["kind"] for i in v["displays"]["sparta"] if i["id"] == issue)
    return Prompt("agiad", "debate", tuple(hand_option(c["card"], "agiad", kind)
                                           for c in v["hand"]), kind="debate", secret=True)


HAND = [34, 35, 36, 39, 54, 41, 49, 50, LEADER]  # the example's named cards and others


def test_boule_takes_a_ps_issue_first_rule_15_41(start: dict[str, Any]) -> None:
    # the human put a Diplomatic issue on its 2-space; Phormio wants M, L, M: Military
    v = position(start, HAND, [("diplomatic", "eurypontid", 2)])
    assert pol.POLITICAL_RULES["nominate"](v, nominate_prompt(v, 1), Rng(1)) == "military"


def test_boule_by_the_strongest_aligned_cards_rule_15_41(start: dict[str, Any]) -> None:
    # every PS issue is on the display: the strongest aligned card is War/Peace 8 (34),
    # not open; Military 8 (35) it is; then 36 (League 7) and 39 (Military 7) tie: 1d6
    shown = [("war_peace", None, 0), ("diplomatic", "eurypontid", 2), ("military", "agiad", 1),
             ("military", None, 0), ("league", None, 0), ("oracle", None, 0)]
    v = position(start, HAND, shown, boule={"sparta": 5})
    assert pol.POLITICAL_RULES["nominate"](v, nominate_prompt(v, 0), Rng(1)) == "military"
    v2 = position(start, HAND, [*shown, ("military", None, 0)], boule={"sparta": 6})
    picks = {pol.POLITICAL_RULES["nominate"](v2, nominate_prompt(v2, 0), Rng(n))
             for n in range(12)}
    assert picks == {"league", "military"}


def test_responds_with_the_strongest_aligned_card_rule_15_53(start: dict[str, Any]) -> None:
    v = position(start, HAND, [("military", None, 0), ("league", None, 0)])
    assert pol.debate(v, debate_prompt(v, 1), Rng(1)) == "c35"  # Military 8, aligned


def test_designates_the_missing_ps_issue_rule_15_51(start: dict[str, Any]) -> None:
    # round 2: a Military already on the Agiad's track; League is next on the PS list
    shown = [("diplomatic", "eurypontid", 2), ("military", "agiad", 1), ("military", None, 0),
             ("league", None, 0), ("oracle", None, 0), ("league", None, 0)]
    v = position(start, [34, 36, 39, 54, LEADER], shown)
    assert pol.POLITICAL_RULES["designate"](v, designate_prompt(v), Rng(1)) in ("i4", "i6")
    assert pol.debate(v, debate_prompt(v, 4), Rng(1)) == "c36"  # League 7


def test_the_leader_stays_back_off_ostracism_rule_15_52(start: dict[str, Any]) -> None:
    # round 3: a League issue and no League card: the strongest card, never the leader
    # (7 on anything but War/Peace)
    v = position(start, [34, 39, 54, LEADER], [("league", None, 0)])
    assert pol.debate(v, debate_prompt(v, 1), Rng(1)) in ("c34", "c39")
    # on the Ostracism the leader plays when it is the strongest
    v = position(start, [36, 54, LEADER], [("ostracism", None, 0)])
    assert pol.debate(v, debate_prompt(v, 1), Rng(1)) == f"c{LEADER}"
    # ... and not on War/Peace, where it counts nothing
    v = position(start, [36, LEADER], [("war_peace", None, 0)])
    assert pol.debate(v, debate_prompt(v, 1), Rng(1)) == "c36"


def test_never_a_brain_trust_rule_15_52(start: dict[str, Any]) -> None:
    v = position(start, [36, LEADER], [("ostracism", None, 0)])
    p = debate_prompt(v, 1)
    trust = Option("b50", "Brain Trust", data={"brain_trust": True, "value": 12, "card": LEADER})
    p = Prompt(p.seat, p.text, (*p.options, trust), kind="debate")
    assert pol.debate(v, p, Rng(1)) != "b50"


def test_feasible_play_once_the_ps_is_won_rule_15_51(start: dict[str, Any]) -> None:
    # round 6: M, L, M on the Agiad's track; Gerousia 22 (Diplomatic 6) can bring the
    # Diplomatic issue from the Eurypontid 2 onto the Agiad track (6 - 2 >= 3)
    shown = [("diplomatic", "eurypontid", 2), ("military", "agiad", 1),
             ("league", "agiad", 6), ("military", "agiad", 1), ("military", "eurypontid", 3)]
    v = position(start, [54, 41, LEADER], shown)
    assert pol.POLITICAL_RULES["designate"](v, designate_prompt(v), Rng(1)) == "i1"
    assert pol.debate(v, debate_prompt(v, 1), Rng(1)) == "c54"


def test_nothing_feasible_pulls_the_lowest_issue_rule_15_51(start: dict[str, Any]) -> None:
    shown = [("military", "agiad", 1), ("league", "agiad", 2), ("military", "agiad", 1),
             ("oracle", "eurypontid", 5), ("diplomatic", "eurypontid", 2)]
    v = position(start, [59], shown)  # a 1 on anything but League: nothing feasible
    assert pol.POLITICAL_RULES["designate"](v, designate_prompt(v), Rng(1)) == "i5"


def test_ostracism_before_other_plays_rule_15_51(start: dict[str, Any]) -> None:
    shown = [("military", "agiad", 1), ("league", "agiad", 2), ("military", "agiad", 1),
             ("ostracism", "eurypontid", 1), ("oracle", None, 0)]
    v = position(start, HAND, shown)
    assert pol.POLITICAL_RULES["designate"](v, designate_prompt(v), Rng(1)) == "i4"


def test_hostages_only_at_war_when_not_ahead_rule_15_43(start: dict[str, Any]) -> None:
    p = Prompt("agiad", "hostages", (Option("spend", "s"), Option("keep", "k")), kind="hostage")
    behind = {"aristocrats": 12, "demagogues": 12, "agiad": 10, "eurypontid": 10}
    tied = {f: 10 for f in behind}
    ahead = {**behind, "agiad": 20}
    assert pol.hostage({**start, "war": True, "honor": behind}, p, Rng(1)) == "spend"
    assert pol.hostage({**start, "war": True, "honor": tied}, p, Rng(1)) == "spend"
    assert pol.hostage({**start, "war": True, "honor": ahead}, p, Rng(1)) == "keep"
    assert pol.hostage({**start, "war": False, "honor": behind}, p, Rng(1)) == "keep"


def test_the_leader_goes_to_the_board_rule_15_52(start: dict[str, Any]) -> None:
    v = position(start, [36, LEADER], [])
    p = Prompt("agiad", "board", tuple(hand_option(c, "agiad") for c in (36, LEADER)),
               kind="board")
    assert pol.board(v, p, Rng(1)) == f"c{LEADER}"


def test_the_level_plays_a_whole_assembly() -> None:
    g = new_game("pericles", scenario="assembly-t6", seed=2,
                 options={"phormio": "aristocrats,demagogues,agiad,eurypontid"})
    bots = {f: player("phormio", seed=f) for f in g.seats}
    while g.outcome is None:
        p = g.prompts()[0]
        assert p.kind != "entourage"  # Phormio keeps no Entourage (15.42)
        g.act(p.seat, bots[p.seat].choose(g.view(p.seat), p))
    assert g.outcome is not None
