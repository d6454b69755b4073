"""What the slash-command modules share (bot/commands.py, bot/league_commands.py): the
autocomplete lists and the check of a game a channel may open. Below both, so neither
command module imports the other."""

from __future__ import annotations

import discord
from discord import app_commands

import engine
from shared.errors import UserError

from . import limits


def matching_choices(items: list[tuple[str, str]],
                     current: str) -> list[app_commands.Choice[str]]:
    """The items whose name or value contains what was typed so far, as many as Discord
    shows."""
    current = current.lower()
    hits = [app_commands.Choice(name=limits.clip(name, 100), value=value)
            for name, value in items if current in name.lower() or current in value.lower()]
    return hits[: limits.AUTOCOMPLETE_CHOICES]


def channel_rulesets() -> list[str]:
    """The rulesets a channel may open (see `Ruleset.not_in_channels`)."""
    return [r for r in engine.ruleset_ids() if engine.ruleset(r).not_in_channels is None]


def check_playable(ruleset: str) -> None:
    if ruleset not in engine.ruleset_ids():
        raise UserError(f"There is no game called {ruleset!r}.")
    why = engine.ruleset(ruleset).not_in_channels
    if why is not None:
        raise UserError(f"{engine.ruleset(ruleset).title} cannot be played in a channel yet: "
                        f"{why}. Games here: {', '.join(channel_rulesets())}.")


def ruleset_choices(current: str) -> list[app_commands.Choice[str]]:
    return matching_choices([(engine.ruleset(r).title, r) for r in channel_rulesets()], current)


def typed_ruleset(itx: discord.Interaction):
    """The ruleset chosen so far in the command being typed (None until one is)."""
    try:
        return engine.ruleset(getattr(itx.namespace, "ruleset", None) or "")
    except KeyError:
        return None


def scenario_choices(itx: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    rs = typed_ruleset(itx)
    return [] if rs is None else matching_choices(
        [(s.title, s.id) for s in rs.scenarios.values()], current)


def option_choices(itx: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Completes the last `key=value` word of an options string."""
    rs = typed_ruleset(itx)
    if rs is None:
        return []
    head, _, last = current.rpartition(" ")
    prefix = f"{head} " if head else ""
    items = []
    for o in rs.options.values():
        for value in (("on", "off") if isinstance(o.default, bool) else
                      tuple(map(str, o.choices or (o.default,)))):
            v = f"{prefix}{o.id}={value}"
            items.append((f"{v} — {o.label}", v))
    return matching_choices(items, last)
