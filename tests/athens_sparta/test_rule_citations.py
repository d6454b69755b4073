"""Prompts cite the rule that governs the decision (issue: loose citations)."""

from __future__ import annotations

from tests.athens_sparta.conftest import act, base, position, prompt


def _rules(p) -> dict[str, str]:
    return {o.id: o.rule for o in p.options}


def test_withdrawal_cites_the_battle_procedure_rules_5_4_and_5_41():
    g = position("amphipolis_example")
    p = prompt(g)  # the defender's declaration before battle (5.4)
    assert p.rule == "5.4" and _rules(p)["wd"] == "5.4"
    act(g, "eng")
    act(g, "eng")
    p = prompt(g)  # in the first round a block may attack or withdraw (5.41)
    assert _rules(p)["wd"] == "5.41"


def test_attrition_hit_choice_cites_rule_6_0():
    g = position(None, olympiad=84, turn=2, phase="attrition", active="athens",
                 player1="athens", control={"Potidaea": "sparta"},
                 cards={"athens": {"hand": ["C11"], "played": "C24"},
                        "sparta": {"hand": ["C12"], "played": "C10"}},
                 blocks={"Athens H3": {"hex": "J3", "strength": 3},
                         "Athens N3": {"hex": "J3", "strength": 3},
                         "Corinth H2": {"hex": "J3", "in_city": True},
                         "Sparta H1": {"hex": "I10"}},
                 dice=[6, 1])
    p = prompt(g)
    assert p.kind == "attr_hit" and p.rule == "6.0" and "6.0" in p.text
    assert set(_rules(p).values()) == {"6.0"}


def test_block_choice_cites_the_move_phase_and_destinations_their_kind():
    g = base(active="athens", player1="athens",
             cards={"athens": {"hand": ["C11"], "played": "C24"},
                    "sparta": {"hand": ["C12"], "played": "C10"}},
             blocks={"Athens H1": {"hex": "N9"}, "Athens H2": {"hex": "K8"},
                     "Sparta H1": {"hex": "I10"}})
    p = prompt(g)
    assert _rules(p)["b:Athens H1"] == "4.0" and _rules(p)["b:Athens H2"] == "4.0"
    act(g, "b:Athens H1")  # on Naxos an army can only move by sea
    p = prompt(g)
    assert p.rule == "4.52"
    assert {r for o, r in _rules(p).items() if o != "back"} == {"4.52"}
    act(g, "back")
    act(g, "b:Athens H2")  # from Athens: operation, march and sea moves
    p = prompt(g)
    assert p.rule == "4.0"
    assert {"4.4", "4.51", "4.52"} <= set(_rules(p).values())  # each kind its own rule
