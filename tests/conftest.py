import os
import stat
import sys
import tempfile

import pytest


def keep_bytecode_outside_the_checkout() -> None:
    """With PYTHONDONTWRITEBYTECODE set (as on some CI boxes and sandboxes), every worker would
    parse and rewrite the asserts of every test module, and compile ginscore, again on every run:
    seconds of CPU each time. The compiled files go instead to a folder of this user's own in
    the temporary folder (never beside the sources, which is what the variable is for);
    Python's usual checks of a source's time and size keep them current. Skipped if that
    folder is not plainly ours (a link, another user's, writable by others).

    The Pythons the tests start (``python -m ginscore``, a server, pytest-xdist's workers) are
    told the same folder through the environment: else each compiled all of ginscore again,
    half the CPU of a short command (0.10 s instead of 0.05 s for 'status')."""
    if not sys.dont_write_bytecode or sys.pycache_prefix:
        return
    folder = os.path.join(tempfile.gettempdir(), f"ginscore-test-pycache-{os.getuid()}")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        info = os.lstat(folder)
    except OSError:
        return
    if stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid() and not info.st_mode & 0o022:
        sys.pycache_prefix = folder
        sys.dont_write_bytecode = False
        os.environ["PYTHONPYCACHEPREFIX"] = folder
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


keep_bytecode_outside_the_checkout()


def temporary_folders_in_memory() -> None:
    """The tests' temporary folders (tmp_path: every test's ledger, config and state; some
    hundred thousand files are made and removed in a run) on Linux's shared-memory file
    system when it is there with room to spare: on a disk each file costs a journal entry
    and each fsync of a write waits for the disk, seconds of system CPU and more of waiting
    over a run. Nothing a test checks depends on the disk (a crash test kills processes, it
    cannot cut the power). Left alone when the run chose its own (--basetemp, or
    $PYTEST_DEBUG_TEMPROOT, pytest's own variable for this)."""
    memory = "/dev/shm"
    if os.environ.get("PYTEST_DEBUG_TEMPROOT") or not sys.platform.startswith("linux"):
        return
    try:
        with open("/proc/mounts", encoding="utf-8") as mounts:
            in_memory = any(line.split()[1:3] == [memory, "tmpfs"] for line in mounts if len(line.split()) > 2)
        room = os.statvfs(memory)
    except OSError:
        return
    if in_memory and os.access(memory, os.W_OK | os.X_OK) and room.f_bavail * room.f_frsize >= 2 << 30:
        os.environ["PYTEST_DEBUG_TEMPROOT"] = memory


temporary_folders_in_memory()
from click.testing import CliRunner
from hypothesis import settings

from helpers import play

# the browsers, each started once a worker (tests/browsers.py), and ledgers built once (tests/built_once.py)
pytest_plugins = ["browsers", "built_once"]

# No deadline for an example: on a machine shared with other work one example can take longer
# than hypothesis's default 200 ms, and the test would fail for the machine's sake, not ours.
settings.register_profile("ginscore", deadline=None)
settings.load_profile("ginscore")

# Slow tests in files other branches own (issue 18): marked here until the marks move there.
SLOW_ELSEWHERE = {
    "cli/test_contract.py::test_every_output_and_file_is_as_recorded",
    "cli/test_i18n.py::test_the_build_is_reproducible",
    "cli/test_i18n.py::test_the_compiled_catalogs_are_what_the_sources_give",
    "unit/test_tables.py::test_random_partnership_games",
    "unit/test_tables.py::test_random_three_handed_games",
}


# The tiers (issues 32 and 45), each runnable alone: ``-m unit`` the pure units (no command, no
# process: seconds), ``-m cli`` the commands run in this process (CliRunner), ``-m system`` what
# runs real processes, a browser, a terminal or git. A test's folder is its tier: tests/unit/,
# tests/cli/, tests/system/.
TIERS = ("unit", "cli", "system")
TESTS = os.path.dirname(os.path.abspath(__file__))
# The few tests of another tier in the slow files, which move whole (issue 45: another branch
# makes them quicker): their tier, until they move to their own folder.
TIER_ELSEWHERE = {
    "system/test_board.py::test_host_names_and_languages_are_read_as_a_browser_sends_them": "unit",
    "system/test_board.py::test_an_address_it_cannot_listen_on_is_one_line_and_nothing_is_served": "cli",
    "system/test_board.py::test_without_the_extra_serve_says_how_to_install_it": "cli",
    "system/test_board_server.py::test_the_guard_refuses_every_scope_but_http": "unit",
    "system/test_board_server.py::test_connections_beyond_an_address_s_share_are_closed_and_a_request_that_never_arrives_is_timed_out": "unit",
    "system/test_board_server.py::test_without_inotify_every_file_s_stamp_is_compared": "unit",
    "system/test_board_server.py::test_the_lan_addresses_come_default_route_first_without_loopback_or_link_local": "unit",
    "system/test_board_server.py::test_the_event_loop_s_errors_are_one_line_a_while_never_a_traceback": "unit",
    "system/test_board_server.py::test_the_connections_held_stay_below_the_files_the_process_may_open": "unit",
    "system/test_fuzz.py::test_a_settlements_file_with_an_amount_that_is_no_amount_is_refused": "cli",
    "system/test_fuzz.py::test_a_stake_below_a_millionth_is_listed_and_its_players_play_again": "cli",
    "system/test_fuzz.py::test_a_stake_of_more_than_30_decimal_places_is_refused": "cli",
    **dict.fromkeys((f"cli/test_i18n.py::{name}" for name in (
        "test_a_word_of_two_senses_has_a_context_for_each",
        "test_every_message_of_the_code_is_translated_with_the_same_placeholders",
        "test_i18n_imports_no_ginscore_module",
        "test_msgmerge_of_the_template_changes_no_catalog",
        "test_no_catalog_entry_has_unfilled_or_mismatched_placeholders",
        "test_no_catalog_has_a_fuzzy_or_obsolete_entry",
        "test_the_catalogs_are_package_data",
        "test_the_code_passes_only_literals_to_the_message_functions",
        "test_the_compiled_catalogs_are_what_the_sources_give",
        "test_the_default_config_path_is_platformdirs_own",
        "test_the_flag_comes_first_then_the_variable_then_the_file_then_the_locale",
        "test_the_house_rules_file_is_found_without_ginscore_config",
        "test_the_languages_are_listed_once",
        "test_the_locale_variables_are_read_as_gettext_reads_them",
        "test_the_plural_rule_is_read_from_the_catalog_header",
        "test_the_template_holds_every_message_of_every_catalog",
        "test_the_template_is_what_the_extractor_writes",
    )), "unit"),
    **dict.fromkeys((f"cli/test_i18n.py::{name}" for name in (
        "test_an_unknown_language_in_a_real_process_is_one_line_too",
        "test_loading_a_catalog_costs_a_few_milliseconds_at_most",
        "test_msgfmt_accepts_every_catalog",
        "test_the_build_is_reproducible",
    )), "system"),
}


def name_of(item) -> str:
    """``FOLDER/FILE::TEST`` (``system/test_crash.py::test_sigkill_of_real_ginscore_processes``):
    how LONGEST, SLOW_ELSEWHERE and TIER_ELSEWHERE name a test, whatever its parameters."""
    return f"{os.path.relpath(item.path, TESTS).replace(os.sep, '/')}::{item.originalname}"


def tier_of(item) -> str:
    """The tier of a test: its folder's, or TIER_ELSEWHERE's for a test of a slow file that
    moved whole. A test file outside the tiers' folders, or a test marked with another tier
    than its folder's, is an error that says where it belongs."""
    name = name_of(item)
    folder = name.split("/", 1)[0] if "/" in name else None
    if folder not in TIERS:
        raise pytest.UsageError(f"{name}: a test file belongs in tests/unit/, tests/cli/ or tests/system/ (its folder is its tier)")
    if name in TIER_ELSEWHERE:
        return TIER_ELSEWHERE[name]
    marked = [mark.name for mark in item.iter_markers() if mark.name in TIERS and mark.name != folder]
    if marked:
        raise pytest.UsageError(f"{name}: marked {marked[0]} in tests/{folder}/: move it to tests/{marked[0]}/ (its folder is its tier)")
    return folder


# The longest tests (a second or more of wall time each, measured on an idle machine), longest
# first. They run first: pytest-xdist hands each worker a run of the list and a worker that runs
# out steals from the end of another's, so a long test left for the end would keep one core
# busy alone while the other waits (the tail of the run).
LONGEST = (
    "cli/test_index_answers.py::test_random_changes_in_any_order_answer_alike",
    "system/test_crash.py::test_sigkill_at_random_moments_never_loses_a_confirmed_hand",
    "system/test_board.py::test_the_servers_memory_stays_flat_over_a_thousand_hands",
    "system/test_board_server.py::test_a_board_says_plainly_when_it_stops_following_and_follows_again_after_a_restart",
    "system/test_board_server.py::test_connections_beyond_an_address_s_share_are_closed_and_a_request_that_never_arrives_is_timed_out",
    "system/test_board_server.py::test_a_phone_is_served_while_a_neighbour_holds_1100_half_sent_connections_under_1024_files",
    "system/test_board_server.py::test_a_restart_keeps_the_phones_cookies_and_forms_and_a_new_token_locks_them_out",
    "system/test_board_server.py::test_without_inotify_every_file_s_stamp_is_compared",
    "system/test_board_server.py::test_with_100_games_in_progress_24_open_boards_show_a_hand_within_a_second",
    "system/test_board.py::test_a_hand_entered_on_one_phone_shows_on_another_and_a_hostile_name_runs_nothing",
    "system/test_board.py::test_the_board_follows_a_cli_hand_live_and_a_phone_needs_no_sideways_scrolling",
    "system/test_board.py::test_a_phone_that_scans_the_lan_address_gets_the_board_and_keeps_the_token_in_a_cookie",
    "system/test_board.py::test_twelve_phones_and_four_cli_hands_at_once_all_land_and_check_passes",
    "system/test_board_phones.py::test_every_correction_from_a_page_gives_the_ledger_what_the_command_gives",
    "system/test_board_phones.py::test_enter_pressed_twice_on_a_phone_records_one_hand",
    "system/test_board_phones.py::test_at_phone_size_no_table_is_wider_than_its_box_and_every_error_stands_in_its_form",
    "system/test_crash.py::test_sigkill_of_real_ginscore_processes",
    "system/test_crash.py::test_sixteen_processes_recording_in_one_game_at_once",
    "system/test_crash.py::test_sixteen_processes_each_starting_and_recording_their_own_game_at_once",
    "system/test_fuzz.py::test_mutated_ledgers",
    "system/test_fuzz.py::test_the_fuzzer_sees_each_thing_it_looks_for",
    "system/test_fuzz.py::test_kept_failures_stay_fixed",
    "system/test_print.py::test_two_names_of_40_characters_print_on_one_page_with_nothing_cut_off",
    "cli/test_foreign.py::test_a_long_foreign_file_with_a_rename_answers_in_seconds",
    "system/test_ledger.py::test_a_writer_waits_for_the_lock_and_then_lands",
    "cli/test_streaming.py::test_whole_ledger_questions_hold_one_summary_at_a_time",
    "cli/test_settled_index.py::test_the_kept_settled_set_answers_as_every_settlement_read",
    "system/test_causal_order.py::test_three_devices_with_clocks_years_apart_print_only_what_their_ledger_reads",
    "unit/test_ratings.py::test_the_bench_in_small_form_ginscore_predicts_at_least_as_well_as_the_others",
    "cli/test_linear_work.py::test_check_folds_conflict_copies_in_time_in_proportion_to_them",
    "unit/test_placing.py::test_a_hand_put_before_hand_2_costs_in_proportion_to_the_hands_after_it",
)


def longest_first(items) -> None:
    """The modules that hold one of the LONGEST tests first (in its order), each module's tests
    together (a module-scoped fixture, test_web's browser, is started once per module run), its
    longest tests first; then every other module, as collected."""
    rank = {name: number for number, name in enumerate(LONGEST)}
    module_rank: dict = {}
    for item in items:
        number = rank.get(name_of(item))
        if number is not None:
            module_rank[item.path] = min(number, module_rank.get(item.path, number))
    order = {item.path: position for position, item in reversed(list(enumerate(items)))}

    def key(item):
        first = module_rank.get(item.path, len(LONGEST))
        return first, order[item.path], rank.get(name_of(item), len(LONGEST))

    items.sort(key=key)


def pytest_xdist_auto_num_workers(config):
    """``-n auto`` (pyproject.toml): a worker per core, and one more when the run takes in the
    system tier. Its tests wait on what they started (Chromium printing and loading pages, the
    board's servers, git, the crash test's children) while a core sits idle, and one more worker
    fills those waits: idle, on 2 cores, the whole suite took 76.0 s and 82.3 s with three workers,
    76.6 s and 84.9 s with two, run in turn (two left 19 core-seconds idle). The unit and cli
    tiers keep the cores busy by themselves, and a worker more only adds its start (tests/unit:
    12 s with three, 11.8 s with two)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    busy = [os.path.join(os.path.dirname(__file__), tier) for tier in ("unit", "cli")]
    paths = [os.path.abspath(str(arg).split("::")[0]) for arg in config.args]
    only_busy = bool(paths) and all(any(path == tier or path.startswith(tier + os.sep) for tier in busy) for path in paths)
    return cores if only_busy else cores + 1


def pytest_collection_modifyitems(items):
    for item in items:
        if name_of(item) in SLOW_ELSEWHERE:
            item.add_marker(pytest.mark.slow)
        item.add_marker(getattr(pytest.mark, tier_of(item)))
    longest_first(items)


# ---- the test process's garbage collector ------------------------------------------------------
# A worker runs thousands of commands in its own process, and Python's collector of cycles looks,
# every so often, at every object still alive: the modules, the collected tests, and whatever
# piles up. Measured in the cli tier (one process, gc.callbacks): 3.6 s of 58 in the collector,
# most of it in 18 whole collections of some 140,000 objects.


def pytest_collection_finish(session):
    """What lives for the whole run (modules, tests, strategies, catalogs) is set aside from the
    collector once the tests are collected (``gc.freeze``): a whole collection looks only at what
    came after. Nothing frozen is ever freed, and none of it would have been before the end."""
    import gc

    gc.collect()
    gc.freeze()


def click_stream_caches() -> list:
    """click's caches of the text stream it writes to when given none (``click.echo()``),
    keyed by the stream, weakly. A stream that is already right is its own wrapper, so its entry
    holds its key and is never dropped: harmless in a command's own process, where the stream is
    always sys.stdout, but CliRunner gives every command new streams. Every command of the run
    then stays in memory with all it printed (15,000 streams and their buffers in the cli tier)
    and in every collection. Found in click's module, where it keeps them; none found (another
    click), none forgotten."""
    from weakref import WeakKeyDictionary

    import click._compat

    found = []
    for name in ("_default_text_stdin", "_default_text_stdout", "_default_text_stderr"):
        for cell in getattr(getattr(click._compat, name, None), "__closure__", None) or ():
            if isinstance(cell.cell_contents, WeakKeyDictionary):
                found.append(cell.cell_contents)
    return found


def pytest_runtest_teardown(item):
    """The streams of the test's commands forgotten after it (see ``click_stream_caches``)."""
    for cache in click_stream_caches():
        cache.clear()


@pytest.fixture(autouse=True)
def isolated_ledger(tmp_path, monkeypatch):
    """Every test gets its own ledger and config; none touches the user's real data."""
    ledger = tmp_path / "ledger"
    monkeypatch.setenv("GINSCORE_LEDGER", str(ledger))
    monkeypatch.setenv("GINSCORE_CONFIG", str(tmp_path / "config.toml"))
    # this device's own folders (its id, the lock, the current game, the index): never the user's
    monkeypatch.setenv("GINSCORE_STATE", str(tmp_path / "state"))
    monkeypatch.setenv("GINSCORE_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("GINSCORE_DEVICE", raising=False)
    # English whatever the machine's locale; tests of other languages set their own
    monkeypatch.setenv("GINSCORE_LANG", "en")
    monkeypatch.delenv("COLUMNS", raising=False)  # the width of a terminal, which log wraps to: none here
    from ginscore.base import i18n

    i18n.set_language(None)  # forget a --lang of an earlier test (CliRunner runs in this process)
    yield ledger
    i18n.set_language("en")  # click's own words back to English, whatever the test's environment
    i18n.install_click()
    i18n.set_language(None)


@pytest.fixture
def lang(monkeypatch):
    """Speak ``code`` from here on (as GINSCORE_LANG does); English again after the test."""
    from ginscore.base import i18n

    def use(code):
        monkeypatch.setenv("GINSCORE_LANG", code)
        i18n.set_language(None)

    yield use
    monkeypatch.setenv("GINSCORE_LANG", "en")
    i18n.set_language(None)


@pytest.fixture
def run():
    """Invoke the CLI; returns click's Result. ``run("knock alice 4 15")`` or a list of args."""
    from ginscore.cli import cli

    runner = CliRunner()

    def invoke(args, **kwargs):
        if isinstance(args, str):
            args = args.split()
        return runner.invoke(cli, args, catch_exceptions=False, **kwargs)

    return invoke


@pytest.fixture(scope="session")
def played_ledgers(tmp_path_factory):
    """Where ``played`` keeps the ledger each list of commands left, for the whole run."""
    return tmp_path_factory.mktemp("played"), {}


@pytest.fixture
def played(run, isolated_ledger, played_ledgers):
    """``played(commands)``: this test's (empty) ledger as ``play(run, *commands)`` leaves it.
    The commands run once per test run; later tests get a copy of the files they wrote (game
    files hold no language, so a copy serves a test in any language; the house-rules file is
    part of what is remembered). For the long games the sheet and print tests look at."""
    import shutil

    folder, saved = played_ledgers

    def copy(commands):
        config = os.environ["GINSCORE_CONFIG"]
        house_rules = open(config, "rb").read() if os.path.exists(config) else None
        key = (tuple(tuple(c.split()) if isinstance(c, str) else tuple(c) for c in commands), house_rules)
        assert not os.path.exists(isolated_ledger), "played() starts from an empty ledger"
        if key in saved:
            shutil.copytree(saved[key], isolated_ledger, symlinks=True)
        else:
            play(run, *commands)
            saved[key] = folder / f"ledger-{len(saved)}"
            shutil.copytree(isolated_ledger, saved[key], symlinks=True)

    return copy


@pytest.fixture
def evening(played):
    """The evening of every kind of table the export tests read (helpers_export.EVENING)."""
    from helpers_export import EVENING

    played(EVENING)


@pytest.fixture
def outside(tmp_path):
    """A folder outside the ledger, with a file a planted link points at (the hostile tests)."""
    from helpers_hostile import healthy_text

    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "victim.json").write_text(healthy_text(), encoding="utf-8")
    (folder / "victim.txt").write_text("not ginscore's to touch\n", encoding="utf-8")
    return folder


@pytest.fixture(scope="session")
def built_package(tmp_path_factory):
    """The package as 'pip install' copies it (``setup.py build_py``: package data and the
    build step's copies), built once for the tests that look into it; they only read it."""
    import subprocess

    pytest.importorskip("setuptools")
    folder = tmp_path_factory.mktemp("built")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    built = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(folder)], cwd=root, capture_output=True, text=True, timeout=120,
    )
    assert built.returncode == 0, built.stderr
    return folder


@pytest.fixture
def two_devices(tmp_path):
    """Alice's and Bob's devices (tests/syncer.py): each its own HOME, config, state, cache and
    ledger folder under tmp_path; sync their ledgers with ``Syncer.of(two_devices, style)``."""
    from syncer import Device

    return Device(tmp_path, "alice"), Device(tmp_path, "bob")


# ---- game ids (issue #19): a new game's id is made on the device (e.g. "k7f3q2ab"), not 1, 2, 3 ----


@pytest.fixture
def pair(tmp_path):
    """Two devices, Ann's and Ben's (tests/syncer.py), each its own HOME, config, state and cache."""
    from syncer import Device

    return Device(tmp_path, "ann"), Device(tmp_path, "ben")
