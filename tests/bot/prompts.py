"""Helpers the Discord tests share: open a seat's private prompt from the latest public
post, and wait until a message has been edited."""

from __future__ import annotations

import asyncio


async def open_prompt(t, user):
    """`user` presses the latest public post's open button; returns their private prompt."""
    msg = [m for m in t.public() if m.components][-1]
    opener = next(c["custom_id"] for c in msg.interactive_components()
                  if c["custom_id"].startswith("kx:o:"))
    return await (await user.click(msg, opener)).wait_for_message()


async def edited(message, edits):
    """Wait until `message` has been edited more than `edits` times."""
    for _ in range(500):
        if len(message.history) > edits:
            return
        await asyncio.sleep(0.01)
    raise TimeoutError("the prompt message was not updated")
