"""The Hellenes game state: plain JSON data with typed shapes (docs/architecture.md).

The kernel never looks inside. Everything here is what the rules need to remember; what
can be worked out again (control of an area, who besieges whom, action counts) is
computed by `board.py` from these facts, so it can never disagree with them.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, cast

from engine.core.battle_record import BattleRecord
from engine.core.procedures import Frame

Side = Literal["athens", "sparta"]
SIDES: tuple[Side, Side] = ("athens", "sparta")

# The generations of the questions Hellenes asks (Ruleset.generation; the rules ask by
# them with engine.core.ruleset.asks). 1: the holders of a captured City may fortify in it
# and retreat into it (7.1, 6.4). 2: a side under the enemy's Augury may not Sortie (a
# Sortie engages the besiegers, 8.3, 7.4; the Augury card bars Engaging). 3: a Detached
# Garrison is Building (4.23 under 4.2): none in a besieged City where nothing may be built
# (4.2, 8.21), and it costs what an Action costs there (double in a neutral Sicily, 15.2).
# 4: a recruit placed in Sicily while it is neutral costs the second Action (15.2 rule 2).
# 5: a rebel recruit may arrive in a City its own side's garrison holds: only enemy blocks
# bar it (4.22 Rebel Units). 6: a Forced March declared toward a CityState pillaged later
# in the turn does not enter it (5.5: no friendly unit enters it that Player-Turn). 7: a
# fleet besieged in a City not its Home may go Home in Winter for free (9.212, 7.4). 8:
# Maintaining a unit in Sicily while it is neutral costs two Actions (9.22, 15.2 rule 2).
CAPTURED_CITIES = 1
AUGURY_SORTIES = 2
GARRISON_BUILDING = 3
SICILY_RECRUITS = 4
REBEL_ARRIVALS = 5
PILLAGED_CLOSED = 6
HOMING_FROM_SIEGE = 7
SICILY_MAINTENANCE = 8
GENERATION = SICILY_MAINTENANCE  # what new games ask

# Ids, named for what they stand for (as Athens & Sparta's schema.py does).
BlockId = str  # a unit's id in the block data ("A14", "S7")
AreaId = str  # an area's id ("ATH", "S_AEG"), or POOL / ASIDE where a block stands
CityName = str  # a CityState's name ("Potidea")
CardId = int  # a card's number (1-55)

# The seasons of a Game Year (Introduction, 10.0, 9.0).
NEW_YEAR, SPRING, SUMMER, HIGH_SUMMER, FALL, WINTER = range(6)
SEASON_NAMES = ("New Year", "Spring", "Summer", "High Summer", "Fall", "Winter")


def season_words(year: int, season: int) -> str:
    """"High Summer 431 BC": the Season first, as the calendar is read aloud."""
    return f"{SEASON_NAMES[season]} {year} BC"
CAMPAIGN = (SPRING, SUMMER, HIGH_SUMMER, FALL)

# Where a block is when it is not on the map (2.0, 15.x).
POOL = "pool"  # face down in its side's Recruit Pool
ASIDE = "aside"  # set aside by the scenario (Sicily's pool, Sparta's #41-46 in 415)


def other(side: str) -> Side:
    return "sparta" if side == "athens" else "athens"


class BlockState(TypedDict):
    side: Side
    loc: AreaId  # an area id, POOL or ASIDE
    cv: int  # current combat value, 1-4 (2.12)
    inside: bool  # fortified inside its CityState's City (7.1); False: in the Province


class Garrison(TypedDict):
    side: Side
    # "inherent" appears with a siege and goes when it lifts (7.3); "detached" is built
    # for an Action (4.23) and "event" by a Revolt or Helot Uprising: both stay.
    kind: Literal["inherent", "detached", "event"]


class Siege(TypedDict):
    besieger: Side
    since: int  # the stamp (season counter) when it was established (7.2)
    blockade_since: int | None  # 8.21: since when its Offshore Sea has been blockaded


class Commit(TypedDict):
    card: CardId
    use: Literal["event", "actions"]


class Crossing(TypedDict):
    fleets: list[BlockId]  # one fleet Formation
    cargo: dict[BlockId, BlockId]  # fleet -> the land unit it carries (5.21)
    deep: int  # DeepSea borders crossed


class Engaged(TypedDict):
    """A Formation that entered an enemy-occupied area this turn (5.0, 5.4)."""

    area: AreaId
    via: AreaId  # the area it came from: its only retreat (6.4)
    units: list[BlockId]
    from_sea: bool  # a Sea Landing, or a sea battle entered across a border (6.5, 6.6)
    homing: NotRequired[CityName]  # 9.31: the Home City a Homing Formation is fighting to reach


class Forced(TypedDict):
    units: list[BlockId]  # one Formation, waiting in `via`
    dest: AreaId
    via: AreaId
    cargo: dict[BlockId, BlockId]


class Arrival(TypedDict):
    """A Formation's move this turn: where it ended and its units (5.42)."""

    area: AreaId
    units: list[BlockId]


class Turn(TypedDict):
    """The Player Turn in progress (3.0-8.0, 9.2)."""

    side: Side
    event: bool  # an Event turn: no Actions, only Attrition (3.1)
    actions: int  # Actions left this turn (4.0)
    moved: list[BlockId]  # units that have moved this turn (5.0: once per turn)
    no_entry: list[AreaId]  # areas no friendly unit may enter this turn (5.5 Pillage)
    treachery: CityName | None  # a city open to one Treachery Assault this turn (sidebar, 8.1)
    crossings: list[Crossing]  # DeepSea crossings to roll for after the Actions (5.22)
    engaged: list[Engaged]  # Formations to fight in the Combat phase (5.41, 6.0)
    forced: list[Forced]  # Forced Marches and Sails waiting for their roll (5.3)
    appealed: NotRequired[list[str]]  # Olympians appealed to this Player Turn (11.0)
    arrived: NotRequired[list[Arrival]]  # Formations that moved this turn (5.0, 5.42)


class Cards(TypedDict):
    deck: list[CardId]  # face down, top last
    hands: dict[str, list[CardId]]  # side -> its hand
    discard: list[CardId]
    in_play: list[CardId]  # continuing Events and Leaders face up (3.1, 3.11)
    leaders: dict[str, CardId | None]  # side -> its Leader card in play
    revealed: dict[str, Commit]  # the cards of the last reveal (public)
    order: list[Side]  # initiative order of the current Season (3.3)
    # the card edition ("first" when absent: saves of ruleset version 6 and older)
    edition: NotRequired[str]


class Effects(TypedDict):
    """Lasting event effects and markers (3.1, 2.42, 15.1)."""

    civil_war: list[CityName]  # cities without Double Defense until Year End
    pillaged: dict[CityName, int]  # city -> year pillaged (5.5: once per Year)
    pillaged_last: dict[str, int]  # side -> stamp of the last Pillage suffered (15.1 rule 3)
    plague_struck: bool  # Plague Returns needs an earlier Plague Strikes
    athens_plagues: int  # 15.1 rule 3: Pericles dies at the second
    pericles_dead: bool
    expeditionaries_seen: int | None  # year in which Athenian expeditionaries were in Sicily
    war_resumed: bool  # 12.1
    gela_open: bool  # 15.2-15.4: Gela is neutral until a Gelan unit leaves it
    # This Season only (cleared when the next Season begins):
    earthquake: list[str]  # sides that may not Move or Pillage (Earthquake)
    augury: list[str]  # sides that may not Engage or Assault (Augury)
    hunger: list[CityName]  # cities under Hunger attrition, hits on 1-2 (Hunger)
    appealed: NotRequired[list[str]]  # Olympians appealed to this New Year (11.0)


class Result(TypedDict):
    """The game's end as facts (14.2x); `rules.outcome` words it."""

    winner: str  # "" for a Draw
    rule: str
    level: str  # "decisive", "peace", "major", "minor", "draw"
    prestige: int  # the leader's Prestige when the game ended


class HState(TypedDict):
    scenario: str
    flow: list[Frame]
    year: int  # BC, counting down (14.24)
    season: int  # NEW_YEAR .. WINTER
    stamp: int  # increases every Season: sieges "from a prior Season" compare stamps
    prestige: int  # + toward Athens Wins, - toward Sparta Wins (14.1)
    blocks: dict[BlockId, BlockState]
    garrisons: dict[CityName, Garrison]  # its garrison (max 1, 7.3)
    sieges: dict[CityName, Siege]  # the siege of it
    cards: Cards
    sacrifices: dict[str, dict[str, int]]  # side -> Olympian -> year sacrificed (10.3)
    effects: Effects
    turn: Turn | None
    # No log here: events are the log, worded when shown (issue 30).
    resigned: str | None
    result: Result | None  # the game's end
    battle: BattleRecord | None  # the battle being fought, as both players see it (6.1)
    # 9.31: Homing moves that must fight their way home in SiegeBreaking Combat (secret:
    # the view shows only the blocks where they stand)
    homing: NotRequired[list[Engaged]]
    # The starting Prestige shift of a side bid (`prestige_handicap`); absent when none.
    handicap: NotRequired[int]
    # The generation of questions the game asks (rules.py); absent: 0.
    generation: NotRequired[int]


class BlockRecord(dict[str, Any]):
    """A block's record (`BlockState`) that tells the `Blocks` holding it when the block
    changes place, side or inside/outside (not strength): the facts derived from where the
    blocks stand (`board.facts`) are then patched for that block alone, and kept across
    clicks that move nothing. A plain dict to everything else (JSON, equality)."""

    __slots__ = ("_owner", "_bid")

    def __init__(self, *args: Any, **kw: Any) -> None:
        dict.__init__(self, *args, **kw)
        self._owner: Blocks | None = None
        self._bid = ""

    def __setitem__(self, key: str, value: Any) -> None:
        owner = self._owner
        if owner is not None and key != "cv" and dict.get(self, key, _ABSENT) != value:
            owner.moved[self._bid] = None
        dict.__setitem__(self, key, value)

    def _reshaped(self) -> None:
        if self._owner is not None:
            self._owner.reshaped = True

    # Any other change: the owner's facts are worked out afresh.
    def __delitem__(self, key: str) -> None:
        self._reshaped()
        dict.__delitem__(self, key)

    def pop(self, *args: Any) -> Any:
        self._reshaped()
        return dict.pop(self, *args)

    def popitem(self) -> tuple[Any, Any]:
        self._reshaped()
        return dict.popitem(self)

    def clear(self) -> None:
        self._reshaped()
        dict.clear(self)

    def update(self, *args: Any, **kw: Any) -> None:
        self._reshaped()
        dict.update(self, *args, **kw)

    def setdefault(self, key: str, default: Any = None) -> Any:
        self._reshaped()
        return dict.setdefault(self, key, default)

    def __reduce__(self) -> tuple[Any, ...]:
        return (BlockRecord, (dict(self),))  # a copy is a new record with no owner


class Blocks(dict[str, Any]):
    """block id -> `BlockRecord`, noting which blocks changed place since `facts` (the
    derived facts, kept by `board.facts`) were last brought up to date."""

    __slots__ = ("moved", "reshaped", "shared", "facts")

    def __init__(self, items: Any = ()) -> None:
        dict.__init__(self)
        self.moved: dict[str, None] = {}  # ids of blocks moved since (in order)
        self.reshaped = True  # a record added, removed or changed otherwise: start afresh
        self.shared = False  # holds a record another `Blocks` holds: never patched
        self.facts: Any = None
        for k, v in dict(items).items():
            dict.__setitem__(self, k, self._adopt(k, v))

    def _adopt(self, key: str, value: Any) -> BlockRecord:
        rec = value if type(value) is BlockRecord else BlockRecord(value)
        if rec._owner is not None and rec._owner is not self:
            rec._owner.shared = True  # one record in two: neither can trust its notes
            self.shared = True
        rec._owner, rec._bid = self, key
        return rec

    def __setitem__(self, key: str, value: Any) -> None:
        self.reshaped = True
        dict.__setitem__(self, key, self._adopt(key, value))

    def __delitem__(self, key: str) -> None:
        self.reshaped = True
        dict.__delitem__(self, key)

    def pop(self, *args: Any) -> Any:
        self.reshaped = True
        return dict.pop(self, *args)

    def popitem(self) -> tuple[Any, Any]:
        self.reshaped = True
        return dict.popitem(self)

    def clear(self) -> None:
        self.reshaped = True
        dict.clear(self)

    def update(self, *args: Any, **kw: Any) -> None:
        for k, v in dict(*args, **kw).items():
            self[k] = v

    def setdefault(self, key: str, default: Any = None) -> Any:
        if key not in self:
            self[key] = default
        return dict.__getitem__(self, key)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Blocks, (dict(self),))  # a deep copy copies the records; facts start afresh


_ABSENT = object()


def indexed(s: HState) -> HState:
    """The state with its block records noting their moves (after loading plain JSON)."""
    if type(s["blocks"]) is not Blocks:
        s["blocks"] = cast(dict[str, BlockState], Blocks(s["blocks"]))
    return s


def new_turn(side: Side, event: bool, actions: int) -> Turn:
    return Turn(side=side, event=event, actions=actions, moved=[], no_entry=[],
                treachery=None, crossings=[], engaged=[], forced=[])


def to_pool(x: BlockState) -> None:
    """An eliminated or disbanded unit returns to its own Recruit Pool (6.32, 9.24)."""
    x["loc"], x["cv"], x["inside"] = POOL, 0, False


def add_prestige(s: HState, side: str, n: int) -> None:
    """`side` gains n Prestige: the marker moves n toward its end of the track (14.1)."""
    s["prestige"] += n if side == "athens" else -n


def place(x: BlockState, area: str, cv: int, inside: bool = False) -> None:
    x["loc"], x["cv"], x["inside"] = area, cv, inside
