"""Play: a click (or a bot seat's answer) becomes an action, judged and committed with the
post it owes the channel; and what a seat may see and has waiting."""

from __future__ import annotations

from typing import Any

from engine import Event, Game, IllegalAction

from . import chain, seating
from . import validate as v
from .audit import undo_event
from .context import Known, ServiceContext
from .errors import Refusal
from .outbox import Outbox
from .results import ActionResult, OpenPrompt, PendingPrompt, SeatView
from .store.base import (
    ActionKind,
    ActionRow,
    AsSeen,
    DuplicateInteraction,
    GameEnd,
    GameRow,
    SeatRow,
    StaleVersion,
    holders_key,
)

# Attempts of a click that another process's commits keep overtaking (Play.act).
CONTENDED_ATTEMPTS = 4


class _Contended(Exception):
    """Another process committed to the game a click was working on without holding it
    against other processes (Play.act): the click is done again, holding it."""


class Play:
    def __init__(self, ctx: ServiceContext, outbox: Outbox):
        self.ctx = ctx
        self.store = ctx.store
        self.outbox = outbox

    async def submit(self, channel_id: int, user_id: int, option_id: str,
                     expected_version: int, interaction_id: str | int,
                     seat: str | None = None) -> ActionResult:
        """Apply the user's choice for their seat. Refusals: no_game, wrong_status,
        not_seated, stale (details: version), illegal, duplicate, bad_input.

        The same interaction id applies once: submitting it again returns the first
        result with `duplicate=True` (even if the game has moved on since). `seat`: which
        of the user's seats the choice is for, when they hold several (else the first
        of theirs with an open decision)."""
        channel_id = v.snowflake(channel_id, "channel")
        user_id = v.snowflake(user_id, "user")
        option_id = v.answer(option_id)
        expected_version = v.version(expected_version)
        interaction_id = v.interaction(interaction_id)
        return await self.act(channel_id, user_id, "act", option_id, expected_version,
                               interaction_id, seat)

    async def undo(self, channel_id: int, user_id: int, expected_version: int,
                   interaction_id: str | int, seat: str | None = None) -> ActionResult:
        """Take back the user's last choice, if no new information came out since."""
        channel_id = v.snowflake(channel_id, "channel")
        user_id = v.snowflake(user_id, "user")
        expected_version = v.version(expected_version)
        interaction_id = v.interaction(interaction_id)
        return await self.act(channel_id, user_id, "undo", None, expected_version,
                               interaction_id, seat)

    async def resign(self, channel_id: int, user_id: int,
                     interaction_id: str | int, seat: str | None = None) -> ActionResult:
        """Concede for the user's seat (valid whatever the version)."""
        channel_id = v.snowflake(channel_id, "channel")
        user_id = v.snowflake(user_id, "user")
        interaction_id = v.interaction(interaction_id)
        return await self.act(channel_id, user_id, "resign", None, None, interaction_id,
                               seat)

    async def act(self, channel_id: int, user_id: int, kind: ActionKind,
                   option_id: str | None, expected_version: int | None,
                   interaction_id: str, seat: str | None = None) -> ActionResult:
        args = (channel_id, user_id, kind, option_id, expected_version, interaction_id, seat)
        # Several processes may share the database: first without holding the game
        # against other processes. The commit's guard (version, status, channel and seat
        # holders, checked inside its transaction) still serialises every action; only if
        # another process changed the game since this click read it (rare: guilds are
        # split by shard) is the click done again, on PostgreSQL holding the game this
        # time, so it waits for the other process and is judged on the new state exactly
        # as if it had held the game from the start: a seat handed to a substitute
        # meanwhile is refused as not seated. Uncontended, this saves the lock's round
        # trips (2 statements a click instead of 3). Holding the game does not stop
        # another process's first, unheld attempt from committing in between, so a held
        # attempt can lose too; it is then done again (each loss is another click's
        # commit, so the game moves on), and only after CONTENDED_ATTEMPTS is the click
        # refused as stale. (SQLite has no lock across processes: `across` is moot.)
        across = self.ctx.locks.across is not None
        for attempt in range(CONTENDED_ATTEMPTS - 1):
            try:
                return await self._act_once(*args, across=across and attempt > 0,
                                            retry=True)
            except _Contended:
                continue
        return await self._act_once(*args, across=across, retry=False)

    async def _act_once(self, channel_id: int, user_id: int, kind: ActionKind,
                        option_id: str | None, expected_version: int | None,
                        interaction_id: str, seat: str | None, *,
                        across: bool, retry: bool) -> ActionResult:
        # The channel's game as this process last saw it live: its row is read under the
        # lock anyway, and a game that is open or running in this channel is the
        # channel's live game (one per channel, by the unique index), so the lookup by
        # channel is needed only when the remembered game is no longer that.
        remembered = self.ctx.channel_games.get(channel_id)
        if remembered is not None and kind == "act" and not across:
            result = await self._act_known(remembered, channel_id, user_id, option_id,
                                           expected_version, interaction_id, seat, retry)
            if result is not None:
                return result
        if remembered is not None:
            result = await self._act_on(remembered, True, channel_id, user_id, kind,
                                        option_id, expected_version, interaction_id, seat,
                                        across, retry)
            if result is not None:
                return result
            if self.ctx.channel_games.get(channel_id) == remembered:
                del self.ctx.channel_games[channel_id]
        row = await self.store.live_game(channel_id)
        if row is None:
            # A repeat of the click that ended the game still gets its first answer.
            prior = await self.store.action_by_interaction(interaction_id)
            if prior is not None:
                return await self._repeat(prior, channel_id, user_id)
            raise Refusal("no_game", "There is no game in this channel.")
        result = await self._act_on(row.id, False, channel_id, user_id, kind, option_id,
                                    expected_version, interaction_id, seat, across, retry)
        assert result is not None  # only a remembered game can turn out to be gone
        return result

    async def _act_on(self, game_id: int, remembered: bool, channel_id: int, user_id: int,
                      kind: ActionKind, option_id: str | None, expected_version: int | None,
                      interaction_id: str, seat: str | None,
                      across: bool, retry: bool) -> ActionResult | None:
        """`act` on the game `game_id`, held against other processes too if `across`;
        None when it was `remembered` as the channel's live game and is not that any
        more (nothing was done). With `retry`, raises _Contended instead of a stale
        refusal when another process committed to the game meanwhile."""
        async with self.ctx.locks(game_id) if across else self.ctx.locks.local(game_id):
            # Under the lock, so that a twin of this request applied a moment ago is seen;
            # the game row is re-read there: the channel's game may have moved or ended.
            reads = await self.store.act_reads(game_id, interaction_id)
            if reads.prior is not None:
                return await self._repeat(reads.prior, channel_id, user_id)
            row = reads.game
            if remembered and (row is None or row.channel_id != channel_id or (
                    not row.live and self.ctx.channel_games.get(channel_id) == game_id)):
                # Not the channel's game any more, and it did not end in this process
                # while this click waited for it (that one is told the game is over,
                # as it would be had it looked the game up by channel on arrival).
                return None
            if row is None:
                raise Refusal("no_game", "That game no longer exists.")
            if row.status != "running":
                raise Refusal("wrong_status", "The game has not started yet."
                              if row.status == "open" else "The game is over.")
            self.ctx.remember_channel(channel_id, row.id)
            users = seating.seat_users(reads.seats, self.ctx.places(row))
            held = seating.seats_of(users, user_id, self.ctx.seat_names(row))
            if not held:
                raise Refusal("not_seated", "You do not hold a seat in this game.")
            if seat is not None and seat not in held:
                raise Refusal("not_seated", f"You do not hold {seat} in this game.")
            if expected_version is not None and expected_version > row.version:
                raise Refusal("stale", "The game has moved on since that was shown; "
                              "here is the current state.", version=row.version)
            # The game object is ours alone from here: taken out of the cache (or loaded
            # without caching it) and put back only once its commit succeeded. On any
            # failure it is dropped, so nothing uncommitted is ever served from the cache,
            # in this process or after another process committed the same version.
            g = self.ctx.cache.pop(row.id, row.version) or await self.ctx.load(row.id, cache=False)
            if seat is None:
                seat = seating.acting_seat(held, (p.seat for p in g.prompts()))
            assert seat is not None
            try:
                # The seats it was judged on are part of the commit's guard: a seat
                # handed over by another process since the read makes it fail.
                result = await self._apply_and_commit(
                    row, g, seat, users, kind, option_id, expected_version, interaction_id,
                    user_id, contended=_Contended() if retry else None,
                    seen=AsSeen(row.channel_id, holders_key(reads.seats)))
            except Refusal:
                if g.version == row.version:
                    # Refused before the engine changed anything (stale, illegal): the
                    # game is still the committed one and may stay.
                    self.ctx.cache.put(row.id, g, Known(row, reads.seats, users,
                                                      holders_key(reads.seats)))
                else:
                    self.ctx.cache.drop(row.id)
                raise
            except BaseException:
                self.ctx.cache.drop(row.id)
                raise
            if result is not None:
                self._keep(row, g, kind, reads.seats, users, result.record)
            else:
                self.ctx.cache.drop(row.id)
            if result is None:  # the interaction id was committed by a twin meanwhile
                prior = await self.store.action_by_interaction(interaction_id)
                if prior is None:  # pragma: no cover - the row cannot vanish
                    raise RuntimeError("duplicate interaction id without its action")
                return await self._repeat(prior, channel_id, user_id)
            return result

    async def _act_known(self, game_id: int, channel_id: int, user_id: int,
                         option_id: str | None, expected_version: int | None,
                         interaction_id: str, seat: str | None,
                         retry: bool) -> ActionResult | None:
        """A click on a game this process has in its cache with the row and seats its
        last read or commit here left: judged on those, and committed by one statement
        whose guard also checks that the store still holds them so (version, status,
        channel, seat holders; `AsSeen`). The click's read is saved, one statement of
        two on PostgreSQL, and the answer is the one a click that had read them would
        get. None when the click cannot be done so, nothing written (nothing known, a
        refusal, a conflict): the caller then does it the ordinary way, reading first,
        which gives refusals, repeats and conflicts their usual answers. With `retry`,
        a commit that finds the store changed raises _Contended instead, as the ordinary
        first attempt does (the store changed: another process committed, most likely)."""
        async with self.ctx.locks.local(game_id):
            entry = self.ctx.cache.pop_known(game_id)
            if entry is None:
                return None
            g, known = entry
            row = known.row
            held = seating.seats_of(known.users, user_id, self.ctx.seat_names(row))
            if (row.channel_id != channel_id or not held or (seat is not None and seat not in held)
                    or (expected_version is not None and expected_version > row.version)):
                self.ctx.cache.put(game_id, g, known)
                return None
            if seat is None:
                seat = seating.acting_seat(held, (p.seat for p in g.prompts()))
            assert seat is not None
            self.ctx.remember_channel(channel_id, game_id)  # (forgotten again if it ends)
            try:
                result = await self._apply_and_commit(
                    row, g, seat, known.users, "act", option_id, expected_version,
                    interaction_id, user_id, contended=_Contended(),
                    seen=AsSeen(channel_id, known.holders))
            except Refusal:
                if g.version == row.version:  # refused before the engine changed anything
                    self.ctx.cache.put(game_id, g, known)
                else:
                    self.ctx.cache.drop(game_id)
                return None
            except _Contended:  # the store does not hold the game as known: nothing written
                self.ctx.cache.drop(game_id)
                if retry:
                    raise
                return None
            except BaseException:
                self.ctx.cache.drop(game_id)
                raise
            if result is None:  # the interaction id was committed by a twin meanwhile
                self.ctx.cache.drop(game_id)
                prior = await self.store.action_by_interaction(interaction_id)
                if prior is None:  # pragma: no cover - the row cannot vanish
                    raise RuntimeError("duplicate interaction id without its action")
                return await self._repeat(prior, channel_id, user_id)
            self._keep(row, g, "act", known.seats, known.users, result.record, known.holders)
            return result

    def _keep(self, row: GameRow, g: Game, kind: ActionKind, seats: list[SeatRow],
              users: dict[str, int], head: str | None, holders: str | None = None) -> None:
        """Put a game back in the cache after its commit of the action after `row`, with
        its row as that commit left it (for the next click's `_act_known`), unless the
        game ended."""
        if g.outcome is not None:  # over: the cache keeps only games in play
            self.ctx.cache.drop(row.id)
            return
        after = row.moved_to(g.version, g.version if self.ctx.snapshot_due(row, kind, None)
                             else row.snapshot_version, head)
        self.ctx.cache.put(row.id, g, Known(after, seats, users,
                                          holders_key(seats) if holders is None else holders))

    async def _apply_and_commit(self, row: GameRow, g: Game, seat: str,
                                users: dict[str, int], kind: ActionKind,
                                option_id: str | None, expected_version: int | None,
                                interaction_id: str, user_id: int,
                                contended: _Contended | None = None,
                                seen: AsSeen | None = None) -> ActionResult | None:
        """Act on `g` (at the row's version) and commit; None if the interaction id was
        already committed by a twin request (in another process). With `contended`,
        that is raised instead of a stale refusal when another process committed to
        the game since its row was read (the click is then done again, see act)."""
        if g.version != row.version:
            # Another process committed between our read of the row and of the snapshot:
            # the game this click was drawn for is gone.
            if contended is not None:
                raise contended
            raise Refusal("stale", "The game has moved on since that was shown; "
                          "here is the current state.", version=g.version)
        if expected_version is not None and expected_version != row.version and (
                kind != "act" or expected_version < g.prompt_version(seat)):
            # An older click still counts while the clicker's own prompt is unchanged
            # since it was drawn (the other seat committing its card in the meantime).
            raise Refusal("stale", "The game has moved on since that was shown; "
                          "here is the current state.", version=row.version)
        # The record's digest so far (a game started before digests were kept has its
        # chain computed from its log now, once).
        before = row.chain or await self.ctx.fill_chain(row, g)
        waiting_before = {p.seat for p in g.prompts()}
        prompt = g.prompt_for(seat)
        secret = bool(prompt and prompt.secret and kind == "act")
        try:
            if kind == "act":
                assert option_id is not None
                events = g.act(seat, option_id)
            elif kind == "undo":
                g.undo(seat)
                events = [undo_event(seat)]
            else:
                events = g.resign(seat)
        except IllegalAction as exc:
            # The engine leaves the game unchanged on IllegalAction.
            raise Refusal("illegal", str(exc)) from None
        k = chain.key(str(g.seed))
        digest = chain.link(k, before, row.version + 1, kind, seat, option_id, user_id)
        end = None
        if g.outcome is not None:
            end = GameEnd("finished", str(g.seed), g.outcome.to_dict(),
                          chain.end(k, digest, "finished", None))
        record = end.chain if end is not None else digest
        kinds = {e.kind for e in events}
        # What the channel must be told, decided now from this version and written with
        # the action: a ping only when play passes to a person (never the one who acted,
        # nor one who was already waiting), and an edit of the standing "waiting for"
        # message whenever who is waiting changes.
        waiting = sorted(p.seat for p in g.prompts())
        announce: dict[str, Any] | None = {
            "to_ping": seating.newly_called(waiting, waiting_before, users, seat, user_id),
            "waiting": waiting,
            "phase_ended": "phase_end" in kinds, "battle_ended": "battle_end" in kinds,
            "game_ended": g.outcome is not None, "chain": record}
        assert announce is not None
        if not (announce["to_ping"] or announce["phase_ended"] or announce["battle_ended"]
                or announce["game_ended"] or set(waiting) != waiting_before):
            announce = None  # nothing to tell the channel: no outbox row, no delivery
        # Kept only once committed: a refused commit's view is of a version that never was.
        post_view = (g.view(None) if announce is not None and (
            announce["phase_ended"] or announce["game_ended"]) else None)
        now = self.ctx.clock()
        snapshot = g.to_json() if self.ctx.snapshot_due(row, kind, end) else None
        try:
            # The post is claimed with the action (when it is next in order), so the
            # caller's delivery needs no claim write of its own.
            action = await self.store.commit_action(
                row.id, expected_version=row.version, kind=kind, seat=seat,
                option_id=option_id, secret=secret, user_id=user_id,
                interaction_id=interaction_id, events=[e.to_dict() for e in events],
                snapshot=snapshot,
                at=now, end=end, announce=announce,
                lease_until=self.outbox.lease(now), seen=seen, chain=digest)
        except StaleVersion as exc:
            # Another process moved the game (a second bot process, say).
            if contended is not None:
                raise contended from None
            current = exc.current
            if current is None:  # the guard with `seen` does not read the version
                now_row = await self.store.get_game(row.id)
                current = now_row.version if now_row is not None else None
            raise Refusal("stale", "The game has moved on; here is the current state.",
                          version=current) from None
        except DuplicateInteraction:
            return None
        if snapshot is not None:
            self.ctx.cache.weigh(row.id, len(snapshot))
        if post_view is not None:
            self.outbox.keep_post_view(row.id, action.seq, post_view)
        if end is not None:
            self.ctx.channel_games.pop(row.channel_id, None)
        if action.announcement_leased and announce is not None:
            self.outbox.claimed_with_action(row.id, action.seq, row.channel_id, announce, now)
        return self._result(row, action, g, users, events, waiting_before, user_id,
                            record=record)

    def _result(self, row: GameRow, action: ActionRow, g: Game, users: dict[str, int],
                events: list[Event], waiting_before: set[str], user_id: int,
                duplicate: bool = False, record: str | None = None) -> ActionResult:
        prompts = self.ctx.open_prompts(g, users)  # as the game stands now
        called = seating.newly_called([p.seat for p in prompts], waiting_before, users, action.seat,
                              user_id)
        to_ping = tuple(p for p in prompts if p.seat in called)
        kinds = {e.kind for e in events}
        return ActionResult(
            game_id=row.id, channel_id=row.channel_id, guild_id=row.guild_id,
            seq=action.seq, version=action.seq, kind=action.kind, seat=action.seat,
            user_id=user_id, seat_names=tuple(g.seats), events=tuple(events),
            prompts=prompts, to_ping=() if duplicate else to_ping,
            phase_ended="phase_end" in kinds, battle_ended="battle_end" in kinds,
            game_ended="game_end" in kinds, outcome=g.outcome,
            seed=str(g.seed) if g.outcome is not None else None,
            can_undo=g.version == action.seq and g.can_undo(action.seat),
            duplicate=duplicate, record=record)

    async def _repeat(self, prior: ActionRow, channel_id: int, user_id: int) -> ActionResult:
        """The answer to an interaction id already in the log."""
        row = await self.store.get_game(prior.game_id)
        if row is None or row.channel_id != channel_id or prior.user_id != user_id:
            raise Refusal("duplicate", "That request was already used for something else.")
        g = await self.ctx.game(row)
        users = seating.seat_users(await self.store.seats(row.id), self.ctx.places(row))
        events = [Event.from_dict(e) for e in prior.events]
        # the game's digest is the end's when this action ended it
        record = row.chain if row.version == prior.seq and row.chain else prior.chain
        return self._result(row, prior, g, users, events, set(), user_id, duplicate=True,
                            record=record)

    async def view(self, channel_id: int, user_id: int | None,
                   seat: str | None = None) -> SeatView:
        """What this user may see: their seat's view, or the public view if they hold no
        seat (user_id=None: the public view). A user holding several seats sees `seat`
        if given, else the first of theirs with an open decision."""
        channel_id = v.snowflake(channel_id, "channel")
        user_id = v.opt_snowflake(user_id, "user")
        row = await self.ctx.latest(channel_id)
        if row.status == "open":
            raise Refusal("wrong_status", "The game has not started yet.")
        g = await self.ctx.game(row)
        held = await self.ctx.held(row, user_id)
        if seat is None or seat not in held:
            seat = seating.acting_seat(held, (p.seat for p in g.prompts()))
        prompt = g.prompt_for(seat) if seat is not None else None
        return SeatView(
            game_id=row.id, seat=seat, version=g.version, status=row.status,
            view=g.view(seat),
            prompt=OpenPrompt(seat, user_id, prompt, g.version) if prompt and seat else None,
            can_undo=seat is not None and g.can_undo(seat), held=tuple(held))

    async def pending(self, user_id: int) -> list[PendingPrompt]:
        """Every decision waiting for this user, across channels, oldest first."""
        user_id = v.snowflake(user_id, "user")
        out: list[PendingPrompt] = []
        for us in await self.store.user_games(user_id):
            try:
                g = await self.ctx.game(us.game)
            except Refusal:
                continue  # a game that cannot be loaded is a moderator's problem
            place = seating.place_of(self.ctx.places(us.game), us.seat) or (us.seat,)
            for seat in place:
                p = g.prompt_for(seat)
                if p is not None:
                    out.append(PendingPrompt(us.game.id, us.game.guild_id, us.game.channel_id,
                                             us.game.ruleset, seat, g.version, p,
                                             us.game.updated_at))
        return out
