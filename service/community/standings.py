"""League standings (pure): points, tiebreaks, and a plain-text table for Discord.

Points: win 2, draw 1, loss 0 by default (a league may set its own). A draw is a game
that ends with no winner or with every seat winning. Forfeits and time losses count as
losses; voided games count for nothing.

Order: points; then head-to-head (the points the tied players took from games among
themselves, applied once to each group tied on points); then Sonneborn-Berger (the sum of
the points of every opponent beaten plus half the points of every opponent drawn with:
beating strong players counts more); then the number of wins; players still equal share
the rank (listed by id so the order is stable).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

DISCORD_LIMIT = 2000


@dataclass(frozen=True, slots=True)
class Points:
    win: float = 2.0
    draw: float = 1.0
    loss: float = 0.0

    def of(self, score: float) -> float:
        return self.win if score == 1 else self.draw if score == 0.5 else self.loss


@dataclass(frozen=True, slots=True)
class Result:
    first: int          # played the first seat
    second: int
    score: float        # for `first`: 1 win, 0.5 draw, 0 loss


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
    wins_first: int      # wins with the first seat (e.g. as Athens)
    wins_second: int
    active: bool = True

    def key(self) -> tuple:
        return (self.points, self.h2h, self.sb, self.won)


def compute_table(players: Sequence[int], results: Sequence[Result],
                  points: Points = Points(), inactive: Sequence[int] = ()) -> list[Standing]:
    ids = list(dict.fromkeys(list(players) + [u for r in results for u in (r.first, r.second)]))
    won = defaultdict(int)
    drawn = defaultdict(int)
    lost = defaultdict(int)
    wins_first = defaultdict(int)
    wins_second = defaultdict(int)
    pts: dict[int, float] = defaultdict(float)
    for r in results:
        for me, score in ((r.first, r.score), (r.second, 1 - r.score)):
            pts[me] += points.of(score)
            if score == 1:
                won[me] += 1
                if me == r.first:
                    wins_first[me] += 1
                else:
                    wins_second[me] += 1
            elif score == 0.5:
                drawn[me] += 1
            else:
                lost[me] += 1
    sb: dict[int, float] = defaultdict(float)
    for r in results:
        for me, opp, score in ((r.first, r.second, r.score), (r.second, r.first, 1 - r.score)):
            if score == 1:
                sb[me] += pts[opp]
            elif score == 0.5:
                sb[me] += pts[opp] / 2
    groups: dict[float, set[int]] = defaultdict(set)
    for u in ids:
        groups[pts[u]].add(u)
    h2h: dict[int, float] = defaultdict(float)
    for group in groups.values():
        if len(group) < 2:
            continue
        for r in results:
            if r.first in group and r.second in group:
                h2h[r.first] += points.of(r.score)
                h2h[r.second] += points.of(1 - r.score)
    rows = [Standing(0, u, won[u] + drawn[u] + lost[u], won[u], drawn[u], lost[u], pts[u],
                     h2h[u], sb[u], wins_first[u], wins_second[u], u not in set(inactive))
            for u in ids]
    rows.sort(key=lambda s: (tuple(-x for x in s.key()), s.user_id))
    out: list[Standing] = []
    for i, s in enumerate(rows):
        rank = out[-1].rank if out and out[-1].key() == s.key() else i + 1
        out.append(Standing(rank, *[getattr(s, f) for f in Standing.__slots__[1:]]))
    return out


def _num(x: float) -> str:
    return f"{x:g}"


def format_table(rows: Sequence[Standing], names: Mapping[int, str] | None = None,
                 title: str | None = None, limit: int = DISCORD_LIMIT) -> str:
    """The table as a monospace block that fits one Discord message."""
    names = names or {}
    head = f"**{title}**\n" if title else ""
    foot = "Tiebreaks: points, head-to-head, Sonneborn-Berger, wins."
    width = 18
    lines = [f"{'#':>3} {'Player':<{width}} {'P':>3} {'W':>3} {'D':>3} {'L':>3} {'Pts':>5} {'SB':>6}"]
    for s in rows:
        name = names.get(s.user_id, str(s.user_id))
        if not s.active:
            name = f"({name})"
        if len(name) > width:
            name = name[: width - 1] + "…"
        lines.append(f"{s.rank:>3} {name:<{width}} {s.played:>3} {s.won:>3} {s.drawn:>3} "
                     f"{s.lost:>3} {_num(s.points):>5} {_num(s.sb):>6}")
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
