"""A league's house bot: Keryx entered as a player at one level (service/bots.py). It
holds the reserved id of that level, so it is paired, scored and rated like any entrant,
its games are opened like anyone's and the service's bot runner plays its seats. Its name
is remembered like a member's, so tables, digests and titles call it "Keryx (level)"."""

from __future__ import annotations

from datetime import datetime

from engine.players import cannot_play

from ..bots import bot_id, bot_name
from .clocks import CommunityError
from .community import Community
from .leagues import LeagueGame


async def add_house_bot(community: Community, league_id: int, level: str,
                        at: datetime) -> tuple[int, list[LeagueGame]]:
    """Enter Keryx at `level` in the league (before or after its start, like a late
    entrant); returns its user id and the new pairings."""
    league = await community.leagues.get(league_id)
    reason = cannot_play(level, league.ruleset)
    if reason is not None:
        raise CommunityError(f"Keryx cannot play this league's game at that level: {reason}")
    uid = bot_id(level)
    await community.remember_name(uid, bot_name(uid))
    return uid, await community.leagues.add_player(league_id, uid, at)
