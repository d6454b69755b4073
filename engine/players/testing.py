"""The no-cheating proof for players, the counterpart of engine.testing.assert_view_hides:
a player handed two games that differ only in facts hidden from its seat must answer the
same. The ruleset's `hidden_variants` supplies such games."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from ..core.game import Game
from ..core.rng import Rng
from ..core.types import Prompt
from ..testing import first_difference
from .base import Player, player
from .lookahead import decide

Seen = list[tuple[Prompt, str, dict[str, Any]]]


def advance(game: Game, actions: int, seed: str = "walk") -> None:
    """Play up to `actions` random offered options (fewer if the game ends)."""
    rng = Rng(seed)
    for _ in range(actions):
        if game.outcome is not None:
            return
        p = rng.choice(game.prompts())
        game.act(p.seat, rng.choice(p.options).id)


def play_out(game: Game, players: Mapping[str, Player], watched: Collection[str],
             limit: int) -> Seen:
    """Play `game` on with a player per seat (each answer refused unless offered) until it
    ends or `limit` actions pass; the (prompt, answer, view) of each `watched` seat's
    decision."""
    seen: Seen = []
    for _ in range(limit):
        if game.outcome is not None:
            break
        p = game.prompts()[0]
        answer = decide(game, p.seat, players[p.seat])
        if p.seat in watched:
            seen.append((p, answer, game.view(p.seat)))
        game.act(p.seat, answer)
    return seen


def variant_game(game: Game, state: object) -> Game:
    """A copy of `game` (log, dice counter, version) holding `state` instead."""
    copy = Game.from_dict(game.to_dict(), game.rules)
    copy.state = game.rules.load(game.rules.dump(state))
    copy._prompts = None  # noqa: SLF001 - the prompts are the new state's
    return copy


def assert_player_blind(game: Game, seat: str, level: str, seed: str | int = 0,
                        **options: object) -> int:
    """Prove that `level`'s answer for `seat` does not change when only facts hidden from
    the seat change. Returns how many differing variants were checked (0: none differed,
    nothing proven at this position). `options` are the level's settings (a fixed
    number of samples for the search level: a time budget would not replay)."""
    rules = game.rules
    answer = decide(game, seat, player(level, seed, **options))
    base_dump = rules.dump(game.state)
    checked = 0
    for state in rules.hidden_variants(game.state, seat, Rng(f"blind:{seed}")):
        if rules.dump(state) == base_dump:
            continue
        other = variant_game(game, state)
        diff = first_difference(game.view(seat), other.view(seat))
        if diff is not None:  # the view itself leaks: the redaction tests' failure, not ours
            raise AssertionError(f"the hidden variant changes {seat}'s view: {diff}")
        again = decide(other, seat, player(level, seed, **options))
        if again != answer:
            raise AssertionError(
                f"the {level} player answers {answer!r} for {seat}, but {again!r} when only "
                f"facts hidden from {seat} differ")
        checked += 1
    return checked
