"""Community play (no discord import): turn clocks and reminders, vacations, leagues,
ratings, daily digests and war chronicles. See docs/community.md."""

from .actions import (
    AbandonGame,
    Action,
    ApplyForfeit,
    ChannelMessage,
    DirectMessage,
    ModeratorAlert,
    RecordingSink,
    Sink,
)
from .chronicle import build_chronicle
from .clocks import ClockService, ClockStatus, CommunityError, GameClock, Vacation
from .community import Community, GameEndReport
from .leagues import League, LeagueGame, LeagueService
from .pace import Pace, format_duration, parse_duration
from .ratings import Profile, Rating, RatingChange, RatingService
from .roundrobin import Pairing, round_robin
from .scheduler import Scheduler, TickReport
from .skill import Skill
from .standings import Points, Standing, compute_table, format_table

__all__ = [
    "AbandonGame", "Action", "ApplyForfeit", "ChannelMessage", "ClockService", "ClockStatus",
    "Community", "CommunityError", "DirectMessage", "GameClock", "GameEndReport",
    "League", "LeagueGame", "LeagueService", "ModeratorAlert", "Pace", "Pairing", "Points",
    "Profile", "Rating", "RatingChange", "RatingService", "RecordingSink", "Scheduler",
    "Sink", "Skill", "Standing", "TickReport", "Vacation", "build_chronicle", "compute_table",
    "format_duration", "format_table", "parse_duration", "round_robin",
]
