"""5.22/5.23 with 6.5: a fleet that retreats across a DeepSea border is rolled for, and a
land unit aboard a fleet the Storm sinks is lost with it. Found by self-play (sicily,
seed kernel30b:861): an Athenian fleet carrying cavalry retreated from the Iapygian Sea
to the Ionian Sea, a Gale sank it, and the cavalry stayed at sea with no ship.

The random player's answers were made by the code of version 4 and are kept in
`retreat_storm_log.json`; since version 6 asks a Group Move's movers and Winter's
wintering in another form, they are applied as a replay applies an older version's log
(legacy_answers.py), and reach the same position."""

import json
from pathlib import Path

from engine.core.game import Game
from engine.core.registry import ruleset
from engine.core.view import BATTLE_END

SEED = "kernel30b:861"
LOG = json.loads(Path(__file__).with_name("retreat_storm_log.json").read_text())


def test_cargo_sinks_with_its_fleet_after_a_retreat_storm():
    game = Game.create(ruleset("hellenes"), scenario="sicily", seed=SEED)
    storm_after_retreat = False
    for seat, answer in LOG:
        events = game._apply(seat, answer)
        kinds = [e.kind for e in events]
        if BATTLE_END in kinds and "storm" in kinds[kinds.index(BATTLE_END):]:
            storm_after_retreat = any("sinks" in e.text for e in events if e.kind == "storm")
        assert game.check_invariants() == []
    assert storm_after_retreat  # the position this test is about was reached
    blocks = game.state["blocks"]
    assert blocks["A13"]["loc"] == "pool"  # the cavalry went down with its ship
