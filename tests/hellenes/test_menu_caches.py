"""The answers the Action and Winter menus keep across clicks (each unit's destinations in
its World, menu options, Event kinds in play) and the one-pass versions of the menu's
questions: they answer as the plain, uncached reading of the rules does, and a change of
the state they depend on changes the answer."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng
from engine.core.ruleset import asks
from engine.rulesets.hellenes import board as B
from engine.rulesets.hellenes import building, homing, movement, moves, phases
from engine.rulesets.hellenes.state import GARRISON_BUILDING, other


def _states(scenario: str, seed: str, every: int = 7, limit: int = 400) -> list[Any]:
    """Copies of the state along a random game, every `every` actions."""
    g = engine.new_game("hellenes", scenario=scenario, seed=seed)
    player = Rng(f"player:{seed}")
    out = []
    for i in range(limit):
        if g.outcome is not None:
            break
        if i % every == 0 and g.state["turn"] is not None:
            out.append(copy.deepcopy(g.state))
        p = player.choice(g.prompts())
        g.act(p.seat, random_answer(p, player))
    return out


@pytest.fixture(scope="module")
def states() -> list[Any]:
    # 415 reaches 414, where Athens' expedition limits apply (15.4 rule 3); the seed is
    # one whose random game gets there with the cards of version 7
    return _states("431", "caches") + _states("415", "caches415c", limit=700)


def _side(s: Any) -> str:
    return s["turn"]["side"]


# ------------------------------------------------------------------ reference readings
def _plain_group_areas(s: Any, side: str) -> list[str]:
    """5.0: areas holding an unmoved unit that can go somewhere (searched afresh)."""
    if not moves.may_move(s, side):
        return []
    w = movement.world(s, side, B.blocking(s, side), movement.may_engage(s, side), 0)
    moved = set(s["turn"]["moved"])
    areas = {s["blocks"][b]["loc"] for b in B.on_map(s, side)}
    return sorted(a for a in areas if any(movement.routes_in(s, b, w)
                                          for b in B.units_in(s, a, side) if b not in moved))


def _plain_muster(s: Any, side: str) -> list[str]:
    if not moves.may_move(s, side):
        return []
    w = movement.world(s, side, B.blocking(s, side), False, 0)
    moved = set(s["turn"]["moved"])
    reachable: set[str] = set()
    for b in B.on_map(s, side):
        if b not in moved:
            reachable |= {r.dest for r in movement.routes_in(s, b, w)}
    return [c.area for c in B.comps().data.cities if c.area in reachable
            and c.name not in s["sieges"] and B.area_control(s, c.area) == side]


def _plain_garrison_sites(s: Any, side: str) -> list[str]:
    out = []
    for city in B.comps().data.cities:
        if city.loyalty != other(side) or city.name in s["garrisons"]:
            continue
        units = B.units_in(s, city.area, side)
        if city.name in s["sieges"]:
            units = [u for u in units if s["blocks"][u]["inside"]]
            # generation 3: no building in a besieged City but an unblockaded Port (4.2)
            if asks(s, GARRISON_BUILDING) and not (city.port and not B.blockaded(s, city, side)):
                continue
        if any(not B.spec(u).barbarian for u in units) and B.city_control(s, city) == side:
            out.append(city.name)
    return out


def _plain_homing(s: Any, bid: str) -> list[homing.HomingMove]:
    """9.31 read city by city over the whole map."""
    x = s["blocks"][bid]
    side, foe = x["side"], other(x["side"])
    held = B.controls(s)
    out = []
    if B.spec(bid).type == "fleet":
        seas = {r.dest for r in movement.routes(s, bid, frozenset(), False, 0)
                if B.comps().areas[r.dest].kind == "sea"}
        for city in B.comps().data.cities:
            if held[city.name] != side or not B.home_city(bid, city) or not city.port:
                continue
            besieged = city.name in s["sieges"]
            for sea in sorted(B.comps().sea_neighbours(city.area)):
                if sea not in seas and sea != x["loc"]:
                    continue
                if sea == city.offshore:
                    if B.fleets_in(s, sea, foe):
                        out.append(homing.HomingMove(city.area, city.name, sea, sea, besieged))
                    elif besieged:
                        out.append(homing.HomingMove(city.area, city.name, None, sea, True))
                elif besieged:
                    out.append(homing.HomingMove(city.area, city.name, city.area, sea, False))
        return out
    for r in movement.routes(s, bid, frozenset(), False, 1):
        home = B.city_of(r.dest)
        if home is None or held[home.name] != side or not B.home_city(bid, home):
            continue
        if home.name in s["sieges"]:
            out.append(homing.HomingMove(r.dest, home.name, r.dest, r.via, False))
    return out


# ------------------------------------------------------------------ the same answers
def test_menu_answers_equal_the_plain_readings(states):
    assert len(states) > 40
    for s in states:
        side = _side(s)
        expected = (_plain_group_areas(s, side), _plain_muster(s, side),
                    _plain_garrison_sites(s, side))
        for _ in range(2):  # the second time from what the first kept
            with B.steady(s):
                got = (moves.group_areas(s, side), moves.muster_targets(s, side),
                       building.garrison_sites(s, side))
            assert got == expected


def test_homing_moves_equal_the_city_by_city_reading(states):
    checked = 0
    for s in states:
        for bid in B.on_map(s):
            with B.steady(s):
                got = homing.homing_battle_moves(s, bid)
            assert got == _plain_homing(s, bid)
            checked += bool(got)
    assert checked  # some unit had a Homing Battle to offer


def test_indexed_sides_blockers_fleets_and_pools_equal_the_plain_scans(states):
    for s in states[::3]:
        for side in ("athens", "sparta"):
            plain = (B.on_map(s, side), B.blocking(s, side), movement.fleet_areas(s, side),
                     B.pool(s, side), phases.sheltered(s, side), building.reinforceable(s, side))
            with B.steady(s):
                indexed = (B.on_map(s, side), B.blocking(s, side),
                           movement.fleet_areas(s, side), B.pool(s, side),
                           phases.sheltered(s, side), building.reinforceable(s, side))
            assert indexed == plain


# ------------------------------------------------------------------ state changes, answer changes
def test_a_unit_that_moves_is_searched_again(states):
    for s in states:
        if movement.expeditions_apply(s):
            continue
        s = copy.deepcopy(s)
        side = _side(s)
        w = movement.world(s, side, B.blocking(s, side), False, 0)
        units = B.on_map(s, side)
        for bid, before in zip(units, movement.unit_dests(s, units, w)):
            x = s["blocks"][bid]
            for dest in sorted(before):
                start = x["loc"], x["inside"]
                x["loc"], x["inside"] = dest, False
                fresh = movement.dests_in(s, bid, w)
                if fresh != before:
                    assert movement.unit_dests(s, [bid], w) == [fresh]
                    return
                x["loc"], x["inside"] = start
    pytest.fail("no move changed a unit's destinations")


def test_an_enemy_moving_in_changes_the_world_and_the_answer(states):
    for s in states:
        s = copy.deepcopy(s)
        side = _side(s)
        foe = other(side)
        w = movement.world(s, side, B.blocking(s, side), False, 0)
        units = B.on_map(s, side)
        found = [(b, d) for b, dests in zip(units, movement.unit_dests(s, units, w))
                 for d in sorted(dests)]
        enemy = next((e for e in B.on_map(s, foe) if not s["blocks"][e]["inside"]), None)
        if not found or enemy is None:
            continue
        bid, dest = found[0]
        s["blocks"][enemy]["loc"] = dest  # an enemy unit now stands where it could go
        w2 = movement.world(s, side, B.blocking(s, side), False, 0)
        assert w2 is not w
        assert dest not in movement.unit_dests(s, [bid], w2)[0]  # a Muster never engages
        return
    pytest.fail("no state to try")


def test_expedition_limits_are_kept_apart_by_year(states):
    s = copy.deepcopy(next(s for s in states if s["scenario"] == "415"
                           and movement.expeditions_apply(s)))
    w = movement.world(s, "athens", B.blocking(s, "athens"), False, 0)
    units = B.on_map(s, "athens")
    for year in (415, 414, 413):
        s["year"] = year
        assert movement.unit_dests(s, units, w) == [movement.dests_in(s, b, w) for b in units]


def test_event_kinds_in_play_follow_the_cards():
    g = engine.new_game("hellenes", scenario="431", seed="kinds")
    s = g.state
    aid = next(c.number for c in B.comps().data.cards if c.event.kind == "persian-aid")
    before = B.persian_aid(s)
    s["cards"]["in_play"].append(aid)
    assert B.persian_aid(s) == before + 1 and B.in_play(s, "persian-aid")
    s["cards"]["in_play"].remove(aid)
    assert B.persian_aid(s) == before


def test_menu_options_say_what_the_state_says():
    bid = next(iter(B.comps().blocks))
    a = phases._reinforce_option(bid, "ATH", 2, 1)
    b = phases._reinforce_option(bid, "ATH", 3, 1)
    assert a is not b and "to 3 cv" in a.label and "to 4 cv" in b.label
    assert "2 Actions" in phases._move_option("ATH", 2).label
    assert "(1 Action)" in phases._move_option("ATH", 1).label


def test_destinations_without_routes_equal_the_routes_and_follow_the_world(states):
    """The menus' destinations (`_dests_profile`, no routes made) are the routes' ends, and
    the verdicts kept for one kind of unit in one World (`_verdicts`) are that World's:
    an enemy standing in an area changes them."""
    checked = 0
    for s in states[::4]:
        side = _side(s)
        for engage in (False, True):
            w = movement.world(s, side, B.blocking(s, side), engage, 0)
            for b in B.on_map(s, side):
                start = movement._start(s, b)
                if start is None:
                    continue
                origin, inside, barred = start
                profile = movement._profile(b)
                ends = {r.dest for r in movement._search_profile(origin, inside, profile, w,
                                                                 barred)}
                assert movement._dests_profile(origin, inside, profile, w, barred) == ends
                checked += 1
    assert checked > 100
    s = copy.deepcopy(next(s for s in states if B.on_map(s, other(_side(s)))))
    side = _side(s)
    bid = next(b for b in B.on_map(s, side) if movement._start(s, b) is not None)
    w = movement.world(s, side, B.blocking(s, side), True, 0)
    origin, inside, barred = movement._start(s, bid)  # type: ignore[misc]
    dest = sorted(movement.dests_in(s, bid, w) - w.blocked)[0]
    spec = B.spec(bid)
    movement._layered(origin, inside, movement._profile(bid), w, barred)  # a search here
    kept = movement._verdicts(w, spec.sicilian, spec.nation, barred)
    assert kept[dest] == movement.PASS  # read by the search, kept for the next unit
    enemy = next(e for e in B.on_map(s, other(side)))
    s["blocks"][enemy]["loc"], s["blocks"][enemy]["inside"] = dest, False
    w2 = movement.world(s, side, B.blocking(s, side), True, 0)
    assert dest in movement.dests_in(s, bid, w2)  # may end there, Engaging (5.4) ...
    # (the menus may have found that answer kept from an earlier search: search here)
    movement._layered(origin, inside, movement._profile(bid), w2, barred)
    assert movement._verdicts(w2, spec.sicilian, spec.nation, barred)[dest] == movement.STOP
    assert kept[dest] == movement.PASS  # ... and the first World's verdict is its own


def test_muster_units_equal_the_plain_reading(states):
    """5.0: the units that can reach a Muster target, never engaging (read from the Group
    Move's searches, `moves.muster_units`)."""
    checked = 0
    for s in states:
        side = _side(s)
        w = movement.world(s, side, B.blocking(s, side), False, 0)
        moved = set(s["turn"]["moved"])
        for area in moves.muster_targets(s, side):
            plain = sorted(b for b in B.on_map(s, side) if b not in moved and any(
                r.dest == area for r in movement.routes_in(s, b, w)))
            with B.steady(s):
                assert moves.muster_units(s, side, area) == plain
            checked += 1
    assert checked > 10


def _plain_shelters(s: Any, side: str) -> frozenset[str]:
    return frozenset(c.area for c in B.comps().data.cities
                     if B.city_control(s, c) == side and c.name not in s["sieges"])


def test_worlds_and_shelters_kept_by_what_they_are_made_of(states):
    """`movement.world` and `movement.shelters` are looked up by what they are made of
    (City control compared as one kept object): they answer as a plain reading does, and
    a change of City control changes them."""
    for s in states[::3]:
        for side in ("athens", "sparta"):
            with B.steady(s):
                w = movement.world(s, side, None, True, 0)
                safe = movement.shelters(s, side)
            assert w.blocked == B.blocking(s, side)
            assert safe == _plain_shelters(s, side)
            if B.peace(s):
                assert w.captured == frozenset(
                    c.area for c in B.comps().data.cities
                    if c.loyalty not in (side, "neutral") and B.city_control(s, c) == side)
    s = copy.deepcopy(states[len(states) // 2])
    side = _side(s)
    city = next(c for c in B.comps().data.cities
                if c.area in movement.shelters(s, side) and c.name not in s["garrisons"])
    s["garrisons"][city.name] = {"side": other(side), "kind": "event"}  # the enemy holds it
    assert city.area not in movement.shelters(s, side)
    assert movement.shelters(s, side) == _plain_shelters(s, side)


def test_winter_ends_equal_the_winter_routes(states):
    """9.21: the Winter menu's ends (`movement.winter_ends_in`, for land units from a
    search that keeps no routes) are the Wintering routes' destinations and lengths, in
    their order, for Quartering (range) and Homing (range + 1)."""
    checked = 0
    for s in states[::3]:
        for side in ("athens", "sparta"):
            safe = movement.shelters(s, side)
            foes = movement.fleet_areas(s, other(side))
            for extra in (0, 1):
                w = movement.winter_world(s, side, extra)
                for b in B.on_map(s, side):
                    expected = tuple((r.dest, r.length) for r in
                                     movement.winter_routes_in(s, b, w, safe, foes))
                    assert movement.winter_ends_in(s, b, w, safe, foes) == expected
                    checked += bool(expected)
    assert checked > 100
