"""A table's life around play: the lobby (open, join, leave), the sides (drawn or bid
for), the start, the game's facts, and a moderator's substitution or abandonment."""

from __future__ import annotations

import random
from typing import Any

import engine
from engine import IllegalAction

# Not engine.rulesets: importing the package engine.rulesets.<game> rebinds that name on
# the engine package to the subpackage, shadowing the function (reported to the kernel).
from engine.core.registry import rulesets as known_rulesets

from . import chain, seating, sides
from . import validate as v
from .bots import bot_level
from .context import ServiceContext, genesis
from .errors import Refusal
from .results import Bidding, BidResult, GameInfo, StartResult
from .store.base import (
    AlreadyBid,
    ChannelBusy,
    GameEnd,
    GameRow,
    LobbyFull,
    LobbySides,
    NewGame,
    NotFound,
    SeatRow,
    SeatTaken,
    WrongStatus,
)


class Lobby:
    def __init__(self, ctx: ServiceContext, seat_rng: random.Random):
        self.ctx = ctx
        self.store = ctx.store
        # Drawing seats for players who did not choose; not the game's dice, which come
        # only from the engine's seeded generator.
        self.seat_rng = seat_rng

    async def create_game(self, *, guild_id: int | None, channel_id: int, user_id: int,
                          ruleset_id: str, scenario: str | None = None,
                          options: dict[str, Any] | None = None,
                          position: dict[str, Any] | None = None,
                          sides_mode: str | None = None) -> GameInfo:
        """Open a lobby in a channel or thread (one live game per channel). The creator
        does not take a seat by this; they `join` like everyone else. With `position`, the
        game starts from that described position (checked now) instead of the set-up.
        `sides_mode` 'bid' or 'random': players join without naming a seat, and the sides
        are bid for or drawn at the start (service/sides.py)."""
        guild_id = v.opt_snowflake(guild_id, "guild")
        channel_id = v.snowflake(channel_id, "channel")
        user_id = v.snowflake(user_id, "user")
        ruleset_id = v.text(ruleset_id, "ruleset")
        scenario = v.opt_text(scenario, "scenario")
        options = v.options(options)
        sides_mode = v.opt_text(sides_mode, "sides")
        if sides_mode is not None and sides_mode not in sides.MODES:
            raise Refusal("bad_input", f"Sides are chosen by {' or '.join(sides.MODES)}, "
                          f"not {sides_mode!r}.")
        try:
            rules = engine.ruleset(ruleset_id)
        except KeyError:
            raise Refusal("unknown_ruleset", f"There is no game called {ruleset_id!r}. "
                          f"Known games: {', '.join(known_rulesets())}.") from None
        try:
            # Setting up a throwaway game checks the scenario and options now, in the
            # lobby, rather than at start when everyone has gathered.
            if position is not None:
                if not isinstance(position, dict):
                    raise Refusal("bad_input", "A position must be a JSON object.")
                try:
                    probe = rules.from_position(position, seed="probe", options=options)
                except (KeyError, TypeError, AttributeError) as exc:
                    raise Refusal("bad_input", f"That position is malformed: {exc!r}") from None
            else:
                probe = engine.new_game(ruleset_id, scenario=scenario, seed="probe",
                                        options=options)
        except IllegalAction as exc:
            raise Refusal("bad_input", str(exc)) from None
        if sides_mode == sides.BID:
            self._check_biddable(rules, probe.holdings, options)
        try:
            row = await self.store.create_game(NewGame(
                guild_id=guild_id, channel_id=channel_id, ruleset=rules.id,
                scenario=probe.scenario, options=probe.options, created_by=user_id,
                at=self.ctx.clock(), position=position, sides=sides_mode))
        except ChannelBusy:
            raise Refusal("channel_busy", "This channel already has a game. Finish or "
                          "abandon it first, or start a thread for a new one.") from None
        return await self.ctx.info(row)

    async def join(self, channel_id: int, user_id: int, seat: str | None = None) -> GameInfo:
        """Take a seat in the lobby; `seat=None` means any seat, drawn at start."""
        channel_id = v.snowflake(channel_id, "channel")
        user_id = v.snowflake(user_id, "user")
        seat = v.opt_text(seat, "seat")
        row = await self.ctx.live(channel_id)
        async with self.ctx.locks(row.id):
            row = await self.ctx.require(row.id, "open")
            names = self.ctx.seat_names(row)
            if seat is not None and seat not in names:
                raise Refusal("bad_input", f"There is no seat {seat!r}; the seats are "
                              f"{', '.join(names)}.")
            places = self.ctx.places(row)
            if seat is not None and await self.store.lobby_sides(row.id) is not None:
                raise Refusal("bad_input", "In this game the sides are chosen at the start; "
                              "join without naming a seat.")
            if seat is not None:  # any seat of a place takes the whole place
                seat = (seating.place_of(places, seat) or (seat,))[0]
            seats = await self.store.seats(row.id)
            if any(s.user_id == user_id for s in seats):
                raise Refusal("seat_taken", "You have already joined this game.")
            if len(seats) >= len(places):
                raise Refusal("full", "Every seat of this game is taken.")
            if seat is not None and any(s.seat == seat for s in seats):
                raise Refusal("seat_taken", f"Someone already holds {seat}.")
            try:
                await self.store.join(row.id, user_id, seat, self.ctx.clock(),
                                      places=len(places))
            except SeatTaken:
                raise Refusal("seat_taken", "That seat was just taken.") from None
            except LobbyFull:
                raise Refusal("full", "Every seat of this game is taken.") from None
            except WrongStatus:
                raise Refusal("wrong_status", "The game has already started.") from None
            return await self.ctx.info(await self.ctx.require(row.id))

    async def leave(self, channel_id: int, user_id: int) -> GameInfo:
        """Leave the lobby (once a game runs, a moderator replaces the seat instead)."""
        channel_id = v.snowflake(channel_id, "channel")
        user_id = v.snowflake(user_id, "user")
        row = await self.ctx.live(channel_id)
        async with self.ctx.locks(row.id):
            row = await self.ctx.require(row.id, "open")
            ls = await self.store.lobby_sides(row.id)
            if ls is not None and ls.bidding_since is not None:
                raise Refusal("wrong_status", "The bids for sides are open; a moderator can "
                              "abandon the game if a player cannot go on.")
            try:
                await self.store.leave(row.id, user_id, self.ctx.clock())
            except NotFound:
                raise Refusal("not_seated", "You have not joined this game.") from None
            except WrongStatus:
                raise Refusal("wrong_status", "The game has already started; ask a "
                              "moderator to find a substitute.") from None
            return await self.ctx.info(await self.ctx.require(row.id))

    async def start(self, channel_id: int, user_id: int, *,
                    moderator: bool = False, intro: str = "") -> StartResult:
        """Draw the remaining seats, roll a fresh 128-bit seed and set the game up. Any
        player in the lobby, the creator or a moderator may start a full lobby. The
        opening post (the first map, `intro` above it, pinging every seat that acts
        first) goes into the outbox with the start, like every other announcement."""
        channel_id = v.snowflake(channel_id, "channel")
        user_id = v.snowflake(user_id, "user")
        row = await self.ctx.live(channel_id)
        async with self.ctx.locks(row.id):
            row = await self.ctx.require(row.id, "open")
            seats = await self.store.seats(row.id)
            _may_start(row, seats, user_id, moderator)
            leads = [p[0] for p in self.ctx.places(row)]
            _all_seated(len(leads), seats)
            ls = await self.store.lobby_sides(row.id)
            seed = engine.new_seed()
            drawn = None
            if ls is not None and ls.mode == sides.BID:
                raise Refusal("bidding", "The sides of this game are bid for: the bids "
                              "open with the start, and the game begins once all are in.")
            if ls is not None:
                drawn = sides.draw_random(leads, [s.user_id for s in seats], seed)
                assignment = drawn.assignment
            else:
                assignment = {s.user_id: s.seat for s in seats if s.seat is not None}
                free = [n for n in leads if n not in assignment.values()]
                self.seat_rng.shuffle(free)
                for s in seats:
                    if s.seat is None:
                        assignment[s.user_id] = free.pop()
            return await self._start_locked(row, assignment, seed, drawn, intro)

    async def _start_locked(self, row: GameRow, assignment: dict[int, str], seed: str,
                            drawn: sides.Sides | None, intro: str = "") -> StartResult:
        """Set the game up and store its start (under the game's lock, lobby checked).
        `drawn`: how the sides were chosen at the start, with the options a bid adds."""
        options = dict(row.options)
        if drawn is not None:
            options.update(drawn.options)
        automated = automated_seats(row, assignment, self.ctx.places(row))
        if automated is not None:
            options.update(automated)
        position = await self.store.game_position(row.id)
        try:
            if position is not None:
                g = engine.ruleset(row.ruleset).from_position(position, seed=seed,
                                                               options=options)
            else:
                g = engine.new_game(row.ruleset, scenario=row.scenario, seed=seed,
                                    options=options)
        except IllegalAction as exc:  # a bid's cost the ruleset refuses: nothing stored
            raise Refusal("bad_input", str(exc)) from None
        announce: dict[str, Any] = {"opening": True, "intro": intro,
                                    "to_ping": sorted(p.seat for p in g.prompts())}
        if drawn is not None:
            announce["sides"] = drawn.record
        # The record's first digest, shown in the opening post beside the seed's hash.
        announce["chain"] = start = genesis(row.id, g, g.rules_version,
                                             drawn.record if drawn is not None else None)
        snapshot = g.to_json()
        try:
            row = await self.store.start_game(
                row.id, assignment, snapshot=snapshot, version=g.version,
                seed_hash=g.seed_hash, engine_version=g.engine_version,
                rules_version=g.rules_version, at=self.ctx.clock(), announce=announce,
                options=g.options if (drawn is not None and drawn.options) or automated
                else None,
                sides=drawn.record if drawn is not None else None, chain=start)
        except (WrongStatus, NotFound):
            raise Refusal("wrong_status", "The lobby changed; try again.") from None
        self.ctx.cache.weigh(row.id, len(snapshot))
        self.ctx.cache.put(row.id, g)
        info = await self.ctx.info(row)
        users = {s.seat: s.user_id for s in info.seats if s.seat is not None}
        return StartResult(info, g.seed_hash, self.ctx.open_prompts(g, users), g.view(None))

    @staticmethod
    def _check_biddable(rules: engine.Ruleset, places: seating.Places,
                        options: dict[str, Any]) -> None:
        """A bid for sides needs a ruleset that takes one and exactly two places, and
        leaves the options the bid sets to the bid."""
        if rules.side_bidding is None:
            raise Refusal("bad_input", f"{rules.title} takes no bids for sides; "
                          "choose `sides: random` or name your seats.")
        if len(places) != 2:
            raise Refusal("bad_input", "Bidding for sides needs exactly two players.")
        set_by_bid = set(rules.side_bid_options(places[0][0], rules.side_bidding.most))
        if clash := sorted(set_by_bid & set(options)):
            raise Refusal("bad_input", f"The bid for sides sets {', '.join(clash)}; leave "
                          "it out of the options.")

    async def open_bidding(self, channel_id: int, user_id: int, *,
                           moderator: bool = False) -> Bidding:
        """`/game start` in a lobby whose sides are bid for: open the sealed bids once
        every seat is taken (calling it again only says who has bid)."""
        channel_id = v.snowflake(channel_id, "channel")
        user_id = v.snowflake(user_id, "user")
        row = await self.ctx.live(channel_id)
        async with self.ctx.locks(row.id):
            row = await self.ctx.require(row.id, "open")
            seats = await self.store.seats(row.id)
            _may_start(row, seats, user_id, moderator)
            ls = await self.store.lobby_sides(row.id)
            if ls is None or ls.mode != sides.BID:
                raise Refusal("bad_input", "This game's sides are not bid for.")
            _all_seated(len(self.ctx.places(row)), seats)
            if ls.bidding_since is None:
                await self.store.open_bidding(row.id, self.ctx.clock())
            return await self._bidding(row, just_opened=ls.bidding_since is None)

    async def sides_record(self, channel_id: int) -> dict[str, Any] | None:
        """How the channel's game chose its sides at the start (bids revealed, rolls,
        who pays; service/sides.py); None before the start or for named seats."""
        row = await self.ctx.latest(v.snowflake(channel_id, "channel"))
        ls = await self.store.lobby_sides(row.id)
        return ls.result if ls is not None else None

    async def bidding(self, channel_id: int) -> Bidding:
        """Where the channel's bid for sides stands (amounts stay sealed)."""
        row = await self.ctx.live(v.snowflake(channel_id, "channel"))
        return await self._bidding(await self.ctx.require(row.id, "open"))

    async def _bidding(self, row: GameRow, *, just_opened: bool = False,
                       ls: LobbySides | None = None) -> Bidding:
        ls = ls or await self.store.lobby_sides(row.id)
        rules = engine.ruleset(row.ruleset)
        if ls is None or ls.mode != sides.BID or rules.side_bidding is None:
            raise Refusal("bad_input", "This game's sides are not bid for.")
        bid = tuple(b.user_id for b in ls.bids)
        seats = await self.store.seats(row.id)
        sb = rules.side_bidding
        return Bidding(await self.ctx.info(row), sb.unit, sb.most, sb.rule,
                       tuple(p[0] for p in self.ctx.places(row)), bid,
                       tuple(s.user_id for s in seats if s.user_id not in bid),
                       ls.bidding_since is not None or just_opened, just_opened)

    async def place_bid(self, channel_id: int, user_id: int, side: str,
                        amount: int) -> BidResult:
        """Seal a player's bid for a side. Bids are final (a second one is refused, so a
        double click applies once) and secret until all are in; the last one starts the
        game with the sides and the cost the bids decide (service/sides.py)."""
        channel_id = v.snowflake(channel_id, "channel")
        user_id = v.snowflake(user_id, "user")
        side = v.text(side, "side")
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise Refusal("bad_input", "A bid is a whole number.")
        row = await self.ctx.live(channel_id)
        async with self.ctx.locks(row.id):
            row = await self.ctx.require(row.id, "open")
            ls = await self.store.lobby_sides(row.id)
            rules = engine.ruleset(row.ruleset)
            if ls is None or ls.mode != sides.BID or rules.side_bidding is None:
                raise Refusal("bad_input", "This game's sides are not bid for.")
            if ls.bidding_since is None:
                raise Refusal("wrong_status", "The bids open with `/game start` once every "
                              "seat is taken.")
            seats = await self.store.seats(row.id)
            if not any(s.user_id == user_id for s in seats):
                raise Refusal("not_seated", "You have not joined this game.")
            places = self.ctx.places(row)
            place = seating.place_of(places, side)
            if place is None:
                raise Refusal("bad_input", f"There is no side {side!r}; the sides are "
                              f"{', '.join(p[0] for p in places)}.")
            most = rules.side_bidding.most
            if not 0 <= amount <= most:
                raise Refusal("bad_input", f"A bid runs from 0 to {most} "
                              f"{rules.side_bidding.unit}.")
            mine = next((b for b in ls.bids if b.user_id == user_id), None)
            if mine is None:
                try:
                    await self.store.place_bid(row.id, user_id, place[0], amount,
                                               self.ctx.clock())
                except WrongStatus:
                    raise Refusal("wrong_status", "The game has already started.") from None
                except AlreadyBid:
                    mine = next(b for b in (await self.store.lobby_sides(row.id) or ls).bids
                                if b.user_id == user_id)
            if mine is not None:
                raise Refusal("already_bid", f"Your sealed bid is in already: {mine.amount} "
                              f"{rules.side_bidding.unit} for {mine.side}. Bids are final.")
            ls = await self.store.lobby_sides(row.id)
            assert ls is not None
            if len(ls.bids) < len(seats):
                return BidResult(await self._bidding(row, ls=ls), place[0], amount)
            seed = engine.new_seed()
            drawn = sides.resolve_bids(rules, [p[0] for p in places],
                                       [sides.Bid(b.user_id, b.side, b.amount) for b in ls.bids],
                                       seed)
            try:
                started = await self._start_locked(row, drawn.assignment, seed, drawn)
            except Refusal as refusal:
                # This bid is stored; the game is no longer in the lobby: another process
                # took the other last bid at the same moment and began it (on SQLite the
                # game lock is this process's only). Not a refusal: nothing to try again.
                # Unless it left the lobby another way (a moderator's abandon in that
                # process): then the bidder must not be told the game begins.
                if refusal.code != "wrong_status":
                    raise
                now = await self.store.get_game(row.id)
                if now is None or now.status != "running":
                    raise
                return BidResult(await self._bidding(row, ls=ls), place[0], amount,
                                 begun_elsewhere=True)
            return BidResult(await self._bidding(row, ls=ls), place[0], amount, started)

    async def abandon(self, channel_id: int, moderator_id: int,
                      reason: str | None = None) -> GameInfo:
        """End the channel's live game without a winner; the seed is revealed."""
        channel_id = v.snowflake(channel_id, "channel")
        moderator_id = v.snowflake(moderator_id, "moderator")
        reason = v.opt_text(reason, "reason", limit=500)
        row = await self.ctx.live(channel_id)
        async with self.ctx.locks(row.id):
            row = await self.ctx.require(row.id)
            seed = final = None
            if row.status == "running":
                g = await self.ctx.game(row)
                seed = str(g.seed)
                # the final digest names the moderator who ended the game
                final = chain.end(chain.key(seed), row.chain or await self.ctx.fill_chain(row, g),
                                  "abandoned", moderator_id)
            outcome: dict[str, Any] = {"winners": [],
                                       "reason": reason or "abandoned by a moderator",
                                       "rule": None, "abandoned_by": moderator_id}
            try:
                row = await self.store.end_game(row.id, GameEnd("abandoned", seed, outcome, final),
                                                self.ctx.clock())
            except WrongStatus:
                raise Refusal("wrong_status", "The game is already over.") from None
            self.ctx.forget(row.id, row.channel_id)
            return await self.ctx.info(row)

    async def replace_seat(self, channel_id: int, moderator_id: int, seat: str,
                           new_user_id: int, reason: str | None = None) -> GameInfo:
        """Hand a seat to a substitute (recorded in the seat history)."""
        channel_id = v.snowflake(channel_id, "channel")
        moderator_id = v.snowflake(moderator_id, "moderator")
        seat = v.text(seat, "seat")
        new_user_id = v.snowflake(new_user_id, "user")
        reason = v.opt_text(reason, "reason", limit=500)
        row = await self.ctx.live(channel_id)
        async with self.ctx.locks(row.id):
            row = await self.ctx.require(row.id)
            seats = await self.store.seats(row.id)
            seat = (seating.place_of(self.ctx.places(row), seat) or (seat,))[0]  # the whole place
            if not any(s.seat == seat for s in seats):
                raise Refusal("bad_input", f"Nobody holds a seat {seat!r} in this game.")
            if any(s.user_id == new_user_id for s in seats):
                raise Refusal("seat_taken", "That user already plays in this game.")
            try:
                await self.store.replace_seat(row.id, seat, new_user_id,
                                              by_user_id=moderator_id, reason=reason,
                                              at=self.ctx.clock())
            except (SeatTaken, NotFound):
                raise Refusal("seat_taken", "The seats changed; try again.") from None
            except WrongStatus:
                raise Refusal("wrong_status", "The game is over.") from None
            self.ctx.cache.drop(row.id)  # what it knew of the seats is out of date
            return await self.ctx.info(await self.ctx.require(row.id))

    async def game_info(self, channel_id: int) -> GameInfo:
        """The channel's live game, or else its most recent one."""
        return await self.ctx.info(await self.ctx.latest(v.snowflake(channel_id, "channel")))

    async def game_info_by_id(self, game_id: int) -> GameInfo:
        return await self.ctx.info(await self.ctx.require(v.snowflake(game_id, "game")))


def _may_start(row: GameRow, seats: list[SeatRow], user_id: int, moderator: bool) -> None:
    if not (moderator or user_id == row.created_by or any(s.user_id == user_id for s in seats)):
        raise Refusal("not_allowed", "Only the players or whoever opened the game can "
                      "start it.")


def _all_seated(needed: int, seats: list[Any]) -> None:
    """A lobby starts (or opens its bids) only once every place has a player."""
    if len(seats) != needed:
        raise Refusal("wrong_status", f"This game needs {needed} players; {len(seats)} joined.")


# The game option in which a ruleset learns which seats its own automated opponent holds
# (Pericles' Phormio, playbook 15.1: handicaps and Prime Strategies are the rules' own).
AUTOMATED_OPTION = "phormio"


def automated_seats(row: GameRow, assignment: dict[int, str],
                    places: Any) -> dict[str, Any] | None:
    """{"phormio": "seat,seat"} when bots of the level named like the ruleset's
    option hold seats of a ruleset that has that option and was not given it by hand;
    None otherwise (every other game starts as before)."""
    rules = engine.ruleset(row.ruleset)
    if AUTOMATED_OPTION not in rules.options or row.options.get(AUTOMATED_OPTION):
        return None
    leads = {p[0]: p for p in places}
    held = [s for uid, lead in assignment.items() if bot_level(uid) == AUTOMATED_OPTION
            for s in leads.get(lead, (lead,))]
    if not held:
        return None
    order = list(rules.seats(row.scenario))
    return {AUTOMATED_OPTION: ",".join(sorted(held, key=order.index))}
