"""Replayed positions kept for their permalinks."""
import secrets

from django.db import models


def new_key() -> str:
    return secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")


class SavedPosition(models.Model):
    key = models.CharField(max_length=16, unique=True, default=new_key)
    title = models.CharField(max_length=200, blank=True)
    text = models.TextField()
    created = models.DateTimeField(auto_now_add=True)

    def get_absolute_url(self):
        return f"/positions/{self.key}/"
