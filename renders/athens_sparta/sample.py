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
    """The rulebook's Amphipolis example (5.6) as a battle record."""
    sp_h = {"id": "sp-h", "name": "Brasidas", "type": "hoplite", "rating": "B4", "side": "sparta"}
    sp_p = {"id": "sp-p", "name": "Sparta", "type": "peltast", "rating": "A1", "side": "sparta"}
    at_h = {"id": "at-h", "name": "Amphipolis", "type": "hoplite", "rating": "B2",
            "side": "athens"}
    at_p = {"id": "at-p", "name": "Amphipolis", "type": "peltast", "rating": "A1",
            "side": "athens"}
    return {
        "hex": None, "attacker": "sparta", "defender": "athens", "kind": "new",
        "rounds": [
            {"round": 1, "actions": [
                {"block": at_p, "stage": "land", "action": "fire", "strength_before": 2,
                 "dice": [4, 6], "hits": 0, "half_hits": 0, "targets": []},
                {"block": sp_p, "stage": "land", "action": "fire", "strength_before": 4,
                 "dice": [1, 3, 5, 2], "hits": 1, "half_hits": 0,
                 "targets": [{"id": "at-h", "name": "Amphipolis hoplite",
                              "strength_before": 3, "strength_after": 2}]},
                {"block": at_h, "stage": "land", "action": "fire", "strength_before": 2,
                 "dice": [2, 5], "hits": 1, "half_hits": 0,
                 "targets": [{"id": "sp-p", "name": "Sparta peltast", "strength_before": 4,
                              "strength_after": 3}]},
                {"block": sp_h, "stage": "land", "action": "fire", "strength_before": 4,
                 "dice": [3, 1, 6, 5], "hits": 2, "half_hits": 0,
                 "targets": [{"id": "at-p", "name": "Amphipolis peltast",
                              "strength_before": 2, "strength_after": 1},
                             {"id": "at-h", "name": "Amphipolis hoplite",
                              "strength_before": 2, "strength_after": 1}]}]},
            {"round": 2, "actions": [
                {"block": at_p, "stage": "land", "action": "withdraw"},
                {"block": sp_p, "stage": "land", "action": "fire", "strength_before": 3,
                 "dice": [2, 4, 6], "hits": 0, "half_hits": 0, "targets": []},
                {"block": at_h, "stage": "land", "action": "withdraw"},
                {"block": sp_h, "stage": "siege", "action": "fire", "strength_before": 4,
                 "dice": [1, 4, 6, 5], "hits": 0, "half_hits": 2,
                 "targets": [{"id": "at-p", "name": "Amphipolis peltast",
                              "strength_before": 1, "strength_after": 0}]}]}],
        "result": "the city holds; Sparta lays siege", "winner": None,
    }
