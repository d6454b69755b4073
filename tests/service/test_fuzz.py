"""Random junk for every service call: a refusal or a proper answer, never a crash, and a
refused call leaves the game exactly as it was."""

from __future__ import annotations

import asyncio
import uuid

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from service import GameService, Refusal

from .helpers import NORTH, SOUTH, start_duel

CH = 90

junk = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=2**63 - 2, max_value=2**70),
    st.floats(), st.text(max_size=30), st.binary(max_size=10),
    st.text(alphabet="\x00;'\"%_", max_size=5), st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=3))


def good(*values):
    return st.sampled_from(values)


channels = good(CH, CH + 1)
users = good(NORTH, SOUTH, 5)
options = good(*[f"card:{i}" for i in range(1, 10)], "bank:left", "bank:right", "roll",
               "back")
versions = st.integers(0, 12)
iids = st.uuids().map(lambda u: u.hex)
seats = good("north", "south", "east")

# Each call's arguments as sensible values; the test then corrupts none, one or all of
# them with junk, so that calls both fail early and get through to the deeper checks.
CALLS = {
    "submit": [channels, users, options, versions, iids],
    "undo": [channels, users, versions, iids],
    "resign": [channels, users, iids],
    "join": [channels, users, seats],
    "leave": [channels, users],
    "start": [channels, users],
    "abandon": [channels, users, st.one_of(st.none(), st.text(max_size=20))],
    "replace_seat": [channels, users, seats, users],
    "view": [channels, st.one_of(st.none(), users)],
    "pending": [users],
    "history": [channels, st.one_of(st.none(), users)],
    "game_info": [channels],
    "check": [st.integers(0, 5)],
    "export_game": [st.integers(0, 5)],
    "record_post": [st.integers(0, 5), channels, st.integers(1, 3), good("map")],
    "create_game": [st.one_of(st.none(), st.integers(1, 3)), channels, users,
                    good("duel", "nope"), st.one_of(st.none(), good("standard", "x")),
                    st.one_of(st.none(), st.just({"rounds": 2}), st.just({"x": 1}))],
}
KEYWORDS = {"create_game": ("guild_id", "channel_id", "user_id", "ruleset_id", "scenario",
                            "options")}


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """One event loop and one service for all examples (hypothesis reruns the test body
    many times; a fresh database each time would make it crawl)."""
    runner = asyncio.Runner()
    svc = runner.run(GameService.open_sqlite(tmp_path_factory.mktemp("fuzz") / "k.db"))
    yield runner, svc
    runner.run(svc.close())
    runner.close()


async def _snapshot(svc: GameService):
    out = []
    for ch in (CH, CH + 1):
        for g in await svc.store.games_in_channel(ch):
            row = await svc.store.get_game(g.id, snapshot=True)
            out.append((row.id, row.status, row.version, row.snapshot,
                        tuple(await svc.store.seats(g.id)),
                        len(await svc.store.actions(g.id)),
                        tuple(await svc.store.messages(g.id))))
    return out


async def _ensure_running(svc: GameService):
    try:
        info = await svc.game_info(CH)
        if info.status == "running":
            return
        if info.status == "open":
            await svc.abandon(CH, 1)
    except Refusal:
        pass
    await start_duel(svc, CH)


@settings(max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(call=st.sampled_from(sorted(CALLS)), data=st.data())
def test_junk_is_refused_and_changes_nothing(world, call, data):
    runner, svc = world
    specs = CALLS[call]
    corrupt = data.draw(st.sampled_from(["none", "none", "one", "all"]), label="corrupt")
    bad = set()
    if corrupt == "one":
        bad = {data.draw(st.integers(0, len(specs) - 1), label="which")}
    elif corrupt == "all":
        bad = set(range(len(specs)))
    args = [data.draw(junk if i in bad else spec, label=f"arg{i}")
            for i, spec in enumerate(specs)]
    if call in KEYWORDS:
        args = dict(zip(KEYWORDS[call], args))

    async def go():
        await _ensure_running(svc)
        before = await _snapshot(svc)
        fn = getattr(svc, call)
        try:
            if isinstance(args, dict):
                await fn(**args)
            else:
                await fn(*args)
            event(f"{call}: answered")
        except Refusal as r:
            event(f"{call}: {r.code}")
            assert r.message and isinstance(r.message, str)
            assert await _snapshot(svc) == before, (call, args, r)
        # Whatever happened, every game still equals the replay of its log.
        for ch in (CH, CH + 1):
            for g in await svc.store.games_in_channel(ch):
                assert await svc.check(g.id) == [], (call, args)

    runner.run(go())


def test_import_junk_is_refused():
    for text in ["", "[]", "{}", "null", '{"format": 1}', "\x00", '{"seed": 1, "log": 5}',
                 uuid.uuid4().hex]:
        with pytest.raises(Refusal) as r:
            GameService.import_game(text)
        assert r.value.code == "bad_input"
