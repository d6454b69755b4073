"""Issue 35.3, the balance question: Sparta's lone fleets took Athens' vacant subject
ports for their Tribute (9.51, a City held by sole occupation, 1.4) and Athens answered
with lone units that lost their battles and fed Sparta's Prestige (14.11). The heuristic
now sends a fleet alone to retake such a City, weighs a fleet's steps in an imagined
Engagement, and counts the Prestige of a battle it would lose."""

from __future__ import annotations

import pytest

import engine
from engine.core.types import Option, Prompt
from engine.players import hellenes as H


def _athens_view(seed: str):
    return engine.new_game("hellenes", seed=seed).view("athens")


def _menu(origin: str) -> Prompt:
    return Prompt("athens", "Action phase", (
        Option(f"move:{origin}", f"Group Move from {origin}", "5.0",
               data={"kind": "move", "from": origin, "cost": 1}),), kind="actions")


def test_a_fleet_alone_sails_back_to_a_port_a_spartan_fleet_holds():
    """Naxos (Value 2, an island port) held by one Spartan block, only fleets in Athens:
    the Group Move from Athens is imagined as a fleet sailing there alone, which ends
    Sparta's hold (1.4) and its Tribute. Before, a fleet was imagined only with a land
    unit aboard, and an Engagement counted only land steps: fleets never went."""
    view = _athens_view("raid-naxos")
    fleets = [b for b in view["blocks"] if b["area"] != "ATH" or b["type"] == "fleet"]
    raided = dict(view, blocks=fleets, control=dict(view["control"], Naxos="sparta"),
                  hidden_blocks=[*view["hidden_blocks"],
                                 {"side": "sparta", "area": "NAX", "inside": False}])
    imagined = H.imagine(raided, _menu("ATH"), "move:ATH")
    assert imagined is not None
    there = [b for b in imagined["blocks"] if b["area"] == "NAX"]
    assert there and all(b["type"] == "fleet" for b in there)
    assert imagined["control"]["Naxos"] == "athens"
    assert H.evaluate(imagined, "athens") > H.evaluate(raided, "athens")


def test_a_lone_unit_sent_into_a_stronger_enemy_is_imagined_lost_with_its_prestige():
    """A 2-step unit Engaging two enemy blocks (about four steps) loses: the unit is gone
    and the enemy's Trophy or Triumph (14.11) moves the Prestige track its way. A 4-cv
    fleet on land fights as a D1 unit, counted at half its steps."""
    view = _athens_view("lost-battle")
    unit = next(b for b in view["blocks"] if b["type"] != "fleet" and b["cv"] == 2)
    foes = [{"side": "sparta", "area": "NAX", "inside": False}] * 2
    crowded = dict(view, hidden_blocks=[*view["hidden_blocks"], *foes])
    lost = H._arrive(crowded, "athens", {unit["id"]}, "NAX")
    assert unit["id"] not in {b["id"] for b in lost["blocks"]}
    assert lost["prestige"] == pytest.approx(view["prestige"] - H.BATTLE_LOST)
    fleet = next(b for b in view["blocks"] if b["type"] == "fleet" and b["cv"] == 4)
    one = dict(view, hidden_blocks=[*view["hidden_blocks"], foes[0]])
    held = H._arrive(one, "athens", {fleet["id"]}, "NAX")
    assert fleet["id"] in {b["id"] for b in held["blocks"]}
    assert held["prestige"] == view["prestige"]
    weak = next(b for b in view["blocks"] if b["type"] == "fleet" and b["cv"] == 2)
    assert weak["id"] not in {b["id"] for b in H._arrive(one, "athens", {weak["id"]},
                                                          "NAX")["blocks"]}
