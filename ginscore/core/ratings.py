"""The ladder's ratings: each player's skill and its uncertainty, learned game by game from the
order the players finished in (pure; docs/ladder.md).

The model is Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013), each rated game
one rating period for the players in it, extended in three ways that the ratings bench
(bench/bench_ratings.py, bench/README.md) chose its settings by:

- **more than two**: a player's game against every other side at the card table is one result
  (1 ahead of it, 0.5 level, 0 behind), each weighed ``(sides - 1) ** -multiplayer``, so that
  with the default a card table of any size counts as much as one game of two;
- **teams** (partnership sides): a side plays with its members' mean rating and its
  uncertainty's root mean square; each member moves by the side's result, by his own uncertainty;
- **time away**: a player's uncertainty grows with the days since his last game
  (``daily_deviation``, as Glicko-1's ``c``), up to a new player's.

A rating is on the familiar Elo scale (a new player 1500; 400 points between two players is
odds of 10 to 1); ``uncertainty`` is Glicko's rating deviation (RD), in the same points.
"""

from __future__ import annotations

import math

from ginscore.base.records import Record

SCALE = 400 / math.log(10)  # 173.7178: Glicko-2's internal unit in rating points
BASE = 1500.0
LEVEL = 0.5  # a side level with another scores half a game against it
CONVERGENCE = 1e-6  # Glickman's epsilon for the volatility's iteration


class Settings(Record):
    """A rating model's settings, in rating points (converted to Glicko-2's units when used)."""

    deviation: float = 350.0  # a new player's uncertainty
    volatility: float = 0.06  # a new player's volatility
    tau: float = 0.5  # how fast the volatility may change (0: it stays as it is)
    daily_deviation: float = 0.0  # rating points of uncertainty a day away adds: sqrt(RD^2 + c^2 * days)
    multiplayer: float = 1.0  # each of the other sides counts (sides - 1) ** -multiplayer of a game

    def words(self) -> str:
        """The settings as one line of text (the ladder's JSON, and a cache's key)."""
        return (f"glicko-2 deviation={self.deviation:g} volatility={self.volatility:g} tau={self.tau:g} "
                f"daily_deviation={self.daily_deviation:g} multiplayer={self.multiplayer:g}")


# Glickman's own settings, every other side a whole game: the bench's "Glicko-2 (defaults)".
GLICKO2 = Settings(350.0, 0.06, 0.5, 0.0, 0.0)
# ginscore's, as the bench measured them best on held-out games (bench/README.md).
DEFAULT = Settings(250.0, 0.02, 0.5, 1.0, 0.5)


class Rating:
    """One player's rating as it stands: ``mu`` and ``phi`` on Glicko-2's scale, ``sigma`` his
    volatility, ``day`` of his last game, his rated ``games`` and ``wins``."""

    __slots__ = ("mu", "phi", "sigma", "day", "games", "wins")

    def __init__(self, mu: float, phi: float, sigma: float, day: int, games: int = 0, wins: int = 0):
        self.mu, self.phi, self.sigma, self.day, self.games, self.wins = mu, phi, sigma, day, games, wins

    @property
    def rating(self) -> float:
        return BASE + SCALE * self.mu

    @property
    def uncertainty(self) -> float:
        return SCALE * self.phi

    def copy(self) -> "Rating":
        return Rating(self.mu, self.phi, self.sigma, self.day, self.games, self.wins)


def new_rating(settings: Settings, day: int = 0) -> Rating:
    return Rating(0.0, settings.deviation / SCALE, settings.volatility, day)


def from_points(rating: float, uncertainty: float, volatility: float, day: int = 0, games: int = 0, wins: int = 0) -> Rating:
    """A rating given in rating points (as the ladder shows and keeps it)."""
    return Rating((rating - BASE) / SCALE, uncertainty / SCALE, volatility, day, games, wins)


def g(phi: float) -> float:
    """Glicko's weight of a result against an opponent as uncertain as ``phi``."""
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def expected(mu: float, other_mu: float, other_phi: float) -> float:
    """The score ``mu`` is expected to make against an opponent (``other_mu``, ``other_phi``)."""
    return 1 / (1 + math.exp(-g(other_phi) * (mu - other_mu)))


def new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5 of Glicko-2: the volatility after a period whose improvement was ``delta`` with
    variance ``v`` (the Illinois algorithm, as Glickman gives it)."""
    if tau <= 0:
        return sigma
    a = math.log(sigma * sigma)
    phi2, delta2, tau2 = phi * phi, delta * delta, tau * tau

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta2 - phi2 - v - ex) / (2 * (phi2 + v + ex) ** 2) - (x - a) / tau2

    low = a
    if delta2 > phi2 + v:
        high = math.log(delta2 - phi2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > CONVERGENCE:
        middle = low + (low - high) * f_low / (f_high - f_low)
        f_middle = f(middle)
        if f_middle * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = middle, f_middle
    return math.exp(low / 2)


def rated_period(player: Rating, results, tau: float) -> tuple:
    """Glicko-2's steps 3 to 8 for one player over one rating period: ``results`` are
    (opponent's mu, opponent's phi, score, weight); returns (mu, phi, sigma) after it."""
    inverse_v = 0.0
    improvement = 0.0
    for other_mu, other_phi, score, weight in results:
        weight_g = g(other_phi)
        expect = 1 / (1 + math.exp(-weight_g * (player.mu - other_mu)))
        inverse_v += weight * weight_g * weight_g * expect * (1 - expect)
        improvement += weight * weight_g * (score - expect)
    if inverse_v <= 0:  # no result: only the period passes
        return player.mu, math.sqrt(player.phi * player.phi + player.sigma * player.sigma), player.sigma
    v = 1 / inverse_v
    sigma = new_volatility(player.phi, player.sigma, v * improvement, v, tau)
    phi_star2 = player.phi * player.phi + sigma * sigma
    phi = 1 / math.sqrt(1 / phi_star2 + inverse_v)
    return player.mu + phi * phi * improvement, phi, sigma


def aged(player: Rating, day: int, settings: Settings) -> Rating:
    """``player`` as his uncertainty stands on ``day``, after the days since his last game."""
    away = day - player.day
    if away <= 0 or settings.daily_deviation <= 0:
        return player
    most = settings.deviation / SCALE
    daily = settings.daily_deviation / SCALE
    phi = min(math.sqrt(player.phi * player.phi + daily * daily * away), most)
    return Rating(player.mu, max(phi, player.phi), player.sigma, player.day, player.games, player.wins)


def side_of(members: list) -> tuple:
    """(mu, phi) a side plays with: its members' mean rating, the root mean square of their
    uncertainties (a side of one: that player's own)."""
    if len(members) == 1:
        return members[0].mu, members[0].phi
    count = len(members)
    return sum(member.mu for member in members) / count, math.sqrt(sum(member.phi * member.phi for member in members) / count)


def play(ratings: dict, contest, day: int, settings: Settings = DEFAULT) -> dict:
    """Rate one game: ``contest`` is its sides in finishing order, each (place, keys) (a lower
    place finished ahead; equal places are level), ``ratings`` maps a key to its ``Rating``
    (a key not in it starts new) and is updated in place. Returns the players' ratings after
    it, key -> Rating (the same objects)."""
    sides = []
    for place, keys in contest:
        members = [aged(ratings[key], day, settings) if key in ratings else new_rating(settings, day) for key in keys]
        sides.append((place, keys, members, side_of(members)))
    if len(sides) < 2:
        return {}
    weight = (len(sides) - 1) ** -settings.multiplayer if settings.multiplayer else 1.0
    first = min(place for place, *_rest in sides)
    ahead_of_someone = any(place != first for place, *_rest in sides)
    after = {}
    for index, (place, keys, members, (mu, _phi)) in enumerate(sides):
        results = []
        for other, (other_place, _keys, _members, (other_mu, other_phi)) in enumerate(sides):
            if other != index:
                score = 1.0 if place < other_place else LEVEL if place == other_place else 0.0
                results.append((other_mu, other_phi, score, weight))
        for key, member in zip(keys, members):
            # a member plays with his side's rating: his own moves by its result, by his uncertainty
            playing = Rating(mu, member.phi, member.sigma, day)
            new_mu, phi, sigma = rated_period(playing, results, settings.tau)
            won = int(place == first and ahead_of_someone)
            after[key] = Rating(member.mu + (new_mu - mu), phi, sigma, day, member.games + 1, member.wins + won)
    ratings.update(after)
    return after


def win_probability(sides: list) -> list:
    """Each side's chance of finishing first, ``sides`` each a list of ``Rating``: for two,
    Glicko's expected score over both uncertainties; for more, the same odds as a
    Plackett-Luce race (each side's chance in proportion to ``exp(g * mu)``), which gives two
    exactly the two-player chance."""
    played = [side_of(members) for members in sides]
    spread = math.sqrt(2 * sum(phi * phi for _mu, phi in played) / len(played))
    weight = g(spread)
    top = max(mu for mu, _phi in played)
    odds = [math.exp(weight * (mu - top)) for mu, _phi in played]
    total = sum(odds)
    return [chance / total for chance in odds]
