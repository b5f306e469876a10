"""The position checker page (an editor, the gallery, the step-through view) and the
format's documentation for judges."""
from django.http import Http404
from django.shortcuts import get_object_or_404, render

from . import docs, gallery, saving
from .models import SavedPosition


def checker(request):
    """The editor holds a gallery position, or with ``?example=N`` the format page's Nth example."""
    entries = gallery.entries()
    context = {"gallery": entries, "autorun": False}
    example = request.GET.get("example", "")
    if example:
        found = docs.examples()
        if not example.isdigit() or not 1 <= int(example) <= len(found):
            raise Http404(f"No example {example[:20]!r} on the position format page (it has {len(found)}).")
        context.update(text=found[int(example) - 1], chosen="", example=int(example))
    else:
        chosen = next((e for e in entries if e["slug"] == request.GET.get("gallery")), entries[0] if entries else None)
        context.update(text=chosen["text"] if chosen else "", chosen=chosen["slug"] if chosen else "")
    return render(request, "positions/checker.html", context)


def saved(request, key):
    position = get_object_or_404(SavedPosition, key=key)
    saving.mark_viewed(position)
    return render(request, "positions/checker.html", {"gallery": gallery.entries(), "text": position.text,
                                                      "chosen": "", "autorun": True, "saved": position})


def format_page(request):
    return render(request, "positions/format.html", {"doc": docs.rendered()})
