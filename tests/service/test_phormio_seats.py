"""Pericles with fewer than four people (playbook 15.1): Phormio bots take the free
places, and the game learns which factions they hold (handicaps, Prime Strategies)."""

from __future__ import annotations

from service.bots import bot_level

CH = 641
HUMAN, SECOND = 5001, 5002


async def test_solitaire_through_the_service(svc):
    await svc.create_game(guild_id=7, channel_id=CH, user_id=HUMAN, ruleset_id="pericles",
                          scenario="14.1.06 A", options={"players": 1})
    await svc.join(CH, HUMAN, "eurypontid")
    info = await svc.seat_bots(CH, "phormio")
    assert sorted(bot_level(s.user_id) or "human" for s in info.seats) == \
        ["human", "phormio", "phormio", "phormio"]
    await svc.start(CH, HUMAN)
    info = await svc.game_info(CH)
    assert info.options["phormio"] == "aristocrats,demagogues,agiad"
    g = await svc.ctx.game(await svc.ctx.live(CH))
    # +20 each to the all-Phormio side (15.14 A); the Agiad plays with the human
    assert g.state["honor"]["aristocrats"] == 30 and g.state["honor"]["agiad"] == 10
    assert set(g.state["prime"]) == {"aristocrats", "demagogues", "agiad"}


async def test_three_people_and_one_phormio(svc):
    await svc.create_game(guild_id=7, channel_id=CH, user_id=HUMAN, ruleset_id="pericles",
                          scenario="14.1.06 A", options={"players": 3})
    await svc.join(CH, HUMAN, "agiad")
    await svc.join(CH, SECOND, "eurypontid")
    await svc.join(CH, 5003, "aristocrats")
    await svc.seat_bots(CH, "phormio")
    await svc.start(CH, HUMAN)
    assert (await svc.game_info(CH)).options["phormio"] == "demagogues"


async def test_other_levels_leave_the_option_alone(svc):
    await svc.create_game(guild_id=7, channel_id=CH, user_id=HUMAN, ruleset_id="pericles",
                          scenario="14.1.06 A")
    await svc.join(CH, HUMAN, "agiad")
    await svc.seat_bots(CH, "random")
    await svc.start(CH, HUMAN)
    assert not (await svc.game_info(CH)).options.get("phormio")
