"""`keryx play`: a game in the terminal, through the same service layer as Discord.

One person plays a seat against the random player, or two people share the keyboard
(hotseat). The game is stored like any other (a SQLite file), so it can be resumed."""

from __future__ import annotations

import asyncio
import contextlib
import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import engine
from engine import IllegalAction
from engine.core import decisions
from service import GameService, Refusal
from service.results import ActionResult

from . import text

CHANNEL = 1  # the terminal is one "channel"
HELP = ("Type the number of a choice. Other commands: [u]ndo, [m]ap (writes a PNG), "
        "[h]and, [l]og, [?] help, [q]uit.")
PAGE = 30


class Console:
    def __init__(self, svc: GameService, humans: dict[str, int], out_dir: Path,
                 ask: Callable[[str], str], say: Callable[[str], None], seed: int = 0):
        self.svc = svc
        self.humans = humans  # seat -> user id of a person at this keyboard
        self.out_dir = out_dir
        self.ask, self.say = ask, say
        self.rng = random.Random(seed)
        self.clicks = 0

    def _click_id(self) -> str:
        self.clicks += 1
        return f"console-{self.clicks}-{self.rng.getrandbits(32)}"

    def show(self, result: ActionResult, seat: str | None) -> None:
        for e in result.events_for(seat):
            if e.text:
                self.say(("  🔒 " if not e.public else "  • ") + e.text)

    async def run(self) -> dict[str, Any] | None:
        info = await self.svc.game_info(CHANNEL)
        users = {s.seat: s.user_id for s in info.seats}
        self.say(f"Dice seed hash: {info.seed_hash}. {HELP}")
        page = 0
        while True:
            info = await self.svc.game_info(CHANNEL)
            if info.status != "running":
                self.say(f"Game over: {info.outcome}\nSeed: {info.seed}")
                return info.outcome
            public = await self.svc.view(CHANNEL, None)
            waiting = public.view["game"]["waiting_for"]
            human = next((s for s in waiting if s in self.humans), None)
            if human is None:  # only the random player must act
                seat = self.rng.choice(waiting)
                sv = await self.svc.view(CHANNEL, users[seat])
                answer = decisions.random_answer(sv.prompt.prompt, self.rng)
                result = await self.svc.submit(CHANNEL, users[seat], answer, sv.version,
                                               self._click_id())
                self.show(result, next(iter(self.humans), None))
                continue
            sv = await self.svc.view(CHANNEL, self.humans[human])
            prompt = sv.prompt.prompt
            v = sv.view
            self.say(f"\n[{human}] {text.banner(v)} — {prompt.text}"
                     + (f" (rule {prompt.rule})" if prompt.rule
                        and f"rule {prompt.rule}" not in prompt.text else ""))
            options = decisions.choices(prompt)
            if decisions.describe(prompt):
                self.say(f"  {decisions.describe(prompt)} Type the numbers, separated by "
                         f"spaces" + (" ('-' for none)." if prompt.lo == 0 else "."))
            start = page * PAGE
            for i, o in enumerate(options[start:start + PAGE], start + 1):
                self.say(f"  {i:>3}. {o.label}" + (f"  · rule {o.rule}" if o.rule else ""))
            if len(options) > PAGE:
                self.say(f"  (page {page + 1}/{-(-len(options) // PAGE)}: 'n' next, 'p' previous)")
            try:
                answer = self.ask("> ").strip().lower()
            except EOFError:  # input closed: stop, the game stays stored
                return None
            if answer in ("q", "quit", "exit"):
                return None
            if answer in ("n", "p"):
                last = (len(options) - 1) // PAGE
                page = min(last, page + 1) if answer == "n" else max(0, page - 1)
                continue
            page = 0
            if answer in ("?", "help"):
                self.say(HELP)
            elif answer == "u":
                try:
                    result = await self.svc.undo(CHANNEL, self.humans[human], sv.version,
                                                 self._click_id())
                    self.say("Taken back.")
                except Refusal as r:
                    self.say(r.message)
            elif answer == "m":
                self.say(f"Map written to {self.draw(sv.view, f'map-{human}.png')}")
            elif answer == "h":
                self.say("Hand: " + text.hand_line(v))
            elif answer == "l":
                for entry in (await self.svc.history(CHANNEL, self.humans[human]))[-10:]:
                    for e in entry.events:
                        self.say(f"  {entry.seq:>4} {e.text}")
            elif answer == "-" or answer.replace(" ", "").isdigit():
                try:
                    numbers = [int(x) for x in answer.split()] if answer != "-" else []
                    result = await self.svc.submit(
                        CHANNEL, self.humans[human], decisions.from_positions(prompt, numbers),
                        sv.version, self._click_id())
                    self.show(result, human)
                except (Refusal, IllegalAction) as r:
                    self.say(getattr(r, "message", None) or str(r))
            else:
                self.say(f"Not understood. {HELP}")

    def draw(self, view: dict[str, Any], name: str) -> Path | str:
        import renders

        try:
            png = renders.render_map(view)
        except renders.NoRenderer:
            return "(this game has no map renderer)"
        path = self.out_dir / name
        path.write_bytes(png)
        return path


async def play(ruleset: str, scenario: str | None, seat: str | None, hotseat: bool,
               database: Path | None, seed: int, options: dict[str, Any] | None = None,
               position: dict[str, Any] | None = None,
               ask: Callable[[str], str] = input, say: Callable[[str], None] = print,
               out_dir: Path = Path(".")) -> dict[str, Any] | None:
    rules = engine.ruleset(ruleset)
    tmp = None
    if database is None:
        tmp = tempfile.TemporaryDirectory(prefix="keryx-play-")
        database = Path(tmp.name) / "console.db"
    svc = await GameService.open_sqlite(database, seat_rng=random.Random(seed))
    try:
        info = None
        with contextlib.suppress(Refusal):
            info = await svc.game_info(CHANNEL)
        if info is None or info.status not in ("running",):
            await svc.create_game(guild_id=None, channel_id=CHANNEL, user_id=1,
                                  ruleset_id=ruleset, scenario=scenario, options=options,
                                  position=position)
            seats = rules.seats(scenario or rules.default_scenario)
            mine = seat or seats[0]
            if mine not in seats:
                raise SystemExit(f"{ruleset} has no seat {mine!r}; seats: {', '.join(seats)}")
            await svc.join(CHANNEL, 1, mine)
            await svc.join(CHANNEL, 2, next(s for s in seats if s != mine))
            await svc.start(CHANNEL, 1)
            info = await svc.game_info(CHANNEL)
        humans = {s.seat: s.user_id for s in info.seats
                  if hotseat or s.user_id == 1}
        return await Console(svc, humans, out_dir, ask, say, seed).run()
    finally:
        await svc.close()
        if tmp is not None:
            tmp.cleanup()


def play_sync(**kwargs: Any) -> dict[str, Any] | None:
    return asyncio.run(play(**kwargs))
