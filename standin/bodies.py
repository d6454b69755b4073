"""Reading request bodies the way Discord does: JSON, or multipart with ``payload_json`` + ``files[n]``."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from aiohttp import BodyPartReader, web

_FILE_FIELD = re.compile(r"^files\[(\d+)\]$|^file(\d*)$")


@dataclass
class Upload:
    index: int
    filename: str
    content_type: str | None
    data: bytes


async def read_body(request: web.Request) -> tuple[dict[str, Any], list[Upload]]:
    """Return the JSON payload and any uploaded files. An empty body is an empty payload."""
    if request.content_type.startswith("multipart/"):
        return await _read_multipart(request)
    raw = await request.read()
    if not raw:
        return {}, []
    data = json.loads(raw)
    return (data if isinstance(data, dict) else {"__list__": data}), []


async def read_json_list(request: web.Request) -> list[Any]:
    raw = await request.read()
    data = json.loads(raw) if raw else []
    if not isinstance(data, list):
        raise web.HTTPBadRequest(text="expected a JSON array")
    return data


async def _read_multipart(request: web.Request) -> tuple[dict[str, Any], list[Upload]]:
    payload: dict[str, Any] = {}
    uploads: list[Upload] = []
    reader = await request.multipart()
    position = 0
    while True:
        part = await reader.next()
        if part is None:
            break
        if not isinstance(part, BodyPartReader):  # a nested multipart: Discord sends none
            continue
        name = part.name or ""
        body = await part.read(decode=False)
        if name == "payload_json":
            payload = json.loads(body)
            continue
        match = _FILE_FIELD.match(name)
        if match is None:
            continue
        index_text = match.group(1) if match.group(1) is not None else match.group(2)
        index = int(index_text) if index_text else position
        position += 1
        uploads.append(
            Upload(
                index=index,
                filename=part.filename or f"file{index}",
                content_type=part.headers.get("Content-Type"),
                data=bytes(body),
            )
        )
    return payload, uploads
