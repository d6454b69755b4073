"""Keryx's own seats in the service: seating it in a lobby or in a moderator's place,
the bot seats with a decision open, and their players' answers submitted like clicks
(service/bots.py runs them)."""

from __future__ import annotations

import asyncio
import hashlib
from typing import Any

from engine import Game
from engine.players import Player, cannot_play, decide
from engine.players import player as make_player

from . import seating, sides
from . import validate as v
from .bots import BotTurn, bot_id, bot_id_range, free_bot_id
from .context import ServiceContext
from .errors import Refusal
from .lobby import Lobby
from .play import Play
from .results import ActionResult, GameInfo
from .store.base import GameRow


class BotSeats:
    def __init__(self, ctx: ServiceContext, lobby: Lobby, play: Play):
        self.ctx = ctx
        self.store = ctx.store
        self.lobby = lobby
        self.play = play

    async def seat_bots(self, channel_id: int, level: str) -> GameInfo:
        """Keryx takes every free place of the lobby (the seats one person would hold)
        with a player of `level` (service/bots.py); the places nobody chose are drawn
        at start as usual."""
        channel_id = v.snowflake(channel_id, "channel")
        level = v.text(level, "level")
        row = await self.ctx.live(channel_id)
        self._check_level(row, level)
        ls = await self.store.lobby_sides(row.id)
        if ls is not None and ls.mode == sides.BID:
            raise Refusal("bad_input", "Keryx does not bid for sides; open the game without "
                          "`sides: bid` to play against it.")
        places = self.ctx.places(row)
        seats = await self.store.seats(row.id)
        if len(seats) >= len(places):
            raise Refusal("full", "Every seat of this game is taken.")
        info = None
        for _ in range(len(places) - len(seats)):
            taken = {s.user_id for s in await self.store.seats(row.id)}
            info = await self.lobby.join(channel_id, free_bot_id(level, taken))
        assert info is not None
        return info

    async def replace_seat_with_bot(self, channel_id: int, moderator_id: int, seat: str,
                                    level: str, reason: str | None = None) -> GameInfo:
        """A moderator hands a running game's seat to Keryx (recorded like any
        substitution); the bot runner plays it from its next decision on."""
        level = v.text(level, "level")
        row = await self.ctx.live(v.snowflake(channel_id, "channel"))
        self._check_level(row, level)
        taken = {s.user_id for s in await self.store.seats(row.id)}
        return await self.lobby.replace_seat(channel_id, moderator_id, seat,
                                       free_bot_id(level, taken),
                                       reason or f"handed to Keryx ({level})")

    @staticmethod
    def _check_level(row: GameRow, level: str) -> None:
        bot_id(level)  # an unknown level is refused before anything changes
        reason = cannot_play(level, row.ruleset)
        if reason is not None:
            raise Refusal("bad_input", f"Keryx cannot take a seat at the {level} level "
                          f"here: {reason}.")

    async def bot_turns(self) -> list[BotTurn]:
        """Every bot seat of a running game with a decision open now (each seat of a
        place Keryx holds: a bot may hold two allied seats, as a person may)."""
        out: list[BotTurn] = []
        for uid, us in await self.store.users_games(*bot_id_range()):
            try:
                g = await self.ctx.game(us.game)
            except Refusal:
                continue  # a game that cannot be loaded is a moderator's problem
            if g.outcome is not None:
                continue
            for seat in seating.place_of(self.ctx.places(us.game), us.seat) or (us.seat,):
                if g.prompt_for(seat) is not None:
                    out.append(BotTurn(us.game.id, us.game.channel_id, seat, uid,
                                       us.game.version, us.game.updated_at,
                                       us.game.guild_id))
        return out

    async def bot_player(self, turn: BotTurn, **options: Any) -> Player:
        """The player for a bot seat. Its stream is seeded from the game's secret seed
        through a hash of its own (never the dice stream itself), so its choices replay
        and cannot be foreseen by the other seats while the game runs."""
        row = await self.ctx.require(turn.game_id, "running")
        g = await self.ctx.game(row)
        seed = hashlib.sha256(f"keryx-bot/1:{g.seed}:{turn.seat}".encode()).hexdigest()
        return make_player(turn.level, seed, **options)

    async def bot_answer(self, turn: BotTurn, player: Player) -> str:
        """The player's answer to the seat's open decision, thought out in a worker
        thread on a private copy of the game (the player sees only the seat's view,
        prompt and lookahead: engine/players/lookahead.py)."""

        row = await self.ctx.require(turn.game_id, "running")
        if row.version != turn.version:
            raise Refusal("stale", "The game has moved on.", version=row.version)
        g = await self.ctx.game(row)
        copy = Game.from_dict(g.to_dict(), g.rules)
        return await asyncio.to_thread(decide, copy, turn.seat, player)

    async def bot_act(self, turn: BotTurn, answer: str) -> ActionResult:
        """Submit a bot seat's answer like a click; the interaction id makes a second
        process's twin answer for the same version apply once."""
        return await self.play.act(turn.channel_id, turn.user_id, "act", answer, turn.version,
                               f"bot:{turn.game_id}:{turn.seat}:{turn.version}",
                               seat=turn.seat)
