"""The decimal comma (issue 20, item 6): ginscore prints "Ставка: ₴0,05", so a stake typed as
0,05 is taken wherever a stake is typed, in every language; a comma is never a thousands
separator there."""

import pytest

from helpers import ledger_bytes, play, status_json


@pytest.mark.parametrize("lang", ["en", "de", "ru", "uk"])
def test_new_takes_a_decimal_comma(run, lang):
    play(run, ["--lang", lang, "new", "Олена", "Тарас", "--stake", "0,05", "--currency", "₴"])
    assert status_json(run)["stake"] == "0.05"


@pytest.mark.parametrize("lang", ["en", "de", "ru", "uk"])
def test_config_set_stake_takes_a_decimal_comma(run, lang, tmp_path):
    play(run, ["--lang", lang, "config", "set", "stake", "0,05"])
    assert 'stake = "0.05"' in (tmp_path / "config.toml").read_text(encoding="utf-8")
    play(run, "new A B")
    assert status_json(run)["stake"] == "0.05"


def test_pad_and_a_fraction_take_it_too(run):
    assert "0.1" in play(run, "pad A B --stake 0,1").output
    play(run, "new A B --stake 1,5/10")
    assert status_json(run)["stake"] == "0.15"
    play(run, "new A B --stake 1,000")  # never a thousands separator: one unit a point
    assert status_json(run)["stake"] == "1"


@pytest.mark.parametrize("stake", ["1,000.5", "0,,5", "1,2,3"])
def test_a_comma_and_a_point_or_two_commas_are_refused(run, isolated_ledger, stake):
    result = run(["new", "A", "B", "--stake", stake])
    assert result.exit_code != 0 and result.output.startswith("Error: stake") and result.output.count("\n") == 1
    assert ledger_bytes(isolated_ledger) == {}


def test_both_marks_are_named(run):
    result = run(["new", "A", "B", "--stake", "1,000.5"])
    assert result.output == "Error: stake '1,000.5' has both a decimal comma and a point: write one, e.g. 0.05 or 0,05\n"
