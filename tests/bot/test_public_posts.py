"""Public posts agree with themselves: the lobby does not call a full table's seats free,
and the final post of a game never says whom it waits for."""

from __future__ import annotations

import tests.fixtures.tally  # noqa: F401 - registers "tally" (posted as text: no renderer)


async def test_a_full_lobby_names_no_free_seat(table):
    r = await table.alice.slash("game", "new", ruleset="tally")
    await r.wait_for_message()
    first = await (await table.alice.slash("game", "join")).wait_for_message()
    # One player missing: the seats still free are named.
    assert "1 seat(s) left" in first.content and "Free: North, South." in first.content
    last = await (await table.bob.slash("game", "join", seat="south")).wait_for_message()
    # Everyone is in: alice's seat is drawn at start, it is not free for anybody.
    assert "All seats taken" in last.content and "Free" not in last.content


async def _start_tally(table):
    """Alice (north) and Bob (south) start a tally game; its opening post is out."""
    await (await table.alice.slash("game", "new", ruleset="tally")).wait_for_message()
    await (await table.alice.slash("game", "join", seat="north")).wait_for_message()
    await (await table.bob.slash("game", "join", seat="south")).wait_for_message()
    await (await table.bob.slash("game", "start")).wait_for_message(
        lambda m: "seed hash" in m.content)
    await table.standin.wait_for_message(lambda m: m.public and "-# game" in m.content)


async def test_the_final_post_waits_for_nobody(table):
    await _start_tally(table)
    keryx = table.bot.keryx
    svc = keryx.svc
    info = await svc.game_info(table.channel.id)
    assert await keryx.deliver(info.id)  # the opening post's delivery is over
    v = (await svc.view(table.channel.id, table.alice.id)).version
    for i in range(8):  # north adds the eighth, last stone: the game ends
        result = await svc.submit(table.channel.id, table.alice.id, "add", v + i, f"fin{i}")
    assert result.game_ended
    post = None
    while (nxt := await svc.claim_announcement(info.id)) is not None:
        post = nxt
        await keryx.post(post)
        await svc.announcement_done(info.id, post.version, post.attempts)
    assert post is not None and post.game_ended and post.waiting == {} and post.to_ping == {}
    final = await table.standin.wait_for_message(
        lambda m: m.public and "Game over" in m.content)
    assert f"v{post.version}" in final.content
    assert "Waiting for" not in final.content and "waiting" not in final.content.lower()
    assert not final.mention_ids


async def test_every_post_shows_the_record_digest_and_the_last_one_checks_the_export(table):
    """Each public post of a game carries the record's digest at its version (service/
    chain.py); the closing post gives the final one beside the revealed seed, and an
    export checks out against it only if it is the game the channel saw."""
    import json
    import re

    from service import GameService

    await _start_tally(table)
    keryx, svc = table.bot.keryx, table.bot.keryx.svc
    info = await svc.game_info(table.channel.id)
    v = (await svc.view(table.channel.id, table.alice.id)).version
    users = [table.alice.id, table.bob.id]
    for i, option in enumerate(["add", "pass", "add", "pass"] + ["add"] * 6):
        await svc.submit(table.channel.id, users[0], option, v + i, f"rec{i}")
        await keryx.deliver(info.id)
        if option == "pass":
            users.reverse()
    final = await table.standin.wait_for_message(
        lambda m: m.public and "Game over" in m.content)
    digest = re.compile(r"`([0-9a-f]{16})@(\d+)`")
    since_start = [m for m in table.public() if m.id >= final.id or "-# game" in m.content
                   or "🔔" in m.content or "game begins" in m.content]
    assert len(since_start) >= 5
    shown = [digest.search(m.content) for m in since_start]
    assert all(shown), [m.content for m, s in zip(since_start, shown, strict=True) if not s]
    assert len({s.group(1) for s in shown if s}) == len({s.group(2) for s in shown if s})
    end = digest.search(final.content)
    assert end and "Final record digest" in final.content and "dice seed was" in final.content
    claim = f"{end.group(1)}@{end.group(2)}"
    info = await svc.game_info(table.channel.id)
    assert end.group(2) == str(info.version)
    shown_map = await (await table.bob.slash("game", "map")).wait_for_message()
    assert f"`{claim}`" in shown_map.content  # a public map asked for shows it too
    data = json.loads(await svc.export_game(info.id))
    assert GameService.import_game(json.dumps(data)).digest_problem(claim) is None
    for a in data["keryx"]["actions"]:  # one player's moves credited to the other
        a["user_id"] = table.bob.id if a["user_id"] == table.alice.id else table.alice.id
    assert GameService.import_game(json.dumps(data)).digest_problem(claim) is not None
