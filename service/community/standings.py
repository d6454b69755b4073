"""League standings (pure): points, tiebreaks, and a plain-text table for Discord.

Points: win 2, draw 1, loss 0 by default (a league may set its own). A draw is a game
that ends with no winner or with every seat winning. Forfeits and time losses count as
losses; voided games count for nothing. In a game of more than two players each player
scores their own result: allies who win together each score a win.

Each game also ranks its players by place (1 best; a free-for-all's order, a winning
faction above its city's other faction): only the first place wins, but the table counts
every place (`Standing.places`) and shows them once someone has finished third or lower.
Where a game ranks three places or more, the places between first and last score in even
steps between a loss and a win (`Points.of_result`): second of four takes two thirds of a
win's points, third one third.

Order: points; then head-to-head (the points the tied players took from games among
themselves, applied once to each group tied on points; in a game of more than two, the
points a tied player took in a game where another tied player sat too); then
Sonneborn-Berger (the sum of the points of every opponent beaten -- finished below you --
plus half the points of every opponent drawn with: beating strong players counts more; an
ally who won or lost in the same place as you is neither); then the number of wins;
players still equal share the rank (listed by id so the order is stable).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

DISCORD_LIMIT = 2000


@dataclass(frozen=True, slots=True)
class Points:
    win: float = 2.0
    draw: float = 1.0
    loss: float = 0.0

    def of(self, score: float) -> float:
        return self.win if score == 1 else self.draw if score == 0.5 else self.loss

    def of_result(self, r: Result) -> tuple[float, ...]:
        """Each player's points in one game. A ranking of three places or more pays the
        places between first and last in even steps from a loss up to a win (second of
        four: two thirds of a win), so finishing second is worth more than last."""
        ranks = r.finished()
        steps = sorted(set(ranks))
        if len(steps) < 3:
            return tuple(self.of(sc) for sc in r.scores)
        top = len(steps) - 1
        return tuple(self.loss + (self.win - self.loss) * (top - steps.index(rank)) / top
                     for rank in ranks)


@dataclass(frozen=True, slots=True)
class Result:
    """One finished game: `players[i]` held the league's i-th place, scored `scores[i]`
    (1 win, 0.5 draw, 0 loss) and finished in place `places[i]` (1 best; empty: winners
    and draws first, losers second)."""

    players: tuple[int, ...]
    scores: tuple[float, ...]
    places: tuple[int, ...] = ()

    @classmethod
    def two(cls, first: int, second: int, score: float) -> Result:
        """A two-player game; `score` is the first player's."""
        return cls((first, second), (score, 1 - score))

    def finished(self) -> tuple[int, ...]:
        return self.places or tuple(1 if sc >= 0.5 else 2 for sc in self.scores)


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    user_id: int
    played: int
    won: int
    drawn: int
    lost: int
    points: float
    h2h: float
    sb: float
    wins_by_place: tuple[int, ...]  # wins with each place (e.g. as Athens, as Sparta)
    active: bool = True
    places: tuple[int, ...] = ()    # how often they finished 1st, 2nd, ...

    def key(self) -> tuple:
        return (self.points, self.h2h, self.sb, self.won)

    @property
    def wins_first(self) -> int:
        return self.wins_by_place[0] if self.wins_by_place else 0

    @property
    def wins_second(self) -> int:
        return self.wins_by_place[1] if len(self.wins_by_place) > 1 else 0


def compute_table(players: Sequence[int], results: Sequence[Result],
                  points: Points = Points(), inactive: Sequence[int] = ()) -> list[Standing]:
    ids = list(dict.fromkeys(list(players) + [u for r in results for u in r.players]))
    places = max((len(r.players) for r in results), default=2)
    finishes: dict[int, list[int]] = defaultdict(lambda: [0] * places)
    won: dict[int, int] = defaultdict(int)
    drawn: dict[int, int] = defaultdict(int)
    lost: dict[int, int] = defaultdict(int)
    wins_by: dict[int, list[int]] = defaultdict(lambda: [0] * places)
    pts: dict[int, float] = defaultdict(float)
    for r in results:
        for place, (me, score, rank, got) in enumerate(zip(r.players, r.scores, r.finished(),
                                                           points.of_result(r))):
            finishes[me][rank - 1] += 1
            pts[me] += got
            if score == 1:
                won[me] += 1
                wins_by[me][place] += 1
            elif score == 0.5:
                drawn[me] += 1
            else:
                lost[me] += 1
    sb: dict[int, float] = defaultdict(float)
    for r in results:
        ranks = r.finished()
        for me, mine, my_rank in zip(r.players, r.scores, ranks):
            for opp, theirs, their_rank in zip(r.players, r.scores, ranks):
                if opp == me:
                    continue
                if my_rank < their_rank:
                    sb[me] += pts[opp]
                elif mine == theirs == 0.5:
                    sb[me] += pts[opp] / 2
    groups: dict[float, set[int]] = defaultdict(set)
    for u in ids:
        groups[pts[u]].add(u)
    h2h: dict[int, float] = defaultdict(float)
    for group in groups.values():
        if len(group) < 2:
            continue
        for r in results:
            inside = [(u, got) for u, got in zip(r.players, points.of_result(r)) if u in group]
            if len(inside) >= 2:
                for u, got in inside:
                    h2h[u] += got
    gone = set(inactive)
    rows = [Standing(0, u, won[u] + drawn[u] + lost[u], won[u], drawn[u], lost[u], pts[u],
                     h2h[u], sb[u], tuple(wins_by[u]), u not in gone, tuple(finishes[u]))
            for u in ids]
    rows.sort(key=lambda s: (tuple(-x for x in s.key()), s.user_id))
    out: list[Standing] = []
    for i, s in enumerate(rows):
        rank = out[-1].rank if out and out[-1].key() == s.key() else i + 1
        out.append(replace(s, rank=rank))
    return out


def _num(x: float) -> str:
    return f"{round(x, 2):g}"  # places between first and last score in thirds and such


def format_table(rows: Sequence[Standing], names: Mapping[int, str] | None = None,
                 title: str | None = None, limit: int = DISCORD_LIMIT) -> str:
    """The table as a monospace block that fits one Discord message."""
    names = names or {}
    head = f"**{title}**\n" if title else ""
    foot = "Tiebreaks: points, head-to-head, Sonneborn-Berger, wins."
    # once someone finished third or lower: how often each finished 1st, 2nd, ... ("2·1·0");
    # two sides only ever finish first or second, which W/D/L already say
    depth = max((i + 1 for s in rows for i, n in enumerate(s.places) if n), default=0)
    ranked = depth > 2
    if ranked:
        foot = "Places: times 1st·2nd·3rd…. " + foot
    width = 18
    lines = [f"{'#':>3} {'Player':<{width}} {'P':>3} {'W':>3} {'D':>3} {'L':>3} {'Pts':>5} {'SB':>6}"
             + ("  Places" if ranked else "")]
    for s in rows:
        name = names.get(s.user_id, str(s.user_id))
        if not s.active:
            name = f"({name})"
        if len(name) > width:
            name = name[: width - 1] + "…"
        lines.append(f"{s.rank:>3} {name:<{width}} {s.played:>3} {s.won:>3} {s.drawn:>3} "
                     f"{s.lost:>3} {_num(s.points):>5} {_num(s.sb):>6}"
                     + ("  " + "·".join(map(str, s.places[:depth])) if ranked else ""))
    while True:
        text = head + "```\n" + "\n".join(lines) + "\n```" + foot
        if len(text) <= limit or len(lines) <= 2:
            return text[:limit]
        # drop rows from the bottom, saying how many are hidden
        hidden = 1
        if lines[-1].lstrip().startswith("…"):
            hidden = int(lines[-1].split()[1]) + 1
            lines.pop()
        lines.pop()
        lines.append(f"  … {hidden} more")
