"""The League's seats taking their turns (24.4, 24.5): each League stage played seat by
seat, and the talents passed between allies before the builds. The seat map and the
League's facts they read are in `alliances.py`."""

from __future__ import annotations

from typing import Any

from engine import Option, Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure

from .alliances import (
    LEAGUE,
    SEAT_KINDS,
    TALENT_STEPS,
    abdicate,
    abdication,
    abdication_prompt,
    deciding_seat,
    give_talents,
    league_seats,
    multi,
    set_forbid,
    title,
)
from .notes import AnyFlow, note
from .state import EState


class Turns(Procedure[EState]):
    """A stage the League plays seat by seat (24.4: the allies move in the same turn; we
    let them act one after the other in their precedence, so no two answer at once).
    args: proc (the stage's procedure), side, more (its other arguments), k."""

    name = "turns"

    def enter(self, flow: Flow[EState]) -> None:
        s, args = flow.state, flow.args
        if s["result"] is not None:
            s["acting"] = None
            flow.end()
            return
        k = args.get("k", 0)
        seats = league_seats(s) if args["side"] == LEAGUE and multi(s) else [None]
        if k >= len(seats):
            if multi(s):
                s["acting"] = None
            flow.end()
            return
        args["k"] = k + 1
        if multi(s):
            s["acting"] = seats[k]
        flow.call(args["proc"], side=args["side"], **args.get("more", {}))

    def resume(self, flow: Flow[EState], result: object) -> None:
        self.enter(flow)


def stage(flow: AnyFlow, proc: str, side: str, **more: Any) -> None:
    """Call a per-side stage: directly with two players, seat by seat for the League."""
    if multi(flow.state) and side == LEAGUE:
        flow.call("turns", proc=proc, side=side, more=more)
    else:
        flow.call(proc, side=side, **more)


class Treasury(Procedure[EState]):
    """The allies' moment (24.5). "At any time" is kept to one moment a season, before
    Supply, when the money is needed (RULINGS M5): each League seat in turn may give talents
    to an ally, as often as it likes, and forbid an ally (or allow him again) the use of his
    cities, bases and Areas (RULINGS M23), then passes. args: k (the seat)."""

    name = "treasury"

    def enter(self, flow: Flow[EState]) -> None:
        s = flow.state
        k = flow.args.get("k", 0)
        flow.args["k"] = k
        if k >= len(league_seats(s)):
            flow.end()

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        s = flow.state
        seat = league_seats(s)[flow.args["k"]]
        have = s["treasury"][seat]
        allies = [x for x in league_seats(s) if x != seat]
        opts = [Option(f"give:{x}:{n}", f"Give {title(x)} {n} talent{'s' if n > 1 else ''}",
                       "24.5", data={"kind": "give_talents", "to": x, "talents": n})
                for x in allies for n in TALENT_STEPS if n <= have]
        barred = s["league"].get("forbid", {}).get(seat, [])
        opts += [Option(f"allow:{x}", f"Let {title(x)} use your cities, bases and Areas "
                                      "again (24.5)", "24.5", data={"kind": "allow", "ally": x})
                 if x in barred else
                 Option(f"forbid:{x}", f"Forbid {title(x)} your cities, bases and Areas "
                                       "for supply (24.5)", "24.5", data={"kind": "forbid", "ally": x})
                 for x in allies]
        opts.append(Option("done", "Done", "24.5", data={"kind": "done"}))
        return [Prompt(seat, f"{title(seat)}: give talents to an ally, or forbid or allow an "
                             f"ally your cities, bases and Areas (24.5; you have {have} "
                             "talents)", tuple(opts), rule="24.5", kind="talents")]

    def act(self, flow: Flow[EState], seat: str, answer: decisions.Answer) -> None:
        s = flow.state
        a = str(answer)
        verb, _, ally = a.partition(":")
        if a == "done":
            flow.args["k"] += 1
        elif verb in ("forbid", "allow"):
            line = set_forbid(s, league_seats(s)[flow.args["k"]], ally, verb == "forbid")
            flow.context.event("talents", line)
        else:
            _, taker, n = a.split(":")
            line = give_talents(s, league_seats(s)[flow.args["k"]], taker, int(n))
            flow.context.event("talents", line)
        self.enter(flow)


class Abdication(Procedure[EState]):
    """24.3: a region first taken over by a League seat may be kept or given to an ally.
    A standing question (engine/core/seating.py): asked while one is pending, before the
    stack's own, and answered without moving the flow."""

    name = "abdication"

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        entry = abdication(flow.state)
        return [abdication_prompt(flow.state, entry)] if entry is not None else []

    def act(self, flow: Flow[EState], seat: str, answer: decisions.Answer) -> None:
        for line in abdicate(flow.state, seat, str(answer)):
            note(flow, line)


def pending_abdication(s: EState) -> str | None:
    """The standing question, if a region just won waits on its holder's word (24.3)."""
    return "abdication" if multi(s) and abdication(s) is not None else None


def seat_for(s: EState, p: Prompt) -> str:
    """Who answers `p` (24.5): the League side's questions go to the seat deciding for it
    now; a question put to one seat (SEAT_KINDS: its talents, cards, peace) stays its own."""
    if p.seat == LEAGUE and p.kind not in SEAT_KINDS and multi(s):
        return deciding_seat(s)
    return p.seat


def answers_for(s: EState, seat: str) -> tuple[str, ...]:
    """The side a League seat may answer for: the League's (24.5)."""
    return (LEAGUE,) if multi(s) and seat in league_seats(s) else ()
