"""The Event Cards stage of the Seasonal Turn as a procedure (3.2 F, 12.1-12.3); the
deck, the hands and the card effects it reads live in `cards.py`."""

from __future__ import annotations

from engine import Option, Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure

from . import alliances as A
from . import events as E
from .allied_peace import agree, agree_prompt, to_agree
from .cards import BURN, card_seats, discard, draw, gifts, hand_size, immediate, season_fx, title
from .notes import note
from .sicily import at_draw
from .state import EState, dealt


class EventPhase(Procedure[EState]):
    """3.2 F, 12.1-12.3: the players play cards one at a time, the player with more regions
    first, until every one has passed in turn; then each may discard, each draws back to his
    hand's size (Immediate cards are acted on as they come), and two cards are burnt face
    down. With allies each League player plays, discards and draws for himself, and may pass
    cards to an ally when his turn to play comes (24.6)."""

    name = "cards"

    def enter(self, flow: Flow[EState]) -> None:
        s = flow.state
        a = flow.args
        if s["result"] is not None:
            return
        seats = card_seats(s)
        n = len(seats)
        a.setdefault("step", "play")
        a.setdefault("turn", 0)
        a.setdefault("passes", 0)
        if a["step"] == "play":
            while a["passes"] < n:
                side = seats[a["turn"] % n]
                if E.plays(s, side) or gifts(s, side):
                    return  # ask
                a["passes"] += 1  # nothing he could play: a pass
                a["turn"] += 1
            a.update(step="discard", i=0)
        if a["step"] == "discard":
            while a["i"] < n:
                if dealt(s)["hands"][seats[a["i"]]]:
                    return  # ask
                a["i"] += 1
            a.update(step="draw", i=0)
        if a["step"] == "draw":
            while a["i"] < n:
                side = seats[a["i"]]
                if a.get("pending"):
                    return  # an Immediate card waits for its drawer's choice
                hand = dealt(s)["hands"][side]
                if len(hand) >= hand_size(s, side):
                    a["i"] += 1
                    continue
                cid = draw(s, flow.context)
                if cid is None:
                    a["i"] += 1  # no card left anywhere
                    continue
                if not immediate(cid) and not at_draw(s, cid):  # 19.0: Sicily's late cards
                    hand.append(cid)
                    continue
                if E.immediate_options(s, side, cid):
                    a["pending"] = cid
                    return  # ask
                E.resolve_immediate(flow, side, cid, None)
                if s["result"] is not None:
                    return
            for _ in range(BURN):  # 12.3
                cid = draw(s, flow.context)
                if cid is not None:
                    discard(s, cid)
            a.update(step="peace", i=0)
        if a["step"] == "peace":
            while a["i"] < n:
                if E.peace_choices(s, seats[a["i"]]):
                    return  # ask
                a["i"] += 1
            if A.multi(s):  # 20.1b: the others answer an offer of peace (RULINGS M24)
                a["step"] = "agree"
        if a["step"] == "agree" and to_agree(s, season_fx(s)) is not None:
            return  # ask
        flow.end()

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        s, a = flow.state, flow.args
        seats = card_seats(s)
        if a["step"] == "play":
            side = seats[a["turn"] % len(seats)]
            opts = E.plays(s, side) + gifts(s, side) + [
                Option("pass", "Play no card now", "12.1", data={"kind": "pass"})]
            return [Prompt(side, f"{side.title()}: play an Event Card (12.1)?", tuple(opts),
                           rule="12.1", kind="card")]
        if a["step"] == "discard":
            side = seats[a["i"]]
            hand = dealt(s)["hands"][side]
            opts = [Option(cid, f"Discard {title(cid)}", "12.2", data={"kind": "discard_card", "card": cid})
                    for cid in hand]
            return [decisions.pick(side, f"{side.title()}: discard any cards before drawing "
                                         "(12.2)?", opts, 0, len(opts), rule="12.2",
                                   kind="discard")]
        if a["step"] == "draw":
            side = seats[a["i"]]
            opts = E.immediate_options(s, side, a["pending"])
            return [Prompt(side, f"{side.title()} draws {title(a['pending'])}: it is acted on "
                                 "at once (12.2)", tuple(opts), rule="12.2", kind="card")]
        if a["step"] == "agree":
            fx = season_fx(s)
            return [agree_prompt(s, fx, str(to_agree(s, fx)))]
        side = seats[a["i"]]
        return [Prompt(side, f"{side.title()}: the Peace Embassy (Appendix C, 20.1)",
                       tuple(E.peace_choices(s, side)), rule="20.1", kind="peace")]

    def act(self, flow: Flow[EState], seat: str, answer: decisions.Answer) -> None:
        s, a = flow.state, flow.args
        if a["step"] == "play":
            if answer == "pass":
                a["passes"] += 1
            elif str(answer).startswith("give|"):  # 24.6: the same player goes on
                _, cid, taker = str(answer).split("|")
                note(flow, A.give_card(s, seat, taker, cid))
                self.enter(flow)
                return
            else:
                a["passes"] = 0
                E.play(flow, seat, str(answer))
            a["turn"] += 1
        elif a["step"] == "discard":
            hand = dealt(s)["hands"][seat]
            for cid in answer if isinstance(answer, tuple) else ():
                hand.remove(str(cid))
                discard(s, str(cid))
            if isinstance(answer, tuple) and answer:
                note(flow, f"{seat.title()} discards {len(answer)} cards (12.2)")
            a["i"] += 1
        elif a["step"] == "draw":
            cid = a.pop("pending")
            E.resolve_immediate(flow, seat, cid, str(answer))
        elif a["step"] == "agree":
            for line in agree(s, season_fx(s), seat, str(answer)):
                note(flow, line)
        else:
            E.peace_answer(flow, seat, str(answer))
            a["i"] += 1
        if s["result"] is None:
            self.enter(flow)
