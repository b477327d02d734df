"""What comes in, not the size of the ledger (issue 35): 'merge' reads, lists and summarises
as much of a ledger of 300 games as of one game; 'backup' reads each file once, and asks the
summary index rather than reading a game again to say which games are damaged."""

import functools
import json
import os
from collections import Counter

from helpers import ok

LEDGER_GAMES = 300
INCOMING_GAMES = 4


@functools.lru_cache(maxsize=None)
def template(hands: int = 2):
    """A game of Ann and Ben at 0.05 a point: Ann's gins (85 points each) win it at the second;
    each one the game of a hand less with a hand more (the same entries)."""
    from decimal import Decimal

    from ginscore.ops import actions

    if hands == 0:
        return actions.new_game("template", ["Ann", "Ben"], stake=Decimal("0.05"))
    return actions.record(template(hands - 1), {"kind": "gin", "player": "Ann", "opponent_deadwood": 60})[0]


def write_games(root, count: int, device: str, game=None) -> list:
    """``count`` games of ``device`` (``game``'s hands, finished by default) written straight
    as files, as a synced folder brings them; their ids."""
    from ginscore.base.ids import GAME_ID_LENGTH, digest
    from ginscore.store.game_file import encode
    from ginscore.store.ledger import canonical

    game = game or template()
    folder = os.path.join(root, "games")
    os.makedirs(folder, exist_ok=True)
    ids = []
    for number in range(count):
        made = digest(f"{device}:{number}", GAME_ID_LENGTH)
        created = f"20{10 + number // 1000:02d}-01-01T{number // 60 % 24:02d}:{number % 60:02d}:00+00:00"
        with open(os.path.join(folder, f"game-{made}.{device}.json"), "wb") as handle:
            handle.write(canonical(encode(game._replace(id=made, created=created, device=device))))
        ids.append(made)
    return ids


def counted(monkeypatch, ledger):
    """A Counter of what commands do to the ledger folder ``ledger`` from now on: its games
    folder listed, a game's files looked at (``file_status``: what the index compares), and
    each game file read, by name."""
    from ginscore.base import safefile
    from ginscore.store import backup, merging
    from ginscore.store import ledger as ledger_module

    seen = Counter()
    games = os.path.join(str(ledger), "games")
    listing, file_status = ledger_module.Ledger.listing, ledger_module.Ledger.file_status

    def counting_listing(self):
        seen["listings"] += self.games_dir == games
        return listing(self)

    def counting_status(self, game_id):
        seen["file statuses"] += self.games_dir == games
        return file_status(self, game_id)

    def reading(read):
        def counting_read(path, *args, **kwargs):
            if os.path.dirname(os.fspath(path)) == games:
                seen[os.path.basename(os.fspath(path))] += 1
            return read(path, *args, **kwargs)
        return counting_read

    monkeypatch.setattr(ledger_module.Ledger, "listing", counting_listing)
    monkeypatch.setattr(ledger_module.Ledger, "file_status", counting_status)
    for module in (ledger_module, merging):
        monkeypatch.setattr(module, "read_regular", reading(safefile.read_regular))
    monkeypatch.setattr(backup, "read_bytes", reading(safefile.read_bytes))
    return seen


def test_a_merge_into_300_games_looks_at_no_more_than_a_merge_into_one(run, tmp_path, monkeypatch):
    incoming = tmp_path / "incoming"
    brought = write_games(incoming, INCOMING_GAMES, "devin")
    found = {}
    for size in (1, LEDGER_GAMES):
        ledger = tmp_path / f"ledger{size}"
        write_games(ledger, size, "home")
        ok(run, ["--ledger", str(ledger), "games", "--last", "1"])  # the index, current
        with monkeypatch.context() as patched:
            seen = counted(patched, ledger)
            report = json.loads(ok(run, ["--ledger", str(ledger), "merge", str(incoming), "--json"]).stdout)
        assert sorted(report["added"]) == sorted(brought)
        found[size] = seen
        # the index is told of what came in: 'games' and 'stats' answer as from a fresh index
        listed = json.loads(ok(run, ["--ledger", str(ledger), "games", "--all", "--json"]).stdout)["games"]
        assert len(listed) == size + INCOMING_GAMES
        stats = json.loads(ok(run, ["--ledger", str(ledger), "stats", "--json"]).stdout)
        assert {name: entry["games"] for name, entry in stats["players"].items()} == dict.fromkeys(("Ann", "Ben"), size + INCOMING_GAMES)
        assert stats["players"]["Ann"]["games_won"] == size + INCOMING_GAMES
    assert found[LEDGER_GAMES] == found[1]
    # what it looks at is what it brings: each new game's files, and none of the ledger's own
    assert found[1]["file statuses"] == INCOMING_GAMES and found[1]["listings"] == 0
    assert {name for name in found[1] if name.startswith("game-")} <= {f"game-{made}.devin.json" for made in brought}


def test_merging_again_looks_at_nothing_of_the_ledger_and_changes_no_byte(run, tmp_path, monkeypatch):
    from helpers import ledger_bytes

    incoming = tmp_path / "incoming"
    write_games(incoming, INCOMING_GAMES, "devin")
    ledger = tmp_path / "ledger"
    write_games(ledger, 50, "home")
    ok(run, ["--ledger", str(ledger), "merge", str(incoming)])
    before = ledger_bytes(ledger)
    with monkeypatch.context() as patched:
        seen = counted(patched, ledger)
        result = ok(run, ["--ledger", str(ledger), "merge", str(incoming)])
    assert "Nothing new" in result.stdout and ledger_bytes(ledger) == before
    assert seen["listings"] == 0 and seen["file statuses"] == 0


def test_backup_reads_each_file_once_and_asks_the_index_the_rest(run, tmp_path, monkeypatch):
    from ginscore.store import game_file

    ledger = tmp_path / "ledger"
    ids = write_games(ledger, 30, "home")
    damaged = ledger / "games" / f"game-{ids[7]}.home.json"
    damaged.write_bytes(damaged.read_bytes().replace(b'"opponent_deadwood": 60', b'"opponent_deadwood": "sixty"', 1))
    names = sorted(os.listdir(ledger / "games"))
    decoded = Counter()
    decode = game_file.decode
    monkeypatch.setattr(game_file, "decode", lambda data, where, *more: decoded.update([os.path.basename(where)]) or decode(data, where, *more))
    for index, (cache, asked_before) in enumerate(((tmp_path / "fresh", False), (tmp_path / "cache", True))):
        monkeypatch.setenv("GINSCORE_CACHE", str(cache))
        if asked_before:
            run(["--ledger", str(ledger), "games", "--last", "1"])  # the index, current (it says the damaged game is)
        decoded.clear()
        with monkeypatch.context() as patched:
            seen = counted(patched, ledger)
            result = run(["--ledger", str(ledger), "backup", str(tmp_path / f"copy{index}"), "--json"])
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["damaged"] == [ids[7]]
        assert {name: seen[name] for name in names} == dict.fromkeys(names, 1)  # each file read once
        # without an index every game is decoded once, from the bytes copied; with one, only the
        # game the index found damaged is
        assert decoded == (Counter({damaged.name: 1}) if asked_before else Counter(names))
        assert sorted(os.listdir(tmp_path / f"copy{index}" / "games")) == names


# ---- long lists in one line: the first ten named, the others counted -------------------------------


def test_a_merge_of_many_games_names_ten_of_them_and_its_json_every_one(run, tmp_path):
    incoming, ledger = tmp_path / "incoming", tmp_path / "ledger"
    brought = write_games(incoming, 25, "devin")
    extended = write_games(incoming, 12, "devex", template(2))
    write_games(ledger, 12, "devex", template(1))  # the same 12 games, a hand short here
    report = json.loads(ok(run, ["--ledger", str(ledger), "merge", str(incoming), "--json"]).stdout)
    assert sorted(report["added"]) == sorted(brought) and report["extended"] == dict.fromkeys(extended, 1)
    ok(run, ["--ledger", str(tmp_path / "again"), "new", "Ann", "Ben"])
    write_games(tmp_path / "again", 12, "devex", template(1))
    lines = ok(run, ["--ledger", str(tmp_path / "again"), "merge", str(incoming)]).stdout.splitlines()
    assert lines[0].startswith("Added 25 games: ") and lines[0].endswith(" (and 15 more).")
    named = lines[0][len("Added 25 games: "):-len(" (and 15 more).")].split(", ")
    assert len(named) == 10 and set(named) <= set(brought)
    assert lines[1].startswith("Games that gained entries: 12 (") and lines[1].endswith(" and 2 more).")
    gained = lines[1][len("Games that gained entries: 12 ("):-len(" and 2 more).")].split(", ")
    assert len(gained) == 10 and {word.split(": +")[0] for word in gained} <= set(extended)
    assert len(lines) == 2


def test_backup_names_ten_damaged_games_and_counts_the_others(run, tmp_path):
    ledger = tmp_path / "ledger"
    ids = write_games(ledger, 14, "home")
    for game_id in ids[:12]:
        (ledger / "games" / f"game-{game_id}.home.json").write_bytes(b"{")
    result = run(["--ledger", str(ledger), "backup", str(tmp_path / "copy")])
    assert result.exit_code == 0
    warning = result.stderr.strip()
    assert warning.startswith("Warning: game file(s) ") and " (and 2 more) have problems and were copied as they are" in warning
    assert json.loads(run(["--ledger", str(ledger), "backup", str(tmp_path / "copy2"), "--json"]).stdout)["damaged"] == sorted(ids[:12])


def test_settle_all_names_ten_games_and_counts_the_others(run, tmp_path):
    ledger = tmp_path / "ledger"
    ids = write_games(ledger, 13, "home")
    result = ok(run, ["--ledger", str(ledger), "settle", "--all"])
    line = next(line for line in result.stdout.splitlines() if line.startswith("13 games: "))
    assert line.endswith(" (and 3 more)") and len(line[len("13 games: "):].split(", ")) == 10
    assert set(json.loads(ok(run, ["--ledger", str(ledger), "settle", "--all", "--json"]).stdout)["games"]) == set(ids)


def test_a_merge_with_problems_leaves_the_index_as_a_fresh_one_reads_the_files(run, tmp_path, monkeypatch):
    incoming, ledger = tmp_path / "incoming", tmp_path / "ledger"
    write_games(ledger, 3, "home", template(1))
    changed = template(1)._replace(journal=({**template(1).journal[0], "hand": {**template(1).journal[0]["hand"], "opponent_deadwood": 50}},))
    write_games(incoming, 3, "home", changed)  # the same games, their entry changed outside ginscore
    brought = write_games(incoming, 2, "devin")
    ok(run, ["--ledger", str(ledger), "games", "--last", "1"])  # the index, current
    result = run(["--ledger", str(ledger), "merge", str(incoming), "--json"])
    report = json.loads(result.stdout)
    assert result.exit_code == 1 and sorted(report["added"]) == sorted(brought) and len(report["problems"]) == 3
    assert all("changed outside ginscore" in problem for problem in report["problems"])
    listed = json.loads(ok(run, ["--ledger", str(ledger), "games", "--all", "--json"]).stdout)
    monkeypatch.setenv("GINSCORE_CACHE", str(tmp_path / "fresh"))
    assert json.loads(ok(run, ["--ledger", str(ledger), "games", "--all", "--json"]).stdout) == listed


def test_backup_leaves_out_a_game_file_that_is_no_plain_file_and_says_so(run, tmp_path):
    ledger = tmp_path / "ledger"
    ids = write_games(ledger, 4, "home")
    games = ledger / "games"
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_bytes((games / f"game-{ids[1]}.home.json").read_bytes())
    (games / f"game-{ids[1]}.other.json").symlink_to(elsewhere)  # a second file of a sound game, a link
    (games / f"game-{ids[2]}.home.json").unlink()
    os.mkfifo(games / f"game-{ids[2]}.home.json")  # the only file of a game, a FIFO
    ok(run, ["--ledger", str(ledger), "new", "Cy", "Dee"])  # the folder's devices as a command sees them
    result = run(["--ledger", str(ledger), "backup", str(tmp_path / "copy"), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert sorted(report["damaged"]) == sorted(report["left_out"]) == sorted(ids[1:3])
    assert f"games/game-{ids[1]}.home.json" in report["files"] and not any(ids[2] in name for name in report["files"])
    text = run(["--ledger", str(ledger), "backup", str(tmp_path / "copy2")])
    assert "are not plain files" in text.stderr and "have problems" not in text.stderr
