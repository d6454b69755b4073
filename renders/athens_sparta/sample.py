"""A hand-made mid-game view in the VIEW.md schema: for the benchmark, the sample images
and the tests, independent of the rules engine's progress."""

from __future__ import annotations

from typing import Any

from .mapdata import MapData

# (city, side, name, type, strength, max, rating, in_city)
_BLOCKS = [
    ("Athens", "athens", "Athens", "hoplite", 4, 4, "B2", False),
    ("Athens", "athens", "Athens", "navy", 4, 4, "C3", False),
    ("Athens", "athens", "Piraeus", "navy", 3, 4, "C3", False),
    ("Potidaea", "athens", "Athens", "hoplite", 2, 4, "B2", False),
    ("Potidaea", "athens", "Athens", "navy", 2, 3, "C2", False),
    ("Potidaea", "sparta", "Corinth", "hoplite", 1, 3, "B2", True),
    ("Chios", "athens", "Chios", "navy", 3, 3, "C2", False),
    ("Corcyra", "athens", "Corcyra", "navy", 2, 3, "C2", False),
    ("Naupactus", "athens", "Messenians", "peltast", 2, 3, "A1", False),
    ("Sparta", "sparta", "Sparta", "hoplite", 4, 4, "A3", False),
    ("Sparta", "sparta", "Sparta", "hoplite", 3, 4, "A3", False),
    ("Sparta", "sparta", "Lacedaemon", "peltast", 2, 3, "A2", False),
    ("Corinth", "sparta", "Corinth", "navy", 3, 4, "C2", False),
    ("Corinth", "sparta", "Corinth", "hoplite", 3, 3, "B2", False),
    ("Thebes", "sparta", "Thebes", "cavalry", 3, 3, "B1", False),
    ("Thebes", "sparta", "Thebes", "hoplite", 4, 4, "B2", False),
    ("Megara", "sparta", "Megara", "hoplite", 2, 2, "B1", False),
    ("Gytheum", "sparta", "Gytheum", "navy", 2, 3, "C1", False),
    ("Amphipolis", "athens", "Amphipolis", "hoplite", 2, 2, "B1", False),
    ("Amphipolis", "sparta", "Brasidas", "hoplite", 3, 4, "A3", False),
]


def sample_view(data: MapData, seat: str | None, strength_bump: int = 0) -> dict[str, Any]:
    """A view for `seat` (None: the public). `strength_bump` changes hidden strengths
    only, for redaction tests: the public view must not change with it."""
    blocks = []
    for i, (city, side, name, typ, st, mx, rating, in_city) in enumerate(_BLOCKS):
        c = data.cities.get(city)
        if c is None or c.hex is None:
            continue
        b: dict[str, Any] = {"hex": c.hex, "side": side, "in_city": in_city}
        if seat == side:
            b.update({"id": f"{side[:2]}-{i}", "name": name, "type": typ,
                      "strength": min(mx, st + strength_bump), "max_strength": mx,
                      "rating": rating, "revealed": False})
        blocks.append(b)
    syracuse = {"hex": "sicily", "side": "neutral", "in_city": True}
    blocks.append(syracuse)
    blocks.sort(key=lambda b: ("id" not in b, b["hex"], b["side"], b.get("id", "")))
    pot = data.cities.get("Potidaea")
    mil = data.cities.get("Miletus")
    sieges = []
    control: dict[str, str] = {}
    if pot and pot.hex:
        sieges.append({"hex": pot.hex, "city": "Potidaea", "holder": "sparta",
                       "besieger": "athens", "siege": True, "blockade": True, "full": True})
        control[pot.hex] = "sparta"
    if mil and mil.hex:
        control[mil.hex] = "sparta"
    amph = data.cities.get("Amphipolis")
    hand = []
    if seat:
        hand = [{"id": "c03", "mp": 3, "event": None}, {"id": "c07", "mp": 2,
                 "event": {"id": "storm", "name": "Storm",
                           "text": "No navy may move this game turn; land moves go on."}},
                {"id": "c12", "mp": 1, "event": None}, {"id": "c18", "mp": 4, "event": None},
                {"id": "c21", "mp": 1, "event": {"id": "earthquake", "name": "Earthquake",
                 "text": "The game turn is lost for both sides; only siege attrition is rolled."}}]
    return {
        "ruleset": "athens-sparta", "viewer": seat, "olympiad": 85, "turn": 3,
        "phase": "combat", "step": "combat.choose", "active": "sparta",
        "player1": "sparta", "player2": "athens", "mp_left": None,
        "cards": {"hand": hand, "hand_sizes": {"athens": 3, "sparta": 3},
                  "played": {"athens": {"id": "c05", "mp": 2, "event": None},
                             "sparta": {"id": "c09", "mp": 4, "event": None}}},
        "blocks": blocks, "control": control, "sieges": sieges,
        "points": {"athens": 18, "sparta": 19}, "syracuse_value": 4,
        "persia": {"alliance": False, "ended": False}, "hellespont": "athens",
        "battle": {"hex": amph.hex, "kind": "new", "attacker": "sparta",
                   "defender": "athens", "round": 1, "stage": "land"} if amph and amph.hex
        else None,
        "game": {"ruleset": "athens-sparta", "viewer": seat, "waiting_for": ["sparta"]},
    }


def sample_battle() -> dict[str, Any]:
    """The rulebook's Amphipolis example (5.6) as a battle record
    (engine/core/battle_record.py)."""
    forces = [
        {"id": "sp-h", "name": "Brasidas", "kind": "hoplite", "rating": "B4", "side": "sparta",
         "strength": 4},
        {"id": "sp-p", "name": "Sparta", "kind": "peltast", "rating": "A1", "side": "sparta",
         "strength": 4},
        {"id": "at-h", "name": "Amphipolis", "kind": "hoplite", "rating": "B2",
         "side": "athens", "strength": 3},
        {"id": "at-p", "name": "Amphipolis", "kind": "peltast", "rating": "A1",
         "side": "athens", "strength": 2},
    ]

    def fire(unit: str, side: str, strength: int, dice: list[int], hits: int,
             targets: list[tuple[str, int, int]], stage: str = "land",
             half_hits: int = 0) -> dict[str, Any]:
        return {"kind": "fire", "side": side, "unit": unit, "dice": dice, "hits": hits,
                "targets": [{"target": u, "before": b, "after": a} for u, b, a in targets],
                "facts": {"stage": stage, "strength": strength, "half_hits": half_hits}}

    def withdraw(unit: str, strength: int) -> dict[str, Any]:
        return {"kind": "withdraw", "side": "athens", "unit": unit,
                "facts": {"stage": "land", "strength": strength}}

    return {
        "place": "", "kind": "new", "attacker": "sparta", "defender": "athens",
        "forces": forces,
        "rounds": [
            {"number": 1, "steps": [
                fire("at-p", "athens", 2, [4, 6], 0, []),
                fire("sp-p", "sparta", 4, [1, 3, 5, 2], 1, [("at-h", 3, 2)]),
                fire("at-h", "athens", 2, [2, 5], 1, [("sp-p", 4, 3)]),
                fire("sp-h", "sparta", 4, [3, 1, 6, 5], 2, [("at-p", 2, 1), ("at-h", 2, 1)]),
            ]},
            {"number": 2, "steps": [
                withdraw("at-p", 1),
                fire("sp-p", "sparta", 3, [2, 4, 6], 0, []),
                withdraw("at-h", 1),
                fire("sp-h", "sparta", 4, [1, 4, 6, 5], 0, [("at-p", 1, 0)], stage="siege",
                     half_hits=2),
            ]}],
        "winner": None, "outcome": "siege_continues",
    }
