"""`keryx duel`: two automated player levels play each other; win rates with a 95 %
interval, overall and by the side player A held (engine/players/duel.py)."""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from engine.players.duel import DuelGame


def register(app: typer.Typer) -> None:
    app.command()(duel)


def duel(
    ruleset: Annotated[str, typer.Argument(help="Ruleset id, e.g. athens-sparta")],
    a: Annotated[str, typer.Option("--a", help="Player A's level, or a gauntlet player "
                                   "(aggressive, passive, raider, bait-taker, "
                                   "turtle-striker)")] = "heuristic",
    b: Annotated[str, typer.Option("--b", help="Player B's level or gauntlet player")]
    = "random",
    games: Annotated[int, typer.Option(help="How many games (A changes seat every game)")] = 20,
    seed: Annotated[str, typer.Option(help="Base seed; game i uses '<seed>:<i>'")] = "duel",
    scenario: Annotated[str | None, typer.Option(help="Scenario id")] = None,
    jobs: Annotated[int, typer.Option(help="Worker processes")] = os.cpu_count() or 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object")] = False,
    samples: Annotated[int | None, typer.Option(
        help="Worlds the search level samples per decision (an iteration budget: the same "
             "strength however busy the machine; default: its time budget)")] = None,
    budget: Annotated[float | None, typer.Option(
        help="The search level's thinking time per decision in seconds")] = None,
    seat: Annotated[str | None, typer.Option(
        help="A holds this seat in every game (default: A changes seat every game)")] = None,
    log: Annotated[str | None, typer.Option(
        help="Append each finished game to this file as a JSON line (a long duel's "
             "games survive an interruption)")] = None,
    game_options: Annotated[str | None, typer.Option(
        help="The games' options, as /game new takes them: 'brasidas=on handicap=on'")]
    = None,
    mirror: Annotated[bool, typer.Option(
        "--mirror", help="Also play every seed with B in A's seat (B against itself), "
        "and compare A with B seed by seed: the seeds each won where the other lost, "
        "with the sign test's p")] = False,
) -> None:
    """Play two player levels against each other and report A's win rate."""
    from engine.players.duel import duel, mirrored_duel
    from shared import checks

    checks.known_ruleset(ruleset)
    checks.known_scenario(ruleset, scenario)
    checks.known_seat(ruleset, scenario, seat)
    checks.positive("--games", games)
    checks.positive("--jobs", jobs)
    from engine.players.duel import cannot_duel

    for flag, level in (("--a", a), ("--b", b)):
        reason = cannot_duel(level, ruleset)
        if reason is not None:
            checks.fail(f"{flag}: {reason}")
    if samples is not None:
        checks.positive("--samples", samples)
    if budget is not None:
        checks.positive_seconds("--budget", budget)
    options: dict[str, object] = {}
    if samples is not None:
        options["samples"] = samples
    if budget is not None:
        options["budget_s"] = budget
    if game_options:
        options["game_options"] = checks.game_options(ruleset, game_options.split())
    play = mirrored_duel if mirror else duel
    report = play(ruleset, a, b, games, seed=seed, jobs=jobs, scenario=scenario,
                  progress=_game_logger(log) if log else None, seat=seat, **options)
    report["options"] = options
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
    if mirror:
        typer.echo(_mirror_lines(a, b, report))


def _mirror_lines(a: str, b: str, report: dict) -> str:
    m, p = report["mirror"], report["paired"]
    lines = [f"{b} in A's seats on the same seeds: wins {m['a_wins']} of {m['games']}",
             _rate_line("the mirror, all seats", m),
             f"  seed by seed: {a} won {p['won_alone']} that {b} lost, {b} won "
             f"{p['mirror_won_alone']} that {a} lost (sign test p = {p['sign_p']})"]
    if "margin" in p:
        g = p["margin"]
        lines.append(f"  by margin: {a} better on {g['better']}, worse on {g['worse']}, "
                     f"level on {g['tied']} (sign test p = {g['sign_p']}, "
                     f"Wilcoxon p = {g['wilcoxon_p']})")
    return "\n".join(lines)


def _game_logger(path: str) -> Callable[[DuelGame], None]:
    def write(run: DuelGame) -> None:
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps(dataclasses.asdict(run)) + "\n")

    return write


def _rate_line(label: str, r: dict) -> str:
    return (f"  {label}: A wins {100 * r['a_win_rate']:.1f} % "
            f"(95 % interval {100 * r['a_win_rate_low']:.1f}–{100 * r['a_win_rate_high']:.1f} %) "
            f"of {r['games']}")
