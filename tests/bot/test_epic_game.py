"""The Epic through the bot and the Discord stand-in: three players, the Ionian War, and
nothing in public that the public view's render would not show. A whole two-player game
runs through the real bot process in tests/e2e/test_real_bot_process.py."""

from __future__ import annotations

import pytest

from bot.sandbox import Report, audit


async def test_three_player_epic_through_the_bot(table, tmp_path):
    """`/game new epic scenario:three-player`: three people, each prompt for the seat its
    holder plays (the League's stages seat by seat, 24.4), maps in four colours' worth of
    sides, and nothing public the public view's render would not show."""
    import random

    from standin.players import RandomPlayer

    carol = table.standin.add_member(table.guild, "carol")
    r = await table.alice.slash("game", "new", ruleset="epic", scenario="three-player")
    assert "Three-Player" in (await r.wait_for_message()).content
    await (await table.alice.slash("game", "join", seat="athens")).wait_for_message()
    await (await table.bob.slash("game", "join", seat="sparta")).wait_for_message()
    await (await carol.slash("game", "join", seat="thebes")).wait_for_message()
    r = await carol.slash("game", "start")
    await r.wait_for_message(lambda m: "seed hash" in m.content)
    await table.standin.wait_for_message(lambda m: m.public and "-# game" in m.content)

    rng = random.Random(3)
    players = [RandomPlayer(table.standin, u, table.channel, random.Random(rng.random()))
               for u in (table.alice, table.bob, carol)]
    made = {p.user.name: 0 for p in players}
    for _ in range(400):  # the first Seasonal Turn, until Thebes has had its say
        for p in players:
            made[p.user.name] += await p.play_turn(max_choices=5)
        if made["carol"] >= 3:
            break
    assert all(n > 0 for n in made.values()), made  # Thebes was asked, and answered
    svc = table.bot.keryx.svc
    seats = {a.seat for a in await svc.history(table.channel.id, carol.id)}
    assert {"athens", "sparta", "thebes"} <= seats  # carol's clicks were Thebes' answers
    info = await svc.game_info(table.channel.id)
    assert info.version >= sum(made.values())

    report = Report()
    await audit(table.standin, table.channel, tmp_path / "k.db", report)
    assert report.leaks == 0, report.problems


def test_sandbox_picks_the_scenario_for_the_player_count():
    from bot.sandbox import scenario_for

    assert scenario_for("epic", None, 4) == "four-player"
    assert scenario_for("epic", None, 3) == "three-player"
    assert scenario_for("epic", None, 2) == "argive-league"
    assert scenario_for("epic", "four-player", 4) == "four-player"
    with pytest.raises(SystemExit):
        scenario_for("epic", "three-player", 4)
    with pytest.raises(SystemExit):
        scenario_for("epic", None, 5)


async def test_the_ionian_war_through_the_bot(table, tmp_path):
    """`/game new epic scenario:ionian`: two people, Sparta's named hand, the first Seasonal
    Turn answered through the bot, and nothing public the public view would not show."""
    import random

    from standin.players import RandomPlayer

    r = await table.alice.slash("game", "new", ruleset="epic", scenario="ionian")
    assert "Ionian War" in (await r.wait_for_message()).content
    await (await table.alice.slash("game", "join", seat="athens")).wait_for_message()
    await (await table.bob.slash("game", "join", seat="sparta")).wait_for_message()
    r = await table.bob.slash("game", "start")
    await r.wait_for_message(lambda m: "seed hash" in m.content)
    await table.standin.wait_for_message(lambda m: m.public and "-# game" in m.content)
    rng = random.Random(5)
    players = [RandomPlayer(table.standin, u, table.channel, random.Random(rng.random()))
               for u in (table.alice, table.bob)]
    made = {p.user.name: 0 for p in players}
    for _ in range(200):
        for p in players:
            made[p.user.name] += await p.play_turn(max_choices=5)
        if min(made.values()) >= 10:
            break
    assert all(n >= 10 for n in made.values()), made
    info = await table.bot.keryx.svc.game_info(table.channel.id)
    assert info.version >= sum(made.values())
    report = Report()
    await audit(table.standin, table.channel, tmp_path / "k.db", report)
    assert report.leaks == 0, report.problems
