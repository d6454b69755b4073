"""Issue 32's text points in battle words: dice and hits read as a person writes them
("1 die: 5 — hits on 1: no hit", not "1 dice [5], hits on 1-1: 0 hit(s)"), and Winter
tells its two Combat phases a side apart instead of "Combat phase" twice."""

from __future__ import annotations

import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng
from engine.rulesets.hellenes.battle_words import counted, dice_words, hits_on_words
from engine.rulesets.hellenes.state import WINTER

from .helpers import fix_dice, position


def test_counts_dice_and_ranges_are_worded_as_people_write_them():
    assert [counted(n, "hit") for n in (0, 1, 2)] == ["no hit", "1 hit", "2 hits"]
    assert dice_words([5]) == "1 die: 5" and dice_words([6, 2, 1]) == "3 dice: 6, 2, 1"
    assert hits_on_words(1) == "hits on 1" and hits_on_words(3) == "hits on 1-3"


def test_8_2_an_attrition_roll_is_told_in_plain_words():
    # Spring (hits on 1): Potidea's two Spartan blocks and its garrison, three dice
    g = position(scenario="431", season=1, start="combat", args={"side": "athens"},
                 turn={"side": "athens", "actions": 0},
                 sacrifices={"athens": {}, "sparta": {}})
    fix_dice(g, [5, 2, 6])
    told = [e for e in g.act("athens", "attrition:Potidea") if e.kind == "attrition"]
    assert [e.text for e in told] == [
        "Athens wages Siege Attrition on Potidea: 3 dice: 5, 2, 6 — hits on 1: no hit (8.2)"]


def test_9_3_9_4_winter_tells_each_combat_phase_once():
    """Winter has SiegeBreaking Combat (9.3) then Winter Siege Combat (9.4) for each
    side: four phase ends, each worded once (before: "Combat phase" twice a side)."""
    g = engine.new_game("hellenes", scenario="431", seed="winter-words")
    player = Rng("winter-words")
    ends: list[str] = []
    while g.outcome is None and g.state["year"] == 431:
        p = player.choice(g.prompts())
        ends += [e.text for e in g.act(p.seat, random_answer(p, player))
                 if e.kind == "phase_end" and e.data.get("season") == WINTER]
    combat = [t for t in ends if "Combat" in t]
    assert len(combat) == 4 and len(set(ends)) == len(ends), ends
    assert sum("SiegeBreaking Combat (9.3)" in t for t in combat) == 2
    assert sum("Winter Siege Combat (9.4)" in t for t in combat) == 2
