"""A short chronicle of a finished war, built from the game's public events.

Generic on purpose (any ruleset): it keeps
* battles: events whose kind is `battle_end` (or, if a ruleset has none, any kind naming
  a battle);
* cities taken: events whose data names the city under the kernel's `TAKEN` key (a
  revolt that leaves a city empty, or any other event merely about a city, is not one);
* the outcome: the `game_end` event, or the outcome passed in;
and says when each happened. `game_chronicle` replays the stored game once and dates each
public event with the version it was written at and the turn banner of the public view
(`view["common"]["banner"]`, the ruleset's own words, e.g. the Olympiad) just before the
action that caused it; entries are told in version order. Event dicts without a banner fall
back to "turn" / "year" in their data, or to a count of `phase_end` events.
Private events (with `seats`) never appear. If there are too many battles to fit in one
Discord message, the biggest are kept (by casualties/hits/losses/steps in the data), with
the first and the last, in the order they were fought.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.view import TAKEN

from ..replay import apply_action, fresh_game
from .standings import DISCORD_LIMIT

if TYPE_CHECKING:
    from ..games import GameService

_SIZE_KEYS = ("casualties", "losses", "hits", "steps", "killed", "eliminated")


def _count(n: int, noun: str, plural: str | None = None) -> str:
    """ "1 battle", "2 battles", "1 city", "0 cities"."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def _is_battle(kind: str, have_battle_end: bool) -> bool:
    return kind == "battle_end" if have_battle_end else "battle" in kind


def _size(data: Mapping[str, Any]) -> float:
    total = 0.0
    for k in _SIZE_KEYS:
        v = data.get(k)
        if isinstance(v, int | float):
            total += v
        elif isinstance(v, Mapping):
            total += sum(x for x in v.values() if isinstance(x, int | float))
        elif isinstance(v, list | tuple):
            total += len(v)
    return total


def _when(ev: Mapping[str, Any], turn: int) -> str:
    if ev.get("banner"):
        return str(ev["banner"])
    data = ev.get("data") or {}
    if "year" in data:
        y = data["year"]
        return f"{abs(y)} BC" if isinstance(y, int) and y < 0 else str(y)
    if "turn" in data:
        return f"turn {data['turn']}"
    return f"turn {turn}" if turn else ""


def build_chronicle(events: Sequence[Mapping[str, Any]], *, title: str | None = None,
                    outcome: Mapping[str, Any] | None = None,
                    players: Mapping[str, str] | None = None,
                    limit: int = DISCORD_LIMIT) -> str:
    """Events are dicts like Event.to_dict(): kind, text, seats, data, and optionally
    `version` (told in that order; a stable sort keeps the log's order within a version)
    and `banner` (where the game stood, as the public view said)."""
    public = sorted((e for e in events if e.get("seats") is None),
                    key=lambda e: e.get("version") or 0)
    have_battle_end = any(e.get("kind") == "battle_end" for e in public)
    turn = 1 if any(e.get("kind") == "phase_end" for e in public) else 0
    lines: list[tuple[int, float, str]] = []      # (order, weight, line)
    captures = 0
    end_text = None
    for i, e in enumerate(public):
        kind = str(e.get("kind", ""))
        data = e.get("data") or {}
        text = str(e.get("text", "")).strip()
        if kind == "phase_end":
            turn = data.get("turn", turn + 1) if isinstance(data.get("turn"), int) else turn + 1
            continue
        if kind == "game_end":
            end_text = text
            continue
        when = _when(e, turn)
        prefix = f"{when}: " if when else ""
        if _is_battle(kind, have_battle_end):
            lines.append((i, 1.0 + _size(data), f"⚔ {prefix}{text}"))
        elif data.get(TAKEN):
            captures += 1
            # captures are rarer and always worth telling: weigh them above battles
            lines.append((i, 1e9, f"🏛 {prefix}{text}"))
    head = [f"**{title or 'Chronicle of the war'}**"]
    if players:
        head.append(" v ".join(f"{user} ({seat})" for seat, user in players.items()))
    tail = []
    if end_text:
        tail.append(f"**Outcome:** {end_text}")
    elif outcome:
        winners = ", ".join(outcome.get("winners") or []) or "nobody"
        reason = outcome.get("reason", "")
        rule = f" (rule {outcome['rule']})" if outcome.get("rule") else ""
        tail.append(f"**Outcome:** {winners} — {reason}{rule}".rstrip(" —"))
    battles = sum(1 for _, w, _ in lines if w < 1e9)
    tail.append(f"_{_count(battles, 'battle')}, {_count(captures, 'city', 'cities')} taken._")

    keep = list(lines)
    while True:
        body = [ln for _, _, ln in sorted(keep)]
        dropped = len(lines) - len(keep)
        more = [f"… and {dropped} lesser engagement(s)"] if dropped else []
        text = "\n".join(head + body + more + tail)
        if len(text) <= limit or not keep:
            return text[:limit]
        # drop the least weighty line, but keep the first and the last battle for the arc
        order = sorted(keep, key=lambda x: (x[1], x[0]))
        first, last = min(keep)[0], max(keep)[0]
        victim = next((x for x in order if x[0] not in (first, last)), order[0])
        keep.remove(victim)


async def dated_public_events(games: GameService, game_id: int) -> list[dict[str, Any]]:
    """The game's public events in version order, each with its `version` and the public
    view's `banner` from just before the action that wrote it. One replay of the stored
    log; the events themselves are the stored ones. An undo takes back the events of the
    choice it undid, so the chronicle never tells what did not happen."""
    row = await games.store.get_game(game_id, snapshot=True)
    if row is None or row.snapshot is None:
        return []
    setup = json.loads(row.snapshot)
    g = fresh_game(setup)
    g.engine_version = setup.get("engine_version", g.engine_version)
    told: dict[int, list[dict[str, Any]]] = {}   # seq -> its public events
    acts: list[int] = []                         # seqs of the choices still standing
    for a in await games.store.actions(row.id):
        public = [e for e in a.events if e.get("seats") is None]
        # the public view only: a banner must not carry what a seat alone may see
        banner = str(g.view(None)["common"].get("banner") or "") if public else ""
        apply_action(g, a)
        if a.kind == "undo":
            if acts:
                told.pop(acts.pop(), None)
            continue
        if a.kind == "act":
            acts.append(a.seq)
        told[a.seq] = [{**e, "version": a.seq, "banner": banner} for e in public]
    return [e for seq in sorted(told) for e in told[seq]]


async def game_chronicle(games: GameService, game_id: int, **kw: Any) -> str:
    """The chronicle of a stored game (see build_chronicle for the keywords)."""
    return build_chronicle(await dated_public_events(games, game_id), **kw)
