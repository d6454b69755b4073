"""Two-player ratings are exactly what they were before leagues and ratings learned N seats
and teams: a fixed season of results, with idle gaps, draws and a time forfeit, must give
the values the two-seat code gave (recorded from it, to 1e-9)."""

from __future__ import annotations

import pytest

from service.community import Pace

from .conftest import T0, D, H

# (game id, athens, sparta, winners, days after T0)
SEASON = [(1, 1, 2, ["athens"], 0), (2, 3, 4, ["sparta"], 1), (3, 1, 3, [], 3),
          (4, 4, 2, ["athens"], 5), (5, 2, 3, ["sparta"], 40), (6, 4, 1, ["athens", "sparta"], 41),
          (7, 1, 2, ["sparta"], 90), (8, 3, 4, ["athens"], 91)]

GOLDEN = {1: (1420.7455897846996, 217.62500296671988, 0.06000225023564264, 4),
          2: (1390.8347893777566, 217.62530523703316, 0.060002474772820315, 4),
          3: (1643.322799447305, 207.4058044535843, 0.0599996071385764, 4),
          4: (1545.1084300301661, 207.39092770067657, 0.059998929587236745, 4)}


async def season(community):
    for gid, a, s, winners, day in SEASON:
        at = T0 + day * D
        await community.game_started(gid, channel_id=900 + gid, ruleset="athens-sparta",
                                     players={"athens": a, "sparta": s}, to_act=["athens"],
                                     at=at, pace=Pace.default())
        await community.game_ended(gid, winners=winners, at=at + 5 * H)
    return {u: await community.ratings.get(u, "athens-sparta") for u in (1, 2, 3, 4)}


async def test_two_player_ratings_are_unchanged(community):
    got = await season(community)
    values = {u: (r.rating, r.rd, r.volatility, r.games) for u, r in got.items()}
    for u, (rating, rd, vol, games) in GOLDEN.items():
        assert values[u][0] == pytest.approx(rating, abs=1e-9)
        assert values[u][1] == pytest.approx(rd, abs=1e-9)
        assert values[u][2] == pytest.approx(vol, abs=1e-12)
        assert values[u][3] == games
