"""Malformed or forged interactions get a clear answer and change nothing public."""

from __future__ import annotations

from bot import ui
from standin.interactions import MESSAGE_COMPONENT

from .test_bot_game import open_duel

BUTTON = 2


def _public_map(t):
    return [m for m in t.public() if "-# game" in m.content][-1]


async def _forge(t, user, message, custom_id, kind=BUTTON, **data):
    payload = {"custom_id": custom_id, "component_type": kind, **data}
    return await user._interact(MESSAGE_COMPONENT, payload,
                                t.standin.channel(message.channel_id), message=message,
                                timeout=5.0)


async def test_unknown_custom_id_is_answered(table):
    await open_duel(table)
    res = await _forge(table, table.alice, _public_map(table), "kx:zz:1:2")
    reply = await res.wait_for_message()
    assert reply.ephemeral and "not one Keryx made" in reply.content


async def test_empty_select_is_answered():
    sent = []

    class Response:
        async def send_message(self, content, **kwargs):
            sent.append((content, kwargs))

    class Itx:
        data = {"values": []}
        response = Response()

    await ui.ChoiceSelect(1, 0, 0).callback(Itx())  # type: ignore[arg-type]
    assert sent == [(ui.EMPTY_SELECT, {"ephemeral": True})]


async def test_forged_click_on_a_public_post_never_overwrites_it(table):
    await open_duel(table)
    info = await table.bot.keryx.svc.game_info(table.channel.id)
    public = _public_map(table)
    before = (public.content, [c["custom_id"] for c in public.interactive_components()])
    for forged in (f"kx:p:{info.id}:{info.version}:0", f"kx:c:{info.id}:{info.version}:card:1"):
        res = await _forge(table, table.alice, public, forged)
        reply = await res.wait_for_message(lambda m: not m.loading)
        assert reply.ephemeral and "not one Keryx made" in reply.content
    after = table.standin.recorder.messages[public.id]
    assert (after.content, [c["custom_id"] for c in after.interactive_components()]) == before
    assert (await table.bot.keryx.svc.game_info(table.channel.id)).version == info.version


async def test_post_locks_do_not_grow_with_games(table):
    await open_duel(table)
    info = await table.bot.keryx.svc.game_info(table.channel.id)
    await table.bot.keryx.deliver(info.id)
    assert len(table.bot.keryx._post_locks._locks) == 0


async def test_a_ruleset_not_ready_for_channels_is_refused(table, monkeypatch):
    """A ruleset that plays in the engine before its maps and bot play are done
    (`Ruleset.not_in_channels`): a channel cannot open it, and the ruleset menu does not
    offer it."""
    import engine
    from bot.choices import channel_rulesets

    monkeypatch.setattr(type(engine.ruleset("duel")), "not_in_channels", "its map is unfinished")
    assert "duel" not in channel_rulesets() and "hellenes" in channel_rulesets()
    r = await table.alice.slash("game", "new", ruleset="duel")
    said = await r.wait_for_message()
    assert "cannot be played in a channel yet" in said.content and said.ephemeral
    assert "its map is unfinished" in said.content
    assert not [m for m in table.public() if "Duel" in m.content]
