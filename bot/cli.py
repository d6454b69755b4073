"""Command-line entry points of the transports: `keryx play`, `keryx sandbox`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

import engine

# The games `keryx play` knows, named in its help (module level: typer reads the
# annotations, strings under `from __future__ import annotations`, in these globals).
GAMES = ", ".join(engine.ruleset_ids())


def register(app: typer.Typer) -> None:
    @app.command()
    def play(
        ruleset: Annotated[str, typer.Argument(help=f"The game: {GAMES}")],
        seat: Annotated[str | None, typer.Option(help="Your seat (default: the first)")]
        = None,
        hotseat: Annotated[bool, typer.Option(help="Two people at this keyboard")] = False,
        scenario: Annotated[str | None, typer.Option(help="Scenario id")] = None,
        players: Annotated[int | None, typer.Option(
            help="How many people play: picks the scenario for that many (epic: 3 or 4, "
                 "the three- and four-player Campaigns), or names who holds which seats "
                 "where a scenario allows several counts")] = None,
        position: Annotated[Path | None, typer.Option(
            help="Start from a position file (JSON)", exists=True)] = None,
        db: Annotated[Path | None, typer.Option(
            help="Keep the game in this SQLite file (resume by naming it again)")] = None,
        seed: Annotated[int, typer.Option(help="Seed of seats drawn at start")] = 0,
        opponent: Annotated[str | None, typer.Option(
            help="Keryx's level: random, heuristic, search or phormio (Pericles' own "
                 "opponent, playbook 15; the default there)")] = None,
        budget: Annotated[float, typer.Option(
            help="Seconds the search level may think per decision")] = 1.0,
        out: Annotated[Path, typer.Option(help="Folder for every image the bot would post "
                                          "(maps, battles, hands; named on screen)")]
        = Path("keryx-maps"),
        sides: Annotated[str | None, typer.Option(
            help="With --hotseat: choose sides at the start, 'bid' (sealed bids typed in "
                 "turn) or 'random' (a dice roll)")] = None,
    ) -> None:
        """Play in this terminal against Keryx (or hotseat), without Discord."""
        from bot.console import play_sync
        from service import Refusal
        from shared import checks

        checks.known_ruleset(ruleset)
        checks.known_scenario(ruleset, scenario)
        checks.known_seat(ruleset, scenario, seat)
        scenario = checks.player_count(ruleset, scenario, players)
        if opponent is None:  # Pericles has its own automated opponent (playbook 15)
            opponent = "phormio" if ruleset == "pericles" else "random"
        checks.player_level("--opponent", ruleset, opponent)
        checks.positive_seconds("--budget", budget)
        if sides is not None and (sides not in ("bid", "random") or not hotseat):
            checks.fail("--sides takes bid or random, and goes with --hotseat.")
        try:
            start = json.loads(position.read_text()) if position else None
        except (OSError, ValueError) as exc:
            checks.fail(f"Cannot read the position file {position}: {exc}")
        if db is not None:
            checks.database(db)
        try:
            play_sync(ruleset=ruleset, scenario=scenario, seat=seat, hotseat=hotseat,
                      database=db, seed=seed, position=start, out_dir=out,
                      opponent=opponent, budget_s=budget, sides=sides,
                      options={"players": players} if players else None)
        except Refusal as r:  # the game could not be set up or resumed (a bad position...)
            checks.fail(r.message)

    @app.command()
    def sandbox(
        out: Annotated[Path, typer.Option(help="Folder for the transcript and images")]
        = Path("sandbox-out"),
        seed: Annotated[int, typer.Option(help="Seed of the simulated players")] = 1,
        ruleset: Annotated[str, typer.Option(help="Ruleset id")] = "athens-sparta",
        scenario: Annotated[str | None, typer.Option(
            help="Scenario id (default: the ruleset's first)")] = None,
        restart_after: Annotated[int | None, typer.Option(
            help="Kill and restart the bot after this many choices")] = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object")] = False,
        opponent: Annotated[str | None, typer.Option(
            help="One simulated player against Keryx at this level (random, heuristic, "
                 "search)")] = None,
        budget: Annotated[float, typer.Option(
            help="With --opponent: seconds the search level may think")] = 0.3,
        bot_delay: Annotated[float, typer.Option(
            help="With --opponent: seconds before each of Keryx's answers")] = 0.1,
        players: Annotated[int | None, typer.Option(
            help="How many simulated people (default: the scenario's largest count); "
                 "without --scenario, the ruleset's first scenario for that many; with "
                 "--league: how many people join the league (default 3)")] = None,
        league: Annotated[bool, typer.Option(
            "--league", help="A round-robin league instead of one game: the people and "
                             "Keryx (--opponent, default random) play every pairing; the "
                             "table, ratings and digest are written to OUT")] = False,
    ) -> None:
        """A whole game through the real bot, a local stand-in for Discord and simulated
        players (or one against Keryx), or with --league a round-robin league; writes a
        readable transcript with every image to OUT."""
        from bot.sandbox import main_sync
        from shared import checks
        from shared.settings import Settings, load_plugins

        settings = Settings()
        load_plugins(settings)  # a plug-in ruleset must be known here and in the bot
        checks.known_ruleset(ruleset)  # before the bot starts: a wrong name fails at once
        checks.known_scenario(ruleset, scenario)
        if league:
            if restart_after is not None:
                checks.fail("--restart-after plays one game; leave it out with --league.")
            league_sandbox(out, seed, ruleset, scenario, players, opponent, as_json,
                           settings.plugins)
            return
        if restart_after is not None:
            checks.positive("--restart-after", restart_after)
        if players is not None:
            from bot.sandbox import scenario_for

            scenario = scenario_for(ruleset, scenario, players)
        if opponent is not None:
            checks.player_level("--opponent", ruleset, opponent)
            checks.positive_seconds("--budget", budget)
        report = main_sync(out=out, seed=seed, ruleset=ruleset, kill_after=restart_after,
                           plugins=settings.plugins, scenario=scenario, opponent=opponent, budget_s=budget,
                           bot_delay_s=max(0.0, bot_delay), players=players)
        if as_json:
            typer.echo(json.dumps(report))
        else:
            from bot.text import plain

            for key, value in report.items():
                typer.echo(f"{key:24} {plain(value)}")
            typer.echo(f"transcript: {out / 'channel.md'}")
        if not report["finished"] or report["leaks"]:
            raise typer.Exit(1)

    def league_sandbox(out: Path, seed: int, ruleset: str, scenario: str | None,
                       players: int | None, opponent: str | None, as_json: bool,
                       plugins: str) -> None:
        from bot.league_sandbox import main_sync, summary
        from shared import checks

        if players is not None and not 1 <= players <= 6:
            checks.fail("--players with --league: 1 to 6 people.")
        level = opponent or "random"
        checks.player_level("--opponent", ruleset, level)
        report = main_sync(out=out, seed=seed, ruleset=ruleset, scenario=scenario,
                           people=players or 3,
                           house_bot=level, plugins=plugins)
        typer.echo(json.dumps(report) if as_json else summary(report, out))
        if not report["finished"] or report["leaks"] or report["problems"]:
            raise typer.Exit(1)
