"""The arithmetic of an Assembly display (6.3, 7.1): card values, moving an issue,
paying Strategos from the stock, oration and control. Pure functions over the state;
the procedures in `political.py` call them."""

from __future__ import annotations

from .components import FACTIONS, Components, Deck, load_components
from .schema import Issue, PericlesState

MAX_BOX = 6  # ruling R4: boxes 1-6 on each track; a move stops at box 6 (6.3)
THEATER_ISSUES = ("military", "league", "diplomatic", "oracle")  # 3.3
CITY_FACTIONS: dict[str, tuple[str, str]] = {str(c): fs for c, fs in FACTIONS.items()}


def city_of(faction: str) -> str:
    return next(c for c, fs in CITY_FACTIONS.items() if faction in fs)


def sign(faction: str) -> int:
    """+1 for the city's first faction (Aristocrats, Agiad), -1 for its second."""
    return 1 if CITY_FACTIONS[city_of(faction)][0] == faction else -1


def rival(faction: str) -> str:
    a, b = CITY_FACTIONS[city_of(faction)]
    return b if faction == a else a


def side(pos: int, city: str) -> str | None:
    """The faction whose track holds box `pos`, None for the central space."""
    a, b = CITY_FACTIONS[city]
    return a if pos > 0 else b if pos < 0 else None


def decks() -> dict[str, Deck]:
    """Each city's political deck, keyed by the city's name."""
    return {str(c): d for c, d in load_components().data.cards.decks.items()}


def leader_number(faction: str) -> int:
    return next(x.number for x in decks()[city_of(faction)].leaders if x.faction == faction)


def is_leader(card: int, comp: Components | None = None) -> bool:
    return card not in (comp or load_components()).cards


def value(card: int, faction: str, kind: str) -> int:
    """What `card` counts on an issue of `kind` for `faction` (6.3): its aligned value
    when its half for the faction is aligned to the issue, else its face; the Faction
    Leader counts 7 against anything but War/Peace."""
    comp = load_components()
    if is_leader(card, comp):
        lc = comp.data.cards.leader_card
        return 0 if kind in lc.not_against else lc.value
    c = comp.cards[card]
    return c.aligned(faction) if c.halves[faction].issue == kind else c.face


def award(card: int, faction: str, kind: str) -> int:
    """Strategos owed for playing `card` on an issue of `kind` (6.3): the aligned half's
    award, win or lose; the leader's +1; nothing for an unaligned card."""
    comp = load_components()
    if is_leader(card, comp):
        return comp.data.cards.leader_card.strategos
    h = comp.cards[card].halves[faction]
    return h.strategos if h.issue == kind else 0


def playable_on(card: int, kind: str) -> bool:
    """The leader card has no value against War/Peace (ruling R6): it is not played there."""
    comp = load_components()
    return not (is_leader(card, comp) and kind in comp.data.cards.leader_card.not_against)


def move(pos: int, first_value: int, second_value: int) -> int:
    """The issue moves toward the higher card by the difference; a tie leaves it (6.3)."""
    return max(-MAX_BOX, min(MAX_BOX, pos + first_value - second_value))


def pay_from_stock(s: PericlesState, city: str, owed: dict[str, int]) -> dict[str, int]:
    """Pay what each faction is owed from the city's stock (6.3). When the stock cannot
    pay everybody, the factions take one token at a time, the Controlling Faction first,
    until the debts or the stock run out. Returns what each faction received."""
    paid = {f: 0 for f in owed}
    if sum(owed.values()) <= s["stock"][city]:
        paid = dict(owed)
    else:
        cf = s["controlling"][city]
        order = [f for f in (cf, rival(cf)) if f in owed]
        while s["stock"][city] - sum(paid.values()) > 0 and any(paid[f] < owed[f] for f in order):
            for f in order:
                if paid[f] < owed[f] and s["stock"][city] - sum(paid.values()) > 0:
                    paid[f] += 1
    for f, n in paid.items():
        s["stock"][city] -= n
        s["strategos"][f] += n
    return paid


def issues_of(display: list[Issue], faction: str) -> list[Issue]:
    """The issues on `faction`'s track: the issues it has won (6.3, 7.1)."""
    sg = sign(faction)
    return [i for i in display if i["pos"] * sg > 0]


def oration(display: list[Issue], faction: str) -> int:
    """The sum of the box numbers of the faction's issues (7.1)."""
    return sum(abs(i["pos"]) for i in issues_of(display, faction))
