"""The rulebook's two worked combat examples (after rule 5.61), played with the example's
dice through the prompts a player sees."""

from __future__ import annotations

from tests.athens_sparta.conftest import act, blk, ids, position, prompt


def test_chios_example_rule_5_6():
    g = position("chios_example")
    s = g.state
    bt = s["battle"]
    assert bt["kind"] == "new" and bt["attacker"] == "sparta"
    # Round 1, sea battle: the Athenian navy (defender, C2) fires first: 2 hits. The first
    # falls on the strongest Spartan navy, 2C2; then three navies stand at 1: Sparta chooses.
    p = prompt(g)
    assert p.seat == "sparta" and p.kind == "hit" and p.rule == "5.2"
    assert sorted(ids(p)) == ["h:Corinth N", "h:Gytheum N", "h:Sparta Reserve N"]
    assert blk(g, "Corinth N")["str"] == 1
    act(g, "h:Gytheum N")
    assert blk(g, "Gytheum N")["loc"] == "pool"  # eliminated to the pool (8.5)
    # the two Spartan navies fire: one hit reduces the Athenian navy to 1C2. The peltast
    # cannot fight on land while the Athenian navy holds the sea (4.3); the hoplites watch.
    assert blk(g, "Chios N")["str"] == 1
    assert blk(g, "Chios H")["str"] == 2 and blk(g, "Sciritae")["str"] == 2
    # Round 2: the Athenian navy may now retreat too (5.42); it attacks and misses
    p = prompt(g)
    assert p.seat == "athens" and p.kind == "act" and set(ids(p)) == {"fire", "rt"}
    act(g, "fire")
    # Corinth N has no friendly port within 4 hexes to retreat to (5.5), so attacking is
    # its only choice and it fires at once: the Athenian navy is eliminated
    assert blk(g, "Chios N")["loc"] == "pool"
    # the last Spartan navy has no navy to fight: it engages in the land battle (5.41)
    p = prompt(g)
    assert p.kind == "navy" and "Sparta Reserve N" in p.text
    act(g, "land")
    # land battle: the peltast (A2) goes first, may fire or retreat in round 2
    p = prompt(g)
    assert p.kind == "act" and "Sciritae" in p.text
    act(g, "fire")
    # two hits: 2B3 -> 1B3, then both hoplites stand at 1: Athens chooses
    p = prompt(g)
    assert p.seat == "athens" and p.kind == "hit"
    act(g, "h:Athens H1")
    assert blk(g, "Athens H1")["loc"] == "pool" and blk(g, "Chios H")["str"] == 1
    # the surviving hoplite fires back (it could retreat: round 2) and hits the peltast
    p = prompt(g)
    assert p.seat == "athens" and p.kind == "act"
    act(g, "fire")
    assert blk(g, "Sciritae")["str"] == 1
    # the Spartan navy fires last and eliminates the last hoplite: Sparta wins
    # no friendly hex or port lies near for a regroup (5.6): the victors pillage
    p = prompt(g)
    assert p.kind == "pillage" and p.rule == "5.61" and "2 BP" in p.text
    act(g, "p:Sciritae")
    act(g, "p:Sciritae")
    assert blk(g, "Sciritae")["str"] == 3  # "reinforcing peltast to 3A2"
    assert blk(g, "Corinth N")["str"] == 1 and blk(g, "Sparta Reserve N")["str"] == 1
    rec = g.state["last_battle"]
    assert rec["winner"] == "sparta" and rec["place"] == "P6"
    # every die of the example was used
    assert g.state["dice"] == []


def test_amphipolis_example_rule_5_6_reading_3B2():
    g = position("amphipolis_example")
    # 5.4: the defender declares for each block: both Athenian blocks engage
    p = prompt(g)
    assert p.seat == "athens" and p.kind == "decl" and set(ids(p)) == {"eng", "wd"}
    act(g, "eng")
    act(g, "eng")
    # Round 1: Athenian peltast (A1, defender) first: may attack or withdraw; it misses
    p = prompt(g)
    assert p.seat == "athens" and "Athens P" in p.text and set(ids(p)) == {"fire", "wd"}
    act(g, "fire")
    # Spartan peltast 4A1: one hit, on the strongest Athenian block, the hoplite (3B2)
    assert blk(g, "Athens H2")["str"] == 2
    # Athenian hoplite 2B2 fires: one hit. Spartan hoplite and peltast are both at 4: Sparta
    p = prompt(g)
    assert p.seat == "athens" and "Athens H2" in p.text
    act(g, "fire")
    p = prompt(g)
    assert p.seat == "sparta" and p.kind == "hit"
    act(g, "h:Thebes P")
    assert blk(g, "Thebes P")["str"] == 3  # "taken by Spartan peltast 3A1"
    # Spartan hoplite rolls 2 hits: peltast and hoplite both at 2, Athens picks the order
    p = prompt(g)
    assert p.seat == "athens" and p.kind == "hit"
    act(g, "h:Athens P")
    assert blk(g, "Athens P")["str"] == 1 and blk(g, "Athens H2")["str"] == 1
    # Round 2: the Athenian peltast withdraws into the city
    p = prompt(g)
    assert "Athens P" in p.text and "rt" in ids(p) or "wd" in ids(p)
    act(g, "wd")
    # the Spartan peltast (may also retreat now) fires and misses
    p = prompt(g)
    assert p.seat == "sparta" and "Thebes P" in p.text
    act(g, "fire")
    # the Athenian hoplite withdraws as well
    p = prompt(g)
    assert "Athens H2" in p.text
    act(g, "wd")
    # only defenders in siege remain: the Spartan hoplite storms (5.41)
    p = prompt(g)
    assert p.kind == "siege_decl" and "Sparta H1" in p.text
    act(g, "storm")
    # in the siege battle a storming block may attack or pull back (combat summary, R5)
    p = prompt(g)
    assert p.seat == "sparta" and set(ids(p)) == {"fire", "rt"}
    act(g, "fire")
    # two hits count as one (double defence): the two half-hits finish the same block
    p = prompt(g)
    assert p.seat == "athens" and p.kind == "hit" and "half" in p.text
    act(g, "h:Athens P")
    assert blk(g, "Athens P")["loc"] == "pool"
    assert blk(g, "Athens H2")["loc"] == "J1" and blk(g, "Athens H2")["str"] == 1
    assert blk(g, "Athens H2")["in"] is True
    assert g.state["half_hits"] == []  # half-hits recover after the battle
    rec = g.state["last_battle"]
    assert rec["outcome"] == "siege_continues"
    # no friendly hex is adjacent, so the Spartans cannot regroup (5.6): they go on siege.
    # Combat phase over -> siege attrition: Sparta rolls 4+ per block (6.0): 6 and 1
    s = g.state
    p = prompt(g)
    assert p.seat == "athens" and p.kind == "move"  # Player 2's turn begins
    assert blk(g, "Sparta H1")["str"] == 3  # one hit, on the strongest block
    assert blk(g, "Thebes P")["str"] == 3
    assert s["dice"] == []


def test_attacker_forced_back_takes_extra_fire_rule_5_43():
    g = position(None, olympiad=84, turn=2, phase="combat", active="sparta", player1="sparta",
                 mp=0,
                 cards={"athens": {"hand": ["C11"], "played": "C10"},
                        "sparta": {"hand": ["C12"], "played": "C24"}},
                 blocks={"Sparta H1": {"hex": "H10"}, "Athens H1": {"hex": "H10"},
                         "Athens P": {"hex": "H10"}, "Athens H2": {"hex": "K8"}},
                 moved=["Sparta H1"], entries={"H10": {"Sparta H1": {"from": "I10"}}},
                 battle="H10",
                 dice=[6, 6, 6, 6, 6, 6, 6, 6, 6, 6] + [6, 6, 6, 6, 6, 6, 6, 6, 6, 6] + [1, 6])
    # round 2: every block may now retreat; all attack and miss
    for _ in range(3):
        p = prompt(g)
        assert p.kind == "act" and "rt" in ids(p)
        act(g, "fire")
    # the defenders stay outside the walls: the Spartan hoplite must retreat, after one
    # more fire from the Athenian peltast (1 hit); it goes back the way it came
    b = blk(g, "Sparta H1")
    assert b["str"] == 3 and b["loc"] == "I10"
    rec = g.state["last_battle"]
    assert rec["rounds"][-1]["label"] == "pursuit"
    assert rec["rounds"][-1]["steps"][0]["unit"] == "Athens P"
    assert rec["outcome"] == "attacker_retreats" and rec["winner"] == "athens"
