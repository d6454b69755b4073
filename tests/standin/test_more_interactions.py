"""Context menus, user selects, and ordinary user messages reaching the bot."""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands

from standin.server import StandIn

from .conftest import BotRunner, make_client


class PickPlayer(discord.ui.View):
    @discord.ui.select(cls=discord.ui.UserSelect, custom_id="pick:player", max_values=2)
    async def pick(self, interaction: discord.Interaction, select: discord.ui.UserSelect) -> None:
        names = sorted(u.name for u in select.values)
        await interaction.response.send_message("picked " + ",".join(names))


def build_tree(client: discord.Client, tree: app_commands.CommandTree) -> None:
    client.seen_messages = []  # type: ignore[attr-defined]

    @client.event
    async def on_message(message: discord.Message) -> None:
        client.seen_messages.append((message.author.name, message.content))  # type: ignore[attr-defined]

    @tree.context_menu(name="Challenge")
    async def challenge(interaction: discord.Interaction, member: discord.Member) -> None:
        await interaction.response.send_message(f"{interaction.user.name} challenges {member.name}")

    @tree.context_menu(name="Quote")
    async def quote(interaction: discord.Interaction, message: discord.Message) -> None:
        await interaction.response.send_message(f"quoted: {message.content}", ephemeral=True)

    @tree.command(name="pick", description="Pick players")
    async def pick(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("who plays?", view=PickPlayer())


async def test_context_menus_and_user_select(standin: StandIn, bot_runner: BotRunner) -> None:
    guild = standin.create_guild("Agora")
    client = await bot_runner.run(make_client(build_tree))
    alice, bob, carol = (standin.add_member(guild, n) for n in ("alice", "bob", "carol"))

    challenged = await alice.user_command("Challenge", bob)
    assert challenged.original is not None and challenged.original.content == "alice challenges bob"
    assert challenged.payload["data"]["target_id"] == str(bob.id)

    quoted = await bob.message_command("Quote", challenged.original)
    assert quoted.original is not None and quoted.original.content == "quoted: alice challenges bob"

    menu = await alice.slash("pick")
    assert menu.original is not None
    picked = await alice.select(menu.original, "pick:player", [bob, carol])
    assert picked.original is not None and picked.original.content == "picked bob,carol"

    # Without the message-content intent the bot sees that a message came, not what it says.
    await carol.say("hello everyone")
    for _ in range(50):
        if client.seen_messages and client.seen_messages[-1][0] == "carol":  # type: ignore[attr-defined]
            break
        await asyncio.sleep(0.02)
    assert ("carol", "") in client.seen_messages  # type: ignore[attr-defined]
    assert not standin.unhandled
