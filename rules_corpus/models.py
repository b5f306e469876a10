"""Rules documents, their section trees and glossary terms.

Section ids are stable slugs built from titles (``timing/timing-conflicts``), so a
permalink survives re-ingesting a corrected document; each section also has a short
``anchor`` unique within its document (``timing-conflicts``) that the engine and
other apps cite.  A new edition of a document reuses its predecessor's ids for the
sections it continues, so ``ivory-cr/recruit`` and ``twenty-festivals-cr/recruit`` are
the same rule in two editions.
"""
from django.db import models
from django.urls import reverse


class Document(models.Model):
    AUTHORITY_CHOICES = [
        ("authoritative", "Authoritative"),
        ("previous", "Previous edition"),
        ("superseded", "Superseded"),
        ("summary", "Summary"),
        ("translation", "Translation"),
    ]

    slug = models.SlugField(unique=True)
    title = models.CharField(max_length=200)
    edition = models.CharField(max_length=40)
    year = models.PositiveSmallIntegerField()
    authority = models.CharField(max_length=20, choices=AUTHORITY_CHOICES)
    language = models.CharField(max_length=8, default="en")
    source_file = models.CharField(max_length=300)
    order = models.PositiveSmallIntegerField(default=0)
    effective_from = models.DateField(null=True, blank=True, help_text="when its rules began to apply")
    previous = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="next_editions",
                                 help_text="the edition this document replaces, section by section")

    class Meta:
        ordering = ["order"]

    def __str__(self):
        return self.title

    @property
    def is_authoritative(self) -> bool:
        return self.authority == "authoritative"

    def get_absolute_url(self):
        return reverse("rules:document", args=[self.slug])


class Section(models.Model):
    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="sections")
    parent = models.ForeignKey("self", null=True, blank=True, on_delete=models.CASCADE, related_name="children")
    order = models.PositiveIntegerField(help_text="position in the document")
    depth = models.PositiveSmallIntegerField()
    number = models.CharField(max_length=20, blank=True)
    title = models.CharField(max_length=300)
    path = models.CharField(max_length=600, help_text="stable id within the document")
    anchor = models.CharField(max_length=200, help_text="short id, unique within the document")
    body = models.TextField(blank=True)
    kind = models.CharField(max_length=20, default="section")
    searchable = models.BooleanField(default=True, help_text="False for fiction, credits, adverts")
    current = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="older",
                                help_text="the authoritative document's section that states this rule now")

    class Meta:
        ordering = ["document__order", "order"]
        constraints = [
            models.UniqueConstraint(fields=["document", "path"], name="section_path_unique"),
            models.UniqueConstraint(fields=["document", "anchor"], name="section_anchor_unique"),
        ]

    def __str__(self):
        return f"{self.number} {self.title}".strip()

    @property
    def full_id(self) -> str:
        return f"{self.document.slug}/{self.path}"

    def get_absolute_url(self):
        return reverse("rules:section", args=[self.document.slug, self.path])

    def ancestors(self) -> list["Section"]:
        chain, node = [], self.parent
        while node is not None:
            chain.append(node)
            node = node.parent
        return chain[::-1]


class GlossaryTerm(models.Model):
    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="terms")
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="terms")
    term = models.CharField(max_length=200)
    key = models.SlugField(max_length=200, help_text="the same key across documents")
    kind = models.CharField(max_length=20, default="glossary")

    class Meta:
        ordering = ["document__order", "section__order"]
        constraints = [
            models.UniqueConstraint(fields=["document", "key", "kind"], name="term_unique_per_document"),
        ]

    def __str__(self):
        return self.term

    def get_absolute_url(self):
        return reverse("rules:term", args=[self.key])


class SectionChange(models.Model):
    """One section's word-level change from the previous edition to a document.

    Only sections that differ get a row: ``changed`` (both editions, runs of kept,
    deleted and inserted words), ``added`` (new in the document) or ``removed`` (only in
    the previous edition).  ``listed`` holds the numbers of the document's own list of
    changes that name this section.
    """

    STATUS_CHOICES = [("changed", "Changed"), ("added", "Added"), ("removed", "Removed")]

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="changes")
    section = models.OneToOneField(Section, null=True, blank=True, on_delete=models.CASCADE, related_name="change")
    previous = models.OneToOneField(Section, null=True, blank=True, on_delete=models.CASCADE,
                                    related_name="change_after")
    status = models.CharField(max_length=10, choices=STATUS_CHOICES)
    runs = models.JSONField(default=list, help_text='[[op, text], ...]: "=" kept, "-" deleted, "+" inserted')
    inserted = models.PositiveIntegerField(default=0)
    deleted = models.PositiveIntegerField(default=0)
    order = models.PositiveIntegerField()

    class Meta:
        ordering = ["document__order", "order"]

    def __str__(self):
        return f"{self.status}: {self.section or self.previous}"
