"""Cards (introduction, 4.6, Mulligan and Syracuse Points sidebars): the deal, the mulligan,
the face-down commitment, the reveal that decides Player 1, and every event of the deck."""

from __future__ import annotations

from typing import Any

from .board import Board
from .state import AS, SIDES

HAND = 6  # introduction: six cards each per Olympiad


def card_mp(bd: Board, cid: str) -> int:
    mp: int = bd.card[cid]["mp"]
    return mp


def event_of(bd: Board, cid: str) -> dict[str, Any] | None:
    return bd.card[cid].get("event")


def usable_event(bd: Board, cid: str, side: str) -> dict[str, Any] | None:
    """An event acts only for the side it is printed for ('either' for both); played by
    the other side the card is a plain move card (ruling R10)."""
    ev = event_of(bd, cid)
    if ev and ev.get("who", "either") in ("either", side):
        return ev
    return None


def card_label(bd: Board, cid: str) -> str:
    c = bd.card[cid]
    ev = c.get("event")
    return f"{c['mp']} MP" + (f" / {ev['name']}" if ev else "")


def card_public(bd: Board, cid: str) -> dict[str, Any]:
    c = bd.card[cid]
    ev = c.get("event")
    return {"id": cid, "mp": c["mp"],
            "event": ({"id": ev["id"], "name": ev["name"], "text": ev["text"],
                       "who": ev.get("who")} if ev else None)}


def hand_label(card: dict[str, Any]) -> str:
    """A card as `card_public` shows it, for a list: its move points and, when it has
    one, its event and the event's text."""
    event = card.get("event") or {}
    line = f"{card.get('mp', '?')} MP"
    if event.get("name"):
        line += f" / {event['name']}"
        if event.get("text"):
            line += f": {event['text']}"
    return line


def deal(bd: Board, s: AS, ctx: Any) -> None:
    """Shuffle the deck (minus any cards allocated to Sicily) and deal six to each."""
    cards = s["cards"]
    aside = set(cards["sicily"].values())
    deck = [c["id"] for c in bd.cards if c["id"] not in aside]
    ctx.shuffle(deck)
    cards["hands"] = {"athens": deck[:HAND], "sparta": deck[HAND:2 * HAND]}
    cards["deck"] = deck[2 * HAND:]
    cards["committed"] = {}
    cards["played"] = {}
    cards["used"] = []  # cards played this Olympiad
    cards["mulligan_used"] = {"athens": False, "sparta": False}
    cards["mulligan_too"] = {}
    cards["mulligan_answers"] = {}
    s["peek"] = {}
    for side in SIDES:
        ctx.event("deal", f"{side.title()} is dealt {HAND} cards", seats=(side,),
                  cards=list(cards["hands"][side]))
    ctx.event("deal", f"Olympiad {s['olympiad']}: the cards are shuffled and six dealt to "
              "each player (introduction)")


def hand_mp(bd: Board, hand: list[str]) -> int:
    return sum(card_mp(bd, c) for c in hand)


def redeal(bd: Board, s: AS, sides: list[str], ctx: Any) -> None:
    """Mulligan: the shown hands go back into the undealt cards, which are shuffled and
    the hands dealt again."""
    cards = s["cards"]
    for side in sides:
        cards["deck"] += cards["hands"][side]
        cards["hands"][side] = []
    ctx.shuffle(cards["deck"])
    for side in sides:
        cards["hands"][side] = cards["deck"][:HAND]
        cards["deck"] = cards["deck"][HAND:]
        ctx.event("deal", f"{side.title()} is dealt a new hand", seats=(side,),
                  cards=list(cards["hands"][side]))
    ctx.event("redeal", f"New hands dealt to {', '.join(x.title() for x in sides)} "
              "(mulligan)", sides=sides)


def decide_player1(bd: Board, s: AS) -> str:
    """Event cards first; otherwise the higher card; Sparta on ties (intro, 4.6)."""
    played = s["cards"]["played"]
    a, sp = played["athens"], played["sparta"]
    ea = usable_event(bd, a, "athens") is not None
    es = usable_event(bd, sp, "sparta") is not None
    if ea != es:
        return "athens" if ea else "sparta"
    if card_mp(bd, a) > card_mp(bd, sp):
        return "athens"
    return "sparta"


def turn_events(bd: Board, s: AS) -> None:
    """Events that shape the whole game turn act at the reveal: Storm and Earthquake."""
    evs = []
    for side in SIDES:
        ev = usable_event(bd, s["cards"]["played"][side], side)
        if ev and ev["id"] in ("storm", "earthquake"):
            evs.append(ev["id"])
    s["events"] = sorted(set(evs))


def player_event(bd: Board, s: AS) -> dict[str, Any] | None:
    side = s["active"]
    assert side is not None  # asked in a player turn
    ev = usable_event(bd, s["cards"]["played"][side], side)
    if ev and ev["id"] not in ("storm", "earthquake"):
        return ev
    return None
