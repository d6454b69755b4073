"""Leagues, tables and ratings of a database as plain text, for `keryx league` (a host
looks at a bot's database, or at the sandbox's, without Discord)."""

from __future__ import annotations

from collections import Counter

from .community import Community
from .leagues import League, LeagueGame, lineup, names_of, result_text


def _heading(league: League, games: Counter[str], entrants: int) -> str:
    done = games["finished"] + games["void"]
    return (f"#{league.id} {league.name} — {league.ruleset} ({league.scenario}), "
            f"{league.status}, {entrants} entrants, {done}/{sum(games.values())} games over")


async def leagues_text(community: Community) -> str:
    """One line per league of every server in the database."""
    ids = [r[0] for r in await community.db.all("SELECT id FROM leagues ORDER BY id", ())]
    lines = []
    for league_id in ids:
        league = await community.leagues.get(league_id)
        games = Counter(g.status for g in await community.leagues.games(league_id))
        entrants = len(await community.leagues.players(league_id, include_removed=True))
        lines.append(_heading(league, games, entrants))
    return "\n".join(lines) or "No leagues in this database."


async def league_text(community: Community, league: League) -> str:
    """A league's heading, its results, its table and the rating list of its game."""
    games = await community.leagues.games(league.id)
    entrants = await community.leagues.players(league.id, include_removed=True)
    board = await community.ratings.leaderboard(league.ruleset, limit=50,
                                                include_provisional=True)
    names = await names_of(community.db.reader,
                           sorted({*entrants, *(r.user_id for r in board)}))

    def name(user: int) -> str:
        return names.get(user, str(user))

    lines = [_heading(league, Counter(g.status for g in games), len(entrants)), ""]
    for g in games:
        def label(place: int, g: LeagueGame = g) -> str:
            return f"{name(g.users[place])} ({league.place_title(place)})"

        if g.status == "finished":
            how = g.result_how if g.result_how not in (None, "played") else ""
            what = result_text(g, label) + (f" ({how})" if how else "")
        else:
            what = f"{lineup(g, label)}: {g.status}"
        lines.append(f"round {g.round}, game {g.id}: {what}")
    table = await community.leagues.table_text(league.id)
    lines += ["", table.replace("```", "").replace("**", ""),  # Discord's markup, dropped
              "",
              f"Ratings ({league.ruleset}; ? = provisional, too few games to rank):"]
    lines += [f"{name(r.user_id):20} {r.rating:6.0f}{'?' if r.provisional else ' '} "
              f"±{2 * r.rd:.0f} · {r.games} games" for r in board]
    return "\n".join(lines)


async def overview(database: str, league_name: str | None = None) -> str | None:
    """Every league (no name), or the named league in detail; None: no league so named."""
    async with Community(database) as community:
        if league_name is None:
            return await leagues_text(community)
        rows = await community.db.all(
            "SELECT id FROM leagues WHERE lower(name) = lower(?) ORDER BY id", (league_name,))
        texts = [await league_text(community, await community.leagues.get(r[0])) for r in rows]
        return "\n\n".join(texts) if texts else None
