"""`keryx render RULESET --seed S --steps N --out DIR`: play N random steps of a new game
and write every picture the bot would post on the way."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer


def play_random_steps(ruleset: str, seed: str, steps: int) -> tuple[Any, list[dict[str, Any]]]:
    """A new game with random legal choices (the self-play player, seeded), returning
    the game and the battle records of every battle fought."""
    import engine
    from engine.core.decisions import random_answer
    from engine.core.rng import Rng

    game = engine.new_game(ruleset, seed=seed)
    player = Rng(f"player:{seed}")
    battles: list[dict[str, Any]] = []
    for _ in range(steps):
        if game.outcome is not None:
            break
        prompts = game.prompts()
        if not prompts:
            break
        p = player.choice(prompts)
        for ev in game.act(p.seat, random_answer(p, player)):
            if ev.kind == "battle_end" and ev.public and ev.data.get("battle"):
                battles.append(ev.data["battle"])
    return game, battles


def register(app: typer.Typer) -> None:
    @app.command()
    def render(
        ruleset: Annotated[str, typer.Argument(help="Ruleset id, e.g. athens-sparta")],
        seed: Annotated[str, typer.Option(help="Game seed")] = "0",
        steps: Annotated[int, typer.Option(help="Random steps to play first")] = 0,
        out: Annotated[Path, typer.Option(help="Folder for the PNG files")] = Path("render-out"),
        prefix: Annotated[str, typer.Option(help="Put before every file name "
                                            "(the README's images use 'athens-sparta-')")] = "",
        battles: Annotated[int | None, typer.Option(
            help="Only the last N battles' images (default: every battle)")] = None,
    ) -> None:
        """Write public.png, seat-<seat>.png, hand-<seat>.png and combat-<n>.png."""
        import renders
        from shared import checks

        checks.known_ruleset(ruleset)
        checks.not_negative("--steps", steps)
        if battles is not None:
            checks.not_negative("--battles", battles)
        try:
            renders.registry.renderer(ruleset)
        except renders.NoRenderer as exc:
            checks.fail(str(exc))
        game, battles_seen = play_random_steps(ruleset, seed, steps)
        out.mkdir(parents=True, exist_ok=True)
        written = []

        def write(name: str, data: bytes) -> None:
            name = prefix + name
            (out / name).write_bytes(data)
            written.append(f"{name} ({len(data) // 1024} KB)")

        public = game.view(None)
        write("public.png", renders.render_map(public))
        for seat in game.seats:
            view = game.view(seat)
            write(f"seat-{seat}.png", renders.render_map(view))
            write(f"hand-{seat}.png", renders.render_hand(view))
        kept = battles_seen[max(0, len(battles_seen) - battles):] if battles else \
            [] if battles == 0 else battles_seen
        for i, battle in enumerate(kept, 1):
            write(f"combat-{i}.png", renders.render_combat(battle, public))
        if public.get("battle"):
            write("combat-current.png", renders.render_combat(public["battle"], public))
        typer.echo(f"{out}: " + ", ".join(written))
