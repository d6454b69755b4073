"""The Hellenes renderer draws views only: the public map shows no hidden block's face."""

from __future__ import annotations

import io

from PIL import Image

from engine.core.rng import Rng
from renders.registry import renderer

from .helpers import RULES


def _png(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


def test_map_hand_and_combat_render_from_views():
    g = RULES.from_position({"scenario": "431"}, seed=3)
    r = renderer("hellenes")
    public = _png(r.map(g.view(None)))
    mine = _png(r.map(g.view("athens")))
    assert public.size == mine.size and public.width > 1000
    assert public.tobytes() != mine.tobytes()  # Athens sees its own blocks' faces
    hand = _png(r.hand(g.view("athens")))
    assert hand.width > 6 * 200  # six cards
    battle = {"place": "PHO", "kind": "field", "attacker": "sparta", "defender": "athens",
              "forces": [{"id": "S1", "name": "Spartiates", "side": "sparta", "kind": "hoplite",
                          "strength": 3, "rating": "B2"},
                         {"id": "A1", "name": "Athenians", "side": "athens", "kind": "hoplite",
                          "strength": 2, "rating": "B1"}],
              "rounds": [{"number": 1, "steps": [
                  {"kind": "fire", "side": "sparta", "unit": "S1", "dice": [1, 5, 6], "hits": 1,
                   "targets": [{"target": "A1", "before": 2, "after": 1},
                               {"target": "A1", "before": 1, "after": 1, "rout": True}],
                   "facts": {"rating": "B2", "strength": 3, "routs": 1}}]}],
              "winner": None, "outcome": None, "facts": {"sea": False}}
    assert _png(r.combat(battle, None)).height > 200


def test_public_map_is_the_same_whatever_hidden_facts_are():
    g = RULES.from_position({"scenario": "431"}, seed=4)
    r = renderer("hellenes")
    base = r.map(g.view(None))
    from engine.core.rng import Rng

    for v in RULES.hidden_variants(g.state, None, Rng("x")):
        assert r.map(RULES.view(v, None) | {"common": g.view(None)["common"]}) == base


def test_combat_display_draws_each_attack_of_a_real_battle_with_its_dice():
    """Every attack in a real battle's record has one die per combat value and the hits
    its rating gives (6.31-6.33), so the display's marks agree; the image and the
    terminal's lines grow with the record."""
    import engine
    from engine.core.decisions import random_answer
    from engine.rulesets.hellenes import battle_words
    from renders.hellenes import combat

    g = engine.new_game("hellenes", scenario="431", seed="17")  # battles with attacks
    player = Rng("player:17")
    battles = []
    while g.outcome is None and len(battles) < 3:
        p = player.choice(g.prompts())
        battles += [e.data["battle"] for e in g.act(p.seat, random_answer(p, player))
                    if e.kind == "battle_end" and e.public and e.data.get("battle")]
    steps = [st for b in battles for rnd in b["rounds"] for st in rnd["steps"]]
    # (a battle may end before any attack: a Retreat at the first unit's turn, 6.4)
    attacks = [st for st in steps if st["kind"] in ("fire", "pursuit")]
    assert attacks
    for st in attacks:
        power = int(st["facts"]["rating"][1])
        assert len(st["dice"]) == st["facts"]["strength"]
        assert st["hits"] == sum(1 for d in st["dice"] if d <= power)
        if st["kind"] == "fire":
            assert st["facts"]["routs"] == sum(1 for d in st["dice"] if d >= 7 - power)
        assert len([h for h in st["targets"] if not h.get("rout")]) <= st["hits"]
    for battle in battles:
        rows = sum(len(rnd["steps"]) for rnd in battle["rounds"]) + 1  # and the result
        image = _png(renderer("hellenes").combat(battle, g.view(None)))
        assert image.width == combat.WIDTH
        assert image.height >= combat.HEAD + combat.ROW * rows
        text = battle_words.lines(battle)
        assert text[-1].startswith("Battle of ") and battle["winner"].title() in text[-1]
        assert all(battle_words.dice_words(st["dice"]) in "\n".join(text)
                   for rnd in battle["rounds"] for st in rnd["steps"] if "dice" in st)


def test_a_reworded_attack_changes_no_picture_input():
    """The display reads the record's facts: the words for a step are built from it."""
    from engine.rulesets.hellenes import battle_words

    step = {"kind": "fire", "side": "sparta", "unit": "S1", "dice": [6, 6, 2, 3], "hits": 1,
            "targets": [{"target": "A1", "before": 3, "after": 2}],
            "facts": {"rating": "A2", "strength": 4, "routs": 2}}
    line = battle_words.step_words(step, {"S1": "Spartiates", "A1": "Athenians"})
    assert line.startswith("Spartiates (A2, 4 cv) attacks: 4 dice: 6, 6, 2, 3 — 1 hit, 2 routs")
    assert "Athenians 3→2" in line


def test_the_terminal_text_of_a_battle_shows_forces_dice_hits_and_result():
    """Issue 32: the terminal shows what the combat picture shows, as lines."""
    from renders.hellenes import combat

    battle = {"place": "PHO", "kind": "field", "attacker": "sparta", "defender": "athens",
              "forces": [{"id": "S1", "name": "Spartiates", "side": "sparta", "kind": "hoplite",
                          "strength": 3, "rating": "B2"},
                         {"id": "A1", "name": "Athenians", "side": "athens", "kind": "hoplite",
                          "strength": 2, "rating": "B1"}],
              "rounds": [{"number": 1, "steps": [
                  {"kind": "fire", "side": "sparta", "unit": "S1", "dice": [1, 5, 6], "hits": 1,
                   "targets": [{"target": "A1", "before": 2, "after": 1}],
                   "facts": {"rating": "B2", "strength": 3, "routs": 1}},
                  {"kind": "retreat", "side": "athens", "rule": "6.4"},
                  {"kind": "withdraw", "side": "athens", "unit": "A1", "to": "LOC",
                   "rule": "6.4"}]}],
              "winner": "sparta", "outcome": "retreat", "facts": {"sea": False, "prestige": 1}}
    lines = combat.text(battle)
    assert lines[0] == "Battle of Phocis: Sparta attacks Athens"
    assert "Spartiates (B2, 3 cv)" in lines[1] and "Athenians (B1, 2 cv)" in lines[2]
    assert "Round 1" in lines
    assert any("3 dice: 1, 5, 6 — 1 hit, 1 rout → Athenians 2→1" in x for x in lines)
    assert any("Athens retreats (6.4)" in x for x in lines)
    assert any("Athenians: withdrawn to Locris" in x for x in lines)
    assert lines[-1] == "Battle of Phocis: Sparta wins (retreat), +1 Prestige (14.11)"
