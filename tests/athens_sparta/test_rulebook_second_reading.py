"""A second reading of the rulebook against the engine (session 14): rules the first audit
(docs/reports/asaudit.md, test_rulebook_*.py) and the older test_rules_* files did not pin
with a position. Each test names its rule and says it in our own words."""

from __future__ import annotations

from tests.athens_sparta.conftest import act, blk, ids, prompt, rules, turn_at


def combat(active, blocks, dice, **more):
    """The combat phase of `active`'s player turn, every MP spent, with fixed dice."""
    return turn_at("combat", active, blocks, mp=0, dice=dice, **more)


# ------------------------------------------------------------------ 5.6 regroups
def _regroup_into_own_siege(generation=None):
    """Sparta beats a lone Athenian peltast at Megara (J8), with Athenians shut inside
    Thebes (J7) next door under a Spartan siege; the victor regroups into that siege."""
    g = combat("sparta",
               {"Sparta H1": {"hex": "J8"}, "Athens P": {"hex": "J8", "strength": 1},
                "Athens H2": {"hex": "J7", "in_city": True}, "Sparta H2": {"hex": "J7"},
                "Athens H1": {"hex": "K8"}},
               [6, 1] + [6] * 40, moved=["Sparta H1"], battle="J8",
               entries={"J8": {"Sparta H1": {"from": "I8"}}},
               control={"Thebes": "athens", "Megara": "athens"})
    if generation is not None:
        g = rules().from_position(g.position, seed=1, generation=generation)
    assert blk(g, "Athens P")["loc"] == "pool"  # A1 misses, the B4 hoplite rolls a 1
    act(g, "g:Sparta H1")
    assert "t:J7" in ids(prompt(g))  # an existing siege of its side is a regroup target
    act(g, "t:J7")
    act(g, "f:J7")  # the Spartan then chooses to storm Thebes
    return g


def test_an_army_that_regrouped_into_its_siege_does_not_storm_it_that_phase_rule_5_6():
    """Rule 5.6: armies that win a new battle may regroup next door, even into a siege or
    blockade their side already holds, but they may not attack again in the same combat
    phase. When Sparta storms Thebes after its hoplite regrouped there, only the hoplite
    that was already besieging is asked to storm."""
    g = _regroup_into_own_siege()
    p = prompt(g)
    assert p.kind == "decl" and "Sparta H2" in p.text
    act(g, "storm")
    assert g.state["battle"]["status"]["Sparta H1"] != "storm"
    assert "Sparta H1" not in g.state["battle"]["to_declare"]


def test_a_game_of_generation_1_still_lets_the_regrouped_army_storm():
    """Games created before this reading (generation 1) keep asking the question their
    logs were answered to: there the regrouped hoplite is asked to storm too."""
    g = _regroup_into_own_siege(generation=1)
    p = prompt(g)
    assert p.kind == "decl" and "Sparta H1" in p.text
    assert "regrouped_armies" not in g.state
