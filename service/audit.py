"""Verify an exported game whole: the engine's record (seed against its published hash,
every die, the final state and outcome by replay) and the service's own section (every
action's events, who clicked, the status and outcome it states). Every recorded fact is
re-derived from (seed, log); anything that cannot be is refused."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import engine
from engine import Event
from engine.core.verify import VerifyReport

from . import chain, seating, sides
from .replay import fresh_game

EXPORT_FORMAT = "keryx-export/1"


def undo_event(seat: str) -> Event:
    """The public event an undo records (the engine's undo itself is silent)."""
    return Event("undo", f"{seat} takes back their last choice.", None, {"seat": seat})


@dataclass
class Audit(VerifyReport):
    """The engine's report plus what the service's own section states."""

    game_id: int | None = None
    status: str | None = None
    chain: chain.Chain | None = None  # the record's digests, recomputed (service/chain.py)


def _facts(event: dict[str, Any], with_text: bool) -> dict[str, Any]:
    keys = ("kind", "text", "seats", "data") if with_text else ("kind", "seats", "data")
    return {k: event.get(k) for k in keys}


def _holders(section: dict[str, Any]) -> list[tuple[str, str, int | None]]:
    """(time, seat, user) for every change of a seat's holder, in order."""
    out = []
    for c in section.get("seat_changes") or []:
        if c.get("kind") in ("assign", "replace") and c.get("seat"):
            out.append((c.get("at") or "", c["seat"], c.get("new_user_id")))
    return out


def _holder_at(holders: list[tuple[str, str, int | None]], seat: str, at: str) -> int | None:
    user = None
    for when, s, u in holders:
        if s == seat and _time(when) <= _time(at):
            user = u
    return user


def _time(text: str) -> datetime:
    return datetime.fromisoformat(text)


def audit_export(data: dict[str, Any]) -> Audit:
    """Check an export; `ok` only if every fact in it was re-derived."""
    report = engine.verify_game(data)
    problems = list(report.problems)
    section = data.get("keryx")
    if not isinstance(section, dict) or section.get("format") != EXPORT_FORMAT:
        problems.append("the record has no Keryx section (who played, every action); "
                        "export the game with `/game export` or `keryx export`")
        return Audit(False, problems, report.actions, report.dice, seed_hash=report.seed_hash)
    status = section.get("status")
    audit = Audit(False, problems, report.actions, report.dice, report.finished,
                  report.seed_hash, section.get("game_id"), status)
    actions = section.get("actions") or []
    if [a.get("seq") for a in actions] != list(range(1, len(actions) + 1)):
        problems.append("the action list has gaps, twins or is out of order")
    if data.get("version") != len(actions):
        problems.append(f"the record is at version {data.get('version')} but lists "
                        f"{len(actions)} actions")
    # Replay the service's own log (undos and resignations included) and compare every
    # action's events with what it recorded: dice, reveals, the end of the game.
    same_rules = data.get("rules_version") == engine.ruleset(data["ruleset"]).version
    holders = _holders(section)
    g = fresh_game(data)
    for a in actions:
        seat, kind = a.get("seat"), a.get("kind")
        try:
            events = _replayed_events(g, kind, seat, a.get("option_id"))
        except Exception as exc:  # noqa: BLE001 - any failure is a finding
            problems.append(f"action {a.get('seq')} ({seat}: {a.get('option_id')}) cannot be "
                            f"replayed: {exc}")
            break
        got = [_facts(e.to_dict(), same_rules) for e in events]
        recorded = [_facts(e, same_rules) for e in a.get("events") or []]
        if got != recorded:
            problems.append(f"action {a['seq']}: the recorded events differ from the replay "
                            "(dice or reveals altered)")
        holder = _holder_at(holders, seat, a.get("at") or "")
        if a.get("user_id") != holder:
            problems.append(f"action {a['seq']}: user {a.get('user_id')} did not hold "
                            f"{seat} then (the seat history says {holder})")
    else:
        if [list(e) for e in g.log] != data.get("log"):
            problems.append("the actions do not rebuild the engine's log")
    ended = g.outcome is not None
    final = g.outcome.to_dict() if g.outcome is not None else None
    if status == "finished":
        if not ended:
            problems.append("the log stops before the game ended, yet the record says it "
                            "is finished")
        elif section.get("outcome") != final:
            problems.append(f"the Keryx section states the outcome {section.get('outcome')}, "
                            f"the replay ends with {final}")
    elif status == "abandoned":
        if ended:
            problems.append("the record says abandoned, but the log finishes the game")
        if not (section.get("outcome") or {}).get("abandoned_by"):
            problems.append("an abandoned game must name the moderator who ended it")
    else:
        problems.append(f"a game {status!r} cannot be verified: only finished or abandoned "
                        "games are exported")
    if section.get("sides") is not None:
        problems += _sides_problems(data, section["sides"], holders)
    # The Keryx section names the rules the game started under; the engine record those
    # its state was last built under: the same, or today's for a game rebuilt from its log
    # after a rules update (docs/storage.md, Versions and replay).
    started = section.get("rules_version")
    if started is not None and data.get("rules_version") not in (
            started, engine.ruleset(data["ruleset"]).version):
        problems.append("the engine record names neither the rules the game started under "
                        "nor today's")
    audit.chain = chain.of_export(data)
    problems += _digest_problems(section, audit.chain)
    audit.ok = not problems
    return audit


def _digest_problems(section: dict[str, Any], recomputed: chain.Chain) -> list[str]:
    """The digests an export lists (what the channel's posts showed) must be the ones
    its record gives; an export from before digests were kept lists none."""
    problems = []
    for a in section.get("actions") or []:
        seq = a.get("seq")
        if a.get("digest") is not None and (not isinstance(seq, int) or not 0 < seq < len(
                recomputed.points) or a["digest"] != recomputed.points[seq]):
            problems.append(f"action {seq}: its digest does not follow from the record")
    if section.get("start_digest") not in (None, recomputed.points[0]):
        problems.append("the first digest does not follow from the game's set-up")
    if section.get("final_digest") not in (None, recomputed.final):
        problems.append("the final digest does not follow from the record and how it ended")
    return problems


def _sides_problems(data: dict[str, Any], record: Any,
                    holders: list[tuple[str, str, int | None]]) -> list[str]:
    """Sides chosen at the start (service/sides.py): the dice, drawn again from the
    revealed seed, and the bids must give the record's sides and cost, and the seats must
    have gone to those players."""
    try:
        rules = engine.ruleset(data["ruleset"])
        leads = [p[0] for p in seating.places(rules.id, data["scenario"], data["options"])]
        again = sides.recheck(rules, leads, record, str(data["seed"]))
    except Exception as exc:  # noqa: BLE001 - any failure is a finding
        return [f"the record of how the sides were chosen cannot be checked: {exc!r}"]
    problems = []
    if again.record != record:
        problems.append("the sides record differs from the dice of the revealed seed and "
                        "the bids it lists")
    if any(data["options"].get(k) != v for k, v in again.options.items()):
        problems.append("the game's options do not charge the winning bid")
    first: dict[str, int | None] = {}
    for _, seat, user in holders:
        first.setdefault(seat, user)
    if any(first.get(seat) != user for user, seat in again.assignment.items()):
        problems.append("the seats did not go to the players the sides record names")
    return problems


def _replayed_events(g: engine.Game, kind: str, seat: str, option_id: str | None
                     ) -> list[Event]:
    """Apply one service action and return the events the service records for it."""
    if kind == "act" and isinstance(option_id, str):
        return g.act(seat, option_id)
    if kind == "undo":
        g.undo(seat)
        return [undo_event(seat)]
    if kind == "resign":
        return g.resign(seat)
    raise ValueError(f"unknown action {kind!r}")
