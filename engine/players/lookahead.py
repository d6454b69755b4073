"""Seating a player at a game: the seat's view, its prompt and a safe lookahead.

The lookahead applies an option to a private copy of the game and shows the seat only
its own view of the result. It refuses (returns None) whenever the action would bring
anything new to light: the ruleset marks such actions (a die, a shuffle, `ctx.reveal()`)
for undo's sake, and the same mark tells us the result depends on facts the seat does
not know. The copy rolls with a throwaway seed, so nothing of the game's dice leaks even
into a refused preview.
"""

from __future__ import annotations

from typing import Any

from ..core import decisions
from ..core.game import Game
from ..core.rng import Rng
from ..core.ruleset import Context, Ruleset
from ..core.types import IllegalAction, Prompt
from .base import Lookahead, Player, Preview, World, Worlds


def lookahead_for(game: Game, seat: str) -> Lookahead:
    return _lookahead(game.rules, game.state, seat)


def _lookahead(rules: Ruleset, origin: Any, seat: str) -> Lookahead:
    saved: list[dict[str, Any]] = []  # the origin dumped once, at the first preview

    def preview(option_id: str) -> Preview | None:
        if not saved:
            saved.append(rules.dump(origin))
        state = rules.load(saved[0])  # `load` makes a state of its own: `saved` stays as is
        ctx = Context(Rng("lookahead"))
        try:
            rules.apply(state, seat, option_id, ctx)
        except IllegalAction:
            return None
        if ctx.revealed:
            return None
        prompt = next((p for p in rules.prompts(state) if p.seat == seat), None)
        return Preview(rules.view(state, seat), prompt, _lookahead(rules, state, seat))

    return preview


def worlds_for(game: Game, seat: str) -> Worlds | None:
    """Samples of the game as `seat` may imagine it (Ruleset.determinize): the true
    state goes in, and only a state drawn from what the seat's view allows comes out."""
    rules, origin = game.rules, game.rules.load(game.rules.dump(game.state))
    try:
        rules.determinize(origin, seat, Rng("probe"))
    except NotImplementedError:
        return None

    def sample(rng: Rng) -> World:
        return World(rules, rules.determinize(origin, seat, rng))

    return sample


def decide(game: Game, seat: str, player: Player, lookahead: bool = True) -> str:
    """Ask `player` for `seat`'s answer to its open prompt in `game`."""
    prompt: Prompt | None = game.prompt_for(seat)
    if prompt is None:
        raise IllegalAction(f"{seat} has nothing to decide now")
    look = lookahead_for(game, seat) if lookahead else None
    if player.uses_worlds:
        answer = player.choose(game.view(seat), prompt, look,
                               worlds=worlds_for(game, seat))  # type: ignore[call-arg]
    else:
        answer = player.choose(game.view(seat), prompt, look)
    try:
        decisions.parse(prompt, answer)
    except IllegalAction:
        raise IllegalAction(f"the {player.level} player answered {answer!r}, "
                            f"which {seat}'s prompt does not offer") from None
    return answer
