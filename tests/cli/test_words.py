"""Words that read right and small surprises settled (issue #34 items 8 and 9), and exports
every accounting tool reads or refuses on one line (item 10): amounts as each language writes
them, one Russian word per idea, who deals next after every change, the merge note, check's
words, void without an id, one name for 'end', rename by a name's start, the Rummy sheet."""

import shutil

import pytest

from helpers import ledger_bytes, ok, play, refused, status_json

NO_BREAK = "\u00a0"


# ---- amounts as each language writes them ---------------------------------------------------


@pytest.mark.parametrize(
    ("language", "stake"),
    [("en", "Stake: €0.05 per point."), ("de", f"Einsatz: 0,05{NO_BREAK}€ pro Punkt."),
     ("ru", f"Ставка: 0,05{NO_BREAK}€ за очко."), ("uk", f"Ставка: 0,05{NO_BREAK}€ за очко.")],
)
def test_an_amount_has_its_currency_where_the_language_writes_it(run, language, stake):
    output = ok(run, ["--lang", language, "new", "Ann", "Bob", "--stake", "0.05", "--currency", "€"]).output
    assert stake in output.splitlines()


def test_a_settlement_in_german_and_russian_puts_the_number_first(run, monkeypatch):
    play(run, ["new", "Ann", "Bob", "--stake", "0.05", "--currency", "₽"], "gin ann 50", "gin ann 50")
    german = ok(run, ["--lang", "de", "status"]).output
    russian = ok(run, ["--lang", "ru", "status"]).output
    english = ok(run, ["status"]).output
    assert f"Bei 0,05{NO_BREAK}₽ pro Punkt: Bob zahlt 30,00{NO_BREAK}₽ an Ann." in german
    assert f"30,00{NO_BREAK}₽" in russian and "₽30" not in russian
    assert "Bob pays Ann ₽30.00" in english


def test_json_and_csv_keep_the_plain_number(run):
    play(run, ["new", "Ann", "Bob", "--stake", "0.05", "--currency", "€"], "gin ann 50", "gin ann 50")
    assert status_json(run)["stake"] == "0.05"
    assert ",30.00,RUB," in ok(run, ["--lang", "de", "export", "--to", "csv", "--commodity", "€=RUB"]).output


# ---- Russian: one word per idea ---------------------------------------------------------------


def test_a_game_set_aside_is_voided_and_a_hand_taken_back_is_not(run):
    """'void' sets a game aside; a hand that 'undo' took out is taken back (docs/glossary.md),
    in every language: the two never share a word."""
    play(run, "new Ann Bob", "knock ann 4 15", "gin bob 20", "undo")
    words = {"en": ("taken back", "took back #2", "voided"), "de": ("zurückgenommen", "#2 zurückgenommen", "annulliert"),
             "ru": ("отменена", "отменена №2", "аннулирована"), "uk": ("скасована", "скасовано №2", "анульована")}
    logs = {code: ok(run, ["--lang", code, "log"]).output for code in words}
    play(run, "void")
    for code, (state, line, voided) in words.items():
        assert state in logs[code] and line in logs[code] and voided not in logs[code], code
        listed = ok(run, ["--lang", code, "games", "--all"]).output
        assert voided in listed and state not in listed, code


def test_the_won_by_column_says_the_winner(run):
    play(run, "new Ann Bob", "gin ann 20")
    assert "победитель" in ok(run, ["--lang", "ru", "sheet"]).output
    assert "переможець" in ok(run, ["--lang", "uk", "sheet"]).output


# ---- who deals next, after every change ----------------------------------------------------------


def test_edit_and_undo_of_a_hand_say_who_deals_next(run):
    play(run, "new Ann Bob", "knock ann 4 15", "knock bob 2 20")
    edited = ok(run, "edit 2 knock ann 3 20").output
    assert edited.rstrip().endswith("Ann deals the next hand.")
    undone = ok(run, "undo --hand 2").output
    assert undone.rstrip().endswith("Ann deals the next hand.")


def test_the_partnership_game_over_says_who_deals_first_next_game(run):
    play(run, "new A B C D --partnership")
    ok(run, "gin a 80")
    last = ok(run, "gin c 80")  # 105 at each table: the side reaches 125 in round 1
    assert "A and C deal first at their tables in the next game ('ginscore rematch')." in last.output.splitlines()


# ---- the merge note names what came in ----------------------------------------------------------


def test_the_merge_note_names_the_other_devices_hands(run, monkeypatch, tmp_path):
    laptop, phone = str(tmp_path / "laptop"), str(tmp_path / "phone")
    monkeypatch.setenv("GINSCORE_DEVICE", "laptop")
    play(run, ["--ledger", laptop, "new", "Ann", "Bob"], ["--ledger", laptop, "knock", "ann", "4", "15"])
    shutil.copytree(laptop, phone)
    play(run, ["--ledger", laptop, "knock", "ann", "5", "15"], ["--ledger", laptop, "knock", "ann", "6", "15"])
    monkeypatch.setenv("GINSCORE_DEVICE", "phone")
    play(run, ["--ledger", phone, "gin", "bob", "20"], ["--ledger", phone, "gin", "bob", "21"])
    play(run, ["--ledger", phone, "merge", laptop])
    on_phone = ok(run, ["--ledger", phone, "status"]).output
    monkeypatch.setenv("GINSCORE_DEVICE", "laptop")
    play(run, ["--ledger", laptop, "merge", phone])
    on_laptop = ok(run, ["--ledger", laptop, "status"]).output
    said = "Recorded on another device while apart and merged here: hands {hands} (device in brackets); "
    assert said.format(hands="4 (phone), 5 (phone)") in on_laptop
    assert said.format(hands="2 (laptop), 3 (laptop)") in on_phone
    monkeypatch.setenv("GINSCORE_DEVICE", "third")  # a device that recorded none of them: both sides
    third = ok(run, ["--ledger", laptop, "status"]).output
    assert "Recorded on two devices while apart and merged: hands 2 (laptop), 3 (laptop), 4 (phone), 5 (phone)" in third


# ---- check's words ------------------------------------------------------------------------------------


def test_check_names_the_settlement_files_and_each_path_once(run, isolated_ledger):
    play(run, "new Ann Bob", "gin ann 20")
    (isolated_ledger / "settlements.json").write_text("{", "utf-8")
    result = run("check")
    assert result.exit_code == 1
    problem = [line for line in result.stdout.splitlines() if "settlements.json" in line]
    assert len(problem) == 1 and problem[0].count("settlements.json") == 1
    assert f"1 problem in the settlement files of {isolated_ledger}." in result.stderr
    assert "game file" not in result.stderr


def test_check_calls_syncthings_temporary_file_a_syncers(run, isolated_ledger):
    play(run, "new Ann Bob")
    (isolated_ledger / "games" / ".syncthing.game-x.laptop.json.tmp").write_bytes(b"")
    output = ok(run, "check").output
    assert "a file syncer's temporary file (Syncthing's, while it copies a file in); harmless" in output
    assert "interrupted write" not in output


# ---- small surprises ----------------------------------------------------------------------------------


def test_void_alone_voids_the_current_game(run):
    play(run, "new Ann Bob")
    first = status_json(run)["id"]
    play(run, "new Cy Dee")
    second = status_json(run)["id"]
    output = ok(run, "void").output
    assert output.startswith(f"Voided game {second} (Cy v Dee): 'ginscore games' leaves it out;")
    assert f"Commands without --game now act on game {first} (Ann v Bob)." in output
    ok(run, "void")
    refused(run, "void", "is already voided")  # every game voided: none is current


def test_help_lists_end_and_not_abandon_which_still_works(run):
    listed = ok(run, "--help").output
    assert "  end " in listed and "abandon" not in listed.split("Commands:")[1]
    play(run, "new Ann Bob --hollywood", "gin ann 20")
    assert "abandon" not in ok(run, "end --help").output.split("Example:")[1]
    ok(run, "abandon")
    assert status_json(run)["abandoned"] is True


def test_rename_takes_a_unique_start_of_a_name(run):
    play(run, "new Alice Bob")
    assert ok(run, "rename al Alicia").output.startswith("Renamed Alice to Alicia")
    play(run, "new Alice Alan")
    refused(run, "rename al X", "'al' could be Alice or Alan: type more of the name")


def test_the_rummy_sheet_shows_the_cards_typed_and_signed_balances(run):
    play(run, "new Ann Bob Cy --rummy", "out ann bob=K,7,3 cy=12", "out cy ann=5 bob=Q,J --rummy", "end")
    sheet = ok(run, "sheet").output
    assert "Bob pays Ann 20 (K 7 3), Cy pays Ann 12" in sheet
    assert "Bob pays Cy 40 (Q J); doubled for rummy" in sheet
    final = sheet.split("Final")[1].split("Settlement")[0]
    ann = next(line for line in final.splitlines() if line.startswith("Ann"))
    assert ann.split()[4] == "+22"  # as status and the balances line write it
    status = ok(run, "status").output
    assert "+22" in status and "Balances: Ann +22, Bob -60, Cy +38." in status


# ---- exports every tool reads, or refused ------------------------------------------------------------


@pytest.mark.parametrize("currency", ['"', 'A"B', "EUR;x", "A\\B"])
def test_a_currency_no_journal_reads_is_refused_on_one_line(run, isolated_ledger, tmp_path, currency):
    play(run, ["new", "Ann", "Bob", "--stake", "1", "--currency", currency], "gin ann 90")
    target = tmp_path / "out.journal"
    target.write_text("kept", "utf-8")
    for fmt in ("hledger", "ledger", "csv"):
        refused(run, ["export", "--to", fmt, "-o", str(target)],
                "hledger and ledger cannot read the currency", "--commodity")
        assert target.read_text("utf-8") == "kept"
    text = ok(run, ["export", "--to", "ledger", "--commodity", f"{currency}=XQ"]).stdout
    assert "XQ" in text


def test_nothing_is_written_by_a_refused_export(run, isolated_ledger):
    play(run, ["new", "Ann", "Bob", "--stake", "1", "--currency", '"'], "gin ann 90")
    before = ledger_bytes(isolated_ledger)
    refused(run, ["export", "--to", "hledger"])
    assert ledger_bytes(isolated_ledger) == before
