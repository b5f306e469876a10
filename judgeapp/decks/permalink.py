"""A checked list's permalink: the list itself, compressed into the link.

Nothing is stored: the same list always gives the same link, a link never expires or
leaks another player's list from a database, and opening it checks the list again
against the current data (with the format and date in the link's query).  A decklist
compresses to well under a kilobyte; links are capped below the request-line limit of
servers and proxies (gunicorn's is 4094 bytes), and decoding is bounded so a crafted
link cannot inflate into a large text.
"""
from __future__ import annotations

import base64
import binascii
import zlib

from .parsing import DeckInputError

MAX_TOKEN = 3000  # characters of the link's list part
MAX_TEXT = 64 * 1024  # a decklist is a few kilobytes


def encode(text: str) -> str | None:
    """The link part for ``text``; None when the list is too long to share as a link."""
    lines = [line.rstrip() for line in text.strip().splitlines()]
    packed = zlib.compress("\n".join(lines).encode("utf-8"), 9)
    token = base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
    return token if len(token) <= MAX_TOKEN else None


def decode(token: str) -> str:
    bad = DeckInputError("bad-permalink", "This decklist link is damaged (cut short or changed): ask for the link "
                                          "again, or paste the list on the deck checker.")
    if not token or len(token) > MAX_TOKEN:
        raise bad
    try:
        packed = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_TEXT + 1)
        if len(raw) > MAX_TEXT or not inflater.eof:
            raise bad
        return raw.decode("utf-8")
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError):
        raise bad from None
