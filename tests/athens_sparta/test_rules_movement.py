"""Movement (rules 4.0-4.5, 1.4, 1.8) including the three straits examples of 4.3."""

from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.rulesets.athens_sparta.board import board
from engine.rulesets.athens_sparta.movement import destinations
from tests.athens_sparta.conftest import act, base, blk, ids, pick, prompt


def dests(g, bid):
    return destinations(board(), g.state, bid)


def ends(g, bid, mode="op"):
    return {d[0] for d in dests(g, bid) if d[1] == mode}


def test_operation_move_limits_rule_4_4():
    g = base(blocks={"Sparta H1": {"hex": "I10"}, "Sciritae": {"hex": "I10"},
                     "Athens H1": {"hex": "K8"}})
    bd = board()
    for bid, limit in (("Sparta H1", 3), ("Sciritae", 4)):
        for h in ends(g, bid):
            assert bd.dist("I10", h) <= limit


def test_one_move_per_block_and_mp_cost_rule_4_0():
    g = base(mp=2, blocks={"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}})
    act(g, "b:Sparta H1")
    act(g, pick(g, "o|H9|").id)
    assert blk(g, "Sparta H1")["loc"] == "H9"
    assert g.state["move_points"] == 1
    assert "b:Sparta H1" not in ids(prompt(g))  # moved once this player turn


def test_must_stop_on_entering_enemy_hex_rule_4_4():
    g = base(blocks={"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "H9"}})
    reach = ends(g, "Sparta H1")
    assert "H9" in reach
    # entering H9 ends the move: moving again from there is impossible
    act(g, "b:Sparta H1")
    act(g, pick(g, "o|H9|I10|").id)
    assert g.state["entries"]["H9"]["Sparta H1"][0] == "I10"
    assert blk(g, "Sparta H1")["loc"] == "H9"


def test_stacking_limit_at_end_of_move_rule_4_1():
    four = {f"Sparta H{i}": {"hex": "H9"} for i in (1, 2, 3)}
    four["Sciritae"] = {"hex": "H9"}
    four["Tegea H"] = {"hex": "I10"}
    four["Athens H1"] = {"hex": "K8"}
    g = base(blocks=four)
    assert "H9" not in ends(g, "Tegea H")  # clear hex: 4 blocks per player


def test_position_refuses_overstacking_rule_4_1():
    blocks = {b: {"hex": "K8"} for b in ("Athens H1", "Athens H2", "Athens H3", "Athens P",
                                          "Athens C")}
    blocks["Sparta H1"] = {"hex": "I10"}
    with pytest.raises(IllegalAction, match="armies"):
        base(blocks=blocks)  # Athens holds 6 blocks but at most 4 armies


def test_position_refuses_army_at_sea_and_card_twice():
    with pytest.raises(IllegalAction, match="at sea"):
        base(blocks={"Sparta H1": {"hex": "A1"}, "Athens H1": {"hex": "K8"}})
    with pytest.raises(IllegalAction, match="two places"):
        base(cards={"athens": {"hand": ["C11"], "played": "C10"},
                    "sparta": {"hand": ["C11"], "played": "C24"}})


def test_strait_naupactus_attack_limit_1_from_far_side_rule_4_3():
    g = base(blocks={"Sparta H1": {"hex": "G8"}, "Sparta H2": {"hex": "G8"},
                     "Naupactus P": {"hex": "G7"}})
    ds = [d for d in dests(g, "Sparta H1") if d[0] == "G7"]
    assert ds and all(d[3] for d in ds)  # crossing the strait
    act(g, "b:Sparta H1")
    opt = pick(g, "o|G7|")
    assert "strait" in opt.label
    act(g, opt.id)
    assert not [d for d in dests(g, "Sparta H2") if d[0] == "G7"]  # attack limit 1 used


def test_strait_naupactus_from_pleuron_limit_2():
    """Q&A 5 (inference in the facts sheet): defenders stand on the city side, so an attack
    from the city side does not cross: the clear hex-side allows 2."""
    g = base(blocks={"Sparta H1": {"hex": "F7"}, "Sparta H2": {"hex": "F7"},
                     "Sparta H3": {"hex": "F7"}, "Naupactus P": {"hex": "G7"}},
             control={"Pleuron": "sparta"})
    for b in ("Sparta H1", "Sparta H2"):
        act(g, f"b:{b}")
        opt = pick(g, "o|G7|F7|")
        assert "strait" not in opt.label
        act(g, opt.id)
    # the Pleuron side is full; a third block may still come round by another side
    assert not [d for d in dests(g, "Sparta H3") if d[0] == "G7" and d[2] == "F7"]


def test_strait_abydos_stop_or_move_through_rule_4_3():
    """From Cardia into enemy-held Abydos: stop and fight (limit 1), or go through on the
    far side to Elaeus (limit 2)."""
    g = base(blocks={"Sparta H1": {"hex": "P1"}, "Sparta H2": {"hex": "P1"},
                     "Sparta H3": {"hex": "P1"},
                     "Abydos H": {"hex": "P2"}, "Athens H3": {"hex": "O3"}})
    d1 = dests(g, "Sparta H1")
    assert any(d[0] == "P2" and d[3] for d in d1)
    elaeus = [d for d in d1 if d[0] == "O3"]
    assert elaeus and not any(d[3] for d in elaeus) and elaeus[0][2] == "P2"
    # the Abydos hex's city side (e.g. P3) is not reachable through the strait
    assert "P3" not in ends(g, "Sparta H1")
    # two may attack Elaeus through Abydos (clear side), only one may cross into Abydos
    for b in ("Sparta H1", "Sparta H2"):
        act(g, f"b:{b}")
        act(g, pick(g, "o|O3|").id)
    assert not [d for d in dests(g, "Sparta H3") if d[0] == "O3"]
    assert [d for d in dests(g, "Sparta H3") if d[0] == "P2"]


def test_strait_ephesus_rule_4_3():
    # from Ephesus an army attacks Samos across the strait (limit 1) ...
    g = base(blocks={"Sparta H1": {"hex": "R7"}, "Sparta H2": {"hex": "R7"},
                     "Samos H": {"hex": "Q8"}, "Athens H1": {"hex": "K8"}},
             control={"Ephesus": "sparta", "Notium": "sparta"})
    ds = [d for d in dests(g, "Sparta H1") if d[0] == "Q8"]
    assert ds and ds[0][3]
    # ... or moves on to Miletus by land (no crossing)
    g2 = base(blocks={"Sparta H1": {"hex": "R7"}, "Miletus H": {"hex": "R8"},
                      "Athens H1": {"hex": "K8"}},
              control={"Ephesus": "sparta", "Notium": "sparta"})
    ml = [d for d in dests(g2, "Sparta H1") if d[0] == "R8"]
    assert ml and not ml[0][3]
    # blocks from Samos must stop in a vacant Ephesus: they crossed
    g3 = base(blocks={"Sparta H1": {"hex": "Q8"}, "Athens H1": {"hex": "K8"}},
              control={"Samos": "sparta", "Ephesus": "athens"})
    assert ends(g3, "Sparta H1") == {"R7"}
    # blocks from the city side pass through a vacant Ephesus but cannot cross on to Samos
    g4 = base(blocks={"Sparta H1": {"hex": "Q7"}, "Athens H1": {"hex": "K8"}},
              control={"Ephesus": "sparta", "Notium": "sparta", "Samos": "sparta"})
    reach = ends(g4, "Sparta H1")
    assert "R8" in reach and "Q8" not in reach


def test_march_move_ends_in_friendly_hex_rule_4_51():
    g = base(blocks={"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}})
    for h in ends(g, "Sparta H1", "march"):
        assert g.state["land_control"].get(h) == "sparta"
    assert board().dist("I10", "I8") <= 6 and "I8" in ends(g, "Sparta H1", "march")


def test_sea_move_friendly_port_to_friendly_port_rule_4_52():
    g = base(blocks={"Corinth H1": {"hex": "I8"}, "Athens H1": {"hex": "K8"}})
    sea = ends(g, "Corinth H1", "sea")
    assert sea and all(g.state["land_control"].get(h) == "sparta" for h in sea if h != "sicily")
    # Storm: no sea moves at all this game turn (event)
    g.state["events"] = ["storm"]
    assert not ends(g, "Corinth H1", "sea")


def test_oracle_blocks_cannot_attack_rule_1_4():
    g = base(blocks={"Sparta H1": {"hex": "I7"}, "Athens H1": {"hex": "J7"}},
             control={"Thebes": "athens"})
    g.state["oracle"] = ["Sparta H1"]
    assert "J7" not in ends(g, "Sparta H1")


def test_athens_never_enters_persia_rule_9_3():
    g = base(active="athens", player1="athens",
             blocks={"Miletus H": {"hex": "R8"}, "Sparta H1": {"hex": "I10"}})
    for h in ends(g, "Miletus H"):
        assert not board().hexes[h]["persian"]


@pytest.mark.parametrize("name,target,crossed", [("abydos_strait", "P2", True),
                                                  ("naupactus_strait", "G7", True),
                                                  ("ephesus_strait", "Q8", True),
                                                  ("ephesus_strait", "R8", False)])
def test_strait_example_positions_rule_4_3(name, target, crossed):
    from tests.athens_sparta.conftest import position

    g = position(name)
    ds = [d for d in dests(g, "Sparta H1") if d[0] == target]
    assert ds and any(d[3] == crossed for d in ds)


def test_mountains_stop_movement_and_passes_allow_one_attacker_rules_1_8_4_1():
    # H8 is a mountain hex entered through passes: an army entering it stops there
    g = base(blocks={"Sparta H1": {"hex": "H9"}, "Sparta H2": {"hex": "H9"},
                     "Athens H1": {"hex": "K8"}})
    bd = board()
    assert bd.is_mountain("H8")
    reach = ends(g, "Sparta H1")
    assert "H8" in reach
    # nothing beyond H8 is reached through it: H7 only by another way, if at all
    for d in dests(g, "Sparta H1"):
        assert d[0] != "H8" or d[2] is None
    # a pass hex-side lets one block attack through it (4.1)
    g = base(blocks={"Sparta H1": {"hex": "H9"}, "Sparta H2": {"hex": "H9"},
                     "Athens H1": {"hex": "H8"}, "Athens H2": {"hex": "K8"}})
    act(g, "b:Sparta H1")
    act(g, pick(g, "o|H8|H9|").id)
    assert not [d for d in dests(g, "Sparta H2") if d[0] == "H8" and d[2] == "H9"]


def test_mountain_stacking_limit_2_rule_4_1():
    g = base(blocks={"Sparta H1": {"hex": "H8"}, "Sparta H2": {"hex": "H8"},
                     "Sparta H3": {"hex": "H9"}, "Athens H1": {"hex": "K8"}})
    assert "H8" not in ends(g, "Sparta H3")


def test_move_never_re_enters_an_enemy_strait_it_went_through_rule_4_3():
    """4.3: an army entering enemy-held Abydos from Cardia either stops and fights, or goes
    through on the far side without crossing. Having gone through to Elaeus it cannot
    come back into Abydos to attack "from Elaeus" (ruling R33)."""
    g = base(blocks={"Sparta H1": {"hex": "P1"}, "Abydos H": {"hex": "P2"},
                     "Athens H1": {"hex": "K8"}})
    into_abydos = [d for d in dests(g, "Sparta H1") if d[0] == "P2"]
    assert into_abydos == [("P2", "op", "P1", True, None)]


def test_chios_is_reached_across_its_strait_rule_4_3():
    """The Chios example (after 5.61): the Spartan peltast cannot fight while the Athenian
    navy holds the sea, so it crossed water to reach Chios. Our map makes the Chios hex a
    strait hex whose far bank is the Erythrae shore (Q7)."""
    bd = board()
    assert bd.strait_far["P6"] == frozenset({"Q7"})
    assert "Q7" in bd.land["P6"]
    assert bd.full_blockade_island("P6")  # still an island reached by one strait (6.1)
    g = base(blocks={"Sciritae": {"hex": "Q7"}, "Sparta H1": {"hex": "Q7"},
                     "Chios H": {"hex": "P6"}, "Athens H1": {"hex": "K8"}})
    att = [d for d in dests(g, "Sciritae") if d[0] == "P6"]
    assert att == [("P6", "op", "Q7", True, None)]  # across the strait: attack limit 1
    act(g, "b:Sciritae")
    act(g, pick(g, "o|P6|").id)
    assert not [d for d in dests(g, "Sparta H1") if d[0] == "P6"]


def test_position_refuses_an_entry_that_contradicts_the_map_rule_4_3():
    blocks = {"Sciritae": {"hex": "P6"}, "Chios H": {"hex": "P6"}, "Athens H1": {"hex": "K8"},
              "Sparta H1": {"hex": "I10"}}
    with pytest.raises(IllegalAction, match="strait"):
        base(phase="combat", blocks=blocks,
             entries={"P6": {"Sciritae": {"from": "O6", "crossed": True}}})
    with pytest.raises(IllegalAction, match="strait"):
        base(phase="combat", blocks=blocks,
             entries={"P6": {"Sciritae": {"from": "Q7", "crossed": False}}})


def _water_search_by_nodes(bd, starts, limit, strategic, persia_closed, foes, closed):
    """The water search as first written, over (hex, coast) tuples (issue #17 numbered
    the nodes for speed; the answers and their order must not change)."""
    persia = bd.persian if persia_closed else frozenset()
    seen = {n: 0 for n in starts}
    frontier = list(starts)
    reach = {}
    for step in range(1, limit + 1):
        nxt = []
        for node in frontier:
            for nb in bd.water.get(node, ()):
                h = nb[0]
                if nb in seen or h in persia:
                    continue
                seen[nb] = step
                enemy = h in foes
                if strategic and (enemy or h in closed):
                    continue
                reach[nb] = step
                if enemy and h not in bd.oracles:
                    continue
                nxt.append(nb)
        frontier = nxt
    return reach


def test_the_numbered_water_search_reaches_the_same_nodes_in_the_same_order():
    from engine.core.rng import Rng
    from engine.rulesets.athens_sparta.movement import (
        _port_node,
        _ports_by_distance,
        _water_search,
    )

    bd = board()
    rng = Rng("water")
    nodes = sorted(bd.water)
    hexes = sorted({h for h, _c in nodes})
    for _ in range(60):
        starts = [rng.choice(nodes) for _ in range(rng.randbelow(3) + 1)]
        foes = frozenset(rng.choice(hexes) for _ in range(rng.randbelow(40)))
        closed = frozenset(rng.choice(hexes) for _ in range(rng.randbelow(40)))
        for strategic in (False, True):
            for persia_closed in (False, True):
                args = (bd, starts, 8, strategic, persia_closed, foes, closed)
                got = _water_search(*args)
                assert list(got.items()) == list(_water_search_by_nodes(*args).items())
                # a search's own order is nearest first: the ports in it need no sorting
                assert _ports_by_distance(bd, got) == [
                    n for n, _d in sorted(got.items(), key=lambda kv: kv[1])
                    if _port_node(bd, n)]


def test_the_port_search_finds_the_ports_of_the_water_search():
    """Issue #17: strategic searches (sea moves, retreats and regroups by sea) keep only
    ports, found over bit sets: the same port nodes at the same distances as the full
    search, and one hex's two port nodes (Corinth's coasts) in the full search's order."""
    from engine.core.rng import Rng
    from engine.rulesets.athens_sparta.movement import _port_search, _water_search

    bd = board()
    rng = Rng("ports")
    nodes = sorted(bd.water)
    hexes = sorted({h for h, _c in nodes})
    corinth = bd.cities["Corinth"]["hex"]
    ports = bd.port_nodes()
    twins = 0
    for i in range(120):
        starts = [rng.choice(nodes) for _ in range(rng.randbelow(3) + 1)]
        if i % 4 == 0:  # near Corinth, where its two coasts may be found at once
            starts = [(corinth, rng.randbelow(len(bd.hexes[corinth]["coasts"])))]
        foes = frozenset(rng.choice(hexes) for _ in range(rng.randbelow(40)))
        closed = frozenset(rng.choice(hexes) for _ in range(rng.randbelow(40)))
        for limit in (4, 8):
            for persia_closed in (False, True):
                full = _water_search(bd, starts, limit, True, persia_closed, foes, closed)
                want = {n: d for n, d in full.items() if n in ports}
                got = _port_search(bd, starts, limit, persia_closed, foes, closed)
                assert got == want
                assert [n for n in got if n[0] == corinth] == [n for n in want
                                                               if n[0] == corinth]
                assert list(got.values()) == sorted(got.values())  # nearest first
                twins += sum(1 for n in got if n[0] == corinth) == 2
    assert twins  # Corinth's two coasts were found together in some searches
