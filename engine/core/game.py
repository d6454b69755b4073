"""A game in progress: a ruleset, its state, the seeded dice and the action log.

The log is the source of truth: replaying it from the same seed rebuilds the state byte
for byte. The state is kept alongside only so that loading a game is instant.
"""

from __future__ import annotations

from typing import Any

import orjson

from .decisions import parse
from .rng import Rng, new_seed, seed_hash
from .ruleset import Context, Ruleset
from .types import Event, IllegalAction, Outcome, Prompt
from .version import ENGINE_VERSION
from .view import GAME_END, CommonView

# Format 2 keeps every dict in the order the rules built it. Format 1 sorted the keys,
# but rules iterate dicts in their stored order, so a format-1 snapshot could lead a
# reloaded game away from its own log: such games are rebuilt from their log on load.
FORMAT = "keryx-game/2"
REPLAYED_FORMATS = frozenset({"keryx-game/1"})
RESIGN = "!resign"
PLAYERS = "players"  # option: the player count, when a scenario allows several


def recorded_options(rules: Ruleset, options: dict[str, Any]) -> dict[str, Any]:
    """The options a recorded game is rebuilt with: an option added to the rules since
    the game was made (absent from its record) takes the value the rules played by
    before it existed (`GameOption.before`), so an older log replays to the same game."""
    older = {k: o.before for k, o in rules.options.items()
             if o.before is not None and k not in options}
    return {**options, **older}


class Game:
    __slots__ = ("rules", "scenario", "options", "seed", "seed_hash", "position", "state",
                 "rng", "log", "barrier", "version", "engine_version", "rules_version",
                 "generation", "_prompts", "_outcome", "prompt_versions", "_prompt_sigs")

    def __init__(self, rules: Ruleset, scenario: str, options: dict[str, Any],
                 seed: str | int, position: dict[str, Any] | None, generation: int = 0):
        self.rules = rules
        self.scenario = scenario
        self.options = options
        self.seed = seed
        self.seed_hash = seed_hash(seed)
        self.position = position
        self.rng = Rng(seed)
        self.log: list[tuple[str, str]] = []
        self.barrier = 0  # log entries before this index can never be undone
        self.version = 0  # bumps on every act and undo: a click carries it to detect staleness
        self.engine_version = ENGINE_VERSION
        self.rules_version = rules.version
        # the generation of questions this game asks, fixed at creation (Ruleset.generation)
        self.generation = generation
        self.state: Any = None
        self._prompts: list[Prompt] | None = None
        self._outcome: Outcome | None = None
        # The game version at which each seat's prompt last changed: a click drawn at an
        # older version is still good if that seat's own prompt has not changed since
        # (both players committing a card face-down must not make each other's clicks stale).
        self.prompt_versions: dict[str, int] = {}
        self._prompt_sigs: dict[str, Prompt] | None = None

    # ------------------------------------------------------------------ creation
    @classmethod
    def create(cls, rules: Ruleset, scenario: str | None = None, seed: str | int | None = None,
               options: dict[str, Any] | None = None,
               position: dict[str, Any] | None = None,
               generation: int | None = None) -> Game:
        """A new game (`generation` None: the questions the rules ask today), or the start
        of a recorded one rebuilt from its log (`generation`: the one it recorded, 0 if it
        recorded none, see `generation_of`)."""
        scenario = scenario or rules.default_scenario
        if generation is None:
            generation = rules.generation
        elif not 0 <= generation <= rules.generation:
            raise IllegalAction(f"{rules.title} asks no questions of generation {generation}")
        if scenario not in rules.scenarios:
            raise IllegalAction(f"{rules.title} has no scenario {scenario!r}; "
                                f"choose one of {', '.join(rules.scenarios)}")
        opts = {k: o.default for k, o in rules.options.items()}
        for k, v in (options or {}).items():
            if k == PLAYERS:  # the kernel's own option: how many people play
                rules.scenarios[scenario].holdings(v)  # IllegalAction if not allowed
                opts[k] = v
                continue
            spec = rules.options.get(k)
            if spec is None:
                raise IllegalAction(f"{rules.title} has no option {k!r}")
            if spec.choices is not None and v not in spec.choices:
                raise IllegalAction(f"option {k!r} must be one of {spec.choices}")
            opts[k] = v
        # The record keeps its own copy of a position and the rules get another: neither
        # the caller's dicts nor the recorded position (replayed on undo and verify) may
        # become live state that play changes.
        kept = None if position is None else _json_copy(position)
        g = cls(rules, scenario, opts, new_seed() if seed is None else seed, kept, generation)
        ctx = Context(g.rng, generation=generation)
        if position is None:
            g.state = rules.setup(ctx, scenario, opts)
        else:
            g.state = rules.setup_position(ctx, _json_copy(position), opts)
        g._outcome = rules.outcome(g.state)
        g._track_prompts(all_changed=True)
        return g

    # ------------------------------------------------------------------ play
    @property
    def seats(self) -> tuple[str, ...]:
        return self.rules.seats(self.scenario)

    @property
    def holdings(self) -> tuple[tuple[str, ...], ...]:
        """The groups of seats one person holds at this game's player count."""
        return self.rules.scenarios[self.scenario].holdings(self.options.get(PLAYERS))

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def prompts(self) -> list[Prompt]:
        if self._outcome is not None:
            return []
        if self._prompts is None:
            self._prompts = self.rules.prompts(self.state)
        return self._prompts

    def prompt_for(self, seat: str) -> Prompt | None:
        for p in self.prompts():
            if p.seat == seat:
                return p
        return None

    def act(self, seat: str, option_id: str) -> list[Event]:
        if self._outcome is not None:
            raise IllegalAction("The game is over.")
        if seat not in self.seats:
            raise IllegalAction(f"There is no seat {seat!r} in this game.")
        prompt = self.prompt_for(seat)
        if prompt is None:
            raise IllegalAction("It is not your turn to decide anything.")
        parse(prompt, option_id)  # IllegalAction, with the reason, if it does not fit
        return self._apply(seat, option_id, prompt)

    def resign(self, seat: str) -> list[Event]:
        if self._outcome is not None:
            raise IllegalAction("The game is over.")
        if seat not in self.seats:
            raise IllegalAction(f"There is no seat {seat!r} in this game.")
        return self._apply(seat, RESIGN)

    def _apply(self, seat: str, option_id: str, prompt: Prompt | None = None) -> list[Event]:
        ctx = Context(self.rng, prompt)
        counter = self.rng.counter
        try:
            if option_id == RESIGN:
                self.rules.resign(self.state, seat, ctx)
            else:
                self.rules.apply(self.state, seat, option_id, ctx)
        except IllegalAction:
            self.rng.counter = counter  # the ruleset refused before changing anything
            raise
        except Exception:
            # A bug half-way through an action: rebuild the untouched game from its log
            # so that the caller still holds a consistent game, then let the bug surface.
            self._restore(self._rebuilt(self.log))
            raise
        i = len(self.log)
        if i and self.log[-1][0] != seat:
            self.barrier = max(self.barrier, i)
        self.log.append((seat, option_id))
        if ctx.revealed or option_id == RESIGN:
            self.barrier = i + 1
        self.version += 1
        self._prompts = None
        self._outcome = self.rules.outcome(self.state)
        self._track_prompts(changed=seat)
        if self._outcome is not None:
            ctx.event(GAME_END, f"Game over: {self._outcome.reason}",
                      outcome=self._outcome.to_dict(), seed=str(self.seed),
                      seed_hash=self.seed_hash)
        return ctx.events

    def prompt_version(self, seat: str) -> int:
        """The version since which `seat` has been shown the same prompt (or none)."""
        return self.prompt_versions.get(seat, self.version)

    def _track_prompts(self, all_changed: bool = False, changed: str | None = None) -> None:
        """Record, per seat, the version at which its prompt last changed. The whole prompt
        (text, options and their labels) is compared, and the acting seat's own prompt
        always counts as changed by its action: a prompt that reads the same after the
        seat's move ("choose a victorious block to regroup") is a new decision, so a
        second click drawn from the old one must not apply again."""
        sigs = {p.seat: p for p in self.prompts()}
        old = self._prompt_sigs or {}
        for seat in self.seats:
            if all_changed or seat == changed or sigs.get(seat) != old.get(seat):
                self.prompt_versions[seat] = self.version
        self._prompt_sigs = sigs

    # ------------------------------------------------------------------ undo
    def can_undo(self, seat: str) -> bool:
        return (self._outcome is None and len(self.log) > self.barrier
                and self.log[-1][0] == seat)

    def undo(self, seat: str) -> None:
        if not self.can_undo(seat):
            raise IllegalAction("Nothing to undo: new information has come to light since "
                                "your last choice, or the last choice was not yours.")
        version = self.version
        self._restore(self._rebuilt(self.log[:-1]))
        self.version = version + 1
        self._track_prompts(all_changed=True)

    def _rebuilt(self, log: list[tuple[str, str]]) -> Game:
        g = Game.create(self.rules, self.scenario, self.seed, self.options, self.position,
                        self.generation)
        for seat, option_id in log:
            g._apply(seat, option_id)
        return g

    def _restore(self, other: Game) -> None:
        version = self.version
        for name in ("state", "rng", "log", "barrier", "_prompts", "_outcome"):
            setattr(self, name, getattr(other, name))
        self.version = version

    # ------------------------------------------------------------------ information
    def view(self, seat: str | None) -> dict[str, Any]:
        if seat is not None and seat not in self.seats:
            raise IllegalAction(f"There is no seat {seat!r} in this game.")
        v = self.rules.view(self.state, seat)
        prompts = self.prompts()
        scenario = self.rules.scenarios[self.scenario]
        common: CommonView = {
            "title": self.rules.title, "seats": list(self.seats),
            "teams": [list(t) for t in scenario.teams] or [[s] for s in self.seats],
            "to_act": sorted({p.seat for p in prompts}),
            **self.rules.common(v)}
        v["common"] = common
        v["game"] = {
            "ruleset": self.rules.id,
            "scenario": self.scenario,
            "options": self.options,
            "seats": list(self.seats),
            "viewer": seat,
            "version": self.version,
            "seed_hash": self.seed_hash,
            "seed": str(self.seed) if self._outcome is not None else None,
            "outcome": self._outcome.to_dict() if self._outcome else None,
            "waiting_for": common["to_act"],
            "holdings": [list(h) for h in self.holdings],
            "prompt": next((p.to_dict() for p in prompts if p.seat == seat), None),
            "can_undo": seat is not None and self.can_undo(seat),
        }
        return v

    def check_invariants(self) -> list[str]:
        return self.rules.check_invariants(self.state)

    # ------------------------------------------------------------------ persistence
    def to_dict(self) -> dict[str, Any]:
        return self._record(self.rules.dump(self.state))

    def to_json(self) -> str:
        record = self._record(self.rules.dump_for_json(self.state))
        # orjson: the snapshot is written with every action, and the standard library's
        # encoder was the largest single cost of a commit (docs/benchmarks.md). Keys keep
        # their order (no sorting): the rules read dicts in that order, so a reloaded
        # snapshot must hand it back exactly as live play left it.
        return orjson.dumps(record, option=orjson.OPT_NON_STR_KEYS).decode()

    def _record(self, state: Any) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "ruleset": self.rules.id,
            "engine_version": self.engine_version,
            "rules_version": self.rules_version,
            "generation": self.generation,
            "scenario": self.scenario,
            "options": self.options,
            "seed": str(self.seed) if isinstance(self.seed, str) else self.seed,
            "seed_hash": self.seed_hash,
            "position": self.position,
            "log": [list(e) for e in self.log],
            "barrier": self.barrier,
            "version": self.version,
            "rng": self.rng.counter,
            "prompt_versions": self.prompt_versions,
            "state": state,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], rules: Ruleset, replay: bool = False) -> Game:
        fmt = data.get("format")
        if fmt != FORMAT and fmt not in REPLAYED_FORMATS:
            raise ValueError(f"not a Keryx game (format {fmt!r})")
        stale = data.get("rules_version") != rules.version or fmt != FORMAT
        if replay or stale:
            # A newer engine rebuilds an older game from its log, so fixes apply cleanly.
            g = cls.create(rules, data["scenario"], data["seed"],
                           recorded_options(rules, data["options"]), data.get("position"),
                           generation_of(data))
            log = [(s, o) for s, o in data["log"]]
            for seat, option_id in log:
                g._apply(seat, option_id)
            g.version = data.get("version", len(log))
            g.engine_version = data.get("engine_version", ENGINE_VERSION)
            g._track_prompts(all_changed=True)  # replay counts versions differently
            return g
        g = cls(rules, data["scenario"], data["options"], data["seed"], data.get("position"),
                generation_of(data))
        g.engine_version = data.get("engine_version", ENGINE_VERSION)
        g.log = [(s, o) for s, o in data["log"]]
        g.barrier = data["barrier"]
        g.version = data["version"]
        g.rng.counter = data["rng"]
        g.state = rules.load(data["state"])
        g._outcome = rules.outcome(g.state)
        g._track_prompts(all_changed=True)
        g.prompt_versions.update(data.get("prompt_versions") or {})
        return g


def generation_of(record: dict[str, Any]) -> int:
    """The generation of questions a recorded game asks: a record from before generations
    existed asks those of generation 0."""
    return int(record.get("generation") or 0)


def _json_copy(value: dict[str, Any]) -> dict[str, Any]:
    copied: dict[str, Any] = orjson.loads(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS))
    return copied
