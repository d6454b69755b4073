"""Who is pinged (issue 34, point 10): only a person play has just passed to."""

from __future__ import annotations

from bot.sandbox import count_pings
from service.seating import newly_called

USERS = {"athens": 1, "sparta": 2, "thebes": 3, "corinth": 2}  # 2 holds two seats


def test_a_person_already_waiting_or_acting_is_not_pinged_again():
    # Sparta's holder acted and is now called for Corinth: his own run, no ping.
    assert newly_called(["corinth"], ["sparta"], USERS, "sparta", 2) == []
    # Thebes was waiting beside Sparta: no new ping; Athens is newly called.
    assert newly_called(["athens", "thebes"], ["sparta", "thebes"], USERS, "sparta", 2) == \
        ["athens"]
    # Sparta's holder was waiting on Corinth already: Sparta's prompt pings nobody.
    assert newly_called(["sparta", "corinth"], ["athens", "corinth"], USERS, "athens", 1) == []


def test_an_empty_seat_counts_as_its_own_holder():
    assert newly_called(["thebes"], ["athens"], {"athens": 1}, "athens", 1) == ["thebes"]
    assert newly_called(["thebes"], ["thebes"], {"athens": 1}, "athens", 1) == []


def test_count_pings_finds_a_second_ping_without_a_decision_between():
    acts = [(1, 1), (2, 1), (3, 2), (4, 1)]
    per, runs, extra = count_pings([(0, 1), (2, 2), (3, 1)], acts)
    assert per == {1: 2, 2: 1} and runs == {1: 2, 2: 1} and extra == 0
    # user 2 pinged at v2 and again at v4 with no decision of theirs in (2, 4]: too many
    _per, _runs, extra = count_pings([(2, 2), (4, 2)], [(1, 1), (2, 1), (3, 1), (4, 1)])
    assert extra == 1
