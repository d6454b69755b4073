"""The battle as facts (6.0-6.6, 8.1): the kernel's `BattleRecord` that `s["battle"]` holds
while a battle is fought and the `battle_end` event carries. Who fought (forces, revealed
when the battle begins, 6.1), then each round's steps: the fortifying (7.1), each attack
with its dice and the hits and routs it struck (6.31-6.33), Ares (11.0), Panic (6.34),
Retreat (6.4) and those who fight on. Words for it are built when it is shown."""

from __future__ import annotations

from engine.core.battle_record import (
    BattleRecord,
    Piece,
    add_hit,
    add_piece,
    add_step,
    last_step,
    new_hit,
    new_piece,
    new_record,
    new_step,
)

from . import board as B

GARRISON = "garrison"  # a City's garrison block in a Siege Assault (2.3, 8.1)
FIRE, PURSUIT, WITHDRAW = "fire", "pursuit", "withdraw"


def started(place: str, kind: str, attacker: str, defender: str, sea: bool) -> BattleRecord:
    record = new_record(place, kind, attacker, defender)
    record["facts"] = {"sea": sea}
    return record


def piece(unit: str, side: str, cv: int, rating: str) -> Piece:
    if unit == GARRISON:
        return new_piece(unit, side, GARRISON, cv, rating=rating, name="the City garrison")
    b = B.spec(unit)
    return new_piece(unit, side, b.type, cv, rating=rating, name=b.name)


def join(record: BattleRecord, pieces: list[Piece]) -> None:
    for p in pieces:
        add_piece(record, p)


def attack(record: BattleRecord, unit: str, side: str, rating: str, cv: int, dice: list[int],
           hits: int, routs: int, pursuit: bool) -> None:
    add_step(record, new_step(PURSUIT if pursuit else FIRE, side=side, unit=unit, dice=dice,
                              hits=hits, targets=[], rule="6.34" if pursuit else "6.31",
                              facts={"rating": rating, "strength": cv, "routs": routs}))


def struck(record: BattleRecord, unit: str, before: int, after: int, rout: bool = False) -> None:
    """A hit (or a rout, `rout`) of the last attack lands on `unit`."""
    step = last_step(record)
    if step is None or step["kind"] not in (FIRE, PURSUIT):
        raise RuntimeError("a hit with no attack in the battle record")
    add_hit(step, new_hit(unit, before, after, rout=rout))


def note(record: BattleRecord, kind: str, side: str, rule: str, count: int | None = None,
         unit: str | None = None, to: str | None = None) -> None:
    """A step with no dice: fortify, ares, panic, retreat, withdraw (a unit leaving the
    battle `to` an area or "city"), fight-on."""
    add_step(record, new_step(kind, side=side, unit=unit, to=to, rule=rule,
                              facts=None if count is None else {"count": count}))


def routed(record: BattleRecord) -> set[str]:
    """Units the record shows routed (for a display: routed blocks are dimmed)."""
    return {h["target"] for rnd in record["rounds"] for st in rnd["steps"]
            for h in st.get("targets", ()) if h.get("rout")}


def fighting(record: BattleRecord) -> dict[str, int]:
    """The units still fighting, unrouted, with their strength now: those that withdrew,
    were eliminated or routed are out of it."""
    now = {p["id"]: p["strength"] for p in record["forces"]}
    out = set()
    for rnd in record["rounds"]:
        for st in rnd["steps"]:
            if st["kind"] == WITHDRAW:
                out.add(st.get("unit", ""))
            for h in st.get("targets", ()):
                now[h["target"]] = h["after"]
                if h.get("rout"):
                    out.add(h["target"])
    return {u: cv for u, cv in now.items() if cv > 0 and u not in out}

