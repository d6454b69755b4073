"""`keryx duel`: two automated player levels play each other; win rates with a 95 %
interval, overall and by the side player A held (engine/players/duel.py)."""

from __future__ import annotations

import json
import os
from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    app.command()(duel)


def duel(
    ruleset: Annotated[str, typer.Argument(help="Ruleset id, e.g. athens-sparta")],
    a: Annotated[str, typer.Option("--a", help="Player A's level")] = "heuristic",
    b: Annotated[str, typer.Option("--b", help="Player B's level")] = "random",
    games: Annotated[int, typer.Option(help="How many games (A changes seat every game)")] = 20,
    seed: Annotated[str, typer.Option(help="Base seed; game i uses '<seed>:<i>'")] = "duel",
    scenario: Annotated[str | None, typer.Option(help="Scenario id")] = None,
    jobs: Annotated[int, typer.Option(help="Worker processes")] = os.cpu_count() or 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object")] = False,
) -> None:
    """Play two player levels against each other and report A's win rate."""
    from engine.players import levels
    from engine.players.duel import duel as play
    from engine.players.heuristic import heuristic_for
    from keryx import checks

    checks.known_ruleset(ruleset)
    checks.known_scenario(ruleset, scenario)
    checks.positive("--games", games)
    checks.positive("--jobs", jobs)
    for flag, level in (("--a", a), ("--b", b)):
        if level not in levels():
            typer.echo(f"{flag}: no player level {level!r}; choose one of "
                       f"{', '.join(levels())}", err=True)
            raise typer.Exit(2)
        if level == "heuristic":
            try:
                heuristic_for(ruleset)
            except ValueError as exc:
                typer.echo(f"{flag}: {exc}", err=True)
                raise typer.Exit(2) from None
    report = play(ruleset, a, b, games, seed=seed, jobs=jobs, scenario=scenario)
    if as_json:
        typer.echo(json.dumps(report, indent=2))
        return
    typer.echo(f"{a} (A) against {b} (B), {report['games']} games of {ruleset}: "
               f"A wins {report['a_wins']}, B wins {report['b_wins']}, "
               f"{report['draws']} drawn")
    typer.echo(_rate_line("all seats", report))
    for side, r in report["by_side"].items():
        typer.echo(_rate_line(f"A as {side}", r))
    typer.echo(f"decision time p95: A {report['a_decision_ms_p95']} ms, "
               f"B {report['b_decision_ms_p95']} ms")


def _rate_line(label: str, r: dict) -> str:
    return (f"  {label}: A wins {100 * r['a_win_rate']:.1f} % "
            f"(95 % interval {100 * r['a_win_rate_low']:.1f}–{100 * r['a_win_rate_high']:.1f} %) "
            f"of {r['games']}")
