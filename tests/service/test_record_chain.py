"""The record's digest (service/chain.py) binds an export to what the channel saw.

Once the seed is revealed anyone can build a record the audit alone accepts: each
forgery below is built from an honest export so that it is consistent (events rebuilt by
replay, digests recomputed with the revealed seed) and the audit accepts it; checked
against the final digest the closing post showed, `keryx verify` refuses it."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from typer.testing import CliRunner

import engine
from keryx.cli import app
from service import GameService, chain
from service.audit import _replayed_events
from service.replay import fresh_game
from tests.backends import database

from .helpers import NORTH, SOUTH, play_one, play_out, start_duel

CH = 91
SEED = "a fixed seed for the record chain tests"
GHOST = 4242  # a moderator who never existed


@pytest.fixture
def fixed_seed(monkeypatch):
    monkeypatch.setattr(engine, "new_seed", lambda: SEED)


async def _posts(svc: GameService, game_id: int) -> list[tuple[int, str | None, bool]]:
    """Deliver the game's pending posts as the bot does: (version, digest, closing)."""
    out = []
    while (post := await svc.claim_announcement(game_id)) is not None:
        out.append((post.version, post.record, post.game_ended))
        await svc.announcement_done(game_id, post.version, post.attempts)
    return out


async def _play_game(target, choices: int = 6) -> tuple[dict[str, Any], list]:
    """An honest duel played to its end through the service: its export and the
    digests its public posts showed."""
    svc = await GameService.open(target)
    try:
        started = await start_duel(svc, CH)
        posts = await _posts(svc, started.game.id)
        rng = random.Random(choices)
        while await play_one(svc, CH, rng) is not None:
            posts += await _posts(svc, started.game.id)
        return json.loads(await svc.export_game(started.game.id)), posts
    finally:
        await svc.close()


@pytest.fixture
async def honest(tmp_path, fixed_seed):
    async with database("sqlite", tmp_path) as target:
        return await _play_game(target)


async def _part_played(svc: GameService, choices: int, actions: int):
    """A duel started and `actions` random choices in: (the start, the choices' rng)."""
    started, rng = await start_duel(svc, CH), random.Random(choices)
    for _ in range(actions):
        await play_one(svc, CH, rng)
    return started, rng


def _closing(posts) -> str:
    version, digest, closing = posts[-1]
    assert closing and digest is not None
    return chain.shown(digest, version)


def _rebuild(data: dict[str, Any], actions: list[dict[str, Any]]) -> None:
    """Make a forged export consistent: replay its actions from the revealed seed,
    record the replay's events, log, state and outcome, and recompute its digests."""
    k = data["keryx"]
    g = fresh_game(data)
    for a in actions:
        a["events"] = [e.to_dict() for e in _replayed_events(g, a["kind"], a["seat"],
                                                              a["option_id"])]
    k["actions"] = actions
    data["log"] = [list(e) for e in g.log]
    data["state"] = g.rules.dump(g.state)
    data["version"], data["rng"], data["barrier"] = g.version, g.rng.counter, g.barrier
    data["prompt_versions"] = g.prompt_versions
    if k["status"] == "finished":
        assert g.outcome is not None
        data["outcome"] = k["outcome"] = g.outcome.to_dict()
    else:
        data["outcome"] = None
    again = chain.of_export(data)
    for a, digest in zip(actions, again.points[1:], strict=True):
        a["digest"] = digest
    k["start_digest"], k["final_digest"] = again.points[0], again.final


def _fabricated(data):
    """A whole other game played from the revealed seed, by the same players."""
    users = {"north": NORTH, "south": SOUTH}
    g, rng, actions = fresh_game(data), random.Random(99), []
    last = data["keryx"]["actions"][-1]["at"]
    while g.outcome is None:
        p = rng.choice(g.prompts())
        option = rng.choice(p.options).id
        g.act(p.seat, option)
        actions.append({"seq": g.version, "kind": "act", "seat": p.seat, "option_id": option,
                        "user_id": users[p.seat], "at": last})
    assert [a["option_id"] for a in actions] != [
        a["option_id"] for a in data["keryx"]["actions"]]
    _rebuild(data, actions)


def _truncated_and_abandoned(data):
    """The game cut short before its end, 'abandoned' by a moderator who never was."""
    k = data["keryx"]
    k["status"] = "abandoned"
    k["outcome"] = {"winners": [], "reason": "abandoned by a moderator", "rule": None,
                    "abandoned_by": GHOST}
    _rebuild(data, copy.deepcopy(k["actions"][:-4]))


def _credited_to_another(data):
    """Every move of north credited to another user, seat history and all."""
    k = data["keryx"]
    for a in k["actions"]:
        if a["user_id"] == NORTH:
            a["user_id"] = 3003
    for c in k["seat_changes"]:
        for key in ("new_user_id", "old_user_id", "by_user_id"):
            if c.get(key) == NORTH:
                c[key] = 3003
    for s in k["seats"]:
        if s["user_id"] == NORTH:
            s["user_id"] = 3003
    _rebuild(data, k["actions"])


def _other_rules_version(data):
    """The record claims an older rules version, whose texts the audit cannot re-derive,
    and every event text is rewritten."""
    data["rules_version"] = data["keryx"]["rules_version"] = "0"
    _rebuild(data, data["keryx"]["actions"])
    for a in data["keryx"]["actions"]:
        for e in a["events"]:
            e["text"] = "nothing to see here"


def _swapped(data):
    """Two commuting moves swapped: both seats' face-down commits of a round."""
    acts = data["keryx"]["actions"]
    i = next(i for i in range(len(acts) - 1)
             if acts[i]["option_id"].startswith("card:")
             and acts[i + 1]["option_id"].startswith("card:"))
    for key in ("seat", "option_id", "user_id"):
        acts[i][key], acts[i + 1][key] = acts[i + 1][key], acts[i][key]
    _rebuild(data, acts)


FORGERIES = {"fabricated": _fabricated, "truncated_abandoned": _truncated_and_abandoned,
             "credited_to_another": _credited_to_another,
             "other_rules_version": _other_rules_version, "swapped": _swapped}


def _verify(tmp_path, data, *args):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    return CliRunner().invoke(app, ["verify", str(path), *args])


async def test_the_honest_export_passes_through_every_digest_the_channel_showed(
        honest, tmp_path):
    data, posts = honest
    assert GameService.import_game(json.dumps(data)).ok
    assert len(posts) > 3 and all(d is not None for _, d, _ in posts)
    for version, digest, _ in posts:
        res = _verify(tmp_path, data, "--digest", chain.shown(digest, version))
        assert res.exit_code == 0, res.output
    res = _verify(tmp_path, data)
    assert res.exit_code == 0 and f"final record digest {_closing(posts)}" in res.output
    # the export lists the digests the posts showed
    listed = {a["seq"]: a["digest"] for a in data["keryx"]["actions"]}
    assert all(listed[v] == d for v, d, closing in posts if v and not closing)
    assert data["keryx"]["final_digest"] == posts[-1][1]


@pytest.mark.parametrize("kind", FORGERIES)
async def test_a_forgery_the_audit_accepts_is_refused_by_the_closing_digest(
        honest, tmp_path, kind):
    data, posts = copy.deepcopy(honest[0]), honest[1]
    FORGERIES[kind](data)
    assert data["keryx"]["actions"] != honest[0]["keryx"]["actions"]
    # consistent in itself: without the channel's digest nothing tells it from the game
    assert GameService.import_game(json.dumps(data)).ok, kind
    res = _verify(tmp_path, data, "--digest", _closing(posts))
    assert res.exit_code == 2, res.output
    lines = [x for x in res.output.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("NOT verified: "), res.output


@pytest.mark.parametrize("kind", FORGERIES)
async def test_a_forgery_that_keeps_the_honest_digests_fails_the_audit(honest, kind):
    data = copy.deepcopy(honest[0])
    FORGERIES[kind](data)
    listed = [a["digest"] for a in honest[0]["keryx"]["actions"]]
    for a, digest in zip(data["keryx"]["actions"], listed, strict=False):
        a["digest"] = digest
    data["keryx"]["final_digest"] = honest[0]["keryx"]["final_digest"]
    imported = GameService.import_game(json.dumps(data))
    assert not imported.ok and any("digest" in p for p in imported.problems), kind


async def test_a_malformed_or_unknown_digest_is_refused_in_one_line(honest, tmp_path):
    data, posts = honest
    for claim in ("xyz@3", "abc@1", f"{'0' * 16}@{posts[-1][0]}", f"{'0' * 16}",
                  chain.shown(posts[-1][1], posts[-1][0] + 5)):
        res = _verify(tmp_path, data, "--digest", claim)
        assert res.exit_code == 2 and "NOT verified" in res.output, (claim, res.output)


async def test_sqlite_and_postgres_keep_the_same_chain(tmp_path, fixed_seed):
    chains = []
    for kind in ("sqlite", "postgres"):
        async with database(kind, tmp_path / kind) as target:
            (tmp_path / kind).mkdir(exist_ok=True)
            data, posts = await _play_game(target)
            chains.append((data["keryx"]["game_id"],
                           [a["digest"] for a in data["keryx"]["actions"]],
                           data["keryx"]["final_digest"], posts))
    assert chains[0] == chains[1]
    assert len(set(chains[0][1])) == len(chains[0][1])  # a new digest at every action


async def test_a_game_from_before_digests_gets_its_chain_on_first_need(tmp_path, fixed_seed):
    """Rows written before migration 0017 have no digest: the next action computes the
    game's chain from its log, and it is the chain the game would have had."""
    async with database("sqlite", tmp_path) as target:
        honest, _ = await _play_game(target)
    old = tmp_path / "old"
    old.mkdir()
    async with database("sqlite", old) as target:
        svc = await GameService.open(target)
        try:
            started, rng = await _part_played(svc, 6, 5)
            async with svc.store._tx() as c:  # as an older Keryx left them
                await c.execute("UPDATE actions SET chain = NULL")
                await c.execute("UPDATE games SET chain = NULL")
            await svc.close()
            svc = await GameService.open(target)
            result = await play_one(svc, CH, rng)
            assert result is not None and result.record is not None
            stored = [a.chain for a in await svc.store.actions(started.game.id)]
            assert stored == [a["digest"] for a in honest["keryx"]["actions"][:6]]
            await play_out(svc, CH, rng)
            data = json.loads(await svc.export_game(started.game.id))
            assert data["keryx"]["final_digest"] == honest["keryx"]["final_digest"]
        finally:
            await svc.close()


async def test_an_abandoned_game_ends_its_chain_with_the_moderator(tmp_path, fixed_seed):
    async with database("sqlite", tmp_path) as target:
        svc = await GameService.open(target)
        try:
            started, _ = await _part_played(svc, 3, 4)
            info = await svc.abandon(CH, 777, "players left")
            data = json.loads(await svc.export_game(started.game.id))
        finally:
            await svc.close()
    assert info.record == data["keryx"]["final_digest"] is not None
    claim = chain.shown(info.record, info.version)
    assert _verify(tmp_path, data, "--digest", claim).exit_code == 0
    data["keryx"]["outcome"]["abandoned_by"] = 778  # another moderator
    _rebuild(data, data["keryx"]["actions"])
    assert GameService.import_game(json.dumps(data)).ok
    assert _verify(tmp_path, data, "--digest", claim).exit_code == 2


def test_a_digest_reveals_nothing_without_the_seed():
    """Digests are keyed by the secret seed: the same hidden choice under another seed
    gives another digest, so the channel cannot test guesses against a post."""
    a = chain.link(chain.key("seed one"), "0" * 64, 1, "act", "north", "card:3", NORTH)
    b = chain.link(chain.key("seed two"), "0" * 64, 1, "act", "north", "card:3", NORTH)
    assert a != b


async def test_check_compares_the_stored_digests_with_the_chain_of_the_log(svc, fixed_seed):
    started, _ = await _part_played(svc, 5, 6)
    game_id = started.game.id
    assert await svc.check(game_id) == []
    await svc.abandon(CH, 777)
    assert await svc.check(game_id) == []
    async with svc.store._tx() as c:
        await c.execute("UPDATE actions SET chain = ? WHERE game_id = ? AND seq = 2",
                        ("0" * 64, game_id))
        await c.execute("UPDATE games SET chain = ? WHERE id = ?", ("1" * 64, game_id))
    assert await svc.check(game_id) == [
        "action 2: its stored digest is not the chain of the log",
        "the game's stored digest is not the chain of its log"]
