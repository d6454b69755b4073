"""Plain-text pieces of the bot's messages (no discord objects here)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engine import Event

from . import limits


def seat_title(seat: str | None) -> str:
    """A seat's display name; a player who joined without choosing has none until the start."""
    return "(seat drawn at the start)" if seat is None else seat.replace("-", " ").title()


def mention(user_id: int | None) -> str:
    from service.bots import bot_name, is_bot

    if is_bot(user_id):  # Keryx's own seats are no Discord account: no ping
        return f"🤖 {bot_name(user_id)}"  # type: ignore[arg-type]
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
    """One line saying where the game stands (the view's common banner)."""
    return str((view.get("common") or {}).get("banner") or "")


def waiting_line(waiting: dict[str, int | None]) -> str:
    if not waiting:
        return ""
    who = ", ".join(f"{seat_title(s)} ({mention(u)})" for s, u in sorted(waiting.items()))
    return f"Waiting for: {who}"


def outcome_line(outcome: dict[str, Any] | None, bold: str = "") -> str:
    """"Winner: Sparta — Athens fell (rule 10.1)": an outcome in words, never a dict
    (`bold`: Discord's "**" around the winners)."""
    if not outcome:
        return "no outcome recorded"
    winners = ", ".join(seat_title(w) for w in outcome.get("winners") or []) or "nobody"
    reason = outcome.get("reason", "")
    rule = (f" (rule {outcome['rule']})" if outcome.get("rule")
            and f"rule {outcome['rule']}" not in reason else "")
    return f"Winner: {bold}{winners}{bold}" + (f" — {reason}{rule}" if reason or rule else "")


def plain(value: Any) -> str:
    """A report's value for people: a mapping as "a 2, b 3", a list one item after
    another, anything else as it prints."""
    if isinstance(value, dict):
        return ", ".join(f"{k} {plain(v)}" for k, v in value.items()) or "none"
    if isinstance(value, list | tuple):
        return "; ".join(map(plain, value)) or "none"
    return str(value)


def outcome_text(outcome: dict[str, Any] | None, seed: str | None, seed_hash: str | None
                 ) -> str:
    if not outcome:
        return "The game is over."
    text = f"🏛️ **Game over.** {outcome_line(outcome, '**')}"
    if seed:
        text += (f"\nThe dice seed was `{seed}` (its hash `{seed_hash}` was published at the "
                 f"start). `/game export` gives the whole record to re-check every die.")
    return limits.clip(text, limits.MESSAGE_CHARS)


def footer(game_id: int, version: int, record: str | None) -> str:
    """A public post's last, small line: the game, its version and the record's digest
    there (service/chain.py), which a player may copy to check an export against what
    the channel saw (`keryx verify FILE --digest HEX@N`)."""
    from service.chain import shown

    return f"-# game {game_id} · v{version}" + (f" · record `{shown(record, version)}`"
                                                if record else "")


def record_line(record: str | None, version: int) -> str:
    """The small line with the record's digest under a post without a map (a ping, a
    battle, the start, a resignation); a map post's footer names the game too."""
    from service.chain import shown

    return f"-# record `{shown(record, version)}`" if record else ""


def with_footer(body: str, foot: str) -> str:
    """A message whose footer survives clipping (the body is cut instead)."""
    if not foot:
        return limits.clip(body, limits.MESSAGE_CHARS)
    return limits.clip(body, limits.MESSAGE_CHARS - len(foot) - 1) + "\n" + foot


def final_record_text(record: str | None, version: int) -> str:
    """The closing post's digest of the whole record, how it ended included."""
    if not record:
        return ""
    from service.chain import shown

    return (f"Final record digest `{shown(record, version)}`: with it, `keryx verify FILE "
            f"--digest {shown(record, version)}` refuses any export of another game.")


def rule_text(ruleset_id: str, ref: str) -> str:
    """Keryx's own summary of a rule section and the rulings on it (`/rule`, `?N`)."""
    import engine

    rules = engine.ruleset(ruleset_id)
    text = rules.explain_rule(ref)
    return f"{rules.title} has no rule summaries." if text is None else text


def summary_rulesets() -> list[str]:
    """The rulesets that ship Keryx's rule summaries (`/rule` can answer for them)."""
    import engine

    return [r for r in engine.ruleset_ids() if engine.ruleset(r).rule_book() is not None]


def rule_needs_game(ref: str) -> str:
    """`/rule` outside a game and without `ruleset:`: which game's rules is unknown, so say
    which games have summaries and how to ask (rather than guess one)."""
    import engine

    games = ", ".join(f"{engine.ruleset(r).title} (`{r}`)" for r in summary_rulesets())
    first = (summary_rulesets() or ["athens-sparta"])[0]
    return (f"No game is played in this channel, so Keryx cannot tell which game's rule "
            f"{ref} you mean. Name it with `ruleset:`, e.g. `/rule number:{ref} "
            f"ruleset:{first}`. Rule summaries: {games}.")


def rule_name(ruleset_id: str, ref: str | None) -> str:
    """"rule 4.4 Operation moves" where the ruleset names its sections, else "rule 4.4"."""
    if not ref:
        return ""
    import engine

    title = engine.ruleset(ruleset_id).rule_title(ref)
    return f"rule {ref}" + (f" {title}" if title else "")


def hand_listing(view: dict[str, Any], title: str = "Your hand", bullet: str = "• ",
                 picture: bool = True) -> str:
    """The viewer's hand from the view's common fields, each item as its ruleset words it
    (a card with its event's text, say); then what the viewer was shown of other hands.
    `picture`: a picture goes with it (else none is promised)."""
    def count(n: int) -> str:
        return f"{n} card" + ("" if n == 1 else "s")

    common = view.get("common") or {}
    hand = common.get("hand")
    if hand is None:
        lines = ["This game deals no cards; the picture shows what your side holds."
                 if picture else "This game deals no cards."]
    else:
        lines = [f"{title} ({count(len(hand))}):"]
        lines += [bullet + item["label"] for item in hand] or [f"{bullet}no cards"]
    seen = common.get("seen") or []
    if seen:
        lines.append(f"Seen in the other hand ({count(len(seen))}):")
        lines += [bullet + item["label"] for item in seen]
    return "\n".join(lines)


def bidding_text(unit: str, most: int, sides: tuple[str, ...], waiting: tuple[int, ...]) -> str:
    """The public call for sealed bids for sides (`sides: bid`)."""
    names = " or ".join(seat_title(s) for s in sides)
    return (f"🔒 **Sealed bids for sides.** Each player presses the side they want ({names}) "
            f"and types a bid of 0 to {most} {unit}; only they see it. Different sides: "
            f"each takes theirs for nothing. The same side: the higher bid takes it and "
            f"pays its bid in {unit} at the start; equal bids roll off. Both bids are shown "
            f"once both are in.\nWaiting for: {', '.join(map(mention, waiting)) or 'nobody'}.")


def sides_text(record: dict[str, Any], unit: str = "",
               name: Callable[[int], str] | None = None) -> str:
    """How the sides were chosen (service/sides.py's record), for the opening post;
    `name` shows a player (default: a Discord mention)."""
    show = name if name is not None else mention
    check = "dice from the game's seed, checkable when it is revealed"
    seats = {u: s for u, s in record.get("seats", [])}
    takes = "; ".join(f"{show(u)} plays **{seat_title(s)}**" for u, s in seats.items())
    rolls = ", ".join(f"{show(u)} {d}" for u, d in record.get("rolls", []))
    if record.get("mode") == "random":
        return f"🎲 Sides drawn: {rolls} ({check}). {takes}."
    per = f"{unit} " if unit else ""
    bids = ", ".join(f"{show(u)} {n} {per}for {seat_title(s)}"
                     for u, s, n in record.get("bids", []))
    lines = [f"🔒 Sealed bids: {bids}."]
    paid = record.get("paid")
    if paid is None:
        lines.append(f"Different sides: nobody pays. {takes}.")
    else:
        user, side, amount = paid
        if rolls:
            lines.append(f"Tied bids: roll-off {rolls} ({check}).")
        cost = f"starts {amount} {per}behind" if amount else "pays nothing"
        lines.append(f"{show(user)} takes **{seat_title(side)}** and {cost}. {takes}.")
    return "\n".join(lines)
