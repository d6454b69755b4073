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

from engine import Option
from engine.core.ruleset import Context

from . import alliances as A
from . import board as B
from .state import SIDES, Cards, EState, dealt

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


def deal(sc: Any, ctx: Context) -> Cards:
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
    c = dealt(s)
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
    dealt(s)["removed" if permanently else "discard"].append(cid)


def season_fx(s: EState) -> dict[str, Any]:
    """This season's card effects (reset at each Seasonal Turn)."""
    c = s.get("cards")
    return c["season"] if c else {}


def hand_size(s: EState, side: str) -> int:
    return B.comps().scenarios[s["scenario"]].hand_size[side]


def card_seats(s: EState) -> list[str]:
    """Who plays cards, in turn order: the two sides, or with allies each League player in
    the League's place (24.4, 24.6)."""
    if not A.multi(s):
        return list(s["order"])
    return [x for side in s["order"]
            for x in (A.league_seats(s) if side == A.LEAGUE else [side])]


def gifts(s: EState, seat: str) -> list[Option]:
    """24.6: a League player may pass any card to an ally whose hand is not full."""
    if not A.multi(s) or seat not in A.league_seats(s):
        return []
    hands = dealt(s)["hands"]
    return [Option(f"give|{cid}|{x}", f"Pass {title(cid)} to {A.title(x)}", "24.6",
                   data={"kind": "give_card", "card": cid, "to": x})
            for cid in sorted(set(hands[seat])) for x in A.league_seats(s)
            if x != seat and len(hands[x]) < hand_size(s, x)]


def public(s: EState, seat: str | None) -> dict[str, Any] | None:
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


def betrayed(s: EState, name: str) -> bool:
    """City Betrayal (a): this season the city's garrison stands aside and its walls count
    for nothing."""
    return name in season_fx(s).get("betrayed", ())


def no_area_move(s: EState) -> set[str]:
    return set(season_fx(s).get("no_area_move", []))


def entry_barred(s: EState) -> set[str]:
    """Regions no unit may enter this Campaign Turn (Earthquake, first Campaign Turn)."""
    if s["ct"] == 1 and season_fx(s).get("earthquake"):
        return {r.id for r in B.comps().regions.values() if r.peloponnese}
    return set()
