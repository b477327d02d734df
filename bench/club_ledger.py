"""A club's ledger of years, written as a real club writes one (issue #45): beside
``bench_scale.py``'s one repeated template game, the ledger its figures are measured on too.

Some 200 members (a few play most evenings, most now and then; names in several scripts), two
club nights a week over the years given, every kind of table (standard, Hollywood, three-handed,
partnership, Rummy) at stakes in euros or for nothing, games to targets that make them 5 to 40
hands long, Rummy ended by the players. As at a real table: a hand taken back and entered again
('undo'), a hand corrected ('edit') or deleted, a name typed wrong and put right ('rename'), a
game ended early or voided, a few left in progress; the club's tablet records most hands, a
member's phone now and then takes over (a second file for the game); every week the games are
settled with 'settle --record' (now and then from a phone; once a season taken back and recorded
again), and a game corrected after its settlement is squared by the next one.

The games are played with ginscore's own actions (``ginscore.ops.actions``: every hand checked
and scored as a command would) on a clock set to the evening, and written as the devices write
them; the settlements are recorded by the real command, in this process, on the same clock.

    python bench/club_ledger.py FOLDER --games 20000 [--years 10] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from datetime import datetime, timedelta, timezone
from decimal import Decimal

from ginscore.base.errors import GinscoreError
from ginscore.base.ids import GAME_ID_LENGTH, digest
from ginscore.core import game as game_module
from ginscore.ops import actions
from ginscore.ops import undo as undoing
from ginscore.store.game_file import encode
from ginscore.store.ledger import canonical

FIRST = ("Ann", "Ben", "Cy", "Dee", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou", "Max", "Nell", "Otto", "Pia",
         "Quinn", "Rosa", "Sam", "Tess", "Ugo", "Vera", "Walt", "Xena", "Yves", "Zoë", "Åsa", "Jörg", "Łucja", "Søren",
         "Алиса", "Борис", "Віра", "Олег", "Renée", "Maëlle", "Dmitri", "Ines", "Björn", "Chloé")
LAST = ("A.", "B.", "C.", "D.", "E.", "F.", "G.", "H.", "K.", "L.", "M.", "N.", "P.", "R.", "S.", "T.", "W.")
# kind of table, its share of the games, the players at it
TABLES = (("standard", 0.45, (2,)), ("hollywood", 0.15, (2,)), ("three-handed", 0.10, (3,)),
          ("partnership", 0.10, (4,)), ("rummy", 0.20, (3, 4, 5)))
TARGETS = {"standard": (100, 150, 200, 300, 500), "hollywood": (100, 150, 200, 250), "three-handed": (150, 250, 400),
           "partnership": (125, 200, 300, 500)}
DEVICES = ("club", "phone1", "phone2", "phone3")  # the club's tablet, and members' phones
TAKEN: set = set()  # the game ids made so far
START = datetime(2016, 1, 4, 19, 0, tzinfo=timezone.utc)  # a Monday: the first club night


class Clock:
    """The wall clock ginscore reads (``core.game``: ``now``, ``now_ms`` and every entry's time),
    set by the build: each entry a few minutes after the one before, on the evening played."""

    def __init__(self):
        self.moment = START
        clock = self

        class Frozen(datetime):
            @classmethod
            def now(cls, tz=None):
                return clock.moment if tz is not None else clock.moment.replace(tzinfo=None)

        self.frozen = Frozen

    def __enter__(self):
        self.saved = game_module.datetime
        game_module.datetime = self.frozen
        return self

    def __exit__(self, *exc):
        game_module.datetime = self.saved

    def tick(self, rng, low: int = 2, high: int = 7) -> None:
        self.moment += timedelta(minutes=rng.randint(low, high), seconds=rng.randint(0, 59))


def members(rng: random.Random, count: int = 200) -> tuple[list, list]:
    """(names, weights): some members play most nights, most now and then."""
    names = sorted({f"{first} {last}" for first in FIRST for last in LAST})
    chosen = rng.sample(names, count)
    return chosen, [1 / (rank + 3) for rank in range(count)]


def typo(name: str, rng: random.Random) -> str:
    """A name typed wrong at the table: two letters swapped (Alcie for Alice)."""
    first = name.split()[0]
    if len(first) < 3:
        return name + name[-1]
    at = rng.randrange(len(first) - 1)
    swapped = first[:at] + first[at + 1] + first[at] + first[at + 2:]
    return name if swapped == first else swapped + name[len(first):]


def a_hand(state, rng: random.Random) -> dict:
    players = state.game.players
    if state.game.table == "rummy":
        winner = rng.choice(players)
        most = 10 * (10 if len(players) == 2 else 7 if len(players) <= 4 else 6)
        return {"kind": "out", "player": winner, "losers": {name: rng.randint(1, most // 2) for name in players if name != winner}}
    roll, player = rng.random(), rng.choice(players)
    if roll < 0.04:
        return {"kind": "draw", **({"player": player} if state.game.table == "partnership" else {})}
    if roll < 0.22:
        return {"kind": "gin", "player": player, "opponent_deadwood": rng.randint(3, 70)}
    return {"kind": "knock", "player": player, "deadwood": rng.randint(1, 10), "opponent_deadwood": rng.randint(0, 60)}


def tried(change, game, *args):
    """``change(game, *args)``'s new game, or None where the kind of table refuses it (as a person
    at the card table would be told, and enter something else)."""
    try:
        return change(game, *args)[0]
    except GinscoreError:
        return None


def play(game, clock: Clock, rng: random.Random, devices: list):
    """Play ``game`` to its end on its kind of table's rules, with what happens at a real card table."""
    kind_of = game.table
    length = rng.randint(5, 40)
    for number in range(400):
        state = actions.evaluate(game)
        if state.finished or (kind_of == "rummy" and len(state.rows) >= length):
            break
        clock.tick(rng)
        if len(devices) > 1 and number == len(state.rows) // 2 + 1 and rng.random() < 0.5:
            game = game._replace(device=devices[1])  # a phone takes over
        roll = rng.random()
        if roll < 0.03 and state.rows:
            game = tried(lambda game: (undoing.undo(game).game,), game) or game  # taken back, entered again below
        elif roll < 0.05 and len(state.rows) > 2:
            number = rng.randint(1, len(state.rows))
            game = tried(actions.edit, game, number, a_hand(state, rng)) or game
            continue
        elif roll < 0.06 and len(state.rows) > 3:
            game = tried(actions.undo_hand, game, rng.randint(1, len(state.rows)), "delete") or game
            continue
        game = tried(actions.record, game, a_hand(state, rng)) or game
    state = actions.evaluate(game)
    if not state.finished and kind_of == "rummy":
        clock.tick(rng)
        game = tried(actions.abandon, game) or game
    return game


def new_game(clock: Clock, rng: random.Random, people: tuple, device: str, stake: bool):
    kinds, shares, seats = zip(*TABLES)
    table = rng.choices(kinds, shares)[0]
    count = rng.choice(seats[kinds.index(table)])
    names, weights = people
    chosen: list = []
    while len(chosen) < count:
        name = rng.choices(names, weights)[0]
        if name not in chosen:
            chosen.append(name)
    typed_wrong = None
    if rng.random() < 0.01:  # a name typed wrong when the game is started, put right after a hand or two
        wrong = typo(chosen[0], rng)
        if wrong not in chosen and wrong.lower() not in {name.lower() for name in names}:
            typed_wrong, chosen[0] = (wrong, chosen[0]), wrong
    settings = {"target": rng.choice(TARGETS[table])} if table in TARGETS else {}
    clock_ms = int(clock.moment.timestamp() * 1000)
    attempt = 0
    while (game_id := digest(f"{device}:{clock_ms}:{attempt}", GAME_ID_LENGTH)) in TAKEN:  # as Ledger.new_id
        attempt += 1
    TAKEN.add(game_id)
    game = actions.new_game(game_id, chosen, table=table, settings=settings,
                            stake=Decimal(rng.choice(("0.05", "0.10", "0.02"))) if stake else None, currency="€" if stake else None)
    return game._replace(clock=clock_ms, device=device), typed_wrong


def write(root: str, game) -> None:
    """Each device's file of ``game``: the game as started and the entries that device made."""
    games = os.path.join(root, "games")
    starter = game.journal[0]["device"] if game.journal else game.device
    by_device: dict = {starter: []}
    for entry in game.journal:
        by_device.setdefault(entry["device"], []).append(entry)
    for device, entries in by_device.items():
        with open(os.path.join(games, f"game-{game.id}.{device}.json"), "wb") as handle:
            handle.write(canonical(encode(game, entries, device)))


def build(root: str, count: int, years: float = 10, seed: int = 1, say=print) -> dict:
    """Write a club's ``count`` games over ``years`` into ``root``, settled every week; returns
    what was written (games, hands, settlements, ...)."""
    from click.testing import CliRunner

    from ginscore.cli import cli

    rng = random.Random(seed)
    people = members(rng)
    os.makedirs(os.path.join(root, "games"), exist_ok=True)
    # the devices' own folders beside the ledger, never the user's
    env = {"GINSCORE_DEVICE": "club", "GINSCORE_LANG": "en", "TZ": "UTC", "GINSCORE_STATE": f"{root}.state",
           "GINSCORE_CACHE": f"{root}.cache", "GINSCORE_CONFIG": f"{root}.config.toml"}
    os.environ["TZ"] = "UTC"
    time.tzset()
    nights = int(years * 52.18) * 2  # Mondays and Thursdays
    per_night = count / nights
    written = {"games": 0, "hands": 0, "settlements": 0, "taken back": 0, "corrected after settling": 0, "files": 0}
    started = time.perf_counter()
    runner = CliRunner()
    late = []  # settled games corrected later

    def invoke(*words, device="club"):
        result = runner.invoke(cli, ["--ledger", root, *words], env={**env, "GINSCORE_DEVICE": device}, catch_exceptions=False)
        if result.exit_code not in (0, 1):
            raise SystemExit(f"{' '.join(words)}: {result.output}")
        return result

    made = 0
    with Clock() as clock:
        for night in range(nights):
            day = START + timedelta(days=7 * (night // 2) + 3 * (night % 2))
            due = round(per_night * (night + 1)) if night < nights - 1 else count
            for _game in range(due - made):  # the night's games, at a few card tables at once, one after another
                clock.moment = day + timedelta(seconds=rng.randint(0, 3 * 3600), milliseconds=rng.randint(0, 999))
                devices = ["club", rng.choice(DEVICES[1:])] if rng.random() < 0.15 else ["club"]
                game, typed_wrong = new_game(clock, rng, people, devices[0], stake=rng.random() < 0.85)
                if typed_wrong:
                    game = play_with_rename(game, clock, rng, devices, typed_wrong)
                else:
                    game = play(game, clock, rng, devices)
                if rng.random() < 0.004:
                    game = tried(actions.void_game, game) or game
                write(root, game)
                made += 1
                written["games"] += 1
                written["hands"] += len(actions.evaluate(game).rows)
                written["files"] += len({entry["device"] for entry in game.journal} | {devices[0]})
                if rng.random() < 0.002:
                    late.append(game.id)
            if night % 2 == 1:  # Sunday night: the week settled
                clock.moment = day + timedelta(days=3, hours=2)
                for game_id in late:  # corrected after it was settled (a hand told wrong): squared now
                    correct_late(root, game_id, clock, rng)
                    written["corrected after settling"] += 1
                late = []
                week = (day - timedelta(days=3)).date()
                device = "club" if rng.random() < 0.9 else "phone1"
                words = ["settle", "--since", week.isoformat(), "--until", (week + timedelta(days=7)).isoformat(), "--record"]
                settlement = json.loads(invoke(*words, "--json", device=device).output)["settlement_id"]
                written["settlements"] += 1
                if rng.random() < 0.01:  # taken back (a payment was wrong) and recorded again
                    clock.tick(rng)
                    if settlement:
                        invoke("undo", "--settlement", settlement, device=device)
                        clock.tick(rng)
                        invoke(*words, device=device)
                        written["taken back"] += 1
                if (night // 2) % 52 == 0:
                    say(f"  {made} games, week {night // 2 + 1}, {time.perf_counter() - started:.0f} s", flush=True)
        for _left in range(3):  # a few games left in progress on the last night
            game, _typed = new_game(clock, rng, people, "club", stake=True)
            for _hand in range(2):
                clock.tick(rng)
                game = tried(actions.record, game, a_hand(actions.evaluate(game), rng)) or game
            write(root, game)
    return written


def evening(root: str, day: datetime, count: int, seed: int = 99) -> None:
    """``count`` games of the club on the evening of ``day``, finished and not settled yet: what
    an evening's 'settle' settles."""
    rng = random.Random(seed)
    people = members(random.Random(1))  # the club's members, as ``build`` chose them
    with Clock() as clock:
        start = day.replace(hour=19, minute=0, second=0, microsecond=0, tzinfo=timezone.utc)
        for _game in range(count):
            clock.moment = start + timedelta(seconds=rng.randint(0, 3 * 3600), milliseconds=rng.randint(0, 999))
            game, typed_wrong = new_game(clock, rng, people, "club", stake=True)
            write(root, play_with_rename(game, clock, rng, ["club"], typed_wrong) if typed_wrong else play(game, clock, rng, ["club"]))


def play_with_rename(game, clock, rng, devices, typed_wrong):
    wrong, right = typed_wrong
    for _hand in range(rng.randint(1, 2)):
        clock.tick(rng)
        game = tried(actions.record, game, a_hand(actions.evaluate(game), rng)) or game
    clock.tick(rng)
    game = tried(actions.rename, game, wrong, right) or game
    return play(game, clock, rng, devices)


def correct_late(root: str, game_id: str, clock: Clock, rng: random.Random) -> None:
    """Correct a hand of a settled game, as its device would: its file written again."""
    from ginscore.store import game_file
    from ginscore.store.ledger import Ledger

    ledger = Ledger(root, game_file, device=lambda: "club")
    game = ledger.load(game_id)._replace(device="club")
    state = actions.evaluate(game)
    if not state.rows or state.game.table == "rummy":
        return
    clock.tick(rng)
    corrected = tried(actions.edit, game, len(state.rows), a_hand(state, rng))
    if corrected is not None:
        write(root, corrected)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--years", type=float, default=10)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    start = time.perf_counter()
    written = build(options.folder, options.games, options.years, options.seed)
    print(f"{written} in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
