"""The deck of Event Cards (rules 2.3, 12.0-12.5): dealing, hands, drawing, discarding,
burning, reshuffling, and the Event Cards stage of the full Seasonal Turn (3.2 F).

State, `s["cards"]` (None in the simplified scenarios, which deal no cards):
    deck:    card ids, top first; its order is hidden from everyone
    discard: the face-down discard pile (12.4); its contents are hidden too
    removed: cards discarded for good, face up (12.4)
    aside:   cards set aside until the first deck is through (23.2.6, 23.4)
    hands:   side -> card ids, each seen only by its holder
    runs:    how many times the deck has run out (12.5)
    active:  cards lying face up with a lasting effect (Peace Embassy)
    season:  what this season's cards have done ("storms", "earthquake", "played", ...)
What each card does is in `events.py`."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine import Option, Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure
from engine.core.ruleset import Context

from . import alliances as A
from . import board as B
from .allied_peace import agree, agree_prompt, to_agree
from .flow import note
from .state import SIDES, EState

BURN = 2  # 12.3: cards discarded face down from the deck after the draw
TWO_PLAYER_ONLY_OUT = ("allied-dissent",)  # Appendix C: the League's card, 3 and 4 players


@cache
def _kinds() -> dict[str, str]:
    return {c.id: c.kind for c in B.comps().cards}


def kind_of(cid: str) -> str:
    return _kinds()[cid]


def face(cid: str) -> Any:
    return next(c for c in B.comps().cards if c.id == cid)


def title(cid: str) -> str:
    c = face(cid)
    extra = getattr(c, "region", None) or getattr(c, "city", None)
    name = B.comps().card_kinds[c.kind].name
    return f"{name} ({extra})" if extra else name


def immediate(cid: str) -> bool:
    return B.comps().card_kinds[kind_of(cid)].immediate


def seats(sc: Any) -> tuple[str, ...]:
    """Who holds a hand: Athens and Sparta, or every player of 24.0 / 25.0."""
    return tuple(sc.players) if len(sc.players) > 2 else SIDES


def deal(sc: Any, ctx: Context) -> dict:
    """2.3: the scenario's cards out, five to each player (three to each League player with
    allies, 24.6; an Immediate card drawn is put back), and the deck shuffled again."""
    later = set(sc.cards_added_after_first_deck)
    multi = len(sc.players) > 2
    # 24.6: with allies Allied Dissent replaces Allied Unrest (the scenario removes Unrest);
    # Sicily's cards are in every Campaign deck, with allies too (RULINGS M18-M21)
    out = set(sc.cards_removed) | (set() if multi else set(TWO_PLAYER_ONLY_OUT))
    every = [c.id for c in B.comps().cards]
    hands = {seat: list(sc.starting_hands.get(seat, [])) for seat in seats(sc)}  # 27.2.6
    dealt = {cid for cids in hands.values() for cid in cids}
    deck = [cid for cid in every if kind_of(cid) not in out and cid not in dealt]
    aside = [cid for cid in every if kind_of(cid) in later]
    ctx.shuffle(deck)
    back: list[str] = []
    for side in seats(sc):
        while len(hands[side]) < sc.hand_size[side] and deck:
            cid = deck.pop(0)
            (back if immediate(cid) else hands[side]).append(cid)
    deck += back
    ctx.shuffle(deck)
    return {"deck": deck, "discard": [], "removed": [], "aside": aside, "hands": hands,
            "runs": 0, "active": [], "season": {}}


def draw(s: EState, ctx: Context) -> str | None:
    """The top card; an empty deck takes the discard pile reshuffled (12.5), and after the
    first deck the set-aside cards join it (23.4)."""
    c = s["cards"]
    if not c["deck"]:
        c["runs"] += 1
        c["deck"], c["discard"] = c["discard"], []
        if c["runs"] == 1 and c["aside"]:
            c["deck"] += c["aside"]
            c["aside"] = []
        ctx.shuffle(c["deck"])
    ctx.reveal()  # a card comes to light: no undo across a draw
    return c["deck"].pop(0) if c["deck"] else None


def discard(s: EState, cid: str, permanently: bool = False) -> None:
    s["cards"]["removed" if permanently else "discard"].append(cid)


def season_fx(s: EState) -> dict:
    """This season's card effects (reset at each Seasonal Turn)."""
    c = s.get("cards")
    return c["season"] if c else {}


def hand_size(s: EState, side: str) -> int:
    return B.comps().scenarios[s["scenario"]].hand_size[side]


def card_seats(s: EState) -> list[str]:
    """Who plays cards, in turn order: the two sides, or with allies each League player in
    the League's place (24.4, 24.6)."""
    from . import alliances as A

    if not A.multi(s):
        return list(s["order"])
    return [x for side in s["order"]
            for x in (A.league_seats(s) if side == A.LEAGUE else [side])]


def gifts(s: EState, seat: str) -> list[Option]:
    """24.6: a League player may pass any card to an ally whose hand is not full."""
    from . import alliances as A

    if not A.multi(s) or seat not in A.league_seats(s):
        return []
    hands = s["cards"]["hands"]
    return [Option(f"give|{cid}|{x}", f"Pass {title(cid)} to {A.title(x)}", "24.6")
            for cid in sorted(set(hands[seat])) for x in A.league_seats(s)
            if x != seat and len(hands[x]) < hand_size(s, x)]


class EventPhase(Procedure[EState]):
    """3.2 F, 12.1-12.3: the players play cards one at a time, the player with more regions
    first, until every one has passed in turn; then each may discard, each draws back to his
    hand's size (Immediate cards are acted on as they come), and two cards are burnt face
    down. With allies each League player plays, discards and draws for himself, and may pass
    cards to an ally when his turn to play comes (24.6)."""

    name = "cards"

    def enter(self, flow: Flow[EState]) -> None:
        from . import events as E
        from .sicily import at_draw

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
                if s["cards"]["hands"][seats[a["i"]]]:
                    return  # ask
                a["i"] += 1
            a.update(step="draw", i=0)
        if a["step"] == "draw":
            while a["i"] < n:
                side = seats[a["i"]]
                if a.get("pending"):
                    return  # an Immediate card waits for its drawer's choice
                hand = s["cards"]["hands"][side]
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
        if a["step"] == "agree" and to_agree(s, E.season_fx(s)) is not None:
            return  # ask
        flow.end()

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        from . import events as E

        s, a = flow.state, flow.args
        seats = card_seats(s)
        if a["step"] == "play":
            side = seats[a["turn"] % len(seats)]
            opts = E.plays(s, side) + gifts(s, side) + [
                Option("pass", "Play no card now", "12.1")]
            return [Prompt(side, f"{side.title()}: play an Event Card (12.1)?", tuple(opts),
                           rule="12.1", kind="card")]
        if a["step"] == "discard":
            side = seats[a["i"]]
            hand = s["cards"]["hands"][side]
            opts = [Option(cid, f"Discard {title(cid)}", "12.2") for cid in hand]
            return [decisions.pick(side, f"{side.title()}: discard any cards before drawing "
                                         "(12.2)?", opts, 0, len(opts), rule="12.2",
                                   kind="discard")]
        if a["step"] == "draw":
            side = seats[a["i"]]
            opts = E.immediate_options(s, side, a["pending"])
            return [Prompt(side, f"{side.title()} draws {title(a['pending'])}: it is acted on "
                                 "at once (12.2)", tuple(opts), rule="12.2", kind="card")]
        if a["step"] == "agree":
            fx = E.season_fx(s)
            return [agree_prompt(s, fx, str(to_agree(s, fx)))]
        side = seats[a["i"]]
        return [Prompt(side, f"{side.title()}: the Peace Embassy (Appendix C, 20.1)",
                       tuple(E.peace_choices(s, side)), rule="20.1", kind="peace")]

    def act(self, flow: Flow[EState], seat: str, answer: decisions.Answer) -> None:
        from . import alliances as A
        from . import events as E

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
            hand = s["cards"]["hands"][seat]
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
            for line in agree(s, E.season_fx(s), seat, str(answer)):
                note(flow, line)
        else:
            E.peace_answer(flow, seat, str(answer))
            a["i"] += 1
        if s["result"] is None:
            self.enter(flow)


def public(s: EState, seat: str | None) -> dict | None:
    """What `seat` may see of the cards: its own hand, the size of the other, the number
    of cards in the deck and the discard pile, and the face-up cards."""
    c = s.get("cards")
    if not c:
        return None
    return {
        "hand": sorted(c["hands"][seat]) if seat in c["hands"] else [],
        "hand_sizes": {side: len(hand) for side, hand in c["hands"].items()},
        "deck": len(c["deck"]),
        "discard": len(c["discard"]),
        "removed": sorted(c["removed"]),
        "aside": sorted(c["aside"]),
        "runs": c["runs"],
        "active": sorted(c["active"]),
    }


def shuffle_hidden(v: EState, seat: str | None, rng: Any) -> None:
    """A redaction variant: the cards `seat` cannot see (the deck, the face-down discards,
    every other player's hand) dealt out again among the same places in the same numbers."""
    c = v.get("cards")
    if not c:
        return
    others = [side for side in c["hands"] if side != seat]
    unseen = list(c["deck"]) + list(c["discard"])
    for side in others:
        unseen += c["hands"][side]
    rng.shuffle(unseen)
    n = len(c["deck"])
    c["deck"], rest = unseen[:n], unseen[n:]
    m = len(c["discard"])
    c["discard"], rest = rest[:m], rest[m:]
    for side in others:
        k = len(c["hands"][side])
        c["hands"][side], rest = rest[:k], rest[k:]
