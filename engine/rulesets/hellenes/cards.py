"""The cards: dealing and reshuffling (3.0, 9.54, 10.1), which end of a card may be
played now (3.1, 9.1, 10.2, 12.0, 15.1) and Initiative (3.3)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from engine.core.ruleset import Context

from . import board as B
from .board import in_play, peace, setup_of
from .components import Card
from .state import NEW_YEAR, WINTER, Commit, HState, Side

HAND = 6  # 10.1


def card(s: HState, n: int) -> Card:
    """Card `n` of the deck this game plays with (`B.card_in`: the data README, Balance)."""
    return B.card_in(s["cards"], n)


def label_in(cards: Mapping[str, Any], n: int) -> str:
    """Card `n` in words, as the edition of a state's or view's `cards` prints it."""
    return _label(B.edition(cards), n)


@lru_cache(maxsize=512)
def _label(edition: str, n: int) -> str:
    c = B.comps().editions[edition][n]
    who = {"red": "Sparta only", "blue": "Athens only", "green": "either side"}[c.colour]
    return f"#{n} {c.name} ({c.av} coin{'s' if c.av > 1 else ''}; Event for {who})"


def deck_cards(s: HState) -> list[int]:
    """The scenario's cards less the Leaders that start in play (3.0, 15.x)."""
    lo, hi = setup_of(s).cards
    starting = set(setup_of(s).leaders.values())
    return [n for n in range(lo, hi + 1) if n not in starting]


def deal(s: HState, ctx: Context) -> None:
    """10.1: six cards to each player, face down."""
    deck = s["cards"]["deck"]
    for side in ("athens", "sparta"):
        hand = s["cards"]["hands"][side]
        for _ in range(HAND):
            if deck:
                hand.append(deck.pop())
        hand.sort()


def reshuffle(s: HState, ctx: Context) -> None:
    """9.54: every card not in play goes back into the deck, shuffled."""
    c = s["cards"]
    lo, hi = setup_of(s).cards
    rest = [n for n in range(lo, hi + 1) if n not in c["in_play"] and not _gone(s, n)]
    ctx.shuffle(rest)
    c["deck"], c["discard"] = rest, []
    for side in c["hands"]:
        c["hands"][side] = []


def _gone(s: HState, n: int) -> bool:
    """Pericles leaves the game when he dies of the Plague (15.1 rule 3)."""
    return s["effects"]["pericles_dead"] and card(s, n).name == "Pericles"


# ------------------------------------------------------------------ legality
# The events this version of the engine resolves; the others may be played for their
# coins only until their rules are built (RULINGS.md, "Building order").
PLAYABLE_EVENTS = frozenset({
    "leader", "ostracism", "atrocity", "earthquake", "augury", "plague", "plague-returns",
    "civil-war", "taxes", "persian-aid", "peace-faction", "war-faction", "no-quarter",
    "revolt", "helots", "hunger", "treachery",
})


def event_refusal(s: HState, side: Side, n: int) -> str | None:
    """Why `side` may not play card `n` for its Event now (None: it may)."""
    c = card(s, n)
    ev = c.event
    if ev.who not in ("either", side):
        return f"a {c.colour} Event is for {ev.who.title()} only (3.1)"
    if s["season"] == WINTER:
        return "no Events in Winter (3.1, 9.1)"
    if s["season"] == NEW_YEAR and not ev.new_year:
        return "not a New Year Event (10.2)"
    if peace(s) and ev.kind in ("revolt", "helots", "persian-aid", "taxes"):
        return "not while the Peace of Nicias holds (12.0 rule 1)"
    if ev.kind == "plague-returns" and not s["effects"]["plague_struck"]:
        return "only after a Plague Strikes (sidebar)"
    if ev.kind not in PLAYABLE_EVENTS:
        return "this Event is not yet played by Keryx (RULINGS.md)"
    return None


def commit_options(s: HState, side: Side) -> list[tuple[str, str, str]]:
    """(option id, label, rule) for every way to commit each card of the hand."""
    out = []
    new_year = s["season"] == NEW_YEAR
    edition = B.edition(s["cards"])
    for n in s["cards"]["hands"][side]:
        out.append(_for_actions(edition, n, new_year))
        if event_refusal(s, side, n) is None:
            out.append(_as_event(edition, n))
    return out


@lru_cache(maxsize=512)
def _for_actions(edition: str, n: int, new_year: bool) -> tuple[str, str, str]:
    """The card committed for its Actions, or in the New Year to Sacrifice (3.2, 10.3)."""
    if new_year:
        return f"{n}:a", f"{_label(edition, n)} for Sacrifice to an Olympian", "10.3"
    return f"{n}:a", f"{_label(edition, n)} for Actions", "3.2"


@lru_cache(maxsize=512)
def _as_event(edition: str, n: int) -> tuple[str, str, str]:
    text = B.comps().editions[edition][n].event.text
    return f"{n}:e", f"{_label(edition, n)} as its Event: {text}", "3.1"


def initiative(s: HState, committed: dict[str, Commit]) -> list[Side]:
    """3.3: the lower Action Value goes first, an Event counts 0, Sparta wins ties."""
    def value(side: str) -> int:
        c = committed[side]
        return 0 if c["use"] == "event" else card(s, c["card"]).av
    return ["sparta", "athens"] if value("sparta") <= value("athens") else ["athens", "sparta"]


def leader_in_play(s: HState, name: str) -> bool:
    return any(card(s, x).name == name for x in s["cards"]["leaders"].values() if x is not None)


def faction(s: HState) -> bool:
    """Peace Faction Ascendant in play (14.22)."""
    return in_play(s, "peace-faction")
