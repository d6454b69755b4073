"""What a moderator may record in a league of allies, and how results read."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.league_commands import parse_result, result_choices
from service.community.leagues import League, LeagueGame, lineup, result_text
from service.community.pace import Pace
from service.community.ratings import ranking
from service.community.standings import Points
from shared.errors import UserError

T = datetime(2025, 3, 1, tzinfo=UTC)


def allies_league() -> League:
    return League(1, 1, 5, "Boeotia", "allies", "standard", ("thebes", "athens", "plataea"),
                  {}, Pace.default(), "notify", 1, 0, Points(), 14, True, 18, "running", None,
                  T, T, None, holdings=(("thebes",), ("athens",), ("plataea",)),
                  teams=(("athens", "plataea"), ("thebes",)))


def test_result_choices_name_each_side_once():
    lg = allies_league()
    got = [(c.name, c.value) for c in result_choices(lg, "")]
    assert got == [("Thebes wins", "thebes"), ("Athens & Plataea win", "athens"),
                   ("draw", "draw"), ("void (no result)", "void")]
    assert parse_result(lg, "athens") == ["athens"] and parse_result(lg, "Thebes") == ["thebes"]
    assert parse_result(lg, "draw") == [] and parse_result(lg, "void") is None
    with pytest.raises(UserError):
        parse_result(lg, "sparta")
    # allies win together
    assert lg.results_for(ranking(lg.seats, sorted(lg.winners_of(["plataea"])))) == (
        ("loss", "win", "win"), (2, 1, 1))


def test_result_text_for_three():
    lg = LeagueGame(1, 1, 1, 1, None, None, "finished", "played", T, users=(7, 8, 9),
                    results=("loss", "win", "win"))
    names = {7: "Ann", 8: "Bo", 9: "Cy"}
    assert result_text(lg, lambda p: names[lg.users[p]]) == "Bo and Cy beat Ann"
    assert lineup(lg, lambda p: names[lg.users[p]]) == "Ann v Bo v Cy"
    drawn = LeagueGame(1, 1, 1, 1, None, None, "finished", "played", T, users=(7, 8, 9),
                       results=("draw",) * 3)
    assert result_text(drawn, lambda p: names[drawn.users[p]]) == "Ann, Bo and Cy drew"
