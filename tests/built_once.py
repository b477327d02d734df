"""Ledgers that several tests start from, built once a run (a worker) and copied for each test
after the first (registered as a plugin by conftest.py): writing some hundreds of games and
asking the commands that index them costs a second of CPU; a copy of the files, a few
milliseconds. Not for a test about building them.
"""

from __future__ import annotations

import os
import shutil

import pytest

from ginscore.base.paths import ledger_key

# the folders and the file a test's commands write (conftest.isolated_ledger points each one
# into the test's own temporary folder)
FOLDERS = ("GINSCORE_LEDGER", "GINSCORE_STATE", "GINSCORE_CACHE")
HOUSE_RULES = "GINSCORE_CONFIG"


@pytest.fixture(scope="session")
def ledgers_built(tmp_path_factory):
    """Where ``built_once`` keeps what each build left, for the whole run: {name: (folder, ledger key)}."""
    return tmp_path_factory.mktemp("built-once"), {}


@pytest.fixture
def built_once(isolated_ledger, ledgers_built):
    """``built_once(name, build)``: this test's (empty) ledger, house-rules file, state and cache
    folders as ``build()`` leaves them, built by the first test that asks for ``name`` and
    copied for the others: the files with their times (the index's stamp holds the games
    folder's), the ledger's own folders in the state and cache moved to this ledger's key
    (they are kept by the ledger's path). Returns the ledger's folder."""
    saved, built = ledgers_built

    def copy(name: str, build) -> os.PathLike:
        assert not os.path.exists(isolated_ledger), "built_once() starts from an empty ledger"
        if name in built:
            restore(*built[name])
        else:
            build()
            built[name] = (save(saved / name), ledger_key(str(isolated_ledger)))
        return isolated_ledger

    return copy


def save(folder) -> os.PathLike:
    for variable in FOLDERS:
        if os.path.isdir(os.environ[variable]):
            shutil.copytree(os.environ[variable], folder / variable, symlinks=True)
    if os.path.isfile(os.environ[HOUSE_RULES]):
        shutil.copy2(os.environ[HOUSE_RULES], folder / HOUSE_RULES)
    return folder


def restore(folder, key: str) -> None:
    for variable in FOLDERS:
        if os.path.isdir(folder / variable):
            shutil.copytree(folder / variable, os.environ[variable], symlinks=True)
    if os.path.isfile(folder / HOUSE_RULES):
        shutil.copy2(folder / HOUSE_RULES, os.environ[HOUSE_RULES])
    own = ledger_key(os.environ["GINSCORE_LEDGER"])
    for variable in ("GINSCORE_STATE", "GINSCORE_CACHE"):
        kept = os.path.join(os.environ[variable], "ledgers", key)
        if os.path.isdir(kept):
            os.rename(kept, os.path.join(os.environ[variable], "ledgers", own))
