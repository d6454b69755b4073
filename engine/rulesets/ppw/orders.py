"""The sealed order of an operations round (rule 3.1), asked in steps so that no prompt
lists more than 25 options: first a stack (or a pass or a station), then its objective,
through a region of the map first when the stack can reach more than 24 spaces.

Every legal order of `order_options` is reachable this way and nothing else is: the
last step's option ids are the orders' own ids, which `Orders.reveal` carries out. Each
order's data carries its `route` (the spaces its shortest legal route enters, rule 4.1,
computed from the public board), and a stack's or region's step the `routes` of its
`objectives`, for players that weigh interception on the way (rule 4.6). The
steps taken so far are a seat's draft, kept in the round's frame beside the sealed
choices and, like them, never shown in any view (view.py reads neither).
"""

from __future__ import annotations

from typing import Any

from engine.core.types import Option

from .board import board
from .state import PpwState

MOST = 25  # options a prompt may list (a Discord select's limit)
DRAFTS = "drafts"  # frame argument: seat -> the steps chosen ("stack:..", "region:..";
# "group:.." for a diplomatic action, diplomacy_menu.py)
BACK = Option("back", "Back: choose again", "3.1", data={"op": "back"})

# Regions of the map for choosing a far objective (our grouping of the areas; each holds
# at most 24 spaces, so a region's objectives fit one prompt with "back").
REGIONS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("central", "Central Greece", ("attica", "megarid", "boeotia", "locris", "west_locris",
                                   "phocis", "euboea", "aetolia")),
    ("peloponnese", "the Peloponnese and Aegina", (
        "corinthia", "sicyonia", "phliasia", "argolis", "epidauria", "arcadia", "laconia",
        "messenia", "elis", "achaea", "aegina")),
    ("north", "the North", ("thessaly", "macedon", "chalcidice", "thrace", "odrysians")),
    ("west", "the West", ("acarnania", "ambracia", "corcyra", "western_islands",
                          "syracusia", "west_sicily", "strait", "italy")),
    ("east", "the Aegean and Asia", ("cyclades", "hellespont", "bosporus", "lesbos", "chios",
                                     "samos", "ionia", "doris", "persia")),
)
REGION_OF = {area: rid for rid, _, areas in REGIONS for area in areas}
REGION_NAME = {rid: name for rid, name, _ in REGIONS}


def stack_id(data: dict[str, Any]) -> str:
    return f"stack:{data['from']}:{data['op']}"


def draft(args: dict[str, Any], seat: str) -> list[str]:
    steps: list[str] = (args.get(DRAFTS) or {}).get(seat, [])
    return steps


def step_options(full: list[Option], steps: list[str]) -> list[Option]:
    """The options of the next step after `steps`, from the full list of orders."""
    b = board()
    if not steps:
        out = [o for o in full if not o.id.startswith("op:")]  # pass and stations
        seen: dict[str, list[Option]] = {}
        for o in full:
            if o.id.startswith("op:"):
                seen.setdefault(stack_id(o.data or {}), []).append(o)
        for sid, orders in seen.items():
            d = orders[0].data or {}
            out.append(Option(sid, f"Order the {d['op']} SPs at {b.names[d['from']]} "
                              f"({d['cost']} talents, {len(orders)} objectives)", "3.2",
                              data={"op": "stack", "kind": d["op"], "from": d["from"],
                                    "leader": d["leader"], "cost": d["cost"],
                                    "objectives": [x.data["to"] for x in orders
                                                   if x.data is not None],
                                    "routes": [x.data["route"] for x in orders
                                               if x.data is not None]}))
        return out
    orders = [o for o in full if o.id.startswith("op:") and stack_id(o.data or {}) == steps[0]]
    if len(steps) == 1 and len(orders) >= MOST:
        by_region: dict[str, list[str]] = {}
        ways: dict[str, list[list[str]]] = {}
        for o in orders:
            to = (o.data or {})["to"]
            by_region.setdefault(REGION_OF[b.area_of[to]], []).append(to)
            ways.setdefault(REGION_OF[b.area_of[to]], []).append((o.data or {})["route"])
        d = orders[0].data or {}
        return [BACK] + [Option(f"region:{rid}", f"An objective in {REGION_NAME[rid]} "
                                f"({len(tos)})", "3.2",
                                data={"op": "region", "region": rid, "kind": d["op"],
                                      "from": d["from"], "leader": d["leader"],
                                      "cost": d["cost"], "objectives": tos,
                                      "routes": ways[rid]})
                         for rid, tos in sorted(by_region.items())]
    if len(steps) == 2:
        rid = steps[1].split(":", 1)[1]
        orders = [o for o in orders if REGION_OF[b.area_of[(o.data or {})["to"]]] == rid]
    return [BACK, *orders]


def choose_step(args: dict[str, Any], seat: str, answer: str) -> bool:
    """Record a step of `seat`'s draft; False when `answer` is an order to seal."""
    if answer == "back":
        steps = draft(args, seat)
        if steps:
            steps.pop()
        if not steps:
            forget(args, seat)
        return True
    if answer.startswith(("stack:", "region:", "group:")):  # group: diplomacy_menu.py
        args.setdefault(DRAFTS, {}).setdefault(seat, []).append(answer)
        return True
    forget(args, seat)
    return False


def forget(args: dict[str, Any], seat: str) -> None:
    """`seat` has no draft any more (its order sealed, or a world where it has not begun)."""
    drafts = args.get(DRAFTS) or {}
    drafts.pop(seat, None)
    if DRAFTS in args and not drafts:
        del args[DRAFTS]


def drafting(s: PpwState) -> dict[str, list[str]]:
    """The drafts of the operations round under way (none outside one)."""
    frame = s["flow"][-1] if s["flow"] else None
    return (frame["args"].get(DRAFTS) or {}) if frame is not None else {}


def route(full: list[Option], answer: str) -> list[str] | None:
    """The steps that lead to the order `answer` (its stack, its region if asked, then
    itself); None when it is not an order of `full`."""
    steps: list[str] = []
    target = next((o.data or {} for o in full if o.id == answer), None)
    if target is None:
        return None
    for _ in range(3):
        here = step_options(full, steps)
        if any(o.id == answer for o in here):
            return [*steps, answer]
        nxt = next((o.id for o in here if o.data and o.data.get("op") in ("stack", "region")
                    and o.data["from"] == target.get("from")
                    and o.data["kind"] == target.get("op")
                    and target.get("to") in o.data["objectives"]), None)
        if nxt is None:
            return None
        steps.append(nxt)
    return None
