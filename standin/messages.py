"""Messages the bot (or a simulated user) has posted, with their attachments.

A :class:`Message` is the live, current state; each change is also written to
the recorder as an event, so tests can see both the end state and the history.
"""

from __future__ import annotations

import copy
import datetime as dt
import re
import struct
from dataclasses import dataclass, field
from typing import Any

from .model import Member, User, iso, now

EPHEMERAL = 1 << 6
LOADING = 1 << 7
IS_COMPONENTS_V2 = 1 << 15

# Message types (Discord API).
DEFAULT = 0
CHAT_INPUT_COMMAND = 20

_USER_MENTION = re.compile(r"<@!?(\d+)>")
_ROLE_MENTION = re.compile(r"<@&(\d+)>")


@dataclass
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str
    url: str
    description: str | None = None
    ephemeral: bool = False

    @property
    def size(self) -> int:
        return len(self.data)

    def image_size(self) -> tuple[int, int] | None:
        """Width and height of a PNG, read from its IHDR chunk (no imaging library needed)."""
        if self.data[:8] == b"\x89PNG\r\n\x1a\n" and len(self.data) >= 24:
            width, height = struct.unpack(">II", self.data[16:24])
            return width, height
        return None

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description:
            data["description"] = self.description
        if self.ephemeral:
            data["ephemeral"] = True
        dims = self.image_size()
        if dims is not None:
            data["width"], data["height"] = dims
        return data


def guess_content_type(filename: str, declared: str | None) -> str:
    if declared and declared != "application/octet-stream":
        return declared
    lowered = filename.lower()
    for suffix, kind in ((".png", "image/png"), (".jpg", "image/jpeg"), (".jpeg", "image/jpeg"),
                         (".gif", "image/gif"), (".txt", "text/plain"), (".json", "application/json")):
        if lowered.endswith(suffix):
            return kind
    return declared or "application/octet-stream"


@dataclass
class Message:
    id: int
    channel_id: int
    guild_id: int | None
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = DEFAULT
    tts: bool = False
    allowed_mentions: dict[str, Any] | None = None
    mention_ids: list[int] = field(default_factory=list)
    mention_role_ids: list[int] = field(default_factory=list)
    mention_everyone: bool = False
    reference: dict[str, Any] | None = None
    # Interaction bookkeeping: which interaction produced it, and who alone may see it.
    interaction_id: int | None = None
    interaction_user: User | None = None
    interaction_name: str | None = None
    interaction_type: int | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    author_member: Member | None = None
    reactions: dict[str, set[int]] = field(default_factory=dict)
    created_at: dt.datetime = field(default_factory=now)
    edited_at: dt.datetime | None = None
    deleted: bool = False
    pinned: bool = False
    thread_id: int | None = None
    history: list[dict[str, Any]] = field(default_factory=list)

    # -- views used by tests -------------------------------------------------------
    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred ("thinking") response that the bot has not filled in yet."""
        return bool(self.flags & LOADING)

    @property
    def public(self) -> bool:
        return not self.ephemeral

    @property
    def visible_to(self) -> int | None:
        """For ephemeral messages, the only user who sees it; None means everyone in the channel."""
        if self.ephemeral and self.interaction_user is not None:
            return self.interaction_user.id
        return None

    def visible_to_user(self, user_id: int) -> bool:
        if self.deleted:
            return False
        owner = self.visible_to
        return owner is None or owner == user_id

    def iter_components(self) -> list[dict[str, Any]]:
        """Every component, flattened out of action rows, sections and containers."""
        found: list[dict[str, Any]] = []

        def walk(items: list[dict[str, Any]]) -> None:
            for item in items:
                found.append(item)
                walk(item.get("components", []) or [])
                if isinstance(item.get("accessory"), dict):
                    walk([item["accessory"]])
                if isinstance(item.get("component"), dict):
                    walk([item["component"]])

        walk(self.components)
        return found

    def interactive_components(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("custom_id")]

    def find_component(self, custom_id: str | None = None, *, label: str | None = None) -> dict[str, Any] | None:
        for comp in self.interactive_components():
            if custom_id is not None and comp.get("custom_id") != custom_id:
                continue
            if label is not None and comp.get("label") != label:
                continue
            return comp
        return None

    def text(self) -> str:
        """Everything a person would read: content, embed text, text displays (components v2)."""
        parts = [self.content] if self.content else []
        for embed in self.embeds:
            for key in ("title", "description"):
                if embed.get(key):
                    parts.append(str(embed[key]))
            for fld in embed.get("fields", []) or []:
                parts.append(f"{fld.get('name', '')}: {fld.get('value', '')}")
            if (embed.get("footer") or {}).get("text"):
                parts.append(embed["footer"]["text"])
        for comp in self.iter_components():
            if comp.get("type") == 10 and comp.get("content"):
                parts.append(comp["content"])
        return "\n".join(parts)

    # -- wire format -------------------------------------------------------------
    def payload(self, users: dict[int, User]) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "type": self.type,
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": iso(self.created_at),
            "edited_timestamp": iso(self.edited_at),
            "tts": self.tts,
            "mention_everyone": self.mention_everyone,
            "mentions": [users[u].payload() for u in self.mention_ids if u in users],
            "mention_roles": [str(r) for r in self.mention_role_ids],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": copy.deepcopy(self.embeds),
            "components": copy.deepcopy(self.components),
            "pinned": self.pinned,
            "flags": self.flags,
        }
        if self.reactions:
            data["reactions"] = [
                {
                    "emoji": {"id": None, "name": name},
                    "count": len(who),
                    "count_details": {"burst": 0, "normal": len(who)},
                    "me": self.author.id in who,
                    "me_burst": False,
                    "burst_colors": [],
                }
                for name, who in self.reactions.items()
                if who
            ]
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.author_member is not None:
            data["member"] = self.author_member.payload(with_user=False)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.reference is not None:
            data["message_reference"] = self.reference
        if self.interaction_id is not None and self.interaction_user is not None:
            data["interaction_metadata"] = {
                "id": str(self.interaction_id),
                "type": self.interaction_type or 2,
                "user": self.interaction_user.payload(),
                "authorizing_integration_owners": {"0": str(self.guild_id or 0)},
            }
            if self.interaction_name:
                data["interaction_metadata"]["name"] = self.interaction_name
        return data

    def snapshot(self) -> dict[str, Any]:
        """A JSON-able record of the current state (attachment bytes left out, size kept)."""
        return {
            "id": self.id,
            "channel_id": self.channel_id,
            "guild_id": self.guild_id,
            "author_id": self.author.id,
            "content": self.content,
            "embeds": copy.deepcopy(self.embeds),
            "components": copy.deepcopy(self.components),
            "attachments": [
                {"id": a.id, "filename": a.filename, "size": a.size, "content_type": a.content_type, "url": a.url}
                for a in self.attachments
            ],
            "flags": self.flags,
            "ephemeral": self.ephemeral,
            "visible_to": self.visible_to,
            "interaction_id": self.interaction_id,
            "mentions": list(self.mention_ids),
            "mention_roles": list(self.mention_role_ids),
            "mention_everyone": self.mention_everyone,
            "allowed_mentions": copy.deepcopy(self.allowed_mentions),
            "deleted": self.deleted,
        }


def resolve_mentions(
    content: str,
    allowed: dict[str, Any] | None,
    *,
    known_users: set[int],
    known_roles: set[int],
    reply_to_author: int | None = None,
) -> tuple[list[int], list[int], bool]:
    """Which users/roles/everyone a message actually pings, honouring ``allowed_mentions``.

    Without ``allowed_mentions`` Discord pings everything written in the content.
    """
    users = [int(u) for u in _USER_MENTION.findall(content or "") if int(u) in known_users]
    roles = [int(r) for r in _ROLE_MENTION.findall(content or "") if int(r) in known_roles]
    everyone = "@everyone" in (content or "") or "@here" in (content or "")
    if allowed is not None:
        parse = set(allowed.get("parse", []) or [])
        allowed_users = {int(u) for u in allowed.get("users", []) or []}
        allowed_roles = {int(r) for r in allowed.get("roles", []) or []}
        users = [u for u in users if "users" in parse or u in allowed_users]
        roles = [r for r in roles if "roles" in parse or r in allowed_roles]
        everyone = everyone and "everyone" in parse
        if reply_to_author is not None and allowed.get("replied_user", True) is False:
            reply_to_author = None
    if reply_to_author is not None and reply_to_author not in users:
        users.append(reply_to_author)
    return list(dict.fromkeys(users)), list(dict.fromkeys(roles)), everyone


# How long a test waits for the bot by default: long enough for a loaded machine to render
# a phase's map (5 s was not, at a load of 7 on 2 cores), short enough to fail a hang.
WAIT_S = 15.0
