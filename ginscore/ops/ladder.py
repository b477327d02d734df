"""The ladder as data (pure): each player's rating and uncertainty as they stood at the end of
a period, his rated games and wins, net points and money, when he last played and how far his
rating moved over the period; and the chance of winning between players. The ratings come from
``index.ladder`` (a ``Reader``), the money and points from the players' totals; docs/ladder.md."""

from __future__ import annotations

from ginscore.base.records import Record
from ginscore.core import ratings
from ginscore.core.names import folded

PROVISIONAL_GAMES = 10  # fewer rated games than this: the rating is provisional, shown apart
CHANGE_DAYS = 30  # without --since, the change is over the last 30 days
CHARTED = 8  # the players a chart of ratings follows: the first of the ladder


class Rung(Record):
    """One player's line of the ladder."""

    rank: int | None  # None for a provisional player
    name: str
    rating: float
    uncertainty: float
    games: int  # rated games (a Hollywood column is one) in the period, or ever without one
    wins: int  # of them, those he (his side) finished first
    net_points: int
    money: dict  # currency -> exact amount
    last_played: str  # the date (UTC) of his last rated game
    change: float  # his rating's change over the period
    provisional: bool

    def to_json(self) -> dict:
        return {
            "rank": self.rank, "name": self.name, "rating": round(self.rating, 1), "uncertainty": round(self.uncertainty, 1),
            "games": self.games, "wins": self.wins, "net_points": self.net_points, "money": dict(self.money),
            "last_played": self.last_played, "change": round(self.change, 1), "provisional": self.provisional,
        }


def rungs(reader, since: str | None, until: str | None, change_from: str, totals: list, season: bool) -> list:
    """The ladder's lines, ranked: ``reader`` gives the ratings, ``since``/``until`` the season
    (UTC bounds, or None), ``change_from`` where the change is counted from, ``totals`` the
    players' totals over the same games (``player_totals``); with ``season``, only the players
    who played in it, their games and wins in it."""
    rated = reader.player_ratings(until)
    counted = reader.season(since, until) if season else None
    if season:
        rated = [entry for entry in rated if entry.key in counted]
    before = {entry.key: entry.rating for entry in reader.player_ratings(change_from, [entry.key for entry in rated])}
    summed = {folded(entry["player"]): entry for entry in totals}
    lines = []
    for entry in rated:
        rating = entry.rating
        games, wins = counted[entry.key] if season else (rating.games, rating.wins)
        start = before[entry.key].rating if entry.key in before else ratings.BASE
        total = summed.get(entry.key, {})
        lines.append(Rung(None, entry.player, rating.rating, rating.uncertainty, games, wins, total.get("net_points", 0),
                          total.get("money", {}), entry.position[:10], rating.rating - start, rating.games < PROVISIONAL_GAMES))
    lines.sort(key=lambda line: (line.provisional, -line.rating, folded(line.name)))
    return [line._replace(rank=None if line.provisional else number + 1) for number, line in enumerate(lines)]


def versus(reader, names, until: str | None = None) -> tuple:
    """(each of ``names``' chance of winning a game between them, of finishing first for more
    than two, from the ratings as they stood before ``until``, keyed by each name as the ladder
    writes it; the names never rated, who would play as new players)."""
    keys = [folded(name) for name in names]
    found = {entry.key: entry for entry in reader.player_ratings(until, keys)}
    sides = [[found[key].rating if key in found else ratings.new_rating(ratings.DEFAULT)] for key in keys]
    written = [found[key].player if key in found else name for key, name in zip(keys, names)]
    unknown = [name for key, name in zip(keys, names) if key not in found]
    return dict(zip(written, ratings.win_probability(sides))), unknown
