"""Replayed positions kept for their permalinks.

Content-addressed: the key comes from the SHA-256 of the text, so the same position is
stored once however often it is saved.  Anonymous saves that nobody opens expire
(``expire_positions``); an owner's are kept.
"""
import base64
import secrets

from django.conf import settings
from django.db import models


def new_key() -> str:
    return secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")


def key_for(digest: str) -> str:
    """Twelve URL-safe characters (72 bits) of the text's digest."""
    return base64.urlsafe_b64encode(bytes.fromhex(digest)[:9]).decode().replace("-", "x").replace("_", "y")


class SavedPosition(models.Model):
    key = models.CharField(max_length=16, unique=True, default=new_key)
    digest = models.CharField(max_length=64, unique=True, null=True, editable=False)
    title = models.CharField(max_length=200, blank=True)
    text = models.TextField()
    size = models.PositiveIntegerField(default=0)
    client = models.CharField(max_length=64, blank=True, db_index=True)  # a keyed hash, never the address itself
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="saved_positions")
    created = models.DateTimeField(auto_now_add=True, db_index=True)
    last_viewed = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created", "id"]

    def get_absolute_url(self):
        return f"/positions/{self.key}/"
