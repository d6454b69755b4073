"""The terminal's `h` (issue 33): the words promise a picture only when one was written."""

from __future__ import annotations

from bot.text import hand_listing


def test_no_picture_is_promised_when_none_is_written():
    view = {"common": {"hand": None}}
    assert "picture" in hand_listing(view)
    assert "picture" not in hand_listing(view, picture=False)
    assert hand_listing(view, picture=False) == "This game deals no cards."
