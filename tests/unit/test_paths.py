"""Where ginscore keeps its own files (ginscore.base.paths)."""

from __future__ import annotations

import os

from ginscore.base import paths


def test_another_name_of_a_kept_folder_is_told_by_its_identity(tmp_path, monkeypatch):
    """A name of the ledger folder the real path does not give (a bind mount, another case on a
    file system that ignores case) is told by the folder's device and inode."""
    ledger = tmp_path / "ledger"
    (ledger / "games").mkdir(parents=True)
    other_name = tmp_path / "Ledger"
    other_name.symlink_to(ledger, target_is_directory=True)
    monkeypatch.setattr(os.path, "realpath", os.path.abspath)  # as if the two names were one folder's
    assert paths.kept_place(str(other_name / "games" / "sheet.html"), str(ledger)) == ("ledger", str(ledger))
    assert paths.kept_place(str(tmp_path / "sheet.html"), str(ledger)) is None
