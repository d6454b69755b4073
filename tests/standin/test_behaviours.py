"""Discord behaviours the stand-in reproduces beyond the happy path."""

from __future__ import annotations

import asyncio
import json
import re

import discord
import pytest
from discord import app_commands

from standin.gateway import GUILD_MEMBERS
from standin.ratelimit import RateLimitRule
from standin.server import StandIn

from .conftest import BotRunner, make_client


class RollButton(discord.ui.DynamicItem[discord.ui.Button], template=r"roll:(?P<game>\d+)"):
    def __init__(self, game: int) -> None:
        super().__init__(discord.ui.Button(label="Roll", custom_id=f"roll:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> RollButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()  # deferred update, then edit the clicked message
        await interaction.edit_original_response(content=f"game {self.game} rolled")


class NameModal(discord.ui.Modal, title="Name your city"):
    city = discord.ui.TextInput(label="City", custom_id="city")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"founded {self.city.value}")


def build_tree(client: discord.Client, tree: app_commands.CommandTree) -> None:
    client.add_dynamic_items(RollButton)

    @tree.command(name="spam", description="Post n messages")
    async def spam(interaction: discord.Interaction, count: int) -> None:
        await interaction.response.defer(ephemeral=True)
        for i in range(count):
            await interaction.channel.send(f"spam {i}")  # type: ignore[union-attr]
        await interaction.followup.send("done", ephemeral=True)

    @tree.command(name="remind", description="DM me")
    async def remind(interaction: discord.Interaction) -> None:
        await interaction.user.send("your turn in game 7")
        await interaction.response.send_message("sent", ephemeral=True)

    @tree.command(name="thread", description="Open a game thread")
    async def thread(interaction: discord.Interaction, other: discord.Member) -> None:
        await interaction.response.send_message("opening")
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        created = await channel.create_thread(name="Game 7", type=discord.ChannelType.private_thread)
        await created.add_user(other)
        await created.send(f"welcome {other.mention}")

    @tree.command(name="dyn", description="Dynamic button")
    async def dyn(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(RollButton(7))
        await interaction.response.send_message("game 7", view=view)

    @tree.command(name="found", description="Open a modal")
    async def found(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())

    @tree.command(name="slow", description="Answers too late")
    async def slow(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.6)
        try:
            await interaction.response.send_message("late")
        except discord.NotFound:
            client.late_rejected = True  # type: ignore[attr-defined]

    @tree.command(name="twice", description="Responds twice")
    async def twice(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first")
        try:
            await interaction.followup.send("second, ephemeral", ephemeral=True)
            await interaction.edit_original_response(content="first (edited)")
            await interaction.channel.send("")  # type: ignore[union-attr]
        except discord.HTTPException as exc:
            client.empty_error = exc.code  # type: ignore[attr-defined]


async def _run(make_standin, bot_runner: BotRunner, **settings):
    standin: StandIn = await make_standin(**settings)
    guild = standin.create_guild("Agora")
    client = make_client(build_tree)
    await bot_runner.run(client, standin=standin)
    return standin, guild, client


async def test_zlib_stream_was_negotiated(make_standin, bot_runner: BotRunner) -> None:
    standin, _, _ = await _run(make_standin, bot_runner)
    query = standin.gateway.connect_queries[0]
    assert query["encoding"] == "json" and query["v"] == "10"
    assert query.get("compress") in ("zlib-stream", "zstd-stream")


async def test_surprise_429_is_retried(make_standin, bot_runner: BotRunner) -> None:
    # The headers never show the bucket running out, so discord.py learns only from the 429.
    rule = RateLimitRule(limit=2, per=0.4, advertise=False)
    standin, guild, _ = await _run(make_standin, bot_runner, message_rate_limit=rule)
    alice = standin.add_member(guild, "alice")
    result = await alice.slash("spam", count=5)
    await result.wait_for_message(lambda m: m.content == "done", timeout=10)
    posted = [m.content for m in standin.channel_messages(standin.default_channel(guild))]
    assert posted == [f"spam {i}" for i in range(5)]
    assert standin.ratelimiter.rejected, "the bot should have hit at least one 429"
    assert any(status == 429 for _, _, status in standin.requests)


async def test_advertised_limit_is_respected(make_standin, bot_runner: BotRunner) -> None:
    rule = RateLimitRule(limit=2, per=0.3, advertise=True)
    standin, guild, _ = await _run(make_standin, bot_runner, message_rate_limit=rule)
    alice = standin.add_member(guild, "alice")
    result = await alice.slash("spam", count=5)
    await result.wait_for_message(lambda m: m.content == "done", timeout=10)
    assert len(standin.channel_messages(standin.default_channel(guild))) == 5
    assert standin.ratelimiter.rejected == []  # discord.py waited pre-emptively


async def test_direct_message(standin: StandIn, bot_runner: BotRunner) -> None:
    guild = standin.create_guild("Agora")
    await bot_runner.run(make_client(build_tree))
    bob = standin.add_member(guild, "bob")
    await bob.slash("remind")
    dm = await bob.wait_for_dm()
    assert dm.content == "your turn in game 7"
    assert standin.channels[dm.channel_id].is_dm
    assert [m.content for m in bob.dm_messages()] == ["your turn in game 7"]


async def test_private_thread(standin: StandIn, bot_runner: BotRunner) -> None:
    guild = standin.create_guild("Agora")
    client = await bot_runner.run(make_client(build_tree))
    alice, bob, carol = (standin.add_member(guild, n) for n in ("alice", "bob", "carol"))
    await alice.slash("thread", other=bob)
    welcome = await standin.wait_for_message(lambda m: m.content.startswith("welcome"))
    thread = standin.channels[welcome.channel_id]
    assert thread.is_thread and thread.name == "Game 7" and thread.type == 12
    assert welcome.mention_ids == [bob.id]
    assert welcome in bob.visible_messages() and welcome not in carol.visible_messages()
    await asyncio.sleep(0.05)  # THREAD_CREATE reaches the bot's cache
    assert client.get_channel(thread.id) is not None


async def test_dynamic_item_deferred_update(standin: StandIn, bot_runner: BotRunner) -> None:
    guild = standin.create_guild("Agora")
    await bot_runner.run(make_client(build_tree))
    alice = standin.add_member(guild, "alice")
    shown = await alice.slash("dyn")
    assert shown.original is not None
    clicked = await alice.click(shown.original, label="Roll")
    assert clicked.payload["data"]["custom_id"] == "roll:7" and clicked.response_type == 6
    edited = await clicked.wait_for_message(lambda m: m.content == "game 7 rolled")
    assert edited is shown.original


async def test_modal_round_trip(standin: StandIn, bot_runner: BotRunner) -> None:
    guild = standin.create_guild("Agora")
    await bot_runner.run(make_client(build_tree))
    alice = standin.add_member(guild, "alice")
    opened = await alice.slash("found")
    assert opened.response_type == 9 and opened.modal is not None
    assert opened.modal["title"] == "Name your city"
    submitted = await alice.submit_modal(opened, {"city": "Amphipolis"})
    assert submitted.original is not None and submitted.original.content == "founded Amphipolis"


async def test_late_and_double_responses_are_refused(make_standin, bot_runner: BotRunner) -> None:
    standin, guild, client = await _run(make_standin, bot_runner, interaction_deadline=0.3)
    alice = standin.add_member(guild, "alice")
    with pytest.raises(TimeoutError):
        await alice.slash("slow", timeout=1.5)
    assert getattr(client, "late_rejected", False)
    assert standin.interactions.all[-1].rejected_callbacks == ["Unknown interaction"]

    result = await alice.slash("twice")
    followup = await result.wait_for_followup(1)
    assert followup.ephemeral and followup.content == "second, ephemeral"
    await result.wait_for_message(lambda m: m.content == "first (edited)")
    for _ in range(50):
        if getattr(client, "empty_error", None):
            break
        await asyncio.sleep(0.02)
    assert client.empty_error == 50006  # type: ignore[attr-defined]


async def test_invalid_session_leads_to_fresh_identify(standin: StandIn, bot_runner: BotRunner) -> None:
    guild = standin.create_guild("Agora")
    await bot_runner.run(make_client(build_tree))
    before = standin.gateway.ready_count()
    standin.invalidate_session()
    await standin.wait_until_ready(timeout=15, after=before)
    assert standin.gateway.identify_count == 2
    alice = standin.add_member(guild, "alice")
    result = await alice.slash("remind")
    assert result.original is not None


async def test_privileged_intents_are_refused(standin: StandIn) -> None:
    client = discord.Client(intents=discord.Intents.all())
    with pytest.raises(discord.PrivilegedIntentsRequired):
        await asyncio.wait_for(client.start(standin.token), timeout=10)
    await client.close()
    assert 4014 in standin.gateway.close_codes


async def test_members_intent_when_granted(make_standin) -> None:
    standin = await make_standin(allowed_privileged_intents=GUILD_MEMBERS)
    guild = standin.create_guild("Agora")
    standin.add_member(guild, "alice")
    intents = discord.Intents.default()
    intents.members = True
    client = discord.Client(intents=intents, guild_ready_timeout=0.1, chunk_guilds_at_startup=False)
    task = asyncio.create_task(client.start(standin.token))
    try:
        await asyncio.wait_for(client.wait_until_ready(), 10)
        names = {m.name for m in client.get_guild(guild.id).members}  # type: ignore[union-attr]
        assert "alice" in names
    finally:
        await client.close()
        await asyncio.wait_for(task, 5)


async def test_json_lines_recording(make_standin, bot_runner: BotRunner, tmp_path) -> None:
    path = tmp_path / "record.jsonl"
    standin, guild, _ = await _run(make_standin, bot_runner, record_path=path)
    alice = standin.add_member(guild, "alice")
    await alice.slash("remind")
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    kinds = [line["kind"] for line in lines]
    assert "interaction_create" in kinds and "message_create" in kinds
    ephemeral = [line for line in lines if line["kind"] == "message_create" and line["ephemeral"]]
    assert ephemeral and ephemeral[0]["visible_to"] == alice.id


async def test_unauthorised_rest_call(standin: StandIn) -> None:
    import aiohttp

    async with aiohttp.ClientSession() as session:
        async with session.get(f"{standin.api_url}/users/@me", headers={"Authorization": "Bot wrong"}) as r:
            assert r.status == 401
        async with session.get(f"{standin.api_url}/nope", headers={"Authorization": f"Bot {standin.token}"}) as r:
            assert r.status == 404
    assert standin.unhandled == [("GET", "/api/v10/nope")]


