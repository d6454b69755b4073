"""The thin adapter from an Athens & Sparta view (engine/rulesets/athens_sparta/VIEW.md)
to what the drawing code needs. A change in the view schema touches only this module.

Only what the view holds can be drawn: a hidden block arrives as a hex and a colour, so
the renderer has nothing to leak."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..pieces.primitives import BlockFace

SICILY = "sicily"


@dataclass(frozen=True, slots=True)
class MapBlock:
    place: str  # hex id, or "sicily"
    side: str
    in_city: bool
    face: BlockFace | None  # None: the viewer may not identify it
    id: str | None = None
    revealed: bool = False  # an enemy block the rules have revealed (battle)


@dataclass(frozen=True, slots=True)
class Siege:
    hex: str
    besieger: str
    siege: bool
    blockade: bool
    full: bool
    city: str | None = None


@dataclass(frozen=True)
class MapView:
    viewer: str | None
    olympiad: int | None
    turn: int | None
    phase: str
    active: str | None
    mp_left: int | None
    player1: str | None
    points: dict[str, int]
    blocks: tuple[MapBlock, ...]
    control: dict[str, str]
    sieges: tuple[Siege, ...]
    battle_hex: str | None
    hellespont: str | None
    persian_alliance: bool
    syracuse_value: int | None
    played: dict[str, Any] = field(default_factory=dict)
    waiting_for: tuple[str, ...] = ()
    outcome: str | None = None


def face_of(b: dict[str, Any]) -> BlockFace | None:
    """A block's face if the view identifies it (it then carries strength and rating)."""
    if b.get("strength") is None or b.get("name") is None:
        return None
    return BlockFace(name=str(b.get("name")), type=str(b.get("type") or ""),
                     strength=int(b["strength"]),
                     max_strength=int(b.get("max_strength") or b["strength"]),
                     rating=str(b.get("rating") or ""), half_hit=bool(b.get("half_hit")))


def map_view(view: dict[str, Any]) -> MapView:
    game = view.get("game") or {}
    blocks = []
    for b in view.get("blocks") or ():
        place = b.get("hex") or b.get("place")
        if not place:
            continue
        blocks.append(MapBlock(place=place, side=str(b.get("side") or "none"),
                               in_city=bool(b.get("in_city")), face=face_of(b),
                               id=b.get("id"), revealed=bool(b.get("revealed"))))
    sieges = tuple(Siege(hex=s["hex"], besieger=str(s.get("besieger") or "none"),
                         siege=bool(s.get("siege")), blockade=bool(s.get("blockade")),
                         full=bool(s.get("full")), city=s.get("city"))
                   for s in view.get("sieges") or () if s.get("hex"))
    battle = view.get("battle") or None
    outcome = game.get("outcome")
    played = (view.get("cards") or {}).get("played") or {}
    return MapView(
        viewer=view.get("viewer", game.get("viewer")),
        olympiad=view.get("olympiad"), turn=view.get("turn"),
        phase=str(view.get("phase") or ""), active=view.get("active"),
        mp_left=view.get("mp_left"), player1=view.get("player1"),
        points={k: int(v) for k, v in (view.get("points") or {}).items() if v is not None},
        blocks=tuple(blocks), control=dict(view.get("control") or {}), sieges=sieges,
        battle_hex=battle.get("hex") if isinstance(battle, dict) else None,
        hellespont=view.get("hellespont"),
        persian_alliance=bool((view.get("persia") or {}).get("alliance")),
        syracuse_value=view.get("syracuse_value"),
        played={k: v for k, v in played.items() if isinstance(v, dict)},
        waiting_for=tuple(game.get("waiting_for") or ()),
        outcome=(outcome or {}).get("reason") if isinstance(outcome, dict) else None,
    )


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    mp: int
    event_name: str | None
    event_text: str | None


def _cards(cards: list[dict[str, Any]]) -> list[Card]:
    out = []
    for c in cards:
        ev = c.get("event") or None
        out.append(Card(id=str(c.get("id", "")), mp=int(c.get("mp") or 0),
                        event_name=(ev or {}).get("name") if ev else None,
                        event_text=(ev or {}).get("text") if ev else None))
    return out


def hand(view: dict[str, Any]) -> tuple[str | None, list[Card]]:
    cards = (view.get("cards") or {}).get("hand") or []
    return view.get("viewer", (view.get("game") or {}).get("viewer")), _cards(cards)


def peeked(view: dict[str, Any]) -> list[Card]:
    """The other hand as an event (Delphic Oracle) showed it to this seat."""
    return _cards((view.get("cards") or {}).get("peeked") or [])
