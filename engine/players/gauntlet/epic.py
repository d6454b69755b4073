"""Gauntlet scripts for the Epic of the Peloponnesian War, from the seat's view and the
options' facts (`Option.data`) alone; the map and the scenario tables are public component
data. Each style plays one idea; the decisions it has no idea about get the plain answers
every style shares (`common`).

Prompt facts read here (engine/rulesets/epic): the movement menu offers stacks to move
(`source`, from a hex), storms of masked places (`storm`) and `done`, perhaps grouped in a
menu of places (`group`, with its `leaves`; engine/rulesets/epic/menus.py); a stack's pieces
(`unit`, `leader`); its destinations (`move` or `attack`, from and to a hex; `back`, or
`stay` at sea). Placement offers batches of one kind of unit (`place_batch`) and an
allocation of them to cities (`place`). Raids are `raid` (never `pull_down`: no style pulls
its own walls down). Everything is matched by these kinds, never by an option's position,
so a prompt that gains or loses options still reads the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ...core import decisions
from ...core.types import Option, Prompt
from ...rulesets.epic import board as B
from ...rulesets.epic import menus
from .. import epic_policy as policy
from ..epic_policy import other, side_of

if TYPE_CHECKING:
    from .base import ScriptedPlayer

FAR = 99
# Land units every style keeps in its own capital (taking it ends the game, 21.1): a
# script that marched them all out lost its capital to the first enemy stack in reach.
GARRISON = 2
# The aggressive player storms a masked place with at least this many land units a defender.
STORM_ODDS = 2
# A stack's next step: given the view, the stack's side and hex, and the destinations on
# offer (facts of `move` and `attack` leaves), the leaf to take, or None to stay put.
PickDest = Callable[[dict[str, Any], str, str, list[dict[str, Any]]], dict[str, Any] | None]


def facts(option: Option) -> dict[str, Any]:
    return option.data or {}


def kind_of(option: Option) -> str | None:
    k = facts(option).get("kind")
    return str(k) if k is not None else None


def distance(h: str, targets: Iterable[str]) -> int:
    return policy.land_distances(frozenset(targets)).get(h, FAR)


def capital_hex(side: str) -> str:
    return str(B.comps().cities[B.CAPITALS[side]].hex)


def land_units(view: dict[str, Any], side: str) -> list[dict[str, Any]]:
    """`side`'s land units standing on land hexes; one still aboard after a landing's
    battle stands in a sea Area (16.7.3, 17.7.7), which has no land distances."""
    hexes = B.comps().hexes
    return [u for u in view["units"].values() if u["side"] == side and u["where"] == "map"
            and u["type"] != "fleet" and u.get("hex") in hexes]


def enemy_hexes(view: dict[str, Any], me: str) -> set[str]:
    return {str(u["hex"]) for u in land_units(view, other(me))}


def prey_hexes(view: dict[str, Any], me: str) -> set[str]:
    """Hexes of the enemy's regions in Areas where no enemy land unit stands: our units
    alone there press the region (13.4) and may raid it (15.1)."""
    c = B.comps()
    foes = enemy_hexes(view, me)
    out: set[str] = set()
    for region, r in view["regions"].items():
        if r["side"] != other(me) or region not in c.region_areas:
            continue
        for area in c.region_areas[region]:
            hexes = set(c.area_hexes[area])
            if not hexes & foes:
                out |= {h for h in hexes if h not in B.city_by_hex()}
    return out


# ------------------------------------------------------------------ menus
def through(prompt: Prompt, leaf: str) -> str | None:
    """The option leading to `leaf`: the leaf itself, or the group of the menu holding it."""
    for o in prompt.options:
        if o.id == leaf:
            return o.id
        if kind_of(o) == "group" and any(x.get("id") == leaf for x in facts(o)["leaves"]):
            return o.id
    return None


def leaving(prompt: Prompt) -> str | None:
    """The option that closes a menu level or the phase: up, done, back, stay."""
    for want in (menus.UP, "done", "back", "stay"):
        if prompt.option(want) is not None:
            return want
    return None


def _phase_memory(pl: ScriptedPlayer, view: dict[str, Any], seat: str,
                  phase: str) -> dict[str, Any]:
    key = (view.get("year"), view.get("season"), view.get("ct"), seat, phase)
    if pl.memory.get("key") != key:
        pl.memory.clear()
        pl.memory.update(key=key, tried=set(), source=None)
    return pl.memory


# ------------------------------------------------------------------ movement
def move_phase(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt,
               pick: PickDest, storm: bool) -> str | None:
    """Walk the movement menus: each stack once a phase, all its land units and leaders,
    to the destination `pick` names, or back when it names none."""
    me = side_of(prompt.seat)
    mem = _phase_memory(pl, view, prompt.seat, "move")
    if prompt.kind == "move":
        leaves = menus.leaves_of(prompt)
        if storm:
            for x in leaves:
                if x.get("kind") == "storm" and _storm_odds(view, str(x["at"]), me):
                    return through(prompt, str(x["id"]))
        for x in leaves:
            if x.get("kind") == "source" and x["from"] not in mem["tried"] \
                    and _spare_land(view, me, str(x["from"])) > 0:
                mem["tried"].add(x["from"])
                mem["source"] = x["from"]
                return through(prompt, str(x["id"]))
        return leaving(prompt)
    if prompt.kind == "pieces":
        units = view["units"]
        land = sorted(o.id for o in prompt.options if not facts(o).get("boards_only")
                      and kind_of(o) == "unit" and units.get(o.id, {}).get("type") != "fleet")
        here = str(facts(prompt.options[0]).get("from", ""))
        if here == capital_hex(me):
            land = land[:max(0, _spare_land(view, me, here))]
        leaders = sorted(o.id for o in prompt.options if kind_of(o) == "leader")
        chosen = land + leaders if land else []
        return decisions.encode(prompt, chosen or [o.id for o in prompt.options][:prompt.lo])
    # the destination
    dests = [x for x in menus.leaves_of(prompt) if x.get("kind") in ("move", "attack")
             and not x.get("sea")]
    start = str(mem.get("source") or (dests[0]["from"] if dests else ""))
    dest = pick(view, me, start, dests) if dests else None
    if dest is None:
        return leaving(prompt)
    return through(prompt, str(dest["id"]))


def _spare_land(view: dict[str, Any], me: str, h: str) -> int:
    """Land units of ours at `h` free to leave: all but the capital's garrison."""
    n = sum(1 for u in land_units(view, me) if u["hex"] == h)
    return n - GARRISON if h == capital_hex(me) else n


def _storm_odds(view: dict[str, Any], h: str, me: str) -> bool:
    mine = sum(1 for u in land_units(view, me) if u["hex"] == h)
    theirs = sum(1 for u in land_units(view, other(me)) if u["hex"] == h)
    return mine >= STORM_ODDS * max(1, theirs)


def closer(targets: set[str], engage: bool) -> PickDest:
    """The destination nearest `targets`, if it gains ground (attacks only when `engage`)."""
    def pick(view: dict[str, Any], me: str, start: str,
             dests: list[dict[str, Any]]) -> dict[str, Any] | None:
        ok = [d for d in dests if engage or d["kind"] == "move"]
        if not targets or not ok:
            return None
        best = min(ok, key=lambda d: (distance(str(d["to"]), targets), float(d["mp"]), d["id"]))
        return best if distance(str(best["to"]), targets) < distance(start, targets) else None
    return pick


def _to_capital(view: dict[str, Any], me: str, start: str,
                dests: list[dict[str, Any]]) -> dict[str, Any] | None:
    return closer({capital_hex(other(me))}, engage=True)(view, me, start, dests)


def _to_prey(view: dict[str, Any], me: str, start: str,
             dests: list[dict[str, Any]]) -> dict[str, Any] | None:
    prey = prey_hexes(view, me)
    if start in prey:
        return None  # already pressing an enemy region: stay and raid
    return closer(prey, engage=False)(view, me, start, dests)


def _to_enemy(view: dict[str, Any], me: str, start: str,
              dests: list[dict[str, Any]]) -> dict[str, Any] | None:
    attacks = [d for d in dests if d["kind"] == "attack"]
    if attacks:  # any enemy in reach is attacked, whatever the odds
        return min(attacks, key=lambda d: (float(d["mp"]), d["id"]))
    return closer(enemy_hexes(view, me), engage=True)(view, me, start, dests)


# ------------------------------------------------------------------ placement
def place_menu(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt) -> str | None:
    """Each kind of unit once a phase, while the seat can still feed one more of it (9.1);
    returns of units (`return_batch`) are never chosen."""
    mem = _phase_memory(pl, view, prompt.seat, "place")
    me = side_of(prompt.seat)
    capital = capital_hex(me)
    short = GARRISON - sum(1 for u in land_units(view, me) if u["hex"] == capital)
    batches = menus.leaves_of(prompt)
    if short > 0:  # the capital's garrison first
        batches.sort(key=lambda x: not (capital in x.get("to", []) and x.get("type") != "fleet"))
    for x in batches:
        if x.get("kind") != "place_batch" or x["id"] in mem["tried"]:
            continue
        where = [str(h) for h in x.get("to", [])]
        if where and _affordable(view, prompt.seat, x, where[0]):
            mem["tried"].add(x["id"])
            return through(prompt, str(x["id"]))
    return leaving(prompt)


def _affordable(view: dict[str, Any], seat: str, x: dict[str, Any], where: str) -> bool:
    u = {"side": side_of(seat), "home": x["home"], "type": x["type"], "morale": x["morale"]}
    return policy.spare(view, seat, policy.unit_cost(view, u, where)) >= 0


def allocate(view: dict[str, Any], prompt: Prompt, near: set[str]) -> str:
    """As many units as the seat can feed, to the cities nearest `near`; the rest stay."""
    keep = next((o.id for o in prompt.options if kind_of(o) == "keep"), prompt.options[0].id)
    seat = prompt.seat
    capital = capital_hex(side_of(seat))
    short = GARRISON - sum(1 for u in land_units(view, side_of(seat)) if u["hex"] == capital)
    places = sorted((o for o in prompt.options if kind_of(o) == "place"),
                    key=lambda o: (distance(str(facts(o)["to"]), near), o.id))
    # the capital's garrison first, then the places nearest what the style aims at
    garrison = [o for o in places if facts(o)["to"] == capital and facts(o)["type"] != "fleet"]
    left = {o.id: o.cap for o in places}  # how many more each city may take
    chosen: list[str] = []
    extra = 0.0
    for o, want in [(o, short) for o in garrison] + [(o, o.cap) for o in places]:
        f = facts(o)
        u = {"side": side_of(seat), "home": f["home"], "type": f["type"], "morale": f["morale"]}
        cost = policy.unit_cost(view, u, str(f["to"]))
        for _ in range(max(0, min(want, left[o.id]))):
            if len(chosen) >= prompt.lo or policy.spare(view, seat, extra + cost) < 0:
                break
            chosen.append(o.id)
            left[o.id] -= 1
            extra += cost
    return decisions.encode(prompt, chosen + [keep] * (prompt.lo - len(chosen)))


# ------------------------------------------------------------------ shared answers
def pick_kind(prompt: Prompt, kinds: tuple[str, ...], upto: int | None = None) -> str:
    ids = [o.id for o in prompt.options if kind_of(o) in kinds]
    return decisions.encode(prompt, ids[:prompt.hi if upto is None else upto])


def first_kind(prompt: Prompt, kinds: tuple[str, ...]) -> str | None:
    return next((o.id for o in prompt.options if kind_of(o) in kinds), None)


def common(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt, bold: bool,
           near: set[str]) -> str | None:
    """Answers every style shares: units placed while they can be fed, no building, no
    foraging unless the treasury cannot pay, besiege what may be besieged, keep every
    city taken, never pull walls down; in battle go on and come out when `bold`. The
    political questions (talents among allies, peace, tribute, revolts) get the house's
    plain rules of thumb (engine/players/epic_policy.py), the same for every style."""
    kind = prompt.kind
    if kind == "place":
        return place_menu(pl, view, prompt)
    if kind == "placement":
        return allocate(view, prompt, near)
    if kind in ("build", "building"):
        if kind == "build":
            return leaving(prompt)
        keep = first_kind(prompt, ("keep",)) or prompt.options[0].id
        return decisions.encode(prompt, [keep] * prompt.lo)
    if kind == "forage":
        me = prompt.seat
        short = int(view["treasury"].get(me, 0)) < policy.upkeep(view, side_of(me), me)
        return pick_kind(prompt, ("forage",), None if short else prompt.lo)
    if kind == "raid":
        return decisions.encode(prompt, [])
    if kind == "siege":
        return decisions.encode(prompt, [o.id for o in prompt.options][:prompt.hi])
    if kind == "sally":
        return decisions.encode(prompt, [o.id for o in prompt.options][:prompt.hi]
                                if bold else [])
    if kind == "continue":
        return "go" if bold or not _attacking(view, prompt.seat) else "off"
    if kind == "storm":
        o = next((x for x in prompt.options if kind_of(x) == "storm"), None)
        if bold and o is not None and _storm_odds(view, str(facts(o).get("at")),
                                                  side_of(prompt.seat)):
            return o.id
        return first_kind(prompt, ("mask",))
    if kind == "capture":
        return first_kind(prompt, ("keep",))
    if kind == "unsupplied":  # 9.1: the unit of lowest morale goes without
        units = view["units"]
        return min((o.id for o in prompt.options),
                   key=lambda u: (int(units[u]["morale"]) if u in units else 9, u))
    if kind == "talents":
        return policy.talents(view, prompt)
    if kind in ("peace", "agree"):
        return policy.peace(view, prompt)
    if kind == "assess":
        return policy.assess(view, prompt)
    if kind == "revolt":
        return policy.revolt(view, prompt)
    if prompt.form == decisions.PICK:  # any other pick: the fewest it may (never a wall)
        safe = [o.id for o in prompt.options if kind_of(o) != "pull_down"]
        return decisions.encode(prompt, safe[:prompt.lo])
    return None


def _attacking(view: dict[str, Any], seat: str) -> bool:
    return (view.get("battle") or {}).get("attacker") == side_of(seat)


# ------------------------------------------------------------------ the styles
MOVING = ("move", "pieces", "destination")


def aggressive(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt) -> str | None:
    """Every land stack marches on the enemy capital (21.1: taking it ends the war) and
    attacks whatever stands in the way; storms with two units a defender; bold in battle;
    new units placed nearest the enemy capital."""
    me = side_of(prompt.seat)
    if prompt.kind in MOVING:
        return move_phase(pl, view, prompt, _to_capital, storm=True)
    return common(pl, view, prompt, bold=True, near={capital_hex(other(me))})


def passive(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt) -> str | None:
    """Never moves: places every unit it can feed near its own capital, masks rather than
    storms, stays inside its walls, breaks off every attack."""
    me = side_of(prompt.seat)
    if prompt.kind == "move":
        return leaving(prompt)
    if prompt.kind in MOVING:
        return leaving(prompt) or common(pl, view, prompt, bold=False,
                                         near={capital_hex(me)})
    return common(pl, view, prompt, bold=False, near={capital_hex(me)})


def raider(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt) -> str | None:
    """Walks its stacks into the enemy's Areas where no enemy unit stands (pressure on the
    region's Allegiance, 13.4), never attacking, and raids with every stack it can (15.1)."""
    me = side_of(prompt.seat)
    if prompt.kind in MOVING:
        return move_phase(pl, view, prompt, _to_prey, storm=False)
    if prompt.kind == "raid":
        return pick_kind(prompt, ("raid",))
    return common(pl, view, prompt, bold=False, near=prey_hexes(view, me) or {capital_hex(me)})


def bait_taker(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt) -> str | None:
    """Any stack with an enemy in reach attacks it, whatever the odds; the others march on
    the nearest enemy units; bold in every battle."""
    me = side_of(prompt.seat)
    if prompt.kind in MOVING:
        return move_phase(pl, view, prompt, _to_enemy, storm=True)
    return common(pl, view, prompt, bold=True, near=enemy_hexes(view, me) or {capital_hex(me)})


SCRIPTS = {"aggressive": aggressive, "passive": passive, "raider": raider,
           "bait-taker": bait_taker}
