"""The bot hands the outcome's places to the community (bot/community.py `record_end`):
a finished game's ranking, not only its winners, reaches results and ratings."""

from __future__ import annotations

from types import SimpleNamespace

from bot.community import CommunityHooks
from engine import Outcome
from service.community import Community
from service.results import GameInfo, SeatInfo

from .conftest import T0

SEATS = ("argos", "corinth", "megara", "elis")


async def test_record_end_passes_the_places(tmp_path):
    out = Outcome(("corinth",), "the most Honor", "C3",
                  places=(("corinth",), ("elis",), ("megara",), ("argos",)))
    info = GameInfo(id=7, guild_id=None, channel_id=70, ruleset="council", scenario="standard",
                    options={}, status="finished", version=40,
                    seats=tuple(SeatInfo(s, u) for s, u in zip(SEATS, (1, 2, 3, 4))),
                    seat_names=SEATS, created_by=1, engine_version=None, rules_version=None,
                    seed_hash=None, seed=None, outcome=out.to_dict(), created_at=T0,
                    started_at=T0, ended_at=T0)
    async with Community(tmp_path / "k.db", now=lambda: T0) as c:
        hooks = CommunityHooks(SimpleNamespace(keryx=SimpleNamespace(svc=None)), c,
                               interval_s=None)
        report = await hooks.record_end(info)
        assert report is not None
        after = {ch.user_id: ch.after for ch in report.rating_changes}
        assert after[2] > after[4] > after[3] > after[1]   # 1st corinth ... 4th argos
        rows = await c.db.all("SELECT user_id, place FROM player_games ORDER BY user_id")
        assert [tuple(r) for r in rows] == [(1, 4), (2, 1), (3, 3), (4, 2)]
