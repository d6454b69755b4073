"""The kernel's battle record: built by its helpers, checked by `problems`."""

from engine.core import battle_record as br


def _record() -> br.BattleRecord:
    rec = br.new_record("K8", "field", "athens", "sparta", [
        {"id": "a1", "side": "athens", "kind": "hoplite", "strength": 3},
        {"id": "s1", "side": "sparta", "kind": "hoplite", "strength": 4}])
    br.open_round(rec, 1)
    br.add_step(rec, {"kind": "fire", "side": "athens", "unit": "a1", "dice": [6, 2, 5],
                      "hits": 1, "targets": [{"target": "s1", "before": 4, "after": 3}]})
    br.add_step(rec, {"kind": "fire", "side": "sparta", "unit": "s1", "dice": [6, 6, 1],
                      "hits": 2, "targets": [{"target": "a1", "before": 3, "after": 1}]})
    return rec


def test_a_built_record_has_no_problems_and_tracks_strength():
    rec = _record()
    br.close(rec, "sparta", "defender_held")
    assert br.problems(rec) == []
    assert br.strength_after(rec, "a1") == 1
    assert br.strength_after(rec, "s1") == 3
    assert br.strength_after(rec, "nobody") is None
    assert rec["winner"] == "sparta" and rec["outcome"] == "defender_held"


def test_a_step_by_a_unit_not_in_the_forces_is_a_problem():
    rec = _record()
    br.add_step(rec, {"kind": "fire", "unit": "ghost",
                      "targets": [{"target": "phantom", "before": 1, "after": 0}]})
    found = br.problems(rec)
    assert any("ghost" in p for p in found) and any("phantom" in p for p in found)
    assert br.problems({"place": "x"})  # keys missing
    assert br.problems("not a dict") == ["a battle record is a dict"]


def test_a_piece_joins_once_and_a_step_opens_round_one():
    rec = br.new_record("A", "naval", "athens", "sparta")
    br.add_piece(rec, {"id": "n1", "side": "athens", "kind": "trireme", "strength": 2})
    br.add_piece(rec, {"id": "n1", "side": "athens", "kind": "trireme", "strength": 9})
    assert [p["strength"] for p in rec["forces"]] == [2]
    br.add_step(rec, {"kind": "note"})
    assert rec["rounds"][0]["number"] == 1 and len(rec["rounds"][0]["steps"]) == 1


def test_pieces_steps_and_hits_leave_out_what_a_game_has_no_value_for():
    """The shaping both A&S and Hellenes use (issue 30: one record, built one way)."""
    assert br.new_piece("a1", "athens", "hoplite", 3) == {
        "id": "a1", "side": "athens", "kind": "hoplite", "strength": 3}
    assert br.new_piece("S1", "sparta", "hoplite", 4, rating="B2", name="Spartiates") == {
        "id": "S1", "side": "sparta", "kind": "hoplite", "strength": 4, "rating": "B2",
        "name": "Spartiates"}
    assert br.new_step("retreat", side="athens", rule="6.4") == {
        "kind": "retreat", "side": "athens", "rule": "6.4"}
    fire = br.new_step("fire", unit="a1", dice=[6, 1], hits=0, targets=[])
    assert fire == {"kind": "fire", "unit": "a1", "dice": [6, 1], "hits": 0, "targets": []}
    assert br.new_hit("s1", 2, 2, rout=True) == {"target": "s1", "before": 2, "after": 2,
                                                 "rout": True}
    assert "rout" not in br.new_hit("s1", 2, 1) and "facts" not in br.new_hit("s1", 2, 1)


def test_a_hit_lands_on_the_current_rounds_last_step():
    rec = _record()
    last = br.last_step(rec)
    assert last is not None and last["unit"] == "s1"
    br.add_hit(last, br.new_hit("a1", 1, 0))
    assert br.strength_after(rec, "a1") == 0 and br.problems(rec) == []
    br.open_round(rec, 2)
    assert br.last_step(rec) is None  # a new round: nothing to strike yet
