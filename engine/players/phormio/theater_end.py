"""Phormio in the End phase (15.7): maintenance by the normal rules, and redeployment
that keeps one unit of each theater's own kind by every base (land by land, naval by
naval), League units moving at random, a theater left with one unit where possible.
The Strategos trade in fours (15.63) needs no decision: the engine trades every four
held at the end of the theater phase (8.4, ruling R23)."""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from ...core.types import Option, Prompt
from .theater_plan import TheaterPlan
from .theater_read import bases_of, city_of, d6_pick, theater_kind, uncovered_bases, units

CITY_STATE = ("A", "S")
LEAGUE_MOVE = 2  # a League unit moves on 1-2 of 1d6 (our ruling: "at random", 15.7)


def _spare(view: dict[str, Any], here: str, city: str, kind: str) -> bool:
    """Whether a unit of `kind` can leave `here` and leave it as covered as it was: a
    base keeps a unit of its theater's kind, and any theater keeps one unit (15.7)."""
    left_kind = units(view, here, city, kind) - 1
    left_all = units(view, here, city, "land") + units(view, here, city, "naval") - 1
    if left_all < 1:
        return False
    return not (bases_of(view, here, city) and kind == theater_kind(here) and left_kind < 1)


def maintenance(view: dict[str, Any], prompt: Prompt, rng: Rng, plan: TheaterPlan) -> str:
    """A unit that can be spared goes first (15.7), a League unit before a City-State
    one, from the most crowded theater; ties at random."""
    city = city_of(prompt.seat)

    def rank(o: Option) -> tuple[bool, bool, int]:
        d = o.data or {}
        return (_spare(view, d["theater"], city, d["kind"]), d["owner"] not in CITY_STATE,
                units(view, d["theater"], city, d["kind"]))
    best = max(rank(o) for o in prompt.options)
    return d6_pick(rng, sorted(o.id for o in prompt.options if rank(o) == best))


def redeploy(view: dict[str, Any], prompt: Prompt, rng: Rng, plan: TheaterPlan) -> str:
    """Stranded units first (a theater without a base keeps one, 11.3): to a base short
    of a unit of its kind, else anywhere at random, disbanded only when nothing else is
    open. Then a unit of the right kind for each uncovered base, from where it can be
    spared. Then, by 1d6, one League unit that can be spared moves at random (15.7);
    else redeployment is done."""
    city = city_of(prompt.seat)
    moves = [o for o in prompt.options if o.id != "done"]
    stranded = sorted({(o.data or {})["theater"] for o in moves if (o.data or {}).get("to") is None})
    bare = set(uncovered_bases(view, city))

    def fits(o: Option) -> bool:
        d = o.data or {}
        return d.get("to") in bare and d["kind"] == theater_kind(d["to"])

    if stranded:
        out = [o for o in moves if (o.data or {})["theater"] in stranded and (o.data or {})["to"]]
        if not out:
            return sorted(o.id for o in moves)[0]
        return d6_pick(rng, sorted(o.id for o in (([o for o in out if fits(o)]) or out)))
    cover = [o for o in moves if fits(o)
             and _spare(view, (o.data or {})["theater"], city, (o.data or {})["kind"])]
    if cover:
        return d6_pick(rng, sorted(o.id for o in cover))
    if rng.die(6) <= LEAGUE_MOVE:
        league = [o for o in moves if (o.data or {})["owner"] not in CITY_STATE
                  and (o.data or {}).get("to")
                  and _spare(view, (o.data or {})["theater"], city, (o.data or {})["kind"])]
        if league:
            return d6_pick(rng, sorted(o.id for o in league))
    done = [o.id for o in prompt.options if o.id == "done"]
    return done[0] if done else sorted(o.id for o in moves)[0]
