"""'ginscore merge': the note it prints names the other device's hands, the same on both devices."""

import shutil

from helpers import ok, play


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
