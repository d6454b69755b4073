"""Discord's REST API (v10), the part a slash-command bot uses, plus the attachment CDN.

Every answer carries X-RateLimit-* headers; unknown routes answer 404 and are
listed in ``StandIn.unhandled`` so a test can spot calls the stand-in lacks.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import permissions as perms
from . import responses
from .bodies import read_body, read_json_list
from .commands import InvocationError
from .errors import ApiError, unknown
from .model import PUBLIC_THREAD

if TYPE_CHECKING:
    from .server import StandIn

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
STANDIN_KEY = web.AppKey("standin", object)

# Routes that authenticate by the token in the URL, not the bot token (as on Discord).
_TOKEN_ROUTES = ("interaction_callback", "webhook_")


def _json(data: Any, status: int = 200) -> web.Response:
    # Exactly "application/json" (no charset): discord.py compares the header literally.
    return web.Response(status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"})


def _no_content() -> web.Response:
    return web.Response(status=204)


# Discord answers a message sent again with an enforced nonce it saw from the same author
# in the channel within a few minutes with the first message, posting nothing new.
NONCE_WINDOW_S = 300.0


class Api:
    def __init__(self, standin: StandIn) -> None:
        self.s = standin
        # (channel, nonce) -> (message id, when), for enforced nonces (NONCE_WINDOW_S)
        self._nonces: dict[tuple[int, str], tuple[int, float]] = {}

    # -- middleware --------------------------------------------------------------
    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        route_name = request.match_info.route.name or "unnamed"
        if route_name in ("cdn", "gateway_ws", "unhandled"):
            return await handler(request)
        if not route_name.startswith(_TOKEN_ROUTES) and (
            request.headers.get("Authorization") != f"Bot {self.s.token}"
        ):
                self.s.requests.append((request.method, request.path, 401))
                return _json({"message": "401: Unauthorized", "code": 0}, 401)
        major = next(
            (request.match_info[k] for k in ("channel_id", "guild_id", "token") if k in request.match_info), ""
        )
        verdict = self.s.ratelimiter.hit(route_name, major)
        if not verdict.allowed:
            response: web.StreamResponse = _json(
                {"message": "You are being rate limited.", "retry_after": verdict.retry_after, "global": False,
                 "code": 0},
                429,
            )
        else:
            try:
                response = await handler(request)
            except ApiError as error:
                response = _json(error.body(), error.status)
            except InvocationError as error:
                response = _json({"code": 50035, "message": str(error)}, 400)
        response.headers.update(verdict.headers)
        self.s.requests.append((request.method, request.path, response.status))
        return response

    # -- users, application, gateway ---------------------------------------------------
    async def me(self, request: web.Request) -> web.Response:
        return _json({**self.s.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0})

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.s.users.get(int(request.match_info["user_id"]))
        if user is None:
            raise unknown("User", 10013)
        return _json(user.payload())

    async def app_info(self, request: web.Request) -> web.Response:
        return _json(self.s.app_info_payload())

    async def gateway(self, request: web.Request) -> web.Response:
        return _json({"url": self.s.gateway_url})

    async def gateway_bot(self, request: web.Request) -> web.Response:
        return _json(
            {
                "url": self.s.gateway_url,
                "shards": 1,
                "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1},
            }
        )

    async def create_dm(self, request: web.Request) -> web.Response:
        body, _ = await read_body(request)
        user = self.s.users.get(int(body.get("recipient_id", 0)))
        if user is None:
            raise unknown("User", 10013)
        return _json(self.s.dm_channel(user).payload())

    # -- application commands --------------------------------------------------------
    def _app(self, request: web.Request) -> None:
        if int(request.match_info["app_id"]) != self.s.application_id:
            raise ApiError(403, 50001, "Missing Access")

    def _scope(self, request: web.Request) -> int | None:
        self._app(request)
        if "guild_id" not in request.match_info:
            return None
        guild_id = int(request.match_info["guild_id"])
        self.s.guild(guild_id)
        return guild_id

    async def list_commands(self, request: web.Request) -> web.Response:
        return _json(self.s.commands.list(self._scope(request)))

    async def put_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        stored = self.s.commands.replace(scope, await read_json_list(request))
        self.s.note_sync()
        return _json(stored)

    async def post_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        body, _ = await read_body(request)
        stored = self.s.commands.upsert(scope, body)
        self.s.note_sync()
        return _json(stored, 201)

    async def get_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        for command in self.s.commands.list(scope):
            if command["id"] == request.match_info["command_id"]:
                return _json(command)
        raise unknown("application command", 10063)

    async def delete_command(self, request: web.Request) -> web.Response:
        if not self.s.commands.delete(self._scope(request), request.match_info["command_id"]):
            raise unknown("application command", 10063)
        return _no_content()

    async def command_permissions(self, request: web.Request) -> web.Response:
        self._scope(request)
        return _json([])

    # -- interactions and their webhooks --------------------------------------------------
    async def interaction_callback(self, request: web.Request) -> web.Response:
        result = responses.interaction_by_id(
            self.s, int(request.match_info["interaction_id"]), request.match_info["token"]
        )
        body, uploads = await read_body(request)
        answer = responses.callback(self.s, result, body, uploads)
        if request.query.get("with_response") in ("1", "true", "True"):
            return _json(answer)
        return _no_content()

    def _webhook_interaction(self, request: web.Request) -> Any:
        return responses.interaction_by_token(self.s, int(request.match_info["app_id"]), request.match_info["token"])

    async def webhook_execute(self, request: web.Request) -> web.Response:
        result = self._webhook_interaction(request)
        body, uploads = await read_body(request)
        message = responses.followup(self.s, result, body, uploads)
        return _json(message.payload(self.s.users))

    async def webhook_get_message(self, request: web.Request) -> web.Response:
        result = self._webhook_interaction(request)
        message = responses.resolve_message(result, request.match_info["message_id"])
        return _json(message.payload(self.s.users))

    async def webhook_edit_message(self, request: web.Request) -> web.Response:
        result = self._webhook_interaction(request)
        message = responses.resolve_message(result, request.match_info["message_id"])
        body, uploads = await read_body(request)
        self.s.edit_message(message, body, uploads)
        return _json(message.payload(self.s.users))

    async def webhook_delete_message(self, request: web.Request) -> web.Response:
        result = self._webhook_interaction(request)
        message = responses.resolve_message(result, request.match_info["message_id"])
        self.s.delete_message(message)
        return _no_content()

    # -- channels and messages ---------------------------------------------------------------
    def _channel(self, request: web.Request) -> Any:
        channel = self.s.channel(int(request.match_info["channel_id"]))
        if not self.s.can_view(self.s.bot_user.id, channel):
            raise ApiError(403, 50001, "Missing Access")
        return channel

    async def get_channel(self, request: web.Request) -> web.Response:
        return _json(self._channel(request).payload())

    async def edit_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body, _ = await read_body(request)
        for key in ("name", "topic"):
            if key in body:
                setattr(channel, key, body[key])
        if channel.is_thread:
            channel.archived = bool(body.get("archived", channel.archived))
            channel.locked = bool(body.get("locked", channel.locked))
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        self.s.gateway.dispatch(event, channel.payload(), intent=1)
        return _json(channel.payload())

    async def delete_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel.guild_id is not None:
            self.s.guilds[channel.guild_id].channels.pop(channel.id, None)
        self.s.channels.pop(channel.id, None)
        event = "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE"
        self.s.gateway.dispatch(event, channel.payload(), intent=1)
        return _json(channel.payload())

    async def list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        limit = min(int(request.query.get("limit", 50)), 100)
        before = int(request.query["before"]) if "before" in request.query else None
        after = int(request.query["after"]) if "after" in request.query else None
        found = [
            m for m in self.s.channel_messages(channel)
            if (before is None or m.id < before) and (after is None or m.id > after)
        ]
        # Newest first, as Discord returns them (oldest first when paging with "after").
        found = found[:limit] if after is not None else list(reversed(found))[:limit]
        if after is not None:
            found = list(reversed(found))
        return _json([m.payload(self.s.users) for m in found])

    async def post_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if not channel.is_dm:
            guild = self.s.guild(channel.guild_id)
            needed = perms.SEND_MESSAGES_IN_THREADS if channel.is_thread else perms.SEND_MESSAGES
            if not perms.has_all(guild.permissions_of(self.s.bot_user.id), needed):
                raise ApiError(403, 50013, "Missing Permissions")
            if channel.is_thread and channel.locked:
                raise ApiError(403, 50083, "Thread is archived")
            channel.archived = False  # sending in an archived, unlocked thread reopens it
        body, uploads = await read_body(request)
        key = None
        if body.get("nonce") is not None and body.get("enforce_nonce"):
            key, now = (channel.id, str(body["nonce"])), time.monotonic()
            if len(self._nonces) > 4096:  # forget the old ones now and then
                self._nonces = {k: v for k, v in self._nonces.items()
                                if now - v[1] < NONCE_WINDOW_S}
            if key in self._nonces and now - self._nonces[key][1] < NONCE_WINDOW_S:
                first = self.s.message(channel.id, self._nonces[key][0])
                return _json(first.payload(self.s.users))
        message = self.s.post_message(channel, self.s.bot_user, body, uploads)
        if key is not None:
            self._nonces[key] = (message.id, time.monotonic())
        return _json(message.payload(self.s.users))

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        return _json(self.s.message(channel.id, int(request.match_info["message_id"])).payload(self.s.users))

    async def edit_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self.s.message(channel.id, int(request.match_info["message_id"]))
        # Interaction responses count as the bot's own too (editable here after the token expires).
        if message.author.id != self.s.bot_user.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        body, uploads = await read_body(request)
        self.s.edit_message(message, body, uploads)
        return _json(message.payload(self.s.users))

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self.s.message(channel.id, int(request.match_info["message_id"]))
        if message.author.id != self.s.bot_user.id and channel.guild_id is not None:
            guild = self.s.guild(channel.guild_id)
            if not perms.has_all(guild.permissions_of(self.s.bot_user.id), perms.MANAGE_MESSAGES):
                raise ApiError(403, 50013, "Missing Permissions")
        self.s.delete_message(message)
        return _no_content()

    async def add_reaction(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self.s.message(channel.id, int(request.match_info["message_id"]))
        message.reactions.setdefault(request.match_info["emoji"], set()).add(self.s.bot_user.id)
        self.s.recorder.record("message_update", message, reaction=request.match_info["emoji"])
        return _no_content()

    async def remove_reaction(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self.s.message(channel.id, int(request.match_info["message_id"]))
        message.reactions.get(request.match_info["emoji"], set()).discard(self.s.bot_user.id)
        return _no_content()

    async def typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return _no_content()

    # -- threads --------------------------------------------------------------------------
    async def start_thread(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        body, _ = await read_body(request)
        private = int(body.get("type", PUBLIC_THREAD)) != PUBLIC_THREAD
        thread = self.s.create_thread(parent, str(body.get("name", "thread")), owner=self.s.bot_user, private=private)
        return _json(thread.payload(), 201)

    async def start_thread_from_message(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        message = self.s.message(parent.id, int(request.match_info["message_id"]))
        if message.thread_id is not None:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        body, _ = await read_body(request)
        thread = self.s.create_thread(parent, str(body.get("name", "thread")), owner=self.s.bot_user,
                                      message_id=message.id)
        return _json(thread.payload(), 201)

    def _thread_member(self, request: web.Request) -> tuple[Any, int]:
        thread = self._channel(request)
        if not thread.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        raw = request.match_info["user_id"]
        return thread, self.s.bot_user.id if raw == "@me" else int(raw)

    async def add_thread_member(self, request: web.Request) -> web.Response:
        thread, user_id = self._thread_member(request)
        if user_id not in self.s.guilds[thread.guild_id].members:
            raise unknown("Member", 10007)
        thread.thread_member_ids.add(user_id)
        return _no_content()

    async def remove_thread_member(self, request: web.Request) -> web.Response:
        thread, user_id = self._thread_member(request)
        thread.thread_member_ids.discard(user_id)
        return _no_content()

    async def list_thread_members(self, request: web.Request) -> web.Response:
        thread = self._channel(request)
        return _json(
            [{"id": str(thread.id), "user_id": str(u), "join_timestamp": "2025-01-01T00:00:00+00:00", "flags": 0}
             for u in sorted(thread.thread_member_ids)]
        )

    # -- guilds ---------------------------------------------------------------------------
    async def get_guild(self, request: web.Request) -> web.Response:
        guild = self.s.guild(int(request.match_info["guild_id"]))
        data = guild.payload(members=[])
        for key in ("members", "channels", "threads", "voice_states", "presences"):
            data.pop(key, None)
        return _json(data)

    async def guild_channels(self, request: web.Request) -> web.Response:
        guild = self.s.guild(int(request.match_info["guild_id"]))
        return _json([c.payload() for c in guild.channels.values() if not c.is_thread])

    async def guild_roles(self, request: web.Request) -> web.Response:
        guild = self.s.guild(int(request.match_info["guild_id"]))
        return _json([r.payload() for r in guild.roles.values()])

    async def guild_member(self, request: web.Request) -> web.Response:
        guild = self.s.guild(int(request.match_info["guild_id"]))
        member = guild.members.get(int(request.match_info["user_id"]))
        if member is None:
            raise unknown("Member", 10007)
        return _json(member.payload())

    async def active_threads(self, request: web.Request) -> web.Response:
        guild = self.s.guild(int(request.match_info["guild_id"]))
        threads = [c for c in guild.channels.values() if c.is_thread and not c.archived]
        return _json({"threads": [t.payload() for t in threads], "members": []})

    # -- CDN and fallbacks ----------------------------------------------------------------------
    async def cdn(self, request: web.Request) -> web.Response:
        attachment = self.s.attachments.get(int(request.match_info["attachment_id"]))
        if attachment is None or attachment.filename != request.match_info["filename"]:
            raise web.HTTPNotFound()
        return web.Response(body=attachment.data, content_type=attachment.content_type)

    async def unhandled(self, request: web.Request) -> web.Response:
        self.s.unhandled.append((request.method, request.path))
        self.s.requests.append((request.method, request.path, 404))
        return _json({"message": "404: Not Found (not supported by the stand-in)", "code": 0}, 404)


def build_app(standin: StandIn) -> web.Application:
    api = Api(standin)
    app = web.Application(middlewares=[api.middleware], client_max_size=64 * 1024 * 1024)
    app[STANDIN_KEY] = standin
    table: list[tuple[str, str, str, Handler]] = [
        ("GET", "/users/@me", "me", api.me),
        ("GET", "/users/{user_id:\\d+}", "get_user", api.get_user),
        ("POST", "/users/@me/channels", "create_dm", api.create_dm),
        ("GET", "/oauth2/applications/@me", "app_info", api.app_info),
        ("GET", "/applications/@me", "app_info2", api.app_info),
        ("GET", "/gateway", "gateway", api.gateway),
        ("GET", "/gateway/bot", "gateway_bot", api.gateway_bot),
        ("GET", "/applications/{app_id}/commands", "commands_list", api.list_commands),
        ("PUT", "/applications/{app_id}/commands", "commands_put", api.put_commands),
        ("POST", "/applications/{app_id}/commands", "commands_post", api.post_command),
        ("GET", "/applications/{app_id}/commands/{command_id}", "command_get", api.get_command),
        ("DELETE", "/applications/{app_id}/commands/{command_id}", "command_delete", api.delete_command),
        ("GET", "/applications/{app_id}/guilds/{guild_id}/commands", "guild_commands_list", api.list_commands),
        ("PUT", "/applications/{app_id}/guilds/{guild_id}/commands", "guild_commands_put", api.put_commands),
        ("POST", "/applications/{app_id}/guilds/{guild_id}/commands", "guild_commands_post", api.post_command),
        ("GET", "/applications/{app_id}/guilds/{guild_id}/commands/permissions", "guild_command_perms",
         api.command_permissions),
        ("GET", "/applications/{app_id}/guilds/{guild_id}/commands/{command_id}", "guild_command_get",
         api.get_command),
        ("DELETE", "/applications/{app_id}/guilds/{guild_id}/commands/{command_id}", "guild_command_delete",
         api.delete_command),
        ("POST", "/interactions/{interaction_id}/{token}/callback", "interaction_callback", api.interaction_callback),
        ("POST", "/webhooks/{app_id}/{token}", "webhook_execute", api.webhook_execute),
        ("GET", "/webhooks/{app_id}/{token}/messages/{message_id}", "webhook_get", api.webhook_get_message),
        ("PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}", "webhook_edit", api.webhook_edit_message),
        ("DELETE", "/webhooks/{app_id}/{token}/messages/{message_id}", "webhook_delete", api.webhook_delete_message),
        ("GET", "/channels/{channel_id}", "channel_get", api.get_channel),
        ("PATCH", "/channels/{channel_id}", "channel_edit", api.edit_channel),
        ("DELETE", "/channels/{channel_id}", "channel_delete", api.delete_channel),
        ("GET", "/channels/{channel_id}/messages", "channel_messages", api.list_messages),
        ("POST", "/channels/{channel_id}/messages", "channel_message_create", api.post_message),
        ("GET", "/channels/{channel_id}/messages/{message_id}", "channel_message_get", api.get_message),
        ("PATCH", "/channels/{channel_id}/messages/{message_id}", "channel_message_edit", api.edit_message),
        ("DELETE", "/channels/{channel_id}/messages/{message_id}", "channel_message_delete", api.delete_message),
        ("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", "reaction_add",
         api.add_reaction),
        ("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", "reaction_remove",
         api.remove_reaction),
        ("POST", "/channels/{channel_id}/typing", "typing", api.typing),
        ("POST", "/channels/{channel_id}/threads", "thread_create", api.start_thread),
        ("POST", "/channels/{channel_id}/messages/{message_id}/threads", "thread_from_message",
         api.start_thread_from_message),
        ("PUT", "/channels/{channel_id}/thread-members/{user_id}", "thread_member_add", api.add_thread_member),
        ("DELETE", "/channels/{channel_id}/thread-members/{user_id}", "thread_member_remove",
         api.remove_thread_member),
        ("GET", "/channels/{channel_id}/thread-members", "thread_members", api.list_thread_members),
        ("GET", "/guilds/{guild_id}", "guild_get", api.get_guild),
        ("GET", "/guilds/{guild_id}/channels", "guild_channels", api.guild_channels),
        ("GET", "/guilds/{guild_id}/roles", "guild_roles", api.guild_roles),
        ("GET", "/guilds/{guild_id}/members/{user_id}", "guild_member", api.guild_member),
        ("GET", "/guilds/{guild_id}/threads/active", "guild_threads", api.active_threads),
    ]
    for method, path, name, handler in table:
        app.router.add_route(method, "/api/v10" + path, handler, name=name)
    app.router.add_get("/gateway", standin.gateway.handle, name="gateway_ws")
    app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", api.cdn, name="cdn")
    app.router.add_route("*", "/{tail:.*}", api.unhandled, name="unhandled")
    return app
