"""Round-robin pairings with sides balanced over the season (pure functions).

Circle method, in its arithmetic form: with m players (a bye added when the count is odd)
number them 0..m-1 and let q = m-1 (odd). In round r (0 <= r < q) players i, j < q meet
when i + j = 2r (mod q), and player i = r meets the fixed player q. This is the same
schedule as rotating everyone but one around a circle, written so that sides can be
assigned by a rule rather than by the rotation:

* i < j < q: i takes the first seat when (j - i) mod q is in 1..(q-1)/2. Over the season
  this is a regular tournament on q (odd) players: each of them gets exactly (q-1)/2
  games in each seat against the others.
* against the fixed player q: player r takes the first seat in odd rounds, the fixed player
  in even rounds. So each of players 0..q-1 is off balance by at most one, and the fixed
  player alternates (q games: off by at most one). When the count is odd, the fixed
  player is the bye and everyone is exactly balanced.

A double round robin repeats the schedule with sides swapped: exactly balanced.

Games of k >= 3 people (`group_round_robin`): every group of k players meets once per
cycle, and a league may play up to k cycles. Places (who holds which seats) are given
greedily in the first cycle: each group takes the arrangement that puts every member
where they have played least so far; each later cycle moves everyone one place on, so
with k cycles every member of a group plays every place in it once. Groups are packed
into rounds first-fit, so nobody plays twice in a round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, permutations
from math import comb

MAX_GAMES = 1000  # a league's schedule larger than this is refused, not drawn


@dataclass(frozen=True, slots=True)
class Pairing:
    """One game of the schedule: `users[i]` takes the league's i-th place (its i-th seat,
    or i-th group of seats when one person holds several)."""

    round: int              # 1-based
    board: int              # 1-based within the round
    users: tuple[int, ...]

    @property
    def first(self) -> int:
        return self.users[0]

    @property
    def second(self) -> int:
        return self.users[1]


def round_robin(players: Sequence[int], cycles: int = 1) -> list[Pairing]:
    """All pairings; `players` in seeding order (distinct ids)."""
    if len(set(players)) != len(players):
        raise ValueError("players must be distinct")
    if cycles not in (1, 2):
        raise ValueError("cycles is 1 (single) or 2 (double round robin)")
    n = len(players)
    if n < 2:
        return []
    m = n + (n % 2)
    q = m - 1
    bye = q if n % 2 else None
    single: list[list[tuple[int, int]]] = []
    for r in range(q):
        games: list[tuple[int, int]] = []
        # the fixed player's game first: it is board 1 (a bye is simply dropped)
        if bye is None:
            games.append((q, r) if r % 2 == 0 else (r, q))
        for i in range(q):
            j = (2 * r - i) % q
            if i < j:
                a, b = (i, j) if (j - i) % q <= (q - 1) // 2 else (j, i)
                games.append((a, b))
        single.append(games)
    out: list[Pairing] = []
    for cycle in range(cycles):
        for r, games in enumerate(single):
            for board, (a, b) in enumerate(games, start=1):
                if cycle:
                    a, b = b, a
                out.append(Pairing(cycle * q + r + 1, board, (players[a], players[b])))
    return out


def late_entry(newcomer: int, opponents: Sequence[int], side_counts: dict[int, tuple[int, int]],
               first_round: int) -> list[Pairing]:
    """Pairings for a player added after the start: one game against each opponent, each
    in a round of its own (nobody plays twice in a round), sides chosen greedily so that
    both the newcomer and each opponent move towards balance."""
    out = []
    mine = [0, 0]
    for k, opp in enumerate(opponents):
        oa, ob = side_counts.get(opp, (0, 0))
        # positive: the newcomer would rather take the first seat
        want = (mine[1] - mine[0]) + (oa - ob)
        if want > 0 or (want == 0 and k % 2 == 0):
            out.append(Pairing(first_round + k, 1, (newcomer, opp)))
            mine[0] += 1
        else:
            out.append(Pairing(first_round + k, 1, (opp, newcomer)))
            mine[1] += 1
    return out


def games_in_schedule(players: int, size: int, cycles: int) -> int:
    return comb(players, size) * cycles


def group_round_robin(players: Sequence[int], size: int, cycles: int = 1) -> list[Pairing]:
    """Every group of `size` players once per cycle (1 <= cycles <= size), places balanced
    greedily, rounds packed so nobody plays twice in one."""
    if len(set(players)) != len(players):
        raise ValueError("players must be distinct")
    if size < 2 or not 1 <= cycles <= max(2, size):
        raise ValueError(f"a league of {size}-player games has 1 to {max(2, size)} cycles")
    if size == 2:
        return round_robin(players, cycles)
    if len(players) < size:
        return []
    if games_in_schedule(len(players), size, cycles) > MAX_GAMES:
        raise ValueError(f"that schedule would have more than {MAX_GAMES} games")
    counts: dict[int, list[int]] = {p: [0] * size for p in players}
    arranged = []
    for group in combinations(players, size):
        placed = balanced_places(group, counts)
        for i, u in enumerate(placed):
            counts[u][i] += 1
        arranged.append(placed)
    out: list[Pairing] = []
    first_round = 1
    for cycle in range(cycles):
        rounds: list[list[tuple[int, ...]]] = []
        busy: list[set[int]] = []
        for placed in arranged:
            placed = placed[cycle:] + placed[:cycle]  # cycle c: everyone c places on
            r = next((i for i, b in enumerate(busy) if not b & set(placed)), None)
            if r is None:
                rounds.append([])
                busy.append(set())
                r = len(rounds) - 1
            rounds[r].append(placed)
            busy[r] |= set(placed)
        for r, games in enumerate(rounds):
            for board, users in enumerate(games, start=1):
                out.append(Pairing(first_round + r, board, users))
        first_round += len(rounds)
    return out


def balanced_places(group: Sequence[int], counts: dict[int, list[int]]) -> tuple[int, ...]:
    """The arrangement of `group` over the places (index = place) that puts each member
    where they have played least; the first such arrangement in order on ties."""
    best: tuple[int, ...] = tuple(group)
    best_cost: tuple[int, int] | None = None
    for order in permutations(group):
        played = [counts.get(u, [0] * len(group))[i] for i, u in enumerate(order)]
        cost = (sum(played), sum(n * n for n in played))
        if best_cost is None or cost < best_cost:
            best, best_cost = order, cost
    return best


def late_groups(newcomer: int, opponents: Sequence[int], place_counts: dict[int, list[int]],
                first_round: int, size: int) -> list[Pairing]:
    """Games of `size` for a player added after the start: one with each group of
    `size - 1` active players (the groups they would have met from the start), each in a
    round of its own, places balanced as at the start."""
    counts = {u: list(place_counts.get(u, [0] * size)) for u in opponents}
    counts[newcomer] = [0] * size
    out = []
    for k, others in enumerate(combinations(opponents, size - 1)):
        placed = balanced_places((newcomer, *others), counts)
        for i, u in enumerate(placed):
            counts[u][i] += 1
        out.append(Pairing(first_round + k, 1, placed))
    return out
