"""A state's index while the state stands still, in a scope the kernel owns.

Building a prompt or checking a step asks the same questions of an unchanging state many
times (who stands in this hex, who holds that city); a ruleset answers them from an index
built once for the block in which the state does not change. The scope is a context
variable, so each thread and each asyncio task has its own: a search thinking in a
worker thread never sees, or replaces, the index of a game the event loop is building
prompts for. Nothing here is module-level mutable state of a ruleset.

`Memo` is the other scope a ruleset may keep answers in: a bounded memo of a pure search,
keyed by everything the answer depends on (so it never goes stale and needs no
invalidating), kept across states and games because the same search recurs. Its tables are
the kernel's, one per thread: a thread thinking for a bot seat fills its own, never one the
event loop is reading."""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar, Token
from threading import local
from typing import Any, Generic, TypeVar

S = TypeVar("S")
I = TypeVar("I")  # noqa: E741 - the index type
K = TypeVar("K")
V = TypeVar("V")


class Steady(Generic[S, I]):
    """One ruleset's steady scope: `with steady(s):` indexes `s` (once, however deeply
    blocks nest for the same state); `steady.index(s)` is that index, or None outside a
    block for `s` (then answer from the state itself)."""

    __slots__ = ("_var", "_build")

    def __init__(self, name: str, build: Callable[[S], I]):
        self._var: ContextVar[tuple[S, I] | None] = ContextVar(name, default=None)
        self._build = build

    def __call__(self, s: S) -> _Block[S, I]:
        return _Block(self, s)

    def index(self, s: S) -> I | None:
        top = self._var.get()
        return top[1] if top is not None and top[0] is s else None


class _Block(Generic[S, I]):
    """The `with` block (a small class: it is entered around every prompt, where a
    generator-based context manager costs more than its work)."""

    __slots__ = ("_scope", "_s", "_token")

    def __init__(self, scope: Steady[S, I], s: S):
        self._scope = scope
        self._s = s
        self._token: Token[tuple[S, I] | None] | None = None

    def __enter__(self) -> None:
        var = self._scope._var
        top = var.get()
        if top is not None and top[0] is self._s:
            return  # already steady: the outer block keeps the index
        self._token = var.set((self._s, self._scope._build(self._s)))

    def __exit__(self, *exc: Any) -> None:
        if self._token is not None:
            self._scope._var.reset(self._token)
            self._token = None


class _Here(local):
    """One thread's table of a memo (made on the thread's first use)."""

    def __init__(self) -> None:
        self.table: dict[Any, Any] = {}


class Memo(Generic[K, V]):
    """A ruleset's memo of a pure function: `table()` is this thread's dict (key -> answer),
    `keep(table, key, answer)` stores an answer, emptying the table first when it holds
    `size` (a bound, not a cache policy: a full table is rare and refills at once).

        plans = _PLANS.table()
        plan = plans.get(key)
        if plan is None:
            plan = _PLANS.keep(plans, key, search(...))

    On a path run thousands of times an action, `_PLANS.here.table` is the same dict
    without the call (untyped). Per thread rather than per context: the event loop's
    tasks share one (they never run at once), where a context variable would give each
    task an empty table."""

    __slots__ = ("name", "size", "here")

    def __init__(self, name: str, size: int):
        self.name = name
        self.size = size
        self.here = _Here()

    def table(self) -> dict[K, V]:
        mine: dict[K, V] = self.here.table
        return mine

    def keep(self, table: dict[K, V], key: K, answer: V) -> V:
        if len(table) >= self.size:
            table.clear()
        table[key] = answer
        return answer
