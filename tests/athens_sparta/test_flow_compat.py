"""Games saved by the step machine, before the flow moved onto the kernel's procedures,
load and go on exactly as the new code plays them.

`step_machine_saves.json.gz` holds games saved by the step machine's own code, one at the
first moment each kind of question was open (49 kinds: every step, every battle question,
the replacement menus, a retreat chosen in round 2, a battle that interrupted the move
phase). Their states still carry the old `step`, sub-step keys and stored `asks`."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

import engine
from engine import Option, Prompt
from engine.core.decisions import random_answer
from engine.core.rng import Rng
from engine.rulesets.athens_sparta.flow_compat import OLD_KEYS, OLD_NAMES

SAVES = json.loads(gzip.decompress(
    Path(__file__).with_name("step_machine_saves.json.gz").read_bytes()))


def _asked(state):
    return [_reworded(Prompt(a["seat"], a["text"], tuple(Option(*o) for o in a["opts"]),
                             rule=a.get("rule"), secret=bool(a.get("secret")), kind=a["kind"]))
            for a in state["asks"]]


def _reworded(p: Prompt) -> Prompt:
    """The questions as worded since these saves (issue 34): a round-2 battle question
    cites rule 5.42, a navy's question names withdrawal only when it offers it, and a
    regroup calls no block victorious (a siege may go on); a move's destination question
    names its block in the prompt's data too (issue 35; every block's name is its id).
    Nothing else changed."""
    text, rule, data = p.text, p.rule, None
    if p.kind == "act" and "round 2" in text:
        text, rule = text.replace("(rule 5.41)", "(rule 5.42)"), "5.42"
    if p.kind == "navy" and "wd" not in [o.id for o in p.options]:
        text = text.replace("Engage on land, withdraw, or remain at sea?",
                            "Engage on land, or remain at sea?")
    if p.kind == "regroup":
        text = text.replace("choose a victorious block", "choose a block of yours")
    if p.kind == "move_dest":
        data = {"block": text.removeprefix("Move ").split(" from ", 1)[0]}
    return Prompt(p.seat, text, p.options, rule=rule, secret=p.secret, kind=p.kind, data=data)


@pytest.mark.parametrize("record", SAVES, ids=[
    f"{r['state']['step']}-{r['state']['asks'][0]['kind']}-{i}" for i, r in enumerate(SAVES)])
def test_an_old_save_asks_the_same_and_goes_on_as_its_log_replayed(record):
    loaded = engine.load_game(record)
    assert not set(OLD_KEYS) & set(loaded.state)
    assert loaded.prompts() == _asked(record["state"])
    # the game rebuilt from its log by the new code stands at the very same place
    replayed = engine.load_game(record, replay=True)
    assert loaded.rules.dump(loaded.state) == replayed.rules.dump(replayed.state)
    player = Rng(f"compat:{len(record['log'])}")
    for _ in range(40):
        if loaded.outcome is not None:
            break
        assert loaded.prompts() == replayed.prompts()
        p = player.choice(loaded.prompts())
        answer = random_answer(p, player)
        loaded.act(p.seat, answer)
        replayed.act(p.seat, answer)
        assert loaded.rules.dump(loaded.state) == replayed.rules.dump(replayed.state)


def test_the_short_keys_of_old_saves_get_their_readable_names():
    """Saves from before the typed state's readable names (schema.py) kept short keys:
    loading renames them (flow_compat.OLD_NAMES) and keeps what they held; the games go
    on as their logs replayed (the test above)."""
    battles = [r for r in SAVES if r["state"].get("battle")]
    assert battles and all("hctl" in r["state"] for r in SAVES)
    for record in SAVES:
        old = record["state"]
        loaded = engine.load_game(record).state
        assert loaded["land_control"] == old["hctl"] and "hctl" not in loaded
        assert loaded["sea_control"] == old["sctl"] and "sctl" not in loaded
        if old.get("battle"):
            bt = loaded["battle"]
            assert (bt["attacker"], bt["defender"]) == (old["battle"]["att"],
                                                        old["battle"]["def"])
            assert bt["status"] == old["battle"]["st"]
            # the record is the kernel's now (flow_compat.records_from_old), of one battle
            assert bt["record"]["place"] == old["battle"]["rec"]["hex"]
            assert not {"att", "def", "st", "rec", "sd", "decl", "extra_q"} & set(bt)
        if old.get("hits"):
            assert loaded["hits"]["count"] == old["hits"]["n"]
        assert loaded["cards"]["mulligan_used"] == old["cards"]["mull"]
        assert loaded["cards"]["mulligan_answers"] == old["cards"]["mull_ans"]
        assert not {"mull", "mull_ans", "mull_req"} & set(loaded["cards"])
        if old.get("build"):
            assert loaded["build"]["points"] == old["build"]["bp"]
            assert loaded["build"]["earmarked"] == old["build"]["ear"]
        assert (loaded["player1"], loaded["player_turn"], loaded["move_points"]) == (
            old["p1"], old["pturn"], old["mp"])
        assert loaded["half_hits"] == old["half"]
        # no short key is left in any record that had them
        for where, names in OLD_NAMES.items():
            records = {"state": [loaded], "queue": loaded["queue"]}.get(where) or [
                loaded.get(where) or {}]
            for rec in records:
                assert not set(names) & set(rec), where
        for item, was in zip(loaded["queue"], old["queue"]):
            assert item.get("attacker") == was.get("att") and "att" not in item


def test_the_card_events_asked_keys_become_their_typed_list():
    """Saves from before `asked` was a list (schema.py Bonus, Betrayal) kept loose
    `asked_<place>` keys; loading moves them into the list, and the game goes on as its
    log replayed (the test above continues each of them)."""
    olds = [r for r in SAVES for k in ("bonus", "betrayal")
            if any(x.startswith("asked_") for x in (r["state"].get(k) or {}))]
    assert olds
    for record in olds:
        loaded = engine.load_game(record)
        for k in ("bonus", "betrayal"):
            old = record["state"].get(k)
            if old is None:
                continue
            new = loaded.state[k]
            assert new["asked"] == [x[len("asked_"):] for x in old if x.startswith("asked_")]
            assert not [x for x in new if x.startswith("asked_")]
