"""Two-player ratings under the Weng-Lin model move the way they moved under the Glicko-2
code it replaced: a fixed season of results, with idle gaps, draws and a time forfeit,
raises and lowers the same player in every game and ends in the same order. The
Glicko-2 figures were recorded from that code before it was removed."""

from __future__ import annotations

import pytest

from service.community import Pace

from .conftest import T0, D, H

# (game id, athens, sparta, winners, days after T0)
SEASON = [(1, 1, 2, ["athens"], 0), (2, 3, 4, ["sparta"], 1), (3, 1, 3, [], 3),
          (4, 4, 2, ["athens"], 5), (5, 2, 3, ["sparta"], 40), (6, 4, 1, ["athens", "sparta"], 41),
          (7, 1, 2, ["sparta"], 90), (8, 3, 4, ["athens"], 91)]

# Glicko-2 (1500/350/0.06, tau 0.5): per game, who went up and who went down ...
GLICKO2_MOVES = {1: (1, 2), 2: (4, 3), 3: (3, 1), 4: (4, 2), 5: (3, 2), 6: (1, 4), 7: (2, 1),
                 8: (3, 4)}
# ... and the final ratings (to 1e-9 in the former test): 3 > 4 > 1 > 2.
GLICKO2_FINAL = {1: 1420.7455897846996, 2: 1390.8347893777566, 3: 1643.322799447305,
                 4: 1545.1084300301661}

# This model's own figures (regression values, recorded from skill.py).
FINAL = {1: 1464.4, 2: 1347.0, 3: 1620.2, 4: 1568.5}


async def season(community):
    moves = {}
    for gid, a, s, winners, day in SEASON:
        at = T0 + day * D
        await community.game_started(gid, channel_id=900 + gid, ruleset="athens-sparta",
                                     players={"athens": a, "sparta": s}, to_act=["athens"],
                                     at=at, pace=Pace.default())
        rep = await community.game_ended(gid, winners=winners, at=at + 5 * H)
        delta = {c.user_id: c.after - c.before for c in rep.rating_changes}
        moves[gid] = (max(delta, key=delta.__getitem__), min(delta, key=delta.__getitem__))
    return moves, {u: await community.ratings.get(u, "athens-sparta") for u in (1, 2, 3, 4)}


async def test_two_player_ratings_move_as_before(community):
    moves, got = await season(community)
    assert moves == GLICKO2_MOVES
    order = sorted(got, key=lambda u: -got[u].rating)
    assert order == sorted(GLICKO2_FINAL, key=lambda u: -GLICKO2_FINAL[u]) == [3, 4, 1, 2]
    for u, rating in FINAL.items():
        assert got[u].rating == pytest.approx(rating, abs=0.05)
        assert got[u].games == 4 and got[u].provisional
