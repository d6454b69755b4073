"""The battle record every ruleset fills and every combat display reads.

A battle is told as facts, never as sentences: who stood where (`forces`), then rounds of
steps — a unit firing its dice, a Combat Results Table roll, a morale check, a rout, a
retreat, a panic — each with its dice, hits and the units they struck. Wording is built
when a record is shown (the ruleset's texts, the renderer's theme), so a reworded line
changes no saved state and no picture parses English.

The record is plain JSON (TypedDicts of str, int, lists and dicts): it lives in the state
while a battle goes on, travels in the `battle_end` event, and is what a view shows.
`facts` on a step holds what only one game has (the Epic's odds column and shifts,
Hellenes' agility and power); a display theme reads the keys it knows and ignores others.
"""

from __future__ import annotations

from typing import Annotated, Any, NotRequired, TypedDict, cast

# A unit's id written into the record: it names the unit as every seat saw it then, so a
# ruleset's redaction variants, which swap hidden units' identities, leave it as written
# (to mypy a plain str; the mark is for rulesets that derive variants from their types).
ShownId = Annotated[str, "shown unit id"]


class Piece(TypedDict):
    """A unit as every seat saw it in the battle (a block revealed when it fought)."""
    id: ShownId      # the ruleset's unit id, stable for the whole game
    side: str        # the side it fought for
    kind: str        # a key of the ruleset's unit type table ("hoplite", "trireme", ...)
    strength: int    # steps / combat value / strength points when the battle began
    name: NotRequired[str]      # a printed name where the unit has one ("Thebes H1")
    rating: NotRequired[str]    # a firing rating or quality letter where the game has one
    home: NotRequired[str]      # a home region or city where the game names one


class Hit(TypedDict):
    """What one step did to one unit: its strength before and after (0: eliminated)."""
    target: ShownId
    before: int
    after: int
    rout: NotRequired[bool]     # routed rather than (or as well as) losing strength
    facts: NotRequired[dict[str, Any]]  # what only one game records (a half-hit, ...)


class Step(TypedDict):
    """One thing that happened in a round, in order."""
    kind: str                   # "fire", "crt", "check", "pursuit", "retreat", "panic", ...
    side: NotRequired[str]      # the side acting (the firer, the checker, the retreater)
    unit: NotRequired[ShownId]  # the acting unit's id
    dice: NotRequired[list[int]]
    hits: NotRequired[int]      # hits scored
    targets: NotRequired[list[Hit]]
    to: NotRequired[str]        # where a unit went (a retreat, a regroup)
    rule: NotRequired[str]      # the rule applied, as cited in prompts ("5.41")
    facts: NotRequired[dict[str, Any]]  # what only one game records (odds, shifts, ...)


class Round(TypedDict):
    number: int                 # 1, 2, ...; 0 for what comes before the first round
    label: NotRequired[str]     # a key for a special round: "pursuit", "assault", "sortie"
    steps: list[Step]


class BattleRecord(TypedDict):
    place: str                  # the hex, area or space fought over (an id, not a name)
    kind: str                   # "field", "siege", "naval", "assault", ...
    attacker: str
    defender: str
    forces: list[Piece]
    rounds: list[Round]
    winner: str | None          # None while the battle goes on, or for no winner
    outcome: str | None         # a key: "attacker_won", "defender_held", "withdrew", ...
    facts: NotRequired[dict[str, Any]]


def new_record(place: str, kind: str, attacker: str, defender: str,
               forces: list[Piece] | None = None) -> BattleRecord:
    return {"place": place, "kind": kind, "attacker": attacker, "defender": defender,
            "forces": list(forces or []), "rounds": [], "winner": None, "outcome": None}


def open_round(record: BattleRecord, number: int, label: str | None = None) -> Round:
    rnd: Round = {"number": number, "steps": []}
    if label is not None:
        rnd["label"] = label
    record["rounds"].append(rnd)
    return rnd


def add_step(record: BattleRecord, step: Step) -> Step:
    """Append a step to the current round (opening round 1 if none is open)."""
    if not record["rounds"]:
        open_round(record, 1)
    record["rounds"][-1]["steps"].append(step)
    return step


def new_piece(unit: str, side: str, kind: str, strength: int, *, rating: str | None = None,
              name: str | None = None, home: str | None = None) -> Piece:
    """A unit as the record shows it; the keys a game has no value for are left out."""
    piece = {"id": unit, "side": side, "kind": kind, "strength": strength,
             **_given(rating=rating, name=name, home=home)}
    return cast(Piece, piece)


def new_step(kind: str, *, side: str | None = None, unit: str | None = None,
             dice: list[int] | None = None, hits: int | None = None,
             targets: list[Hit] | None = None, to: str | None = None, rule: str | None = None,
             facts: dict[str, Any] | None = None) -> Step:
    """One step; the keys a step has no value for are left out (a step that can still
    be struck starts with `targets=[]`)."""
    return cast(Step, {"kind": kind, **_given(side=side, unit=unit, dice=dice, hits=hits,
                                              targets=targets, to=to, rule=rule,
                                              facts=facts)})


def new_hit(target: str, before: int, after: int, *, rout: bool = False,
            facts: dict[str, Any] | None = None) -> Hit:
    hit = {"target": target, "before": before, "after": after,
           **_given(rout=True if rout else None, facts=facts)}
    return cast(Hit, hit)


def _given(**keys: Any) -> dict[str, Any]:
    """The keys that have a value (optional keys of a record are left out, not None)."""
    return {k: v for k, v in keys.items() if v is not None}


def add_hit(step: Step, hit: Hit) -> None:
    """What `step` did to one unit, after what it did to the others."""
    step.setdefault("targets", []).append(hit)


def last_step(record: BattleRecord) -> Step | None:
    """The latest step of the current round (None before its first)."""
    rounds = record["rounds"]
    return rounds[-1]["steps"][-1] if rounds and rounds[-1]["steps"] else None


def add_piece(record: BattleRecord, piece: Piece) -> None:
    """A unit joins the battle (once: a unit already listed keeps its first entry)."""
    if all(p["id"] != piece["id"] for p in record["forces"]):
        record["forces"].append(piece)


def close(record: BattleRecord, winner: str | None, outcome: str) -> None:
    record["winner"] = winner
    record["outcome"] = outcome


def strength_after(record: BattleRecord, unit: str) -> int | None:
    """A unit's strength after the last hit the record shows on it (None: never hit)."""
    last: int | None = None
    for rnd in record["rounds"]:
        for step in rnd["steps"]:
            for hit in step.get("targets", ()):
                if hit["target"] == unit:
                    last = hit["after"]
    return last


def problems(record: Any) -> list[str]:
    """What makes `record` not a battle record (for invariants and the contract suite)."""
    out: list[str] = []
    if not isinstance(record, dict):
        return ["a battle record is a dict"]
    for key in ("place", "kind", "attacker", "defender", "forces", "rounds", "winner",
                "outcome"):
        if key not in record:
            out.append(f"battle record lacks {key!r}")
    ids = {p.get("id") for p in record.get("forces", []) if isinstance(p, dict)}
    for rnd in record.get("rounds", []):
        if not isinstance(rnd, dict) or not isinstance(rnd.get("steps"), list):
            out.append("a round without steps")
            continue
        for step in rnd["steps"]:
            if "kind" not in step:
                out.append("a step without a kind")
            unit = step.get("unit")
            if unit is not None and unit not in ids:
                out.append(f"step by {unit!r}, which is not among the forces")
            for hit in step.get("targets", ()):
                if hit.get("target") not in ids:
                    out.append(f"hit on {hit.get('target')!r}, which is not among the forces")
    return out
