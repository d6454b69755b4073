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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pairing:
    round: int   # 1-based
    board: int   # 1-based within the round
    first: int   # plays the first seat (e.g. Athens)
    second: int  # plays the second seat (e.g. Sparta)


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
                out.append(Pairing(cycle * q + r + 1, board, players[a], players[b]))
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
            out.append(Pairing(first_round + k, 1, newcomer, opp))
            mine[0] += 1
        else:
            out.append(Pairing(first_round + k, 1, opp, newcomer))
            mine[1] += 1
    return out
