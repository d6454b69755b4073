"""A game's past: its log as each person may read it, public views at earlier versions,
the check of a stored game against its log, and export and import of finished games."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable
from datetime import datetime
from typing import Any

import engine
from engine import Event

from . import chain
from . import validate as v
from .audit import EXPORT_FORMAT, audit_export
from .context import ServiceContext, genesis
from .errors import Refusal
from .replay import apply_action, check_snapshot, fresh_game, replay_log
from .results import ImportedGame, LogEntry
from .store.base import OVER, ActionRow, GameRow


class History:
    def __init__(self, ctx: ServiceContext):
        self.ctx = ctx
        self.store = ctx.store

    async def public_view_at(self, game_id: int, version: int) -> dict[str, Any]:
        """The public view as it stood at `version`, rebuilt from the log here, so that
        only the public view (no seed, no hidden fact) leaves the service."""
        return (await self.public_views_at(game_id, [version]))[version]

    async def public_views_at(self, game_id: int,
                              versions: Iterable[int]) -> dict[int, dict[str, Any]]:
        """The public view at each of `versions`, from one replay of the log through them
        in order (an audit of every post of a long game stays linear in its length)."""

        row = await self.ctx.require(v.snowflake(game_id, "game"))
        wanted = sorted(set(versions))
        if wanted and (wanted[0] < 0 or wanted[-1] > row.version):
            raise Refusal("bad_input", f"The game is at version {row.version}; pick 0 to "
                          f"{row.version}.")
        stored = await self.store.get_game(row.id, snapshot=True)
        if stored is None or stored.snapshot is None:
            raise Refusal("no_game", "That game has not started.")
        snapshot = stored.snapshot
        actions = await self.store.actions(row.id)

        def replay() -> dict[int, dict[str, Any]]:
            g, done, out = replay_log(snapshot, []), 0, {}
            for version in wanted:
                while done < version:
                    apply_action(g, actions[done])
                    done += 1
                out[version] = g.view(None)
            return out

        return await asyncio.to_thread(replay)

    async def interactions(self, game_id: int) -> dict[int, str | None]:
        """Which interaction made each version of a game (None: no click, e.g. a bot's
        move): for measurements of the bot (bot/bench.py), which never reads the store."""
        row = await self.ctx.require(v.snowflake(game_id, "game"))
        return {a.seq: a.interaction_id for a in await self.store.actions(row.id)}

    async def history(self, channel_id: int, user_id: int | None,
                      after_seq: int = 0) -> list[LogEntry]:
        """The action log with the events this user may see. Option ids (every choice, not
        only secret ones) and private events stay hidden from other seats and spectators
        until the game is over."""
        channel_id = v.snowflake(channel_id, "channel")
        user_id = v.opt_snowflake(user_id, "user")
        after_seq = v.version(after_seq)
        row = await self.ctx.latest(channel_id)
        held = await self.ctx.held(row, user_id)
        over = row.status in OVER
        out = []
        for a in await self.store.actions(row.id, after_seq):
            events = tuple(e for e in map(Event.from_dict, a.events)
                           if over or e.visible_to(None) or any(e.visible_to(s) for s in held))
            # Option ids are the engine's words and may name hidden blocks ("b:Thebes P"):
            # only the seat that chose sees its own until the game is over; everyone else
            # reads the public events.
            shown = a.option_id if (over or a.seat in held) else None
            out.append(LogEntry(a.seq, a.kind, a.seat, shown, a.user_id, a.at, events))
        return out

    async def check(self, game_id: int) -> list[str]:
        """Compare a stored game with a replay of its action log; [] if they agree."""
        row = await self.store.get_game(v.snowflake(game_id, "game"), snapshot=True)
        if row is None:
            raise Refusal("no_game", "No such game.")
        if row.snapshot is None:
            return []
        actions = await self.store.actions(row.id)
        problems = check_snapshot(row.snapshot, row.version, actions,
                                  snapshot_version=row.snapshot_version)
        return problems + await self._chain_problems(row, actions)

    async def _chain_problems(self, row: GameRow, actions: list[ActionRow]) -> list[str]:
        """The stored digests against the chain of the stored log (none stored: a game
        from before digests were kept, computed when first needed)."""
        if row.chain is None and all(a.chain is None for a in actions):
            return []
        assert row.snapshot is not None
        g = fresh_game(json.loads(row.snapshot))  # the set-up facts and the seed
        ls = await self.store.lobby_sides(row.id)
        k = chain.key(str(g.seed))
        digests = [genesis(row.id, g, row.rules_version, ls.result if ls else None)]
        digests += chain.of_actions(k, digests[0], actions)
        problems = [f"action {a.seq}: its stored digest is not the chain of the log"
                    for a, d in zip(actions, digests[1:], strict=False)
                    if a.chain is not None and a.chain != d]
        head = digests[-1]
        if row.status in OVER:
            by = (row.outcome or {}).get("abandoned_by") if row.status == "abandoned" else None
            head = chain.end(k, head, row.status, by)
        if row.chain is not None and row.chain != head:
            problems.append("the game's stored digest is not the chain of its log")
        return problems

    async def export_game(self, game_id: int) -> str:
        """A finished or abandoned game as JSON: the engine's record (seed, log, final
        state, outcome), which `engine.verify_game` re-checks, plus the service's history
        (who clicked what and when, seat changes) under "keryx"."""
        row = await self.store.get_game(v.snowflake(game_id, "game"), snapshot=True)
        if row is None:
            raise Refusal("no_game", "No such game.")
        if row.status not in OVER or row.snapshot is None:
            raise Refusal("not_over", "Only a finished game can be exported; its seed is "
                          "secret until the end.")
        data = json.loads(row.snapshot if row.snapshot_version >= row.version
                          else (await self.ctx.load(row.id, cache=False)).to_json())
        data["outcome"] = row.outcome if row.status == "finished" else None
        seats = await self.store.seats(row.id)
        ls = await self.store.lobby_sides(row.id)
        data["keryx"] = {
            "format": EXPORT_FORMAT,
            "game_id": row.id, "guild_id": row.guild_id, "channel_id": row.channel_id,
            "status": row.status, "outcome": row.outcome,
            "engine_version": row.engine_version, "rules_version": row.rules_version,
            "created_at": _iso(row.created_at), "started_at": _iso(row.started_at),
            "ended_at": _iso(row.ended_at),
            "seats": [{"seat": s.seat, "user_id": s.user_id} for s in seats],
            # how the sides were chosen at the start (service/sides.py), if they were
            "sides": ls.result if ls is not None else None,
            "seat_changes": [
                {"seat": c.seat, "kind": c.kind, "old_user_id": c.old_user_id,
                 "new_user_id": c.new_user_id, "by_user_id": c.by_user_id,
                 "reason": c.reason, "at": _iso(c.at)}
                for c in await self.store.seat_changes(row.id)],
            "actions": [
                {"seq": a.seq, "kind": a.kind, "seat": a.seat, "option_id": a.option_id,
                 "user_id": a.user_id, "at": _iso(a.at), "events": a.events,
                 "digest": a.chain}
                for a in await self.store.actions(row.id)],
            "final_digest": row.chain,
        }
        _add_digests(data)
        return json.dumps(data, sort_keys=True, indent=1)


def _add_digests(data: dict[str, Any]) -> None:
    """Complete an export's digests: the stored ones are what the channel's posts
    showed; those of a game from before they were kept are computed from the record.
    `keryx verify` recomputes every one (service/audit.py)."""
    recomputed = chain.of_export(data)
    section = data["keryx"]
    for a, digest in zip(section["actions"], recomputed.points[1:], strict=True):
        a["digest"] = a["digest"] or digest
    section["start_digest"] = recomputed.points[0]
    section["final_digest"] = section["final_digest"] or recomputed.final


def _iso(dt: datetime | None) -> str | None:
    return dt.isoformat() if dt is not None else None


def import_game(text: str | bytes) -> ImportedGame:
    """Check an exported game under the current engine (seed against its hash, every
    die, the final state and the service's own record of every action, by replay)
    and rebuild it for viewing."""
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        report = audit_export(data)
    except Exception as exc:  # noqa: BLE001 - whatever is wrong, the file is refused
        raise Refusal("bad_input", f"That is not a Keryx game export: {exc}") from None
    game = None
    if report.ok:
        game = engine.load_game(data, replay=True)
    return ImportedGame(report.ok, tuple(report.problems), report.actions,
                        tuple(report.dice), data, game, game_id=report.game_id,
                        seed_hash=report.seed_hash, status=report.status,
                        chain=report.chain)
