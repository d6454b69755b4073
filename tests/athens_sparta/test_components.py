"""Athens & Sparta component data: cities, blocks, cards and the 431 set-up."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb

import pytest

from engine.rulesets.athens_sparta import components as comp
from engine.rulesets.athens_sparta.components import load_components

MULLIGAN = Fraction(501, 25300)  # written in data/README.md


@pytest.fixture(scope="module")
def c():
    return load_components()


def test_load_is_cached():
    """The engine parses the data once (its cold load time is `components_load_ms` in
    `keryx bench`: speed is measured there, not asserted in a timed test)."""
    load_components.cache_clear()
    first = load_components()
    assert load_components() is first


# ---------------------------------------------------------------- cities
def test_rule_1_2_city_points(c):
    """Rule 1.2 and sidebars: 48 points; Athens 20, Sparta 18, neutral 10."""
    by_side = Counter()
    for city in c.cities.values():
        by_side[city.side] += city.value
        assert city.major == (city.value > 0)
        assert 0 <= city.value <= 4
    assert sum(by_side.values()) == 48
    assert (by_side["athens"], by_side["sparta"], by_side["neutral"]) == (20, 18, 10)
    assert by_side["persia"] == by_side["none"] == 0


def test_named_city_values(c):
    """Potidaea 1 (Athens starts on 19), Miletus 2 (9.3), Chios 2 (5.61), Syracuse 4 (9.2)."""
    v = {n: x.value for n, x in c.cities.items()}
    assert (v["Potidaea"], v["Miletus"], v["Chios"], v["Syracuse"]) == (1, 2, 2, 4)
    assert c.cities["Potidaea"].side == "athens"
    assert c.setup.control["Potidaea"] == "sparta"
    start = sum(x.value for n, x in c.cities.items() if c.setup.control.get(n) == "athens")
    assert start == 19


def test_walls(c):
    """Sidebar: Athens, Corinth, Thebes walled; Spartan cities otherwise unwalled."""
    for n in ("Athens", "Corinth", "Thebes"):
        assert c.cities[n].walled
    for x in c.cities.values():
        if x.side == "sparta" and x.name not in ("Corinth", "Thebes"):
            assert not x.walled, x.name


def test_rule_1_3_ports(c):
    """Rule 1.3: every coastal city is a port except Elis, Messene, Sparta, Stratus, Thebes."""
    non_ports = {"Elis", "Messene", "Sparta", "Stratus", "Thebes"}
    for x in c.cities.values():
        if x.hex is None:
            continue
        coastal = c.hexes[x.hex].kind == "coast"
        assert x.port == (coastal and x.name not in non_ports), x.name
        if x.port:
            assert x.coast is not None and x.coast < len(c.hexes[x.hex].coasts)
    for n in non_ports:
        assert not c.cities[n].port


def test_special_cities(c):
    """Errata Halicarnassus; black Marathon (1.1); oracles (1.4); two Persian cities (9.3);
    Syracuse off-board (9.2); Abydos (9.1)."""
    h = c.cities["Halicarnassus"]
    assert (h.value, h.walled, h.side, h.port, h.origin) == (0, False, "athens", True, "errata")
    assert c.cities["Marathon"].side == "none"
    assert {n for n, x in c.cities.items() if x.oracle} == {"Delos", "Delphi"}
    assert len([x for x in c.cities.values() if x.side == "persia"]) == 2
    s = c.cities["Syracuse"]
    assert s.hex is None and s.offboard == "sicily" and s.side == "neutral" and s.port
    assert c.cities["Abydos"].port and c.hexes[c.cities["Abydos"].hex].strait


def test_nudged_cities_keep_true_coordinates(c):
    for x in c.cities.values():
        assert x.nudged == ((x.lat, x.lon) != (x.map_lat, x.map_lon))
        if x.hex and x.nudged:
            # one hex from where the true point would fall, never further
            assert abs(x.lat - x.map_lat) < 0.6 and abs(x.lon - x.map_lon) < 0.7, x.name


# ---------------------------------------------------------------- blocks
def test_block_basics(c):
    """Rules 2.1, 4.4: ratings, strengths, moves; homes are real cities."""
    for b in c.blocks.values():
        assert b.letter in "ABC" and 1 <= b.fire <= 4
        assert b.rating == f"{b.letter}{b.fire}"
        assert b.move == comp.MOVE_LIMIT[b.type]
        assert b.home in c.cities, b.id
        if b.side == "neutral":
            assert c.cities[b.home].side == "neutral", b.id


def has(c, side, typ, rating=None, min_max=1, home=None):
    return [b for b in c.blocks.values() if b.side == side and b.type == typ
            and (rating is None or b.rating == rating) and b.max_strength >= min_max
            and (home is None or b.home == home)]


def test_blocks_shown_in_rulebook_examples(c):
    """Block-data figure (navy 4 C3 home Athens) and the 5.6 combat examples."""
    assert has(c, "athens", "navy", "C3", 4, "Athens")
    assert has(c, "sparta", "hoplite", "B4", 4)
    assert has(c, "sparta", "peltast", "A1", 4)
    assert has(c, "sparta", "peltast", "A2", 3)  # 2A2 reinforced to 3A2
    assert has(c, "athens", "hoplite", "B2", 3)
    assert has(c, "athens", "peltast", "A1", 2)
    assert has(c, "athens", "navy", "C2", 2)  # Chios' defending navy
    assert len(has(c, "athens", "hoplite", "B3", 2)) >= 2  # the two Chios hoplites
    assert len(has(c, "sparta", "navy", "C2", 2)) >= 3  # the three Spartan navies at Chios


def test_rule_2_21_and_2_24_best_troops(c):
    """Spartan hoplites rated highest (2.21); Athenian navies rated higher (2.24)."""
    hop = [b for b in c.blocks.values() if b.type == "hoplite"]
    best = max(b.fire for b in hop)
    assert {b.side for b in hop if b.fire == best} == {"sparta"}
    ath = max(b.fire for b in c.blocks.values() if b.side == "athens" and b.type == "navy")
    spa = max(b.fire for b in c.blocks.values() if b.side == "sparta" and b.type == "navy")
    assert ath > spa


def test_rule_2_23_cavalry_where_horses_were(c):
    homes = {b.home for b in c.blocks.values() if b.type == "cavalry"}
    assert {"Thebes", "Chalcis", "Larissa"} <= homes  # Boeotia, Euboea, Thessaly
    assert homes <= {"Thebes", "Chalcis", "Larissa", "Athens", "Pella", "Syracuse"}


def test_special_blocks(c):
    """Rules 3.0, 7.0, 7.1, 9.4: reserves, DEMOS/TYRANTS/HELOTS, rebel navies and twins."""
    sp = {b.id: b for b in c.blocks.values() if b.special}
    for side in ("athens", "sparta"):
        assert any(b.special == "reserve" and b.side == side for b in sp.values())
    assert sp["DEMOS"].side == "athens" and sp["TYRANTS"].side == "sparta"
    assert sp["TYRANTS"].fire > sp["DEMOS"].fire
    assert sp["HELOTS"].side == "athens" and sp["HELOTS"].home == "Messene"
    assert sp["HELOTS"].type == "peltast"
    rebels = {b.home: b for b in sp.values() if b.special == "rebel-navy"}
    twins = {b.home: b for b in sp.values() if b.special == "rebel-twin"}
    assert set(rebels) == set(twins) == {"Chios", "Corcyra", "Mytilene", "Rhodes"}
    for home, r in rebels.items():
        t = twins[home]
        assert (r.side, t.side, r.type, t.type) == ("athens", "sparta", "navy", "navy")
        assert (r.max_strength, r.rating) == (t.max_strength, t.rating)
        assert t.name.rstrip("*") == r.name


def test_every_major_neutral_city_has_blocks(c):
    """Rules 3.1, 9.5: an attacked neutral deploys its own green blocks."""
    homes = {b.home for b in c.blocks.values() if b.side == "neutral"}
    for x in c.cities.values():
        if x.side == "neutral" and x.major:
            assert x.name in homes


def test_forces_of_431_in_proportion(c):
    """Sidebar scale: Athens' fleet dwarfs Sparta's, Sparta's hoplites outnumber Athens'."""
    def steps(side, typ):
        return sum(b.max_strength for b in c.blocks.values()
                   if b.side == side and b.type == typ and b.special not in ("rebel-twin",))
    assert steps("athens", "navy") > 1.5 * steps("sparta", "navy")
    assert steps("sparta", "hoplite") > steps("athens", "hoplite")


# ---------------------------------------------------------------- cards
def test_twenty_five_cards(c):
    assert len(c.cards) == 25
    assert len({x.id for x in c.cards}) == 25
    events = [x.event for x in c.cards if x.event]
    assert len({e.id for e in events}) == len(events)
    by_id = {x.event.id: x for x in c.cards if x.event}
    assert by_id["storm"].mp == 2  # rule 4.6 example
    assert {"storm", "earthquake", "betrayal"} <= set(by_id)
    assert by_id["earthquake"].event.effect["keep"] == ["siege_attrition"]
    assert by_id["betrayal"].event.effect["rounds"] == [1, 2]  # official ruling


KNOWN_EFFECTS = {"ban_moves", "cancel_game_turn", "no_double_defense", "attrition",
                 "free_steps", "peek_hand", "fire_bonus"}


def test_every_event_is_machine_readable(c):
    """Each event has a stable id, a side, a rule reference and a known effect kind."""
    for card in c.cards:
        e = card.event
        if e:
            assert e.effect["kind"] in KNOWN_EFFECTS, e.id
            assert e.who in ("either", "athens", "sparta") and e.rule and e.text


def mulligan_probability(mps):
    """Exact chance that 6 cards dealt from the deck total under 10 MP (mulligan sidebar)."""
    ways = {(0, 0): 1}  # (cards taken, MP) -> number of hands
    for value, n in Counter(mps).items():
        nxt = Counter()
        for (k, s), w in ways.items():
            for t in range(min(n, 6 - k) + 1):
                nxt[(k + t, s + value * t)] += w * comb(n, t)
        ways = nxt
    low = sum(w for (k, s), w in ways.items() if k == 6 and s < 10)
    return Fraction(low, comb(len(mps), 6))


def test_mulligan_is_rare_but_real(c):
    p = mulligan_probability([x.mp for x in c.cards])
    assert p == MULLIGAN
    assert Fraction(1, 100) < p < Fraction(1, 20)


def test_mulligan_counter_on_a_tiny_deck():
    """The counting method against hand enumeration on a small deck."""
    from itertools import combinations
    deck = [1, 1, 2, 3, 1, 2, 5, 1]
    hands = list(combinations(deck, 6))
    want = Fraction(sum(sum(h) < 10 for h in hands), len(hands))
    assert mulligan_probability(deck) == want


# ---------------------------------------------------------------- set-up
def test_rule_3_0_pool_and_offmap(c):
    s = c.setup
    pool = set(s.pool)
    for b in c.blocks.values():
        in_pool = b.special in ("reserve", "demos", "helots", "tyrants", "rebel-twin")
        assert (b.id in pool) == in_pool, b.id
        assert (b.id in s.offmap_neutral) == (b.side == "neutral")
        placed = b.id in s.placements
        assert placed == (not in_pool and b.side != "neutral"), b.id
        if placed:
            assert s.placements[b.id].strength == b.max_strength


def test_rule_3_0_blocks_start_at_home_except_potidaea(c):
    siege = c.setup.sieges[0]
    at_potidaea = set(siege.siege + siege.blockade + siege.besieged)
    for bid, p in c.setup.placements.items():
        b = c.blocks[bid]
        where = "Potidaea" if bid in at_potidaea else b.home
        assert p.city == where and p.hex == c.cities[where].hex, bid


def test_potidaea_besieged_and_blockaded(c):
    """Rule 3.0 note: Potidaea is Spartan, under Athenian siege and blockade (full siege)."""
    s = c.setup.sieges[0]
    assert s.city == "Potidaea" and s.besieger == "athens"
    assert s.hex == c.cities["Potidaea"].hex
    assert s.siege and all(c.blocks[b].side == "athens" and c.blocks[b].type != "navy" for b in s.siege)
    assert s.blockade and all(c.blocks[b].side == "athens" and c.blocks[b].type == "navy" for b in s.blockade)
    assert s.besieged and all(c.blocks[b].side == "sparta" for b in s.besieged)
    assert len(s.besieged) <= 4  # major city siege limit (5.31)


def test_setup_respects_stacking_and_siege_limits(c):
    """Terrain table: clear 4, mountain 2, Athens 6 with at most 4 armies;
    rule 5.31: major city 4 blocks, minor 2 (navies count, 4.4)."""
    per = Counter()
    armies = Counter()
    for bid, p in c.setup.placements.items():
        b = c.blocks[bid]
        per[(p.hex, b.side)] += 1
        if b.type != "navy":
            armies[(p.hex, b.side)] += 1
    for (h, side), n in per.items():
        city = c.cities.get(c.city_at.get(h, ""))
        if city and city.name == "Athens":
            assert n <= 6 and armies[(h, side)] <= 4
        else:
            assert n <= (2 if c.hexes[h].terrain == "mountain" else 4), h
        if city and city.name not in ("Potidaea", "Athens"):  # Athens: stack 6 instead
            assert n <= (4 if city.major else 2), city.name


def test_to_json_shape(c):
    j = c.to_json()
    assert {"hexes", "cities", "blocks", "cards", "setup"} <= set(j)
    assert {"name", "hex", "value", "side", "walled", "port"} <= set(j["cities"][0])
    assert {"name", "side", "type", "home", "max_strength", "rating", "move"} <= set(j["blocks"][0])
    assert {"id", "mp", "event"} <= set(j["cards"][0])
    import json
    json.dumps(j)  # printable by `keryx data`
