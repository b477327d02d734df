"""What the board says of files, in its own words: no path of the laptop and no command in any
page. A refusal or a damaged game's reason comes from below in the command line's words (the
file's path, "see 'ginscore check'"); here its paths are said as the file's place in the ledger
folder, and its clauses that name a command or an option are left out (``forms.board_words``).
"""

from __future__ import annotations

import os
import re

from ginscore.base.errors import printable
from ginscore.base.i18n import _
from ginscore.web.forms import board_words

# what follows the ledger folder's path in a message: a file's place in it, up to a space or a
# separator of the message
IN_LEDGER = r"[/\\]([^\s:;,()'\"]+)"


def without_paths(text: str, root: str) -> str:
    """``text`` with every path of the ledger folder ``root`` said as words: a file in it by its
    place there ("games/game-x.ann.json in the ledger folder"), the folder itself as "the ledger
    folder": no page shows a path of this machine."""
    for path in sorted({root, os.path.realpath(root)}, key=len, reverse=True):
        text = re.sub(re.escape(path) + IN_LEDGER, lambda found: _("{file} in the ledger folder").format(file=found.group(1)), text)
        text = text.replace(path, _("the ledger folder"))
    return text


def plain(text: str, root: str) -> str:
    """A message from below (a refusal, a damaged game's or file's reason) in the board's words:
    printable, no path, no command."""
    return board_words(without_paths(printable(text), root))
