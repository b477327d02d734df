"""The suite's own structure (tests/conftest.py, issue 45): a test's folder is its tier, every
test file is in a tier's folder, and the tests conftest names (the longest, run first; the slow
ones and the few of another tier in files other branches own) are tests that exist, so that a
test renamed or moved is not quietly left out of them."""

import ast
import functools

import conftest
from helpers import ROOT

TESTS = ROOT / "tests"


@functools.cache
def defined_tests(path) -> set:
    """The names of the test functions a test file defines."""
    tree = ast.parse((TESTS / path).read_text("utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")}


def test_every_test_file_is_in_a_tiers_folder():
    files = {path.relative_to(TESTS).as_posix() for path in TESTS.rglob("test_*.py") if "fixtures" not in path.parts}
    assert files and all(path.split("/")[0] in conftest.TIERS and path.count("/") == 1 for path in files), sorted(
        path for path in files if path.split("/")[0] not in conftest.TIERS or path.count("/") != 1)
    for tier in conftest.TIERS:
        assert any(path.startswith(f"{tier}/") for path in files), tier


def test_the_tests_conftest_names_exist():
    named = [*conftest.LONGEST, *conftest.SLOW_ELSEWHERE, *conftest.TIER_ELSEWHERE]
    assert len(named) > 40
    for name in named:
        path, test = name.split("::")
        assert (TESTS / path).is_file(), name
        assert test in defined_tests(path), name


def test_a_test_of_another_tier_than_its_folder_is_one_of_a_file_that_moved_whole():
    for name, tier in conftest.TIER_ELSEWHERE.items():
        folder = name.split("/")[0]
        assert tier in conftest.TIERS and tier != folder, name
    assert len({name.split("::")[0] for name in conftest.TIER_ELSEWHERE}) <= 4  # the slow files' few only


def test_the_browser_tests_take_the_headless_shell_first_and_the_whole_browser_without_it(tmp_path, monkeypatch):
    import chromium

    def on_path(*names):
        folder = tmp_path / "-".join(names)
        folder.mkdir()
        for name in names:
            (folder / name).write_text("#!/bin/sh\n")
            (folder / name).chmod(0o755)
        monkeypatch.setenv("PATH", str(folder))
        return folder

    folder = on_path("chromium", "chromium-headless-shell")
    assert chromium.find_browser() == str(folder / "chromium-headless-shell") and chromium.is_shell(chromium.find_browser())
    folder = on_path("chromium")
    assert chromium.find_browser() == str(folder / "chromium") and not chromium.is_shell(chromium.find_browser())
    on_path("firefox")
    assert chromium.find_browser() is None


def test_the_streams_of_a_tests_commands_are_freed_after_it():
    """click keeps the stream of every CliRunner command that echoed (conftest.click_stream_caches);
    the teardown forgets them, so the cli tier does not carry every command's output to its end."""
    import gc
    import io

    import click
    from click.testing import CliRunner

    @click.command()
    def say():
        click.echo("to the stream")
        click.echo("and to the errors", err=True)

    def streams_alive() -> int:
        """CliRunner's text streams still alive (whatever click names their class)."""
        gc.collect()
        return sum(1 for thing in gc.get_objects() if isinstance(thing, io.TextIOWrapper) and type(thing).__module__ == "click.testing")

    conftest.pytest_runtest_teardown(None)
    before = streams_alive()
    runner = CliRunner()
    for _ in range(20):
        assert runner.invoke(say).output
    kept = streams_alive() - before
    if conftest.click_stream_caches():  # this click caches the streams: they were kept until the teardown
        assert kept >= 20
    conftest.pytest_runtest_teardown(None)
    assert streams_alive() <= before
