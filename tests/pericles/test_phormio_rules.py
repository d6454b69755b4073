"""The rules' side of Phormio: seats and handicaps (15.1, 15.14), the Prime Strategy on
the game's dice (15.3) and Brasidas (15.9), with fixed dice."""

from __future__ import annotations

from typing import Any

import pytest

from engine import new_game
from engine.core.decisions import random_answer
from engine.core.rng import Rng
from engine.core.ruleset import Context
from engine.core.types import IllegalAction
from engine.rulesets.pericles import assembly as asm
from engine.rulesets.pericles import prime
from engine.rulesets.pericles.rules import RULESET
from engine.testing import FixedRng

SOLO = "aristocrats,demagogues,agiad"  # the worked example: the human holds the Eurypontid


def set_up(dice: list[int], scenario: str = "14.1.06 A", **options: Any) -> Any:
    rng = FixedRng(dice)
    s = RULESET.setup(Context(rng), scenario, options)
    assert rng.values == [], "every fixed die is used"
    return s


def test_handicaps_rule_15_14() -> None:
    f = ["aristocrats", "demagogues", "agiad", "eurypontid"]
    # solitaire: +20 to each faction of the all-Phormio side, none on the human's side
    assert prime.handicaps(f, ["aristocrats", "demagogues", "agiad"]) == \
        {"aristocrats": 20, "demagogues": 20}
    # two people against Phormio (variant B): +20 each Phormio faction
    assert prime.handicaps(f, ["agiad", "eurypontid"]) == {"agiad": 20, "eurypontid": 20}
    # three people: +5 to each faction of the all-human side
    assert prime.handicaps(f, ["demagogues"]) == {"agiad": 5, "eurypontid": 5}
    s = set_up([3], phormio="demagogues", handicap="off")
    assert set(s["honor"].values()) == {10}


def test_a_game_without_phormio_keeps_its_steps() -> None:
    g = new_game("pericles", scenario="14.1.06 A", seed=1)
    assert "automated" not in g.state and "prime" not in g.state
    steps = [st["name"] for fr in g.state["flow"] for st in fr["args"].get("steps", [])]
    assert "prime" not in steps and "brasidas" not in steps


def test_unknown_phormio_seat_is_refused() -> None:
    with pytest.raises(IllegalAction):
        new_game("pericles", scenario="14.1.06 B", seed=1, options={"phormio": "aristocrats"})


def test_prime_strategies_on_the_game_dice_rule_15_3() -> None:
    # Athens: the CF (Aristocrats) rolls a 2 on the Granary row; the Demagogues go on
    # below it to Expansion (a 1); Sparta: the Agiad alone, Protect Key Allies on a 3
    s = set_up([2, 1, 3], phormio=SOLO)
    assert s["prime"] == {
        "aristocrats": {"row": "granary", "theater": "sicily", "rolls": [2]},
        "demagogues": {"row": "expansion", "theater": "macedonia", "rolls": [1]},
        "agiad": {"row": "protect_allies", "theater": "boeotia", "rolls": [3]}}
    v = RULESET.view(s, "eurypontid")  # public: the human sees them
    assert v["prime"]["agiad"]["row"] == "protect_allies"
    assert s["honor"] == {"aristocrats": 30, "demagogues": 30, "agiad": 10, "eurypontid": 10}


def test_brasidas_worked_example_rule_15_9() -> None:
    # prime dice as above, then the oration dice: Aristocrats 3, Demagogues 5
    s = set_up([2, 1, 3, 3, 5], phormio=SOLO, brasidas="on")
    won = {f: sorted(i["kind"] for i in asm.issues_of(s["display"]["athens"], f))
           for f in ("aristocrats", "demagogues")}
    # the Demagogues: Expansion's M, L and the card's War/Peace; the Aristocrats the
    # Granary's M, L and one issue from the deck's top card
    assert won["demagogues"] == ["league", "military", "war_peace"]
    assert len(won["aristocrats"]) == 3 and {"league", "military"} <= set(won["aristocrats"])
    assert s["honor"]["demagogues"] == 32 and s["honor"]["aristocrats"] == 28
    assert s["controlling"]["athens"] == s["favor"]["athens"] == "demagogues"
    assert s["strategos"]["aristocrats"] == s["strategos"]["demagogues"] == 10
    assert s["stock"]["athens"] == 0 and s["board"]["athens"] == 0
    assert s["brasidas_cities"] == ["athens"]
    assert s["hands"]["aristocrats"] == [] and s["hands"]["demagogues"] == []


def test_brasidas_tie_brings_a_unique_issue_rule_15_96() -> None:
    # a tie (4-4): of the two unique issues one is drawn (a 6: the second) and goes to
    # the Opposition; nobody gains Honor and control stays
    s = set_up([2, 1, 3, 4, 4, 6], phormio=SOLO, brasidas="on")
    unique = [i for i in s["display"]["athens"] if i["kind"] in asm.decks()["athens"].unique_issues]
    assert len(unique) == 1 and asm.side(unique[0]["pos"], "athens") == "demagogues"
    assert unique[0]["kind"] == asm.decks()["athens"].unique_issues[-1]
    assert s["honor"]["aristocrats"] == s["honor"]["demagogues"] == 30
    assert s["controlling"]["athens"] == "aristocrats"


def test_brasidas_five_apart_is_an_ostracism_rule_15_93() -> None:
    s = set_up([2, 1, 3, 6, 1], phormio=SOLO, brasidas="on")
    ost = [i for i in s["display"]["athens"] if i["kind"] == "ostracism"]
    assert len(ost) == 1 and asm.side(ost[0]["pos"], "athens") == "aristocrats"
    assert s["honor"]["aristocrats"] == 35


def test_brasidas_side_sits_out_the_assembly_rule_15_9() -> None:
    g = new_game("pericles", scenario="14.1.06 A", seed=4,
                 options={"phormio": SOLO, "brasidas": "on"})
    athenian_prompts = set()
    rng = Rng(1)
    while g.view(None)["phase"] in ("political", "debate", None) and g.outcome is None:
        p = g.prompts()[0]
        athenian_prompts |= {q.seat for q in g.prompts() if asm.city_of(q.seat) == "athens"}
        g.act(p.seat, random_answer(p, rng))
    # the Phormio Agiad answers like anybody; the Athenians were never asked anything
    assert not athenian_prompts
    assert g.state["war"]  # the Demagogues' War/Peace (Clouds A) declares War (15.95)


def test_log_lines_of_records_with_no_theater_name() -> None:
    # every entry of the log's table is built for each record: the PS entry must not
    # read a Plague record's "theater" (the word plague) as a theater's key
    from engine.rulesets.pericles.view import line
    said = line({"kind": "ravaged", "city": "athens", "faction": None, "n": 2,
                 "what": "A:land", "theater": "plague"})
    assert "to the Plague" in said


def test_the_handicap_does_not_count_toward_automatic_victory_ruling_r58() -> None:
    """Solitaire 14.3: the all-Phormio Athens starts 40 Honor up (15.14). The 50-point,
    double lead of 11.11 is counted without it, so Phormio wins at once only by play."""
    from engine.rulesets.pericles.end_phase import automatic_victor

    s = RULESET.setup(Context(Rng("r58")), "14.3", {"phormio": SOLO})
    assert s["handicap"] == {"aristocrats": 20, "demagogues": 20}
    s["honor"] = {"aristocrats": 45, "demagogues": 45, "agiad": 10, "eurypontid": 10}
    assert automatic_victor(s) is None  # 90 to 20 on the track, but 50 to 20 by play
    s["honor"]["aristocrats"] = 65
    assert automatic_victor(s) == "athens"  # 70 to 20 by play: 50 ahead and double
    s["honor"] = {"aristocrats": 10, "demagogues": 10, "agiad": 45, "eurypontid": 45}
    assert automatic_victor(s) == "sparta"  # the human's side has no handicap to take off
