"""The Athens & Sparta state, typed: every key the rules keep, with id aliases.

`BlockId` marks every place a block's identity is stored. The redaction variants
(`variants.py`) are derived from these types: when hidden blocks swap identities, every
`BlockId` anywhere in the state follows, so no hand-kept list of keys can fall behind.
`tests/athens_sparta/test_schema.py` plays games and fails if a block id turns up under a
key these types do not mark, or if a state has a key they do not declare.

Keys have readable names; games saved when some were short (`st`, `rec`, `hctl`, ...)
are rewritten on load (flow_compat.OLD_NAMES). The block record keeps its short keys
(`str`, `in`, `rv`): it is read on every step of the hot paths and in every position file.
"""

from __future__ import annotations

from typing import Annotated, Any, NotRequired, TypedDict

from engine.core.battle_record import BattleRecord, ShownId

# The id aliases are `Annotated` strings: to mypy a plain `str` (an id read from an
# option is one as it is, no conversion at run time), to `get_type_hints(...,
# include_extras=True)` a mark the redaction variants follow (variants.py).
BlockId = Annotated[str, "block id"]  # a block's id, e.g. "Athens H1"
# A block id written into a public record (a battle's steps): it names the block as
# everyone saw it then, so it stays as written when hidden blocks swap identities. The
# battle record is the kernel's (engine/core/battle_record.py), which marks it so.
ShownBlockId = ShownId
Hex = str  # a hex id ("K8") or "sicily"
Side = str  # "athens" | "sparta" | "neutral" | "persia"
CardId = str

# One block: where it is ("pool", "off", "out" or a place), its strength ("str"), its
# owner, the coast a navy sits on, whether it is inside walls under siege ("in"), and
# whether it is a revolt block ("rv", rule 7.0).
Block = TypedDict("Block", {"loc": str, "str": int, "side": Side, "coast": int | None,
                            "in": bool, "rv": bool}, total=False)


# The battle in progress (rules 5.0-5.5): "role": block -> side; "status": block -> its
# status (engaged, inside, at sea, in reserve, ...); "record": the record so far;
# "to_declare": blocks still to declare (5.4); "stood_down": blocks that stood down.
# Where the battle stands is not kept here: it is the stage procedure on the flow's stack
# (combat_flow.BattleStage). Games saved before these names used short ones
# (flow_compat.OLD_NAMES), and kept the stage in a "stage" key (flow_compat.stages_to_stack).
class Battle(TypedDict):
    hex: Hex
    kind: str
    attacker: Side
    defender: Side
    round: int
    role: dict[BlockId, Side]
    status: dict[BlockId, str]
    relief: list[BlockId]
    acted: list[BlockId]
    queue: list[BlockId] | None
    to_declare: list[BlockId]
    retreats: dict[str, Any]
    sally: list[BlockId]
    helot: BlockId | None
    revolt: BlockId | None
    hex_taken: bool  # the attacker took the hex (or stormed the city)
    record: BattleRecord
    end: Any  # always None (kept for the saved games' sake)
    pillage: int
    winner: NotRequired[Side | None]
    forced: NotRequired[list[BlockId]]
    regrouped: NotRequired[list[BlockId]]
    extra_done: NotRequired[bool]
    extra_queue: NotRequired[list[BlockId]]
    stood_down: NotRequired[list[BlockId]]
    navy_done: NotRequired[list[BlockId]]
    optional: NotRequired[list[BlockId]]
    fallen: NotRequired[bool]  # the walls were stormed empty (5.41; generation 2 on)


class Hits(TypedDict, total=False):
    side: Side
    count: int  # hits left to take
    pool: list[BlockId]
    half: bool
    hex: Hex
    choice: BlockId | None
    record: bool  # noted in the battle's record
    rule: str  # the rule the hits come from, cited in the prompt


class Bonus(TypedDict, total=False):
    """A card's fire bonus in force this player turn (Brasidas, Phormio): the block it
    goes to once chosen."""

    side: Side
    name: str
    types: list[str] | None  # the block types it favours (None: any)
    amount: int
    max_fire: int  # the best fire number it may give
    block: BlockId | None
    asked: list[Hex]  # the battles (by place) where its player was asked already


class Betrayal(TypedDict, total=False):
    """The Betrayal event in force this player turn: the walled city it is used at."""

    side: Side
    hex: Hex | None
    asked: list[Hex]  # the battles (by place) where its player was asked already


class QueueItem(TypedDict, total=False):
    kind: str  # "revolt_won", "persia" (pending.py) or "flip_battle" (steps.py)
    bid: BlockId
    hex: Hex
    attacker: Side  # a flip battle's attacker (9.5)


class Cards(TypedDict, total=False):
    deck: list[CardId]
    hands: dict[Side, list[CardId]]
    committed: dict[Side, CardId]
    played: dict[Side, CardId]
    sicily: dict[Side, CardId]
    sicily_shown: bool
    mulligan_used: dict[Side, bool]  # the side showed a hand for a new deal this Olympiad
    mulligan_answers: dict[Side, str]  # "keep" or "redeal", each side's first answer
    mulligan_too: dict[Side, str]  # the other side's answer to "a new hand too?"
    used: list[CardId]
    sicily_done: bool


class BuildMenu(TypedDict, total=False):
    """The replacement menu a player has open (build_flow.py)."""

    kind: str  # "reinforce", "new", "raise", "exchange" or "disband"
    where: Hex | None  # reinforce: the place chosen first
    block: BlockId  # raise: the new block


class Build(TypedDict, total=False):
    points: dict[Side, int]  # build points this phase (rule 8.1)
    left: dict[Side, int]
    spent: dict[Side, dict[str, int]]
    done: dict[Side, bool]
    earmarked: dict[Side, dict[str, int]]  # city -> its build points kept for its blocks (9.5)
    menu: dict[Side, BuildMenu | None]


class TourneyBid(TypedDict):
    """Tourney bidding (10.3): the winning bidder's side, steps left to remove, and the
    blocks that lost one already."""

    side: Side
    left: int
    hit: list[BlockId]


class FreeSteps(TypedDict):
    """A card event's free steps in force (flow.py): who adds them, how many are left, to
    which block types."""

    side: Side
    left: int
    name: str
    types: list[str]


class AttritionJob(TypedDict):
    """One attrition roll to make (rule 6.0): the blocks of `side` at `hex`, each die of
    `need` or more a hit, and why (a siege, an event)."""

    hex: Hex
    side: Side
    need: int
    bids: list[BlockId]
    why: str


class FrameArgs(TypedDict, total=False):
    """The arguments a procedure of the flow (flow.py and the *_flow.py modules) takes."""

    block: BlockId  # the block a question is about
    place: Hex  # move: the place chosen first when many blocks can move
    mode: str  # move_dest: the kind of move chosen first ("op", "march", "sea")
    city: str  # revolt_str: the city chosen
    stage: str  # a battle's act: the stage it is asked in
    why: str  # a battle's retreat: "chosen", "forced" or "blockade"
    choices: list[str]  # a battle's act: the legal choices ("fire", "wd", "rt")
    blocks: list[BlockId]  # a battle's regroup: the blocks that may regroup


class Frame(TypedDict):
    """One procedure on the flow's stack (engine/core/procedures.py)."""

    name: str
    args: FrameArgs


class State(TypedDict):
    v: int
    olympiad: int
    turn: int
    phase: str
    flow: list[Frame]  # the stack of procedures, the current one last (flow.py)
    player1: Side | None  # player 1 this game turn
    active: Side | None
    player_turn: int  # 1 or 2 in a game turn, 0 between them
    move_points: int  # move points left to the active player
    options: dict[str, Any]  # the game's options (rules.py `options`)
    blocks: dict[BlockId, Block]
    moved: list[BlockId]
    oracle: list[BlockId]
    diolkos: list[BlockId]
    entries: dict[Hex, dict[BlockId, Any]]  # who entered a hex from where (rule 4.3)
    control: dict[str, Side]  # city -> side
    land_control: dict[Hex, str]  # land control at the last phase end (rule 4.2)
    sea_control: dict[Hex, str]  # sea control likewise
    cards: Cards
    events: list[str]  # card events in force this game turn
    battle: Battle | None
    done_hexes: list[Hex]
    last_battle: BattleRecord | None
    queue: list[QueueItem]
    build: Build | None
    revolts: dict[str, list[Side]]  # city -> the sides that raised a revolt there (7.0)
    helot_ban: bool
    persia: dict[str, bool]
    syracuse_value: int | None
    tourney_bid: TourneyBid | None
    # the generation of questions the game asks (rules.py, GENERATIONS); absent: 0
    generation: NotRequired[int]
    winner: Side | None
    reason: str | None  # why `winner` won: a key of victory.REASONS (worded when shown)
    rule: str | None
    resigned: Side | None
    revealed: list[BlockId]
    dice: list[int]  # fixed dice of a position, used before the seeded ones
    half_hits: list[BlockId]  # blocks carrying a half hit (rule 5.41)
    hits: Hits | None
    bonus: Bonus | None
    peek: dict[Side, list[CardId]]
    flipped: list[BlockId]
    used_revolt_blocks: list[BlockId]
    # set when first used (games keep the shape they had when saved)
    betrayal: NotRequired[Betrayal | None]
    free_steps: NotRequired[FreeSteps | None]
    attrition: NotRequired[list[AttritionJob] | None]  # attrition jobs left (rule 6.0)
    # armies that regrouped this combat phase and may not attack again in it (rule 5.6;
    # generation 2 on)
    regrouped_armies: NotRequired[list[BlockId]]
