"""Saved positions become content-addressed and bounded (issue 10).

Existing rows get their digest and size; of several copies of one text, the oldest
takes the digest and the others keep their keys (old permalinks keep working).
"""
import hashlib

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def fill_digests(apps, schema_editor):
    SavedPosition = apps.get_model("positions", "SavedPosition")
    seen = set()
    for row in SavedPosition.objects.order_by("pk").iterator():
        digest = hashlib.sha256(row.text.encode("utf-8")).hexdigest()
        row.size = len(row.text.encode("utf-8"))
        row.digest = digest if digest not in seen else None
        seen.add(digest)
        row.save(update_fields=["digest", "size"])


class Migration(migrations.Migration):

    dependencies = [
        ('positions', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterModelOptions(
            name='savedposition',
            options={'ordering': ['created', 'id']},
        ),
        migrations.AddField(
            model_name='savedposition',
            name='client',
            field=models.CharField(blank=True, db_index=True, max_length=64),
        ),
        migrations.AddField(
            model_name='savedposition',
            name='digest',
            field=models.CharField(editable=False, max_length=64, null=True, unique=True),
        ),
        migrations.AddField(
            model_name='savedposition',
            name='last_viewed',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='savedposition',
            name='owner',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='saved_positions', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddField(
            model_name='savedposition',
            name='size',
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AlterField(
            model_name='savedposition',
            name='created',
            field=models.DateTimeField(auto_now_add=True, db_index=True),
        ),
        migrations.RunPython(fill_digests, migrations.RunPython.noop),
    ]
