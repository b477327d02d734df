"""The JSON contract (issue 21): every JSON document ginscore prints names its schema and
version and validates against the schema shipped in the package (ginscore/schemas/), for every
kind of table in progress and finished; --json-version gives an older major or one clear error.
The schemas themselves are tests/unit/test_schemas.py's."""

import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from helpers import FIXTURES, HOLLYWOOD_MATCH, PARTNERSHIP_GAME, RUMMY_GAME, THREE_HANDED_GAME, game_ids, ok, play, refused
from helpers_schemas import schema_of

ASKED = ["status --json", "sheet --format json", "log --json"]  # of each game, in progress and finished


def evening(run, tmp_path) -> list:
    """(command, document) for every JSON document an evening of every table prints."""
    seen = []

    def ask(command):
        result = ok(run, command)
        seen.append((command if isinstance(command, str) else " ".join(command), json.loads(result.stdout)))

    def questions():
        for question in ASKED:
            ask(question)

    ask("new Alice Bob --stake 0.05 --currency € --json")
    ask("knock alice 4 15 --json")
    ask(["knock", "bob", "--cards", "5s 6s 7s 9c Tc Jc Ks Kc Kd Jd", "--opponent-cards", "Ac 2s 2c 2d 2h 7c 8s 8c 8d 9s", "--json"])
    ask(["knock", "alice", "--cards", "As 2s 3s 4s 9h 9d 9c Ah 2d Ac", "--opponent-cards", "Kh Kd Qh Qd Jh Jd Th Td 8s 7c",
         "--melds", "As 2s 3s 4s | 9h 9d 9c", "--json"])
    ask("undo --json")
    ask("undo --json")
    ask("redo --json")
    ask("edit 1 knock alice 3 15 --json")
    questions()
    ask("gin bob 90 --json")
    questions()
    ask("rematch --json")
    ask("new Zed Yan --oklahoma --stake 1/10 --json")
    ask("knock zed 2 20 --upcard 7s --json")
    ask("draw --upcard Kd --json")
    questions()
    ask(f"void {game_ids(run)[-1]} --json")
    ask(f"unvoid {game_ids(run)[-1]} --json")
    for table, commands in (("hollywood", HOLLYWOOD_MATCH), ("three-handed", THREE_HANDED_GAME),
                            ("partnership", PARTNERSHIP_GAME), ("rummy", RUMMY_GAME)):
        play(run, *commands[:3])
        questions()
        play(run, *commands[3:])
        questions()
    play(run, "new Ann Ben --hollywood", "knock ann 1 19")
    ask("end --json")
    play(run, "new Ann Ben Cy --rummy", "out ann ben=4 cy=5")  # in progress, no stake
    questions()
    for command in ("games --json", "games --all --json", "stats --json", "stats --vs Alice Bob --json",
                    "stats --table rummy --json", "settle --all --currency € --json", "settle --all --currency none --json",
                    "check --json", "rules --json", "rules pagat --json", "rules --hollywood --json", "rules --list --json",
                    "config --json", "analyze 5s 6s 7s 9c Tc Jc Ks Kc Kd Jd --json",
                    "analyze As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js --json", "analyze 2s 2h 2d 2c 3s 3c 4s 4h 4d 4c Kd --json",
                    "pad --format json", "pad A B C --three-handed --stake 0.1 --format json", "pad --rummy --format json",
                    "pad --partnership --format json", "pad --hollywood --format json"):
        ask(command)
    ask(f"rules --game {game_ids(run)[0]} --json")
    ask("settle --all --currency € --record --json")
    ask("undo --json")
    ask("redo --json")  # the settlement brought back
    first = game_ids(run)[0]
    ask(f"edit 1 knock alice 3 16 --game {first} --json")  # a settled game changed: what squares it, everywhere
    ask("settle --all --currency € --json")
    ask("games --json")
    ask("check --json")
    ask("settle --currency € --record --json")
    ask("undo --json")
    ask("undo --json")
    ask(f"backup {tmp_path / 'copy'} --json")
    ask(f"backup {tmp_path / 'copy.zip'} --json")
    ask(f"merge {tmp_path / 'copy'} --json")
    backup = json.loads((Path(FIXTURES) / "scorepad" / "backup.json").read_text(encoding="utf-8"))
    backup["store"]["games"].pop()  # an undercut by 14, which is not imported (exit status 1)
    (tmp_path / "scorepad.json").write_text(json.dumps(backup), encoding="utf-8")
    ask(f"import {tmp_path / 'scorepad.json'} --json")
    play(run, "new Ann Ben", "knock ann 2 10")  # the rules changed and a player renamed
    ask("rules set target 150 --json")
    ask("rename Ann Anna --json")
    questions()
    ask("rename Ben Benny --all --json")
    for command in ("ladder --json", "ladder --since 2020-01-01 --table rummy --json", "ladder --versus Alice Bob --json",
                    "ladder --versus Alice Bob Ann --json", "pairings Alice Bob Ann Newcomer --json",
                    "pairings Alice Bob Ann Newcomer Zed --table partnership --rounds 3 --json"):
        ask(command)
    return seen


@pytest.fixture(scope="module")
def documents(tmp_path_factory):
    """The evening above, played once for the module's tests in a ledger of its own."""
    import os

    from click.testing import CliRunner

    from ginscore.cli import cli

    tmp = tmp_path_factory.mktemp("json")
    saved = {key: os.environ.get(key) for key in ("GINSCORE_LEDGER", "GINSCORE_CONFIG", "GINSCORE_STATE", "GINSCORE_CACHE", "GINSCORE_LANG")}
    os.environ.update(GINSCORE_LEDGER=str(tmp / "ledger"), GINSCORE_CONFIG=str(tmp / "config.toml"),
                      GINSCORE_STATE=str(tmp / "state"), GINSCORE_CACHE=str(tmp / "cache"), GINSCORE_LANG="en")
    runner = CliRunner()

    def run(args):
        return runner.invoke(cli, args.split() if isinstance(args, str) else args, catch_exceptions=False)

    try:
        return evening(run, tmp)
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


@pytest.mark.slow
def test_every_document_of_every_table_validates_against_its_schema(documents):
    from ginscore.output.json_contract import DOCUMENTS

    printed = set()
    tables = set()
    for command, document in documents:
        name = document["schema"].removeprefix("ginscore.")
        assert document["schema_version"] == DOCUMENTS[name].version, command
        assert list(document)[:2] == ["schema", "schema_version"], command  # at the top
        errors = sorted(Draft202012Validator(schema_of(name)).iter_errors(document), key=str)
        assert not errors, (command, [f"{'/'.join(map(str, error.absolute_path))}: {error.message}" for error in errors[:5]])
        printed.add(name)
        if name == "game":
            tables.add((document["table"], document["finished"]))
    assert printed == set(DOCUMENTS)  # every document was asked for
    assert tables >= {(table, done) for table in ("standard", "hollywood", "three-handed", "partnership", "rummy")
                      for done in (False, True)}


@pytest.mark.slow
def test_money_ids_and_times_are_written_one_way(documents):
    """Amounts of money in cents at least ("62.00"), game ids strings, times ISO 8601 with an offset."""
    amounts, ids, times = [], [], []

    def walk(value, key=None):
        if isinstance(value, dict) and key in ("money", "nets"):
            amounts.extend(item for item in value.values() if isinstance(item, str))  # money, not points
        elif isinstance(value, dict):
            for name, item in value.items():
                walk(item, name)
        elif isinstance(value, list):
            for item in value:
                walk(item, key)
        elif key == "amount" and isinstance(value, str):
            amounts.append(value)
        elif key in ("id", "game"):
            ids.append(value)
        elif key in ("created", "at", "undone"):
            times.append(value)

    for _command, document in documents:
        walk(document)
    assert amounts and all(re.fullmatch(r"-?[0-9]+\.[0-9]{2,}", amount) for amount in amounts), amounts
    assert ids and all(isinstance(value, str) for value in ids)
    assert times and all(value is None or re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d:\d\d", value) for value in times)


def test_a_games_entry_and_status_share_one_final(run):
    play(run, *THREE_HANDED_GAME)
    status = json.loads(ok(run, "status --json").stdout)
    entry = json.loads(ok(run, "games --json").stdout)["games"][0]
    assert entry["final"] == status["final"] and "payments" not in entry


def test_older_majors_keep_their_shape_and_an_unsupported_one_is_refused(run):
    from ginscore.output.json_contract import DOCUMENTS

    play(run, "new Dan Eve --stake 1", "gin dan 90")
    old = json.loads(ok(run, "games --json --json-version 1").stdout)
    assert isinstance(old, list) and old[0]["payments"] == old[0]["final"]["payments"]
    assert "schema" not in old[0]
    assert set(json.loads(ok(run, "stats --json --json-version 1").stdout)) == {"Dan", "Eve"}
    assert isinstance(json.loads(ok(run, "rules --list --json --json-version 1").stdout), list)
    assert json.loads(ok(run, "status --json --json-version 1").stdout)["schema_version"] == DOCUMENTS["game"].version
    assert json.loads(ok(run, "games --json --json-version 2.0").stdout)["schema_version"] == DOCUMENTS["games"].version
    line = refused(run, "status --json --json-version 2", "--json-version 2", "1")
    assert "Traceback" not in line
    refused(run, "games --json --json-version 7")
    refused(run, "games --json --json-version x")
    # checked before anything is done: no hand is recorded, no settlement
    refused(run, "knock dan 3 20 --json --json-version 3")
    refused(run, "settle --record --json --json-version 3")


def test_schema_lists_and_prints_the_shipped_schemas(run):
    from ginscore.output.json_contract import DOCUMENTS

    listing = ok(run, "schema --list").stdout
    for name, kind in DOCUMENTS.items():
        assert f"ginscore.{name}" in listing and kind.version in listing
    printed = json.loads(ok(run, "schema games").stdout)
    assert printed == schema_of("games")
    assert json.loads(ok(run, "schema ginscore.game").stdout) == schema_of("game")
    refused(run, "schema nothing", "nothing", "schema --list")
    refused(run, "schema", code=2)


# ---- docs/json.md and the schemas name the same keys ----


def test_the_schemas_are_strict_enough_to_fail(run):
    """A key missing, one too many, an amount as "62.0", an id as a number: each is refused."""
    play(run, "new A B --stake 0.1", "gin a 90")
    document = json.loads(ok(run, "status --json").stdout)
    validator = Draft202012Validator(schema_of("game"))
    assert validator.is_valid(document)
    for change in (lambda d: d.pop("final"), lambda d: d.update(surprise=1), lambda d: d.update(id=1),
                   lambda d: d["final"].update(amount="62.0"), lambda d: d.update(created="2026-11-29 13:05"),
                   lambda d: d["final"]["payments"][0].pop("points"), lambda d: d.update(columns=[])):
        broken = json.loads(json.dumps(document))
        change(broken)
        assert not validator.is_valid(broken)


def test_a_rummy_hand_given_as_the_cards_held_validates(run):
    # Found by a random search of the board: a loser's cards typed instead of his points (`out
    # ann ben=K,7,3`, or "K,7,3" in the board's box for Ben) are kept with the hand, and status
    # and sheet printed them as `cards`, a key the schema of a Rummy hand did not allow.
    play(run, "new Ann Ben Cy --rummy")
    documents = [json.loads(ok(run, "out ann ben=K,7,3 cy=5 --json").stdout)]
    documents += [json.loads(ok(run, command).stdout) for command in ("status --json", "sheet --format json", "log --json")]
    for document in documents:
        errors = sorted(Draft202012Validator(schema_of(document["schema"].removeprefix("ginscore."))).iter_errors(document), key=str)
        assert not errors, [error.message for error in errors]
    hand = documents[1]["hands"][0]
    assert hand["held"] == {"Ben": 20, "Cy": 5}  # K 10 + 7 + 3
    assert hand["cards"] == {"Ben": "K 7 3"}  # as typed, in the plain form; Cy's points were typed
