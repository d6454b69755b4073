"""Round-robin pairings: every pair meets once per cycle, nobody plays twice in a round,
sides balanced within one (exactly in a double round robin)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from service.community.roundrobin import late_entry, round_robin


def check(players, cycles):
    ps = round_robin(players, cycles)
    n = len(players)
    meetings = Counter(frozenset((p.first, p.second)) for p in ps)
    assert len(meetings) == n * (n - 1) // 2
    assert set(meetings.values()) <= {cycles}
    rounds: dict[int, list[int]] = {}
    for p in ps:
        assert p.first != p.second
        rounds.setdefault(p.round, []).extend([p.first, p.second])
    for who in rounds.values():
        assert len(who) == len(set(who)), "someone plays twice in a round"
    # n-1 rounds (n even) or n rounds (n odd, one bye each) per cycle
    assert len(rounds) == cycles * (n - 1 + n % 2)
    first, second = Counter(p.first for p in ps), Counter(p.second for p in ps)
    for u in players:
        assert first[u] + second[u] == cycles * (n - 1)
        assert abs(first[u] - second[u]) <= (0 if cycles == 2 else 1)
    return ps


def test_all_sizes_up_to_30():
    for n in range(2, 31):
        for cycles in (1, 2):
            check(list(range(1000, 1000 + n)), cycles)


@settings(deadline=None)  # a loaded machine made a fast example miss hypothesis' 200 ms
@given(st.lists(st.integers(1, 10**18), min_size=2, max_size=24, unique=True),
       st.sampled_from([1, 2]))
def test_any_ids(players, cycles):
    check(players, cycles)


def test_six_players_known_shape():
    ps = check([1, 2, 3, 4, 5, 6], 1)
    assert len(ps) == 15 and max(p.round for p in ps) == 5
    assert all(len([p for p in ps if p.round == r]) == 3 for r in range(1, 6))


def test_odd_count_exactly_balanced():
    ps = check([1, 2, 3, 4, 5], 1)
    first, second = Counter(p.first for p in ps), Counter(p.second for p in ps)
    assert all(first[u] == second[u] == 2 for u in range(1, 6))


def test_late_entry_one_game_per_round_and_balance():
    ps = late_entry(9, [1, 2, 3, 4], {1: (2, 1), 2: (1, 2), 3: (1, 1), 4: (1, 1)}, 6)
    assert [p.round for p in ps] == [6, 7, 8, 9]
    assert {p.first for p in ps} | {p.second for p in ps} == {1, 2, 3, 4, 9}
    # player 1 has played the first seat more: the newcomer takes it against them
    assert ps[0].first == 9 and ps[1].second == 9
    mine = Counter("first" if p.first == 9 else "second" for p in ps)
    assert abs(mine["first"] - mine["second"]) <= 1
