"""`keryx play`: a game in the terminal, through the same service layer as Discord.

One person plays a seat against Keryx at a chosen level (its seats are played by the
service's bot runner, as on Discord), or two people share the keyboard (hotseat). Where a
scenario allows fewer people than seats (`--players`), one person holds several seats:
each prompt then names the seat it is for. The game is stored like any other (a SQLite
file), so it can be resumed."""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
import tempfile
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import engine
from engine import IllegalAction
from engine.core import decisions
from engine.core.view import BATTLE_END
from service import GameService, Refusal
from service.bots import BotRunner, BotTurn
from service.results import ActionResult
from service.validate import whole_number
from shared.program import keryx_command

from . import numbering, text
from .pictures import Pictures

CHANNEL = 1  # the terminal is one "channel"
HELP = ("Type the number of a choice (a choice keeps its number from one prompt to the "
        "next). Other commands: [u]ndo, [m]ap (writes your map and the public one as PNG "
        "files), [h]and (and its picture), [l]og, ?N (rule N explained, e.g. ?4.4), "
        "[?] help, [q]uit.")
PAGE = 30
CLEAR = "\033[2J\033[3J\033[H"  # clear the screen and its scrollback


def clear_screen() -> None:
    """Hotseat hand-off: what one player saw must be off the screen before the other sits
    down. Without a terminal (a pipe, a log) there is nothing to clear."""
    import sys

    if sys.stdout.isatty():
        print(CLEAR, end="", flush=True)


class Console:
    def __init__(self, svc: GameService, humans: dict[str, int], out_dir: Path,
                 ask: Callable[[str], str], say: Callable[[str], None], seed: int = 0,
                 saved: Path | None = None, ruleset: str = "",
                 clear: Callable[[], None] = clear_screen, budget_s: float = 1.0):
        self.svc = svc
        self.humans = humans  # seat -> user id of a person at this keyboard
        self.held = {u: tuple(s for s, x in humans.items() if x == u)  # user -> their seats
                     for u in humans.values()}
        self.out_dir = out_dir
        self.ask, self.say, self.clear = ask, say, clear
        self.rng = random.Random(seed)  # Keryx's random answers (old games) and draws
        # Click ids must never repeat, across runs on one --db file too: the service takes
        # a repeated id for a double click and applies it once (issue 34.1). The seed
        # must not reach them.
        self.run_id = secrets.token_hex(8)
        self.clicks = 0
        self.saved = saved  # the database file, or None when the game lives in a temp folder
        self.ruleset = ruleset
        self.at_keyboard: str | None = None  # the seat whose player last had the keyboard
        self.pictures = Pictures(out_dir, ruleset)  # the images Discord would post
        # each person's numbers stay theirs: an option keeps its number across prompts
        self.numbering = {u: numbering.Numbering() for u in self.held}
        # Keryx's seats; no delay in a terminal on one's own machine (nothing to hide).
        self.bots = BotRunner(svc, self._bot_acted, delay_s=0.0, budget_s=budget_s,
                              thinking=self._thinking)

    @contextlib.asynccontextmanager
    async def _thinking(self, turn: BotTurn) -> AsyncIterator[None]:
        """A line while Keryx's search thinks (up to its budget): the screen is not stuck."""
        if turn.level == "search":
            self.say(f"  … Keryx ({text.seat_title(turn.seat)}) is thinking…")
        yield

    async def _bot_acted(self, result: ActionResult) -> None:
        await self.after(result, next(iter(self.humans), None))

    async def after(self, result: ActionResult, seat: str | None) -> None:
        """What an action brought: its events, then the pictures the bot would post for
        it (each battle's display; the public map when a phase or the game ended)."""
        self.show(result, seat)
        self.show_battles(result)
        for path in self.pictures.battles(result.events, result.version):
            self.say(f"  🖼 Battle: {path}")
        if result.phase_ended or result.game_ended:
            await self.public_picture(result.version)

    async def public_picture(self, version: int | None = None) -> None:
        """The public map at `version` (default: now), as the channel's map post."""
        public = await self.svc.view(CHANNEL, None)
        view = public.view
        if version is not None and version != public.version:
            view = (await self.svc.public_views_at(public.game_id, [version]))[version]
        path = self.pictures.public_map(view, version or public.version)
        if path is not None:
            self.say(f"  🖼 Public map: {path}")

    def _click_id(self) -> str:
        self.clicks += 1
        return f"console-{self.run_id}-{self.clicks}"

    def show(self, result: ActionResult, seat: str | None) -> None:
        for e in result.events_for(seat):
            if e.text:
                self.say(("  🔒 " if not e.public else "  • ") + e.text)

    def show_battles(self, result: ActionResult) -> None:
        """Each battle that ended, in words where its ruleset words battles (what the
        Discord combat image shows: forces, dice, hits, retreats, result)."""
        rules = engine.ruleset(self.ruleset)
        for e in result.events:
            battle = (e.data or {}).get("battle") if e.kind == BATTLE_END and e.public else None
            for line in (rules.battle_lines(battle) or []) if battle else []:
                self.say(f"    {line}")

    def hand_over(self, seat: str) -> bool:
        """Hotseat: clear the screen and wait until the next player is at the keyboard.
        False when the players want to stop instead."""
        user = self.humans[seat]
        if len(self.held) < 2 or user == self.humans.get(self.at_keyboard or ""):
            self.at_keyboard = seat
            return True
        self.clear()
        self.at_keyboard = seat
        try:
            self.ask(f"{self._holder(user)} to play: hand over the keyboard, then press Enter. ")
        except (EOFError, KeyboardInterrupt):
            return False
        return True

    def _holder(self, user: int) -> str:
        """The person at the keyboard, named by the seats they hold ("Athens & Plataea")."""
        return " & ".join(text.seat_title(s) for s in self.held[user])

    def quit(self, closed: bool = False) -> None:
        """Leaving says where the game is kept, or warns that it is lost."""
        if self.saved is not None:
            self.say(f"Game kept in {self.saved}; resume with "
                     f"`{keryx_command()} play {self.ruleset} --db {self.saved}`.")
        else:
            self.say("This game was not saved and is gone (use --db FILE to keep a game).")

    def confirm_quit(self) -> bool:
        if self.saved is not None:
            return True
        try:
            answer = self.ask("This game is not saved (no --db FILE): quit and lose it? "
                              "[y/N] ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            return True
        return answer in ("y", "yes")

    async def run(self) -> dict[str, Any] | None:
        info = await self.svc.game_info(CHANNEL)
        users = {s.seat: s.user_id for s in info.seats}
        self.say(f"Game #{info.id} · dice seed hash: {info.seed_hash}. {HELP}")
        self.say(f"Pictures (what Discord would post) go to {self.out_dir.resolve()}.")
        await self.public_picture()
        page = 0
        shown: tuple[str, int, int] | None = None  # (seat, version, page) on screen
        while True:
            info = await self.svc.game_info(CHANNEL)
            if info.status != "running":
                self.say(f"Game over. {text.outcome_line(info.outcome)}\nSeed: {info.seed}"
                         + (f"\n{text.final_record_text(info.record, info.version)}"
                            if info.record else ""))
                return info.outcome
            public = await self.svc.view(CHANNEL, None)
            waiting = public.view["game"]["waiting_for"]
            human = next((s for s in waiting if s in self.humans), None)
            if human is None:  # only Keryx must act
                if await self.bots.tick():
                    await self.bots.settle()
                    continue
                # A seat held by nobody here and by no bot: a game kept from before
                # opponents had levels, where user 2 was the random player.
                seat = self.rng.choice(waiting)
                sv = await self.svc.view(CHANNEL, users[seat])
                assert sv.prompt is not None  # the seat is waited for
                answer = decisions.random_answer(sv.prompt.prompt, self.rng)
                result = await self.svc.submit(CHANNEL, users[seat], answer, sv.version,
                                               self._click_id())
                await self.after(result, next(iter(self.humans), None))
                continue
            if not self.hand_over(human):
                self.quit()
                return None
            # the seat's own view and prompt: a person may hold several seats
            sv = await self.svc.view(CHANNEL, self.humans[human], seat=human)
            assert sv.prompt is not None  # the seat is waited for
            prompt = sv.prompt.prompt
            options = decisions.choices(prompt)
            numbered = self.numbering[self.humans[human]].number(
                (human, sv.version), [f"{human}:{prompt.kind}:{o.id}" for o in options],
                [o.label for o in options])
            if shown != (human, sv.version, page):
                self.show_prompt(human, sv.view, prompt, page, numbered)
                shown = (human, sv.version, page)
            try:
                answer = self.ask("> ").strip().lower()
            except EOFError:  # input closed: stop now
                self.say("")
                self.quit()
                return None
            except KeyboardInterrupt:  # Ctrl-C is a quit: an unsaved game asks first
                self.say("")
                if self.confirm_quit():
                    self.quit()
                    return None
                continue
            if answer in ("q", "quit", "exit"):
                if self.confirm_quit():
                    self.quit()
                    return None
                continue
            if answer in ("n", "p"):
                last = (len(options) - 1) // PAGE
                page = min(last, page + 1) if answer == "n" else max(0, page - 1)
                continue
            if answer in ("?", "help"):
                self.say(HELP)
                shown = None  # show the choices again under the help
            elif answer.startswith("?"):
                self.say(text.rule_text(self.ruleset, answer[1:]))
            elif answer == "u":
                try:
                    await self.svc.undo(CHANNEL, self.humans[human], sv.version,
                                        self._click_id(), seat=human)
                    self.say("Taken back.")
                    page = 0
                except Refusal as r:
                    self.say(r.message)
            elif answer == "m":
                mine = self.pictures.seat_map(sv.view, human, sv.version)
                self.say(f"Map written to {mine}" if mine else
                         "(this game has no map renderer)")
                await self.public_picture()
            elif answer == "h":
                # the picture first: the words promise one only when it was written
                picture = self.pictures.hand(sv.view, human, sv.version)
                self.say(text.hand_listing(sv.view, "Hand", bullet="  • ",
                                           picture=picture is not None))
                if picture is not None:
                    self.say(f"  🖼 Picture: {picture}")
            elif answer == "l":
                lines = [f"  {entry.seq:>4} {e.text}"
                         for entry in (await self.svc.history(CHANNEL, self.humans[human]))[-10:]
                         for e in entry.events if e.text]
                self.say("\n".join(lines) or "Nothing has happened yet: no choice has been "
                         "made in this game.")
            elif answer == "-" or (answer and all(whole_number(x) is not None
                                                  for x in answer.split())):
                # digits 0-9 only: "²" is a digit to str.isdigit, not to int
                typed = [int(x) for x in answer.split()] if answer != "-" else []
                places = [numbered.position(n) for n in typed]
                missing = [n for n, at in zip(typed, places) if at is None]
                if missing:
                    self.say(numbering.missing_text(missing[0], numbered))
                    continue
                changed = numbering.changed_text(typed, numbered, options)
                if changed and not self.confirm(changed):
                    self.say("Not applied: choose again.")
                    continue
                page = 0
                try:
                    result = await self.svc.submit(
                        CHANNEL, self.humans[human],
                        decisions.from_positions(prompt, [at for at in places if at]),
                        sv.version, self._click_id(), seat=human)
                    await self.after(result, human)
                except (Refusal, IllegalAction) as r:
                    self.say(getattr(r, "message", None) or str(r))
            else:
                span = numbering.span_text(numbered)
                self.say(f"{answer!r} is not a command: type a choice's number{span}, or ? "
                         "for help." if answer else f"Type a choice's number{span}, or ? for "
                         "help.")

    def confirm(self, question: str) -> bool:
        try:
            return self.ask(question + " [y/N] ").strip().lower() in ("y", "yes")
        except (EOFError, KeyboardInterrupt):
            return False

    def show_prompt(self, seat: str, v: dict[str, Any], prompt: Any, page: int,
                    numbered: numbering.Numbered) -> None:
        others = [text.seat_title(s) for s in self.held[self.humans[seat]] if s != seat]
        if others:  # one person, several seats: say which one this choice is for
            self.say(f"\nYou play {text.seat_title(seat)} (you also hold "
                     f"{', '.join(others)}):")
        self.say(f"\n[{seat}] {text.banner(v)} — {prompt.text}"
                 + (f" [{text.rule_name(self.ruleset, prompt.rule)}]" if prompt.rule else ""))
        options = decisions.choices(prompt)
        if decisions.describe(prompt):
            self.say(f"  {decisions.describe(prompt)} Type the numbers, separated by spaces"
                     + (" ('-' for none)." if prompt.lo == 0 else "."))
        start = page * PAGE
        for i, o in enumerate(options[start:start + PAGE], start):
            self.say(f"  {numbered.numbers[i]:>3}. {o.label}"
                     + (f"  · rule {o.rule}" if o.rule else ""))
        if len(options) > PAGE:
            self.say(f"  (page {page + 1}/{-(-len(options) // PAGE)}: 'n' next, 'p' previous)")
        others = sorted({o.rule for o in options if o.rule and o.rule != prompt.rule},
                        key=_rule_key)
        if others:
            self.say("  " + "; ".join(text.rule_name(self.ruleset, r) for r in others)
                     + "  (?N explains rule N)")

def _rule_key(rule: str) -> tuple:
    return tuple(int(p) if p.isdigit() else 0 for p in rule.split(".")) if rule[0].isdigit() \
        else (-1,)


async def play(ruleset: str, scenario: str | None, seat: str | None, hotseat: bool,
               database: Path | None, seed: int, options: dict[str, Any] | None = None,
               position: dict[str, Any] | None = None,
               ask: Callable[[str], str] = input, say: Callable[[str], None] = print,
               out_dir: Path = Path("keryx-maps"),
               clear: Callable[[], None] = clear_screen, opponent: str = "random",
               budget_s: float = 1.0, sides: str | None = None) -> dict[str, Any] | None:
    rules = engine.ruleset(ruleset)
    saved = database
    tmp = None
    if database is None:
        tmp = tempfile.TemporaryDirectory(prefix="keryx-play-")
        database = Path(tmp.name) / "console.db"
    svc = await GameService.open_sqlite(database, seat_rng=random.Random(seed))
    try:
        info = None
        with contextlib.suppress(Refusal):
            info = await svc.game_info(CHANNEL)
        if info is not None and info.status == "running":
            if info.ruleset != ruleset:  # never continue one game under another's rules
                raise Refusal("bad_input", f"{saved} holds a game of "
                              f"{engine.ruleset(info.ruleset).title} (#{info.id}), not "
                              f"{rules.title}: resume it with `play {info.ruleset} --db "
                              f"{saved}`, or name another file.")
            say(f"Resumed game #{info.id} ({rules.title}, {info.version} actions so far) "
                f"from {saved}.")
        elif sides is not None:
            if not hotseat:
                raise SystemExit("--sides is for two people at this keyboard (--hotseat).")
            await _choose_sides(svc, ruleset, scenario, options, position, sides, ask, say,
                                clear)
            info = await svc.game_info(CHANNEL)
        else:
            await svc.create_game(guild_id=None, channel_id=CHANNEL, user_id=1,
                                  ruleset_id=ruleset, scenario=scenario, options=options,
                                  position=position)
            seats = rules.seats(scenario or rules.default_scenario)
            mine = seat or seats[0]
            if mine not in seats:
                raise SystemExit(f"{ruleset} has no seat {mine!r}; seats: {', '.join(seats)}")
            info = await svc.join(CHANNEL, 1, mine)
            if hotseat:  # the second person takes the first seat the first does not hold
                await svc.join(CHANNEL, 2, next(s for s in seats if s not in info.seats_of(1)))
                info = await svc.game_info(CHANNEL)
            if info.joined < info.players:  # places nobody here holds: Keryx's
                await svc.seat_bots(CHANNEL, opponent)
            await svc.start(CHANNEL, 1)
            info = await svc.game_info(CHANNEL)
        humans = {s.seat: s.user_id for s in info.seats
                  if s.seat is not None and (hotseat or s.user_id == 1)}
        return await Console(svc, humans, out_dir, ask, say, seed, saved=saved,
                             ruleset=ruleset, clear=clear, budget_s=budget_s).run()
    finally:
        await svc.close()
        if tmp is not None:
            tmp.cleanup()


async def _choose_sides(svc: GameService, ruleset: str, scenario: str | None,
                        options: dict[str, Any] | None, position: dict[str, Any] | None,
                        mode: str, ask: Callable[[str], str], say: Callable[[str], None],
                        clear: Callable[[], None]) -> None:
    """Hotseat with `--sides bid|random` (service/sides.py): players 1 and 2 join without
    seats; for a bid each types theirs in turn, the screen cleared between them, and the
    result is shown once both are in."""
    try:
        await svc.create_game(guild_id=None, channel_id=CHANNEL, user_id=1,
                              ruleset_id=ruleset, scenario=scenario, options=options,
                              position=position, sides_mode=mode)
    except Refusal as refusal:
        raise SystemExit(refusal.message) from None
    await svc.join(CHANNEL, 1)
    await svc.join(CHANNEL, 2)
    if mode == "random":
        await svc.start(CHANNEL, 1)
    else:
        b = await svc.open_bidding(CHANNEL, 1)
        sides_list = ", ".join(b.sides)
        for user in (1, 2):
            clear()
            ask(f"Player {user}: your sealed bid (the other player looks away); press Enter. ")
            while True:
                say(f"Player {user}: which side ({sides_list}), and how much {b.unit} do you "
                    f"offer for it (0 to {b.most})? Different sides cost nothing; for the "
                    "same side the higher bid takes it and pays, equal bids roll off.")
                side = ask("Side: ").strip().lower()
                if side not in b.sides:  # said at once, not after the amount
                    say(f"{side!r} is not a side of this game: type one of {sides_list}.")
                    continue
                amount = ask("Bid: ").strip()
                try:
                    await svc.place_bid(CHANNEL, user, side, int(amount))
                    break
                except ValueError:
                    say(f"{amount!r} is not a whole number.")
                except Refusal as refusal:
                    say(refusal.message)
        clear()
    record = await svc.sides_record(CHANNEL)
    sb = engine.ruleset(ruleset).side_bidding
    say(text.sides_text(record or {}, sb.unit if sb else "", lambda u: f"Player {u}")
        .replace("**", ""))


def play_sync(**kwargs: Any) -> dict[str, Any] | None:
    """Run the console on a plain event loop: asyncio.run would catch Ctrl-C itself and
    only act on it once input() returned, so the player had to press Enter to leave."""
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(play(**kwargs))
    finally:
        loop.run_until_complete(loop.shutdown_asyncgens())
        loop.close()
