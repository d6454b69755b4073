"""Argument checks the commands share: a wrong name or count ends in one clear line on
stderr and exit status 2 (the usual status for a usage error), never a traceback."""

from __future__ import annotations

from typing import NoReturn

import typer

USAGE = 2


def fail(message: str, code: int = USAGE) -> NoReturn:
    typer.echo(message, err=True)
    raise typer.Exit(code)


def known_ruleset(ruleset: str) -> None:
    """Refuse a ruleset id the registry does not know (plugins are loaded first)."""
    import engine
    from shared.settings import Settings, load_plugins

    load_plugins(Settings())
    if ruleset not in engine.ruleset_ids():
        fail(f"Unknown ruleset {ruleset!r}; known: {', '.join(engine.ruleset_ids())}")


def known_scenario(ruleset: str, scenario: str | None) -> None:
    import engine

    scenarios = engine.ruleset(ruleset).scenarios
    if scenario is not None and scenario not in scenarios:
        fail(f"{ruleset} has no scenario {scenario!r}; known: {', '.join(scenarios)}")


def known_seat(ruleset: str, scenario: str | None, seat: str | None) -> None:
    import engine

    rules = engine.ruleset(ruleset)
    seats = rules.seats(scenario or rules.default_scenario)
    if seat is not None and seat not in seats:
        fail(f"{ruleset} has no seat {seat!r}; seats: {', '.join(seats)}")


def player_count(ruleset: str, scenario: str | None, players: int | None) -> str | None:
    """The scenario to play for `--players`: the one named if it allows that many people,
    else the ruleset's first that does (`play epic --players 4`: the four-player one)."""
    import engine

    if players is None:
        return scenario
    try:
        return engine.ruleset(ruleset).scenario_for(players, scenario)
    except engine.IllegalAction as exc:
        fail(str(exc))


def game_options(ruleset: str, tokens: list[str]) -> dict:
    """`key=value` words read as `/game new` reads its options (shared/game_options.py)."""
    from shared.errors import UserError
    from shared.game_options import parse_options

    try:
        return parse_options(" ".join(tokens), ruleset)
    except UserError as exc:
        fail(str(exc))


def positive(name: str, value: int) -> None:
    if value < 1:
        fail(f"{name} must be 1 or more (got {value})")


def not_negative(name: str, value: int) -> None:
    if value < 0:
        fail(f"{name} must be 0 or more (got {value})")


def player_level(flag: str, ruleset: str, level: str) -> None:
    """Refuse an automated player level that does not exist or cannot play `ruleset`
    (every level but random builds on the ruleset's heuristic, engine/players)."""
    from engine.players import cannot_play

    reason = cannot_play(level, ruleset)
    if reason is not None:
        fail(f"{flag}: {reason}")


def positive_seconds(name: str, value: float) -> None:
    if not value > 0:
        fail(f"{name} must be more than 0 seconds (got {value})")


def database(path: object) -> None:
    """Refuse a file that is not a Keryx database (nor a place for a new one) before it
    is opened: opening migrates (service/store/guard.py)."""
    from service.store.guard import NotKeryxDatabase, check_sqlite

    try:
        check_sqlite(str(path))
    except NotKeryxDatabase as exc:
        fail(str(exc))
