"""Test helpers that every ruleset's tests reuse."""

from __future__ import annotations

from typing import Any

import orjson

from .core.decisions import random_answer
from .core.game import Game
from .core.rng import Rng
from .core.ruleset import Ruleset


class FixedRng(Rng):
    """Dice from a fixed list (rules tests only); shuffles stay seeded."""

    __slots__ = ("values",)

    def __init__(self, values: list[int]):
        super().__init__("fixed")
        self.values = list(values)

    def dice(self, n: int, sides: int = 6) -> list[int]:
        out, self.values = self.values[:n], self.values[n:]
        assert len(out) == n, "the test ran out of fixed dice"
        return out

    def die(self, sides: int = 6) -> int:
        return self.dice(1, sides)[0]


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """Where two JSON-like values first differ, as a readable path (None if equal)."""
    if type(a) is not type(b):
        return f"{path or '.'}: {a!r} != {b!r}"
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                return f"{path}.{k}: present on one side only"
            d = first_difference(a[k], b[k], f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(a, list | tuple):
        if len(a) != len(b):
            return f"{path}: length {len(a)} != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, f"{path}[{i}]")
            if d:
                return d
        return None
    return None if a == b else f"{path or '.'}: {a!r} != {b!r}"


def assert_view_hides(game: Game, seat: str | None, seed: str | int = 0,
                      require_variant: bool = True) -> int:
    """Prove that what `seat` sees (None: the public) does not change when only facts
    hidden from it change. The ruleset supplies the variants (`hidden_variants`); a
    variant identical to the real state proves nothing and is not counted.
    Returns how many differing variants were checked."""
    rules = game.rules
    base = rules.view(game.state, seat)
    base_dump = rules.dump(game.state)
    checked = 0
    for variant in rules.hidden_variants(game.state, seat, Rng(f"redaction:{seed}")):
        if rules.dump(variant) == base_dump:
            continue
        checked += 1
        diff = first_difference(base, rules.view(variant, seat))
        if diff is not None:
            raise AssertionError(
                f"the view of {seat or 'the public'} changes when only hidden facts change: "
                f"{diff}")
    if require_variant and not checked:
        raise AssertionError("no hidden variant differs from the real state; nothing proven")
    return checked


def shared_containers(value: Any) -> list[str]:
    """Paths of dicts and lists reachable twice in a JSON-like value. Live play may share
    one dict between two places of the state, but its snapshot holds two copies, so a
    change made through one place after a reload no longer shows at the other."""
    seen: dict[int, str] = {}
    found: list[str] = []

    def walk(v: Any, path: str) -> None:
        if not isinstance(v, dict | list):
            return
        if id(v) in seen:
            found.append(f"{path} is {seen[id(v)]}")
            return
        seen[id(v)] = path
        items = v.items() if isinstance(v, dict) else enumerate(v)
        for k, x in items:
            walk(x, f"{path}.{k}" if isinstance(v, dict) else f"{path}[{k}]")

    walk(value, "")
    return found


def comparable(game: Game) -> dict[str, Any]:
    """A game's record without its prompt versions, which a replay numbers afresh."""
    record = orjson.loads(game.to_json())
    record.pop("prompt_versions", None)
    return dict(record)


def play_with_restarts(rules: Ruleset, scenario: str | None, seed: str,
                       options: dict[str, Any] | None = None, *, restart_chance: float = 0.1,
                       max_actions: int = 5_000) -> tuple[int, list[str]]:
    """Play random legal choices, reloading the game from its JSON snapshot at random
    points (each action with `restart_chance`; 1.0 after every action), as a service
    restart or a cache miss does. A reloaded game must equal the game it was saved from,
    no dict or list may sit at two places of the state (a snapshot would part them), and
    at the end the game must equal the replay of its own log.
    Returns (actions played, problems found: empty when the snapshots are exact)."""
    player = Rng(f"restarts:{seed}")
    game = Game.create(rules, scenario=scenario, seed=seed, options=options)
    problems: list[str] = []
    actions = 0
    while game.outcome is None and actions < max_actions and not problems:
        prompt = player.choice(game.prompts())
        game.act(prompt.seat, random_answer(prompt, player))
        actions += 1
        shared = shared_containers(game.rules.dump_for_json(game.state))
        if shared:
            problems.append(f"action {actions}: one container at two places: {shared[:3]}")
        if player.randbelow(1_000_000) < restart_chance * 1_000_000:
            text = game.to_json()
            reloaded = Game.from_dict(orjson.loads(text), rules)
            if reloaded.to_json() != text:
                where = first_difference(orjson.loads(text), orjson.loads(reloaded.to_json()))
                problems.append(f"action {actions}: the reloaded game differs: {where}")
            game = reloaded
    if not problems:
        replayed = Game.from_dict(orjson.loads(game.to_json()), rules, replay=True)
        where = first_difference(comparable(game), comparable(replayed))
        if where is not None:
            problems.append(f"after {actions} actions the replay of the log differs: {where}")
    return actions, problems


def sentences_in(value: Any, path: str = "", min_words: int = 4) -> list[str]:
    """Paths of strings in a state that read as wording (several words): a state holds
    facts, and the words for them are built when shown."""
    found: list[str] = []
    if isinstance(value, str):
        if len(value.split()) >= min_words:
            found.append(f"{path or '.'}: {value[:60]!r}")
    elif isinstance(value, dict):
        for k, v in value.items():
            found += sentences_in(v, f"{path}.{k}", min_words)
    elif isinstance(value, list | tuple):
        for i, v in enumerate(value):
            found += sentences_in(v, f"{path}[{i}]", min_words)
    return found


def check_contract(rules: Ruleset, scenario: str | None, seed: str,
                   options: dict[str, Any] | None = None, *, actions: int = 300,
                   redaction_every: int = 25, wording: bool = True) -> list[str]:
    """The kernel's contract for one game of random legal play (every ruleset runs it,
    its test fixtures too): each step, every seat's view and the public one are built
    and are plain JSON; every rule a prompt or option cites resolves in the ruleset's
    summaries (where it has them); every `redaction_every` actions, what each seat sees
    is proven not to change with facts hidden from it, and a world the search would
    sample for a seat (`determinize`) shows that seat the very same view; no wording is
    kept in the state (`wording`); dump and load change nothing; the game never stalls
    without an outcome. Returns the problems found (empty: the contract holds)."""
    player = Rng(f"contract:{seed}")
    game = Game.create(rules, scenario=scenario, seed=seed, options=options)
    book = rules.rule_book()
    problems: list[str] = []
    for step in range(actions):
        if game.outcome is not None or problems:
            break
        prompts = game.prompts()
        if not prompts:
            problems.append(f"action {step}: no prompt, yet no outcome: the game is stuck")
            break
        for seat in (None, *game.seats):
            try:
                orjson.dumps(game.view(seat))
            except Exception as exc:  # noqa: BLE001 - any failure is a finding
                problems.append(f"action {step}: the view of {seat or 'the public'}: {exc}")
        if book is not None:
            for p in prompts:
                for ref in {p.rule, *(o.rule for o in p.options)} - {None}:
                    if book.lookup(str(ref)) is None:
                        problems.append(f"action {step}: rule {ref} cited by {p.kind!r} has "
                                        "no summary")
        if step % redaction_every == 0:
            problems += _redaction(game, seed, step)
        prompt = player.choice(prompts)
        game.act(prompt.seat, random_answer(prompt, player))
    if wording:
        problems += [f"wording in the state: {w}"
                     for w in sentences_in(rules.dump(game.state))[:5]]
    text = game.to_json()
    if Game.from_dict(orjson.loads(text), rules).to_json() != text:
        problems.append("a dump and load of the game changes it")
    return problems


def _redaction(game: Game, seed: str, step: int) -> list[str]:
    problems: list[str] = []
    for seat in (None, *game.seats):
        try:
            assert_view_hides(game, seat, seed=f"{seed}:{step}", require_variant=False)
        except AssertionError as exc:
            problems.append(f"action {step}: {exc}")
        if seat is None:
            continue
        try:
            world = game.rules.determinize(game.state, seat, Rng(f"world:{seed}:{step}"))
        except NotImplementedError:
            continue
        diff = first_difference(game.rules.view(game.state, seat),
                                game.rules.view(world, seat))
        if diff is not None:
            problems.append(f"action {step}: a world determinized for {seat} shows it "
                            f"another view: {diff}")
    return problems
