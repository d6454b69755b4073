"""What happens when the bot answers an interaction: callbacks, follow-ups, @original edits.

Semantics follow Discord's: one callback per interaction, within the deadline; a
follow-up needs an acknowledged interaction; the first follow-up after a "thinking"
defer fills in the deferred message instead of adding a new one.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from .bodies import Upload
from .errors import ApiError, invalid_form, unknown
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    UPDATE_MESSAGE,
    InteractionResult,
)
from .messages import EPHEMERAL, LOADING, Message

if TYPE_CHECKING:
    from .server import StandIn

ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE, MODAL},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE},
}


def _reject(result: InteractionResult, error: ApiError) -> ApiError:
    result.rejected_callbacks.append(error.message)
    return error


def interaction_by_id(standin: StandIn, interaction_id: int, token: str) -> InteractionResult:
    result = standin.interactions.by_id.get(interaction_id)
    if result is None or result.token != token:
        raise unknown("interaction", 10062)
    return result


def interaction_by_token(standin: StandIn, application_id: int, token: str) -> InteractionResult:
    result = standin.interactions.by_token.get(token)
    if result is None or application_id != standin.application_id:
        raise unknown("Webhook", 10015)
    if result.expired:
        raise ApiError(401, 50027, "Invalid Webhook Token")
    return result


def callback(standin: StandIn, result: InteractionResult, body: dict[str, Any], uploads: list[Upload]) -> dict[str, Any]:
    if result.acknowledged:
        raise _reject(result, ApiError(400, 40060, "Interaction has already been acknowledged."))
    if time.monotonic() - result.dispatched_at > standin.interaction_deadline:
        # Discord forgets an unanswered interaction after 3 s; the user saw "interaction failed".
        raise _reject(result, unknown("interaction", 10062))
    kind = int(body.get("type", 0))
    if kind not in ALLOWED_CALLBACKS.get(result.type, set()):
        raise _reject(result, invalid_form(f"callback type {kind} is not valid for interaction type {result.type}"))
    if kind in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE) and result.source_message is None:
        raise _reject(result, invalid_form("there is no message to update"))
    data = body.get("data") or {}
    channel = standin.channel(result.channel_id)
    try:
        if kind == CHANNEL_MESSAGE:
            result.original = standin.post_message(channel, standin.bot_user, data, uploads, interaction=result)
        elif kind == DEFERRED_CHANNEL_MESSAGE:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            result.original = standin.post_message(
                channel, standin.bot_user, {}, [], interaction=result, extra_flags=flags
            )
        elif kind == DEFERRED_UPDATE_MESSAGE:
            result.original = result.source_message
        elif kind == UPDATE_MESSAGE:
            assert result.source_message is not None
            result.original = standin.edit_message(result.source_message, data, uploads)
        elif kind == AUTOCOMPLETE_RESULT:
            choices = data.get("choices") or []
            if len(choices) > 25:
                raise invalid_form("choices: must be 25 or fewer in length")
            for choice in choices:
                if not 1 <= len(str(choice.get("name", ""))) <= 100:
                    raise invalid_form("choice names must be 1-100 characters")
            result.choices = list(choices)
        elif kind == MODAL:
            if not data.get("custom_id") or not data.get("title") or not data.get("components"):
                raise invalid_form("a modal needs custom_id, title and components")
            result.modal = dict(data)
    except ApiError as error:
        raise _reject(result, error) from None
    result.response_type = kind
    result.responded_at = time.monotonic()
    result._responded.set()
    standin.recorder.record(
        "interaction_response", result.original if kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE) else None,
        interaction_id=result.id, response_type=kind, response_time=result.response_time,
    )
    return callback_answer(standin, result, kind)


def callback_answer(standin: StandIn, result: InteractionResult, kind: int) -> dict[str, Any]:
    """The ``with_response=true`` body discord.py reads into InteractionCallbackResponse."""
    message = result.original if kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, UPDATE_MESSAGE) else None
    interaction: dict[str, Any] = {
        "id": str(result.id),
        "type": result.type,
        "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
        "response_message_ephemeral": bool(message and message.ephemeral),
    }
    resource: dict[str, Any] = {"type": kind}
    if message is not None:
        interaction["response_message_id"] = str(message.id)
        resource["message"] = message.payload(standin.users)
    return {"interaction": interaction, "resource": resource}


def _require_ack(result: InteractionResult) -> None:
    if not result.acknowledged:
        raise unknown("Webhook", 10015)


def followup(standin: StandIn, result: InteractionResult, body: dict[str, Any], uploads: list[Upload]) -> Message:
    _require_ack(result)
    original = result.original
    if (
        result.response_type == DEFERRED_CHANNEL_MESSAGE
        and original is not None
        and original.loading
        and not original.deleted
    ):
        # The first follow-up after a "thinking" defer replaces the loading message.
        standin.edit_message(original, {k: v for k, v in body.items() if k != "flags"}, uploads)
        return original
    channel = standin.channel(result.channel_id)
    return standin.post_message(
        channel, standin.bot_user, body, uploads, interaction=result, before_record=result.followups.append
    )


def resolve_message(result: InteractionResult, message_id: str) -> Message:
    _require_ack(result)
    if message_id == "@original":
        if result.original is None or result.original.deleted:
            raise unknown("Message", 10008)
        return result.original
    for message in result.messages:
        if str(message.id) == message_id:
            return message
    raise unknown("Message", 10008)
