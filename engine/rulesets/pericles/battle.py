"""A land or naval battle in one theater (9.3), as arithmetic over the forces there,
told in the kernel's battle record. The theater phase that leads to battles (9.2) is not
written yet; the playbook's three battles of 16.0 are the tests.

Strength: units of the battle's kind at their strength (Spartan land and Athenian naval
2, every other unit 1), 2 per base of the side (bases fight on land and at sea), 1 per
committed Strategos, per own Treachery marker, for the State Ship and for the 300's
token, plus the face value of the side's battle card. The loser loses the difference in
strength points from units of the battle's kind, the winner choosing which; a base (2
points) falls only when the side has no unit of either kind left there; what cannot be
taken is forfeited. The winner loses 1 strength point of that kind for every 2 units of
that kind the loser lost, the loser choosing. Honor: per enemy unit (or base) eliminated,
the winning side's commander +2 and its compatriot +1, each faction of the losing city
-1 (ruling R16 when the defender wins)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.battle_record import (
    BattleRecord,
    Hit,
    Piece,
    add_piece,
    add_step,
    close,
    new_record,
)

from . import assembly as asm
from .components import load_components

Forces = dict[str, dict[str, int]]  # owner -> {"land": n, "naval": n, "bases": n}


@dataclass
class Side:
    city: str
    units: Forces
    strategos: int = 0
    treachery: int = 0
    state_ship: bool = False
    the_300: bool = False  # the 300 stand here: their Strategos token adds 1 (12.0)
    card: int = 0  # the face value of the battle card turned (9.3)


@dataclass
class Result:
    winner: str | None
    strength: dict[str, int]
    lost: dict[str, list[str]] = field(default_factory=dict)  # city -> owner:kind eliminated
    honor: dict[str, int] = field(default_factory=dict)
    record: BattleRecord | None = None


def unit_strength(owner: str, kind: str) -> int:
    table = load_components().data.counts.strength
    return int(table[owner][kind])


def base_strength() -> int:
    return int(load_components().data.counts.strength["base"])


def strength(side: Side, kind: str) -> int:
    """Everything that counts in a battle of `kind` except the card (9.3)."""
    units = sum(n.get(kind, 0) * unit_strength(o, kind) for o, n in side.units.items() if o != "persia")
    bases = sum(n.get("bases", 0) for n in side.units.values()) * base_strength()
    return (units + bases + side.strategos + side.treachery + int(side.state_ship)
            + int(side.the_300))


def take_losses(units: Forces, kind: str, points: int, order: list[str],
                bases: bool = True) -> list[str]:
    """Remove up to `points` strength points of `kind` units, owners in `order` first
    (the chooser's preference; owners it omits come after, in table order); a unit
    costing more than the points left survives (ruling R15). Bases fall, 2 points each,
    only once no unit of either kind is left. Returns "owner:kind" per piece removed."""
    gone: list[str] = []
    owners = [o for o in order if o in units] + [o for o in units if o not in order]
    for o in owners:
        cost = unit_strength(o, kind) if o != "persia" else 0
        while cost and units[o].get(kind, 0) and points >= cost:
            units[o][kind] -= 1
            points -= cost
            gone.append(f"{o}:{kind}")
    if bases and not any(n.get("land", 0) + n.get("naval", 0) for n in units.values()):
        for o in owners:
            while units[o].get("bases", 0) and points >= base_strength() and o != "persia":
                units[o]["bases"] -= 1
                points -= base_strength()
                gone.append(f"{o}:base")
    return gone


def honor_for(killed: int, winner_city: str, commander: str) -> dict[str, int]:
    """Battle Honor (9.3): +2 a piece to the commander, +1 to its compatriot, -1 to each
    faction of the other city."""
    out = {commander: 2 * killed, asm.rival(commander): killed}
    loser = "sparta" if winner_city == "athens" else "athens"
    for f in asm.CITY_FACTIONS[loser]:
        out[f] = -killed
    return out


def pieces(side: Side, kind: str) -> list[Piece]:
    return [{"id": f"{o}:{k}", "side": side.city, "kind": k, "strength": n[k]}
            for o, n in sorted(side.units.items()) for k in (kind, "bases") if n.get(k, 0)]


def fight(place: str, kind: str, attacker: Side, defender: Side, commander: str,
          defender_commander: str, loser_order: list[str] | None = None,
          winner_order: list[str] | None = None) -> Result:
    """One battle of `kind` ("land" or "naval"); the sides' `units` are changed in place.
    `commander` is the attacking CG; `defender_commander` takes the commander's Honor
    if the defenders win (ruling R16). Orders say which owners lose first."""
    record = new_record(place, kind, attacker.city, defender.city)
    for side in (attacker, defender):
        for p in pieces(side, kind):
            add_piece(record, p)
    total = {s.city: strength(s, kind) + s.card for s in (attacker, defender)}
    add_step(record, {"kind": "strength", "facts": {
        s.city: {"base": strength(s, kind), "card": s.card, "strategos": s.strategos,
                 "treachery": s.treachery, "state_ship": s.state_ship, "the_300": s.the_300}
        for s in (attacker, defender)}, "rule": "9.3"})
    a, d = total[attacker.city], total[defender.city]
    if a == d:
        # no difference, no losses (ruling R17: a tie leaves the theater as it was)
        close(record, None, "tie")
        return Result(None, total, {}, {}, record)
    win, lose = (attacker, defender) if a > d else (defender, attacker)
    before = {o: dict(n) for o, n in lose.units.items()}
    lost = take_losses(lose.units, kind, abs(a - d), loser_order or [])
    add_step(record, {"kind": "losses", "side": lose.city, "hits": abs(a - d), "rule": "9.3",
                      "targets": _hits(before, lose.units, kind)})
    units_lost = sum(1 for x in lost if x.endswith(f":{kind}"))
    wbefore = {o: dict(n) for o, n in win.units.items()}
    # bases never fall to the winner's-loss table
    wlost = take_losses(win.units, kind, units_lost // 2, winner_order or [], bases=False)
    add_step(record, {"kind": "winner_losses", "side": win.city, "hits": units_lost // 2,
                      "rule": "9.3", "targets": _hits(wbefore, win.units, kind)})
    cg = commander if win is attacker else defender_commander
    honor = honor_for(len(lost), win.city, cg) if lost else {}
    close(record, win.city, "attacker_won" if win is attacker else "defender_held")
    record["facts"] = {"strength": total, "honor": honor}
    return Result(win.city, total, {lose.city: lost, win.city: wlost}, honor, record)


def _hits(before: Forces, after: Forces, kind: str) -> list[Hit]:
    return [{"target": f"{o}:{k}", "before": n[k], "after": after[o][k]}
            for o, n in sorted(before.items()) for k in (kind, "bases")
            if n.get(k, 0) != after[o].get(k, 0)]
