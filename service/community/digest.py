"""A league's daily digest, composed as text (the scheduler posts it once per day).

Contents: games that moved since the last digest (and who is to play), results, who is
overdue (out of time under the notify policy), and the table when it changed. A day with
none of these posts nothing (the day still counts as done).
"""

from __future__ import annotations

from datetime import datetime

import aiosqlite

from .db import dumps, fetch_all, ts
from .leagues import League, LeagueGame, games_in, lineup, names_of, result_text, table_in
from .standings import DISCORD_LIMIT, format_table

SECTION_LINES = 12


def _bullets(lines: list[str], cap: int = SECTION_LINES) -> list[str]:
    if len(lines) <= cap:
        return lines
    return lines[: cap - 1] + [f"• … and {len(lines) - cap + 1} more"]


def fit(parts: list[str], limit: int = DISCORD_LIMIT) -> str:
    """Join parts; drop whole parts from the end (then cut) until the text fits."""
    text = "\n".join(parts)
    while len(text) > limit and len(parts) > 1:
        parts = parts[:-1]
        text = "\n".join(parts + ["…"])
    return text[:limit]


async def compose_digest(c: aiosqlite.Connection, league: League, since: datetime,
                         now: datetime, table_sig: str | None) -> tuple[str | None, str, list[int]]:
    """(text or None when there is nothing to say, the table's signature, users to ping)."""
    games = await games_in(c, league.id)
    by_game = {g.game_id: g for g in games if g.game_id is not None}
    users = sorted({u for g in games for u in g.users})
    known = await names_of(c, users)

    def name(u: int) -> str:
        return known.get(u) or f"<@{u}>"

    def labeller(g: LeagueGame):
        return lambda place: f"{name(g.users[place])} ({league.place_title(place)})"

    moved_lines: list[str] = []
    if by_game:
        marks = ",".join("?" * len(by_game))
        moved = await fetch_all(
            c, f"SELECT game_id, count(*) FROM move_times WHERE game_id IN ({marks}) AND at > ? "
            "GROUP BY game_id ORDER BY game_id", [*by_game, ts(since)])
        to_play = await fetch_all(
            c, f"SELECT game_id, seat, user_id, expired FROM seat_clocks WHERE game_id IN ({marks}) "
            "AND must_act = 1", list(by_game))
        waiting: dict[int, list[str]] = {}
        for gid, seat, uid, _expired in to_play:
            waiting.setdefault(gid, []).append(f"{name(uid)} ({seat})" if uid else seat)
        for gid, n in moved:
            g = by_game[gid]
            line = (f"• Round {g.round}: {lineup(g, labeller(g))} — "
                    f"{n} move{'s' if n != 1 else ''}")
            if g.status == "running" and waiting.get(gid):
                line += f"; {', '.join(waiting[gid])} to play"
            moved_lines.append(line)
    else:
        to_play = []

    result_lines = []
    for g in sorted(games, key=lambda g: (ts(g.ended_at) if g.ended_at else "", g.id)):
        if g.ended_at is None or g.ended_at <= since or g.ended_at > now:
            continue
        how = {"time": " — on time", "forfeit": " — by forfeit",
               "adjudicated": " — adjudicated", "abandoned": ""}.get(g.result_how or "", "")
        if g.status == "void":
            result_lines.append(f"• {lineup(g, labeller(g))}: void"
                                f"{how if g.result_how != 'adjudicated' else ''}")
        else:
            result_lines.append(f"• {result_text(g, labeller(g))}{how}")

    overdue = [(gid, seat, uid) for gid, seat, uid, expired in to_play
               if expired and by_game[gid].status == "running"]
    overdue_lines = [f"• {name(uid)} ({seat}), round {by_game[gid].round}: out of time"
                     for gid, seat, uid in overdue if uid]

    rows = await table_in(c, league.id)
    sig = dumps([[s.user_id, s.points, s.played, s.rank] for s in rows])
    table_changed = sig != table_sig and any(s.played for s in rows)

    if not (moved_lines or result_lines or overdue_lines or table_changed):
        return None, sig, []
    parts = [f"**{league.name} — digest, {now.date().isoformat()}**"]
    if moved_lines:
        parts += ["__Moves__", *_bullets(moved_lines)]
    if result_lines:
        parts += ["__Results__", *_bullets(result_lines)]
    if overdue_lines:
        parts += ["__Overdue__", *_bullets(overdue_lines)]
    if table_changed:
        parts.append(format_table(rows, known, title="Table", limit=DISCORD_LIMIT // 2))
    if league.status == "finished":
        parts.append("The season is over. Thanks for playing!")
    mentions = sorted({uid for _, _, uid in overdue if uid})
    return fit(parts), sig, mentions
