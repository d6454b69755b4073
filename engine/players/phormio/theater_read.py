"""What Phormio reads from its faction's view in the theater phase, and its two ways of
choosing at random (15.15 E). Everything here takes the view (engine/rulesets/pericles/
view.py), never a game's state: the faction sees its own markers and its compatriot's,
the other city's only as face-down owners."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Any, TypeVar

from ...core.rng import Rng
from ...core.types import Prompt
from ...rulesets.pericles import persia
from ...rulesets.pericles.components import SIDE_OF, load_components
from ..pericles import bases_of, city_of, enemy_of, kind_strength, present, status, theater_kind

T = TypeVar("T")

# Markers whose carrying out costs Strategos (8.5, 9.1, 9.2): a faction holding one still
# to come keeps its tokens for it (15.62 D). Oracle and Rumor cost nothing; a Military
# marker in its own capital is a levy, which costs nothing either.
COSTLY = ("military", "league", "diplomatic")


# ------------------------------------------------------------------ random choice (15.15 E)
def d6_pick(rng: Rng, options: Sequence[T]) -> T:
    """One of `options` by 1d6: the options are matched to faces 1..n and a roll above n
    is rolled again. More than six options (our ruling) take a fair die of that many
    faces, as no number of d6 rolls splits them evenly."""
    if not options:
        raise ValueError("nothing to choose from")
    n = len(options)
    if n == 1:
        return options[0]
    if n > 6:
        return options[rng.randbelow(n)]
    while True:
        face = rng.die(6)
        if face <= n:
            return options[face - 1]


@cache
def theater_numbers() -> dict[int, str]:
    """Theater number (1-20) -> key; Persia is a box, not a theater (15.61 D)."""
    return {t.number: t.key for t in load_components().data.theaters if t.number is not None}


def d20_theater(rng: Rng, allowed: Sequence[str], avoid: str = "") -> str | None:
    """A theater by 1d20 (15.15 E, 15.61 D): the PS theater (`avoid`) and any theater
    the marker may not go to (the Eastern Mediterranean after the Peace of Callias) are
    rolled again. None when no numbered theater is allowed."""
    numbers = theater_numbers()
    targets = {k for k in allowed if k != avoid and k in numbers.values()}
    if not targets:
        return None
    while True:
        key = numbers[rng.die(20)]
        if key in targets:
            return key


# ------------------------------------------------------------------ markers
def my_markers(view: dict[str, Any], me: str) -> list[str]:
    """The markers the faction still holds off the map (it sees its own, 3.1)."""
    held = view["markers"].get(me, [])
    return list(held) if isinstance(held, list) else []


def queued(view: dict[str, Any], me: str) -> Counter[tuple[str, str]]:
    """The faction's markers in the queues, by (kind, theater)."""
    out: Counter[tuple[str, str]] = Counter()
    for theater, q in view["queues"].items():
        for m in q:
            if m["faction"] == me and m["kind"]:
                out[(m["kind"], theater)] += 1
    return out


def placements_made(view: dict[str, Any], me: str) -> int:
    """How many markers the faction has placed this phase: nothing is revealed before
    the placement ends (8.2), so every one it placed is still in a queue."""
    return sum(queued(view, me).values())


def costly_pending(view: dict[str, Any], me: str) -> list[tuple[str, str]]:
    """The faction's markers still in queues that will cost Strategos (15.62 D)."""
    home = capital(city_of(me))
    return [(k, t) for (k, t), n in queued(view, me).items() for _ in range(n)
            if k in COSTLY and not (k == "military" and t == home) and t != persia.PERSIA]


def top_is(view: dict[str, Any], theater: str, city: str) -> bool:
    """Whether the top marker of the theater's queue belongs to `city`'s side."""
    q = view["queues"].get(theater) or []
    return bool(q) and city_of(q[-1]["faction"]) == city


# ------------------------------------------------------------------ map
@cache
def capital(city: str) -> str:
    return next(t.key for t in load_components().data.theaters if t.capital == city)


def prompt_theater(prompt: Prompt) -> str:
    """The theater a League, Diplomatic, levy or raid prompt concerns: the engine puts
    it in the prompt's data (an amount) or in every option's data ("" if none does)."""
    for data in (prompt.data, *(o.data for o in prompt.options)):
        if data and "theater" in data:
            return str(data["theater"])
    return ""


def units(view: dict[str, Any], theater: str, city: str, kind: str) -> int:
    """The side's units of `kind` in the theater (bases apart)."""
    return sum(n.get(kind, 0) for o, n in view["forces"].get(theater, {}).items()
               if o != "persia" and SIDE_OF.get(o) == city)


def uncovered_bases(view: dict[str, Any], city: str) -> list[str]:
    """Theaters with a base of the side but no unit of the theater's type there (15.61 D,
    15.7: a base wants a unit of its theater's kind beside it)."""
    return [t for t in view["forces"] if t != persia.PERSIA and bases_of(view, t, city)
            and not units(view, t, city, theater_kind(t))]


def granaries(city: str) -> list[str]:
    """Athens' granaries are the granary theaters other than Sparta (11.1, ruling R32)."""
    return [t.key for t in load_components().data.theaters
            if t.granary and (t.key == "sparta") == (city == "sparta")]


def fed(view: dict[str, Any], city: str) -> bool:
    """A friendly base stands in one of the city's granaries (11.1)."""
    return any(bases_of(view, g, city) for g in granaries(city) if g in view["forces"])


__all__ = ["COSTLY", "bases_of", "capital", "city_of", "costly_pending", "d20_theater",
           "d6_pick", "enemy_of", "fed", "granaries", "kind_strength", "my_markers",
           "placements_made", "present", "queued", "status", "theater_kind",
           "prompt_theater", "top_is", "uncovered_bases", "units"]


def military_strength(view: dict[str, Any], theater: str, city: str) -> int:
    """Every unit of the side there at its strength plus 2 a base: what a Diplomatic
    commitment must exceed (8.5, ruling R19)."""
    both = kind_strength(view, theater, city, "land") + kind_strength(view, theater, city, "naval")
    return both - 2 * bases_of(view, theater, city)


def in_pool(view: dict[str, Any], owner: str, kind: str) -> int:
    """Counters of `owner` and `kind` off the map and still in the game (2.0, 14.43): the
    counter mix and the map are public."""
    counts = load_components().data.counts
    cap = int(dict(counts.units).get(owner, {}).get(kind, 0))  # type: ignore[call-overload]
    on_map = sum(f.get(owner, {}).get(kind, 0) for f in view["forces"].values())
    gone = view.get("removed", {}).get(owner, {}).get(kind, 0)
    return int(cap - on_map - gone)
