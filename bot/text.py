"""Plain-text pieces of the bot's messages (no discord objects here)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine import Event

from . import limits


def seat_title(seat: str) -> str:
    return seat.replace("-", " ").title()


def mention(user_id: int | None) -> str:
    return f"<@{user_id}>" if user_id else "an empty seat"


def summary(events: Iterable[Event], limit: int = 1400) -> str:
    """The public events of a phase as short lines, the newest kept when too long."""
    lines = [f"• {e.text}" for e in events if e.text and e.kind not in ("game_end",)]
    out: list[str] = []
    size = 0
    for line in reversed(lines):
        if size + len(line) + 1 > limit:
            out.append(f"… {len(lines) - len(out)} earlier events: see `/game log`")
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(reversed(out))


def banner(view: dict[str, Any]) -> str:
    """One line saying where the game stands, from whatever the ruleset's view offers."""
    parts = []
    for key, label in (("olympiad", "Olympiad"), ("turn", "turn"), ("game_turn", "turn"),
                       ("phase", None)):
        value = view.get(key)
        if value is not None and not isinstance(value, dict | list):
            parts.append(f"{label} {value}" if label else str(value))
    return " · ".join(parts)


def waiting_line(waiting: dict[str, int | None]) -> str:
    if not waiting:
        return ""
    who = ", ".join(f"{seat_title(s)} ({mention(u)})" for s, u in sorted(waiting.items()))
    return f"Waiting for: {who}"


def outcome_text(outcome: dict[str, Any] | None, seed: str | None, seed_hash: str | None
                 ) -> str:
    if not outcome:
        return "The game is over."
    winners = ", ".join(seat_title(w) for w in outcome.get("winners") or []) or "nobody"
    reason = outcome.get("reason", "")
    rule = (f" (rule {outcome['rule']})" if outcome.get("rule")
            and f"rule {outcome['rule']}" not in reason else "")
    text = f"🏛️ **Game over.** Winner: **{winners}** — {reason}{rule}"
    if seed:
        text += (f"\nThe dice seed was `{seed}` (its hash `{seed_hash}` was published at the "
                 f"start). `/game export` gives the whole record to re-check every die.")
    return limits.clip(text, limits.MESSAGE_CHARS)


def rule_text(ruleset_id: str, ref: str) -> str:
    """Keryx's own summary of a rule section and the rulings on it (`/rule`, `?N`)."""
    import engine

    explain = getattr(engine.ruleset(ruleset_id), "explain_rule", None)
    if explain is None:
        return f"{engine.ruleset(ruleset_id).title} has no rule summaries."
    return explain(ref)


def rule_name(ruleset_id: str, ref: str | None) -> str:
    """"rule 4.4 Operation moves" where the ruleset names its sections, else "rule 4.4"."""
    if not ref:
        return ""
    import engine

    title = getattr(engine.ruleset(ruleset_id), "rule_title", lambda _r: None)(ref)
    return f"rule {ref}" + (f" {title}" if title else "")


def card_line(card: dict[str, Any]) -> str:
    """One card for a list: its move points and, when it has one, its event and text."""
    event = card.get("event") or {}
    line = f"{card.get('mp', '?')} MP"
    if event.get("name"):
        line += f" / {event['name']}"
        if event.get("text"):
            line += f": {event['text']}"
    return line


def hand_listing(view: dict[str, Any], title: str = "Your hand", bullet: str = "• ") -> str:
    """A hand as text, each card with its event; then the cards an event (Delphic Oracle)
    showed of the other hand, which only this seat's view holds."""
    def count(n: int) -> str:
        return f"{n} card" + ("" if n == 1 else "s")

    cards = view.get("cards") or {}
    hand = cards.get("hand") or []
    lines = [f"{title} ({count(len(hand))}):"]
    lines += [bullet + card_line(c) for c in hand] or [f"{bullet}no cards"]
    peeked = cards.get("peeked") or []
    if peeked:
        lines.append(f"Seen in the other hand ({count(len(peeked))}):")
        lines += [bullet + card_line(c) for c in peeked]
    return "\n".join(lines)
