"""Russian and Ukrainian output read as a person would (issue #20, items 15 and 16): names never
declined, no English word left over. The checks themselves, for tests/cli/test_ru_uk_words.py
and tests/cli/test_settle_many.py, and held to the issue's sentences by
tests/unit/test_word_checks.py."""

from __future__ import annotations

import re

NAMES = {"ru": ("Маша", "Борис", "Алиса", "Олег"), "uk": ("Олена", "Тарас", "Віра", "Богдан")}


# Words that govern a case other than the nominative, or a verb that does, when the next word
# is a player's name: "у Богдан", "для Маша", "платит Борис", "чекаємо на ...".
GOVERNING = {
    "ru": "у без для до из от по при про через против между перед за над под кроме после с со к о об на в "
          "платит платят получает ждём ждем выиграл обыграл подрезал",
    "uk": "у в без для до з із зі від по при про через проти між перед за над під крім після к на "
          "платить платять отримує чекаємо виграв обіграв підрізав",
}


# A past-tense verb or short participle, which agrees with the gender of the name it is said of.
PAST = {
    "ru": r"[а-яё]{2,}(?:л|ла|ло|ли)|[а-яё]{3,}(?:ан|ен|ён|ана|ена|ена)",
    "uk": r"[а-яіїєґʼ']{2,}(?:в|ла|ло|ли)|[а-яіїєґʼ']{3,}(?:ан|ен|ений|ана|ена|аний)",
}


# Words of the past form that are no verbs (nouns, adverbs, a hand's words).
NOT_PAST = {
    "ru": {"стол", "итог", "пол", "ничья", "мало", "было", "весело"},
    "uk": {"стіл", "підсумок", "зроблено", "знов", "знову", "було", "разом"},
}


def declension_problems(text: str, language: str, names) -> list[str]:
    """The places in ``text`` where a name stands in another case or beside a word that needs
    one, or next to a verb that agrees with its gender. Words of one sentence are one space
    apart; a wider gap is between two cells of a table."""
    problems = []
    words = re.findall(r"[^\W\d_][\wʼ]*", text)
    for name in names:
        stem = name[:-1] if name[-1] in "аяоеиыіїєу" else name
        for word in words:
            if word.startswith(stem) and word != name and len(word) <= len(name) + 3:
                problems.append(f"{word!r}: {name} declined")
    alternatives = "|".join(re.escape(name) for name in names)
    governing = "|".join(GOVERNING[language].split())
    for match in re.finditer(rf"(?<![\w-])({governing}) ({alternatives})(?!\w)", text, re.IGNORECASE):
        problems.append(f"{match.group(0)!r}: a name where another case is needed")
    past = PAST[language]
    for pattern in (rf"(?<!\w)({alternatives}) (?:не )?({past})(?!\w)", rf"(?<!\w)({past}) ({alternatives})(?!\w)"):
        for match in re.finditer(pattern, text):
            verb = match.group(2) if match.group(1) in names else match.group(1)
            if verb.lower() not in NOT_PAST[language]:
                problems.append(f"{match.group(0)!r}: a verb that agrees with the name's gender")
    return problems


def allowed_words(names) -> set[str]:
    """Every Latin word a Russian or Ukrainian reader may meet on purpose, lower-cased, each kind
    taken from ginscore: what it would be a defect to translate."""
    import click
    from tabulate import tabulate_formats

    from ginscore.base import i18n
    from ginscore.cli import COMMANDS, cli
    from ginscore.core import rules
    from ginscore.output.render import FORMAT_ALIASES, SPREADSHEET_FORMATS
    from ginscore.settings import config
    from ginscore.tables import all_tables

    words = set()

    def add(text):
        words.update(word if word.isupper() else word.lower() for word in re.findall(r"[A-Za-z]+", str(text)))

    def walk(command):
        add(command.name)
        for param in command.params:
            for option in getattr(param, "opts", []) + getattr(param, "secondary_opts", []):
                add(option)
            if isinstance(param, click.Option) and (param.metavar or param.type.get_metavar(param, click.Context(command))):
                # --game ID, --stake RATE: an option's placeholder, or its type's (export --to hledger|...)
                add(param.metavar or param.type.get_metavar(param, click.Context(command)))
            if isinstance(param.type, click.Choice):
                add(" ".join(map(str, param.type.choices)))
        for sub in getattr(command, "commands", {}).values():
            walk(sub)

    with click.Context(cli) as context:
        for name in cli.list_commands(context):  # imports every command's module (they load lazily)
            walk(cli.get_command(context, name))
    walk(cli)
    add(" ".join(COMMANDS))  # the aliases too (abandon)
    add(" ".join(i18n.LANGUAGES))  # --lang en, ru or uk
    add(" ".join(FORMAT_ALIASES))  # --format text, markdown, md
    add(" ".join(SPREADSHEET_FORMATS) + " html json")  # and csv, html (a page), json
    add(" ".join(cli.context_settings["help_option_names"]))  # -h, --help
    for spec in rules.GIN_SETTINGS.values():
        add(spec.name)
        add(" ".join(map(str, spec.choices)))
    for table in all_tables():
        add(table.name)
        for spec in table.settings.values():
            add(spec.name)
            add(" ".join(map(str, spec.choices)))
    add(" ".join(config.KEYS))
    add(" ".join(rules.PRESETS))
    add(" ".join(tabulate_formats))
    add(" ".join(names))
    return words | ALSO_ALLOWED


# The rest, each for its reason.
ALSO_ALLOWED = {
    "ginscore",  # the program's name
    "tabulate",  # the library whose table styles --format takes, named so that its list can be found
    "UTC",  # the time zone of the sheets' and the log's times
    "JSON", "docs", "json", "md", "zip",  # "(see docs/json.md)"; a backup's .zip
    "YYYY", "MM", "DD", "today", "yesterday",  # what --since and --until take
    "flat",  # the shutout value flat:N
    "a4", "letter",  # the paper sizes, typed as written (--paper a4, config set paper letter)
    "seed",  # the presets named after the rule texts, seed-004
    "CHF",  # a currency code in --currency's example
    "EUR", "JPY",  # currency codes in export's --commodity examples (beancount's commodities)
    "assets", "receivable", "journal", "name",  # export's default accounts and their {name}; hledger's .journal file
    "CSV",  # the file format, as Russian and Ukrainian write it too (export --csv-rules: the CSV rules file)
    "pull", "cd", "gitattributes", "gitignore",  # git's own words and files, in git-setup's help
    "media", "usb",  # the example path of 'merge' (/media/usb/ginscore)
    "conflicts",  # the ledger's folder of conflict copies folded in, named as on disk (check's help)
    "score", "counter", "v2",  # the score-pad app's name and its backup's kind, gin-rummy-counter.v2 ('import')
    "al",  # the beginning of Alice that the examples type for her (k al 4 15)
    "Tab", "Ctrl", "C", "D", "N",  # keys as printed on a keyboard (Tab, Ctrl-C, Ctrl-D); ИМЯ=N, a number
    "O", "A", "B",  # git's names of the three versions in merge-file's example (%O %A %B)
    "ctrl", "c", "d",  # the keys Ctrl-C and Ctrl-D of 'play'
    "g", "bg", "s", "st", "u",  # 'play''s short entries, which the reader types
    "alice", "bob", "carol", "dave", "dan", "eve", "ann", "cy", "mary", "x",  # the players of the help's examples
    "alcie", "robert",  # the names in rename's examples: a typo put right, a name given in full
    "pip", "install", "web", "QR",  # serve's extra, installed as typed (pip install 'ginscore[web]'); a QR code
}


# A card as typed or shown: rank then suit (7h, Td, 10s, K♠), a rank alone (K,7,3), a run (5s-7s).
CARD = re.compile(r"^(?:10|[2-9tjqka])[shdc]?$", re.IGNORECASE)


# What is no word of a sentence: an environment variable ($GINSCORE_LEDGER), a file name or a
# path (final.csv, ~/Dropbox/x.zip, TMP/ledger), a web address (pagat.com).
NOT_WORDS = re.compile(r"\$[A-Z_]+|[~\w./-]*\w\.(?:csv|html|zip|toml|json|md|com|org)\b|\bTMP/[\w./-]*|~/[\w./-]*")


def latin_leftovers(text: str, allowed: set[str]) -> list[str]:
    """The Latin words of ``text`` not allowed. A word in capitals (a placeholder such as PLAYER)
    must be allowed as written; any other is compared in lower case."""
    found = []
    for word in re.findall(r"[0-9]*[A-Za-z][A-Za-z0-9]*", NOT_WORDS.sub(" ", text)):
        if word in allowed or (not (word.isupper() and len(word) > 1) and word.lower() in allowed) or CARD.match(word):
            continue
        found.append(word)
    return found
