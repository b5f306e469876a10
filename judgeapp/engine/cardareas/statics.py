"""Continuous traits (``continuous-traits``): stat changes and keywords for groups of cards,
the conditions they hold under, restrictions and permissions."""
from __future__ import annotations


class Readers:
    """Readers of the statics area (a mixin of ``SentenceReader``)."""
