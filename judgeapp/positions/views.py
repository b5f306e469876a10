"""The position checker page: an editor, the gallery, and the step-through view."""
from django.shortcuts import get_object_or_404, render

from . import gallery, saving
from .models import SavedPosition


def checker(request):
    entries = gallery.entries()
    chosen = next((e for e in entries if e["slug"] == request.GET.get("gallery")), entries[0] if entries else None)
    return render(request, "positions/checker.html", {"gallery": entries, "text": chosen["text"] if chosen else "",
                                                      "chosen": chosen["slug"] if chosen else "", "autorun": False})


def saved(request, key):
    position = get_object_or_404(SavedPosition, key=key)
    saving.mark_viewed(position)
    return render(request, "positions/checker.html", {"gallery": gallery.entries(), "text": position.text,
                                                      "chosen": "", "autorun": True, "saved": position})
