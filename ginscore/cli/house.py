"""House rules: 'rules' shows the settings of a preset, a game or the defaults; 'config'
shows and changes the house-rules file that sets the defaults for new games."""

from __future__ import annotations

import click

from ginscore.app import games, reading
from ginscore.base.errors import RulesError, shown
from ginscore.base.i18n import N_, _, english, pgettext, pN_
from ginscore.base.paper_size import locale_paper
from ginscore.base.text import did_you_mean
from ginscore.cli import cli
from ginscore.cli.options import GAME_ID, NUMBERS_OK, completes, output_options, print_json, table_options
from ginscore.cli.translated import Command, Group, argument, option
from ginscore.core.rules import (
    PRESET_SOURCES,
    PRESETS,
    differences,
    option_name,
    preset_name,
    preset_rules,
    preset_sources,
    summary,
)
from ginscore.output import render
from ginscore.output.render import DEFAULT_FORMAT
from ginscore.settings import config as house_file
from ginscore.tables import DEFAULT_TABLE, all_settings, get_table


@cli.command("rules", cls=Command, help=N_("""Show rule settings: of PRESET, of a game (--game ID), or without either the defaults
for new games (changed by the house-rules file). A table's flag (--three-handed, ...)
shows that table's settings. What each setting means, with worked examples, is in the
rules reference that comes with ginscore: 'ginscore rules --doc' shows it.

'ginscore rules set SETTING VALUE' changes a setting of the current game (or --game ID)
while it is played: every hand, those already played too, is scored again under the new
rules; 'undo' right after takes the change back, and 'log' shows it. Refused when the game
is over, and when the change would have ended the game (or reached a target) before now.

\b
Example:
    ginscore rules pagat
    ginscore rules --game 3 --json
    ginscore rules --partnership
    ginscore rules --list
    ginscore rules --doc
    ginscore rules set gin-bonus 20
    ginscore rules set target 150 --game 3
"""))
@argument("preset", pN_("metavar", "PRESET"), required=False, shell_complete=completes("presets"))
@argument("setting", pN_("metavar", "SETTING"), required=False)
@argument("value", pN_("metavar", "VALUE"), required=False)
@option("--list", "list_presets", is_flag=True, help=N_("List the presets and the source each follows."))
@option("--doc", "show_doc", is_flag=True, help=N_("Show the rules reference: every table and setting, with worked examples."))
@option(
    "--game", "game_id", type=GAME_ID, metavar="ID", help=N_("Show the rules game ID is played under."),
    shell_complete=completes("game_ids"),
)
@table_options
@output_options
@click.pass_obj
def rules_command(obj, preset, setting, value, list_presets, show_doc, game_id, table, as_json, fmt):
    if preset == "set":
        set_rules(obj, setting, value, game_id, as_json, list_presets or show_doc or table != DEFAULT_TABLE or fmt is not None)
        return
    if setting is not None:
        if preset not in PRESETS and did_you_mean(preset, ["set"]):  # 'rules sett target 150'
            raise click.UsageError(_("No such command {name}{suggestion}").format(name=shown(preset), suggestion=did_you_mean(preset, ["set"])))
        raise click.UsageError(_("give one PRESET, or change a game's rules with 'ginscore rules set SETTING VALUE'"))
    if sum((preset is not None, game_id is not None, list_presets, show_doc)) > 1:
        raise click.UsageError(_("give one of PRESET, --game ID, --list or --doc"))
    if show_doc:
        click.echo_via_pager(rules_reference())  # a pager on a terminal, else plain output
        return
    if list_presets:
        show_presets(as_json, fmt)
        return
    kind = get_table(table)
    if preset is not None:
        name = preset_name(preset)
        rules = preset_rules(name, kind.rules_from(None, {}))
        report = {"source": "preset", "preset": name, "follows": PRESET_SOURCES[name]}
        title = _("Preset {name}: {follows}").format(name=name, follows=preset_sources()[name])
    elif game_id is not None:
        game = obj.book.standing(game_id)  # after any 'rules set'
        rules = game.rules
        kind = get_table(game.table)
        report = {"source": "game", "game": game.id}
        title = _("Game {game}, {seats}: {rules}").format(game=game.id, seats=kind.seats(game.players), rules=kind.rules_words(rules))
    else:
        house = house_file.read_config()
        rules = house.rules(table)
        report = {"source": "defaults", "config": str(house.path), "config_exists": house.exists}
        title = _("Defaults for new {table} games: {rules} ({note})").format(
            table=kind.table_words(), rules=summary(rules, house.preset), note=file_note(house)
        )
    report["table"] = kind.name
    if as_json:
        with english():  # JSON is English in every language
            report.update(rules=rules.to_dict(), differences=differences(rules), summary=summary(rules))
        print_json("rules", report)
        return
    rows = [setting_row(name, rules) for name in rules.to_dict()]
    print_grid(title, [_("setting"), _("option"), _("value"), _("default")], rows, fmt)


def set_rules(obj, setting, value, game_id, as_json: bool, other_options: bool) -> None:
    """'ginscore rules set SETTING VALUE': change a game's rules as it is played."""
    if setting is None or value is None:
        raise click.UsageError(_("give the setting and its new value: 'ginscore rules set SETTING VALUE', e.g. 'ginscore rules set gin-bonus 20'"))
    if other_options:
        raise click.UsageError(_("'ginscore rules set' takes only SETTING VALUE, --game ID and --json"))
    game, state, name = games.set_rules(obj.book, game_id, setting, value)
    if as_json:
        print_json("game", state.to_json())
        return
    click.echo(
        _("Game {game}: {setting} is now {value}; every hand is scored again under it ('undo' takes it back). {totals}").format(
            game=game.id, setting=reading.setting_words(name), value=show_setting(name, state.game.rules),
            totals=reading.view(state).totals_sentence(),
        )
    )


def rules_reference() -> str:
    """The rules reference, docs/rules.md: the copy the build puts in the package (setup.py),
    else (a checkout, an editable install) the file beside the package."""
    import os

    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for path in (os.path.join(here, "rules.md"), os.path.join(os.path.dirname(here), "docs", "rules.md")):
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as handle:
                return handle.read()
    raise RulesError(_("the rules reference is missing from this installation: install ginscore again"))


def setting_row(name: str, rules) -> list:
    value, default = getattr(rules, name), rules.specs[name].default
    shown = show_setting(name, rules)
    if name == "knock_limit" and rules.oklahoma:
        shown += _(" (not used: each hand's upcard sets it)")
    return [name, option_name(name), shown, "" if value == default else show_value(default, name, rules.target)]


def show_setting(name: str, rules) -> str:
    return show_value(getattr(rules, name), name, rules.target)



def show_value(value, name: str = "", target: int = 0) -> str:
    """A value for the tables; a column target of 0 means the game's target."""
    if name == "column_target" and value == 0:
        return _("0 (the target, {target})").format(target=target)
    if type(value) is bool:
        return _("yes") if value else _("no")
    return str(value)


def show_presets(as_json: bool, fmt: str | None) -> None:
    listing = [
        {
            "name": name,
            "follows": PRESET_SOURCES[name],
            "differences": differences(preset_rules(name)),
            "rules": preset_rules(name).to_dict(),
        }
        for name in PRESETS
    ]
    if as_json:
        print_json("presets", {"presets": listing})
        return
    follows = preset_sources()
    rows = [[entry["name"], summary(preset_rules(entry["name"]), "standard"), follows[entry["name"]]] for entry in listing]
    print_grid(
        _("Presets (use one with 'ginscore new A B --rules NAME')"), [_("preset"), _("settings"), _("follows")], rows, fmt
    )


def print_grid(title: str, headers: list, rows: list, fmt: str | None) -> None:
    fmt = render.check_format(fmt or DEFAULT_FORMAT)
    if fmt not in render.SPREADSHEET_FORMATS:
        click.echo(title + "\n")
    click.echo(render.grid(headers, rows, fmt))


def file_note(house) -> str:
    if house.exists:
        return _("house rules from {path}").format(path=house.path)
    return _("no house-rules file at {path}").format(path=house.path)


@cli.group("config", invoke_without_command=True, cls=Group, help=N_("""Show the house-rules file: its path and the defaults it gives new games.

Keys: preset, every rule setting (undercut_bonus, shutout, ...: see 'ginscore rules'),
stake, currency, lang (the language) and paper (a4 or letter, for printed sheets and pads;
without it, the locale's). A game keeps the settings it started with; changing this file never
changes a game already started.

\b
Example:
    ginscore config
    ginscore config set preset seed-004
    ginscore config set currency €
    ginscore config unset preset
"""))
@output_options
@click.pass_context
def config_command(ctx, as_json, fmt):
    if ctx.invoked_subcommand is not None:
        return
    house = house_file.read_config()
    rules = house.rules()
    if as_json:
        effective = {
            "preset": house.preset,
            "rules": rules.to_dict(),
            "stake": None if house.stake is None else str(house.stake),
            "currency": house.currency,
            "lang": house.values.get("lang"),
            "paper": house.paper or locale_paper(),
        }
        print_json("config", {"path": str(house.path), "exists": house.exists, "file": house.values, "effective": effective})
        return
    rows = [["preset", house.preset or _("none"), pgettext("value from", "file") if house.preset else ""]]
    specs = all_settings()
    rows += [
        [name, show_value(house_value(house, rules, name, specs[name].default), name, rules.target), value_source(house, name)]
        for name in specs
    ]
    rows += [[key, house.values.get(key, _("none")), pgettext("value from", "file") if key in house.values else ""] for key in ("stake", "currency", "lang")]
    rows.append(["paper", house.paper or locale_paper(), pgettext("value from", "file") if house.paper else pgettext("value from", "locale")])
    where = "" if house.exists else _(" (not created yet: 'ginscore config set KEY VALUE' makes it)")
    print_grid(
        _("House-rules file: {path}{where}").format(path=house.path, where=where), [_("key"), _("value"), _("from")], rows, fmt
    )


def house_value(house, rules, name: str, default):
    """What the house-rules file makes setting ``name`` for new games: from the two-player rules,
    or for another table's setting (Hollywood's columns) the file's value or the default."""
    return getattr(rules, name) if rules.uses(name) else house.values.get(name, default)


def value_source(house, name: str) -> str:
    if name in house.values:
        return pgettext("value from", "file")
    if house.preset and name in PRESETS[house.preset]:
        return _("preset {name}").format(name=house.preset)
    return pgettext("rules", "standard")


@config_command.command("set", context_settings=NUMBERS_OK, cls=Command, help=N_("""Set KEY to VALUE in the house-rules file (for games started from now on).

\b
Example:
    ginscore config set undercut-bonus 20
    ginscore config set stake 0.01
"""))
@argument("key", pN_("metavar", "KEY"), shell_complete=completes("config_keys"))
@argument("value", pN_("metavar", "VALUE"))
def config_set(key, value):
    path = house_file.config_path()
    values = house_file.with_value(path, house_file.read_raw(path), key, value)
    warning = house_file.write_config(path, values)
    key = house_file.normal_key(key)
    click.echo(_("Set {key} = {value} in {path}.").format(key=key, value=show_value(values[key]), path=path))
    report_new_games(path, values, warning)


def report_new_games(path, values: dict, warning: str | None) -> None:
    """What new games get now, or what is still wrong in a file being repaired key by key;
    and the warning of a write whose folder could not be flushed to disk."""

    if warning:
        click.echo(_("Warning: {warning}.").format(warning=warning), err=True)

    try:
        house = house_file.HouseRules(path, True, house_file.check_values(values, path))
        click.echo(_("New games: {rules}.").format(rules=summary(house.rules(), house.preset)))
    except RulesError as error:
        click.echo(_("The file still needs fixing before new games can start: {error}").format(error=error))


@config_command.command("unset", context_settings=NUMBERS_OK, cls=Command, help=N_("""Remove KEY from the house-rules file, so new games take its standard value.

\b
Example:
    ginscore config unset undercut_bonus
"""))  # NUMBERS_OK: also takes --undercut-bonus
@argument("key", pN_("metavar", "KEY"), shell_complete=completes("config_keys"))
def config_unset(key):
    path = house_file.config_path()
    raw = house_file.read_raw(path)
    values, was_set = house_file.without(path, raw, key)
    key = key if key in raw else house_file.normal_key(key)
    if not was_set:
        click.echo(_("{key} is not set in {path}; nothing changed.").format(key=key, path=path))
        return
    warning = house_file.write_config(path, values)
    click.echo(_("Removed {key} from {path}.").format(key=key, path=path))
    report_new_games(path, values, warning)
