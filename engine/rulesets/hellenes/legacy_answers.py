"""Answers of logs written before version 6 (issue 32), read as today's.

A game saved under an older rules version is rebuilt by replaying its log (engine/core/
game.py), so each old answer must still mean what it meant. Two questions changed form:

- A Group Move asked where each unit of the Group goes, staying included, one unit after
  another; today the movers are picked first. An old destination answer is today's "all
  of the Group move" followed by the same destinations, staying still offered (5.0).
- Winter Actions listed each unit's Maintenance and each way to Quarter or go Home as its
  own menu line; today each kind is one line leading to a multi-select. An old line is
  that kind with just its one unit (9.22, 9.211, 9.212).

`reread` sets the waiting procedure up so the old answer fits its question; it changes
nothing else, draws no dice and tells no events, so the replay goes on as it went."""

from __future__ import annotations

from engine.core.decisions import SEP
from engine.core.procedures import Frame

from . import board as B
from .moves import movers
from .state import HState


def reread(s: HState, frame: Frame | None, answer: str) -> bool:
    """Whether `answer`, which today's question refused, is an old one: then `frame`
    waits for it in today's form (the caller applies the answer again)."""
    if frame is None:
        return False
    a = frame["args"]
    if frame["name"] == "group_move" and a.get("queue", ()) is None and SEP not in answer:
        a["queue"] = [b for b in movers(s, a["side"], a["area"])
                      if not (a.get("winter") and B.spec(b).barbarian)
                      and b in a.get("only", [b])]
        return bool(a["queue"])
    if frame["name"] == "winter_actions" and a.get("choosing") is None:
        verb, _, rest = answer.partition(":")
        if verb == "maintain" and rest:
            a["choosing"] = "maintain"
            return True
        if verb in ("quarter", "home") and rest.count(":") == 1:
            a["choosing"], a["verb"], a["placing"] = "place", verb, [rest.split(":")[0]]
            return True
    return False


def legacy_answer(answer: str) -> str:
    """The old answer as today's question takes it: a Maintenance line names its unit."""
    verb, _, rest = answer.partition(":")
    return rest if verb == "maintain" and rest else answer

