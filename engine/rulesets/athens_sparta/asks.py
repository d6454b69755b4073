"""Building prompts and reading the option ids they offer.

Prompts are built on demand from the state (engine/core/procedures.py), never stored in
it. Option ids keep the short forms saved games' logs hold: a bare word ("done", "back",
"keep") or a letter, a colon and an argument ("b:Athens H1", "t:K8:1"); `arg` is the one
reader of the argument."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine import Option, Prompt
from engine.core.steady import Memo

OptionRow = list[str]  # [id, label, rule]


def ask(seat: str, kind: str, text: str, rule: str | None,
        opts: Iterable[Sequence[str] | Option], secret: bool = False,
        data: dict[str, Any] | None = None) -> Prompt:
    """A prompt of `opts`: rows [id, label, rule], or options already made (`shared_option`),
    which menus that keep their rows from click to click hand over as they are. `data`:
    facts about the decision players read instead of the words (`Prompt.data`)."""
    table: dict[tuple[str, str, str | None], Option] = _OPTIONS.here.table  # once a prompt
    return Prompt(seat, text, tuple([o if isinstance(o, Option) else
                                     table.get((o[0], o[1], o[2])) or _option(o[0], o[1], o[2])
                                     for o in opts]), rule=rule, secret=secret, kind=kind,
                  data=data)


# Options are immutable and most recur from one prompt to the next (the same blocks and
# places): one shared object per (id, label, rule) is cheaper than a new one each time,
# and prompts that share options compare faster (the kernel compares each new prompt
# with the last one).
_OPTIONS: Memo[tuple[str, str, str | None], Option] = Memo("athens_sparta.options", 65536)


def _option(id: str, label: str, rule: str | None) -> Option:
    """The shared option of this id, label and rule."""
    key = (id, label, rule)
    table: dict[tuple[str, str, str | None], Option] = _OPTIONS.here.table  # hot: no call
    got = table.get(key)
    if got is None:
        got = _OPTIONS.keep(table, key, Option(id, label, rule))
    return got


shared_option = _option


def arg(option: str) -> str:
    """The argument of an option id "x:arg" (everything after the first colon)."""
    return option.partition(":")[2]


def tag(option: str) -> str:
    """The letter or word before the colon of an option id ("b" of "b:Athens H1")."""
    return option.partition(":")[0]


def destination(option: str, ports: dict[str, int]) -> tuple[str, int]:
    """The place and coast of a retreat, regroup or return-to-port option "t:<hex>" or
    "t:<hex>:<coast>"; without a coast, the place's port coast (0 if it has none)."""
    h, _, coast = arg(option).partition(":")
    return h, int(coast) if coast else ports.get(h, 0)
