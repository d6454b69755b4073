"""The components (data/README.md): counts, real coordinates, path types, set-ups."""

from __future__ import annotations

import csv
from pathlib import Path

from engine.rulesets.ppw import RULESET
from engine.rulesets.ppw.board import board
from engine.rulesets.ppw.components import components_json, load_components

GAZETTEER = Path("/work/shared/data/gazetteer.csv")


def test_components_json_has_every_part():
    data = components_json()
    for key in ("spaces", "paths", "areas", "city_states", "kingdoms", "leaders", "units",
                "setups"):
        assert data[key], key
    assert RULESET.components_json() == data


def test_the_map_has_the_designed_size():
    c = load_components()
    assert len(c.spaces) == 96
    assert len(c.paths) == 162
    assert len(c.areas) == 41
    assert sum(s.fortress for s in c.spaces) == 78
    kinds = [p.type for p in c.paths]
    assert (kinds.count("land"), kinds.count("naval"), kinds.count("combined"),
            kinds.count("open_sea")) == (79, 57, 25, 1)


def test_the_map_is_one_connected_graph():
    b = board()
    seen, todo = {"ATH"}, ["ATH"]
    while todo:
        for e in b.edges[todo.pop()]:
            if e.to not in seen:
                seen.add(e.to)
                todo.append(e.to)
    assert seen == set(b.spaces)


def test_ships_never_sail_into_a_land_space():
    b = board()
    for sp, edges in b.edges.items():
        for e in edges:
            if e.type != "land":
                assert b.type[sp] != "land" and b.type[e.to] != "land", (sp, e.to)


def test_gazetteer_points_are_the_shared_gazetteer_rows():
    if not GAZETTEER.exists():
        return
    rows = {r["pleiades_id"]: r for r in csv.DictReader(GAZETTEER.open(encoding="utf-8"))}
    c = load_components()
    used = [s for s in c.spaces if s.point == "gazetteer"]
    assert len(used) == 78
    for s in used:
        row = rows[str(s.pleiades_id)]
        assert (s.lat, s.lon) == (float(row["lat"]), float(row["lon"])), s.id


def test_city_states_kingdoms_and_leaders():
    c = load_components()
    majors = [cs.id for cs in c.city_states if cs.kind == "major"]
    assert majors == ["athens", "sparta", "corinth", "thebes"]
    assert len(c.city_states) == 32
    assert [k.id for k in c.kingdoms] == ["macedon", "odrysians", "persia"]
    assert next(k for k in c.kingdoms if k.id == "macedon").home == "PLL"  # rule 1.7
    by_id = {ldr.id: ldr for ldr in c.leaders}
    assert (by_id["brasidas"].skill, by_id["brasidas"].bravery) == (3, 4)
    assert by_id["phormio"].naval
    assert sum(1 for ldr in c.leaders if ldr.generic) == 8


def test_the_431_set_up_keeps_mountfords_numbers():
    st = load_components().setups["431"]
    assert {m: v.treasury for m, v in st.majors.items()} == {
        "athens": 6000, "sparta": 500, "corinth": 1500, "thebes": 500}
    assert all(v.bellicosity == 10 and v.resentment == 0 for v in st.majors.values())
    forces = {(f.space, f.owner): (f.hoplite, f.cavalry, f.naval) for f in st.forces}
    assert forces[("ATH", "athens")] == (7, 1, 0)
    assert forces[("PIR", "athens")] == (0, 0, 12)
    assert forces[("SYR", "syracuse")] == (2, 2, 2)
    assert st.last_turn == 10
    assert load_components().setups["archidamian"].last_turn == 4


def test_set_ups_for_two_three_and_four_players():
    st = load_components().setups["431"]
    assert st.players["4"] == [["athens"], ["sparta"], ["corinth"], ["thebes"]]
    assert st.players["3"] == [["athens"], ["sparta", "thebes"], ["corinth"]]
    assert st.players["2"] == [["athens"], ["sparta", "corinth", "thebes"]]
    assert RULESET.scenarios["431"].counts == (2, 3, 4)
