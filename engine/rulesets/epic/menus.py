"""Long choices listed as a menu of places (issue 33): when a prompt would list more than
`LIMIT` options, its options are grouped (by region, then Area, then nearest city), a group
of one shows its option directly (a shortcut), and a level with still too many groups is
cut into named ranges. Every option stays reachable through the groups.

A group is an option `in:<key>` whose data names every option below it (`leaves`: each
option's id and facts), so an automated player can weigh a whole group at once; `up` goes
back one level. The procedure keeps the keys chosen so far (its `path`) in its arguments.
A replayed log may answer an option below the groups directly (games recorded before the
menus): `widened` adds those to the prompt it is checked against."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine import Option, Prompt

LIMIT = 25  # options a prompt lists at most before a first grouping choice
GROUP, UP = "in:", "up"

# An option's group at one level: (key, name), read from the option's facts.
Level = Callable[[Option], tuple[str, str]]


@dataclass
class _Entry:
    key: str
    label: str
    leaves: list[Option]
    level: int  # the level its own entries are grouped by
    members: list[_Entry] | None = None  # a range of groups: exactly these


def _leaf(o: Option) -> _Entry:
    return _Entry(o.id, o.label, [o], -1)


def _entries(leaves: list[Option], levels: Sequence[Level], i: int, room: int,
             zone: Level | None = None) -> list[_Entry]:
    """The entries listed for `leaves` grouped from level `i` on; `zone`: a coarser first
    grouping, used only when the first level alone gives too many groups."""
    if len(leaves) <= room:
        return [_leaf(o) for o in leaves]
    if i >= len(levels):
        return _ranges([_leaf(o) for o in leaves], room, i)
    out = _groups(leaves, levels[i], i + 1)
    if len(out) == 1:
        return _entries(leaves, levels, i + 1, room)
    if len(out) > room and zone is not None:
        zones: dict[str, tuple[str, list[_Entry]]] = {}
        for e in out:
            key, label = zone(e.leaves[0])
            zones.setdefault(key, (label, []))[1].append(e)
        wide = [part[0] if len(part) == 1 else
                _Entry(key, label, [o for e in part for o in e.leaves], i,
                       part if len(part) <= room else _ranges(part, room, i))
                for key, (label, part) in sorted(zones.items(), key=lambda kv: kv[1][0])]
        if len(wide) <= room:
            return wide
    return out if len(out) <= room else _ranges(out, room, i)


def _groups(leaves: list[Option], level: Level, below: int) -> list[_Entry]:
    groups: dict[str, tuple[str, list[Option]]] = {}
    for o in leaves:
        key, label = level(o)
        groups.setdefault(key, (label, []))[1].append(o)
    return [_leaf(ops[0]) if len(ops) == 1 else _Entry(key, label, ops, below)
            for key, (label, ops) in sorted(groups.items(), key=lambda kv: kv[1][0])]


def _ranges(entries: list[_Entry], room: int, level: int) -> list[_Entry]:
    """Too many entries for one list: consecutive ranges of them, named by their ends."""
    parts = -(-len(entries) // room)
    size = -(-len(entries) // parts)
    out = []
    for n in range(0, len(entries), size):
        chunk = entries[n:n + size]
        label = chunk[0].label if len(chunk) == 1 else f"{chunk[0].label} … {chunk[-1].label}"
        out.append(_Entry(f"~{chunk[0].key}", label,
                          [o for e in chunk for o in e.leaves], level, chunk))
    return out


def _below(e: _Entry, levels: Sequence[Level], room: int) -> list[_Entry]:
    return e.members if e.members is not None else _entries(e.leaves, levels, e.level, room)


def _group_option(e: _Entry, rule: str | None) -> Option:
    n = len(e.leaves)
    return Option(GROUP + e.key, f"{e.label} ({n} choices)", rule,
                  data={"kind": "group", "group": e.key,
                        "leaves": [{"id": o.id, **(o.data or {})} for o in e.leaves]})


def grouped(leaves: Sequence[Option], levels: Sequence[Level], path: Sequence[str],
            first: Sequence[Option] = (), last: Sequence[Option] = (),
            rule: str | None = None, limit: int = LIMIT,
            zone: Level | None = None) -> list[Option]:
    """The options to list: `first`, the entries at `path` (groups and options), `up` when
    below the top, then `last`. Pinned options (`first`, `last`) show at the top only;
    `zone`: a coarser grouping above the first level, when that level has too many."""
    top = not path
    # many pinned options may leave no room: list at least two entries (paging takes the rest)
    room = max(2, limit - (len(first) + len(last) if top else 1))
    entries = _entries(list(leaves), levels, 0, room, zone)
    trail: list[_Entry] = []
    for key in path:
        found = next((e for e in entries if e.key == key and e.level >= 0), None)
        if found is None:
            break  # a path gone stale (the options changed): as far as it still leads
        trail.append(found)
        entries = _below(found, levels, limit - 1)
    body = [_leaf_option(e) if e.level < 0 else _group_option(e, rule) for e in entries]
    if not trail:
        return [*first, *body, *last]
    above = trail[-2].label if len(trail) > 1 else "the whole list"
    return [*body, Option(UP, f"Back to {above}", rule, data={"kind": "up"})]


def _leaf_option(e: _Entry) -> Option:
    return e.leaves[0]


def step(path: list[str], answer: str) -> list[str] | None:
    """The path after a menu answer (None: the answer is an option, not the menu's)."""
    if answer.startswith(GROUP):
        return [*path, answer[len(GROUP):]]
    if answer == UP:
        return path[:-1]
    return None


def moved(args: Any, answer: str) -> bool:
    """Whether `answer` only opened or closed a group of the menu; the frame's `args` keep
    the open path (and lose it once an option is chosen)."""
    path = step(args.get("path") or [], answer)
    args.pop("path", None)  # kept only while a group is open
    if path is None:
        return False
    if path:
        args["path"] = path
    return True


def widened(prompt: Prompt) -> Prompt:
    """The prompt with every option below its groups listed too, and the older answers
    an option stands for (its facts' `also`): a replayed answer given before the menus
    grouped the choices is still one of its options."""
    if prompt.form != "one":
        return prompt
    deep = [Option(str(x["id"]), str(x["id"]), prompt.rule, data=dict(x))
            for x in leaves_of(prompt)]
    deep += [Option(str(a), str(a), prompt.rule, data={"kind": "also", "for": x["id"]})
             for x in leaves_of(prompt) for a in x.get("also", ())]
    known = {o.id for o in prompt.options}
    extra = {o.id: o for o in deep if o.id not in known}
    return replace(prompt, options=prompt.options + tuple(extra.values())) if extra else prompt


def towards(prompt: Prompt, leaf: str) -> str | None:
    """The answer to `prompt` that leads to option `leaf`: the option itself, or the group
    holding it (None: neither is listed)."""
    if prompt.option(leaf) is not None:
        return leaf
    return next((o.id for o in prompt.options if o.data and o.data.get("kind") == "group"
                 and any(x["id"] == leaf for x in o.data["leaves"])), None)


def leaves_of(prompt: Prompt) -> list[dict[str, Any]]:
    """Every option a menu leads to, each as its id and facts (groups opened)."""
    out: list[dict[str, Any]] = []
    for o in prompt.options:
        if o.data and o.data.get("kind") == "group":
            out.extend(o.data["leaves"])
        elif o.id != UP:
            out.append({"id": o.id, **(o.data or {})})
    return out
