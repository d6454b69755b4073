"""Test helpers that every ruleset's tests reuse."""

from __future__ import annotations

import re
import sys
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import orjson

from .core.decisions import random_answer
from .core.game import Game
from .core.rng import Rng
from .core.rule_summaries import RuleBook
from .core.ruleset import Ruleset
from .selfplay import play_random


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


def _shared_in(game: Game, when: str) -> str | None:
    """The problem to report when a dict or list sits at two places of the saved state."""
    shared = shared_containers(game.rules.dump_for_json(game.state))
    return f"{when}: one container at two places: {shared[:3]}" if shared else None


def play_with_restarts(rules: Ruleset, scenario: str | None, seed: str,
                       options: dict[str, Any] | None = None, *, restart_chance: float = 0.1,
                       max_actions: int = 5_000) -> tuple[int, list[str]]:
    """Play random legal choices, reloading the game from its JSON snapshot at random
    points (each action with `restart_chance`; 1.0 after every action), as a service
    restart or a cache miss does. A reloaded game must equal the game it was saved from,
    no dict or list may sit at two places of the state where it is saved or at the end
    (a snapshot would part them), and at the end the game must equal the replay of its
    own log.
    Returns (actions played, problems found: empty when the snapshots are exact)."""
    player = Rng(f"restarts:{seed}")
    game = Game.create(rules, scenario=scenario, seed=seed, options=options)
    problems: list[str] = []
    actions = 0
    while game.outcome is None and actions < max_actions and not problems:
        prompt = player.choice(game.prompts())
        game.act(prompt.seat, random_answer(prompt, player))
        actions += 1
        if player.randbelow(1_000_000) < restart_chance * 1_000_000:
            # where a snapshot is taken: a container at two places would part in it
            if shared := _shared_in(game, f"action {actions}"):
                problems.append(shared)
                break
            text = game.to_json()
            reloaded = Game.from_dict(orjson.loads(text), rules)
            if reloaded.to_json() != text:
                where = first_difference(orjson.loads(text), orjson.loads(reloaded.to_json()))
                problems.append(f"action {actions}: the reloaded game differs: {where}")
            game = reloaded
    if not problems and (shared := _shared_in(game, f"after {actions} actions")):
        problems.append(shared)
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
    without an outcome. The worlds drawn for a seat depend on its view alone
    (`determinize_problems`). `prompts_beside_a_thread` and `play_to_the_end` are the
    contract's other two checks, run apart (each plays its own games).
    Returns the problems found (empty: the contract holds)."""
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
        if seat is not None:
            problems += [f"action {step}: {p}" for p in
                         determinize_problems(game.rules, game.state, seat, f"{seed}:{step}")]
    return problems


def determinize_problems(rules: Ruleset, state: Any, seat: str, seed: str,
                         variants: int = 2) -> list[str]:
    """What is wrong with the worlds `rules.determinize` draws for `seat` (the search
    player's samples): each must show `seat` its own view, and must be drawn from that
    view alone: a state differing only in facts hidden from `seat` (`hidden_variants`)
    gives the very same world for the same dice. Empty when it holds or is not offered."""
    try:
        world = rules.determinize(state, seat, Rng(f"world:{seed}"))
    except NotImplementedError:
        return []
    diff = first_difference(rules.view(state, seat), rules.view(world, seat))
    if diff is not None:
        return [f"a world determinized for {seat} shows it another view: {diff}"]
    drawn = orjson.loads(orjson.dumps(rules.dump(world), option=orjson.OPT_NON_STR_KEYS))
    base = rules.dump(state)
    checked = 0
    for attempt in range(4):  # a ruleset's few variants may all draw the true facts
        for variant in rules.hidden_variants(state, seat, Rng(f"hidden:{seed}:{attempt}")):
            if checked >= variants:
                return []
            if rules.dump(variant) == base:
                continue
            checked += 1
            other = rules.determinize(variant, seat, Rng(f"world:{seed}"))
            diff = first_difference(drawn, orjson.loads(orjson.dumps(
                rules.dump(other), option=orjson.OPT_NON_STR_KEYS)))
            if diff is not None:
                return [f"the world determinized for {seat} depends on facts hidden from "
                        f"it: {diff}"]
    return []


def play_to_the_end(rules: Ruleset, scenario: str | None, seed: str,
                    options: dict[str, Any] | None = None, *,
                    max_actions: int = 20_000) -> list[str]:
    """The fuzzer's checks on one random game (engine/selfplay.py): it reaches an outcome
    (no runaway past `max_actions`), never stands without a prompt and without an outcome
    (no dead end), and keeps its invariants on every action."""
    game = Game.create(rules, scenario=scenario, seed=seed, options=options)
    actions, problem = play_random(game, Rng(f"to-the-end:{seed}"), check=True,
                                   max_actions=max_actions)
    return [] if problem is None else [f"action {actions}: {problem}"]


def prompts_beside_a_thread(rules: Ruleset, scenario: str | None, seed: str,
                            options: dict[str, Any] | None = None, *,
                            actions: int = 150) -> list[str]:
    """Prompts do not depend on what another thread does meanwhile (the service thinks
    for a bot seat in a worker thread while the event loop builds prompts for other
    games): a second thread plays games of the same ruleset while this one plays, and at
    every step the prompts built here must equal those of a copy loaded afresh. Threads
    are made to switch often so that shared caches show."""
    stop = threading.Event()
    failures: list[str] = []

    def beside() -> None:
        n = 0
        try:
            while not stop.is_set():
                other = Game.create(rules, scenario=scenario, seed=f"{seed}:beside:{n}",
                                    options=options)
                player = Rng(f"beside:{seed}:{n}")
                while other.outcome is None and not stop.is_set():
                    p = player.choice(other.prompts())
                    other.view(p.seat)
                    other.act(p.seat, random_answer(p, player))
                n += 1
        except Exception as exc:  # noqa: BLE001 - any failure there is a finding
            failures.append(f"the second thread failed: {type(exc).__name__}: {exc}")

    game = Game.create(rules, scenario=scenario, seed=seed, options=options)
    player = Rng(f"threads:{seed}")
    problems: list[str] = []
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    thread = threading.Thread(target=beside, daemon=True)
    thread.start()
    try:
        for step in range(actions):
            if game.outcome is not None or problems:
                break
            shown = [p.to_dict() for p in game.prompts()]
            fresh = Game.from_dict(orjson.loads(game.to_json()), rules)
            diff = first_difference([p.to_dict() for p in fresh.prompts()], shown)
            if diff is not None:
                problems.append(f"action {step}: prompts built beside another thread "
                                f"differ from a fresh copy's: {diff}")
                break
            prompt = player.choice(game.prompts())
            game.act(prompt.seat, random_answer(prompt, player))
    except Exception as exc:  # noqa: BLE001 - a failure here is the finding
        problems.append(f"playing beside another thread: {type(exc).__name__}: {exc}")
    finally:
        stop.set()
        thread.join()
        sys.setswitchinterval(interval)
    return problems + failures


# Rule citations (`/rule N`, `?N`): every ruleset checks that what its code cites and what
# its prompts cite in play open one of its summaries (engine/core/rule_summaries.py).

# How code cites a rule: a prompt's or option's rule (`rule="6.2"`), a string that is a
# section number (`"16.3.2"`, `"3.1 (sidebar)"`), "rule 16.3.2" in a text or docstring and
# a "(10.8.1)" aside; how data cites one: a row's `"rule": "..."`.
CODE_CITATIONS = (r'rule="([^"]+)"', r'"(\d{1,2}\.\d{1,3}(?:\.\d+)?[a-z]?(?: [^"]*)?)"',
                  r"\brules? (\d+\.\d+(?:\.\d+)?[a-z]?)", r"\((\d+\.\d+(?:\.\d+)?[a-z]?)\b")
DATA_CITATIONS = (r'"rule":\s*"([^"]*)"',)


def rules_cited(paths: Iterable[Path], patterns: Iterable[str] | None = None
                ) -> dict[str, str]:
    """Every rule the files cite -> the name of a file citing it (by default code
    citations in Python files and data citations in the others)."""
    cited: dict[str, str] = {}
    for path in paths:
        src = path.read_text(encoding="utf-8")
        found = patterns if patterns is not None else \
            CODE_CITATIONS if path.suffix == ".py" else DATA_CITATIONS
        for pattern in found:
            cited |= {ref: path.name for ref in re.findall(pattern, src, flags=re.S)}
    cited.pop("", None)  # a data row that cites no rule
    return cited


def rules_seen_in_random_play(rules: Ruleset, scenario: str | None, seed: str,
                              options: dict[str, Any] | None = None,
                              steps: int = 300) -> set[str]:
    """The rules that the prompts and options of `steps` random choices cite."""
    game = Game.create(rules, scenario=scenario, seed=seed, options=options)
    player = Rng(f"rules-player:{seed}")
    seen: set[str] = set()
    for _ in range(steps):
        prompts = game.prompts()
        if game.outcome is not None or not prompts:
            break
        for p in prompts:
            seen |= {r for r in (p.rule, *(o.rule for o in p.options)) if r}
        p = player.choice(prompts)
        game.act(p.seat, random_answer(p, player))
    return seen


def rule_book_problems(book: RuleBook, refs: Iterable[str] = (), *,
                       longest: int = 1200) -> list[str]:
    """What is wrong with a ruleset's summaries: a cited rule with no summary, a summary
    that is not one paragraph of 40 to `longest` characters under a title, a ruling whose
    sections have no summary."""
    problems = [f"no summary for {ref!r}" for ref in sorted(set(refs))
                if book.lookup(ref) is None]
    for key, (title, summary) in book.summaries.items():
        if not title or not 40 <= len(summary) <= longest or "\n" in summary:
            problems.append(f"summary {key!r} is not one paragraph under a title")
    for ruling in book.rulings:
        if not ruling.rules or not all(book.lookup(r) for r in ruling.rules):
            problems.append(f"ruling {ruling.id!r} cites no section with a summary")
    return problems
