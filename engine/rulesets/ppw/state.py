"""The whole state of a game, typed, and its creation from a set-up (rule 9.1).

Nothing here is wording: ids, numbers and keys only; the words are built when shown
(view.py, texts.py). SPs are kept per space and owner as [hoplite, cavalry, naval]."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from .board import Board, board
from .components import MAJORS

Relation = Literal["war", "peace", "alliance"]
HOPLITE, CAVALRY, NAVAL = 0, 1, 2


class MajorCard(TypedDict):
    """A major city-state's status card (rule 1.8)."""
    treasury: int
    bellicosity: int  # 0-12
    resentment: int  # 0-10
    rate: int  # tribute rate: 100, 200 or 300
    surrendered_to: str | None
    plague_done: bool  # rule 6.1: once a game
    hostages: dict[str, int]  # city-state whose hostages it holds -> markers


class Stance(TypedDict):
    """A minor city-state's or kingdom's diplomatic stance (rule 1.6)."""
    patron: str | None
    status: Literal["ally", "tributary", "neutral", "enemy"]


class TurnTally(TypedDict):
    """What happened to a major this turn, for bellicosity (rule 6.2)."""
    battles_won: int
    battles_lost: int
    naval_lost: int
    enemy_in_home_area: bool
    ravaged_enemy_home: bool
    tributaries_lost: int
    gains: int
    great_leader_lost: bool
    plague: bool
    approached: dict[str, int]  # minor -> approaches this turn (rule 2.6)


class Fact(TypedDict):
    """One line of the public chronicle, as facts (words are built in texts.py)."""
    kind: str
    turn: int
    data: dict[str, Any]


class PpwState(TypedDict):
    scenario: str
    players: int
    turn: int
    last_turn: int
    phase: str  # diplomatic, operations, political, economic, over
    round: int
    flow: list[dict[str, Any]]
    majors: dict[str, MajorCard]
    relations: dict[str, Relation]  # "athens|sparta" (sorted pair) -> relation
    treaty_turn: dict[str, int]  # pair -> turn a peace was signed
    stances: dict[str, Stance]
    origin: dict[str, str | None]  # space -> original controller (rule 1.5)
    forces: dict[str, dict[str, list[int]]]  # space -> owner -> [H, C, N]
    garrisons: dict[str, str]  # space -> owner
    occupier: dict[str, str]  # non-fortress space -> the first major now occupying it
    rebel: list[str]  # spaces in rebellion (rule 6.4)
    ravaged: list[str]  # spaces ravaged this turn (rule 5.7)
    siege: dict[str, int]  # space -> siege level (rule 5.8)
    station: dict[str, list[str]]  # space -> majors whose SPs there stay the year (rule 3.6)
    # leader -> "pool", "busy" (with an army), "away" (off the map this turn, rule 1.12),
    # "off" (not yet or no longer serving), "dead"
    leaders: dict[str, str]
    leader_at: dict[str, str]  # leader -> space of the army he leads this phase
    tally: dict[str, TurnTally]
    tributaries_at_start: dict[str, int]
    fortresses_at_start: dict[str, int]
    done: list[str]  # operations phase: majors that passed this round
    resigned: list[str]
    seamanship_lost: NotRequired[bool]  # rule 5.3: gone for good after a turn of 6 ships lost
    reserve_broached: NotRequired[bool]  # rule 6.2: Athens' last 1,000 talents spent (R30)
    winner: NotRequired[list[str]]
    win_reason: NotRequired[str]
    battle: dict[str, Any] | None
    log: list[Fact]


def pair(a: str, b: str) -> str:
    return f"{a}|{b}" if a < b else f"{b}|{a}"


def empty_tally() -> TurnTally:
    return {"battles_won": 0, "battles_lost": 0, "naval_lost": 0, "enemy_in_home_area": False,
            "ravaged_enemy_home": False, "tributaries_lost": 0, "gains": 0,
            "great_leader_lost": False, "plague": False, "approached": {}}


def _origin(b: Board, neutral: list[str]) -> dict[str, str | None]:
    """Rule 1.5: a space's original controller is the city-state of its area, or the
    kingdom it belongs to; spaces the set-up names neutral, and areas with no
    city-state, have none."""
    area_state = {cs.area: cs.id for cs in b.city_states.values()}
    out: dict[str, str | None] = {}
    for sp in b.spaces:
        out[sp] = b.kingdom_spaces.get(sp) or area_state.get(b.area_of[sp])
        if sp in neutral:
            out[sp] = None
    return out


def new_state(scenario: str, players: int) -> PpwState:
    b = board()
    st = b.setups[scenario]
    forces: dict[str, dict[str, list[int]]] = {}
    for f in st.forces:
        forces.setdefault(f.space, {})[f.owner] = [f.hoplite, f.cavalry, f.naval]
    leaders: dict[str, str] = {}
    for lid, ldr in b.leaders.items():
        starts = lid in st.leaders.get(ldr.city_state, []) or ldr.generic
        leaders[lid] = "pool" if starts else "off"
    s: PpwState = {
        "scenario": scenario, "players": players, "turn": st.first_turn,
        "last_turn": st.last_turn, "phase": "diplomatic", "round": 1, "flow": [],
        "majors": {m: {"treasury": v.treasury, "bellicosity": v.bellicosity,
                       "resentment": v.resentment, "rate": v.tribute_rate,
                       "surrendered_to": None, "plague_done": False, "hostages": {}}
                   for m, v in st.majors.items()},
        "relations": {pair(a, c): r for a, c, r in st.relations},
        "treaty_turn": {},
        "stances": {k: {"patron": v.patron, "status": v.status} for k, v in st.minors.items()},
        "origin": _origin(b, st.neutral_spaces),
        "forces": forces,
        "garrisons": {g.space: g.owner for g in st.garrisons},
        "occupier": {},
        "rebel": sorted(st.rebellion),
        "ravaged": [],
        "siege": dict(st.siege_levels),
        "station": {},
        "leaders": leaders,
        "leader_at": {},
        "tally": {m: empty_tally() for m in MAJORS},
        "tributaries_at_start": {},
        "fortresses_at_start": {},
        "done": [],
        "resigned": [],
        "battle": None,
        "log": [],
    }
    for lid, space in st.leader_places.items():
        s["leaders"][lid] = "busy"
        s["leader_at"][lid] = space
    return s


def sps(s: PpwState, space: str, owner: str) -> list[int]:
    return s["forces"].get(space, {}).get(owner, [0, 0, 0])


def add_sps(s: PpwState, space: str, owner: str, h: int, c: int, n: int) -> None:
    here = s["forces"].setdefault(space, {})
    cur = here.setdefault(owner, [0, 0, 0])
    cur[HOPLITE] += h
    cur[CAVALRY] += c
    cur[NAVAL] += n
    if cur == [0, 0, 0]:
        del here[owner]
        if not here:
            del s["forces"][space]


def go_home(s: PpwState, space: str, owner: str) -> None:
    """Rule 3.5: an owner's SPs in `space` go to its home space, its ships to its port."""
    b = board()
    held = s["forces"].get(space, {}).get(owner)
    if held is None:
        return
    v = list(held)  # a copy: add_sps changes the state's own list
    cs = b.city_states.get(owner)
    home = cs.home if cs else b.kingdom_home.get(owner, space)
    port = (cs.port or cs.home) if cs else home
    add_sps(s, space, owner, -v[0], -v[1], -v[2])
    add_sps(s, home, owner, v[0], v[1], 0)
    add_sps(s, port, owner, 0, 0, v[2])


def log(s: PpwState, kind: str, /, **data: Any) -> None:
    """Keep the chronicle's last facts (the view shows them as words)."""
    s["log"].append({"kind": kind, "turn": s["turn"], "data": data})
    if len(s["log"]) > 40:
        del s["log"][0]
