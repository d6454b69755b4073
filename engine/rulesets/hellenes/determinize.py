"""A sample of the hidden facts, drawn from what one seat's view allows (the search
player's worlds, engine/players/search.py).

Hidden from a seat (view.py): which of the enemy's units stands behind each upright block
and at what strength, what is in the enemy's Recruit Pool, its hand and its committed
card, and the deck's order. The seat sees where each enemy block stands (its area and
whether it is inside the City) and how many blocks the pool holds.

The sample deals the enemy's units to those places afresh. The places are put in a
canonical order (area, inside, and the block's part in the procedures under way: a unit
that moved this turn, its place in a Formation that engaged, a fleet's cargo; the seat
watched those moves happen), and every unit goes where its kind may stand: a land unit
at sea only aboard a fleet, a fleet inside a City only in a Port (7.1), a Sicilian unit only in Sicily
(2.1), in a neutral area only its own units (Gela, 15.2), a crossing's fleet a fleet and
its cargo a land unit (5.21); in a sea, up to half a side's blocks may be land units
carried aboard the others (5.21).
Within those bounds the units are dealt at random (a matching found by augmenting paths
over candidate lists shuffled by `rng`), each on the map with a fresh strength (`strength`),
and every mention of a unit in the procedures under way is renamed with it. Units the seat
sees (those in the battle being fought, 6.1) and the units a scenario set aside stay as they
are. The cards nobody on this side can see (deck, enemy hand, enemy commitment) are dealt
from their sorted pool, a dealt commitment's use drawn among those the rules allow.

Nothing is read in the order the true state keeps it, so the sample depends on the true
state only through what the seat knows: two states it cannot tell apart give the same
sample for the same `rng`.
"""

from __future__ import annotations

import json
import re
from typing import Any

from engine.core.rng import Rng

from . import board as B
from . import cards as K
from .commits import committed, set_committed
from .state import ASIDE, POOL, SIDES, HState, Side, indexed

# Parts of the state that may name units in the procedures under way.
PROCEDURE_KEYS = ("flow", "turn", "homing")

Place = tuple[str, bool, tuple[str, ...]]


def _copy(s: HState) -> HState:
    return indexed(json.loads(json.dumps(s)))


def _mentions(value: Any, ids: frozenset[str], path: str, out: dict[str, set[str]]) -> None:
    """For each unit of `ids` named in `value`: where, by position (a Group Move's queue,
    the fleet a unit is cargo of), which the renaming keeps."""
    if isinstance(value, str):
        if value in ids:
            out.setdefault(value, set()).add(path)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _mentions(item, ids, f"{path}[{i}]", out)
    elif isinstance(value, dict):
        for i, (k, item) in enumerate(value.items()):
            if k in ids:
                out.setdefault(k, set()).add(f"{path}{{{i}}}")
                _mentions(item, ids, f"{path}{{{i}}}:", out)
            else:
                _mentions(item, ids, f"{path}.{k}", out)


def _renamed(value: Any, mapping: dict[str, str]) -> Any:
    if isinstance(value, str):
        return mapping.get(value, value)
    if isinstance(value, list):
        return [_renamed(v, mapping) for v in value]
    if isinstance(value, dict):
        return {mapping.get(k, k): _renamed(v, mapping) for k, v in value.items()}
    return value


def rename(s: HState, mapping: dict[str, str]) -> None:
    """Rename units wherever the procedures under way name them (not their records)."""
    for key in PROCEDURE_KEYS:
        if s.get(key) is not None:
            s[key] = _renamed(s[key], mapping)  # type: ignore[literal-required]


def fits(s: HState, bid: str, area: str, inside: bool) -> bool:
    """Whether the unit may stand there, as far as its kind goes (public component data)."""
    if area == POOL:
        return True
    spec = B.spec(bid)
    if B.neutral(s, area):  # only a neutral's own units stand there (Gela, 15.2)
        city = B.city_of(area)
        return city is not None and city.nationality == spec.nation
    fleet = spec.type == "fleet"
    if B.comps().areas[area].kind == "sea":
        # a land unit only aboard a fleet (5.21), never a barbarian
        return fleet or not (spec.barbarian or spec.sicilian and B.region(area) != "sicily")
    if spec.sicilian and B.region(area) != "sicily":
        return False
    if inside and fleet:
        city = B.city_of(area)
        return city is not None and city.port
    return True


# A unit's part that says its kind: a fleet of a crossing or Forced Sail, a fleet asked
# for its cargo or carrying one (5.21, 5.22), and the land unit it carries.
FLEET_PART = re.compile(r"(\.fleets\[\d+\]|\.cargo\{\d+\}|\.asking)$")
CARGO_PART = re.compile(r"\.cargo\{\d+\}:$")


def role_kind(parts: tuple[str, ...]) -> bool | None:
    """True: the part is a fleet's; False: a land unit's; None: either's."""
    if any(FLEET_PART.search(p) for p in parts):
        return True
    if any(CARGO_PART.search(p) for p in parts):
        return False
    return None


def seen_units(s: HState) -> frozenset[str]:
    """Units every seat sees: those of the battle being fought (6.1, its public record)."""
    battle = s["battle"]
    return frozenset(p["id"] for p in battle["forces"]) if battle else frozenset()


def hidden_units(s: HState, side: str) -> list[str]:
    """The side's units whose identity the other side does not see, sorted."""
    seen = seen_units(s)
    return sorted(b for b, x in s["blocks"].items()
                  if x["side"] == side and x["loc"] != ASIDE and b not in seen)


def _deal_units(v: HState, side: str, rng: Rng) -> dict[str, str]:
    """old id -> the unit that takes its place in the sample."""
    ids = hidden_units(v, side)
    roles: dict[str, set[str]] = {}
    idset = frozenset(ids)
    for key in PROCEDURE_KEYS:
        _mentions(v.get(key), idset, key, roles)

    def place(b: str) -> Place:
        x = v["blocks"][b]
        return str(x["loc"]), bool(x["inside"]), tuple(sorted(roles.get(b, ())))

    held = sorted(ids, key=lambda b: (place(b), b))
    places = [place(b) for b in held]
    candidates = []
    areas = B.comps().areas
    at_sea = {p[0]: 0 for p in places if p[0] in areas and areas[p[0]].kind == "sea"}
    for area, _, _ in places:
        if area in at_sea:
            at_sea[area] += 1
    seen: dict[str, int] = {}
    for area, inside, parts in places:
        fleet = role_kind(parts)
        # 5.21: in a sea, at most half the blocks are land units aboard the others
        if area in at_sea:
            if seen.setdefault(area, 0) < (at_sea[area] + 1) // 2 and fleet is None:
                fleet = True
            seen[area] += 1
        fit = [b for b in ids if fits(v, b, area, inside)
               and (fleet is None or (B.spec(b).type == "fleet") == fleet)]
        rng.shuffle(fit)
        candidates.append(fit)
    match = _matching(candidates)
    if match is None:  # no kind-respecting deal: any unit anywhere (never seen so far)
        anywhere = []
        for _ in places:
            anywhere.append(list(ids))
            rng.shuffle(anywhere[-1])
        match = _matching(anywhere)
        assert match is not None
    return {held[i]: new for i, new in enumerate(match)}


def _matching(candidates: list[list[str]]) -> list[str] | None:
    """A unit for every place, each unit once, trying each place's candidates in their
    order (augmenting paths); None if there is none."""
    owner: dict[str, int] = {}

    def seat(i: int, seen: set[str]) -> bool:
        for b in candidates[i]:
            if b in seen:
                continue
            seen.add(b)
            if b not in owner or seat(owner[b], seen):
                owner[b] = i
                return True
        return False

    for i in range(len(candidates)):
        if not seat(i, set()):
            return None
    out = [""] * len(candidates)
    for b, i in owner.items():
        out[i] = b
    return out


def _deal_cards(v: HState, side: Side, rng: Rng) -> None:
    """The enemy's hand and the deck dealt afresh from their sorted pool; a commitment not
    yet revealed is one of the dealt hand (a card stays in hand until the reveal, 3.3)."""
    c = v["cards"]
    pool = sorted([*c["deck"], *c["hands"][side]])
    rng.shuffle(pool)
    n = len(c["hands"][side])
    c["hands"][side], c["deck"] = sorted(pool[:n]), pool[n:]
    if side in committed(v):
        card = c["hands"][side][rng.randbelow(n)]
        event = K.event_refusal(v, side, card) is None and rng.randbelow(2) == 0
        set_committed(v, side, {"card": card, "use": "event" if event else "actions"})


def strength(top: int, rng: Rng) -> int:
    """A hidden block's steps: the larger of two draws of 1..`top`. Blocks start a
    scenario at or near their maximum (the 431 set-up: Sparta 58 of 61 steps, Athens 65
    of 74), lose steps in battle and regain them by Reinforcement (4.21); a single draw
    (mean half the maximum) dealt Sparta about 42 steps in the first Spring, and a search
    that scores the sample's steps saw its battles too cheap."""
    return max(1 + rng.randbelow(top), 1 + rng.randbelow(top))


def determinize(s: HState, seat: str, rng: Rng) -> HState:
    v = _copy(s)
    for side in (x for x in SIDES if x != seat):
        mapping = _deal_units(v, side, rng)
        records = {}
        for old, new in mapping.items():
            r = dict(v["blocks"][new])
            place = v["blocks"][old]
            r["loc"], r["inside"] = place["loc"], place["inside"]
            r["cv"] = 0 if r["loc"] == POOL else strength(B.spec(new).max_strength, rng)
            records[new] = r
        for bid, r in records.items():
            v["blocks"][bid] = r  # type: ignore[assignment]
        rename(v, mapping)
        _deal_cards(v, side, rng)
    return _copy(v)
