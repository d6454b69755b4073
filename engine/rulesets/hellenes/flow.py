"""The Game Year as kernel procedures (Introduction, 3.3, 9.0, 10.0).

new_year -> commit -> new_year_resolve -> [commit -> season]x4 -> commit -> winter
-> year_end -> new_year ... Each Player Turn is `turn` (event or actions, then combat).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, cast

from engine import Option, Prompt
from engine.core import decisions
from engine.core.flows import Simultaneous
from engine.core.procedures import Flow, Procedure
from engine.core.view import PHASE_END

from . import board as B
from . import cards as K
from .commits import parsed
from .homing import homing_battles
from .olympians import open_appeal
from .siege import refresh
from .state import (
    FALL,
    NEW_YEAR,
    SIDES,
    SPRING,
    WINTER,
    HState,
    Side,
    add_prestige,
    new_turn,
    other,
    season_words,
)
from .state import Commit as Committed
from .wasted import no_effect


def note(flow: Flow[HState], kind: str, text: str, **data: Any) -> None:
    flow.context.event(kind, text, **data)


def phase_end(flow: Flow[HState], what: str) -> None:
    s = flow.state
    refresh(s)  # 1.4: control and sieges re-evaluated after each phase
    flow.context.event(PHASE_END, f"{season_words(s['year'], s['season'])}: {what}",
                       year=s["year"], season=s["season"])


def begin_season(s: HState, season: int) -> None:
    """A new Season: the stamp advances (sieges and blockades 'from a prior Season'), and
    the effects that last one Season end."""
    if B.expeditionaries(s) and s["season"] != NEW_YEAR:
        s["effects"]["expeditionaries_seen"] = s["year"]  # 15.2/15.4 rule 2
    s["season"] = season
    s["stamp"] += 1
    s["effects"]["earthquake"], s["effects"]["augury"], s["effects"]["hunger"] = [], [], []
    s["effects"]["appealed"] = []


class NewYear(Procedure[HState]):
    """10.1: deal six cards each."""

    name = "new_year"

    def enter(self, flow: Flow[HState]) -> None:
        s = flow.state
        begin_season(s, NEW_YEAR)
        K.deal(s, flow.context)
        note(flow, "new_year", f"New Year {s['year']} BC: six cards dealt to each player (10.1)")
        flow.args["zeus"] = 0
        self._zeus(flow)

    def _zeus(self, flow: Flow[HState]) -> None:
        """11.0 Zeus: each New Year hand may be dealt again on an Appeal by its owner or by
        the opponent (11.0: a random result "made by himself or by the opponent")."""
        s = flow.state
        while flow.args["zeus"] < 2:
            side = SIDES[flow.args["zeus"]]
            flow.args["zeus"] += 1
            s["effects"]["appealed"] = []  # each player's hand is its own draw
            if open_appeal(flow, "Zeus", {"kind": "hand", "side": side},
                           [side, other(side)]):
                flow.args["side"] = side
                return
        flow.goto("commit")

    def resume(self, flow: Flow[HState], result: object) -> None:
        s = flow.state
        if result:  # discard the hand, six more from the deck, no reshuffle (11.0)
            side = flow.args["side"]
            c = s["cards"]
            c["discard"].extend(c["hands"][side])
            c["hands"][side] = []
            for _ in range(K.HAND):
                if c["deck"]:
                    c["hands"][side].append(c["deck"].pop())
            c["hands"][side].sort()
            note(flow, "zeus", f"{side.title()}'s New Year hand is dealt again (11.0 Zeus)")
        self._zeus(flow)


@lru_cache(maxsize=1024)
def _commit_option(option_id: str, label: str, rule: str, wasted: str | None = None) -> Option:
    """One way to commit a card, made once (hands are offered again every Season); an
    Event that would do nothing now says so in its label and facts (wasted.py)."""
    card, use = option_id.split(":")
    facts: dict[str, Any] = {"kind": "commit", "card": int(card),
                             "use": "event" if use == "e" else "actions"}
    if wasted is not None:
        label = f"{label} — no effect now: {wasted}"
        facts["no_effect"] = wasted
    return Option(option_id, label, rule, data=facts)


def _shown(choices: dict[str, decisions.Answer]) -> dict[str, Committed]:
    return {side: parsed(str(a)) for side, a in choices.items()}


class Commit(Simultaneous[HState]):
    """3.3 / 9.1 / 10.1: both players commit a card face down, then reveal together (the
    kernel's simultaneous choice: the choices wait in this frame, commits.py)."""

    name = "commit"

    def seats(self, flow: Flow[HState]) -> tuple[str, ...]:
        return SIDES

    def ask(self, flow: Flow[HState], seat: str) -> Prompt:
        s = flow.state
        rule = {NEW_YEAR: "10.1", WINTER: "9.1"}.get(s["season"], "3.3")
        side = cast(Side, seat)
        opts = tuple(_commit_option(oid, label, rule,
                                    no_effect(s, side, int(oid[:-2])) if oid.endswith(":e")
                                    else None)
                     for oid, label, rule in K.commit_options(s, side))
        return Prompt(seat, f"{season_words(s['year'], s['season'])}: commit a card face "
                      f"down ({rule})", opts, rule=rule, secret=True, kind="commit")

    def reveal_text(self, flow: Flow[HState], choices: dict[str, decisions.Answer]) -> str:
        """One line for the reveal and the initiative it gives (3.3)."""
        shown = _shown(choices)
        s = flow.state
        words = "; ".join(f"{side.title()} {K.card(s, r['card']).name} for "
                          f"{'its Event' if r['use'] == 'event' else 'Actions'}"
                          for side, r in sorted(shown.items()))
        return f"Cards revealed: {words}. {K.initiative(s, shown)[0].title()} goes first (3.3)"

    def reveal_data(self, flow: Flow[HState],
                    choices: dict[str, decisions.Answer]) -> dict[str, Any]:
        shown = _shown(choices)
        return {"revealed": shown, "order": list(K.initiative(flow.state, shown))}

    def reveal(self, flow: Flow[HState], choices: dict[str, decisions.Answer]) -> None:
        s = flow.state
        c = s["cards"]
        shown = _shown(choices)
        for side, com in shown.items():
            c["hands"][side].remove(com["card"])
        c["revealed"] = shown
        c["order"] = K.initiative(s, shown)  # told by the reveal event (reveal_text)
        if s["season"] == NEW_YEAR:
            flow.goto("new_year_resolve", i=0)
        elif s["season"] == WINTER:
            flow.goto("winter", side=c["order"][0])
        else:
            flow.goto("season", i=0)


class NewYearResolve(Procedure[HState]):
    """10.2/10.3: in initiative order, each New Year card is an Event or a Sacrifice."""

    name = "new_year_resolve"

    def enter(self, flow: Flow[HState]) -> None:
        s, i = flow.state, flow.args["i"]
        if i >= 2:
            phase_end(flow, "New Year")
            begin_season(s, SPRING)
            flow.goto("commit")
            return
        side = s["cards"]["order"][i]
        r = s["cards"]["revealed"][side]
        if r["use"] == "event":
            flow.call("event", side=side, card=r["card"])
        else:
            flow.call("sacrifice", side=side, card=r["card"])

    def resume(self, flow: Flow[HState], result: object) -> None:
        flow.goto("new_year_resolve", i=flow.args["i"] + 1)


def olympians_free(s: HState, side: str) -> list[str]:
    return [o for o in B.comps().olympians if o not in s["sacrifices"][side]]


class Sacrifice(Procedure[HState]):
    """10.3: the card is Sacrificed to an Olympian of the player's choice, one Sacrifice
    per Olympian per player."""

    name = "sacrifice"

    def enter(self, flow: Flow[HState]) -> None:
        s = flow.state
        s["cards"]["discard"].append(flow.args["card"])
        if not olympians_free(s, flow.args["side"]):
            note(flow, "sacrifice", f"{flow.args['side'].title()} already has a Sacrifice on "
                 "every Olympian: the card is spent (10.3)")
            flow.end()

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        side = flow.args["side"]
        c = B.comps().olympians
        opts = tuple(Option(o, f"{o}: {c[o].redo}", "11.0",
                            data={"kind": "sacrifice", "olympian": o})
                     for o in olympians_free(flow.state, side))
        return [Prompt(side, "Sacrifice to which Olympian? (10.3, 11.0)", opts, rule="10.3",
                       kind="sacrifice")]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        s = flow.state
        s["sacrifices"][seat][str(answer)] = s["year"]
        note(flow, "sacrifice", f"{seat.title()} sacrifices to {answer} (10.3)")
        flow.end()


class Season(Procedure[HState]):
    """Spring to Fall: the two Player Turns in initiative order (3.3)."""

    name = "season"

    def enter(self, flow: Flow[HState]) -> None:
        s, i = flow.state, flow.args["i"]
        if i < 2:
            flow.call("turn", side=s["cards"]["order"][i])
            return
        if s["season"] == FALL:
            begin_season(s, WINTER)
        else:
            begin_season(s, s["season"] + 1)
        flow.goto("commit")

    def resume(self, flow: Flow[HState], result: object) -> None:
        flow.goto("season", i=flow.args["i"] + 1)


class Turn(Procedure[HState]):
    """A Player Turn: an Event or Actions (3.1, 4.0), then the Combat phase (6.0)."""

    name = "turn"

    def enter(self, flow: Flow[HState]) -> None:
        s, side = flow.state, flow.args["side"]
        if not flow.args.get("asked") and war_cost(s, side) is not None:
            return  # 12.1: the player may first declare that the War Resumes
        self._play(flow)

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        s, side = flow.state, flow.args["side"]
        cost = war_cost(s, side)
        return [Prompt(side, f"Before your turn: break the Peace of Nicias? It costs you "
                       f"{cost} Prestige in {s['year']} BC (12.1)",
                       (Option("keep", "Keep the Peace", "12.1", data={"kind": "keep"}),
                        Option("war", f"The War Resumes (-{cost} Prestige)", "12.1",
                               data={"kind": "war", "cost": cost})),
                       rule="12.1", kind="war-resumes")]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        s = flow.state
        flow.args["asked"] = True
        if answer == "war":
            cost = war_cost(s, seat)
            assert cost is not None
            add_prestige(s, seat, -cost)
            s["effects"]["war_resumed"] = True
            for x in s["blocks"].values():  # 12.13: Sparta's #41-46 join its pool
                if x["loc"] == "aside" and x["side"] == "sparta":
                    x["loc"] = "pool"
            note(flow, "war", f"{seat.title()} breaks the Peace: the War Resumes, -{cost} "
                 "Prestige; Tribute is halved, Thebes keeps Capacity 12 (12.1-12.13)")
        self._play(flow)

    def _play(self, flow: Flow[HState]) -> None:
        s, side = flow.state, flow.args["side"]
        r = s["cards"]["revealed"][side]
        if r["use"] == "event":
            s["turn"] = new_turn(side, True, 0)
            flow.call("event", side=side, card=r["card"])
            return
        s["cards"]["discard"].append(r["card"])
        n = B.actions_for(s, side, K.card(s, r["card"]).av)
        s["turn"] = new_turn(side, False, n)
        note(flow, "actions", f"{side.title()} has {n} Action(s) this turn (4.0)")
        flow.goto("actions", side=side)

    def resume(self, flow: Flow[HState], result: object) -> None:
        phase_end(flow, f"{flow.args['side'].title()} Event")
        flow.goto("combat", side=flow.args["side"])


WAR_COST = {"sparta": (5, 4, 3, 2, 1), "athens": (10, 8, 6, 4, 2)}  # 415 ... 411 BC


def war_cost(s: HState, side: str) -> int | None:
    """12.1: in the 415 Campaign, while the Peace holds, its Prestige price this Year."""
    if s["scenario"] != "415" or not B.peace(s):
        return None
    i = 415 - s["year"]
    return WAR_COST[side][i] if i < 5 else 0


class Winter(Procedure[HState]):
    """9.0 Winter, first its Winter Actions (9.2): those of `side`, the first player's,
    then the second's; then SiegeBreaking and Winter Siege Combat (`WinterCombat`)."""

    name = "winter"

    def enter(self, flow: Flow[HState]) -> None:
        s, side = flow.state, flow.args["side"]
        r = s["cards"]["revealed"][side]
        s["cards"]["discard"].append(r["card"])
        n = B.actions_for(s, side, K.card(s, r["card"]).av)
        s["turn"] = new_turn(side, False, n)
        note(flow, "actions", f"{side.title()} has {n} Winter Action(s) (9.2)")
        flow.call("winter_actions", side=side, maintained=[])

    def resume(self, flow: Flow[HState], result: object) -> None:
        first, second = flow.state["cards"]["order"]
        if flow.args["side"] == first:
            flow.goto("winter", side=second)
        else:
            flow.goto("winter_combat", side=first, mode="breaking")


class WinterCombat(Procedure[HState]):
    """9.3 SiegeBreaking Combat (`mode` "breaking": Homing Battles, then Sorties, 9.31,
    9.32), then 9.4 Winter Siege Combat ("siege": Assault or Attrition at 1-3), each for
    the first player then the second; then Year End (9.5)."""

    name = "winter_combat"

    def enter(self, flow: Flow[HState]) -> None:
        s, side, mode = flow.state, flow.args["side"], flow.args["mode"]
        turn = s["turn"] = new_turn(side, False, 0)
        if mode == "breaking":  # 9.31: Homing Battles open the SiegeBreaking Combat
            turn["engaged"] = homing_battles(s, side)
        flow.call("combat", side=side, mode=mode)

    def resume(self, flow: Flow[HState], result: object) -> None:
        s, side, mode = flow.state, flow.args["side"], flow.args["mode"]
        first, second = s["cards"]["order"]
        if side == first:
            flow.goto("winter_combat", side=second, mode=mode)
        elif mode == "breaking":
            flow.goto("winter_combat", side=first, mode="siege")
        else:
            s["turn"] = None
            flow.goto("year_end")


__all__ = ["Commit", "NewYear", "NewYearResolve", "Sacrifice", "Season", "Turn", "Winter", "WinterCombat",
           "begin_season", "note", "other", "phase_end"]
