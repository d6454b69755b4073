"""The whole product on one machine: the Discord stand-in, the real bot process
(`keryx run`) pointed at it, and simulated players choosing random options from what the
bot shows them. Used by `keryx sandbox`, the end-to-end test and the bot benchmark."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine
from engine.core.view import BATTLE_END
from standin.commands import InvocationError
from standin.players import OPEN as OPEN_PREFIX
from standin.players import RandomPlayer, game_over, play_until_over
from standin.server import StandIn

PLAYER_NAMES = ("alcibiades", "brasidas", "cleon", "demosthenes", "eurymedon", "phormio")
VERSION_TAG = re.compile(r"-# game (\d+) · v(\d+)")
AT_VERSION = re.compile(r"-# game (\d+) · (?:waiting at )?v(\d+)")


class BotProcess:
    """`keryx run --sync` in a child process, talking only to the stand-in."""

    def __init__(self, standin: StandIn, workdir: Path, plugins: str = "",
                 log_level: str = "WARNING", database: str | None = None,
                 args: tuple[str, ...] = (), env: dict[str, str] | None = None):
        self.standin = standin
        self.workdir = workdir
        self.args = args  # e.g. ("--shards", "0", "--shard-count", "2")
        self.env = {
            **os.environ,
            "DISCORD_TOKEN": standin.token,
            "KERYX_DISCORD_API": standin.base_url,
            "KERYX_DATABASE": database or str(workdir / "keryx.db"),
            "KERYX_HEALTH_FILE": str(workdir / "health"),
            "KERYX_PLUGINS": plugins,
            "KERYX_LOG_LEVEL": log_level,
            **(env or {}),
        }
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0

    @property
    def database(self) -> str:
        return self.env["KERYX_DATABASE"]

    async def start(self, timeout: float = 60.0) -> None:
        readies = self.standin.gateway.ready_count()
        syncs = self.standin.commands.sync_count
        log = open(self.workdir / "bot.log", "ab")  # noqa: SIM115 - the child owns it
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "keryx.cli", "run", "--sync", *self.args, env=self.env,
            stdout=log, stderr=log, cwd=os.getcwd())
        log.close()
        self.starts += 1
        await self.standin.wait_until_ready(timeout, after=readies)
        await self.standin.wait_for_sync(timeout, count=syncs + 1)

    async def kill(self) -> None:
        """SIGKILL: no chance to flush or say goodbye, like a crash or a power cut."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)
            await self.proc.wait()

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.terminate()
            try:
                await asyncio.wait_for(self.proc.wait(), 10)
            except TimeoutError:
                await self.kill()


MY_MAP = "kx:m:"


class WatchingPlayer(RandomPlayer):
    """A simulated player who, like a person, looks at their hand and their own map now
    and then (every `look_every`-th turn, and on the first): `/hand` and the prompt's
    "My map" button. The private images land in the transcript beside the choices."""

    def __init__(self, *args: Any, look_every: int = 6, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.look_every = look_every
        self.turns = 0

    async def play_turn(self, max_choices: int = 10_000) -> int:
        found = self.latest_open()
        if found is not None and self.turns % self.look_every == 0:
            await self.look(found[0])
        made = await super().play_turn(max_choices)
        self.turns += bool(made)
        return made

    async def look(self, post) -> None:
        r = await self.user.slash("hand", timeout=self.timeout)
        with contextlib.suppress(TimeoutError):
            hand = await r.wait_for_message(timeout=self.timeout)
            self.journal.append(f"/hand → {hand.content}")
        if post.deleted:
            return  # the bot replaced its "waiting" message while the hand was asked for
        try:
            res = await self.user.click(post, next(c["custom_id"] for c in
                                                   post.interactive_components()
                                                   if c["custom_id"].startswith(OPEN_PREFIX)),
                                        timeout=self.timeout)
        except InvocationError:
            if post.deleted:
                return
            raise
        await res.wait_for_response(self.timeout)
        prompt = await res.wait_for_message(timeout=self.timeout)
        mine = next((c["custom_id"] for c in prompt.interactive_components()
                     if c["custom_id"].startswith(MY_MAP)), None)
        if mine is not None:
            r = await self.user.click(prompt, mine, timeout=self.timeout)
            # The reply names the map ("Athens's map · v12"); it has no image when the game
            # has no renderer, and waiting for one then cost a whole timeout per look.
            with contextlib.suppress(TimeoutError):
                seen = await r.wait_for_message(
                    lambda m: bool(m.attachments) or "map · v" in m.content,
                    timeout=self.timeout)
                self.journal.append(f"My map → {seen.content or 'image'}")


@dataclass
class Report:
    finished: bool = False
    public_messages: int = 0
    ephemeral_messages: int = 0
    images: int = 0
    leaks: int = 0
    choices: int = 0
    restarts: int = 0
    phase_posts: int = 0
    battles: int = 0          # battles the game's record ended with a display
    battle_posts: int = 0     # public posts carrying a battle display
    pings: int = 0            # people notified by a mention in a public post
    pings_by_person: dict[str, int] = field(default_factory=dict)
    runs_by_person: dict[str, int] = field(default_factory=dict)  # runs of own decisions
    extra_pings: int = 0      # pings with no decision of that person since the last one
    call_posts: int = 0       # text-only posts with the Open button left in the channel
    problems: list[str] = field(default_factory=list)
    first_response_ms: list[float] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        d = {k: v for k, v in self.__dict__.items() if k != "first_response_ms"}
        rt = sorted(self.first_response_ms)
        if rt:
            d["first_response_ms_median"] = round(rt[len(rt) // 2], 1)
            d["first_response_ms_p99"] = round(rt[min(len(rt) - 1, int(0.99 * len(rt)))], 1)
        return d


async def audit(standin: StandIn, channel, database: str | Path, report: Report) -> None:
    """Check every public message against what the public may know: each public image must
    be exactly the public view's render at the version the post names, and no public text
    may carry an event that was private to a seat. Everything is asked of the service
    (the public view at a version, each holder's history), never read from the store."""
    import renders
    from service import GameService

    svc = await GameService.open(database)
    try:
        public = standin.channel_messages(channel)
        posts: dict[int, list[tuple[int, Any]]] = {}  # game id -> (version, message)
        for m in public:
            tag = VERSION_TAG.search(m.content)
            if tag is not None and m.attachments:
                posts.setdefault(int(tag[1]), []).append((int(tag[2]), m))
        game_ids = set(posts)
        for game_id, shown in posts.items():
            # one replay of each game through its posts (a long game has hundreds)
            views = await svc.public_views_at(game_id, (version for version, _ in shown))
            for version, m in shown:
                expected = renders.render_map(views[version])
                if m.attachments[0].data != expected:
                    report.leaks += 1
                    report.problems.append(f"public image of message {m.id} (v{version}) "
                                           "is not the public view's render")
        private_texts: set[str] = set()
        public_texts: set[str] = set()
        for game_id in sorted(game_ids):
            info = await svc.game_info_by_id(game_id)
            for entry in await svc.history(info.channel_id, None):
                for e in entry.events:
                    if e.kind == BATTLE_END and (e.data or {}).get("battle"):
                        report.battles += 1
                    public_texts.add(e.text)
            for user in {s.user_id for s in info.seats}:
                for entry in await svc.history(info.channel_id, user):
                    private_texts |= {e.text for e in entry.events if not e.public}
        secret = {t for t in private_texts - public_texts if len(t) > 12}
        for m in public:
            for t in secret:
                if t in m.content:
                    report.leaks += 1
                    report.problems.append(f"public message {m.id} repeats a private event: {t}")
    finally:
        await svc.close()


def count_pings(pings: list[tuple[int, int]], acts: list[tuple[int, int | None]]
                ) -> tuple[dict[int, int], dict[int, int], int]:
    """Pings per person, runs of decisions per person, and the pings too many: a person
    is pinged once when play passes to them, so between two of their pings (at versions
    v1 < v2) they must have decided something (an action in (v1, v2]). `pings`: (version,
    user) of each mention in a public post; `acts`: (seq, user) of each action in order."""
    per: dict[int, int] = {}
    runs: dict[int, int] = {}
    last = None
    for _seq, user in acts:
        if user is not None and user != last:
            runs[user] = runs.get(user, 0) + 1
        last = user
    extra = 0
    for user in {u for _v, u in pings}:
        mine = sorted(v for v, u in pings if u == user)
        per[user] = len(mine)
        for a, b in zip(mine, mine[1:]):
            if not any(a < seq <= b and u == user for seq, u in acts):
                extra += 1
    return per, runs, extra


async def tally_pings(standin: StandIn, channel, database: str | Path, report: Report) -> None:
    """Count the pings in the channel's public posts (at their creation: Discord notifies
    no mention added by an edit, deleted posts included) against the game's decisions."""
    from service import GameService

    pings: list[tuple[int, int]] = []
    game_id = None
    for m in standin.recorder.messages.values():
        if m.channel_id != channel.id or m.ephemeral or not m.history:
            continue
        tag = AT_VERSION.search(m.history[0].get("content") or "")
        for user in m.history[0].get("mentions") or []:
            report.pings += 1
            if tag is not None:
                game_id = int(tag[1])
                pings.append((int(tag[2]), int(user)))
    if game_id is None:
        return
    svc = await GameService.open(database)
    try:
        info = await svc.game_info_by_id(game_id)
        acts = [(e.seq, e.user_id) for e in await svc.history(info.channel_id, None)]
    finally:
        await svc.close()
    per, runs, report.extra_pings = count_pings(pings, acts)
    names = {uid: u.username for uid, u in standin.users.items()}
    report.pings_by_person = {names.get(u, str(u)): n for u, n in sorted(per.items())}
    report.runs_by_person = {names.get(u, str(u)): n for u, n in sorted(runs.items())}


def write_transcript(standin: StandIn, channel, players: list[RandomPlayer], out: Path) -> int:
    """A readable transcript of the channel, and for each player every prompt the bot
    showed them privately with the choice they made, with every image saved beside it.
    Returns how many images were written."""
    out.mkdir(parents=True, exist_ok=True)
    images = 0

    def describe(m) -> list[str]:
        nonlocal images
        who = m.author.username if m.author else "?"
        lines = [f"[{m.created_at:%H:%M:%S}] {who}{' (only you)' if m.ephemeral else ''}: "
                 f"{m.content}"]
        for a in m.attachments:
            images += 1
            name = f"{images:04d}-{a.filename}"
            (out / name).write_bytes(a.data)
            lines.append(f"    [image {name}]")
        for c in m.interactive_components():
            if c.get("label"):
                lines.append(f"    [button {c['label']}]")
            for o in c.get("options", []):
                lines.append(f"    [menu option {o['label']}]")
        return lines

    public = [line for m in standin.channel_messages(channel) for line in describe(m)]
    (out / "channel.md").write_text("\n".join(public) + "\n")
    for player in players:
        # What only this player saw with an image (hand, own map), in order, then the
        # prompts and choices.
        private = [line for m in standin.messages
                   if m.ephemeral and m.attachments and m.visible_to == player.user.id
                   for line in describe(m)]
        (out / f"player-{player.user.name}.md").write_text(
            "## Private images\n\n" + "\n".join(private) + "\n\n## Prompts and choices\n\n"
            + "\n\n".join(player.journal) + "\n")
    return images


async def play_for(standin: StandIn, sims: list[RandomPlayer], channel, choices: int,
                   idle: float) -> int:
    """Let the players choose until `choices` are made or the game ends; raises if nobody
    can act for `idle` seconds."""
    made = 0
    quiet_since = time.monotonic()
    while made < choices and not game_over(standin, channel):
        step = sum([await p.play_turn(max_choices=choices - made) for p in sims])
        made += step
        if step:
            quiet_since = time.monotonic()
        elif time.monotonic() - quiet_since > idle:
            raise RuntimeError("no player could act, but the game is not over")
        else:
            await asyncio.sleep(0.2)
    return made


def scenario_for(ruleset: str, scenario: str | None, players: int) -> str:
    """The scenario a sandbox of `players` people plays: the one named, if it allows that
    many, else the ruleset's first that does."""
    try:
        return engine.ruleset(ruleset).scenario_for(players, scenario)
    except engine.IllegalAction as exc:
        raise SystemExit(str(exc)) from None


async def open_table(workdir: Path | None, prefix: str) -> tuple[
        tempfile.TemporaryDirectory[str] | None, Path, StandIn, Any, Any]:
    """A sandbox's table: its working folder (a temporary one, to clean up, unless one is
    given) and a started stand-in with one guild and that guild's default channel."""
    tmp = None
    if workdir is None:
        tmp = tempfile.TemporaryDirectory(prefix=prefix)
        workdir = Path(tmp.name)
    standin = StandIn()
    await standin.start("127.0.0.1", 0)
    guild = standin.create_guild("Peloponnese")
    return tmp, workdir, standin, guild, standin.default_channel(guild)


async def run_sandbox(out: Path | None = None, seed: int = 1, ruleset: str = "athens-sparta",
                      workdir: Path | None = None, kill_after: int | None = None,
                      plugins: str = "", max_choices: int | None = None,
                      scenario: str | None = None, opponent: str | None = None,
                      bot_delay_s: float = 0.1, budget_s: float = 0.3,
                      players: int | None = None) -> dict[str, Any]:
    """Play one whole game through the real bot process (`scenario`: the ruleset's default
    when None). `kill_after`: SIGKILL the bot after that many choices, restart it, and carry
    on with the old buttons. `opponent`: one simulated person plays against Keryx at that
    level (`/game new opponent:`), its seats played by the bot process's runner with a short
    delay (`bot_delay_s`) and the search level's budget (`budget_s`). `players`: how many
    people play (`/game new players:`); None: the scenario's largest count."""
    report = Report()
    tmp, workdir, standin, guild, channel = await open_table(workdir, "keryx-sandbox-")
    # one simulated person per group of seats the scenario's largest player count has
    rules = engine.ruleset(ruleset)
    people = len(rules.scenarios[scenario or rules.default_scenario].holdings(players))
    if opponent is not None:
        people = 1
    users = [standin.add_member(guild, name) for name in PLAYER_NAMES[:people]]
    bot = BotProcess(standin, workdir, plugins=plugins,
                     env={"KERYX_BOT_DELAY_S": str(bot_delay_s),
                          "KERYX_SEARCH_BUDGET_S": str(budget_s)})
    # Keryx's turns post nothing until a phase ends: allow a long one against a bot.
    idle = 60 if opponent is None else 600
    rng = random.Random(seed)
    sims: list[RandomPlayer] = []
    try:
        await bot.start()
        mark = standin.mark()
        chosen: dict[str, Any] = {"scenario": scenario} if scenario else {}
        if players is not None:
            chosen["players"] = players
        if opponent is not None:
            r = await users[0].slash("game", "new", ruleset=ruleset, opponent=opponent,
                                     timeout=30, **chosen)
            said = await r.wait_for_message(lambda m: "seed hash" in m.content or m.ephemeral,
                                            timeout=60)
            if "seed hash" not in said.content:
                raise RuntimeError(f"/game new opponent:{opponent} refused: {said.content}")
        else:
            await (await users[0].slash("game", "new", ruleset=ruleset, timeout=30, **chosen)
                   ).wait_for_message()
            for user in users:
                await (await user.slash("game", "join", timeout=30)).wait_for_message()
            await (await users[-1].slash("game", "start", timeout=30)
                   ).wait_for_message(timeout=30)
        await standin.wait_for_message(lambda m: "-# game" in m.content and m.public, 60,
                                       since=mark)
        sims[:] = [WatchingPlayer(standin, u, channel, random.Random(rng.random()),
                                     timeout=60)
                      for u in users]
        if kill_after is not None:
            report.choices += await play_for(standin, sims, channel, kill_after, idle)
            await bot.kill()
            await bot.start()
            report.restarts += 1
        if max_choices is not None:
            report.choices += await play_for(standin, sims, channel,
                                             max_choices - report.choices, idle)
        else:
            report.choices += await play_until_over(standin, sims, channel,
                                                    idle_timeout=idle)
        report.finished = game_over(standin, channel)
        for p in sims:
            report.first_response_ms += [1000 * s for s in p.stats.first_response_s]
        await asyncio.sleep(0.5)  # the final posts land
    except Exception as exc:  # noqa: BLE001 - the report says what went wrong
        report.problems.append(f"{type(exc).__name__}: {exc}")
    finally:
        await bot.stop()
    try:
        public = standin.channel_messages(channel)
        report.public_messages = len(public)
        report.ephemeral_messages = sum(1 for m in standin.messages if m.ephemeral)
        report.phase_posts = sum(1 for m in public if VERSION_TAG.search(m.content))
        report.battle_posts = sum(1 for m in public for a in m.attachments
                                  if a.filename.startswith("battle-v"))
        report.call_posts = sum(1 for m in public if not m.attachments and any(
            c["custom_id"].startswith(OPEN_PREFIX) for c in m.interactive_components()))
        report.images = sum(len(m.attachments) for m in standin.messages)
        await audit(standin, channel, bot.database, report)
        await tally_pings(standin, channel, bot.database, report)
        if out is not None:
            write_transcript(standin, channel, sims, out)
            (out / "report.json").write_text(json.dumps(report.to_dict(), indent=1))
        if standin.unhandled:
            report.problems.append(f"REST calls the stand-in does not know: {standin.unhandled}")
    finally:
        await standin.stop()
        if tmp is not None:
            with contextlib.suppress(Exception):
                tmp.cleanup()
    return report.to_dict()


def main_sync(**kwargs: Any) -> dict[str, Any]:
    start = time.perf_counter()
    result = asyncio.run(run_sandbox(**kwargs))
    result["seconds"] = round(time.perf_counter() - start, 1)
    return result
