"""Applying a bot's message body (create or edit) to a :class:`Message`, with Discord's checks.

The checks are the ones that catch real bot bugs before production does: empty
messages, over-long content, too many embeds/rows, duplicate custom_ids.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from .bodies import Upload
from .errors import ApiError, invalid_form
from .messages import EPHEMERAL, IS_COMPONENTS_V2, LOADING, Attachment, Message

# Flags a bot may set itself when sending or editing.
SETTABLE_FLAGS = (1 << 2) | (1 << 12) | IS_COMPONENTS_V2 | EPHEMERAL

MakeAttachment = Callable[[Upload, dict[str, Any] | None], Attachment]


def apply_body(
    message: Message,
    body: dict[str, Any],
    uploads: list[Upload],
    make_attachment: MakeAttachment,
    *,
    creating: bool,
) -> None:
    if "content" in body:
        message.content = body["content"] or ""
    if "embeds" in body:
        message.embeds = copy.deepcopy(body["embeds"] or [])
    elif "embed" in body:  # legacy single-embed field
        message.embeds = [copy.deepcopy(body["embed"])] if body["embed"] else []
    if "components" in body:
        message.components = copy.deepcopy(body["components"] or [])
    if "allowed_mentions" in body:
        message.allowed_mentions = copy.deepcopy(body["allowed_mentions"])
    if creating and body.get("tts"):
        message.tts = True
    if creating and body.get("message_reference"):
        message.reference = dict(body["message_reference"])
    if "flags" in body and body["flags"] is not None:
        requested = int(body["flags"]) & SETTABLE_FLAGS
        if creating:
            message.flags |= requested
        else:
            # Ephemerality is fixed when a message is sent; an edit cannot change it.
            message.flags = (message.flags & (EPHEMERAL | LOADING)) | (requested & ~EPHEMERAL)
    message.attachments = _attachments(message, body, uploads, make_attachment, creating=creating)
    _resolve_attachment_refs(message)
    validate(message)


def _attachments(
    message: Message,
    body: dict[str, Any],
    uploads: list[Upload],
    make_attachment: MakeAttachment,
    *,
    creating: bool,
) -> list[Attachment]:
    by_index = {u.index: u for u in uploads}
    existing = {a.id: a for a in message.attachments}
    if "attachments" not in body:
        kept = [] if creating else list(message.attachments)
        return kept + [make_attachment(u, None) for u in uploads]
    result: list[Attachment] = []
    used: set[int] = set()
    for entry in body["attachments"] or []:
        ident = int(entry.get("id", -1))
        if ident in existing:
            result.append(existing[ident])
        elif ident in by_index:
            result.append(make_attachment(by_index[ident], entry))
            used.add(ident)
        else:
            raise invalid_form(f"attachment id {ident} refers to no upload or existing attachment")
    result += [make_attachment(u, None) for u in uploads if u.index not in used]
    return result


def _resolve_attachment_refs(message: Message) -> None:
    """``attachment://name.png`` in an embed becomes the attachment's URL, as on Discord."""
    urls = {a.filename: a.url for a in message.attachments}
    for embed in message.embeds:
        for key in ("image", "thumbnail"):
            ref = (embed.get(key) or {}).get("url", "")
            if isinstance(ref, str) and ref.startswith("attachment://"):
                name = ref.removeprefix("attachment://")
                if name in urls:
                    embed[key] = {**embed[key], "url": urls[name], "proxy_url": urls[name]}


def validate(message: Message) -> None:
    if message.loading:
        return
    if len(message.content) > 2000:
        raise invalid_form("content: must be 2000 or fewer in length")
    if len(message.embeds) > 10:
        raise invalid_form("embeds: must be 10 or fewer in length")
    v2 = bool(message.flags & IS_COMPONENTS_V2)
    if v2 and (message.content or message.embeds):
        raise invalid_form("content and embeds cannot be used with IS_COMPONENTS_V2")
    if not v2 and len(message.components) > 5:
        raise invalid_form("components: must be 5 or fewer action rows")
    seen: set[str] = set()
    for comp in message.iter_components():
        custom_id = comp.get("custom_id")
        if custom_id is None:
            continue
        if len(custom_id) > 100:
            raise invalid_form(f"custom_id too long: {custom_id[:20]}...")
        if custom_id in seen:
            raise invalid_form(f"duplicate custom_id {custom_id!r}")
        seen.add(custom_id)
    if not (message.content or message.embeds or message.components or message.attachments):
        raise ApiError(400, 50006, "Cannot send an empty message")
