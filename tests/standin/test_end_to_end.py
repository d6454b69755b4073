"""A real discord.py client against the stand-in, driven by simulated users."""

from __future__ import annotations

import io

import discord
import pytest
from discord import app_commands

from standin.commands import InvocationError
from standin.server import StandIn

from .conftest import BotRunner, make_client


def png_bytes(width: int = 4, height: int = 3) -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (200, 30, 30)).save(buffer, format="PNG")
    return buffer.getvalue()


class BoardView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=30)

    @discord.ui.button(label="Roll", custom_id="board:roll", style=discord.ButtonStyle.primary)
    async def roll(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content=f"rolled by {interaction.user.name}", view=None)

    @discord.ui.select(custom_id="board:side", options=[discord.SelectOption(label="Athens", value="athens"),
                                                        discord.SelectOption(label="Sparta", value="sparta")])
    async def side(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"you chose {select.values[0]}", ephemeral=True)


RULESETS = ["athens-sparta", "archidamian-war", "sicilian-expedition"]


def build_tree(client: discord.Client, tree: app_commands.CommandTree) -> None:
    game = app_commands.Group(name="game", description="Games")
    admin = app_commands.Group(name="admin", description="Admin", parent=game)

    @game.command(name="new", description="Start a game")
    @app_commands.describe(ruleset="Which ruleset")
    async def new(interaction: discord.Interaction, ruleset: str, players: app_commands.Range[int, 2, 4] = 2) -> None:
        await interaction.response.send_message(f"New game: {ruleset} for {players} players")

    @new.autocomplete("ruleset")
    async def ruleset_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=r, value=r) for r in RULESETS if current in r]

    @admin.command(name="reset", description="Reset a game")
    async def reset(interaction: discord.Interaction, game_id: int) -> None:
        await interaction.response.send_message(f"reset {game_id}", ephemeral=True)

    tree.add_command(game)

    @tree.command(name="render", description="Draw the board")
    async def render(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("the board", file=discord.File(io.BytesIO(png_bytes(8, 5)), "board.png"))

    @tree.command(name="secret", description="Only for you")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("your hand: 3 hoplites", ephemeral=True)

    @tree.command(name="board", description="Show buttons")
    async def board(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("the board", view=BoardView())

    @tree.command(name="modtool", description="Moderators only")
    @app_commands.default_permissions(manage_guild=True)
    async def modtool(interaction: discord.Interaction) -> None:
        allowed = interaction.permissions.manage_guild
        await interaction.response.send_message(f"manage_guild={allowed}", ephemeral=True)

    @tree.command(name="post", description="Post to the channel and edit it")
    async def post(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("posting", ephemeral=True)
        assert interaction.channel is not None
        sent = await interaction.channel.send(  # type: ignore[union-attr]
            f"hello {interaction.user.mention}", file=discord.File(io.BytesIO(png_bytes()), "map.png"),
            allowed_mentions=discord.AllowedMentions(users=False),
        )
        await sent.edit(content="hello again")


@pytest.fixture
async def world(standin: StandIn, bot_runner: BotRunner):
    guild = standin.create_guild("Agora")
    client = make_client(build_tree)
    await bot_runner.run(client)
    return guild, client


async def test_login_ready_and_guild(standin: StandIn, world) -> None:
    guild, client = world
    assert client.user is not None and client.user.id == standin.bot_user.id
    assert client.application_id == standin.application_id
    dguild = client.get_guild(guild.id)
    assert dguild is not None and dguild.name == "Agora"
    assert [c.name for c in dguild.text_channels] == ["general"]
    assert dguild.me is not None and dguild.me.id == standin.bot_user.id
    assert standin.gateway.identify_count == 1
    assert not standin.unhandled


async def test_command_sync_is_stored(standin: StandIn, world) -> None:
    names = {c["name"] for c in standin.synced_commands()}
    assert names == {"game", "render", "secret", "board", "modtool", "post"}
    game = next(c for c in standin.synced_commands() if c["name"] == "game")
    sub = {o["name"]: o for o in game["options"]}
    assert sub["new"]["type"] == 1 and sub["admin"]["type"] == 2
    ruleset = next(o for o in sub["new"]["options"] if o["name"] == "ruleset")
    assert ruleset["required"] is True and ruleset["autocomplete"] is True
    modtool = next(c for c in standin.synced_commands() if c["name"] == "modtool")
    assert modtool["default_member_permissions"] == str(1 << 5)


async def test_slash_subcommand_with_options(standin: StandIn, world) -> None:
    guild, _ = world
    alice = standin.add_member(guild, "alice")
    result = await alice.slash("game", "new", ruleset="athens-sparta", players=3)
    assert result.response_type == 4
    assert result.response_time is not None and result.response_time < 3
    assert result.original is not None and result.original.content == "New game: athens-sparta for 3 players"
    assert result.original.public
    sent = result.payload["data"]
    assert sent["options"][0] == {"type": 1, "name": "new", "options": [
        {"type": 3, "name": "ruleset", "value": "athens-sparta"}, {"type": 4, "name": "players", "value": 3}]}
    # Subcommand group nesting, and the stand-in refusing what Discord's client would refuse.
    reset = await alice.slash("game admin reset", game_id=7)
    assert reset.original is not None and reset.original.content == "reset 7" and reset.ephemeral
    with pytest.raises(InvocationError):
        await alice.slash("game", "new", players=3)  # missing required ruleset
    with pytest.raises(InvocationError):
        await alice.slash("game", "new", ruleset="x", players=9)  # above max_value


async def test_deferred_then_followup_with_png(standin: StandIn, world) -> None:
    guild, _ = world
    bob = standin.add_member(guild, "bob")
    result = await bob.slash("render")
    assert result.response_type == 5
    message = await result.wait_for_message(lambda m: bool(m.attachments))
    assert not message.loading
    assert message.content == "the board"
    (attachment,) = message.attachments
    assert attachment.filename == "board.png" and attachment.content_type == "image/png"
    assert attachment.image_size() == (8, 5)
    # The first follow-up after a thinking defer fills in the deferred message.
    assert message is result.original and result.followups == []
    served = await _fetch(attachment.url)
    assert served == attachment.data and served.startswith(b"\x89PNG")


async def _fetch(url: str) -> bytes:
    import aiohttp

    async with aiohttp.ClientSession() as session, session.get(url) as response:
        assert response.status == 200
        assert response.headers["Content-Type"] == "image/png"
        return await response.read()


async def test_ephemeral_only_visible_to_its_user(standin: StandIn, world) -> None:
    guild, _ = world
    alice, bob = standin.add_member(guild, "alice"), standin.add_member(guild, "bob")
    result = await alice.slash("secret")
    message = result.original
    assert message is not None and message.ephemeral and message.visible_to == alice.id
    assert message in alice.visible_messages() and message not in bob.visible_messages()
    assert message.snapshot()["ephemeral"] is True
    assert message not in standin.channel_messages(standin.default_channel(guild))


async def test_button_click_and_select(standin: StandIn, world) -> None:
    guild, _ = world
    alice, bob = standin.add_member(guild, "alice"), standin.add_member(guild, "bob")
    shown = await alice.slash("board")
    board = shown.original
    assert board is not None and board.find_component("board:roll") is not None
    picked = await bob.select(board, "board:side", ["sparta"])
    assert picked.original is not None and picked.original.content == "you chose sparta"
    assert picked.original.visible_to == bob.id
    assert picked.payload["data"] == {"custom_id": "board:side", "component_type": 3, "values": ["sparta"]}
    clicked = await bob.click(board, "board:roll")
    assert clicked.payload["data"]["custom_id"] == "board:roll"
    assert clicked.payload["message"]["id"] == str(board.id)
    assert clicked.response_type == 7
    assert board.content == "rolled by bob" and board.components == []
    assert [h["kind"] for h in board.history][-1] == "message_update"
    with pytest.raises(InvocationError):
        await bob.click(board, "board:roll")  # the view was removed


async def test_autocomplete(standin: StandIn, world) -> None:
    guild, _ = world
    alice = standin.add_member(guild, "alice")
    choices = await alice.autocomplete("game", "new", focused="ruleset", ruleset="war")
    assert [c["value"] for c in choices] == ["archidamian-war"]
    interaction = standin.interactions.all[-1]
    option = interaction.payload["data"]["options"][0]["options"][0]
    assert option == {"type": 3, "name": "ruleset", "value": "war", "focused": True}


async def test_moderator_permissions(standin: StandIn, world) -> None:
    guild, _ = world
    member, moderator = standin.add_member(guild, "pleb"), standin.add_moderator(guild, "archon")
    with pytest.raises(InvocationError):
        await member.slash("modtool")
    result = await moderator.slash("modtool")
    assert result.original is not None and result.original.content == "manage_guild=True"


async def test_channel_message_with_attachment_and_edit(standin: StandIn, world) -> None:
    guild, _ = world
    alice = standin.add_member(guild, "alice")
    mark = standin.mark()
    await alice.slash("post")
    posted = await standin.wait_for_message(lambda m: m.content == "hello again", since=mark)
    assert posted.interaction_id is None and posted.public
    assert posted.attachments[0].filename == "map.png"
    kinds = [h["kind"] for h in posted.history]
    assert kinds == ["message_create", "message_update"]
    assert posted.history[0]["content"] == f"hello {alice.mention}"
    assert posted.mention_ids == []  # allowed_mentions(users=False) suppressed the ping
    assert posted.allowed_mentions is not None and posted.allowed_mentions.get("users") is None


async def test_reconnect_after_drop(standin: StandIn, world) -> None:
    guild, client = world
    alice = standin.add_member(guild, "alice")
    before = standin.gateway.ready_count()
    await standin.drop_gateway()
    await standin.wait_until_ready(timeout=15, after=before)
    assert standin.gateway.resume_count == 1  # discord.py resumed the session
    result = await alice.slash("game", "new", ruleset="athens-sparta")
    assert result.original is not None and result.original.content.startswith("New game")
