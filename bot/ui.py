"""Buttons and select menus built from the engine's prompts.

Every component's custom id carries the game and the version it was drawn for, so a click
still works after a restart (DynamicItem templates) and a click on an outdated message is
recognised as stale. Formats (all under Discord's 100-character limit):
  kx:o:<game>:<version>            open my prompt (the public ping's button)
  kx:c:<game>:<version>:<option>   choose an option (buttons)
  kx:s:<game>:<version>:<page>     choose from a select menu (the value is the option id)
  kx:p:<game>:<version>:<page>     show another page of a long option list
  kx:u:<game>:<version>            undo my last choice
  kx:m:<game>:<version>            show me my own seat map
"""

from __future__ import annotations

from typing import Any, Protocol

import discord

from . import limits

SELECTS_PER_PAGE = 4  # four selects of 25 and one row of buttons fill Discord's five rows
PAGE_SIZE = SELECTS_PER_PAGE * limits.SELECT_OPTIONS
BUTTONS_MAX = 5  # up to this many options are shown as buttons in one row


class Controller(Protocol):
    """What the components call back into (the bot's interaction handlers)."""

    async def on_open(self, interaction: discord.Interaction, game: int, version: int) -> None: ...
    async def on_choose(self, interaction: discord.Interaction, game: int, version: int,
                        option: str) -> None: ...
    async def on_page(self, interaction: discord.Interaction, game: int, version: int,
                      page: int) -> None: ...
    async def on_undo(self, interaction: discord.Interaction, game: int, version: int) -> None: ...
    async def on_my_map(self, interaction: discord.Interaction, game: int) -> None: ...


def controller(interaction: discord.Interaction) -> Controller:
    return interaction.client.keryx  # type: ignore[attr-defined]


def option_text(option: dict[str, Any]) -> str:
    rule = option.get("rule")
    if not rule or f"rule {rule}" in option["label"]:
        return option["label"]
    return f"{option['label']} · rule {rule}"


class OpenButton(discord.ui.DynamicItem[discord.ui.Button], template=r"kx:o:(?P<g>\d+):(?P<v>\d+)"):
    def __init__(self, game: int, version: int, label: str = "Open your choices"):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary,
                                           custom_id=f"kx:o:{game}:{version}"))
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), int(match["v"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).on_open(interaction, self.game, self.version)


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"kx:c:(?P<g>\d+):(?P<v>\d+):(?P<o>.+)"):
    def __init__(self, game: int, version: int, option: str, label: str = "…"):
        super().__init__(discord.ui.Button(label=limits.clip(label, limits.BUTTON_LABEL),
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"kx:c:{game}:{version}:{option}"))
        self.game, self.version, self.option = game, version, option

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), int(match["v"]), match["o"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).on_choose(interaction, self.game, self.version, self.option)


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=r"kx:s:(?P<g>\d+):(?P<v>\d+):(?P<p>\d+)"):
    def __init__(self, game: int, version: int, part: int,
                 options: list[discord.SelectOption] | None = None, placeholder: str = ""):
        super().__init__(discord.ui.Select(
            custom_id=f"kx:s:{game}:{version}:{part}",
            placeholder=limits.clip(placeholder or "Choose…", limits.PLACEHOLDER),
            options=options or [discord.SelectOption(label="…", value="-")]))
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), int(match["v"]), int(match["p"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        if not values or not isinstance(values[0], str):
            await interaction.response.send_message(EMPTY_SELECT, ephemeral=True)
            return
        await controller(interaction).on_choose(interaction, self.game, self.version,
                                                values[0])


class PageButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"kx:p:(?P<g>\d+):(?P<v>\d+):(?P<p>\d+)"):
    def __init__(self, game: int, version: int, page: int, label: str = "Page"):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"kx:p:{game}:{version}:{page}"))
        self.game, self.version, self.page = game, version, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), int(match["v"]), int(match["p"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).on_page(interaction, self.game, self.version, self.page)


class UndoButton(discord.ui.DynamicItem[discord.ui.Button], template=r"kx:u:(?P<g>\d+):(?P<v>\d+)"):
    def __init__(self, game: int, version: int):
        super().__init__(discord.ui.Button(label="Undo", style=discord.ButtonStyle.danger,
                                           custom_id=f"kx:u:{game}:{version}"))
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), int(match["v"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).on_undo(interaction, self.game, self.version)


def pages(prompt: dict[str, Any]) -> int:
    return max(1, -(-len(prompt["options"]) // PAGE_SIZE))


def prompt_view(game: int, version: int, prompt: dict[str, Any], page: int = 0,
                can_undo: bool = False) -> discord.ui.View:
    """The ephemeral message's components for one prompt."""
    view = discord.ui.View(timeout=None)
    options = prompt["options"]
    if len(options) <= BUTTONS_MAX and all(len(option_text(o)) <= limits.BUTTON_LABEL
                                           for o in options):
        for o in options:
            view.add_item(ChoiceButton(game, version, o["id"], option_text(o)))
    else:
        page = min(max(page, 0), pages(prompt) - 1)
        chunk = options[page * PAGE_SIZE:(page + 1) * PAGE_SIZE]
        for part in range(0, len(chunk), limits.SELECT_OPTIONS):
            group = chunk[part:part + limits.SELECT_OPTIONS]
            first, last = group[0]["label"], group[-1]["label"]
            view.add_item(ChoiceSelect(
                game, version, page * SELECTS_PER_PAGE + part // limits.SELECT_OPTIONS,
                [discord.SelectOption(
                    label=limits.clip(o["label"], limits.SELECT_LABEL), value=o["id"],
                    description=f"rule {o['rule']}" if o.get("rule") else None)
                 for o in group],
                placeholder=f"{first} … {last}" if len(group) > 1 else first))
    nav = []
    if pages(prompt) > 1:
        if page > 0:
            nav.append(PageButton(game, version, page - 1, "◀ Previous"))
        if page < pages(prompt) - 1:
            nav.append(PageButton(game, version, page + 1, "Next ▶"))
    if can_undo:
        nav.append(UndoButton(game, version))
    nav.append(MapButton(game, version))
    for item in nav:
        view.add_item(item)
    return view


def open_view(game: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(OpenButton(game, version))
    view.add_item(MapButton(game, version))
    return view


def prompt_text(prompt: dict[str, Any], page: int = 0) -> str:
    text = f"**{prompt['text']}**"
    if prompt.get("rule") and f"rule {prompt['rule']}" not in prompt["text"]:
        text += f"  _(rule {prompt['rule']})_"
    if pages(prompt) > 1:
        text += f"\nPage {page + 1} of {pages(prompt)} · {len(prompt['options'])} choices"
    return limits.clip(text, limits.MESSAGE_CHARS)


class MapButton(discord.ui.DynamicItem[discord.ui.Button], template=r"kx:m:(?P<g>\d+):(?P<v>\d+)"):
    """Shows the clicker their own seat map, ephemerally."""

    def __init__(self, game: int, version: int):
        super().__init__(discord.ui.Button(label="My map", style=discord.ButtonStyle.secondary,
                                           custom_id=f"kx:m:{game}:{version}"))
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), int(match["v"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).on_my_map(interaction, self.game)


DYNAMIC_ITEMS = (OpenButton, ChoiceButton, ChoiceSelect, PageButton, UndoButton, MapButton)

EMPTY_SELECT = "Nothing was chosen in that menu; pick one of its entries."
UNKNOWN_COMPONENT = ("That button is not one Keryx made (or it is damaged); use `/act` for "
                     "your current choices.")


def known_custom_id(custom_id: str) -> bool:
    """Whether one of our components answers this custom id (else Discord would show
    "interaction failed": the bot replies instead)."""
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id)
               for item in DYNAMIC_ITEMS)
