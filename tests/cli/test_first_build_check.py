"""'check' run after the first command on a new device (issue #45 part 6): the summary index
that command built keeps what a check of each finished game finds (its hands, its notes), and
'check' says it again while the bytes are the same: the same report as a check that reads and
replays everything itself. A game merged from two devices with a hand after its end is the case
where the notes and the count of hands depend on the replay's late hands. And a game of two
devices' files has each hand checked once as it is read, not again by its replay."""

import shutil

from ginscore.tables.two_handed import GinTable
from helpers_devices import as_json, current, ok, tick
from syncer import Device, Syncer


def test_check_after_a_new_device_s_first_command_says_what_a_check_alone_says(pair, tmp_path):
    one, two = pair
    syncer = Syncer.of([one, two], "dropbox")
    ok(one, "new Ann Ben")
    game = current(one)
    ok(one, "knock Ann 4 60")  # Ann 56
    syncer.settle()
    tick()
    ok(one, f"gin Ann 40 --game {game}")  # Ann 56 + 25 + 40 = 121: over
    tick()
    ok(two, f"knock Ben 3 20 --game {game}")  # recorded apart, after the end: kept, not counted
    syncer.settle()
    new = Device(tmp_path, "cy")  # the ledger copied to a device with no cache of it
    shutil.copytree(one.ledger, new.ledger)
    ok(new, "games")  # the first command: the index built from every file, with what check would find
    after_first = as_json(new, "check")
    shutil.rmtree(new.cache)
    alone = as_json(new, "check")
    assert after_first == alone
    # 3 hands in the file, 2 that count and the late one: check counts every effective hand
    assert alone["ok"] is True and alone["games"] == 1 and alone["hands"] == 3
    assert sum("comes after the end" in note["note"] for note in alone["notes"]) == 1


def test_a_game_of_two_devices_files_has_each_hand_checked_once_as_a_new_device_reads_it(pair, tmp_path, monkeypatch):
    one, two = pair
    syncer = Syncer.of([one, two], "dropbox")
    ok(one, "new Ann Ben")
    game = current(one)
    ok(one, "knock Ann 4 60")
    ok(one, "knock Ben 2 12")
    syncer.settle()
    tick()
    ok(two, f"knock Ann 3 10 --game {game}")  # the third hand in the other device's file
    syncer.settle()
    new = Device(tmp_path, "cy")
    shutil.copytree(one.ledger, new.ledger)
    checked = []
    plain_check = GinTable.check_hand
    monkeypatch.setattr(GinTable, "check_hand", lambda self, game, hand: checked.append(hand) or plain_check(self, game, hand))
    ok(new, "games")
    # three hands, each checked as its device's file is read, none again by the replay
    assert sorted((hand["player"], hand["deadwood"]) for hand in checked) == [("Ann", 3), ("Ann", 4), ("Ben", 2)]
    # Ann 60 - 4 = 56, Ben 12 - 2 = 10, Ann 10 - 3 = 7: Ann 63, Ben 10
    assert as_json(new, f"status --game {game}")["scores"] == {"Ann": 63, "Ben": 10}
