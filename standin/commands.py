"""The application commands the bot synced, and turning a user's invocation into ``data.options``.

Discord validates an invocation against the synced tree before the bot ever sees it
(unknown commands, missing required options, choices, ranges, permissions), so the
stand-in does too and raises :class:`InvocationError` where a real client would refuse.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from . import permissions as perms

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11
CHAT_INPUT, USER_COMMAND, MESSAGE_COMMAND = 1, 2, 3

# resolve(option_type, value, resolved) -> the option's wire value (an id string for
# users/channels/roles/attachments), adding the object to ``resolved`` as Discord does.
Resolver = Callable[[int, Any, dict[str, dict[str, Any]]], str]


class InvocationError(ValueError):
    """The Discord client would not let the user send this interaction."""


class CommandStore:
    """Synced commands, global and per guild, exactly as the bot sent them plus Discord's ids."""

    def __init__(self, application_id: int, next_id: Callable[[], int]) -> None:
        self.application_id = application_id
        self._next_id = next_id
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.sync_count = 0

    def _stamp(self, payload: dict[str, Any], guild_id: int | None, old: list[dict[str, Any]]) -> dict[str, Any]:
        command = copy.deepcopy(payload)
        command.setdefault("type", CHAT_INPUT)
        command.setdefault("description", "")
        command.setdefault("options", [])
        command.setdefault("default_member_permissions", None)
        command.setdefault("nsfw", False)
        if command["default_member_permissions"] is not None:
            # Discord accepts an int or a string and always answers with a string.
            command["default_member_permissions"] = str(command["default_member_permissions"])
        previous = next(
            (c for c in old if c["name"] == command["name"] and c["type"] == command["type"]), None
        )
        # Discord keeps a command's id across syncs when its name and type are unchanged.
        command["id"] = previous["id"] if previous else str(self._next_id())
        command["application_id"] = str(self.application_id)
        command["version"] = str(self._next_id())
        if guild_id is not None:
            command["guild_id"] = str(guild_id)
        return command

    def replace(self, guild_id: int | None, payload: list[dict[str, Any]]) -> list[dict[str, Any]]:
        old = self.list(guild_id)
        names = [(c.get("type", CHAT_INPUT), c.get("name")) for c in payload]
        if len(set(names)) != len(names):
            raise InvocationError("duplicate command names in bulk overwrite")
        stored = [self._stamp(c, guild_id, old) for c in payload]
        if guild_id is None:
            self.global_commands = stored
        else:
            self.guild_commands[guild_id] = stored
        self.sync_count += 1
        return copy.deepcopy(stored)

    def upsert(self, guild_id: int | None, payload: dict[str, Any]) -> dict[str, Any]:
        current = [c for c in self.list(guild_id) if not (c["name"] == payload.get("name") and c["type"] == payload.get("type", CHAT_INPUT))]
        command = self._stamp(payload, guild_id, self.list(guild_id))
        current.append(command)
        if guild_id is None:
            self.global_commands = current
        else:
            self.guild_commands[guild_id] = current
        return copy.deepcopy(command)

    def delete(self, guild_id: int | None, command_id: str) -> bool:
        current = self.list(guild_id)
        kept = [c for c in current if c["id"] != command_id]
        if guild_id is None:
            self.global_commands = kept
        else:
            self.guild_commands[guild_id] = kept
        return len(kept) != len(current)

    def list(self, guild_id: int | None) -> list[dict[str, Any]]:
        if guild_id is None:
            return self.global_commands
        return self.guild_commands.get(guild_id, [])

    def find(self, name: str, guild_id: int | None, kind: int = CHAT_INPUT) -> dict[str, Any]:
        """Guild commands shadow global ones of the same name, as in the Discord client."""
        scopes = ([self.list(guild_id)] if guild_id is not None else []) + [self.global_commands]
        for scope in scopes:
            for command in scope:
                if command["name"] == name and command["type"] == kind:
                    return command
        available = sorted({c["name"] for s in scopes for c in s if c["type"] == kind})
        raise InvocationError(f"no synced command {name!r} here (available: {available})")


def check_permissions(command: dict[str, Any], member_permissions: int | None, *, in_dm: bool) -> None:
    if in_dm:
        contexts = command.get("contexts")
        if command.get("dm_permission") is False or (contexts is not None and 1 not in contexts):
            raise InvocationError(f"/{command['name']} cannot be used in DMs")
        return
    contexts = command.get("contexts")
    if contexts is not None and 0 not in contexts:
        raise InvocationError(f"/{command['name']} cannot be used in servers")
    required = command.get("default_member_permissions")
    if required is None or member_permissions is None:
        return
    if not perms.has_all(member_permissions, int(required)):
        raise InvocationError(f"/{command['name']} needs permissions {required}; the user lacks them")


def _lookup(options: list[dict[str, Any]], name: str) -> dict[str, Any] | None:
    for option in options:
        if option["name"] == name:
            return option
    # Python keyword arguments cannot contain hyphens, so accept underscores for them.
    dashed = name.replace("_", "-")
    for option in options:
        if option["name"] == dashed:
            return option
    return None


def build_options(
    command: dict[str, Any],
    path: list[str],
    values: dict[str, Any],
    resolve: Resolver,
    *,
    focused: str | None = None,
) -> tuple[list[dict[str, Any]], dict[str, dict[str, Any]]]:
    """Nest subcommand groups/subcommands along ``path`` and convert ``values`` at the leaf."""
    resolved: dict[str, dict[str, Any]] = {}
    definitions = command.get("options", []) or []
    chain: list[dict[str, Any]] = []
    for step in path:
        option = _lookup(definitions, step)
        if option is None or option.get("type") not in (SUB_COMMAND, SUB_COMMAND_GROUP):
            raise InvocationError(f"/{command['name']} has no subcommand {step!r} here")
        chain.append({"type": option["type"], "name": option["name"], "options": []})
        definitions = option.get("options", []) or []
    if any(o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in definitions):
        names = [o["name"] for o in definitions]
        raise InvocationError(f"/{' '.join([command['name'], *path])} needs a subcommand: {names}")

    leaf: list[dict[str, Any]] = []
    used: set[str] = set()
    for key, value in values.items():
        definition = _lookup(definitions, key)
        if definition is None:
            raise InvocationError(f"unknown option {key!r}; defined: {[o['name'] for o in definitions]}")
        used.add(definition["name"])
        is_focused = focused is not None and definition["name"] == _canonical(definitions, focused)
        if is_focused:
            if not definition.get("autocomplete"):
                raise InvocationError(f"option {definition['name']!r} has no autocomplete")
            leaf.append({"type": definition["type"], "name": definition["name"], "value": str(value), "focused": True})
            continue
        leaf.append(
            {"type": definition["type"], "name": definition["name"], "value": _convert(definition, value, resolve, resolved)}
        )
    if focused is not None and _canonical(definitions, focused) not in used:
        raise InvocationError(f"focused option {focused!r} must be given a (partial) value")
    if focused is None:
        missing = [o["name"] for o in definitions if o.get("required") and o["name"] not in used]
        if missing:
            raise InvocationError(f"missing required options: {missing}")
    # Discord sends options in the order they are declared.
    order = {o["name"]: i for i, o in enumerate(definitions)}
    leaf.sort(key=lambda o: order[o["name"]])

    options = leaf
    for link in reversed(chain):
        link["options"] = options
        options = [link]
    return options, resolved


def _canonical(definitions: list[dict[str, Any]], name: str) -> str:
    found = _lookup(definitions, name)
    return found["name"] if found else name


def _convert(definition: dict[str, Any], value: Any, resolve: Resolver, resolved: dict[str, dict[str, Any]]) -> Any:
    kind = definition["type"]
    name = definition["name"]
    if kind == STRING:
        if not isinstance(value, str):
            raise InvocationError(f"option {name!r} takes text, got {value!r}")
        if len(value) < definition.get("min_length", 0) or len(value) > definition.get("max_length", 6000):
            raise InvocationError(f"option {name!r}: length {len(value)} out of bounds")
    elif kind == INTEGER:
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvocationError(f"option {name!r} takes an integer, got {value!r}")
    elif kind == NUMBER:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise InvocationError(f"option {name!r} takes a number, got {value!r}")
    elif kind == BOOLEAN:
        if not isinstance(value, bool):
            raise InvocationError(f"option {name!r} takes true/false, got {value!r}")
    elif kind in (USER, CHANNEL, ROLE, MENTIONABLE, ATTACHMENT):
        wire = resolve(kind, value, resolved)
        if kind == CHANNEL and definition.get("channel_types"):
            channel = resolved.get("channels", {}).get(wire, {})
            if channel.get("type") not in definition["channel_types"]:
                raise InvocationError(f"option {name!r} does not accept that channel type")
        return wire
    else:
        raise InvocationError(f"option {name!r} has unsupported type {kind}")
    if kind in (INTEGER, NUMBER):
        low, high = definition.get("min_value"), definition.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise InvocationError(f"option {name!r}: {value} outside [{low}, {high}]")
    choices = definition.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise InvocationError(f"option {name!r}: {value!r} is not one of {[c['value'] for c in choices]}")
    return value
