"""A game's journal in causal order (ginscore.core.causal; issue #41): an entry comes after
everything its device had seen when it made it and after the entry it acts on, whatever any
device's clock says; entries made apart are ordered alike on every device. Two and three devices
(tests/syncer.py: each its own HOME, state, cache and device id) with their clocks set off by
days and years, ahead and behind; what each command printed is what every device reads after."""


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginscore.base.errors import GinscoreError
from helpers import examples
from helpers_devices import DAY, YEAR, all_meet_and_read, as_json, ok, printed_is_read, status_totals, totals
from syncer import Device, Syncer, clock_off_by

# How far the phone's clock is off: a day and more ahead (the old order broke there), a few
# hours, behind, and years either way.
OFFSETS = [3 * DAY, 2 * DAY, 20 * 3600 * 1000, -2 * DAY, 10 * YEAR, -10 * YEAR]


@pytest.fixture
def laptop_and_phone(tmp_path):
    laptop, phone = Device(tmp_path, "laptop"), Device(tmp_path, "phone")
    return laptop, phone, Syncer.of([laptop, phone], "syncthing")


def both_read(devices, game, expected: str) -> None:
    """Every device reads the game alike: the same totals as ``expected``, the same JSON."""
    for device in devices:
        assert status_totals(device, game) == expected, device
    statuses = {ok(device, f"status --game {game} --json").stdout for device in devices}
    assert len(statuses) == 1


@pytest.mark.parametrize("offset", OFFSETS)
@pytest.mark.parametrize("correction, expected", [
    # Ann's knock 4 v 15 (+11) stays; Ben's gin against 30 (25 + 30 = 55) goes or changes
    ("delete 2", "Totals: Ann 11, Ben 0."),
    ("edit 2 gin ben 20", "Totals: Ann 11, Ben 45."),  # 25 + 20
    ("undo --hand 2", "Totals: Ann 11, Ben 0."),
])
def test_a_correction_of_a_hand_from_a_phone_whose_clock_is_off_takes_effect(laptop_and_phone, offset, correction, expected):
    """The phone, its clock days or years off, records a gin; the laptop, having seen it,
    corrects it: the correction prints new totals, and those are the totals on both devices."""
    laptop, phone, syncer = laptop_and_phone
    phone.offset_ms = offset
    ok(laptop, "new Ann Ben")
    game = as_json(laptop, "status")["id"]
    ok(laptop, "knock ann 4 15")
    syncer.settle()
    ok(phone, f"gin ben 30 --game {game}")
    syncer.settle()
    said = totals(ok(laptop, f"{correction} --game {game}").stdout)
    assert said == expected
    syncer.settle()
    both_read([laptop, phone], game, expected)


@pytest.mark.parametrize("offset", OFFSETS)
def test_a_game_ending_hand_typed_after_a_phones_hands_ends_the_game_everywhere(laptop_and_phone, offset):
    """The phone (clock off) records hands 2 and 3; the laptop, having seen them, records the
    hand that ends the game: hand 4 on every device, settled with the money the laptop announced."""
    laptop, phone, syncer = laptop_and_phone
    phone.offset_ms = offset
    ok(laptop, "new Ann Ben --stake 0.01")
    game = as_json(laptop, "status")["id"]
    ok(laptop, "knock ann 4 15")  # Ann 11
    syncer.settle()
    ok(phone, f"gin ben 30 --game {game}")  # Ben 25 + 30 = 55
    ok(phone, f"knock ben 2 12 --game {game}")  # Ben 65
    syncer.settle()
    said = ok(laptop, f"gin ben 40 --game {game}").stdout  # Ben 65 + 25 + 40 = 130: over
    # Ann 11 + one box (25) = 36; Ben 130 + three boxes (75) + game bonus 100 = 305; 305 - 36 = 269
    assert "Totals: Ann 11, Ben 130." in said and "Ann pays Ben 2.69" in said
    syncer.settle()
    for device in (laptop, phone):
        state = as_json(device, f"status --game {game}")
        assert state["finished"] and state["winner"] == "Ben" and len(state["hands"]) == 4
        assert [hand["kind"] for hand in state["hands"]] == ["knock", "gin", "knock", "gin"]
        settled = as_json(device, "settle --all")
        assert settled["payments"] == [{"from": "Ann", "to": "Ben", "amount": "2.69"}]


@pytest.mark.parametrize("offset", [0, 3 * DAY, -10 * YEAR])
def test_a_correction_made_apart_keeps_the_later_hand_after_the_end(laptop_and_phone, offset):
    """A keeps scoring while B corrects an earlier hand so that the game ends sooner: both read
    the game, the later hand kept and marked after the end, and check names it."""
    one, two, syncer = laptop_and_phone
    two.offset_ms = offset
    ok(one, "new Alice Bob")
    game = as_json(one, "status")["id"]
    ok(one, "knock bob 3 13")  # Bob 10
    ok(one, "knock alice 2 12")  # Alice 10
    syncer.settle()
    ok(one, f"gin alice 20 --game {game}")  # Alice 10 + 45 = 55
    ok(one, f"knock alice 4 10 --game {game}")  # Alice 61
    ok(two, f"edit 2 gin alice 60 --game {game}")  # apart: hand 2 is 25 + 60 = 85
    syncer.settle()
    # Alice 85, then hand 3's 45: 130, over at hand 3; hand 4 does not count
    for device in (one, two):
        state = as_json(device, f"status --game {game}")
        assert state["finished"] and state["scores"] == {"Alice": 130, "Bob": 10}
        assert [hand["kind"] for hand in state["hands"]] == ["knock", "gin", "gin"]
        log = as_json(device, f"log --game {game}")["entries"]
        assert [(entry.get("number"), entry["counts"]) for entry in log if entry["action"] == "hand"][-1] == (4, False)
        for command in ("status", "log", "games", "sheet"):
            assert device.run(f"{command} --game {game}" if command != "games" else command).exit_code == 0
        report = as_json(device, "check")
        assert report["ok"] is True
        assert any("comes after the end" in note["note"] for note in report["notes"])
    assert "comes after the end (its device had not seen it): not counted" in ok(one, f"status --game {game}").stdout
    # a correction of the hand that does not count would change nothing: refused, saying what to do
    result = one.run(f"edit 4 knock alice 3 10 --game {game}")
    assert result.exit_code == 1 and "correcting it changes nothing" in result.output
    # taking it out, or correcting the hand that ends the game, does
    said = ok(one, f"edit 2 knock alice 2 12 --game {game}").stdout  # back to Alice 10 at hand 2: over no more
    assert "Totals now:  Alice 61, Bob 10." in said


@pytest.mark.parametrize("offset", [0, 3 * DAY, -10 * YEAR])
def test_a_rules_change_made_apart_keeps_the_later_hand_after_the_end(laptop_and_phone, offset):
    """The phone keeps scoring while the laptop, apart, raises the gin bonus, which rescores
    every hand and ends the game sooner: both read the game, the later hand kept and marked
    after the end. (The phone's hand was judged under the rules as they stand, a change it had
    not seen: "hand 3 comes after the game ended at hand 2", and no command read the game;
    the three-device property test found it.)"""
    laptop, phone, syncer = laptop_and_phone
    phone.offset_ms = offset
    ok(laptop, "new Ann Ben")
    game = as_json(laptop, "status")["id"]
    syncer.settle()
    ok(phone, f"gin ben 24 --game {game}")  # Ben 25 + 24 = 49
    ok(phone, f"gin ben 24 --game {game}")  # Ben 98
    ok(phone, f"draw --game {game}")  # still 98: the game goes on, as the phone sees it
    ok(laptop, f"rules set gin-bonus 30 --game {game}")  # apart, no hand seen
    syncer.settle()
    # every gin at 30 + 24 = 54: Ben 108 at hand 2, over; the draw after it does not count
    for device in (laptop, phone):
        state = as_json(device, f"status --game {game}")
        assert state["finished"] and state["scores"] == {"Ann": 0, "Ben": 108}
        assert [hand["kind"] for hand in state["hands"]] == ["gin", "gin"]
        for command in ("log", "games", "sheet", "check"):
            assert device.run(f"{command} --game {game}" if command not in ("games", "check") else command).exit_code == 0


@pytest.mark.parametrize("offset", [0, 3 * DAY, -10 * YEAR])
def test_a_partnership_card_table_entered_twice_apart_keeps_the_game_readable(laptop_and_phone, offset):
    """The laptop and the phone, apart, each enter round 1's hand at Ann and Ben's card table (a
    double entry, the numbers told differently): once merged the table has two hands in one
    round. One counts, the other is kept, not counted, and named with what to do. (The game
    could not be read on any device: "enters the table Ann v Ben a second time in round 1";
    a random search over three devices found it in most partnership games recorded apart.)"""
    laptop, phone, syncer = laptop_and_phone
    phone.offset_ms = offset
    ok(laptop, "new Ann Ben Cat Dee --partnership")
    game = as_json(laptop, "status")["id"]
    syncer.settle()
    ok(laptop, "knock ann 4 15")  # Ann 15 - 4 = 11
    ok(phone, f"knock ann 2 12 --game {game}")  # apart: Ann 12 - 2 = 10
    syncer.settle()
    counted = set()
    for device in (laptop, phone):
        state = as_json(device, f"status --game {game}")
        assert [(hand["kind"], hand["player"]) for hand in state["hands"]] == [("knock", "Ann")]
        counted.add(state["hands"][0]["points"])
        said = ok(device, f"status --game {game}").stdout
        assert f"hand 2 of game {game} enters its card table a second time in its round" in said
        assert f"'ginscore delete 2 --game {game}'" in said
        log = as_json(device, f"log --game {game}")["entries"]
        assert [entry["counts"] for entry in log if entry["action"] == "hand"] == [True, False]
        assert "a second hand at its card table: does not count" in ok(device, f"log --game {game}").stdout
        report = as_json(device, "check")
        assert report["ok"] is True and any("a second time in its round" in note["note"] for note in report["notes"])
    assert counted in ({11}, {10})  # the same hand counts on both devices
    ok(laptop, f"delete 2 --game {game}")  # the hand that was not played
    syncer.settle()
    for device in (laptop, phone):
        assert "a second time" not in ok(device, f"status --game {game}").stdout


def test_the_same_correction_made_on_this_device_is_still_refused(laptop_and_phone):
    """On one device the correction that would leave a later hand after the end is refused, as
    before: its device sees the later hands (it is the one apart that cannot)."""
    one, _two, _syncer = laptop_and_phone
    ok(one, "new Alice Bob")
    for command in ("knock bob 3 13", "knock alice 2 12", "gin alice 20", "knock alice 4 10"):
        ok(one, command)
    before = sorted(path.read_bytes() for path in (one.ledger / "games").iterdir())
    result = one.run("edit 2 gin alice 60")
    assert result.exit_code == 1 and "hand 4 comes after the game ended at hand 3" in result.output
    assert sorted(path.read_bytes() for path in (one.ledger / "games").iterdir()) == before


# ---- undo takes back what this device did -------------------------------------------------------


def test_a_devices_undo_takes_back_its_own_hand_not_the_later_one_of_another(laptop_and_phone):
    """Phone A records hand 2, the laptop hand 3 (a draw); A's undo takes back A's hand: the
    draw stays, the totals change, and A is told the draw moved up."""
    laptop, phone, syncer = laptop_and_phone
    ok(laptop, "new Katya Lena")
    game = as_json(laptop, "status")["id"]
    ok(laptop, "knock katya 4 15")  # Katya 11
    syncer.settle()
    ok(phone, f"knock katya 3 9 --game {game}")  # Katya 11 + 6 = 17
    syncer.settle()
    ok(laptop, "draw")
    syncer.settle()
    said = ok(phone, f"undo --game {game}").stdout
    assert "Undid hand 2 of game" in said and "knock Katya 3 9" in said
    assert "Totals: Katya 11, Lena 0." in said
    assert "The hand after it, recorded on another device, is now hand 2." in said
    syncer.settle()
    for device in (laptop, phone):
        state = as_json(device, f"status --game {game}")
        assert [hand["kind"] for hand in state["hands"]] == ["knock", "draw"] and state["scores"] == {"Katya": 11, "Lena": 0}


def test_undo_on_a_device_that_recorded_nothing_here_says_how_to_take_a_hand_back(laptop_and_phone):
    laptop, phone, syncer = laptop_and_phone
    ok(laptop, "new Ann Ben")
    game = as_json(laptop, "status")["id"]
    ok(laptop, "knock ann 4 15")
    syncer.settle()
    before = sorted((path.name, path.read_bytes()) for path in (phone.ledger / "games").iterdir())
    result = phone.run(f"undo --game {game}")
    assert result.exit_code == 1
    assert "nothing this device recorded in game" in result.output and "'ginscore delete 1'" in result.output
    assert sorted((path.name, path.read_bytes()) for path in (phone.ledger / "games").iterdir()) == before


def hand_1_corrected_on_the_phone(laptop, phone, syncer) -> str:
    """A game started on the laptop, hand 1 recorded there (knock Ann 4 15: Ann 11) and, once
    synced, corrected on the phone (knock Ann 2 15: Ann 13); its id."""
    ok(laptop, "new Ann Ben")
    game = as_json(laptop, "status")["id"]
    ok(laptop, "knock ann 4 15")
    syncer.settle()
    ok(phone, f"edit 1 knock ann 2 15 --game {game}")
    return game


def test_undo_takes_back_this_devices_correction_not_another_devices(laptop_and_phone):
    """The phone corrects hand 1; the laptop then records hand 2: the phone's undo puts hand 1
    back as it was; the laptop's undo takes back its hand 2, not the phone's correction."""
    laptop, phone, syncer = laptop_and_phone
    game = hand_1_corrected_on_the_phone(laptop, phone, syncer)
    syncer.settle()
    ok(laptop, "gin ben 10")  # Ben 35
    said = ok(laptop, "undo").stdout
    assert "Undid hand 2 of game" in said and "Totals: Ann 13, Ben 0." in said
    syncer.settle()
    said = ok(phone, f"undo --game {game}").stdout
    assert "Undid the correction of hand 1 of game" in said and "it says knock Ann 4 15 again" in said
    assert "Totals: Ann 11, Ben 0." in said
    said = ok(phone, f"redo --game {game}").stdout
    assert "Redid the correction of hand 1" in said and "Totals: Ann 13, Ben 0." in said
    syncer.settle()
    for device in (laptop, phone):
        assert as_json(device, f"status --game {game}")["scores"] == {"Ann": 13, "Ben": 0}


def test_redo_of_a_correction_of_a_hand_another_device_took_back_meanwhile_is_refused(laptop_and_phone):
    """The phone corrects hand 1 and takes its correction back while the laptop, apart, takes
    hand 1 back: once they meet, hand 1 no longer counts, so the phone has nothing to redo (its
    redo failed inside with no word for it; hypothesis found it). Nothing is written. Redone on
    the laptop, hand 1 counts again and so does the phone's undo: its redo is the correction."""
    laptop, phone, syncer = laptop_and_phone
    game = hand_1_corrected_on_the_phone(laptop, phone, syncer)
    ok(laptop, "undo")  # apart: hand 1 taken back
    ok(phone, f"undo --game {game}")  # apart: the correction taken back
    syncer.settle()
    before = sorted((path.name, path.read_bytes()) for path in (phone.ledger / "games").iterdir())
    result = phone.run(f"redo --game {game}")
    assert result.exit_code == 1 and "nothing to redo" in result.output
    assert sorted((path.name, path.read_bytes()) for path in (phone.ledger / "games").iterdir()) == before
    ok(laptop, "redo")  # hand 1 back: Ann 11
    syncer.settle()
    assert "Redid the correction of hand 1" in ok(phone, f"redo --game {game}").stdout
    syncer.settle()
    for device in (laptop, phone):
        assert as_json(device, f"status --game {game}")["scores"] == {"Ann": 13, "Ben": 0}


def test_undo_and_redo_walk_back_and_forth_through_this_devices_own_deeds(tmp_path):
    device = Device(tmp_path, "one")
    ok(device, "new Ann Ben")
    for command in ("knock ann 4 15", "gin ben 10", "rules set gin-bonus 20", "delete 1"):
        ok(device, command)
    # Ben's gin at 20 + 10 = 30 stands alone
    assert as_json(device, "status")["scores"] == {"Ann": 0, "Ben": 30}
    assert "Undid the deletion" in ok(device, "undo").stdout  # Ann 11 back
    assert "Undid the rules change" in ok(device, "undo").stdout  # gin bonus 25 again: Ben 35
    assert as_json(device, "status")["scores"] == {"Ann": 11, "Ben": 35}
    assert "Redid the change" in ok(device, "redo").stdout
    assert "Deleted hand 1 of game" in ok(device, "redo").stdout
    assert as_json(device, "status")["scores"] == {"Ann": 0, "Ben": 30}
    assert device.run("redo").exit_code == 1  # nothing more undone


# ---- every device converges, and every command was true when it printed ----------------------------


OPERATIONS = st.lists(
    st.tuples(
        st.integers(0, 2),  # the device
        st.sampled_from(["hand", "hand", "hand", "undo", "redo", "delete", "edit", "sync", "sync", "restore", "rename", "rules"]),
        st.integers(0, 2**16),  # the operation's own choices
    ),
    min_size=4, max_size=24,
)


@settings(max_examples=examples(120), deadline=None)
@given(OPERATIONS, st.lists(st.sampled_from(OFFSETS + [0]), min_size=3, max_size=3))
def test_random_interleavings_on_three_devices_with_clocks_off_converge(operations, offsets):
    """Three devices, each its clock off by hours, days or years, record hands, undo, redo,
    delete, correct and restore hands, rename players and change the rules in one game, and now
    and then two of them meet (each takes the other's
    entries). Whatever each printed is what its journal reads after (the new entry stays last
    when the journal is put in order again); an undo takes back only its own device's entry; and
    once all meet, every device holds the same journal, whichever order the files came in, and
    reads the game without an error."""
    from ginscore.core.game import union
    from ginscore.ops import actions, placing
    from ginscore.ops import undo as undo_ops

    start = actions.new_game("k7f3q2ab", ["Ann", "Ben"], rules=None)._replace(clock=1)
    games = [start._replace(device=name) for name in ("aa", "bb", "cc")]
    for device, operation, choice in operations:
        game = games[device]
        if operation == "sync":
            other = (device + 1 + choice % 2) % 3
            merged = union(game.journal, games[other].journal)
            games[device], games[other] = game._replace(journal=merged), games[other]._replace(journal=merged)
            continue
        hands = len(actions.evaluate(game).rows) if operation in ("delete", "edit") else 0
        with clock_off_by(offsets[device]):
            try:
                if operation == "hand":
                    kind = ("knock", "gin", "draw")[choice % 3]
                    hand = {"kind": kind, "player": ("Ann", "Ben")[choice // 3 % 2], "deadwood": choice % 5, "opponent_deadwood": 10 + choice % 20}
                    hand = {key: value for key, value in hand.items() if kind == "knock" or key in ("kind", "player", "opponent_deadwood")}
                    updated, shown = actions.record(game, {"kind": "draw"} if kind == "draw" else hand)
                elif operation == "undo":
                    taken = undo_ops.undo(game)
                    updated, shown = taken.game, taken.state
                    assert taken.taken["device"] == game.device, "an undo took back another device's entry"
                elif operation == "redo":
                    taken = undo_ops.redo(game)
                    updated, shown = taken.game, taken.state
                elif operation == "delete" and hands:
                    updated, shown, _hand = actions.undo_hand(game, 1 + choice % hands, reason="delete")
                elif operation == "restore":  # a hand deleted as hand 1 to 4, if any
                    updated, shown, _hand = placing.restore(game, 1 + choice % 4)
                elif operation == "rename":  # to a new name, or back (a name taken is refused)
                    old = actions.standing(game).players[choice % 2]
                    updated, shown = actions.rename(game, old, ("Anna", "Bob", "Ann", "Ben")[choice // 2 % 4])
                elif operation == "rules":  # every hand scored again: a game can end sooner
                    updated, shown = actions.set_rules(game, "gin-bonus", (10, 20, 25, 30)[choice % 4])
                elif operation == "edit" and hands:
                    updated, shown, _hand = actions.edit(game, 1 + choice % hands, {"kind": "gin", "player": "Ben", "opponent_deadwood": choice % 30})
                else:
                    continue
            except GinscoreError:  # refused (game over, nothing to undo...): nothing written
                continue
        printed_is_read(updated, shown)
        games[device] = updated
    all_meet_and_read(start, games)


# ---- likely double entries: only of hands made apart ------------------------------------------------


def test_three_devices_taking_turns_seeing_each_others_hands_make_no_double_entry_note():
    """90 hands on three devices that sync after every hand, most of them alike (draws, the same
    knock), seconds apart: none was entered without its device seeing the others', so none is a
    likely double entry (there were 113 notes). Apart, the same three make one note a pair of bursts."""
    from ginscore.core.apart import double_entries
    from ginscore.core.game import union
    from ginscore.ops import actions

    start = actions.new_game("k7f3q2ab", ["Ann", "Ben"], settings={"target": 10000})._replace(clock=1)
    games = [start._replace(device=name) for name in ("aa", "bb", "cc")]
    alike = [{"kind": "draw"}, {"kind": "knock", "player": "Ann", "deadwood": 2, "opponent_deadwood": 12}]
    for number in range(90):
        device = number % 3
        games[device] = actions.record(games[device], alike[number % 2])[0]
        merged = union(*(game.journal for game in games))  # every device sees every hand at once
        games = [game._replace(journal=merged) for game in games]
    assert double_entries(games[0].journal) == []
    # apart: each device records 10 hands without seeing the others' (three bursts, three pairs)
    games = [start._replace(device=name) for name in ("aa", "bb", "cc")]
    for device in range(3):
        for number in range(10):
            games[device] = actions.record(games[device], alike[number % 2])[0]
    assert len(double_entries(union(*(game.journal for game in games)))) == 3


def test_a_hand_entered_after_its_device_saw_an_alike_one_apart_is_no_double_entry():
    """A and C each record a draw apart: likely one draw entered twice, one note. B, having
    merged both, records a third draw: it saw them, so it is no double entry (the old rule,
    'recorded apart from the entry before it', flagged it beside C's)."""
    from ginscore.core.apart import double_entries
    from ginscore.core.game import union
    from ginscore.ops import actions

    start = actions.new_game("k7f3q2ab", ["Ann", "Ben"])._replace(clock=1)
    a, b, c = (start._replace(device=name) for name in ("aa", "bb", "cc"))
    a = actions.record(a, {"kind": "draw"})[0]
    c = actions.record(c, {"kind": "draw"})[0]
    b = actions.record(b._replace(journal=union(a.journal, c.journal)), {"kind": "draw"})[0]
    assert double_entries(union(a.journal, b.journal, c.journal)) == [(1, 2)]
