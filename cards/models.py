"""The card database: sets, cards as they play now, every printing, legality, bans, notes.

Rows are written by ``cards.importer`` from ``cards.catalog``; card ids are the
catalog's stable hashes, so links survive a re-import.
"""
from django.db import models
from django.urls import reverse

from . import legality
from .text import STAT_FIELDS, STAT_LABELS, Stat, parse_stat


class CardSet(models.Model):
    name = models.CharField(max_length=120, unique=True)
    slug = models.SlugField(max_length=120, unique=True)
    arc = models.CharField(max_length=80)
    release_date = models.DateField(null=True, blank=True)
    order = models.PositiveIntegerField()
    size = models.PositiveIntegerField(null=True, blank=True)
    border = models.CharField(max_length=200, blank=True)
    notes = models.TextField(blank=True)
    code = models.CharField(max_length=40, blank=True)

    class Meta:
        ordering = ["order"]

    def __str__(self):
        return self.name


class Card(models.Model):
    id = models.CharField(max_length=12, primary_key=True)
    slug = models.SlugField(max_length=200)
    title = models.CharField(max_length=200, db_index=True)
    folded_title = models.CharField(max_length=200, db_index=True)
    level = models.CharField(max_length=40, blank=True)
    level_tag = models.CharField(max_length=10, blank=True)
    rank = models.FloatField(default=0)
    full_title = models.CharField(max_length=240)
    type = models.CharField(max_length=40)
    types = models.JSONField(default=list)
    deck = models.CharField(max_length=20, blank=True)
    clans = models.JSONField(default=list)
    keywords = models.JSONField(default=list)
    is_unique = models.BooleanField(default=False)
    soul_of = models.CharField(max_length=200, blank=True)
    stats = models.JSONField(default=dict)  # stat name -> as printed ("3", "+2", "*", "-")
    text_html = models.TextField(blank=True)
    text_plain = models.TextField(blank=True)
    text_source = models.CharField(max_length=10)
    oracle_id = models.PositiveIntegerField(null=True, blank=True)
    # The rules engine's reading of the text ({"version", "reading"}), stored at import so a
    # replay never re-parses; refreshed when the reader's version changes (cards.readings).
    reading = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["folded_title", "rank"]

    def __str__(self):
        return self.full_title

    def get_absolute_url(self):
        return reverse("cards:card", args=[self.id, self.slug])

    def stat(self, name: str) -> Stat | None:
        return parse_stat(self.stats.get(name))

    def stat_rows(self) -> list[tuple[str, str, str]]:
        return [(name, STAT_LABELS[name], self.stats[name]) for name in STAT_FIELDS if name in self.stats]

    @property
    def format_slugs(self) -> list[str]:
        return [row.format for row in self.legalities.all()]


class Printing(models.Model):
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="printings")
    card_set = models.ForeignKey(CardSet, on_delete=models.PROTECT, related_name="printings")
    side = models.CharField(max_length=5, default="front")
    is_current = models.BooleanField(default=False)
    order = models.PositiveSmallIntegerField()
    rarity = models.CharField(max_length=20, blank=True)
    number = models.CharField(max_length=20, blank=True)
    artist = models.CharField(max_length=200, blank=True)
    flavor_html = models.TextField(blank=True)
    title = models.CharField(max_length=240)
    types = models.JSONField(default=list)
    text_html = models.TextField(blank=True)
    stats = models.JSONField(default=dict)
    legality = models.JSONField(default=list)
    is_proxy = models.BooleanField(default=False)
    legal_date = models.DateField(null=True, blank=True)
    back_title = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["card", "order"]


class CardLegality(models.Model):
    """The card is in this format's pool: its current printing is legal there."""

    FORMAT_CHOICES = [(arc.slug, arc.name) for arc in legality.ARCS]
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="legalities")
    format = models.CharField(max_length=30, choices=FORMAT_CHOICES)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["card", "format"], name="one_legality_per_format")]
        indexes = [models.Index(fields=["format"])]


class Ban(models.Model):
    """A ban: format blank means the source named none (the set files' ``is_banned``)."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="bans")
    format = models.CharField(max_length=30, blank=True)
    effective = models.DateField(null=True, blank=True)
    year_inferred = models.BooleanField(default=False)
    condition = models.TextField(blank=True)
    raw = models.TextField()

    class Meta:
        ordering = ["effective", "format"]


class CardNote(models.Model):
    KIND_CHOICES = [("errata", "Errata"), ("mrp", "Most recent printing"), ("note", "Note")]
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="notes")
    kind = models.CharField(max_length=10, choices=KIND_CHOICES)
    source = models.CharField(max_length=10)
    text = models.TextField()
    date = models.DateField(null=True, blank=True)
    order = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["card", "order"]


class CardImport(models.Model):
    """The last import: what was read (fingerprint of the exports) and its report."""

    fingerprint = models.CharField(max_length=64)
    imported_at = models.DateTimeField(auto_now=True)
    report = models.JSONField(default=dict)
