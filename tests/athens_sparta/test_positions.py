"""The position format (POSITIONS.md) reaches every rule: the deal, the mulligan, revolts
already made this Olympiad, pending half-hits and the second round of a battle."""

from __future__ import annotations

import pytest

from engine import IllegalAction
from tests.athens_sparta.conftest import act, blk, ids, position, prompt

BLOCKS = {"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}}
LOW = ["C10", "C11", "C12", "C13", "C07", "C02"]   # 6 MP: a mulligan hand
HIGH = ["C20", "C21", "C22", "C23", "C24", "C25"]  # 28 MP


def test_position_at_the_deal_intro():
    g = position(None, olympiad=85, turn=1, phase="deal", blocks=BLOCKS)
    s = g.state
    assert len(s["cards"]["hands"]["athens"]) == len(s["cards"]["hands"]["sparta"]) == 6
    assert len(s["cards"]["deck"]) == 13
    ps = g.prompts()
    assert {p.seat for p in ps} == {"athens", "sparta"}
    assert all(p.kind == "mulligan" and p.rule == "Mulligan sidebar" for p in ps)


def test_position_at_the_mulligan_offers_a_redeal_under_10_mp():
    g = position(None, olympiad=85, turn=1, phase="mulligan", blocks=BLOCKS,
                 cards={"athens": {"hand": LOW}, "sparta": {"hand": HIGH}})
    assert ids(prompt(g, "athens")) == ["keep", "redeal"]
    assert ids(prompt(g, "sparta")) == ["keep"]
    act(g, "redeal", "athens")
    act(g, "keep", "sparta")
    p = prompt(g, "sparta")  # the opponent may keep his cards or not (sidebar)
    assert p.kind == "mull_other" and p.rule == "Mulligan sidebar"
    act(g, "keep", "sparta")
    assert g.state["cards"]["hands"]["sparta"] == HIGH
    assert sorted(g.state["cards"]["hands"]["athens"]) != sorted(LOW)


def test_position_records_a_mulligan_already_used_this_olympiad():
    g = position(None, olympiad=85, turn=1, phase="mulligan", blocks=BLOCKS,
                 cards={"athens": {"hand": LOW}, "sparta": {"hand": HIGH},
                        "mulligan_used": {"athens": True}})
    assert ids(prompt(g, "athens")) == ["keep"]  # one re-deal per Olympiad


def test_position_at_the_deal_refuses_hands():
    with pytest.raises(IllegalAction, match="at the deal"):
        position(None, phase="deal", blocks=BLOCKS, cards={"athens": {"hand": LOW}})


def test_position_records_revolts_made_this_olympiad_rule_7_0():
    cards = {"athens": {"hand": ["C11"], "played": "C25"},
             "sparta": {"hand": ["C12"], "played": "C10"}}
    g = position(None, olympiad=84, turn=2, phase="move", active="athens", player1="athens",
                 cards=cards, blocks=BLOCKS, revolts={"Corinth": ["athens"]},
                 helot_ban=True)
    act(g, "rv")
    opts = ids(prompt(g))
    assert "c:Corinth" not in opts  # never against the same city in the same Olympiad
    assert "c:Messene" not in opts  # 7.1: the Helots were crushed this Olympiad
    assert "c:Thebes" in opts
    with pytest.raises(IllegalAction, match="revolts"):
        position(None, olympiad=84, turn=2, phase="move", active="athens", player1="athens",
                 cards=cards, blocks=BLOCKS, revolts={"Nowhere": ["athens"]})


STORM = dict(olympiad=84, turn=2, phase="combat", active="athens", player1="athens", mp=0,
             cards={"athens": {"hand": ["C11"], "played": "C24"},
                    "sparta": {"hand": ["C12"], "played": "C10"}},
             control={"Potidaea": "sparta"}, battle="J3")


def test_position_with_a_pending_half_hit_rule_5_41():
    """5.41: after a half-hit the next hit must go to the same block, and completes a
    step loss."""
    blocks = {"Athens H3": {"hex": "J3"},
              "Corinth H2": {"hex": "J3", "in_city": True, "strength": 2},
              "Sparta H1": {"hex": "I10"}}
    g = position(None, blocks=blocks, half_hits=["Corinth H2"], dice=[6, 6, 1, 6, 6, 6],
                 **STORM)
    act(g, "storm")
    # the defender misses twice; the hoplite scores one half-hit: with the one pending,
    # Corinth H2 loses a step
    assert blk(g, "Corinth H2")["str"] == 1
    with pytest.raises(IllegalAction, match="half_hits"):
        position(None, blocks=blocks, half_hits=["Athens H3"], **STORM)


def test_position_in_the_second_round_of_a_battle_rule_5_42():
    g = position(None, olympiad=84, turn=2, phase="combat", active="sparta",
                 player1="sparta", mp=0,
                 cards={"athens": {"hand": ["C11"], "played": "C10"},
                        "sparta": {"hand": ["C12"], "played": "C24"}},
                 blocks={"Sparta H1": {"hex": "J10"}, "Athens P": {"hex": "J10"},
                         "Athens H1": {"hex": "K8"}},
                 entries={"J10": {"Sparta H1": {"from": "I10"}}}, battle="J10",
                 battle_round=2)
    p = prompt(g)
    assert p.seat == "athens" and "round 2" in p.text and "rt" in ids(p)
