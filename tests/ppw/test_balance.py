"""The balance tool (tests/ppw/balance.py) ranks recorded games again under other pars:
under the pars they were played with it must find the engine's own first place (rule 9.5),
and a par moved far enough must change the ranking."""

from __future__ import annotations

from engine.players.ppw_duel import finish
from tests.ppw.balance import _wins, current_pars, holdings, record


def test_recorded_games_rank_again_as_the_engine_ranked_them():
    groups = holdings("archidamian", 2)
    rows = [record(finish("archidamian", 2, ("random", "random"), f"bal:{i}"),
                   ("random", "random")) for i in range(3)]
    par = current_pars("archidamian", 2)
    for r in rows:
        wins, shared = _wins([r], groups, par)
        firsts = [g for g, w in wins.items() if w]
        assert shared or firsts == [next(g for g in groups if set(g) & set(r["first"]))]
    scored = [r for r in rows if r["reason"] == "score"]
    assert scored  # random games of the short scenario end by the score (seeds fixed)
    # Athens' par far below or far above: it comes first every time, or never
    low, high = dict(par, athens=-100.0), dict(par, athens=100.0)
    assert _wins(scored, groups, low)[0][("athens",)] == len(scored)
    assert _wins(scored, groups, high)[0][("athens",)] == 0
