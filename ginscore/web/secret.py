"""The board's secret: one random value kept in this device's state folder (never in the ledger,
which other devices share), from which 'ginscore serve' derives the token the phones need on
the LAN and the key that signs each phone's form token. Kept, so that a board started again
takes the phones' cookies and forms as before; ``--new-token`` makes a new one (every phone then
scans the code again).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import re
import secrets

from ginscore.base import paths
from ginscore.base.errors import GinscoreError
from ginscore.base.i18n import _
from ginscore.base.safefile import make_folder, read_regular, reason

FILE = "board-secret"
SECRET = re.compile(r"[A-Za-z0-9_-]{43}")  # 32 random bytes, URL-safe base64 without padding
TOKEN_CHARACTERS = 24  # 144 bits of the secret's digest: what the printed address carries


class Secret:
    """The token of the LAN address and the key of the forms' tokens, from ``value``."""

    def __init__(self, value: str):
        self.token = derived(value, "token")[:TOKEN_CHARACTERS]
        self.form_key = hashlib.sha256(f"forms:{value}".encode("ascii")).digest()

    def form_token(self, phone: str) -> str:
        """The form token of the phone whose cookie holds ``phone``: whoever cannot read the
        cookie, or does not know the key, cannot make it (a signed double-submit cookie)."""
        digest = hmac.new(self.form_key, phone.encode("utf-8", "replace"), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:24]).decode("ascii")


    def phone_id(self, phone: str) -> str:
        """The id a phone's entries carry (``"phone"``): a short digest of its cookie under the
        board's key, never the cookie itself, so that the ledger, which other devices share,
        holds nothing that would let anyone post as that phone."""
        return hmac.new(self.form_key, f"phone:{phone}".encode("utf-8", "replace"), hashlib.sha256).hexdigest()[:PHONE_ID_CHARACTERS]


PHONE_ID_CHARACTERS = 10  # 40 bits: enough to tell a table's phones apart, too little to be worth guessing


def derived(value: str, purpose: str) -> str:
    digest = hashlib.sha256(f"{purpose}:{value}".encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


def new_value() -> str:
    return secrets.token_urlsafe(32)


def board_secret(renew: bool = False) -> Secret:
    """The kept secret (made on first use, or anew with ``renew``); a damaged or unreadable file
    is refused in one line, never replaced behind the phones' backs."""
    folder = paths.state_root()
    path = os.path.join(folder, FILE)
    if not renew:
        try:
            kept = read_regular(path, 256).decode("ascii", "replace").strip()
        except FileNotFoundError:
            kept = None
        except OSError as error:
            raise GinscoreError(
                _("cannot read the board's secret {path}: {reason}; or start with --new-token to make a new one").format(
                    path=path, reason=reason(error)
                )
            ) from None
        if kept is not None:
            if not SECRET.fullmatch(kept):
                raise GinscoreError(
                    _("the board's secret {path} is damaged: start with --new-token to make a new one").format(path=path)
                )
            return Secret(kept)
    value = new_value()
    try:
        make_folder(folder)
        write_private(path, f"{value}\n".encode("ascii"))
    except OSError as error:
        raise GinscoreError(_("cannot keep the board's secret in {path}: {reason}").format(path=path, reason=reason(error))) from None
    return Secret(value)


def write_private(path: str, data: bytes) -> None:
    """``data`` into ``path`` all or nothing, readable by this user only."""
    temporary = f"{path}.{secrets.token_hex(6)}.tmp"
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
