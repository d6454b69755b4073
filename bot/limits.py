"""Discord's documented size limits, and checks that fail loudly when we exceed them."""

from __future__ import annotations

import re
from typing import Any

MESSAGE_CHARS = 2000
EMBED_DESCRIPTION = 4096
EMBED_TOTAL = 6000
ATTACHMENTS = 10
ACTION_ROWS = 5
BUTTONS_PER_ROW = 5
SELECT_OPTIONS = 25
SELECT_LABEL = 100
SELECT_VALUE = 100
SELECT_DESCRIPTION = 100
BUTTON_LABEL = 80
CUSTOM_ID = 100
PLACEHOLDER = 150
MODAL_TITLE = 45
INPUT_LABEL = 45
INPUT_PLACEHOLDER = 100
COMMAND_NAME = 32
COMMAND_DESCRIPTION = 100
COMMAND_OPTIONS = 25
COMMAND_CHOICES = 25
COMMAND_TOTAL_CHARS = 4000
GLOBAL_COMMANDS = 100
AUTOCOMPLETE_CHOICES = 25
_NAME = re.compile(r"^[-_\w]{1,32}$")


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def split_message(text: str, limit: int = MESSAGE_CHARS) -> list[str]:
    """Split on line boundaries into chunks Discord accepts."""
    chunks: list[str] = []
    current = ""
    for line in text.splitlines(keepends=True):
        while len(line) > limit:
            if current:
                chunks.append(current)
                current = ""
            chunks.append(line[:limit])
            line = line[limit:]
        if len(current) + len(line) > limit:
            chunks.append(current)
            current = ""
        current += line
    if current:
        chunks.append(current)
    return [c.rstrip("\n") for c in chunks] or [""]


def command_problems(payload: list[dict[str, Any]]) -> list[str]:
    """Problems with a command tree as it is sent to Discord (CommandTree payloads)."""
    problems: list[str] = []
    if len(payload) > GLOBAL_COMMANDS:
        problems.append(f"{len(payload)} top-level commands (max {GLOBAL_COMMANDS})")
    for cmd in payload:
        problems += _command_problems(cmd, cmd.get("name", "?"))
        total = _chars(cmd)
        if total > COMMAND_TOTAL_CHARS:
            problems.append(f"/{cmd.get('name')}: {total} characters in all "
                            f"(max {COMMAND_TOTAL_CHARS})")
    return problems


def _command_problems(node: dict[str, Any], path: str) -> list[str]:
    out: list[str] = []
    name = node.get("name", "")
    if not _NAME.match(name) or name != name.lower():
        out.append(f"{path}: bad name {name!r}")
    desc = node.get("description", "")
    if node.get("type", 1) == 1 and not 1 <= len(desc) <= COMMAND_DESCRIPTION:
        out.append(f"{path}: description of {len(desc)} characters")
    options = node.get("options") or []
    if len(options) > COMMAND_OPTIONS:
        out.append(f"{path}: {len(options)} options (max {COMMAND_OPTIONS})")
    seen_optional = False
    for opt in options:
        sub = f"{path} {opt.get('name')}"
        if opt.get("type") in (1, 2):
            out += _command_problems(opt, sub)
            continue
        out += _command_problems({**opt, "type": 1}, sub)
        if len(opt.get("choices") or []) > COMMAND_CHOICES:
            out.append(f"{sub}: more than {COMMAND_CHOICES} choices")
        if opt.get("required"):
            if seen_optional:
                out.append(f"{sub}: a required option follows an optional one")
        else:
            seen_optional = True
    return out


def _chars(node: dict[str, Any]) -> int:
    n = len(node.get("name", "")) + len(node.get("description", ""))
    for c in node.get("choices") or []:
        n += len(str(c.get("name", ""))) + len(str(c.get("value", "")))
    return n + sum(_chars(o) for o in node.get("options") or [])


def components_problems(rows: list[dict[str, Any]]) -> list[str]:
    """Problems with a message's components, as serialised by discord.py (`view.to_components()`)."""
    out: list[str] = []
    if len(rows) > ACTION_ROWS:
        out.append(f"{len(rows)} action rows (max {ACTION_ROWS})")
    for r, row in enumerate(rows):
        items = row.get("components", [])
        selects = [c for c in items if c.get("type") in (3, 5, 6, 7, 8)]
        if selects and len(items) > 1:
            out.append(f"row {r}: a select must be alone in its row")
        if len(items) > BUTTONS_PER_ROW:
            out.append(f"row {r}: {len(items)} items (max {BUTTONS_PER_ROW})")
        for c in items:
            cid = c.get("custom_id") or ""
            if len(cid) > CUSTOM_ID:
                out.append(f"custom id of {len(cid)} characters: {cid[:40]}…")
            if c.get("type") == 2 and len(c.get("label") or "") > BUTTON_LABEL:
                out.append(f"button label over {BUTTON_LABEL}")
            for o in c.get("options") or []:
                if len(o.get("label", "")) > SELECT_LABEL or len(o.get("value", "")) > SELECT_VALUE:
                    out.append("select option label or value over 100 characters")
                if len(o.get("description") or "") > SELECT_DESCRIPTION:
                    out.append("select option description over 100 characters")
            if len(c.get("options") or []) > SELECT_OPTIONS:
                out.append(f"select with {len(c['options'])} options (max {SELECT_OPTIONS})")
    ids = [c.get("custom_id") for row in rows for c in row.get("components", [])
           if c.get("custom_id")]
    out += [f"duplicate custom id {cid}" for cid in sorted({i for i in ids if ids.count(i) > 1})]
    return out
