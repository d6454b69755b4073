"""The `keryx` command line."""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import typer

from shared.program import keryx_command

app = typer.Typer(help="Keryx: a Discord referee for Peloponnesian War wargames.",
                  no_args_is_help=True, add_completion=False)

NO_TOKEN = """\
Keryx needs a Discord bot token to connect to Discord.

  1. Create an application and a bot at https://discord.com/developers/applications
     and copy the bot's token. No privileged intents are needed.
  2. {where}
  3. Invite the bot with the 'bot' and 'applications.commands' scopes, then run
     `{keryx} run` again; `{keryx} run --sync` registers the slash commands once.

Ways to play without Discord:
  {keryx} play athens-sparta
      play in this terminal against the random player (--hotseat: two people)
  {keryx} sandbox --out sandbox-out
      watch two simulated players play a whole game through the bot and a local
      stand-in for Discord
"""
WHERE_LOCAL = ("Provide it as the DISCORD_TOKEN environment variable, or in a file named "
               ".env in\n     {cwd}:  DISCORD_TOKEN=your-token-here")
WHERE_DOCKER = ("Pass it to the container: docker run -e DISCORD_TOKEN=your-token-here "
                "-v keryx-data:/data keryx")
# Waits between attempts to reach Discord when the network fails (seconds).
RETRY_WAITS = (5, 15, 45, 120)


def in_docker() -> bool:
    """Our image sets KERYX_IN_DOCKER (a development container is no reason to talk of
    `docker run`)."""
    return os.environ.get("KERYX_IN_DOCKER") == "1"


def no_token_text() -> str:
    where = WHERE_DOCKER if in_docker() else WHERE_LOCAL.format(cwd=os.getcwd())
    return NO_TOKEN.format(where=where, keryx=keryx_command())


@app.command()
def run(sync: Annotated[bool, typer.Option(help="Register slash commands with Discord "
                                           "(the development guild if set) before running.")]
        = False,
        shards: Annotated[str | None, typer.Option(
            help="Shard ids this process serves, e.g. 0-3 or 0,2 (with --shard-count)")]
        = None,
        shard_count: Annotated[int | None, typer.Option(
            help="Shards in all, across every process")] = None) -> None:
    """Run the Discord bot (needs DISCORD_TOKEN; the database lives in ./data by default)."""
    from pathlib import Path

    from service.store.guard import check_sqlite
    from service.store.target import is_postgres
    from shared.settings import Settings, parse_shards, shown_database

    settings = Settings()
    try:
        sharding = parse_shards(shards, shard_count)
    except ValueError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(2) from None
    if sharding and len(sharding[0]) < sharding[1] and not is_postgres(settings.database):
        typer.echo("Several bot processes need a shared PostgreSQL database "
                   "(KERYX_DATABASE=postgresql://...): an SQLite file serves one process.",
                   err=True)
        raise typer.Exit(2)
    from bot.main import prepare_database, run_bot  # a broken install fails here, loudly

    with database_refusals():  # before any folder is made or anything migrated
        if not is_postgres(settings.database):
            check_sqlite(settings.database)
            Path(settings.database).parent.mkdir(parents=True, exist_ok=True)
        prepare_database(settings)
    typer.echo(f"Database: {shown_database(settings.database)}")
    if not settings.discord_token:
        typer.echo(no_token_text(), err=True)
        raise typer.Exit(1)
    run_with_retries(lambda: run_bot(settings, sync=sync, sharding=sharding))


@contextlib.contextmanager
def database_refusals() -> Iterator[None]:
    """A database that cannot be opened (not a Keryx database, unreachable, a migration
    that fails) ends the command with one line and exit status 2, not a traceback."""
    import sqlite3

    from service.store.guard import NotKeryxDatabase
    from service.store.migrate import MigrationError

    try:
        yield
    except (NotKeryxDatabase, MigrationError) as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(2) from None
    except sqlite3.DatabaseError as exc:
        typer.echo(f"Cannot use the database: {exc}.", err=True)
        raise typer.Exit(2) from None


class StopAsked(Exception):
    """SIGTERM or SIGINT came while `keryx run` waited to try Discord again."""


@contextlib.contextmanager
def stops_raise() -> Iterator[None]:
    """While inside, SIGTERM (docker stop) or SIGINT (Ctrl-C) raise StopAsked. Entered before
    the retry notice is printed, so a stop sent on reading it cannot find the default handler."""
    import signal

    def stop(signum: int, _frame: object) -> None:
        raise StopAsked(signal.Signals(signum).name)

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler if handler is not None else signal.SIG_DFL)


def wait_or_stop(seconds: float) -> None:
    """Sleep between attempts to reach Discord (inside stops_raise, so a stop ends it)."""
    import time

    time.sleep(seconds)


def run_with_retries(start, waits=RETRY_WAITS, sleep=None) -> None:
    """Run the bot; a refused token ends at once with one line (retrying cannot help), a
    network failure is retried after growing waits, then ends with one line; a stop asked
    during a wait ends it at once."""
    try:
        _run_with_retries(start, waits, sleep or wait_or_stop)
    except StopAsked as stop:
        typer.echo(f"{stop} received: stopped before reaching Discord.", err=True)


def _run_with_retries(start, waits, sleep) -> None:
    import discord

    for attempt in range(len(waits) + 1):
        try:
            start()
            return
        except discord.LoginFailure:
            typer.echo("Discord refused the token (DISCORD_TOKEN): check it in the developer "
                       "portal, or reset it and try again.", err=True)
            raise typer.Exit(1) from None
        except (OSError, discord.GatewayNotFound, discord.HTTPException) as exc:
            if isinstance(exc, discord.HTTPException) and exc.status < 500:
                typer.echo(f"Discord answered {exc.status}: {exc.text or exc}", err=True)
                raise typer.Exit(1) from None
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            if attempt == len(waits):
                typer.echo(f"Cannot reach Discord ({reason}); gave up after "
                           f"{attempt + 1} attempts.", err=True)
                raise typer.Exit(1) from None
            with stops_raise():
                typer.echo(f"Cannot reach Discord ({reason}); trying again in "
                           f"{waits[attempt]} s.", err=True)
                sleep(waits[attempt])


@app.command()
def selfplay(
    ruleset: Annotated[str, typer.Argument(help="Ruleset id, e.g. athens-sparta")],
    games: Annotated[int, typer.Option(help="How many games to play")] = 100,
    seed: Annotated[str, typer.Option(help="Base seed; game i uses '<seed>:<i>'")] = "0",
    scenario: Annotated[str | None, typer.Option(
        help="Scenario id, or 'all': the scenarios in turn")] = None,
    jobs: Annotated[int, typer.Option(help="Worker processes")] = os.cpu_count() or 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object")] = False,
    no_check: Annotated[bool, typer.Option(help="Skip invariant checks")] = False,
    option: Annotated[list[str] | None, typer.Option(
        "--option", help="A game option as /game new takes it, e.g. wings=on (repeatable)")] = None,
) -> None:
    """Play random legal games to the end, checking the rules' invariants after every action."""
    from engine.selfplay import ALL
    from engine.selfplay import selfplay as play
    from shared import checks

    checks.known_ruleset(ruleset)
    options = checks.game_options(ruleset, option or [])
    if scenario != ALL:
        checks.known_scenario(ruleset, scenario)
    checks.positive("--games", games)
    checks.positive("--jobs", jobs)
    progress = None
    bar = None
    if sys.stdout.isatty() and not as_json:
        from rich.progress import Progress

        bar = Progress()
        task = bar.add_task(f"{ruleset}", total=games)
        bar.start()

        def progress(_run):
            bar.advance(task)
    try:
        report = play(ruleset, games, seed=seed, scenario=scenario, jobs=max(1, jobs),
                      check=not no_check, progress=progress, options=options or None)
    finally:
        if bar is not None:
            bar.stop()
    if as_json:
        typer.echo(json.dumps(report))
    else:
        typer.echo(selfplay_table(report))
        for err in report["errors"][:10]:
            typer.echo(f"\nseed {err['seed']} action {err['action_index']}:\n{err['message']}")
    if report["errors"]:
        raise typer.Exit(1)


def selfplay_table(report: dict) -> str:
    """The self-play report for people: the figures, then wins per seat and the most
    frequent endings, as aligned tables."""
    lines = [f"{report['ruleset']}: {report['games']} games, {report['completed']} finished, "
             f"{len(report['errors'])} with errors",
             f"  actions per game (median)   {report['actions_per_game_median']}",
             f"  seconds per game (median)   {report['seconds_per_game_median']}",
             f"  seconds per game (95th pct) {report['seconds_per_game_p95']}",
             f"  microseconds per action     {report['action_us_mean']}",
             "", f"  {'winner':<12} {'games':>6} {'share':>7}"]
    finished = sum(report["wins"].values()) or 1
    for who, n in report["wins"].items():
        lines.append(f"  {who:<12} {n:>6} {100 * n / finished:>6.1f}%")
    if report["outcomes"]:
        lines += ["", f"  {'games':>6}  ending"]
        lines += [f"  {n:>6}  {why}" for why, n in report["outcomes"].items()]
    by = report.get("by_scenario") or {}
    if len(by) > 1:
        lines += ["", f"  {'scenario':<12} {'games':>6} {'finished':>9} {'errors':>7}"]
        lines += [f"  {sc:<12} {r['games']:>6} {r['completed']:>9} {r['errors']:>7}"
                  for sc, r in by.items()]
    return "\n".join(lines)


@app.command()
def data(ruleset: Annotated[str, typer.Argument(help="Ruleset id")],
         pretty: Annotated[bool, typer.Option(help="Indent the JSON for reading")] = False
         ) -> None:
    """Print a ruleset's component data (map, units, cards, set-ups) as JSON."""
    import importlib

    import engine
    from shared import checks

    components = None
    package = ruleset.replace("-", "_")
    if package.isidentifier():
        # a built-in ruleset whose rules are not written yet may still publish its components
        name = f"engine.rulesets.{package}.components"
        try:
            module = importlib.import_module(name)
            components = getattr(module, "components_json", None)
        except ModuleNotFoundError as exc:
            if exc.name is None or not name.startswith(exc.name):
                raise  # the module is there but something it imports is missing: say so
    if components is None:
        checks.known_ruleset(ruleset)
        components = engine.ruleset(ruleset).components_json
    found = components()
    if found is None:
        checks.fail(f"{ruleset} publishes no component data", 1)
    typer.echo(json.dumps(found, ensure_ascii=False, indent=1 if pretty else None))


@app.command()
def bench(
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object")] = False,
    only: Annotated[list[str] | None, typer.Option(
        help="Run only these sections (repeatable): each game's (engine, "
             "engine_instructions, render for Athens & Sparta, hellenes..., epic...), then "
             "players, store, bot, scheduler, store_pg")] = None,
) -> None:
    """Run every benchmark the issues name and print the figures."""
    from keryx import bench as benches
    from shared import checks

    unknown = sorted(set(only or ()) - set(benches.sections()))
    if unknown:  # a misspelt section would otherwise run nothing and succeed
        checks.fail(f"Unknown bench section {', '.join(unknown)}; the sections are "
                    f"{', '.join(benches.sections())}.")

    def show(section, figures):
        if not as_json:
            typer.echo(f"\n[{section}]")
            for k, v in figures.items():
                typer.echo(f"  {k:32} {v}")

    result = benches.run(only, on_section=show)
    if as_json:
        typer.echo(json.dumps(result))
    else:
        for section, why in result["skipped"].items():
            typer.echo(f"\n[{section}] skipped: {why}")
        typer.echo(f"\nmachine: {result['machine']}")


@app.command()
def health(max_age: Annotated[int, typer.Option(help="Seconds the heartbeat file may age")]
           = 90) -> None:
    """Exit 0 while the bot is connected (its heartbeat file is fresh), 1 otherwise."""
    import time

    from shared.settings import Settings

    path = Settings().health_file
    try:
        age = time.time() - path.stat().st_mtime
    except FileNotFoundError:
        typer.echo(f"unhealthy: no heartbeat file at {path}")
        raise typer.Exit(1) from None
    if age > max_age:
        typer.echo(f"unhealthy: last heartbeat {age:.0f} s ago")
        raise typer.Exit(1)
    typer.echo(f"healthy: last heartbeat {age:.0f} s ago")


db_app = typer.Typer(help="Database tools (docs/storage.md).", no_args_is_help=True)
app.add_typer(db_app, name="db")


@db_app.command("copy")
def db_copy(source: Annotated[str, typer.Argument(help="The SQLite file (keryx.db)")],
            target: Annotated[str, typer.Argument(help="postgresql://user@host/db[?schema=s]")]
            ) -> None:
    """Copy an SQLite database into an empty PostgreSQL one, then replay every game there."""
    import asyncio

    from service.store.copy import CopyRefused, copy_sqlite_to_postgres
    from service.store.target import is_postgres, require_asyncpg
    from shared.settings import shown_database

    if not is_postgres(target):
        typer.echo("The target must be a postgresql:// URL.", err=True)
        raise typer.Exit(2)
    require_asyncpg()
    try:
        with database_refusals():
            report = asyncio.run(copy_sqlite_to_postgres(source, target))
    except CopyRefused as exc:
        typer.echo(f"Nothing copied: {exc}", err=True)
        raise typer.Exit(1) from None
    for table, n in report.rows.items():
        typer.echo(f"  {table:24} {n} rows")
    typer.echo(f"Copied into {shown_database(target)}; {report.games_checked} games "
               f"replayed from their logs, {len(report.problems)} problems.")
    for problem in report.problems:
        typer.echo(f"  {problem}", err=True)
    if report.problems:
        raise typer.Exit(1)


HASH_BY_HAND = ("Check the seed against the hash posted when the game began, without Keryx:\n"
                "  printf '%s' 'keryx-seed/1:{seed}' | sha256sum")


@app.command()
def verify(
    path: Annotated[Path, typer.Argument(help="An exported game (JSON)", exists=True)],
    seed_hash: Annotated[str | None, typer.Option(
        help="The hash posted when the game began; refuse a record with another")] = None,
    game_id: Annotated[int | None, typer.Option(
        help="The game's id (from /game status); refuse a record of another game")] = None,
    digest: Annotated[str | None, typer.Option(
        help="A record digest a post showed, HEX@N (the closing post's covers the whole "
             "game); refuse a record that does not pass through it")] = None,
) -> None:
    """Re-check an exported game: the seed matches its published hash, and replaying the
    log from it reproduces every die, every recorded event, who played, the final state and
    the outcome. Prints the seed hash, game id and final record digest to compare with the
    channel's posts; with --digest, a record the channel did not see exits with status 2."""
    from service import GameService, Refusal, chain

    try:
        imported = GameService.import_game(path.read_bytes())
    except Refusal as r:
        typer.echo(r.message, err=True)
        raise typer.Exit(2) from None
    if digest is not None:
        try:
            mismatch = imported.digest_problem(digest)
        except ValueError as exc:
            mismatch = str(exc)
        if mismatch is not None:
            typer.echo(f"NOT verified: {mismatch}", err=True)
            raise typer.Exit(2)
    problems = list(imported.problems)
    if seed_hash is not None and seed_hash.strip().lower() != imported.seed_hash:
        problems.append(f"the record's seed hash {imported.seed_hash} is not the one you "
                        f"gave ({seed_hash})")
    if game_id is not None and game_id != imported.game_id:
        problems.append(f"the record is of game {imported.game_id}, not {game_id}")
    typer.echo(f"game {imported.game_id} · {imported.status} · seed hash {imported.seed_hash}")
    if problems:
        typer.echo("NOT verified:\n  " + "\n  ".join(problems))
        raise typer.Exit(1)
    outcome = imported.data.get("outcome") or (imported.data.get("keryx") or {}).get("outcome")
    from bot.text import outcome_line

    typer.echo(f"verified: {imported.actions} actions, {len(imported.dice)} dice; "
               f"{outcome_line(outcome) if outcome else 'no outcome yet'}")
    if imported.chain is not None and imported.chain.final is not None:
        final = chain.shown(imported.chain.final, len(imported.chain.points) - 1)
        typer.echo(f"final record digest {final}" + (
            f" (the record passes through {digest})" if digest is not None else
            ": compare it with the closing post (or pass --digest)"))
    if seed_hash is None:
        typer.echo("Compare the seed hash above with the one posted when the game began "
                   "(or pass --seed-hash).")
    typer.echo(HASH_BY_HAND.format(seed=imported.data.get("seed")))


@app.command()
def export(
    game_id: Annotated[int, typer.Argument(help="The game's id (from /game status)")],
    out: Annotated[Path | None, typer.Option(help="Write here instead of printing")] = None,
    db: Annotated[str | None, typer.Option(
        help="The database: an SQLite file or a postgresql:// URL (default: "
             "KERYX_DATABASE)")] = None,
) -> None:
    """Export a finished or abandoned game from the database as JSON, the same record
    `/game export` posts; `keryx verify FILE` re-checks it."""
    import asyncio

    from service import GameService, Refusal
    from service.store.target import check_target
    from shared.settings import Settings, shown_database

    database = db or Settings().database

    async def fetch() -> str:
        await check_target(database, must_exist=True)  # read, never created or migrated
        svc = await GameService.open(database)
        try:
            return await svc.export_game(game_id)
        finally:
            await svc.close()

    try:
        with database_refusals():
            text = asyncio.run(fetch())
    except Refusal as r:
        where = f" in {shown_database(database)}" if r.code == "no_game" else ""
        typer.echo(f"{r.message.rstrip('.')}{where}." if where else r.message, err=True)
        raise typer.Exit(1) from None
    if out is None:
        typer.echo(text)
    else:
        out.write_text(text)
        typer.echo(f"game {game_id} written to {out}; check it with `keryx verify {out}`")


@app.command()
def league(
    name: Annotated[str | None, typer.Argument(
        help="A league's name: its games, table and ratings (default: list every league)")]
    = None,
    db: Annotated[str | None, typer.Option(
        help="The database: an SQLite file or a postgresql:// URL (default: "
             "KERYX_DATABASE; `keryx sandbox --league` leaves one in its OUT)")] = None,
) -> None:
    """Leagues, tables and ratings of a database, without Discord."""
    import asyncio

    from service.community.overview import overview
    from service.store.target import check_target
    from shared.settings import Settings, shown_database

    database = db or Settings().database

    async def read() -> str | None:
        await check_target(database, must_exist=True)
        return await overview(database, name)

    with database_refusals():
        text = asyncio.run(read())
    if text is None:
        typer.echo(f"No league called {name!r} in {shown_database(database)}.", err=True)
        raise typer.Exit(1)
    typer.echo(text)


def _register_layer_commands() -> None:
    """Commands whose layers live in their own modules register themselves here; an
    import error is a broken install and stops the command line with its own message."""
    import importlib

    for module in ("renders.cli", "bot.cli", "keryx.duel"):
        importlib.import_module(module).register(app)


_register_layer_commands()

if __name__ == "__main__":  # pragma: no cover
    app()
