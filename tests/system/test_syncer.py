"""The simulated file syncer's devices (tests/syncer.py) in real processes: each its own HOME,
folders and ledger."""

from __future__ import annotations

import pytest

from syncer import Device, Syncer


@pytest.fixture
def folders(tmp_path):
    """Three devices' ledger folders: alice/ledger, bob/ledger, carol/ledger (not made yet)."""
    return [tmp_path / name / "ledger" for name in ("alice", "bob", "carol")]


def test_a_device_has_its_own_home_folders_and_ledger(tmp_path, monkeypatch, two_devices):
    monkeypatch.setenv("GINSCORE_DEVICE", "from-the-test")
    alice, bob = two_devices
    assert Device(tmp_path, "alice").ledger == alice.ledger
    env = alice.env()
    names = ("HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME",
             "GINSCORE_LEDGER", "GINSCORE_CONFIG", "GINSCORE_STATE", "GINSCORE_CACHE")
    for name in names:
        assert env[name].startswith(str(tmp_path / "alice")) and env[name] != bob.env()[name]
    assert env["GINSCORE_LANG"] == "en" and "GINSCORE_DEVICE" not in env and "PATH" in env
    assert env["GINSCORE_LEDGER"] == str(alice.ledger)
    result = alice.run("--help")
    assert result.exit_code == 0
    syncer = Syncer.of([alice, bob], "dropbox")
    assert syncer.names == ["alice", "bob"] and syncer.folders == [alice.ledger, bob.ledger]
