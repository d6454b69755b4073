"""The kernel's contract suite (`engine.testing.check_contract`), run for every ruleset,
scenario and player count, the kernel's fixture games included: views built for every
seat at every step, cited rules that resolve, redaction proofs for N seats, worlds drawn
for a seat that show it its own view, dump and load, no stalls."""

from __future__ import annotations

import pytest

import engine
from engine.testing import check_contract, sentences_in
from tests.fixtures.allies import ALLIES
from tests.fixtures.council import COUNCIL
from tests.fixtures.duel import DUEL

RULESETS = ("athens-sparta", "hellenes", "epic", DUEL.id, ALLIES.id, COUNCIL.id)
# Rulesets that still keep sentences in their state (their log lines, the reason of a
# win), until they move onto the kernel's records (docs/architecture.md).
WORDING_LEFT = {"epic", ALLIES.id, "athens-sparta"}


def _games() -> list[tuple[str, str, int | None]]:
    out = []
    for rid in RULESETS:
        for name, scenario in engine.ruleset(rid).scenarios.items():
            counts = list(scenario.counts) if scenario.players else [None]
            out.extend((rid, name, n) for n in counts)
    return out


GAMES = _games()
IDS = [f"{r}-{s}-{n or ''}" for r, s, n in GAMES]


@pytest.mark.parametrize(("rid", "scenario", "players"), GAMES, ids=IDS)
def test_the_contract_holds(rid, scenario, players):
    options = {"players": players} if players else None
    problems = check_contract(engine.ruleset(rid), scenario, f"contract:{rid}", options,
                              actions=120, redaction_every=30,
                              wording=rid not in WORDING_LEFT)
    assert problems == []


@pytest.mark.parametrize("rid", sorted(WORDING_LEFT))
@pytest.mark.xfail(strict=True, reason="sentences still kept in the state (issue 30, point 3)")
def test_no_wording_is_kept_in_the_state(rid):
    rules = engine.ruleset(rid)
    problems = check_contract(rules, None, f"wording:{rid}", actions=400,
                              redaction_every=1_000)
    assert not [p for p in problems if p.startswith("wording")]


@pytest.mark.parametrize("rid", sorted(set(RULESETS) - WORDING_LEFT))
def test_rulesets_on_the_kernel_keep_no_wording(rid):
    """Those moved onto the kernel's records (issue 30, point 3): 0 sentences in the
    state over a long random game."""
    problems = check_contract(engine.ruleset(rid), None, f"wording:{rid}", actions=400,
                              redaction_every=1_000)
    assert [p for p in problems if p.startswith("wording")] == []


def test_sentences_are_found_and_facts_are_not():
    state = {"log": ["Sparta attacks Athens at Plataea"], "hex": "G7", "units": ["S1 H"],
             "note": {"deep": [1, "a few words but short"]}}
    assert [p.split(":")[0] for p in sentences_in(state)] == [".log[0]", ".note.deep[1]"]
