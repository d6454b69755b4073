"""Retreats (5.5) and regroups (5.6) read again against the rulebook's words."""

from __future__ import annotations

from tests.athens_sparta.conftest import act, blk, ids, position, prompt

CARDS = {"athens": {"hand": ["C11"], "played": "C24"}, "sparta": {"hand": ["C12"], "played": "C10"}}


def test_defender_may_retreat_into_a_vacant_enemy_city_rule_5_5():
    """5.5: a retreat may go into any friendly or vacant hex, never an enemy-occupied or
    contested one. Gytheum is a Spartan city with no block in it: vacant."""
    g = position(None, olympiad=84, turn=2, phase="combat", active="sparta",
                 player1="sparta", mp=0, cards=CARDS,
                 blocks={"Sparta H1": {"hex": "J10"}, "Athens P": {"hex": "J10"},
                         "Athens H1": {"hex": "K8"}},
                 moved=["Sparta H1"], entries={"J10": {"Sparta H1": {"from": "I10"}}},
                 battle="J10", dice=[6] * 6)
    # round 1: both miss; round 2: the Athenian peltast may retreat (5.42)
    p = prompt(g)
    assert p.seat == "athens" and "rt" in ids(p)
    act(g, "rt")
    p = prompt(g)
    assert p.kind == "retreat" and p.rule == "5.5"
    # not back through the hex-side the attacker came by (I10); Gytheum is open
    assert set(ids(p)) == {"t:I11", "t:J11"}
    act(g, "t:J11")
    assert blk(g, "Athens P")["loc"] == "J11"


def test_no_retreat_into_a_hex_holding_enemy_blocks_rule_5_5():
    g = position(None, olympiad=84, turn=2, phase="combat", active="sparta",
                 player1="sparta", mp=0, cards=CARDS,
                 blocks={"Sparta H1": {"hex": "J10"}, "Athens P": {"hex": "J10"},
                         "Gytheum N": {"hex": "J11"}, "Athens H1": {"hex": "K8"}},
                 moved=["Sparta H1"], entries={"J10": {"Sparta H1": {"from": "I10"}}},
                 battle="J10", dice=[6] * 6)
    act(g, "rt")
    assert set(ids(prompt(g))) == {"t:I11"}


def test_victorious_navy_may_regroup_after_a_storm_rule_5_6():
    """5.6: victorious navies may regroup to a friendly port within 4 hexes; only the
    armies of an on-going siege are barred from regrouping."""
    g = position(None, olympiad=84, turn=2, phase="combat", active="athens",
                 player1="athens", mp=0, cards=CARDS, control={"Potidaea": "sparta"},
                 blocks={"Athens H3": {"hex": "J3"}, "Athens N3": {"hex": "J3"},
                         "Corinth H2": {"hex": "J3", "in_city": True, "strength": 1},
                         "Sparta H1": {"hex": "I10"}},
                 battle="J3", dice=[6, 1, 1, 6])
    assert g.state["battle"]["kind"] == "storm"
    act(g, "storm")  # Athens H3
    act(g, "storm")  # Athens N3 (a navy storms at C1)
    # Corinth H2 misses; the hoplite's two half-hits take the last step: the city falls
    assert blk(g, "Corinth H2")["loc"] == "pool"
    p = prompt(g)
    assert p.kind == "regroup" and p.rule == "5.6"
    assert ids(p) == ["g:Athens N3", "done"]  # the hoplite of the siege may not regroup
    act(g, "g:Athens N3")
    p = prompt(g)
    assert p.kind == "regroup_to" and p.options
    act(g, p.options[0].id)
    assert blk(g, "Athens N3")["loc"] != "J3" and blk(g, "Athens H3")["loc"] == "J3"
