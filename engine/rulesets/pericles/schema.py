"""The Pericles state, typed. Facts only: numbers, keys and card numbers; every word a
player reads is built by the view. Rule numbers are those the rules brief rebuilds
(`/work/shared/briefs/pericles-rules.md`, 1.0-13.0) and the playbook's (14.0-16.0).

Positions on an Assembly display are signed boxes (6.3): 0 is the central Issues space,
+n is box n on the track of the city's *first* faction (Aristocrats, Agiad) and -n box n
on the track of its second (Demagogues, Eurypontid). A move toward a faction adds its sign.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from engine.core.procedures import Frame

# Generations of questions (docs/architecture.md, the kernel's `asks`): a game keeps the
# one it was created with, so stored logs replay by the readings they were played under.
# 1: an expedition whose attackers committed Strategos fights the enemy in the target
#    even when none of their units arrived: the tokens stand in the theater and fight
#    alone (9.3, the playbook's note on battles in 16.0; RULINGS.md R61).
#    And a unit of an expedition may end its move short of the target, on a shortest way
#    there: where the exit rule holds it, or where its commander leaves it (9.2, 16.0's
#    march through Thessalia; ruling R62).
# 2: a unit of an expedition may also end its move off the shortest ways, where the
#    exit rule holds it on a way of its own that leads on to the target; a unit that
#    enters the target has arrived (9.2; RULINGS.md R63).
#    And redeployment keeps one Spartan foot a Spartan base in Sparta, as an expedition
#    does (9.2, 11.3; RULINGS.md R64).
TOKENS_FIGHT = 1
UNITS_STOP_SHORT = 1
ANY_WAY = 2
HOME_GUARD = 2
GENERATION = ANY_WAY


class Issue(TypedDict):
    id: int  # unique inside its display
    kind: str  # military, league, diplomatic, oracle, war_peace, ostracism, or a unique issue
    pos: int  # signed box, see the module docstring


class Debate(TypedDict):
    round: int  # 1-6 (6.3)
    designated: int | None  # the issue id under the debate pawn this round


class Played(TypedDict):
    """One faction's card in one debate round, as revealed (6.3)."""

    round: int
    faction: str
    card: int  # a card number; a leader card has its own number (31/32, 63/64)
    entourage: int | None  # the Entourage card added by a Brain Trust (6.3, ruling R7)
    issue: int
    value: int
    strategos: int  # tokens actually paid from the stock


class Record(TypedDict):
    """A public fact for the log; the view turns it into words."""

    kind: str
    city: str | None
    faction: str | None
    n: int
    what: str | None
    theater: str | None


class Marker(TypedDict):
    """A theater marker in a queue, face down (8.2)."""

    faction: str
    kind: str  # military, league, diplomatic, oracle or rumor


class Expedition(TypedDict):
    """A Military issue under way (9.2)."""

    theater: str
    cg: str  # the commanding general: the issue's owner
    city: str
    moves: int  # units the attackers may still move in
    revealed: bool  # the defenders have shown their Strategos
    ship: bool  # the State Ship is committed


class PericlesState(TypedDict):
    flow: list[Frame]
    scenario: str
    turn: int
    factions: list[str]  # the seats in play, in city order (Athens first)
    partners: dict[str, str]  # with two people (15.12 A): faction -> the same person's other
    cities: list[str]  # the cities whose Assembly sits
    honor: dict[str, int]
    strategos: dict[str, int]  # held behind each faction's shield (public: ruling R2)
    stock: dict[str, int]  # per city (3.1)
    board: dict[str, int]  # the Strategy Board pool per city (3.1, 7.2)
    war: bool  # False: Peace (6.3 uses the white pawn), True: War
    plague: str  # "pre" or "post" (5.13)
    alcibiades: str  # "athens" or "persia" (12.0)
    aristophanes: str | None  # the card drawn this turn (5.0)
    controlling: dict[str, str]  # city -> its Controlling Faction (3.2)
    favor: dict[str, str | None]  # city -> the faction the Assembly marker stands on
    deck: dict[str, list[int]]  # city -> its political draw pile (order hidden)
    discard: dict[str, list[int]]
    hands: dict[str, list[int]]  # faction -> cards usable in debate and on the Board
    entourage: dict[str, list[int]]  # faction -> face-down Entourage (6.1)
    brain_trust_used: dict[str, bool]  # once per scenario (6.3, ruling R7)
    leader_out: dict[str, bool]  # ostracised: no leader card next turn (7.1, ruling R9)
    display: dict[str, list[Issue]]  # city -> issues on its Assembly display
    next_issue: dict[str, int]
    debate: dict[str, Debate]
    played: list[Played]
    markers: dict[str, list[str]]  # faction -> theater markers won, with Rumors (7.3)
    rumors: int  # Rumor markers each faction adds at the Theater Award (7.3, 14.1)
    hostages: dict[str, int]  # city -> Hostages held (10.2)
    oration: dict[str, int]  # faction -> its oration total this turn (7.1)
    won: dict[str, list[str]]  # faction -> the kinds of issue it won this turn (7.1)
    # the theater phase (8.0-9.3)
    forces: dict[str, dict[str, dict[str, int]]]  # theater -> owner -> land/naval/bases
    treachery: dict[str, dict[str, int]]  # theater -> city -> markers (10.3)
    queues: dict[str, list[Marker]]  # theater -> markers, bottom first: LIFO (8.2)
    order: list[str]  # the Honor order of the phase (8.1)
    committed: dict[str, int]  # Strategos committed to the expedition under way (9.2)
    expedition: Expedition | None
    the_300: str | None  # where the 300 stand (12.0)
    state_ship: str  # "ready", "used" or "none" (12.0)
    persian_war: bool  # active (13.2)
    battle: dict[str, Any] | None  # the battle record of the last battle (9.3)
    results: list[str | None]  # the winning city of each vignette battle (14.1)
    # turns after the first (5.0, 11.0)
    aristophanes_deck: list[str]  # the cards still to come, in hidden order
    restore: dict[str, int]  # city -> Strategos an Aristophanes cut gives back at turn end
    will: dict[str, dict[str, str]]  # city -> its Will of the Assembly: theater, task (5.1)
    will_penalty: dict[str, int]  # city -> Strategos fewer in next turn's stock (5.1)
    granary_miss: dict[str, int]  # city -> End phases in a row without a granary (11.1)
    victor: str | None  # the city that won automatically (11.1)
    ravages: bool  # the Ravages of War are in force (rule 14.43)
    removed: dict[str, dict[str, int]]  # owner -> land/naval out of the game (rule 14.43)
    log: list[Record]
    over: bool
    resigned: str | None
    # the generation of questions the game asks, when above 0 (GENERATION above)
    generation: NotRequired[int]
    # Phormio (playbook 15.0): present only in games where it plays (prime.py)
    automated: NotRequired[list[str]]  # the factions Phormio plays (15.1)
    prime: NotRequired[dict[str, dict[str, Any]]]  # faction -> its PS: row, theater, rolls
    brasidas: NotRequired[bool]  # an all-automated side uses Brasidas (15.9)
    brasidas_cities: NotRequired[list[str]]  # the cities Brasidas resolved this turn
    handicap: NotRequired[dict[str, int]]  # faction -> Honor it started with for Phormio (15.14)
