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
  kx:x:<game>:<version>            choose k of n in one multi-select (values: positions)
  kx:a:<game>:<version>:<page>.<menu>:<sel>  add entries to a selection being built
  kx:q:<game>:<version>:<page>:<sel>  another page of a selection being built
  kx:k:<game>:<version>:<sel>      submit the selection built so far
  kx:n:<game>:<version>            open the modal that asks for an amount
  kx:N:<game>:<version>            that modal (its text input: `amount`)
  kx:b:<game>:<side>               bid for a side (`sides: bid`; side: its index in the seats)
  kx:B:<game>:<side>               that bid's modal (its text input: `amount`)

`<version>` is the game version the component was drawn at; for a person who holds several
seats it is `<version>.<seat>`, the seat's index in the game's seats (`Drawn`), so that a
click answers the prompt of the seat it was drawn for and no other.

A richer decision (engine/core/decisions.py) is one prompt: an amount of up to five values
is a row of buttons, a larger one a modal with a text input (checked when submitted: bad
input gets a private message and changes nothing); "choose k of n" with up to 25 options
is one multi-select; more options are paged, each page's multi-selects adding their picks
to the selection, carried in the custom ids as a bit set or as positions, whichever is
shorter; an ordered allocation is built entry by entry, carried as 1-based positions (two
base-36 digits each, or dot-separated past 1,295). A selection too long for a custom id
(a pick among more than a few hundred options, a long allocation) rides in the message
itself instead: its last line is `-# Selection: <code>` and the custom ids say `@`, so
the next click reads it back from the message it was made on (`interaction.message`,
which Discord sends with every component click, also after a restart). The message has
room for a bit set over some 9,000 options: every option of any real prompt is reachable.

The amount modal is answered by custom id in `KeryxBot.on_interaction` (`amount_submit`),
not by a Modal object kept in memory, so a modal opened before a restart still works.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Protocol, cast

import discord

from engine.core import decisions
from service.validate import whole_number

from . import limits

SELECTS_PER_PAGE = 4  # four selects of 25 and one row of buttons fill Discord's five rows
PAGE_SIZE = SELECTS_PER_PAGE * limits.SELECT_OPTIONS
BUTTONS_MAX = 5  # up to this many options are shown as buttons in one row
BUILD_PAGE = (SELECTS_PER_PAGE - 1) * limits.SELECT_OPTIONS  # a builder's options per page
IN_MESSAGE = "@"  # a custom id's selection when the selection rides in the message
SELECTION_LINE = "-# Selection: "  # the message line that then carries it


def payload(interaction: discord.Interaction) -> Mapping[str, Any]:
    """The interaction's data as a plain mapping (its TypedDicts differ per kind)."""
    return cast(Mapping[str, Any], interaction.data or {})


def selected(interaction: discord.Interaction) -> list[str]:
    """The values a select menu's interaction carries."""
    return [str(v) for v in payload(interaction).get("values") or []]

class Controller(Protocol):
    """What the components call back into (the bot's interaction handlers)."""

    async def on_open(self, interaction: discord.Interaction, game: int, version: int) -> None: ...
    async def on_choose(self, interaction: discord.Interaction, game: int, version: int,
                        option: str) -> None: ...
    async def on_page(self, interaction: discord.Interaction, game: int, version: int,
                      page: int) -> None: ...
    async def on_undo(self, interaction: discord.Interaction, game: int, version: int) -> None: ...
    async def on_my_map(self, interaction: discord.Interaction, game: int) -> None: ...
    async def on_positions(self, interaction: discord.Interaction, game: int, version: int,
                           positions: list[int]) -> None: ...
    async def on_build(self, interaction: discord.Interaction, game: int, version: int,
                       page: int, chosen: list[int]) -> None: ...
    async def on_amount_open(self, interaction: discord.Interaction, game: int,
                             version: int) -> None: ...
    async def on_bid_open(self, interaction: discord.Interaction, game: int,
                          side: int) -> None: ...
    async def on_bid(self, interaction: discord.Interaction, game: int, side: int,
                     typed: str) -> None: ...
    async def on_amount(self, interaction: discord.Interaction, game: int, version: int,
                        text: str) -> None: ...


class Drawn(int):
    """The version a component was drawn at (an int), and for a person holding several
    seats the index of the seat it was drawn for; written `<version>` or
    `<version>.<seat>` in custom ids."""

    seat: int | None

    def __new__(cls, version: int, seat: int | None = None) -> Drawn:
        obj = super().__new__(cls, version)
        obj.seat = seat
        return obj

    def __format__(self, spec: str) -> str:
        if self.seat is None or spec:
            return format(int(self), spec)
        return f"{int(self)}.{self.seat}"

    def __str__(self) -> str:
        return format(self, "")

    __repr__ = __str__

    @classmethod
    def parse(cls, text: str) -> Drawn:
        version, _, seat = text.partition(".")
        return cls(int(version), int(seat) if seat else None)


def seat_index(version: int) -> int | None:
    """The seat a component was drawn for, when its version says (see `Drawn`)."""
    return getattr(version, "seat", None)


def controller(interaction: discord.Interaction) -> Controller:
    return interaction.client.keryx  # type: ignore[attr-defined]


def option_text(option: dict[str, Any]) -> str:
    rule = option.get("rule")
    if not rule or f"rule {rule}" in option["label"]:
        return option["label"]
    return f"{option['label']} · rule {rule}"


class OpenButton(discord.ui.DynamicItem[discord.ui.Button], template=r"kx:o:(?P<g>\d+):(?P<v>\d+(?:\.\d)?)"):
    def __init__(self, game: int, version: int, label: str = "Open your choices"):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary,
                                           custom_id=f"kx:o:{game}:{version}"))
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), Drawn.parse(match["v"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).on_open(interaction, self.game, self.version)


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"kx:c:(?P<g>\d+):(?P<v>\d+(?:\.\d)?):(?P<o>.+)"):
    def __init__(self, game: int, version: int, option: str, label: str = "…"):
        super().__init__(discord.ui.Button(label=limits.clip(label, limits.BUTTON_LABEL),
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"kx:c:{game}:{version}:{option}"))
        self.game, self.version, self.option = game, version, option

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), Drawn.parse(match["v"]), match["o"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).on_choose(interaction, self.game, self.version, self.option)


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=r"kx:s:(?P<g>\d+):(?P<v>\d+(?:\.\d)?):(?P<p>\d+)"):
    def __init__(self, game: int, version: int, part: int,
                 options: list[discord.SelectOption] | None = None, placeholder: str = ""):
        super().__init__(discord.ui.Select(
            custom_id=f"kx:s:{game}:{version}:{part}",
            placeholder=limits.clip(placeholder or "Choose…", limits.PLACEHOLDER),
            options=options or [discord.SelectOption(label="…", value="-")]))
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), Drawn.parse(match["v"]), int(match["p"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = selected(interaction)
        if not values:
            await interaction.response.send_message(EMPTY_SELECT, ephemeral=True)
            return
        await controller(interaction).on_choose(interaction, self.game, self.version,
                                                values[0])


class PageButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"kx:p:(?P<g>\d+):(?P<v>\d+(?:\.\d)?):(?P<p>\d+)"):
    def __init__(self, game: int, version: int, page: int, label: str = "Page"):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"kx:p:{game}:{version}:{page}"))
        self.game, self.version, self.page = game, version, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), Drawn.parse(match["v"]), int(match["p"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).on_page(interaction, self.game, self.version, self.page)


class UndoButton(discord.ui.DynamicItem[discord.ui.Button], template=r"kx:u:(?P<g>\d+):(?P<v>\d+(?:\.\d)?)"):
    def __init__(self, game: int, version: int):
        super().__init__(discord.ui.Button(label="Undo", style=discord.ButtonStyle.danger,
                                           custom_id=f"kx:u:{game}:{version}"))
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), Drawn.parse(match["v"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).on_undo(interaction, self.game, self.version)


def listed(prompt: dict[str, Any]) -> list[dict[str, Any]]:
    """The entries a transport lists: the options, or an amount's values."""
    if prompt.get("form") == decisions.AMOUNT:
        return [{"id": str(n), "label": str(n), "rule": prompt.get("rule")}
                for n in range(prompt["lo"], prompt["hi"] + 1)]
    return prompt["options"]


def pages(prompt: dict[str, Any]) -> int:
    return max(1, -(-len(listed(prompt)) // PAGE_SIZE))


def building(prompt: dict[str, Any]) -> bool:
    """Is this prompt answered by building a selection over several menus?"""
    form = prompt.get("form", decisions.ONE)
    return form == decisions.ALLOCATE or (
        form == decisions.PICK and len(prompt["options"]) > limits.SELECT_OPTIONS)


def by_modal(prompt: dict[str, Any]) -> bool:
    """Is this prompt an amount asked for in a modal (too many values for buttons)?"""
    return (prompt.get("form") == decisions.AMOUNT
            and prompt["hi"] - prompt["lo"] + 1 > BUTTONS_MAX)


BITS = "~"  # a selection written as a bit set (a pick: no order, no repeats)


DOTS = "."  # a selection written as dot-separated positions (some past 1,295)


def _positions(positions: list[int]) -> str:
    if max(positions, default=0) < 36 * 36:
        return "".join(_b36(p) for p in positions)
    return DOTS + DOTS.join(_base36(p) for p in positions)


def encode_sel(positions: list[int], as_set: bool = False) -> str:
    """A selection: positions (two base-36 digits each, or dot-separated base 36 when one
    is past 1,295), or for a set (`as_set`) whichever is shorter of that and a bit set (`~`
    then base 36)."""
    if as_set:
        chosen = sorted(set(positions))
        mask = sum(1 << (p - 1) for p in chosen)
        listed = _positions(chosen)
        bits = BITS + _base36(mask) if mask else ""
        return listed if len(listed) < len(bits) else bits
    return _positions(positions)


def decode_sel(text: str) -> list[int]:
    if text.startswith(BITS):
        mask = int(text[1:], 36)
        return [i + 1 for i in range(mask.bit_length()) if mask >> i & 1]
    if text.startswith(DOTS):
        return [int(x, 36) for x in text[1:].split(DOTS)]
    return [int(text[i:i + 2], 36) for i in range(0, len(text), 2)]


def last_build_page(prompt: dict[str, Any]) -> int:
    return max(0, (len(prompt["options"]) - 1) // BUILD_PAGE)


def id_sel(game: int, version: int, chosen: list[int], as_set: bool,
           last_page: int = 999) -> str:
    """The selection as the custom ids carry it: its code, or `IN_MESSAGE` when the longest
    of them (an `AddSelect`'s, on the builder's last page) would pass Discord's limit."""
    code = encode_sel(chosen, as_set)
    longest = f"kx:a:{game}:{version}:{last_page}.9:{code}"
    return code if len(longest) <= limits.CUSTOM_ID else IN_MESSAGE


def selection_line(game: int, version: int, prompt: dict[str, Any], chosen: list[int]) -> str:
    """The message line that carries a selection too long for the custom ids ("" when
    they carry it)."""
    if not chosen or not building(prompt):
        return ""
    as_set = prompt.get("form") != decisions.ALLOCATE
    if id_sel(game, version, chosen, as_set, last_build_page(prompt)) != IN_MESSAGE:
        return ""
    return SELECTION_LINE + encode_sel(chosen, as_set)


def with_selection(text: str, line: str) -> str:
    """A prompt message's content: `text` clipped to leave room for the selection line,
    which must arrive whole."""
    if not line:
        return limits.clip(text, limits.MESSAGE_CHARS)
    return limits.clip(text, limits.MESSAGE_CHARS - len(line) - 1) + "\n" + line


def carried_selection(interaction: discord.Interaction, sel: str) -> list[int]:
    """The selection a click carries: read from its custom id, or (`IN_MESSAGE`) from
    the last line of the message it was made on."""
    if sel != IN_MESSAGE:
        return decode_sel(sel)
    message = interaction.message
    lines = (message.content if message is not None else "").splitlines()
    if lines and lines[-1].startswith(SELECTION_LINE):
        return decode_sel(lines[-1][len(SELECTION_LINE):].strip())
    return []  # the message is gone or was not ours: the selection starts again


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while n:
        n, r = divmod(n, 36)
        out = digits[r] + out
    return out or "0"


def _b36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    return digits[n // 36] + digits[n % 36]


def prompt_view(game: int, version: int, prompt: dict[str, Any], page: int = 0,
                can_undo: bool = False, chosen: list[int] | None = None) -> discord.ui.View:
    """The ephemeral message's components for one prompt. `chosen`: the positions of a
    selection being built (see `building`)."""
    view = discord.ui.View(timeout=None)
    options = listed(prompt)
    form = prompt.get("form", decisions.ONE)
    # a builder pages its own way (fewer menus per page: it needs a row of buttons)
    page = max(page, 0) if building(prompt) else min(max(page, 0), pages(prompt) - 1)
    if building(prompt):
        _builder(view, game, version, prompt, page, chosen or [])
    elif by_modal(prompt):
        view.add_item(AmountButton(game, version, prompt["lo"], prompt["hi"]))
    elif form == decisions.PICK:
        view.add_item(MultiSelect(game, version, [discord.SelectOption(
            label=limits.clip(o["label"], limits.SELECT_LABEL), value=str(i),
            description=f"rule {o['rule']}" if o.get("rule") else None)
            for i, o in enumerate(options, 1)], prompt["lo"], prompt["hi"]))
        if prompt["lo"] == 0:
            view.add_item(SubmitButton(game, version, [], "Choose none"))
    elif len(options) <= BUTTONS_MAX and all(len(option_text(o)) <= limits.BUTTON_LABEL
                                             for o in options):
        for o in options:
            view.add_item(ChoiceButton(game, version, o["id"], option_text(o)))
    else:
        for part, group in _page_groups(options, page):
            view.add_item(ChoiceSelect(game, version, part, _select_options(group),
                                       placeholder=_span(group)))
    nav: list[discord.ui.DynamicItem[discord.ui.Button]] = []
    if pages(prompt) > 1 and not building(prompt) and not by_modal(prompt):
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


def _page_groups(options: list[dict[str, Any]], page: int
                 ) -> list[tuple[int, list[dict[str, Any]]]]:
    chunk = options[page * PAGE_SIZE:(page + 1) * PAGE_SIZE]
    return [(page * SELECTS_PER_PAGE + part // limits.SELECT_OPTIONS,
             chunk[part:part + limits.SELECT_OPTIONS])
            for part in range(0, len(chunk), limits.SELECT_OPTIONS)]


def _select_options(group: list[dict[str, Any]], values: list[str] | None = None
                    ) -> list[discord.SelectOption]:
    return [discord.SelectOption(
        label=limits.clip(o["label"], limits.SELECT_LABEL),
        value=values[i] if values else o["id"],
        description=f"rule {o['rule']}" if o.get("rule") else None)
        for i, o in enumerate(group)]


def _span(group: list[dict[str, Any]]) -> str:
    first, last = group[0]["label"], group[-1]["label"]
    return f"{first} … {last}" if len(group) > 1 else first


def _builder(view: discord.ui.View, game: int, version: int, prompt: dict[str, Any],
             page: int, chosen: list[int]) -> None:
    """Selects that add one entry each (3 per page), page buttons and the submit button;
    the selection so far rides in every custom id."""
    options = prompt["options"]
    allocate = prompt.get("form") == decisions.ALLOCATE
    room = prompt["hi"] - len(chosen)
    counts = {p: chosen.count(p) for p in chosen}
    addable = [(i, o) for i, o in enumerate(options, 1)
               if counts.get(i, 0) < (o.get("cap", 1) if allocate else 1)]
    per_page = BUILD_PAGE
    last = max(0, (len(addable) - 1) // per_page)
    page = min(page, last)
    as_set = not allocate
    widest = last_build_page(prompt)  # every custom id below carries the selection alike
    if room > 0:
        chunk = addable[page * per_page:(page + 1) * per_page]
        for part in range(0, len(chunk), limits.SELECT_OPTIONS):
            group = chunk[part:part + limits.SELECT_OPTIONS]
            # a pick adds several at once (order does not matter); an allocation one entry
            # at a time, because its order is part of the answer
            most = 1 if allocate else min(room, len(group))
            view.add_item(AddSelect(game, version, page, chosen, _select_options(
                [o for _, o in group], [str(i) for i, _ in group]), _span([o for _, o in group]),
                most=most, as_set=as_set, menu=part // limits.SELECT_OPTIONS,
                last_page=widest))
        if page > 0:
            view.add_item(BuildPageButton(game, version, page - 1, chosen, "◀ Previous", as_set,
                                          widest))
        if page < last:
            view.add_item(BuildPageButton(game, version, page + 1, chosen, "Next ▶", as_set,
                                          widest))
        more = repeats(prompt, chosen)
        # an allocation's batch: the last entry again, so many times in one click (in a
        # row of its own: only where the page's add menus leave one, Discord has five)
        if more and len(chunk) <= (SELECTS_PER_PAGE - 2) * limits.SELECT_OPTIONS:
            view.add_item(RepeatSelect(game, version, page, chosen, more,
                                       options[chosen[-1] - 1]["label"], widest))
    if prompt["lo"] <= len(chosen) <= prompt["hi"]:
        view.add_item(SubmitButton(game, version, chosen, "Submit" if chosen else "Choose none",
                                   as_set, widest))
    if chosen:
        view.add_item(BuildPageButton(game, version, 0, [], "Start again"))


REPEATS_LISTED = limits.SELECT_OPTIONS  # amounts a repeat menu lists: 1, 2, ... and the most


def repeats(prompt: dict[str, Any], chosen: list[int]) -> list[int]:
    """How many more of the last entry of an allocation being built one click may add
    (empty: none, or not an allocation): 1 up to what its cap and the room left allow,
    the most always among them, so a batch of 12 to one place is two clicks."""
    if prompt.get("form") != decisions.ALLOCATE or not chosen:
        return []
    last = chosen[-1]
    if last > len(prompt["options"]):
        return []
    cap = int(prompt["options"][last - 1].get("cap", 1))
    most = min(prompt["hi"] - len(chosen), cap - chosen.count(last))
    if most < 1:
        return []
    listed = list(range(1, min(most, REPEATS_LISTED - 1) + 1))
    return listed if listed[-1] == most else [*listed, most]


def selection_text(prompt: dict[str, Any], chosen: list[int]) -> str:
    if not building(prompt):
        return ""
    names = [prompt["options"][p - 1]["label"] for p in chosen if p <= len(prompt["options"])]
    runs: list[list[Any]] = []  # an entry repeated in a row is told once, with its count
    for name in names:
        if runs and runs[-1][0] == name:
            runs[-1][1] += 1
        else:
            runs.append([name, 1])
    told = [f"{name} ×{n}" if n > 1 else name for name, n in runs]
    return "So far: " + (", ".join(told) if told else "nothing chosen")


def open_view(game: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(OpenButton(game, version))
    view.add_item(MapButton(game, version))
    return view


def prompt_text(prompt: dict[str, Any], page: int = 0, chosen: list[int] | None = None
                ) -> str:
    text = f"**{prompt['text']}**"
    if prompt.get("rule") and f"rule {prompt['rule']}" not in prompt["text"]:
        text += f"  _(rule {prompt['rule']})_"
    form = prompt.get("form", decisions.ONE)
    if form != decisions.ONE:
        text += "\n" + decisions.describe(_as_prompt(prompt))
    if building(prompt):
        text += "\n" + selection_text(prompt, chosen or [])
    elif pages(prompt) > 1:
        text += f"\nPage {page + 1} of {pages(prompt)} · {len(listed(prompt))} choices"
    return limits.clip(text, limits.MESSAGE_CHARS)


def _as_prompt(prompt: dict[str, Any]) -> Any:
    from engine import Prompt

    return Prompt(prompt["seat"], prompt["text"], (), form=prompt.get("form", "one"),
                  lo=prompt.get("lo", 1), hi=prompt.get("hi", 1))


class MapButton(discord.ui.DynamicItem[discord.ui.Button], template=r"kx:m:(?P<g>\d+):(?P<v>\d+(?:\.\d)?)"):
    """Shows the clicker their own seat map, ephemerally."""

    def __init__(self, game: int, version: int):
        super().__init__(discord.ui.Button(label="My map", style=discord.ButtonStyle.secondary,
                                           custom_id=f"kx:m:{game}:{version}"))
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), Drawn.parse(match["v"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).on_my_map(interaction, self.game)


class MultiSelect(discord.ui.DynamicItem[discord.ui.Select],
                  template=r"kx:x:(?P<g>\d+):(?P<v>\d+(?:\.\d)?)"):
    """Choose k of n in one menu; the values are 1-based positions of the options."""

    def __init__(self, game: int, version: int,
                 options: list[discord.SelectOption] | None = None, lo: int = 1, hi: int = 1):
        options = options or [discord.SelectOption(label="…", value="1")]
        super().__init__(discord.ui.Select(
            custom_id=f"kx:x:{game}:{version}", min_values=lo,
            max_values=max(1, min(hi, len(options))), options=options,
            placeholder=limits.clip(f"Choose {lo} to {hi}…" if lo != hi else f"Choose {hi}…",
                                    limits.PLACEHOLDER)))
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), Drawn.parse(match["v"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = selected(interaction)
        await controller(interaction).on_positions(interaction, self.game, self.version,
                                                   [int(v) for v in values])


class AddSelect(discord.ui.DynamicItem[discord.ui.Select],
                template=r"kx:a:(?P<g>\d+):(?P<v>\d+(?:\.\d)?):(?P<p>\d+)(?:\.(?P<m>\d))?:(?P<s>@|~?[0-9a-z]*|\.[0-9a-z.]*)"):
    """Adds entries to the selection being built (values: 1-based positions): one at a
    time to an allocation, up to `most` at once to a pick."""

    def __init__(self, game: int, version: int, page: int, chosen: list[int],
                 options: list[discord.SelectOption] | None = None, placeholder: str = "",
                 most: int = 1, as_set: bool = False, menu: int = 0, last_page: int = 999):
        options = options or [discord.SelectOption(label="…", value="1")]
        super().__init__(discord.ui.Select(  # `menu`: custom ids on a message must differ
            custom_id=f"kx:a:{game}:{version}:{page}.{menu}:"
                      f"{id_sel(game, version, chosen, as_set, last_page)}",
            placeholder=limits.clip(placeholder or "Add…", limits.PLACEHOLDER),
            options=options, min_values=1, max_values=max(1, min(most, len(options)))))
        self.game, self.version, self.page, self.chosen = game, version, page, chosen

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), Drawn.parse(match["v"]), int(match["p"]),
                   carried_selection(interaction, match["s"]), menu=int(match["m"] or 0))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = selected(interaction)
        if not values:
            await interaction.response.send_message(EMPTY_SELECT, ephemeral=True)
            return
        added = [n for n in (whole_number(str(v)) for v in values) if n is not None]
        await controller(interaction).on_build(interaction, self.game, self.version,
                                               self.page, self.chosen + added)


class RepeatSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=r"kx:r:(?P<g>\d+):(?P<v>\d+(?:\.\d)?):(?P<p>\d+):(?P<s>@|~?[0-9a-z]*|\.[0-9a-z.]*)"):
    """Adds the allocation's last entry again, as many times as the amount chosen (the
    selection so far rides in the custom id, its last entry the one repeated)."""

    def __init__(self, game: int, version: int, page: int, chosen: list[int],
                 amounts: list[int] | None = None, label: str = "", last_page: int = 999):
        amounts = amounts or [1]
        super().__init__(discord.ui.Select(
            custom_id=f"kx:r:{game}:{version}:{page}:"
                      f"{id_sel(game, version, chosen, False, last_page)}",
            placeholder=limits.clip(f"More of {label}…" if label else "More…",
                                    limits.PLACEHOLDER),
            options=[discord.SelectOption(label=f"+{n}", value=str(n)) for n in amounts],
            min_values=1, max_values=1))
        self.game, self.version, self.page, self.chosen = game, version, page, chosen

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), Drawn.parse(match["v"]), int(match["p"]),
                   carried_selection(interaction, match["s"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = selected(interaction)
        n = whole_number(str(values[0])) if values else None
        if not self.chosen or n is None or n < 1:
            await interaction.response.send_message(EMPTY_SELECT, ephemeral=True)
            return
        # the rules check the answer on submit: a stale or forged amount fails there
        await controller(interaction).on_build(interaction, self.game, self.version,
                                               self.page, self.chosen + [self.chosen[-1]] * n)


class BuildPageButton(discord.ui.DynamicItem[discord.ui.Button],
                      template=r"kx:q:(?P<g>\d+):(?P<v>\d+(?:\.\d)?):(?P<p>\d+):(?P<s>@|~?[0-9a-z]*|\.[0-9a-z.]*)"):
    def __init__(self, game: int, version: int, page: int, chosen: list[int],
                 label: str = "Page", as_set: bool = False, last_page: int = 999):
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary,
            custom_id=f"kx:q:{game}:{version}:{page}:"
                      f"{id_sel(game, version, chosen, as_set, last_page)}"))
        self.game, self.version, self.page, self.chosen = game, version, page, chosen

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), Drawn.parse(match["v"]), int(match["p"]),
                   carried_selection(interaction, match["s"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).on_build(interaction, self.game, self.version,
                                               self.page, self.chosen)


class SubmitButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"kx:k:(?P<g>\d+):(?P<v>\d+(?:\.\d)?):(?P<s>@|~?[0-9a-z]*|\.[0-9a-z.]*)"):
    def __init__(self, game: int, version: int, chosen: list[int], label: str = "Submit",
                 as_set: bool = False, last_page: int = 999):
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.success,
            custom_id=f"kx:k:{game}:{version}:{id_sel(game, version, chosen, as_set, last_page)}"))
        self.game, self.version, self.chosen = game, version, chosen

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), Drawn.parse(match["v"]),
                   carried_selection(interaction, match["s"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).on_positions(interaction, self.game, self.version,
                                                   self.chosen)


class AmountButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"kx:n:(?P<g>\d+):(?P<v>\d+(?:\.\d)?)"):
    """Opens the modal that asks for an amount."""

    def __init__(self, game: int, version: int, lo: int | None = None, hi: int | None = None):
        label = f"Enter an amount ({lo}–{hi})" if lo is not None else "Enter an amount"
        super().__init__(discord.ui.Button(label=limits.clip(label, limits.BUTTON_LABEL),
                                           style=discord.ButtonStyle.primary,
                                           custom_id=f"kx:n:{game}:{version}"))
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), Drawn.parse(match["v"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).on_amount_open(interaction, self.game, self.version)


AMOUNT_INPUT = "amount"
AMOUNT_MODAL = re.compile(r"kx:N:(?P<g>\d+):(?P<v>\d+(?:\.\d)?)")


def amount_modal(game: int, version: int, prompt: dict[str, Any]) -> discord.ui.Modal:
    """The modal for an amount: one short text input, its range in the placeholder."""
    lo, hi = prompt["lo"], prompt["hi"]
    modal = discord.ui.Modal(title=limits.clip("How many?", limits.MODAL_TITLE),
                             custom_id=f"kx:N:{game}:{version}", timeout=None)
    modal.add_item(discord.ui.TextInput(
        label=limits.clip(prompt["text"], limits.INPUT_LABEL), custom_id=AMOUNT_INPUT,
        placeholder=limits.clip(f"A whole number from {lo} to {hi}", limits.INPUT_PLACEHOLDER),
        min_length=1, max_length=max(len(str(lo)), len(str(hi))) + 1, required=True))
    return modal


def parse_amount(text: str, lo: int, hi: int) -> int | None:
    """The amount typed, if it is a whole number in range (else None)."""
    n = whole_number(text.strip().replace(",", "").replace("_", ""))
    return n if n is not None and lo <= n <= hi else None


def modal_values(data: dict[str, Any]) -> dict[str, str]:
    """The text inputs of a modal submit (rows of inputs, or labels holding one)."""
    out: dict[str, str] = {}
    stack = list(data.get("components") or [])
    while stack:
        comp = stack.pop()
        if not isinstance(comp, dict):
            continue
        stack += comp.get("components") or []
        if isinstance(comp.get("component"), dict):
            stack.append(comp["component"])
        if "custom_id" in comp and isinstance(comp.get("value"), str):
            out[comp["custom_id"]] = comp["value"]
    return out


async def amount_submit(interaction: discord.Interaction) -> bool:
    """Hand an amount modal's submit to the controller; False if it is not ours."""
    data = payload(interaction)
    match = AMOUNT_MODAL.fullmatch(str(data.get("custom_id", "")))
    if match is None:
        return False
    typed = modal_values(dict(data)).get(AMOUNT_INPUT, "")
    await controller(interaction).on_amount(interaction, int(match["g"]),
                                            Drawn.parse(match["v"]), typed)
    return True


class BidButton(discord.ui.DynamicItem[discord.ui.Button],
                template=r"kx:b:(?P<g>\d+):(?P<s>\d+)"):
    """Bid for a side (a lobby opened with `sides: bid`): opens the bid's modal. The
    button is public; what is typed into the modal is seen by nobody else."""

    def __init__(self, game: int, side: int, label: str = "Bid"):
        super().__init__(discord.ui.Button(label=limits.clip(label, limits.BUTTON_LABEL),
                                           style=discord.ButtonStyle.primary,
                                           custom_id=f"kx:b:{game}:{side}"))
        self.game, self.side = game, side

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["g"]), int(match["s"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).on_bid_open(interaction, self.game, self.side)


BID_MODAL = re.compile(r"kx:B:(?P<g>\d+):(?P<s>\d+)")


def bid_view(game: int, sides: list[tuple[int, str]]) -> discord.ui.View:
    """One button per side: (its index in the game's seats, its title)."""
    view = discord.ui.View(timeout=None)
    for index, title in sides:
        view.add_item(BidButton(game, index, f"Bid for {title}"))
    return view


def bid_modal(game: int, side: int, title: str, unit: str, most: int) -> discord.ui.Modal:
    modal = discord.ui.Modal(title=limits.clip(f"Sealed bid for {title}", limits.MODAL_TITLE),
                             custom_id=f"kx:B:{game}:{side}", timeout=None)
    modal.add_item(discord.ui.TextInput(
        label=limits.clip(f"{unit} you offer for {title}", limits.INPUT_LABEL),
        custom_id=AMOUNT_INPUT,
        placeholder=limits.clip(f"A whole number from 0 to {most}", limits.INPUT_PLACEHOLDER),
        min_length=1, max_length=len(str(most)) + 1, required=True))
    return modal


async def bid_submit(interaction: discord.Interaction) -> bool:
    """Hand a bid modal's submit to the controller; False if it is not ours."""
    data = payload(interaction)
    match = BID_MODAL.fullmatch(str(data.get("custom_id", "")))
    if match is None:
        return False
    typed = modal_values(dict(data)).get(AMOUNT_INPUT, "")
    await controller(interaction).on_bid(interaction, int(match["g"]), int(match["s"]), typed)
    return True


DYNAMIC_ITEMS = (OpenButton, ChoiceButton, ChoiceSelect, PageButton, UndoButton, MapButton,
                 MultiSelect, AddSelect, RepeatSelect, BuildPageButton, SubmitButton,
                 AmountButton, BidButton)

EMPTY_SELECT = "Nothing was chosen in that menu; pick one of its entries."
UNKNOWN_COMPONENT = ("That button is not one Keryx made (or it is damaged); use `/act` for "
                     "your current choices.")


def known_custom_id(custom_id: str) -> bool:
    """Whether one of our components answers this custom id (else Discord would show
    "interaction failed": the bot replies instead)."""
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id)
               for item in DYNAMIC_ITEMS)
