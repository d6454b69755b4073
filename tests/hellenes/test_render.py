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
    battle = {"name": "Phocis", "attacker": "sparta", "defender": "athens", "round": 2,
              "sea": False, "lines": ["Spartiates (B2, 3 cv) attacks: [1, 5] - 1 hit(s)"],
              "blocks": [{"id": "S1", "name": "Spartiates", "side": "sparta", "cv": 3,
                          "rating": "B2", "type": "hoplite", "routed": False}]}
    assert _png(r.combat(battle, None)).height > 200


def test_public_map_is_the_same_whatever_hidden_facts_are():
    g = RULES.from_position({"scenario": "431"}, seed=4)
    r = renderer("hellenes")
    base = r.map(g.view(None))
    from engine.core.rng import Rng

    for v in RULES.hidden_variants(g.state, None, Rng("x")):
        assert r.map(RULES.view(v, None) | {"common": g.view(None)["common"]}) == base


def test_combat_display_draws_each_attack_of_a_real_battle_with_its_dice():
    """Every attack line the rules write matches the display's pattern (so its dice are
    drawn), and a battle's image grows with its record."""
    import engine
    from engine.core.decisions import random_answer
    from renders.hellenes import combat

    g = engine.new_game("hellenes", scenario="431", seed="14")
    player = Rng("player:14")
    battles = []
    while g.outcome is None and len(battles) < 3:
        p = player.choice(g.prompts())
        battles += [e.data["battle"] for e in g.act(p.seat, random_answer(p, player))
                    if e.kind == "battle_end" and e.public and e.data.get("battle")]
    # (a battle may end before any attack: a Retreat at the first unit's turn, 6.4)
    assert any(" cv) " in line for battle in battles for line in battle["lines"])
    for battle in battles:
        attacks = [line for line in battle["lines"] if " cv) " in line]
        assert all(combat.ATTACK.match(line) for line in attacks), attacks
        image = _png(renderer("hellenes").combat(battle, g.view(None)))
        assert image.width == combat.WIDTH
        assert image.height >= combat.HEAD + combat.ROW * len(battle["lines"])


def test_attack_dice_are_marked_only_when_they_agree_with_the_rating():
    from renders.hellenes import combat

    m = combat.ATTACK.match("Spartiates (A2, 4 cv) attacks: [6, 6, 2, 3] - 1 hit(s), 2 rout(s)")
    assert m and m["power"] == "2" and m["dice"] == "6, 6, 2, 3" and m["routs"] == "2"
    m = combat.ATTACK.match("the City garrison (A2, 1 cv) pursues: [3] - 0 hit(s), 0 rout(s)")
    assert m and m["name"] == "the City garrison" and m["verb"] == "pursues"
    assert combat.ATTACK.match("Athens panics (6.34)") is None
