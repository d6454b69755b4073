"""A short league on one machine (`keryx sandbox --league`): simulated people and one house
bot (`/league add bot:`) in a round robin run by the real bot process against the Discord
stand-in, every game played to its end by random legal choices in its own thread; then
the table and the rating list as the bot posts them, and the day's digest."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import sqlite3
import time
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from standin.messages import Message
from standin.players import RandomPlayer, play_until_over
from standin.server import StandIn

from .sandbox import PLAYER_NAMES, BotProcess, Report, audit, open_table, write_transcript

LEAGUE = "Archidamian"
MENTION = re.compile(r"<@(\d+)>")


@dataclass
class LeagueReport:
    finished: bool = False      # the bot announced the league's end
    games: int = 0
    games_finished: int = 0
    choices: int = 0
    public_messages: int = 0
    leaks: int = 0
    play_seconds: float = 0.0   # from the bot's start to the league's end
    standings: list[dict[str, Any]] = field(default_factory=list)
    ratings: list[dict[str, Any]] = field(default_factory=list)
    table_post: str = ""
    ratings_post: str = ""
    digest: str = ""
    problems: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


async def reply(result, pred, timeout: float = 60.0) -> Message:
    """The bot's answer to a slash command, checked: a refusal is a sandbox failure."""
    message: Message = await result.wait_for_message(timeout=timeout)
    while not pred(message):
        if message.ephemeral:
            raise RuntimeError(f"the bot refused: {message.content}")
        message = await result.wait_for_message(pred, timeout=timeout)
    return message


def seated(standin: StandIn, thread, people: dict[int, Any]) -> list[Any]:
    """The simulated people the thread's opening post names (the house bot plays itself)."""
    ids = {int(i) for m in standin.channel_messages(thread) for i in MENTION.findall(m.content)}
    return [user for uid, user in people.items() if uid in ids]


async def digest_at_next_slot(database: str, league_id: int) -> str:
    """The digest the bot's scheduler claims at the league's next digest hour: the season
    lasted minutes, so the sandbox ticks the real scheduler once at that hour (after the
    bot stopped) and keeps the text the bot would post."""
    from service.community.actions import ChannelMessage
    from service.community.community import Community
    from service.community.leagues import next_slot

    posted: list[str] = []

    async def sink(action: Any) -> None:
        if isinstance(action, ChannelMessage) and action.kind == "digest":
            posted.append(action.text)

    async with Community(database) as community:
        league = await community.leagues.get(league_id)
        slot = next_slot(datetime.now(UTC), league.digest_hour)
        await community.scheduler(sink).tick(slot)
    return "\n\n".join(posted)


async def read_results(database: str, guild_id: int, ruleset: str,
                       report: LeagueReport) -> None:
    """Standings and ratings as the service holds them, and the digest, for the report."""
    from service.community.community import Community
    from service.community.leagues import names_of

    async with Community(database) as community:
        league = await community.leagues.find(guild_id, LEAGUE)
        if league is None:
            report.problems.append("the league was never created")
            return
        rows = await community.leagues.table(league.id)
        board = await community.ratings.leaderboard(ruleset, limit=50, include_provisional=True)
        names = await names_of(community.db.reader,
                               [s.user_id for s in rows] + [r.user_id for r in board])
    report.standings = [
        {"rank": s.rank, "name": names.get(s.user_id, str(s.user_id)), "played": s.played,
         "won": s.won, "drawn": s.drawn, "lost": s.lost, "points": s.points, "sb": s.sb}
        for s in rows]
    report.ratings = [
        {"name": names.get(r.user_id, str(r.user_id)), "rating": round(r.rating, 1),
         "rd": round(r.rd, 1), "games": r.games, "provisional": r.provisional}
        for r in board]
    report.digest = await digest_at_next_slot(database, league.id)


async def run_league_sandbox(out: Path | None = None, seed: int = 1,
                             ruleset: str = "athens-sparta", scenario: str | None = None,
                             people: int = 3,
                             house_bot: str | None = "random", workdir: Path | None = None,
                             bot_delay_s: float = 0.05, plugins: str = "") -> dict[str, Any]:
    """`people` simulated people (and Keryx at level `house_bot`, unless None) play a
    single round robin of `scenario` (None: the ruleset's first) through the real bot
    process."""
    began = time.perf_counter()
    report = LeagueReport()
    tmp, workdir, standin, guild, channel = await open_table(workdir, "keryx-league-")
    mod = standin.add_moderator(guild, "archon")
    users = [standin.add_member(guild, name) for name in PLAYER_NAMES[:people]]
    bot = BotProcess(standin, workdir, plugins=plugins, env={"KERYX_BOT_DELAY_S": str(bot_delay_s)})
    rng = random.Random(seed)
    games: list[tuple[Any, list[RandomPlayer]]] = []
    try:
        await bot.start()
        chosen = {"scenario": scenario} if scenario else {}
        await reply(await mod.slash("league", "create", name=LEAGUE, ruleset=ruleset,
                                    timeout=30, **chosen), lambda m: "opened" in m.content)
        for user in users:
            await reply(await user.slash("league", "join", league=LEAGUE, timeout=30),
                        lambda m: "joins" in m.content)
        if house_bot is not None:
            await reply(await mod.slash("league", "add", league=LEAGUE, bot=house_bot,
                                        timeout=30), lambda m: "joins" in m.content)
        await reply(await mod.slash("league", "start", league=LEAGUE, timeout=30),
                    lambda m: "begins" in m.content, timeout=120)
        threads = [c for c in standin.channels.values()
                   if getattr(c, "parent_id", None) == channel.id]
        by_id = {u.id: u for u in users}
        for thread in sorted(threads, key=lambda t: t.id):
            await standin.wait_for_message(
                lambda m, t=thread: m.channel_id == t.id and "-# game" in m.content, 60)
            games.append((thread, [RandomPlayer(standin, u, thread,
                                                random.Random(rng.random()), timeout=60)
                                   for u in seated(standin, thread, by_id)]))
        report.games = len(games)
        # every game of the round robin is open at once: play them side by side
        made = await asyncio.gather(*(play_until_over(standin, sims, thread, idle_timeout=60)
                                      for thread, sims in games if sims),
                                    return_exceptions=True)
        for n in made:
            if isinstance(n, BaseException):
                report.problems.append(f"{type(n).__name__}: {n}")
            else:
                report.choices += n
        await standin.wait_for_message(
            lambda m: m.channel_id == channel.id and f"**{LEAGUE}** is over" in m.content, 60)
        report.finished = True
        report.play_seconds = round(time.perf_counter() - began, 1)
        table = await reply(await users[0].slash("league", "table", league=LEAGUE, timeout=30),
                            lambda m: "```" in m.content)
        report.table_post = table.content
        ratings = await reply(await users[0].slash("ratings", ruleset=ruleset, timeout=30),
                              lambda m: "Ratings" in m.content)
        report.ratings_post = ratings.content
    except Exception as exc:  # noqa: BLE001 - the report says what went wrong
        report.problems.append(f"{type(exc).__name__}: {exc}")
    finally:
        await bot.stop()
    try:
        report.games_finished = sum(
            any("Game over" in m.content for m in standin.channel_messages(t)) for t, _ in games)
        report.public_messages = sum(
            len(standin.channel_messages(c)) for c in [channel] + [t for t, _ in games])
        await read_results(bot.database, guild.id, ruleset, report)
        audited = Report()
        for thread, _ in games:
            await audit(standin, thread, bot.database, audited)
        report.leaks = audited.leaks
        report.problems += audited.problems
        if out is not None:
            write_outputs(standin, channel, games, report, out, bot.database)
        if standin.unhandled:
            report.problems.append(f"REST calls the stand-in does not know: {standin.unhandled}")
    finally:
        await standin.stop()
        if tmp is not None:
            with contextlib.suppress(Exception):
                tmp.cleanup()
    return report.to_dict()


def write_outputs(standin: StandIn, channel, games: list[tuple[Any, list[RandomPlayer]]],
                  report: LeagueReport, out: Path, database: str) -> None:
    """The league channel (start, results, table, ratings) in `out/channel.md`, each game
    in `out/game-N/` as `keryx sandbox` writes one game, the digest, the report, and a
    copy of the bot's database (`keryx league --db out/keryx.db` reads it)."""
    write_transcript(standin, channel, [], out)
    for n, (thread, sims) in enumerate(games, 1):
        write_transcript(standin, thread, sims, out / f"game-{n}")
    (out / "digest.md").write_text(
        "The digest the bot posts in the league channel at the next digest hour (UTC):\n\n"
        + (report.digest or "(nothing to say)") + "\n")
    (out / "report.json").write_text(json.dumps(report.to_dict(), indent=1))
    copy = out / "keryx.db"
    copy.unlink(missing_ok=True)  # the previous run's
    with contextlib.closing(sqlite3.connect(database)) as src, \
            contextlib.closing(sqlite3.connect(copy)) as dst:
        src.backup(dst)


def main_sync(**kwargs: Any) -> dict[str, Any]:
    start = time.perf_counter()
    result = asyncio.run(run_league_sandbox(**kwargs))
    result["seconds"] = round(time.perf_counter() - start, 1)
    return result


def summary(report: dict[str, Any], out: Path) -> str:
    """What `keryx sandbox --league` prints: the figures, then the posts a host would see."""
    figures = ["games", "games_finished", "choices", "public_messages", "leaks",
               "play_seconds", "seconds"]
    lines = [f"{key:16} {report.get(key)}" for key in figures]
    lines += [f"problem: {p}" for p in report["problems"]]
    lines += ["", report["table_post"], "", report["ratings_post"], "",
              "Digest at the next digest hour:", report["digest"] or "(nothing to say)", "",
              f"transcript: {out / 'channel.md'} (each game in {out / 'game-N'}/)"]
    return "\n".join(lines)
