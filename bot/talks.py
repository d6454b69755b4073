"""Private talks: `/game talks with:@player` opens a private thread under the game's
channel for the caller and another player of the channel's running game (issue 38's
diplomacy: each pair of players who want one gets one). Both are added; asking again
finds the same thread. Nothing said there reaches the game's channel: only the
players' sealed choices change the game, and the bot enforces what they reveal."""

from __future__ import annotations

import discord

from service.results import GameInfo
from shared.errors import UserError

from . import text

INTRO = ("🤝 Private talks between {a} and {b} (game {game}). Only you two and "
         "moderators see this thread; nothing said here reaches the game's channel. "
         "Agreements bind only as your sealed choices make them: what both of you seal "
         "in the same round (peace, alliance) is revealed together and enforced, with "
         "the terms each side sealed with it (talents paid, a hostage given, hostages "
         "returned), where the game has them.")


def thread_name(info: GameInfo, mine: tuple[str, ...], theirs: tuple[str, ...]) -> str:
    """The same name whoever asks first: the two players' seats in the seats' order."""
    order = {seat: i for i, seat in enumerate(info.seat_names)}
    sides = sorted((mine, theirs), key=lambda seats: min(order.get(s, 0) for s in seats))
    names = [" & ".join(text.seat_title(s) for s in seats) for seats in sides]
    return f"{names[0]} · {names[1]} · game {info.id}"


def check_pair(info: GameInfo, me: int, other: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    if info.status != "running":
        raise UserError("Private talks are for a game under way in this channel.")
    mine, theirs = info.seats_of(me), info.seats_of(other)
    if not mine:
        raise UserError("You hold no seat in this channel's game.")
    if other == me:
        raise UserError("Choose another player to talk with.")
    if not theirs:
        raise UserError("That person holds no seat in this channel's game.")
    return mine, theirs


async def open_talks(channel: object, info: GameInfo, me: discord.abc.User,
                     other: discord.abc.User) -> tuple[discord.Thread, bool]:
    """The pair's private thread (made now, or found), with both in it; True if new."""
    mine, theirs = check_pair(info, me.id, other.id)
    if not isinstance(channel, discord.TextChannel):
        raise UserError("Private talks open from the game's channel, not from a thread.")
    name = thread_name(info, mine, theirs)
    thread = next((t for t in channel.threads if t.name == name and not t.archived), None)
    new = thread is None
    if thread is None:
        thread = await channel.create_thread(name=name, type=discord.ChannelType.private_thread,
                                             invitable=False)
    await thread.add_user(me)
    await thread.add_user(other)
    if new:
        names = name.rsplit(" · game ", 1)[0].split(" · ")
        await thread.send(INTRO.format(a=names[0], b=names[1], game=info.id))
    return thread, new
