"""Simulated players that play a Keryx game only through what the bot shows them: they
open their prompt from the public post's button, then pick random options from the
buttons and menus of their ephemeral message until nothing is left for them to decide."""

from __future__ import annotations

import asyncio
import random
import re
import time
from dataclasses import dataclass, field

from .commands import InvocationError
from .messages import Message
from .server import StandIn
from .users import SimUser

OPEN, CHOOSE, SELECT = "kx:o:", "kx:c:", "kx:s:"
MULTI, ADD, SUBMIT = "kx:x:", "kx:a:", "kx:k:"  # k of n; building a selection entry by entry
AMOUNT = "kx:n:"  # opens a modal asking for a number
RANGE = re.compile(r"(-?\d+)\D+?(-?\d+)\)?$")


@dataclass
class PlayStats:
    choices: int = 0
    opens: int = 0
    first_response_s: list[float] = field(default_factory=list)  # interaction → first reply


class RandomPlayer:
    def __init__(self, standin: StandIn, user: SimUser, channel, rng: random.Random,
                 timeout: float = 20.0):
        self.standin, self.user, self.channel, self.rng = standin, user, channel, rng
        self.timeout = timeout
        self.stats = PlayStats()
        self.journal: list[str] = []  # what the player was shown and what it chose

    def latest_open(self) -> tuple[Message, str] | None:
        for message in reversed(self.standin.channel_messages(self.channel)):
            if message.deleted:
                continue
            for comp in message.interactive_components():
                if comp["custom_id"].startswith(OPEN):
                    return message, comp["custom_id"]
        return None

    async def play_turn(self, max_choices: int = 10_000) -> int:
        """Open my prompt and keep choosing until nothing is left for me. Returns how many
        choices were made (0: it was not my turn)."""
        found = self.latest_open()
        if found is None:
            return 0
        try:
            res = await self.user.click(found[0], found[1], timeout=self.timeout)
        except InvocationError:
            if found[0].deleted:  # the bot replaced its "waiting" message meanwhile
                return 0
            raise
        await res.wait_for_response(self.timeout)
        self._timed(res)
        self.stats.opens += 1
        prompt = await res.wait_for_message(timeout=self.timeout)
        made = 0
        while made < max_choices:
            picks = self.choices(prompt)
            if not picks:
                break
            kind, custom_id, value, label = self.rng.choice(picks)
            values = [value]
            if kind == "amount":
                edits = len(prompt.history)
                label = await self._enter_amount(prompt, custom_id, label)
                self.journal.append(f"{prompt.content}\n    → {label}")
                await self._edited(prompt, edits)
                made += 1
                continue
            if kind == "multi" or (kind == "add" and self._max_values(prompt, custom_id) > 1):
                comp = next(c for c in prompt.interactive_components()
                            if c["custom_id"] == custom_id)
                offered = [(o["value"], o["label"]) for o in comp["options"]]
                k = self.rng.randint(comp.get("min_values", 1),
                                     min(comp.get("max_values", 1), len(offered)))
                chosen = self.rng.sample(offered, k)
                values = [v for v, _ in chosen]
                label = ", ".join(x for _, x in chosen) or "none"
            self.journal.append(f"{prompt.content}\n    → {label}")
            edits = len(prompt.history)
            if kind == "button":
                r = await self.user.click(prompt, custom_id, timeout=self.timeout)
            else:
                r = await self.user.select(prompt, custom_id, values, timeout=self.timeout)
            await r.wait_for_response(self.timeout)
            self._timed(r)
            await self._edited(prompt, edits)
            if kind != "add":  # adding to a selection is not yet a choice
                made += 1
        self.stats.choices += made
        return made

    async def _enter_amount(self, prompt: Message, custom_id: str, label: str) -> str:
        """Open the amount modal and type a number in the range its button shows."""
        res = await self.user.click(prompt, custom_id, timeout=self.timeout)
        await res.wait_for_response(self.timeout)
        self._timed(res)
        m = RANGE.search(label)
        lo, hi = (int(m[1]), int(m[2])) if m else (0, 0)
        amount = str(self.rng.randint(lo, hi))
        inputs = [c for row in (res.modal or {}).get("components", [])
                  for c in row.get("components", [row.get("component") or {}])]
        field_id = next((c["custom_id"] for c in inputs if c.get("custom_id")), "amount")
        sub = await self.user.submit_modal(res, {field_id: amount}, timeout=self.timeout)
        await sub.wait_for_response(self.timeout)
        self._timed(sub)
        return amount

    @staticmethod
    def _max_values(message: Message, custom_id: str) -> int:
        comp = next(c for c in message.interactive_components() if c["custom_id"] == custom_id)
        return comp.get("max_values", 1)

    @staticmethod
    def choices(message: Message) -> list[tuple[str, str, str | None, str]]:
        """(kind, custom id, select value, label) of every choice the message offers."""
        picks: list[tuple[str, str, str | None, str]] = []
        for comp in message.interactive_components():
            cid = comp["custom_id"]
            if cid.startswith((CHOOSE, SUBMIT)):
                picks.append(("button", cid, None, comp.get("label", cid)))
            elif cid.startswith(SELECT):
                picks += [("select", cid, o["value"], o["label"]) for o in comp.get("options", [])]
            elif cid.startswith(ADD):
                picks += [("add", cid, o["value"], o["label"]) for o in comp.get("options", [])]
            elif cid.startswith(MULTI):
                picks.append(("multi", cid, None, comp.get("placeholder", cid)))
            elif cid.startswith(AMOUNT):
                picks.append(("amount", cid, None, comp.get("label", cid)))
        return picks

    def _timed(self, result) -> None:
        if result.response_time is not None:
            self.stats.first_response_s.append(result.response_time)

    async def _edited(self, message: Message, edits: int) -> None:
        deadline = time.monotonic() + self.timeout
        while len(message.history) <= edits:
            if time.monotonic() > deadline:
                raise TimeoutError("the bot never updated the prompt message")
            await asyncio.sleep(0.002)


def game_over(standin: StandIn, channel) -> bool:
    return any("Game over" in m.content for m in standin.channel_messages(channel))


async def play_until_over(standin: StandIn, players: list[RandomPlayer], channel,
                          max_rounds: int = 100_000, idle_timeout: float = 10.0) -> int:
    """Let the players take turns until the bot announces the end. Returns the number of
    choices made. When nobody could act, waits for the bot's next public post; raises if
    none comes within `idle_timeout` seconds."""
    total = 0
    for _ in range(max_rounds):
        if game_over(standin, channel):
            return total
        mark = standin.mark()
        made = 0
        for p in players:
            made += await p.play_turn()
            if game_over(standin, channel):
                return total + made
        total += made
        if not made:
            try:
                await standin.wait_for_message(
                    lambda m: m.channel_id == channel.id and m.public, idle_timeout,
                    since=mark)
            except TimeoutError:
                raise RuntimeError("no player could act, but the game is not over") from None
    raise RuntimeError(f"no end after {max_rounds} rounds")
