"""The league table, computed by hand."""

from __future__ import annotations

from service.community.standings import Points, Result, compute_table, format_table


def test_points_head_to_head_and_sonneborn_berger():
    A, B, C, D = 1, 2, 3, 4
    results = [
        Result.two(A, B, 1),      # A beats B
        Result.two(C, A, 1),      # C beats A
        Result.two(B, C, 1),      # B beats C
        Result.two(A, D, 1),      # A beats D
        Result.two(D, B, 0),      # B beats D
        Result.two(C, D, 0.5),    # C draws D
    ]
    rows = compute_table([A, B, C, D], results)
    by = {r.user_id: r for r in rows}
    # points (2/1/0): A 4, B 4, C 3, D 1
    assert [(by[u].points, by[u].won, by[u].drawn, by[u].lost) for u in (A, B, C, D)] == [
        (4, 2, 0, 1), (4, 2, 0, 1), (3, 1, 1, 1), (1, 0, 1, 2)]
    # A and B tied on 4: head-to-head A beat B -> A 2, B 0
    assert (by[A].h2h, by[B].h2h) == (2, 0)
    # SB: A beat B (4) and D (1) = 5; B beat C (3) and D (1) = 4; C beat A (4) + half D (0.5)
    assert (by[A].sb, by[B].sb, by[C].sb, by[D].sb) == (5, 4, 4.5, 1.5)
    assert [(r.rank, r.user_id) for r in rows] == [(1, A), (2, B), (3, C), (4, D)]
    assert (by[A].wins_first, by[A].wins_second, by[B].wins_first, by[B].wins_second) == (2, 0, 1, 1)


def test_sonneborn_berger_breaks_a_tie_head_to_head_cannot():
    # A, B, C beat each other in a cycle (head-to-head 2 each); each also beats one of
    # D, E, F, and D beat E: A 4, B 4, C 4, D 2, E 0, F 0.
    A, B, C, D, E, F = 1, 2, 3, 4, 5, 6
    results = [Result.two(A, B, 1), Result.two(B, C, 1), Result.two(C, A, 1),
               Result.two(A, D, 1), Result.two(B, E, 1), Result.two(C, F, 1), Result.two(D, E, 1)]
    rows = compute_table([A, B, C, D, E, F], results)
    by = {r.user_id: r for r in rows}
    assert [by[u].points for u in (A, B, C, D, E, F)] == [4, 4, 4, 2, 0, 0]
    assert by[A].h2h == by[B].h2h == by[C].h2h == 2
    # SB: A beat B (4) and D (2) = 6; B beat C (4) and E (0) = 4; C beat A (4), F (0) = 4
    assert (by[A].sb, by[B].sb, by[C].sb) == (6, 4, 4)
    # B and C are equal on every tiebreak (and on wins): they share second place
    assert [(r.rank, r.user_id) for r in rows][:3] == [(1, A), (2, B), (2, C)]
    assert [(r.rank, r.user_id) for r in rows][3:] == [(4, D), (5, E), (5, F)]


def test_full_tie_shares_rank_and_custom_points():
    rows = compute_table([1, 2], [Result.two(1, 2, 0.5)], Points(3, 1, 0))
    assert [(r.rank, r.points) for r in rows] == [(1, 1), (1, 1)]


def test_format_fits_discord_and_truncates():
    rows = compute_table(list(range(1, 201)), [Result.two(i, i + 1, 1) for i in range(1, 200)])
    text = format_table(rows, {1: "A very long display name indeed"}, title="Big league")
    assert len(text) <= 2000 and "more" in text and "A very long displ…" in text
    small = format_table(compute_table([1, 2], [Result.two(1, 2, 1)]), {1: "Ann", 2: "Bo"})
    assert small.count("\n") >= 3 and "Ann" in small and len(small) < 400


def test_places_count_and_a_better_place_beats_a_worse_one():
    """Free-for-all results by place: the table counts every place, and Sonneborn-Berger
    credits each opponent finished below you (not only the winner's)."""
    A, B, C, D = 1, 2, 3, 4
    results = [Result((A, B, C, D), (1, 0, 0, 0), (1, 2, 3, 4)),
               Result((A, B, C, D), (0, 0, 0, 1), (2, 4, 3, 1))]
    by = {r.user_id: r for r in compute_table([A, B, C, D], results)}
    assert [by[u].places for u in (A, B, C, D)] == [(1, 1, 0, 0), (0, 1, 0, 1),
                                                    (0, 0, 2, 0), (1, 0, 0, 1)]
    # a place between first and last is worth a share of a win: 2, 4/3, 2/3, 0
    assert [round(by[u].points * 3) for u in (A, B, C, D)] == [10, 4, 4, 6]
    # Sonneborn-Berger: the points of everyone finished below you
    assert round(by[B].sb * 3) == 10  # B above C and D in game 1
    assert round(by[C].sb * 3) == 10  # C above D in game 1, above B in game 2
    assert round(by[A].sb * 3) == (4 + 4 + 6) + (4 + 4)  # above B, C, D; then C and B
    text = format_table(list(by.values()))
    assert "Places" in text and " 1·1·0·0\n" in text and " 0·0·2·0\n" in text
    assert "3.33" in text and "1.33" in text  # shares shown to two places


def test_second_place_scores_above_last_and_two_sides_score_as_before():
    four = compute_table([1, 2, 3, 4], [Result((1, 2, 3, 4), (1, 0, 0, 0), (1, 2, 3, 4))])
    pts = {r.user_id: r.points for r in four}
    assert pts[1] > pts[2] > pts[3] > pts[4] == 0 and pts[1] == 2
    # a city of two factions winning together: two places only, a win each
    teams = compute_table([1, 2, 3, 4], [Result((1, 2, 3, 4), (1, 1, 0, 0), (1, 1, 2, 2))])
    assert sorted(r.points for r in teams) == [0, 0, 2, 2]
    # a league's own points apply in steps too: win 3, loss 1 -> second of three gets 2
    three = compute_table([1, 2, 3], [Result((1, 2, 3), (1, 0, 0), (1, 2, 3))],
                          points=Points(3, 1.5, 1))
    assert sorted(r.points for r in three) == [1, 2, 3]


def test_two_sides_show_no_places_column():
    rows = compute_table([1, 2, 3], [Result((1, 2, 3), (1, 1, 0), (1, 1, 2))])
    assert [r.places for r in rows] == [(1, 0, 0), (1, 0, 0), (0, 1, 0)]
    assert "Places" not in format_table(rows)
