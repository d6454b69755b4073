"""The `keryx` command line."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated

import typer

app = typer.Typer(help="Keryx: a Discord referee for Peloponnesian War wargames.",
                  no_args_is_help=True, add_completion=False)

NO_TOKEN = """\
Keryx needs a Discord bot token to connect to Discord.

  1. Create an application and a bot at https://discord.com/developers/applications
     and copy the bot's token. No privileged intents are needed.
  2. Provide it as the DISCORD_TOKEN environment variable, or in a file named .env in
     this folder:  DISCORD_TOKEN=your-token-here
  3. Invite the bot with the 'bot' and 'applications.commands' scopes, then run
     `keryx run` again; `keryx run --sync` registers the slash commands once.

Ways to play without Discord:
  keryx play athens-sparta            play in this terminal against the random player
  keryx play athens-sparta --hotseat  two people at one terminal
  keryx sandbox --out sandbox-out     watch two simulated players play a whole game
                                      through the bot and a local stand-in for Discord
"""


@app.command()
def run(sync: Annotated[bool, typer.Option(help="Register slash commands with Discord "
                                           "(the development guild if set) before running.")]
        = False) -> None:
    """Run the Discord bot (needs DISCORD_TOKEN; the database lives in ./data by default)."""
    from keryx.settings import Settings

    settings = Settings()
    settings.database.parent.mkdir(parents=True, exist_ok=True)
    try:
        from bot.main import prepare_database, run_bot
    except ImportError:  # the Discord transport is not installed in this build
        prepare_database = run_bot = None
    if prepare_database is not None:
        prepare_database(settings)
    typer.echo(f"Database: {settings.database.resolve()}")
    if not settings.discord_token:
        typer.echo(NO_TOKEN)
        raise typer.Exit(0)
    if run_bot is None:
        typer.echo("The Discord bot is not part of this build yet.", err=True)
        raise typer.Exit(1)
    run_bot(settings, sync=sync)


@app.command()
def selfplay(
    ruleset: Annotated[str, typer.Argument(help="Ruleset id, e.g. athens-sparta")],
    games: Annotated[int, typer.Option(help="How many games to play")] = 100,
    seed: Annotated[str, typer.Option(help="Base seed; game i uses '<seed>:<i>'")] = "0",
    scenario: Annotated[str | None, typer.Option(help="Scenario id")] = None,
    jobs: Annotated[int, typer.Option(help="Worker processes")] = os.cpu_count() or 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object")] = False,
    no_check: Annotated[bool, typer.Option(help="Skip invariant checks")] = False,
) -> None:
    """Play random legal games to the end, checking the rules' invariants after every action."""
    import engine
    from engine.selfplay import selfplay as play

    if ruleset not in engine.rulesets():
        typer.echo(f"Unknown ruleset {ruleset!r}; known: {', '.join(engine.rulesets())}",
                   err=True)
        raise typer.Exit(2)
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
                      check=not no_check, progress=progress)
    finally:
        if bar is not None:
            bar.stop()
    if as_json:
        typer.echo(json.dumps(report))
    else:
        for key, value in report.items():
            if key != "errors":
                typer.echo(f"{key:28} {value}")
        for err in report["errors"][:10]:
            typer.echo(f"\nseed {err['seed']} action {err['action_index']}:\n{err['message']}")
    if report["errors"]:
        raise typer.Exit(1)


@app.command()
def data(ruleset: Annotated[str, typer.Argument(help="Ruleset id")]) -> None:
    """Print a ruleset's component data (map, units, cards, set-ups) as JSON."""
    import engine

    rules = engine.ruleset(ruleset)
    components = getattr(rules, "components_json", None)
    if components is None:
        typer.echo(f"{ruleset} publishes no component data", err=True)
        raise typer.Exit(1)
    typer.echo(json.dumps(components(), ensure_ascii=False))


@app.command()
def bench(
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object")] = False,
    only: Annotated[list[str] | None, typer.Option(
        help="Run only these sections (engine, store, render, bot, scheduler)")] = None,
) -> None:
    """Run every benchmark the issues name and print the figures."""
    from keryx import bench as benches

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

    from keryx.settings import Settings

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


HASH_BY_HAND = ("Check the seed against the hash posted when the game began, without Keryx:\n"
                "  printf '%s' 'keryx-seed/1:{seed}' | sha256sum")


@app.command()
def verify(
    path: Annotated[Path, typer.Argument(help="An exported game (JSON)", exists=True)],
    seed_hash: Annotated[str | None, typer.Option(
        help="The hash posted when the game began; refuse a record with another")] = None,
    game_id: Annotated[int | None, typer.Option(
        help="The game's id (from /game status); refuse a record of another game")] = None,
) -> None:
    """Re-check an exported game: the seed matches its published hash, and replaying the
    log from it reproduces every die, every recorded event, who played, the final state and
    the outcome. Prints the seed hash and game id to compare with the channel's posts."""
    from service import GameService, Refusal

    try:
        imported = GameService.import_game(path.read_bytes())
    except Refusal as r:
        typer.echo(r.message, err=True)
        raise typer.Exit(2) from None
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
    typer.echo(f"verified: {imported.actions} actions, {len(imported.dice)} dice, "
               f"outcome {outcome}")
    if seed_hash is None:
        typer.echo("Compare the seed hash above with the one posted when the game began "
                   "(or pass --seed-hash).")
    typer.echo(HASH_BY_HAND.format(seed=imported.data.get("seed")))


@app.command()
def export(
    game_id: Annotated[int, typer.Argument(help="The game's id (from /game status)")],
    out: Annotated[Path | None, typer.Option(help="Write here instead of printing")] = None,
) -> None:
    """Export a finished or abandoned game from the database (KERYX_DATABASE) as JSON,
    the same record `/game export` posts; `keryx verify FILE` re-checks it."""
    import asyncio

    from keryx.settings import Settings
    from service import GameService, Refusal

    database = Settings().database
    if not database.exists():
        typer.echo(f"No database at {database} (set KERYX_DATABASE).", err=True)
        raise typer.Exit(2)

    async def fetch() -> str:
        svc = await GameService.open_sqlite(database)
        try:
            return await svc.export_game(game_id)
        finally:
            await svc.close()

    try:
        text = asyncio.run(fetch())
    except Refusal as r:
        typer.echo(r.message, err=True)
        raise typer.Exit(1) from None
    if out is None:
        typer.echo(text)
    else:
        out.write_text(text)
        typer.echo(f"game {game_id} written to {out}; check it with `keryx verify {out}`")


def _register_optional_commands() -> None:
    """Commands whose layers live in their own modules register themselves here."""
    for module in ("renders.cli", "bot.cli"):
        try:
            mod = __import__(module, fromlist=["register"])
        except ImportError:
            continue
        mod.register(app)


_register_optional_commands()

if __name__ == "__main__":  # pragma: no cover
    app()
