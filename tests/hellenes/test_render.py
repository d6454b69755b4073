"""The Hellenes renderer draws views only: the public map shows no hidden block's face."""

from __future__ import annotations

import io

from PIL import Image

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
