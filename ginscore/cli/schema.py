"""The JSON contract in the hands of a program: schema, the JSON Schemas shipped with ginscore."""

from __future__ import annotations

import os

import click

from ginscore.base.errors import GinscoreError, shown
from ginscore.base.i18n import N_, _, pN_
from ginscore.cli import cli
from ginscore.cli.translated import Command, argument, option
from ginscore.output import json_contract, render

SCHEMAS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "schemas")


@cli.command(cls=Command, help=N_("""Print the JSON Schema (draft 2020-12) of a JSON document ginscore prints.

Every --json output starts with "schema" (its NAME, e.g. ginscore.game) and
"schema_version" (MAJOR.MINOR: a minor version only adds keys, a major one breaks the
shape); a program can check what it reads against the schema of that NAME.

\b
Example:
    ginscore schema --list
    ginscore schema ginscore.game
    ginscore schema games > games.schema.json
"""))
@argument("name", pN_("metavar", "NAME"), required=False)
@option("--list", "list_them", is_flag=True, help=N_("List the documents: name, version and what prints it."))
def schema(name, list_them):
    if list_them == (name is not None):
        raise click.UsageError(_("give NAME or --list"))
    if list_them:
        rows = json_contract.listing()
        click.echo(render.plain_grid([_("schema"), _("version"), _("what it is")], rows, numeric=()))
        return
    key = name.strip().lower().removeprefix(json_contract.PREFIX)
    if key not in json_contract.DOCUMENTS:
        raise GinscoreError(
            _("no schema {name}: 'ginscore schema --list' names them").format(name=shown(name))
        )
    path = os.path.join(SCHEMAS, f"{key}.json")
    try:
        with open(path, encoding="utf-8") as handle:
            click.echo(handle.read(), nl=False)
    except OSError:
        raise GinscoreError(_("the schemas are missing from this installation: install ginscore again")) from None
