"""An allocation on Discord, through the stand-in: a click on the repeat menu adds the last
entry so many times, so a batch of 12 to two places is a few clicks (issue 33), and the
selection so far reads as counts."""

from __future__ import annotations

import tests.fixtures.garrison  # noqa: F401 - registers "garrison" (posted as text)
from bot import ui
from tests.bot.prompts import edited, open_prompt


def _ids(message, prefix):
    return [c for c in message.interactive_components() if c["custom_id"].startswith(prefix)]


async def _pick(t, prompt, prefix, values):
    (menu,) = _ids(prompt, prefix)
    edits = len(prompt.history)
    await (await t.alice.select(prompt, menu["custom_id"], values)).wait_for_response()
    await edited(prompt, edits)
    return menu


async def test_a_batch_of_12_is_four_picks_and_a_submit(table):
    t = table
    await (await t.alice.slash("game", "new", ruleset="garrison")).wait_for_message()
    await (await t.alice.slash("game", "join", seat="north")).wait_for_message()
    await (await t.bob.slash("game", "join", seat="south")).wait_for_message()
    await (await t.bob.slash("game", "start")).wait_for_message(lambda m: "seed hash" in m.content)
    await t.standin.wait_for_message(lambda m: m.public and "-# game" in m.content)
    prompt = await open_prompt(t, t.alice)
    assert not _ids(prompt, "kx:r:")  # nothing to repeat yet
    await _pick(t, prompt, "kx:a:", ["1"])  # the Hill fort, once
    repeat = _ids(prompt, "kx:r:")[0]
    amounts = [int(o["value"]) for o in repeat["options"]]
    assert amounts == list(range(1, 12)) and "Hill fort" in repeat["placeholder"]
    await _pick(t, prompt, "kx:r:", ["6"])  # six more: 7 at the Hill
    assert "So far: Hill fort ×7" in prompt.content
    await _pick(t, prompt, "kx:a:", ["2"])  # the River fort, then four more of it
    assert [int(o["value"]) for o in _ids(prompt, "kx:r:")[0]["options"]][-1] == 4
    await _pick(t, prompt, "kx:r:", ["4"])
    assert "So far: Hill fort ×7, River fort ×5" in prompt.content
    assert not _ids(prompt, "kx:r:") and not _ids(prompt, "kx:a:")  # all 12 sent
    (submit,) = _ids(prompt, "kx:k:")
    edits = len(prompt.history)
    await (await t.alice.click(prompt, submit["custom_id"])).wait_for_response()
    await edited(prompt, edits)
    info = await t.bot.keryx.svc.game_info(t.channel.id)
    assert info.status == "finished" and info.outcome["winners"] == ["north"]
    assert t.standin.unhandled == []


def test_the_repeat_amounts_stop_at_the_cap_and_the_room_left():
    prompt = {"form": "allocate", "lo": 40, "hi": 40,
              "options": [{"id": "a", "label": "A", "cap": 40}, {"id": "b", "label": "B",
                                                                    "cap": 3}]}
    many = ui.repeats(prompt, [1])
    assert len(many) == ui.REPEATS_LISTED and many[-1] == 39 and many[:3] == [1, 2, 3]
    assert ui.repeats(prompt, [1, 2]) == [1, 2]  # B's cap of 3
    assert ui.repeats(prompt, [1, 2, 2, 2]) == []
    assert ui.repeats({**prompt, "form": "pick"}, [1]) == []
