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


async def test_the_final_post_waits_for_nobody(table):
    await (await table.alice.slash("game", "new", ruleset="tally")).wait_for_message()
    await (await table.alice.slash("game", "join", seat="north")).wait_for_message()
    await (await table.bob.slash("game", "join", seat="south")).wait_for_message()
    await (await table.bob.slash("game", "start")).wait_for_message(
        lambda m: "seed hash" in m.content)
    await table.standin.wait_for_message(lambda m: m.public and "-# game" in m.content)
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
