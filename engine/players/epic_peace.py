"""The peace rolls Athens may force on a League player (24.7.2, 25.3.2), as the Epic
heuristic weighs them with allies.

With three or four players a League player cannot refuse the roll Athens makes him take
while a Peace Embassy lies face up, and a success ends the war at once, judged by Athens'
BTV then (24.7.1, 25.3.1, 25.4): a stalemate while Athens holds 26 BTV or more. The League
players' own positions set their modifiers (home ML, the scenario's regions and cities),
so the League can hold them down: regions taken over go where they weigh least (24.3),
Thebes takes Plataea, home ML is kept. Left unweighed, a random Athens forced such rolls
and six of the heuristic League's 40 four-player games ended in a stalemate (`e8f40`).
"""

from __future__ import annotations

from typing import Any, cast

from ..core.types import Prompt
from ..rulesets.epic import alliances as A
from ..rulesets.epic import politics
from ..rulesets.epic.events import HOME_ML_LOW, SUCCESS, allied_mods
from ..rulesets.epic.state import EState

IDLE_RATE = 0.3      # a roll's weight while no embassy lies face up: one may come later
ML_LOW = HOME_ML_LOW  # 24.7.2: a home ML below it adds one to the roll
HOMES = frozenset(A.HOME.values())  # the regions whose ML each player's roll reads


def modifier(view: dict[str, Any], seat: str) -> int:
    """What `seat`'s peace roll would add to the die now (24.7.2, 25.3.2): the rules' own
    modifiers (both embassies face up, home ML, the scenario's table), read from the view,
    which holds every fact they read (regions, cities' holders, the League, the cards)."""
    return sum(n for n, _ in allied_mods(cast(EState, view), seat))


def roll_chance(view: dict[str, Any], seat: str) -> float:
    """The chance `seat`'s roll signs the peace: a 1 on the die always fails."""
    mod = modifier(view, seat)
    return sum(1 for die in range(2, 7) if die + mod >= SUCCESS) / 6


def athenian_btv(view: dict[str, Any]) -> int:
    """Athens' BTV as the view shows it (regions' sides are open facts)."""
    return politics.athenian_btv(cast(EState, view))


def peace_risk(view: dict[str, Any], me: str, expected: float,
               worth_now: float) -> float:
    """The score's term for the rolls to come, in units of the victory table: the chance
    the likeliest League roller signs (Athens names whom it likes), times what a peace now
    would change against the `expected` end (both Athens' worth, `worth_now` the table at
    Athens' present BTV). The League counts only the harm (it cannot refuse), Athens only
    the gain (it forces a roll only when that pays, epic_policy.peace)."""
    if not view.get("league"):  # two players: a peace roll is not forced on anyone
        return 0.0
    chance = max((roll_chance(view, x) for x in A.league_seats(cast(EState, view))),
                 default=0.0)
    if chance <= 0.0:
        return 0.0
    rate = 1.0 if (view.get("cards") or {}).get("active") else IDLE_RATE
    athens_gain = worth_now - expected
    if me == "athens":
        return rate * chance * max(0.0, athens_gain)
    return rate * chance * min(0.0, -athens_gain)


def abdication(view: dict[str, Any], prompt: Prompt) -> str:
    """24.3: a region first taken over may be kept or given to an ally. Who holds it
    moves the peace rolls (24.7.2): an ally holding more regions than Sparta rolls at +1
    and Sparta at +1 for each such ally. The region goes where the League's likeliest
    roller is least likely to sign, and the sum of the League's modifiers is lowest;
    ties keep it. Kept always, Thebes and Corinth came to hold more regions than Sparta,
    whose rolls then signed at +1 and 0 (four-player, `e12f:7`, `:13`)."""
    region = str((prompt.data or {}).get("region") or next(
        (o.data or {}).get("region") for o in prompt.options if o.data))
    seats = A.league_seats(cast(EState, view))

    def risk(holder: str) -> tuple[float, int]:
        league = dict(view["league"], holder=dict(view["league"]["holder"], **{region: holder}))
        after = dict(view, league=league)
        return (max(roll_chance(after, x) for x in seats),
                sum(modifier(after, x) for x in seats))

    best, top = "keep", risk(prompt.seat)
    for o in prompt.options:
        data = o.data or {}
        if data.get("kind") == "give_region" and (r := risk(str(data["to"]))) < top:
            best, top = o.id, r
    return best
