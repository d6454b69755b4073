"""The stand-in's world: users, guilds, roles, members, channels and threads.

Each class knows how to render itself as the JSON Discord would send, because
discord.py parses exactly those shapes. Ids are ints here and strings on the wire.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from . import permissions as perms

# Channel types (Discord API).
GUILD_TEXT = 0
DM = 1
GUILD_CATEGORY = 4
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)


def iso(moment: dt.datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


@dataclass
class User:
    id: int
    username: str
    bot: bool = False
    global_name: str | None = None

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name or self.username,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class Role:
    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": True,
            "flags": 0,
        }


@dataclass
class Member:
    user: User
    guild_id: int
    role_ids: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: dt.datetime = field(default_factory=now)

    def payload(self, *, with_user: bool = True, permissions: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(r) for r in self.role_ids],
            "nick": self.nick,
            "avatar": None,
            "joined_at": iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if permissions is not None:
            # Interaction payloads carry the member's computed permissions.
            data["permissions"] = str(permissions)
        return data


@dataclass
class Channel:
    id: int
    type: int
    name: str | None
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    topic: str | None = None
    owner_id: int | None = None  # threads: who created it
    recipients: list[User] = field(default_factory=list)  # DMs
    thread_member_ids: set[int] = field(default_factory=set)
    archived: bool = False
    locked: bool = False
    last_message_id: int | None = None
    message_count: int = 0

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "last_message_id": str(self.last_message_id) if self.last_message_id else None,
            "flags": 0,
        }
        if self.is_dm:
            data["recipients"] = [u.payload() for u in self.recipients]
            return data
        data.update(
            {
                "guild_id": str(self.guild_id),
                "name": self.name,
                "position": self.position,
                "parent_id": str(self.parent_id) if self.parent_id else None,
                "nsfw": False,
                "rate_limit_per_user": 0,
            }
        )
        if self.is_thread:
            data.update(
                {
                    "owner_id": str(self.owner_id) if self.owner_id else None,
                    "member_count": len(self.thread_member_ids),
                    "message_count": self.message_count,
                    "total_message_sent": self.message_count,
                    "thread_metadata": {
                        "archived": self.archived,
                        "auto_archive_duration": 1440,
                        "archive_timestamp": iso(now()),
                        "locked": self.locked,
                        "invitable": True,
                    },
                }
            )
        else:
            data["topic"] = self.topic
            data["permission_overwrites"] = []
        return data


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, Role] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    def permissions_of(self, user_id: int) -> int:
        """Guild-level permissions (channel overwrites are not modelled)."""
        if user_id == self.owner_id:
            return perms.ALL
        member = self.members.get(user_id)
        if member is None:
            return 0
        value = self.everyone.permissions
        for role_id in member.role_ids:
            role = self.roles.get(role_id)
            if role is not None:
                value |= role.permissions
        if value & perms.ADMINISTRATOR:
            return perms.ALL
        return value

    def payload(self, *, members: list[Member]) -> dict[str, Any]:
        regular = [c for c in self.channels.values() if not c.is_thread]
        threads = [c for c in self.channels.values() if c.is_thread and not c.archived]
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "features": [],
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "vanity_url_code": None,
            "roles": [r.payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "joined_at": iso(now()),
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "members": [m.payload() for m in members],
            "channels": [c.payload() for c in regular],
            "threads": [c.payload() for c in threads],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "premium_progress_bar_enabled": False,
        }
