"""Rule 9.3.1 (a supply line through a contested Area), read again from the rulebook into
described positions.

In our words: a land supply line may run through friendly Areas, and through a contested
Area only along hexes holding no enemy unit or city. So enemy towns or troops can cut a
contested Area in two, and a unit on the far side traces no line across it, though its
Area touches friendly land. A place masked by one's own units holds the enemy in and no
longer bars the way (8.3, 10.2.2). Games created before generation 14 let a line through
any contested Area (RULINGS.md 91)."""

from __future__ import annotations

from engine.rulesets.epic import board as B
from engine.rulesets.epic import supply as S
from engine.rulesets.epic.state import CONTESTED_LINES

from .conftest import city_hexes, described

CITY = city_hexes()
PAGAE, MEGARA = CITY["Pagae"], CITY["Megara"]
BY_CORINTH = "W3330"  # Megarid's hex beside Corinthia, between Pagae and Megara
BY_ATTICA = "W3530"  # Megarid's hex beside Attica


def _supplied(at, generation=None, masking=False):
    """An Attic hoplite in Spartan Megarid, whose towns Megara, Pagae and Nisaea make the
    Area contested; Athens, a large city in friendly Attica, is the source. `masking`: a
    second Attic hoplite stands on Pagae, masking it."""
    units = [{"home": "attica", "type": "hoplite", "at": at}]
    if masking:
        units.append({"home": "attica", "type": "hoplite", "at": "Pagae"})
    g = described("rulebook-contested-lines", generation=generation, units=units)
    s = g.state
    assert B.area_status(s, "megarid", "athens") == "contested"
    uid = next(u for u in B.units_at(s, at, "athens"))
    return S.in_supply(s, uid, S.supplied_areas(s, "athens"))


def test_9_3_1_a_unit_beside_attica_traces_its_line_through_free_hexes():
    assert B.area_of(BY_ATTICA) == "megarid" and "W3529" in B.comps().land_neighbors(BY_ATTICA)
    assert _supplied(BY_ATTICA)


def test_9_3_1_enemy_towns_cut_the_contested_area_in_two():
    """From the hex by Corinthia every way into Attica passes Pagae or Megara, both
    Spartan towns, and Corinthia behind is Spartan land: no line."""
    ways = set(B.comps().land_neighbors(BY_CORINTH))
    assert {PAGAE, MEGARA} <= ways
    assert all(B.area_of(h) == "corinthia" for h in ways - {PAGAE, MEGARA})
    assert not _supplied(BY_CORINTH)


def test_9_3_1_masking_pagae_opens_the_way():
    assert _supplied(BY_CORINTH, masking=True)


def test_9_3_1_older_games_trace_through_any_contested_area():
    assert _supplied(BY_CORINTH, generation=CONTESTED_LINES - 1)
