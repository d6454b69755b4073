"""The Event Cards stage of the Seasonal Turn as procedures (3.2 F, 12.1-12.3); the
deck, the hands and the card effects it reads live in `cards.py`.

    cards (play, 12.1) -> cards_discard (12.2) -> cards_draw (12.2, 12.3)
        -> cards_peace (20.1) -> cards_agree (with allies, 20.1b)

Each sub-step is its own procedure, handing on with `goto`; discarding, drawing and the
Peace Embassy walk the seats with the kernel's `SeatsInTurn` (`i`: the seat in turn)."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from engine import Option, Prompt
from engine.core import decisions
from engine.core.flows import TA, SeatsInTurn
from engine.core.procedures import Flow, Procedure

from . import alliances as A
from . import events as E
from .allied_peace import agree, agree_prompt, to_agree
from .cards import BURN, card_seats, discard, draw, gifts, hand_size, immediate, season_fx, title
from .notes import note
from .sicily import at_draw
from .state import EState, dealt


class PlayArgs(TypedDict):
    turn: NotRequired[int]  # plays and passes so far (the seat in turn, modulo the seats)
    passes: NotRequired[int]  # passes in a row


class SeatArgs(TypedDict):
    i: int  # the seat in turn (`card_seats` order)


class DrawArgs(TypedDict):
    i: int
    pending: NotRequired[str]  # an Immediate card drawn, waiting for its drawer's choice


class EventPhase(Procedure[EState, PlayArgs]):
    """3.2 F, 12.1-12.3: the players play cards one at a time, the player with more regions
    first, until every one has passed in turn; then each may discard, each draws back to his
    hand's size (Immediate cards are acted on as they come), and two cards are burnt face
    down. With allies each League player plays, discards and draws for himself, and may pass
    cards to an ally when his turn to play comes (24.6). This is the play (12.1)."""

    name = "cards"

    def enter(self, flow: Flow[EState, PlayArgs]) -> None:
        s, a = flow.state, flow.args
        if s["result"] is not None:
            return
        seats = card_seats(s)
        n = len(seats)
        turn, passes = a.setdefault("turn", 0), a.setdefault("passes", 0)
        while passes < n:
            side = seats[turn % n]
            if E.plays(s, side) or gifts(s, side):
                return  # ask
            passes += 1  # nothing he could play: a pass
            turn += 1
            a["turn"], a["passes"] = turn, passes
        flow.goto("cards_discard", i=0)

    def prompts(self, flow: Flow[EState, PlayArgs]) -> list[Prompt]:
        s, a = flow.state, flow.args
        seats = card_seats(s)
        side = seats[a.get("turn", 0) % len(seats)]
        opts = E.plays(s, side) + gifts(s, side) + [
            Option("pass", "Play no card now", "12.1", data={"kind": "pass"})]
        return [Prompt(side, f"{side.title()}: play an Event Card (12.1)?", tuple(opts),
                       rule="12.1", kind="card")]

    def act(self, flow: Flow[EState, PlayArgs], seat: str, answer: decisions.Answer) -> None:
        s, a = flow.state, flow.args
        if answer == "pass":
            a["passes"] = a.get("passes", 0) + 1
        elif str(answer).startswith("give|"):  # 24.6: the same player goes on
            _, cid, taker = str(answer).split("|")
            note(flow, A.give_card(s, seat, taker, cid))
            self.enter(flow)
            return
        else:
            a["passes"] = 0
            E.play(flow, seat, str(answer))
        a["turn"] = a.get("turn", 0) + 1
        if s["result"] is None:
            self.enter(flow)


class _CardSeats(SeatsInTurn[EState, TA]):
    """The players in the card order (12.1), one at a time; nothing moves once the game
    has ended."""

    def seats(self, flow: Flow[EState, TA]) -> list[str]:
        return card_seats(flow.state)

    def halted(self, flow: Flow[EState, TA]) -> bool:
        return flow.state["result"] is not None


class Discard(_CardSeats[SeatArgs]):
    """12.2: each player in turn may discard any of his cards before drawing."""

    name = "cards_discard"

    def asks(self, flow: Flow[EState, SeatArgs], seat: str) -> bool:
        return bool(dealt(flow.state)["hands"][seat])

    def done(self, flow: Flow[EState, SeatArgs]) -> None:
        flow.goto("cards_draw", i=0)

    def prompts(self, flow: Flow[EState, SeatArgs]) -> list[Prompt]:
        s = flow.state
        side = self.seat_in_turn(flow)
        hand = dealt(s)["hands"][side]
        opts = [Option(cid, f"Discard {title(cid)}", "12.2", data={"kind": "discard_card", "card": cid})
                for cid in hand]
        return [decisions.pick(side, f"{side.title()}: discard any cards before drawing "
                                     "(12.2)?", opts, 0, len(opts), rule="12.2",
                               kind="discard")]

    def act(self, flow: Flow[EState, SeatArgs], seat: str, answer: decisions.Answer) -> None:
        s = flow.state
        hand = dealt(s)["hands"][seat]
        for cid in answer if isinstance(answer, tuple) else ():
            hand.remove(str(cid))
            discard(s, str(cid))
        if isinstance(answer, tuple) and answer:
            note(flow, f"{seat.title()} discards {len(answer)} cards (12.2)")
        self.next_seat(flow)


class Draw(_CardSeats[DrawArgs]):
    """12.2: each player in turn draws back to his hand's size, an Immediate card acted on
    as it comes (19.0: Sicily's late cards too); then two cards are burnt (12.3)."""

    name = "cards_draw"

    def asks(self, flow: Flow[EState, DrawArgs], seat: str) -> bool:
        """The seat draws until its hand is full (False: on to the next), or until an
        Immediate card waits for its choice or ends the game (True: the walk stops)."""
        s, a = flow.state, flow.args
        while not a.get("pending"):
            hand = dealt(s)["hands"][seat]
            if len(hand) >= hand_size(s, seat):
                return False
            cid = draw(s, flow.context)
            if cid is None:
                return False  # no card left anywhere
            if not immediate(cid) and not at_draw(s, cid):  # 19.0: Sicily's late cards
                hand.append(cid)
                continue
            if E.immediate_options(s, seat, cid):
                a["pending"] = cid
                return True  # ask
            E.resolve_immediate(flow, seat, cid, None)
            if s["result"] is not None:
                return True
        return True  # an Immediate card waits for its drawer's choice

    def done(self, flow: Flow[EState, DrawArgs]) -> None:
        s = flow.state
        for _ in range(BURN):  # 12.3
            cid = draw(s, flow.context)
            if cid is not None:
                discard(s, cid)
        flow.goto("cards_peace", i=0)

    def prompts(self, flow: Flow[EState, DrawArgs]) -> list[Prompt]:
        s, a = flow.state, flow.args
        side = self.seat_in_turn(flow)
        cid = a.get("pending", "")
        opts = E.immediate_options(s, side, cid)
        return [Prompt(side, f"{side.title()} draws {title(cid)}: it is acted on "
                             "at once (12.2)", tuple(opts), rule="12.2", kind="card")]

    def act(self, flow: Flow[EState, DrawArgs], seat: str, answer: decisions.Answer) -> None:
        cid = flow.args.pop("pending", "")
        E.resolve_immediate(flow, seat, cid, str(answer))
        if flow.state["result"] is None:
            self.enter(flow)  # the same seat draws on


class Peace(_CardSeats[SeatArgs]):
    """Appendix C, 20.1: each player in turn may roll for or offer peace."""

    name = "cards_peace"

    def asks(self, flow: Flow[EState, SeatArgs], seat: str) -> bool:
        return bool(E.peace_choices(flow.state, seat))

    def done(self, flow: Flow[EState, SeatArgs]) -> None:
        if A.multi(flow.state):  # 20.1b: the others answer an offer of peace (RULINGS M24)
            flow.goto("cards_agree")
        else:
            flow.end()

    def prompts(self, flow: Flow[EState, SeatArgs]) -> list[Prompt]:
        s = flow.state
        side = self.seat_in_turn(flow)
        return [Prompt(side, f"{side.title()}: the Peace Embassy (Appendix C, 20.1)",
                       tuple(E.peace_choices(s, side)), rule="20.1", kind="peace")]

    def act(self, flow: Flow[EState, SeatArgs], seat: str, answer: decisions.Answer) -> None:
        E.peace_answer(flow, seat, str(answer))
        self.next_seat(flow)


class Agree(Procedure[EState]):
    """20.1b: with more than two players, the others answer an offer of peace
    (RULINGS M24)."""

    name = "cards_agree"

    def enter(self, flow: Flow[EState]) -> None:
        s = flow.state
        if s["result"] is not None:
            return
        if to_agree(s, season_fx(s)) is None:
            flow.end()
        # else ask

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        s = flow.state
        fx = season_fx(s)
        return [agree_prompt(s, fx, str(to_agree(s, fx)))]

    def act(self, flow: Flow[EState], seat: str, answer: decisions.Answer) -> None:
        s = flow.state
        for line in agree(s, season_fx(s), seat, str(answer)):
            note(flow, line)
        if s["result"] is None:
            self.enter(flow)


PROCEDURES = (EventPhase(), Discard(), Draw(), Peace(), Agree())
