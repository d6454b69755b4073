"""The contract every ruleset implements (docs/architecture.md). The kernel (`Game`)
drives it."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

# the driver, which calls the contract (a module import: the two refer to each other)
from . import game
from .rng import Rng
from .types import Event, GameOption, IllegalAction, Outcome, Prompt, Scenario, SideBidding
from .view import RulesetCommon, empty_common

if TYPE_CHECKING:
    from .game import Game
    from .rule_summaries import RuleBook


def asks(state: Mapping[str, object], generation: int) -> bool:
    """Whether a game whose state is `state` asks the questions of `generation` or of a
    later one (see `Ruleset.generation`). Rulesets keep the game's generation in their
    state under "generation" when it is above 0, so a game of generation 0 keeps the
    shape it always had."""
    kept = state.get("generation", 0)
    return isinstance(kept, int) and kept >= generation


class Context:
    """What a ruleset may touch while applying an action: the seeded dice and the event
    sink. Any use of randomness, or an explicit `reveal()`, marks the action as one that
    brought new information to light, which undo may never cross. `prompt` is the
    prompt being answered when the driver already holds it (it checked the answer against
    it), so that a ruleset need not build it again; None when replaying a log.
    `generation` is the generation of questions the game was created with (set at setup
    only; see `Ruleset.generation`): the rules keep it in their state to ask by it."""

    __slots__ = ("rng", "events", "revealed", "prompt", "generation")

    def __init__(self, rng: Rng, prompt: Prompt | None = None, generation: int = 0):
        self.rng = rng
        self.events: list[Event] = []
        self.revealed = False
        self.prompt = prompt
        self.generation = generation

    def roll(self, n: int, sides: int = 6) -> list[int]:
        self.revealed = True
        return self.rng.dice(n, sides)

    def die(self, sides: int = 6) -> int:
        self.revealed = True
        return self.rng.die(sides)

    def shuffle(self, seq: list[Any]) -> None:
        self.revealed = True
        self.rng.shuffle(seq)

    def reveal(self) -> None:
        self.revealed = True

    def event(self, kind: str, text: str, seats: tuple[str, ...] | None = None,
              **data: Any) -> Event:
        ev = Event(kind, text, seats, data)
        self.events.append(ev)
        return ev


# Hellenes, the Epic and the tests' fixtures subclass it in Python (the compiled engine)
@mypyc_attr(allow_interpreted_subclasses=True)
class Ruleset(ABC):
    """One game's rules. State is whatever object the ruleset likes, as long as `dump`
    and `load` turn it into JSON-able data and back exactly."""

    id: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[str]  # bump when a rules change would alter replays
    # The generation of the questions a new game asks. A game records the generation it
    # was created with and keeps it for life (games recorded before generations existed
    # read as 0), so a ruleset may change a question for new games while an old log,
    # whose answers fit the old question, still replays: raise it with such a change and
    # keep asking the old question where the game's generation is lower.
    generation: ClassVar[int] = 0
    scenarios: ClassVar[dict[str, Scenario]]
    options: ClassVar[dict[str, GameOption]] = {}
    # Why a channel may not open the game yet (a ruleset playable in the engine and the
    # terminal before its maps and bot play are done); None: it may.
    not_in_channels: ClassVar[str | None] = None
    # Whether players may bid for sides (two seats only): what a bid is counted in and
    # the highest bid; None: the house offers no `sides: bid` lobby for this game.
    side_bidding: ClassVar[SideBidding | None] = None

    # --- creation ---------------------------------------------------------------
    @abstractmethod
    def setup(self, ctx: Context, scenario: str, options: dict[str, Any]) -> Any: ...

    def setup_position(self, ctx: Context, position: dict[str, Any],
                       options: dict[str, Any]) -> Any:
        raise IllegalAction(f"{self.title} cannot start from a position")

    def side_bid_options(self, side: str, amount: int) -> dict[str, Any]:
        """The options that make the player who won the bid for `side` pay `amount`
        (0 to `side_bidding.most`) at the start; merged into the game's options."""
        raise IllegalAction(f"{self.title} takes no bids for sides")

    # --- play ---------------------------------------------------------------------
    @abstractmethod
    def prompts(self, state: Any) -> list[Prompt]: ...

    @abstractmethod
    def apply(self, state: Any, seat: str, option_id: str, ctx: Context) -> None:
        """Carry out a choice the current prompts offered to `seat`. May raise
        IllegalAction only before changing anything."""

    @abstractmethod
    def outcome(self, state: Any) -> Outcome | None: ...

    def margin(self, state: Any, seat: str) -> tuple[float, ...] | None:
        """How well `seat` did in a finished game, finer than won, drawn or lost: a tuple
        compared in order, higher better, from that seat's side (duels pair games on it,
        engine/players/paired.py); None where the game keeps no such count."""
        return None

    def resign(self, state: Any, seat: str, ctx: Context) -> None:
        """Record a resignation in the state so that `outcome` reports it."""
        raise IllegalAction("this game does not support resigning")

    # --- information --------------------------------------------------------------
    @abstractmethod
    def view(self, state: Any, seat: str | None) -> dict[str, Any]:
        """Everything `seat` may know (None: the public). Redaction happens here only."""

    def common(self, view: dict[str, Any]) -> RulesetCommon:
        """The ruleset's share of the common view fields (engine/core/view.py), read from
        the already redacted `view` so that nothing hidden can leak through it."""
        return empty_common()

    def hidden_variants(self, state: Any, seat: str | None, rng: Rng) -> Iterator[Any]:
        """States that differ from `state` only in facts hidden from `seat`. Used by the
        redaction tests: `view(variant, seat)` must equal `view(state, seat)`."""
        return iter(())

    def determinize(self, state: Any, seat: str, rng: Rng) -> Any:
        """A state `seat` cannot tell from `state`, with every fact hidden from it drawn
        afresh from what its view allows, using only `rng`. The result must depend on
        `state` only through `view(state, seat)` (the search player's samples; its
        no-cheating test checks this). NotImplementedError: not offered."""
        raise NotImplementedError

    def check_invariants(self, state: Any) -> list[str]:
        return []

    # --- what a ruleset publishes besides play (each optional: None where it has none) --
    def rule_book(self) -> RuleBook | None:
        """Keryx's own summaries of the rulebook's sections and the rulings on them."""
        return None

    def explain_rule(self, ref: str) -> str | None:
        """The text `/rule` and `?N` show for a rule section; None: no summaries."""
        book = self.rule_book()
        return None if book is None else book.explain_rule(ref)

    def rule_title(self, ref: str) -> str | None:
        """A section's own name ("Operation moves"), where the summaries give one."""
        book = self.rule_book()
        return None if book is None else book.rule_title(ref)

    def components_json(self) -> dict[str, Any] | None:
        """The game's component data (map, units, cards) as JSON (`keryx data`)."""
        return None

    def battle_lines(self, record: dict[str, Any]) -> list[str] | None:
        """A finished battle's record (a `battle_end` event's `battle`) in words, a line
        each, for a terminal; None where the ruleset words none (its picture still shows)."""
        return None

    # --- persistence ------------------------------------------------------------------
    @abstractmethod
    def dump(self, state: Any) -> dict[str, Any]: ...

    @abstractmethod
    def load(self, data: dict[str, Any]) -> Any:
        """A state made from `data`, sharing nothing with it: `data` stays as it was
        whatever happens to the state (the players' lookahead loads one dump many times)."""

    def dump_for_json(self, state: Any) -> Any:
        """What `Game.to_json` serialises at once: a ruleset whose state is already plain
        JSON data may return it as is and save the copy `dump` makes (every commit pays it)."""
        return self.dump(state)

    # --- conveniences for callers -------------------------------------------------------
    def seats(self, scenario: str) -> tuple[str, ...]:
        return self.scenarios[scenario].seats

    @property
    def default_scenario(self) -> str:
        return next(iter(self.scenarios))

    def scenario_for(self, players: int | None, scenario: str | None = None) -> str:
        """The scenario `players` people play: the one named if it allows that many, else
        the first that does. IllegalAction names the scenarios and their counts."""
        names = [scenario] if scenario else list(self.scenarios)
        for name in names:
            if players is None or players in self.scenarios[name].counts:
                return name
        table = "; ".join(f"{name} ({' or '.join(map(str, sc.counts))})"
                          for name, sc in self.scenarios.items())
        where = f"'s scenario {scenario}" if scenario else ""
        raise IllegalAction(f"{self.title}{where} is not played by {players} people. People "
                            f"per scenario: {table}")

    def from_position(self, position: dict[str, Any], seed: str | int | None = None,
                      options: dict[str, Any] | None = None,
                      generation: int | None = None) -> Game:
        return game.Game.create(self, scenario=position.get("scenario", self.default_scenario),
                                seed=seed, options=options, position=position,
                                generation=generation)
