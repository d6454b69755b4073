"""The stand-in itself: an aiohttp server holding a small Discord world.

``StandIn`` owns the world (guilds, channels, users), the gateway, the REST API,
the recorder and the interactions in flight. Tests and the sandbox drive it
through this class and :class:`standin.users.SimUser`.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aiohttp import web

from . import gateway as gw
from . import permissions as perms
from .bodies import Upload
from .commands import CommandStore
from .compose import apply_body
from .errors import ApiError, unknown
from .gateway import Gateway, Session
from .ids import SnowflakeFactory
from .interactions import APPLICATION_COMMAND, InteractionBook, InteractionResult
from .messages import (
    CHAT_INPUT_COMMAND,
    DEFAULT,
    WAIT_S,
    Attachment,
    Message,
    guess_content_type,
    resolve_mentions,
)
from .model import (
    DM,
    GUILD_TEXT,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    Channel,
    Guild,
    Member,
    Role,
    User,
    now,
)
from .ratelimit import RateLimiter, RateLimitRule
from .recorder import Recorder

API_PREFIXES = ("/api/v10", "/api/v9", "/api")


class BotNotConnected(RuntimeError):
    """An interaction was attempted while no bot session exists on the gateway."""


class StandIn:
    """A local Discord for one bot application.

    ``message_rate_limit`` limits ``POST /channels/{id}/messages`` per channel (Discord's
    real limit is about 5 per 5 s); with ``advertise=False`` the bot only finds out
    through 429s. ``interaction_deadline`` is Discord's 3 s window for the first callback.
    """

    def __init__(
        self,
        *,
        token: str | None = None,
        bot_name: str = "Keryx",
        heartbeat_interval: float = 41.25,
        interaction_deadline: float = 3.0,
        message_rate_limit: RateLimitRule | None = None,
        allowed_privileged_intents: int = 0,
        record_path: str | Path | None = None,
    ) -> None:
        self.ids = SnowflakeFactory()
        self.token = token or f"standin.{secrets.token_urlsafe(24)}"
        self.application_id = self.ids.next()
        # Like a real bot, the bot user's id equals the application id.
        self.bot_user = User(id=self.application_id, username=bot_name, bot=True)
        self.owner_user = User(id=self.ids.next(), username="app-owner")
        self.users: dict[int, User] = {self.bot_user.id: self.bot_user, self.owner_user.id: self.owner_user}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.attachments: dict[int, Attachment] = {}
        self.interaction_deadline = interaction_deadline
        self.recorder = Recorder(record_path)
        self.commands = CommandStore(self.application_id, self.ids.next)
        self.interactions = InteractionBook()
        rules = {"channel_message_create": message_rate_limit} if message_rate_limit else {}
        self.ratelimiter = RateLimiter(rules=rules)
        self.requests: list[tuple[str, str, int]] = []
        self.unhandled: list[tuple[str, str]] = []
        self.sim_users: dict[int, Any] = {}
        self.gateway = Gateway(
            token=self.token,
            ready_payload=self._ready_payload,
            guild_payloads=self._guild_payloads,
            heartbeat_interval=heartbeat_interval,
            allowed_privileged_intents=allowed_privileged_intents,
        )
        self._runner: web.AppRunner | None = None
        self._sync_changed = asyncio.Event()
        self.base_url = ""

    # -- lifecycle ----------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> str:
        """Serve on ``host:port`` (0 picks a free port); returns the base URL."""
        from .rest import build_app  # the REST layer needs a finished StandIn to bind to

        app = build_app(self)
        self._runner = web.AppRunner(app, handle_signals=False, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        # The runner's bound addresses, whatever the loop: uvloop's server (a bot
        # process's loop, `keryx bench`) is no asyncio.Server (issue 34.4).
        bound_port = self._runner.addresses[0][1]
        self.base_url = f"http://{host}:{bound_port}"
        return self.base_url

    async def stop(self) -> None:
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self.recorder.close()

    async def __aenter__(self) -> StandIn:
        if not self.base_url:
            await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def api_url(self) -> str:
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return self.base_url.replace("http://", "ws://", 1) + "/gateway"

    # -- world building -------------------------------------------------------------
    def create_guild(self, name: str = "Keryx Test Server", *, channels: tuple[str, ...] = ("general",)) -> Guild:
        guild = Guild(id=self.ids.next(), name=name, owner_id=self.owner_user.id)
        guild.roles[guild.id] = Role(id=guild.id, guild_id=guild.id, name="@everyone", permissions=perms.EVERYONE_DEFAULT)
        bot_role = Role(id=self.ids.next(), guild_id=guild.id, name=self.bot_user.username, permissions=perms.BOT_DEFAULT,
                        position=1, managed=True)
        guild.roles[bot_role.id] = bot_role
        guild.members[self.bot_user.id] = Member(user=self.bot_user, guild_id=guild.id, role_ids=[bot_role.id])
        guild.members[self.owner_user.id] = Member(user=self.owner_user, guild_id=guild.id)
        self.guilds[guild.id] = guild
        for channel_name in channels:
            self._add_channel(guild, channel_name, GUILD_TEXT, None)
        # A guild added while the bot is connected arrives as a join.
        self.gateway.dispatch("GUILD_CREATE", self._guild_payload(guild, self.gateway.live_sessions))
        return guild

    def create_channel(self, guild: Guild, name: str, *, topic: str | None = None) -> Channel:
        channel = self._add_channel(guild, name, GUILD_TEXT, topic)
        self.gateway.dispatch("CHANNEL_CREATE", channel.payload(), intent=gw.GUILDS)
        return channel

    def _add_channel(self, guild: Guild, name: str, kind: int, topic: str | None) -> Channel:
        channel = Channel(id=self.ids.next(), type=kind, name=name, guild_id=guild.id, topic=topic,
                          position=len(guild.channels))
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        return channel

    def create_role(self, guild: Guild, name: str, permissions: int = 0) -> Role:
        role = Role(id=self.ids.next(), guild_id=guild.id, name=name, permissions=permissions,
                    position=len(guild.roles))
        guild.roles[role.id] = role
        self.gateway.dispatch("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()},
                              intent=gw.GUILDS)
        return role

    def add_member(
        self,
        guild: Guild,
        name: str,
        *,
        moderator: bool = False,
        roles: tuple[Role, ...] = (),
        locale: str = "en-US",
    ) -> Any:
        """A simulated person in ``guild``. Moderators get a role with Manage Server."""
        from .users import SimUser

        user = User(id=self.ids.next(), username=name)
        self.users[user.id] = user
        role_ids = [r.id for r in roles]
        if moderator:
            mod_role = next((r for r in guild.roles.values() if r.name == "Moderator"), None)
            if mod_role is None:
                mod_role = self.create_role(guild, "Moderator", perms.MODERATOR_DEFAULT)
            role_ids.append(mod_role.id)
        member = Member(user=user, guild_id=guild.id, role_ids=role_ids)
        guild.members[user.id] = member
        self.gateway.dispatch(
            "GUILD_MEMBER_ADD", {**member.payload(), "guild_id": str(guild.id)}, intent=gw.GUILD_MEMBERS
        )
        sim = SimUser(self, user, guild, locale=locale)
        self.sim_users[user.id] = sim
        return sim

    def add_moderator(self, guild: Guild, name: str) -> Any:
        return self.add_member(guild, name, moderator=True)

    def default_channel(self, guild: Guild) -> Channel:
        return next(c for c in guild.channels.values() if c.type == GUILD_TEXT)

    def dm_channel(self, user: User) -> Channel:
        """The bot's DM channel with ``user``, created on first use as Discord does."""
        for channel in self.channels.values():
            if channel.is_dm and channel.recipients and channel.recipients[0].id == user.id:
                return channel
        channel = Channel(id=self.ids.next(), type=DM, name=None, recipients=[user])
        self.channels[channel.id] = channel
        return channel

    def create_thread(
        self, parent: Channel, name: str, *, owner: User, private: bool = False, message_id: int | None = None
    ) -> Channel:
        if parent.guild_id is None or parent.is_thread or parent.is_dm:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        guild = self.guilds[parent.guild_id]
        thread = Channel(
            id=message_id or self.ids.next(),
            type=PRIVATE_THREAD if private else PUBLIC_THREAD,
            name=name,
            guild_id=guild.id,
            parent_id=parent.id,
            owner_id=owner.id,
        )
        thread.thread_member_ids.add(owner.id)
        guild.channels[thread.id] = thread
        self.channels[thread.id] = thread
        if message_id is not None and message_id in self.recorder.messages:
            self.recorder.messages[message_id].thread_id = thread.id
        self.gateway.dispatch("THREAD_CREATE", {**thread.payload(), "newly_created": True}, intent=gw.GUILDS)
        return thread

    # -- lookups --------------------------------------------------------------------
    def channel(self, channel_id: int) -> Channel:
        channel = self.channels.get(channel_id)
        if channel is None:
            raise unknown("Channel", 10003)
        return channel

    def guild(self, guild_id: int) -> Guild:
        guild = self.guilds.get(guild_id)
        if guild is None:
            raise unknown("Guild", 10004)
        return guild

    def message(self, channel_id: int, message_id: int) -> Message:
        message = self.recorder.messages.get(message_id)
        if message is None or message.deleted or message.channel_id != channel_id or message.ephemeral:
            raise unknown("Message", 10008)
        return message

    def can_view(self, user_id: int, channel: Channel) -> bool:
        if channel.is_dm:
            return user_id == self.bot_user.id or any(u.id == user_id for u in channel.recipients)
        guild = self.guilds[channel.guild_id]  # type: ignore[index]
        if user_id not in guild.members:
            return False
        if channel.type == PRIVATE_THREAD:
            return user_id in channel.thread_member_ids or perms.has_all(
                guild.permissions_of(user_id), perms.MANAGE_THREADS
            )
        return perms.has_all(guild.permissions_of(user_id), perms.VIEW_CHANNEL)

    @property
    def messages(self) -> list[Message]:
        """Every message that currently exists, public and ephemeral, oldest first."""
        return [m for m in self.recorder.messages.values() if not m.deleted]

    def channel_messages(self, channel: Channel | int, *, include_ephemeral: bool = False) -> list[Message]:
        channel_id = channel if isinstance(channel, int) else channel.id
        return [
            m for m in self.messages if m.channel_id == channel_id and (include_ephemeral or not m.ephemeral)
        ]

    def synced_commands(self, guild: Guild | int | None = None) -> list[dict[str, Any]]:
        guild_id = guild.id if isinstance(guild, Guild) else guild
        return self.commands.list(guild_id)

    def attachment_bytes(self, url_or_id: str | int) -> bytes:
        if isinstance(url_or_id, int):
            return self.attachments[url_or_id].data
        for attachment in self.attachments.values():
            if attachment.url == url_or_id:
                return attachment.data
        raise KeyError(url_or_id)

    # -- waiting --------------------------------------------------------------------
    def mark(self) -> int:
        return self.recorder.mark()

    async def wait_for_message(self, predicate: Any, timeout: float = WAIT_S, *, since: int | None = None) -> Message:
        return await self.recorder.wait_for_message(predicate, timeout, since=since)

    async def wait_until_ready(self, timeout: float = 10.0, *, after: int = 0) -> Session:
        """Wait for the bot's READY (or, with ``after=n``, the (n+1)-th READY/RESUMED)."""
        return await self.gateway.wait_ready(timeout, after=after)

    async def wait_for_sync(self, timeout: float = 10.0, *, count: int = 1) -> None:
        """Wait until the bot has synced its command tree ``count`` times in total."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self.commands.sync_count < count:
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError("the bot did not sync its commands in time")
            self._sync_changed.clear()
            try:
                await asyncio.wait_for(self._sync_changed.wait(), remaining)
            except TimeoutError:
                continue

    def note_sync(self) -> None:
        self._sync_changed.set()

    # -- gateway control --------------------------------------------------------------
    async def drop_gateway(self, code: int = 4000) -> None:
        await self.gateway.drop(code)

    def send_reconnect(self) -> None:
        self.gateway.send_reconnect()

    def invalidate_session(self) -> None:
        self.gateway.invalidate_sessions()

    # -- messages ---------------------------------------------------------------------
    def make_attachment(self, channel_id: int, upload: Upload, entry: dict[str, Any] | None, *, ephemeral: bool) -> Attachment:
        attachment_id = self.ids.next()
        filename = (entry or {}).get("filename") or upload.filename
        attachment = Attachment(
            id=attachment_id,
            filename=filename,
            data=upload.data,
            content_type=guess_content_type(filename, upload.content_type),
            url=f"{self.base_url}/attachments/{channel_id}/{attachment_id}/{filename}",
            description=(entry or {}).get("description"),
            ephemeral=ephemeral,
        )
        self.attachments[attachment_id] = attachment
        return attachment

    def _mentions(self, message: Message) -> None:
        guild = self.guilds.get(message.guild_id) if message.guild_id else None
        known_roles = set(guild.roles) if guild else set()
        reply_author = None
        if message.reference and message.reference.get("message_id"):
            replied = self.recorder.messages.get(int(message.reference["message_id"]))
            reply_author = replied.author.id if replied else None
        users, roles, everyone = resolve_mentions(
            message.content, message.allowed_mentions, known_users=set(self.users),
            known_roles=known_roles, reply_to_author=reply_author,
        )
        message.mention_ids, message.mention_role_ids, message.mention_everyone = users, roles, everyone

    def post_message(
        self,
        channel: Channel,
        author: User,
        body: dict[str, Any],
        uploads: list[Upload],
        *,
        interaction: InteractionResult | None = None,
        extra_flags: int = 0,
        before_record: Callable[[Message], object] | None = None,
    ) -> Message:
        """Create, validate, record and (if public) dispatch a message."""
        guild = self.guilds.get(channel.guild_id) if channel.guild_id else None
        message = Message(
            id=self.ids.next(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=author,
            flags=extra_flags,
            author_member=guild.members.get(author.id) if guild else None,
        )
        if interaction is not None:
            message.type = CHAT_INPUT_COMMAND if interaction.type == APPLICATION_COMMAND else DEFAULT
            message.interaction_id = interaction.id
            message.interaction_user = interaction.user.user
            message.interaction_type = interaction.type
            message.interaction_name = (interaction.payload.get("data") or {}).get("name")
            message.webhook_id = self.application_id
            message.application_id = self.application_id
            message.author_member = None
        ephemeral = bool((message.flags | int(body.get("flags") or 0)) & 64) and interaction is not None
        apply_body(message, body, uploads,
                   lambda u, e: self.make_attachment(channel.id, u, e, ephemeral=ephemeral), creating=True)
        if not ephemeral:
            message.flags &= ~64  # only interaction responses can be ephemeral
        self._mentions(message)
        if not message.ephemeral:
            channel.last_message_id = message.id
            channel.message_count += 1
        if before_record is not None:
            before_record(message)  # so waiters woken by the record see the caller's bookkeeping
        self.recorder.record("message_create", message)
        if not message.ephemeral:
            self._dispatch_message("MESSAGE_CREATE", channel, message)
        return message

    def edit_message(self, message: Message, body: dict[str, Any], uploads: list[Upload], *, finish_loading: bool = True) -> Message:
        channel = self.channels[message.channel_id]
        if finish_loading:
            message.flags &= ~(1 << 7)
        apply_body(message, body, uploads,
                   lambda u, e: self.make_attachment(channel.id, u, e, ephemeral=message.ephemeral), creating=False)
        self._mentions(message)
        message.edited_at = now()
        self.recorder.record("message_update", message)
        if not message.ephemeral:
            self._dispatch_message("MESSAGE_UPDATE", channel, message)
        return message

    def delete_message(self, message: Message) -> None:
        message.deleted = True
        self.recorder.record("message_delete", message)
        if not message.ephemeral:
            data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id:
                data["guild_id"] = str(message.guild_id)
            intent = gw.GUILD_MESSAGES if message.guild_id else gw.DIRECT_MESSAGES
            self.gateway.dispatch("MESSAGE_DELETE", data, intent=intent)

    def _dispatch_message(self, event: str, channel: Channel, message: Message) -> None:
        intent = gw.GUILD_MESSAGES if channel.guild_id else gw.DIRECT_MESSAGES
        data = message.payload(self.users)
        sessions = self.gateway.live_sessions
        # Without MESSAGE_CONTENT a bot sees content only of its own messages, DMs and mentions.
        sees_content = (
            not sessions
            or sessions[-1].intents & gw.MESSAGE_CONTENT
            or message.author.id == self.bot_user.id
            or channel.is_dm
            or self.bot_user.id in message.mention_ids
        )
        if not sees_content:
            data = {**data, "content": "", "embeds": [], "attachments": [], "components": []}
        self.gateway.dispatch(event, data, intent=intent)

    # -- gateway payloads -------------------------------------------------------------------
    def _ready_payload(self, session: Session) -> dict[str, Any]:
        return {
            "v": 10,
            "user": {**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in self.guilds.values()
                       if session.serves(g.id)],
            **({"shard": list(session.shard)} if session.shard else {}),
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "auth_session_id_hash": "",
            "user_settings": {},
            "_trace": ["standin"],
        }

    def _guild_payloads(self, session: Session) -> list[dict[str, Any]]:
        return [self._guild_payload(g, [session]) for g in self.guilds.values()
                if session.serves(g.id)]

    def _guild_payload(self, guild: Guild, sessions: list[Session]) -> dict[str, Any]:
        wants_members = any(s.intents & gw.GUILD_MEMBERS for s in sessions)
        # Without GUILD_MEMBERS Discord sends only the bot's own member.
        members = list(guild.members.values()) if wants_members else [guild.members[self.bot_user.id]]
        return guild.payload(members=members)

    def app_info_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.application_id),
            "name": self.bot_user.username,
            "icon": None,
            "description": "Stand-in application",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": 0,
            "owner": self.owner_user.payload(),
            "team": None,
            "bot": self.bot_user.payload(),
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "approximate_guild_count": len(self.guilds),
        }
