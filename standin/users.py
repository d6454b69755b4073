"""Simulated people: they run slash commands, autocomplete, click buttons, pick from
selects, submit modals, and read what the bot showed them.

Every action builds the INTERACTION_CREATE payload Discord would send, dispatches it
on the gateway, and returns an :class:`InteractionResult` once the bot's first
callback arrived (or raises TimeoutError if it never did).
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from . import commands as cmds
from .bodies import Upload
from .commands import InvocationError
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionResult,
)
from .messages import WAIT_S, Attachment, Message
from .model import Channel, Guild, Role, User

if TYPE_CHECKING:
    from .server import StandIn

# Component types.
ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT = (
    1, 2, 3, 4, 5, 6, 7, 8,
)
LABEL = 18
LINK_STYLE, PREMIUM_STYLE = 5, 6


class SimUser:
    def __init__(self, standin: StandIn, user: User, guild: Guild, *, locale: str = "en-US") -> None:
        self.standin = standin
        self.user = user
        self.guild = guild
        self.locale = locale

    # -- identity -------------------------------------------------------------------
    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.username

    @property
    def mention(self) -> str:
        return self.user.mention

    @property
    def permissions(self) -> int:
        return self.guild.permissions_of(self.id)

    def __repr__(self) -> str:
        return f"<SimUser {self.name} id={self.id}>"

    # -- slash commands ------------------------------------------------------------------
    async def slash(
        self,
        *path: str,
        channel: Channel | None = None,
        options: dict[str, Any] | None = None,
        timeout: float = WAIT_S,
        **kwargs: Any,
    ) -> InteractionResult:
        """Run ``/path...`` with options, e.g. ``slash("game", "new", ruleset="athens-sparta")``
        or ``slash("game new", ruleset=...)``. ``options`` takes names that are not valid
        Python identifiers. Raises :class:`InvocationError` where Discord's client would refuse."""
        names = [part for p in path for part in p.split()]
        if not names:
            raise InvocationError("which command?")
        channel = channel or self.standin.default_channel(self.guild)
        values = {**(options or {}), **kwargs}
        command = self._command(names[0], channel)
        option_list, resolved = cmds.build_options(command, names[1:], values, self._resolver(channel))
        data = self._command_data(command, option_list, resolved)
        return await self._interact(APPLICATION_COMMAND, data, channel, timeout=timeout)

    async def autocomplete(
        self,
        *path: str,
        focused: str,
        channel: Channel | None = None,
        options: dict[str, Any] | None = None,
        timeout: float = WAIT_S,
        **kwargs: Any,
    ) -> list[dict[str, Any]]:
        """Type into option ``focused`` (its partial text given among the options) and
        return the bot's choices."""
        result = await self.autocomplete_result(
            *path, focused=focused, channel=channel, options=options, timeout=timeout, **kwargs
        )
        return result.choices or []

    async def autocomplete_result(
        self,
        *path: str,
        focused: str,
        channel: Channel | None = None,
        options: dict[str, Any] | None = None,
        timeout: float = WAIT_S,
        **kwargs: Any,
    ) -> InteractionResult:
        names = [part for p in path for part in p.split()]
        channel = channel or self.standin.default_channel(self.guild)
        values = {**(options or {}), **kwargs}
        command = self._command(names[0], channel)
        option_list, resolved = cmds.build_options(
            command, names[1:], values, self._resolver(channel), focused=focused
        )
        data = self._command_data(command, option_list, resolved)
        return await self._interact(AUTOCOMPLETE, data, channel, timeout=timeout)

    async def user_command(self, name: str, target: SimUser | User, *, channel: Channel | None = None,
                           timeout: float = WAIT_S) -> InteractionResult:
        """Right-click a user → Apps → ``name``."""
        channel = channel or self.standin.default_channel(self.guild)
        command = self._command(name, channel, kind=cmds.USER_COMMAND)
        resolved: dict[str, dict[str, Any]] = {}
        target_id = self._resolver(channel)(cmds.USER, target, resolved)
        data = {**self._command_data(command, [], resolved), "target_id": target_id}
        return await self._interact(APPLICATION_COMMAND, data, channel, timeout=timeout)

    async def message_command(self, name: str, target: Message, *, timeout: float = WAIT_S) -> InteractionResult:
        """Right-click a message → Apps → ``name``."""
        channel = self.standin.channel(target.channel_id)
        command = self._command(name, channel, kind=cmds.MESSAGE_COMMAND)
        resolved = {"messages": {str(target.id): target.payload(self.standin.users)}}
        data = {**self._command_data(command, [], resolved), "target_id": str(target.id)}
        return await self._interact(APPLICATION_COMMAND, data, channel, timeout=timeout)

    # -- components ------------------------------------------------------------------------
    async def click(
        self,
        message: Message,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        timeout: float = WAIT_S,
    ) -> InteractionResult:
        """Press a button on a message this user can see, by ``custom_id`` or ``label``."""
        component = self._component(message, custom_id, label)
        if component.get("type") != BUTTON:
            raise InvocationError(f"component {component.get('custom_id')!r} is not a button")
        data = {"custom_id": component["custom_id"], "component_type": BUTTON}
        return await self._interact(MESSAGE_COMPONENT, data, self.standin.channel(message.channel_id),
                                    message=message, timeout=timeout)

    async def select(
        self,
        message: Message,
        custom_id: str,
        values: list[Any],
        *,
        timeout: float = WAIT_S,
    ) -> InteractionResult:
        """Choose ``values`` in a select menu. For user/role/channel selects pass the objects."""
        component = self._component(message, custom_id, None)
        kind = component.get("type")
        if kind not in (STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT):
            raise InvocationError(f"component {custom_id!r} is not a select menu")
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(values) <= high:
            raise InvocationError(f"select {custom_id!r} takes {low}..{high} values, got {len(values)}")
        channel = self.standin.channel(message.channel_id)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if kind == STRING_SELECT:
            offered = [o["value"] for o in component.get("options", [])]
            for value in values:
                if value not in offered:
                    raise InvocationError(f"{value!r} is not an option of {custom_id!r}: {offered}")
            data["values"] = list(values)
        else:
            resolved: dict[str, dict[str, Any]] = {}
            option_type = {USER_SELECT: cmds.USER, ROLE_SELECT: cmds.ROLE, CHANNEL_SELECT: cmds.CHANNEL,
                           MENTIONABLE_SELECT: cmds.MENTIONABLE}[kind]
            data["values"] = [self._resolver(channel)(option_type, v, resolved) for v in values]
            data["resolved"] = resolved
        return await self._interact(MESSAGE_COMPONENT, data, channel, message=message, timeout=timeout)

    async def submit_modal(
        self,
        shown: InteractionResult,
        values: dict[str, str],
        *,
        timeout: float = WAIT_S,
    ) -> InteractionResult:
        """Fill in and submit the modal the bot opened in reply to ``shown``."""
        modal = shown.modal
        if modal is None:
            raise InvocationError("that interaction did not open a modal")
        inputs = {}
        for comp in _walk(modal.get("components", [])):
            if comp.get("type") == TEXT_INPUT:
                inputs[comp["custom_id"]] = comp
        unknown = set(values) - set(inputs)
        if unknown:
            raise InvocationError(f"the modal has no inputs {sorted(unknown)}; it has {sorted(inputs)}")
        for custom_id, spec in inputs.items():
            if spec.get("required", True) and not values.get(custom_id, spec.get("value")):
                raise InvocationError(f"modal input {custom_id!r} is required")
        rows = []
        for top in modal.get("components", []):
            # Answer in the shape the modal was built: action rows or labels.
            if top.get("type") == LABEL and top.get("component", {}).get("type") == TEXT_INPUT:
                cid = top["component"]["custom_id"]
                rows.append({"type": LABEL, "component": {"type": TEXT_INPUT, "custom_id": cid,
                                                          "value": values.get(cid, top["component"].get("value", ""))}})
            elif top.get("type") == ACTION_ROW:
                inner = [{"type": TEXT_INPUT, "custom_id": c["custom_id"],
                          "value": values.get(c["custom_id"], c.get("value", ""))}
                         for c in top.get("components", []) if c.get("type") == TEXT_INPUT]
                rows.append({"type": ACTION_ROW, "components": inner})
        data = {"custom_id": modal["custom_id"], "components": rows}
        channel = self.standin.channel(shown.channel_id)
        source = shown.source_message
        return await self._interact(MODAL_SUBMIT, data, channel, message=source, timeout=timeout)

    # -- reading -------------------------------------------------------------------------------
    def visible_messages(self, channel: Channel | None = None) -> list[Message]:
        """Messages this user can see: public ones in channels they can view, plus their own
        ephemeral ones. Limited to ``channel`` if given."""
        shown = []
        for message in self.standin.messages:
            if channel is not None and message.channel_id != channel.id:
                continue
            target = self.standin.channels.get(message.channel_id)
            if target is None or not self.standin.can_view(self.id, target):
                continue
            if message.visible_to_user(self.id):
                shown.append(message)
        return shown

    def last_message(self, channel: Channel | None = None) -> Message | None:
        shown = self.visible_messages(channel)
        return shown[-1] if shown else None

    def dm_messages(self) -> list[Message]:
        """What the bot sent this user by DM."""
        channel = self.standin.dm_channel(self.user)
        return [m for m in self.standin.messages if m.channel_id == channel.id]

    async def wait_for_dm(self, predicate: Any = None, timeout: float = WAIT_S) -> Message:
        channel = self.standin.dm_channel(self.user)
        return await self.standin.wait_for_message(
            lambda m: m.channel_id == channel.id and (predicate is None or predicate(m)), timeout
        )

    async def say(self, content: str, *, channel: Channel | None = None) -> Message:
        """Post an ordinary message as this user (the bot gets MESSAGE_CREATE if subscribed)."""
        channel = channel or self.standin.default_channel(self.guild)
        if not self.standin.can_view(self.id, channel):
            raise InvocationError(f"{self.name} cannot see that channel")
        return self.standin.post_message(channel, self.user, {"content": content}, [])

    # -- internals ---------------------------------------------------------------------------------
    def _command(self, name: str, channel: Channel, kind: int = cmds.CHAT_INPUT) -> dict[str, Any]:
        guild_id = None if channel.is_dm else self.guild.id
        command = self.standin.commands.find(name, guild_id, kind)
        member_perms = None if channel.is_dm else self.permissions
        cmds.check_permissions(command, member_perms, in_dm=channel.is_dm)
        if not self.standin.can_view(self.id, channel):
            raise InvocationError(f"{self.name} cannot see channel {channel.name!r}")
        return command

    @staticmethod
    def _command_data(command: dict[str, Any], options: list[dict[str, Any]],
                      resolved: dict[str, dict[str, Any]]) -> dict[str, Any]:
        data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": command["type"]}
        if options:
            data["options"] = options
        if resolved:
            data["resolved"] = resolved
        if command.get("guild_id"):
            data["guild_id"] = command["guild_id"]
        return data

    def _component(self, message: Message, custom_id: str | None, label: str | None) -> dict[str, Any]:
        if not message.visible_to_user(self.id):
            raise InvocationError(f"{self.name} cannot see message {message.id}")
        current = self.standin.recorder.messages.get(message.id, message)
        component = current.find_component(custom_id, label=label)
        if component is None:
            have = [(c.get("custom_id"), c.get("label")) for c in current.interactive_components()]
            raise InvocationError(f"no component custom_id={custom_id!r} label={label!r}; message has {have}")
        if component.get("disabled"):
            raise InvocationError(f"component {component['custom_id']!r} is disabled")
        if component.get("style") in (LINK_STYLE, PREMIUM_STYLE):
            raise InvocationError("link buttons do not reach the bot")
        return component

    def _resolver(self, channel: Channel) -> cmds.Resolver:
        standin = self.standin
        guild = self.guild

        def resolve(kind: int, value: Any, resolved: dict[str, dict[str, Any]]) -> str:
            if kind in (cmds.USER, cmds.MENTIONABLE) and isinstance(value, SimUser | User):
                user = value.user if isinstance(value, SimUser) else value
                resolved.setdefault("users", {})[str(user.id)] = user.payload()
                member = guild.members.get(user.id)
                if member is not None:
                    resolved.setdefault("members", {})[str(user.id)] = member.payload(
                        with_user=False, permissions=guild.permissions_of(user.id)
                    )
                return str(user.id)
            if kind in (cmds.ROLE, cmds.MENTIONABLE) and isinstance(value, Role):
                resolved.setdefault("roles", {})[str(value.id)] = value.payload()
                return str(value.id)
            if kind == cmds.CHANNEL and isinstance(value, Channel):
                payload = value.payload()
                payload["permissions"] = str(guild.permissions_of(self.id))
                resolved.setdefault("channels", {})[str(value.id)] = payload
                return str(value.id)
            if kind == cmds.ATTACHMENT and isinstance(value, tuple) and len(value) == 2:
                filename, data = value
                attachment: Attachment = standin.make_attachment(
                    channel.id, Upload(0, filename, None, data), None, ephemeral=True
                )
                resolved.setdefault("attachments", {})[str(attachment.id)] = attachment.payload()
                return str(attachment.id)
            raise InvocationError(f"cannot use {value!r} for an option of type {kind}")

        return resolve

    def _interaction_payload(self, kind: int, data: dict[str, Any], channel: Channel,
                             message: Message | None, interaction_id: int, token: str) -> dict[str, Any]:
        standin = self.standin
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(standin.application_id),
            "type": kind,
            "data": data,
            "channel_id": str(channel.id),
            "channel": {**channel.payload(), "permissions": str(self.permissions)},
            "token": token,
            "version": 1,
            "locale": self.locale,
            "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if channel.is_dm:
            payload["user"] = self.user.payload()
            payload["context"] = 1
            payload["authorizing_integration_owners"] = {"0": "0"}
            payload["app_permissions"] = str(0)
        else:
            payload["guild_id"] = str(self.guild.id)
            payload["guild"] = {"id": str(self.guild.id), "locale": "en-US", "features": []}
            payload["guild_locale"] = "en-US"
            payload["member"] = self.guild.members[self.id].payload(permissions=self.permissions)
            payload["context"] = 0
            payload["authorizing_integration_owners"] = {"0": str(self.guild.id)}
            payload["app_permissions"] = str(self.guild.permissions_of(standin.bot_user.id))
        if message is not None:
            payload["message"] = message.payload(standin.users)
        return payload

    async def _interact(self, kind: int, data: dict[str, Any], channel: Channel, *,
                        message: Message | None = None, timeout: float) -> InteractionResult:
        from .server import BotNotConnected

        standin = self.standin
        if not standin.gateway.live_sessions:
            raise BotNotConnected("no bot session on the gateway; start the bot first")
        interaction_id = standin.ids.next()
        token = f"aW50ZXJhY3Rpb24{secrets.token_urlsafe(48)}"
        payload = self._interaction_payload(kind, data, channel, message, interaction_id, token)
        result = InteractionResult(
            standin=standin, id=interaction_id, token=token, type=kind, user=self,
            channel_id=channel.id, guild_id=None if channel.is_dm else self.guild.id,
            payload=payload, source_message=message,
        )
        standin.interactions.add(result)
        standin.recorder.record("interaction_create", None, interaction_id=interaction_id, type=kind,
                                user_id=self.id, channel_id=channel.id, data=data)
        standin.gateway.dispatch("INTERACTION_CREATE", payload)
        return await result.wait_for_response(timeout)


def _walk(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found = []
    for item in items:
        found.append(item)
        found += _walk(item.get("components", []) or [])
        if isinstance(item.get("component"), dict):
            found += _walk([item["component"]])
    return found
