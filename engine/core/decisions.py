"""Decisions richer than one option: choose k of n, choose an amount, allocate in order.

One rules decision is one prompt, whatever its form, and one answer is one log entry (a
string, so the log stays a list of (seat, answer) pairs):

- "one": the option id itself.
- "pick": the chosen option ids joined by `SEP`, in the prompt's order (`lo`..`hi` of them,
  distinct).
- "amount": the number in decimal (`lo`..`hi`); the prompt has no options.
- "allocate": exactly `lo` option ids joined by `SEP`, in the order the player gave them
  (e.g. which block takes each hit); an option appears at most its `cap` times.

Option ids of "pick" and "allocate" prompts never contain `SEP`. `parse` checks an answer
against its prompt and is the only decoder; transports build answers with `encode`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from .types import IllegalAction, Option, Prompt

ONE, PICK, AMOUNT, ALLOCATE = "one", "pick", "amount", "allocate"
FORMS = (ONE, PICK, AMOUNT, ALLOCATE)
SEP = "|"

Answer = str | tuple[str, ...] | int


def pick(seat: str, text: str, options: Iterable[Option], lo: int, hi: int,
         rule: str | None = None, secret: bool = False, kind: str = "choose") -> Prompt:
    opts = tuple(options)
    if not 0 <= lo <= hi or hi > len(opts):
        raise ValueError(f"pick {lo}..{hi} of {len(opts)} options")
    _check_ids(opts)
    return Prompt(seat, text, opts, rule, secret, kind, form=PICK, lo=lo, hi=hi)


def amount(seat: str, text: str, lo: int, hi: int, rule: str | None = None,
           secret: bool = False, kind: str = "choose",
           data: dict[str, Any] | None = None) -> Prompt:
    if lo > hi:
        raise ValueError(f"amount {lo}..{hi}")
    return Prompt(seat, text, (), rule, secret, kind, form=AMOUNT, lo=lo, hi=hi, data=data)


def allocate(seat: str, text: str, options: Iterable[Option], count: int,
             rule: str | None = None, secret: bool = False, kind: str = "choose") -> Prompt:
    opts = tuple(options)
    if count < 1 or count > sum(o.cap for o in opts):
        raise ValueError(f"allocate {count} over {len(opts)} options")
    _check_ids(opts)
    return Prompt(seat, text, opts, rule, secret, kind, form=ALLOCATE, lo=count, hi=count)


def _check_ids(options: Sequence[Option]) -> None:
    bad = [o.id for o in options if SEP in o.id]
    if bad:
        raise ValueError(f"option ids may not contain {SEP!r}: {bad}")


def encode(prompt: Prompt, chosen: Sequence[str] | int) -> str:
    """The answer string for a choice a transport collected (checked by `parse`)."""
    if isinstance(chosen, int):
        answer = str(chosen)
    elif prompt.form == PICK:
        order = {o.id: i for i, o in enumerate(prompt.options)}
        answer = SEP.join(sorted(set(chosen), key=lambda x: order.get(x, len(order))))
    else:
        answer = SEP.join(chosen)
    parse(prompt, answer)
    return answer


def accepts(prompt: Prompt, answer: str) -> bool:
    """Whether `answer` fits `prompt` (`parse` says why not)."""
    try:
        parse(prompt, answer)
    except IllegalAction:
        return False
    return True


def parse(prompt: Prompt, answer: str) -> Answer:
    """The answer decoded for its prompt; IllegalAction with a reason when it does not fit."""
    form = prompt.form
    if form == ONE:
        if prompt.option(answer) is None:
            raise IllegalAction("That choice is not available now.")
        return answer
    if form == AMOUNT:
        try:
            n = int(answer)
        except ValueError:
            raise IllegalAction("Give a whole number.") from None
        if str(n) != answer or not prompt.lo <= n <= prompt.hi:
            raise IllegalAction(f"Give a number from {prompt.lo} to {prompt.hi}.")
        return n
    ids = tuple(answer.split(SEP)) if answer else ()
    known = {o.id: o for o in prompt.options}
    if any(i not in known for i in ids):
        raise IllegalAction("That choice is not available now.")
    if form == PICK:
        if len(set(ids)) != len(ids):
            raise IllegalAction("Choose each option at most once.")
        if not prompt.lo <= len(ids) <= prompt.hi:
            raise IllegalAction(_count_text(prompt.lo, prompt.hi))
        order = [o.id for o in prompt.options if o.id in set(ids)]
        if list(ids) != order:
            raise IllegalAction("The choices must be listed in the prompt's order.")
        return ids
    if form == ALLOCATE:
        if len(ids) != prompt.lo:
            raise IllegalAction(f"Allocate exactly {prompt.lo}.")
        over = [i for i, n in Counter(ids).items() if n > known[i].cap]
        if over:
            raise IllegalAction(f"{known[over[0]].label} can take at most {known[over[0]].cap}.")
        return ids
    raise IllegalAction(f"unknown decision form {form!r}")


def _count_text(lo: int, hi: int) -> str:
    if lo == hi:
        return f"Choose exactly {lo}."
    return f"Choose from {lo} to {hi}."


def amount_options(prompt: Prompt) -> tuple[Option, ...]:
    """An amount's values as options, for transports that show a list."""
    return tuple(Option(str(n), str(n), prompt.rule) for n in range(prompt.lo, prompt.hi + 1))


def describe(prompt: Prompt) -> str:
    """A short line saying what kind of answer the prompt wants (for transports)."""
    if prompt.form == PICK:
        return _count_text(prompt.lo, prompt.hi)
    if prompt.form == AMOUNT:
        return f"Choose a number from {prompt.lo} to {prompt.hi}."
    if prompt.form == ALLOCATE:
        return f"Allocate {prompt.lo}, in order."
    return ""


def choices(prompt: Prompt) -> tuple[Option, ...]:
    """What a transport lists: the options, or an amount's values as options."""
    return amount_options(prompt) if prompt.form == AMOUNT else prompt.options


def from_positions(prompt: Prompt, positions: Sequence[int]) -> str:
    """The answer for 1-based positions in `choices(prompt)` (a numbered list in a
    terminal, say); IllegalAction when they do not make a legal answer."""
    listed = choices(prompt)
    if any(not 1 <= i <= len(listed) for i in positions):
        raise IllegalAction(f"Choose numbers from 1 to {len(listed)}.")
    ids = [listed[i - 1].id for i in positions]
    if prompt.form in (ONE, AMOUNT):
        if len(ids) != 1:
            raise IllegalAction("Choose one number.")
        parse(prompt, ids[0])
        return ids[0]
    return encode(prompt, ids)


def random_answer(prompt: Prompt, rng: Any) -> str:
    """A uniformly drawn legal answer (the random player, fuzzers, benchmarks). For a
    one-option prompt it draws exactly as `rng.choice(prompt.options)` does."""
    if prompt.form == ONE:
        return str(rng.choice(prompt.options).id)
    if prompt.form == AMOUNT:
        return str(rng.choice(list(range(prompt.lo, prompt.hi + 1))))
    if prompt.form == PICK:
        k = rng.choice(list(range(prompt.lo, prompt.hi + 1)))
        pool = list(prompt.options)
        rng.shuffle(pool)
        return encode(prompt, [o.id for o in pool[:k]])
    left = {o.id: o.cap for o in prompt.options}
    chosen: list[str] = []
    for _ in range(prompt.lo):
        i = rng.choice(sorted(k for k, n in left.items() if n > 0))
        left[i] -= 1
        chosen.append(i)
    return SEP.join(chosen)
