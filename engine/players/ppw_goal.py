"""The PPW heuristic against Corinth's sudden-death goal (rule 9.4), for any seat whose
holding Corinth is not part of.

Corinth wins, at the end of an economic phase, with 5,000 talents in its treasury,
Corcyra on its side and its Gulf trade route open (rule 7.1: no ships of a side at war
with it at Naupactus or Patrae). Corinth starts at 1,500 talents and earns 700 to 1,000
a turn, so a Corinth that hoards meets the talents by turn 5 or 6; Corcyra starts as
Athens' ally and Corinth courts it over (rule 2.6). The player's own plan weighed a
rival's goal only as the fall of its own home, so nothing stood in Corinth's way: it
ended 74 of 160 two-player 431 games of the lead's session-12 self-play.

What the rules let a rival of Corinth do, and this module weighs:

- *Court Corcyra back* (rule 2.6): an approach moves Corcyra one step away from Corinth
  (Corinth's ally becomes neutral, a neutral becomes our ally); every earlier approach
  this turn, ours included, makes Corinth's own next try harder.
- *Watch the Gulf* (rules 7.1, 3.6): ships of ours at a watch space of the route, at war
  with Corinth and kept there on year-round station over the economic phase, close it:
  the goal cannot be met that turn, and Corinth loses the route's 300 talents.
- *Take Corcyra* (rules 5.8, 6.3): a minor whose home falls becomes the captor's
  tributary, off Corinth's side.

Everything is read from the seat's view (the status cards, sides, forces and the public
board; rule 1.8 makes the cards public), never a sealed choice. This module gives the
chances; engine/players/ppw.py weighs them in points (its `GOAL_LOSS`) against what each
counter costs.
"""

from __future__ import annotations

from typing import Any

from ..rulesets.ppw.board import board
from ..rulesets.ppw.economic import STATION_COST, TRADE
from ..rulesets.ppw.flow import OPERATION_ROUNDS
from .ppw_view import holding, hostile, side, watched

GOAL_TALENTS = 5000  # rule 9.4
CORCYRA = "corcyra"  # rule 9.4: the minor Corinth's goal needs on its side
GULF = TRADE["corinth"][0][1]  # rule 7.1: the watch spaces of Corinth's Gulf trade
SPREAD = 500  # talents a turn's revenue may fall short of or exceed the view's (rule 7.1)
NEXT_TURN = 0.5  # a goal a turn away weighs half: Corinth may spend, or we act then
# rule 2.6 in the diplomatic phase: the chance Corinth brings Corcyra onto its side before
# this turn's economic phase, from neutral (one step) or from our side (two steps)
ONE_STEP, TWO_STEPS = 0.5, 0.2


def goal_rival(view: dict[str, Any], me: str) -> bool:
    """Whether Corinth's goal is a rival's (a loss for our holding), and still possible."""
    card = view["status_cards"].get("corinth")
    return card is not None and card["surrendered_to"] is None \
        and "corinth" not in holding(view, me)


def talents_ready(view: dict[str, Any], revenue: int, turns: int) -> float:
    """The chance Corinth holds 5,000 talents at the end of the economic phase `turns`
    from this one (0: this turn's): its treasury and that many of its revenues
    (`revenue`, rule 7.1 as the view shows it), on an even spread of `SPREAD` a revenue
    around that (it may spend, or lose a route)."""
    if view["turn"] + turns > view["last_turn"]:
        return 0.0
    collected = turns + (0 if view.get("phase") == "economic" else 1)
    end = float(view["status_cards"]["corinth"]["treasury"]) + revenue * collected
    spread = SPREAD * max(1, collected)
    return max(0.0, min(1.0, (end - GOAL_TALENTS + spread / 2) / spread))


def corcyra_chance(view: dict[str, Any]) -> float:
    """The chance Corcyra stands on Corinth's side at this turn's economic phase: as it
    stands once the diplomatic phase is over (rule 2.1); before that Corinth may still
    court it over (rule 2.6), one step from neutral, two from another side."""
    now = side(view, CORCYRA)
    if now == "corinth":
        return 1.0
    if view.get("phase") != "diplomatic":
        return 0.0
    return ONE_STEP if now is None else TWO_STEPS


def gulf_watched(view: dict[str, Any]) -> bool:
    """Rule 7.1: ships of a side at war with Corinth's at a watch space close the route."""
    return watched(view, "corinth", GULF)


def danger(view: dict[str, Any], me: str, revenue: int) -> float:
    """The chance Corinth's goal is met, against us, at this turn's economic phase, the
    Gulf as it would be without a watch (the watch is what it is weighed against)."""
    if not goal_rival(view, me):
        return 0.0
    return talents_ready(view, revenue, 0) * corcyra_chance(view)


def looming(view: dict[str, Any], me: str, revenue: int) -> float:
    """The goal this turn, or (half weighed) the next: what courting Corcyra guards
    against, since Corcyra's side changes only in a diplomatic phase (rule 2.6)."""
    if not goal_rival(view, me):
        return 0.0
    side_now = 1.0 if side(view, CORCYRA) == "corinth" else ONE_STEP
    return max(danger(view, me, revenue),
               NEXT_TURN * talents_ready(view, revenue, 1) * side_now)


def d6_reaches(need: int) -> float:
    """The chance a d6 rolls `need` or more (an approach, rule 2.6; an interception, 4.6)."""
    return max(0, min(6, 7 - need)) / 6


def watch_order(view: dict[str, Any], me: str, data: dict[str, Any], ships: int) -> bool:
    """Whether an order takes ships to a watch space of Corinth's Gulf trade where, put
    on station in a later round (rule 3.6; rule 3.5 sends them home otherwise), they
    would close it over the economic phase (rule 7.1: ships of a side at war with
    Corinth's), no watch standing yet."""
    return bool(ships) and data["to"] in GULF and data["from"] not in GULF \
        and int(view.get("round") or 1) < OPERATION_ROUNDS \
        and hostile(view, me, "corinth") and not gulf_watched(view)


def foes_afloat(view: dict[str, Any], me: str, space: str) -> int:
    """Hostile ships in `space`: the fleet a watch must beat there first (rule 5.1)."""
    return sum(v[2] for o, v in (view["spaces"][space].get("forces") or {}).items()
               if hostile(view, me, o))


def watch_upkeep(view: dict[str, Any], me: str, space: str) -> int | None:
    """Rule 7.4's upkeep of our stack at a watch space kept there on station (rule 3.6),
    when it has ships that close the route for a side at war with Corinth's; else None."""
    here = (view["spaces"][space].get("forces") or {}).get(me) or [0, 0, 0]
    if space not in GULF or not here[2] or not hostile(view, me, "corinth"):
        return None
    return int(STATION_COST[0] * (here[0] + here[1]) + STATION_COST[1] * here[2])


def bares_port(view: dict[str, Any], me: str, data: dict[str, Any], ships: int) -> bool:
    """Whether an order takes the last of our ships out of our port, leaving a home by the
    sea (Athens through its Long Walls) unsupplied (rule 5.8)."""
    cs = board().city_states[me]
    port = cs.port or cs.home
    left = int(((view["spaces"][port].get("forces") or {}).get(me) or [0, 0, 0])[2]) - ships
    return bool(data["from"] == port and left <= 0)


def corcyra_home(view: dict[str, Any], space: str) -> bool:
    """Rules 5.8, 6.3: `space` is Corcyra's home while Corcyra is on Corinth's side; taken,
    Corcyra becomes the captor's tributary, off Corinth's side."""
    return space == board().city_states[CORCYRA].home and side(view, CORCYRA) == "corinth"
