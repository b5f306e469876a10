"""The decklist page: paste or upload, choose format and date, see every problem."""
import datetime as dt

from django.shortcuts import render

from judgeapp.ratelimits import rate_limited

from . import formats, service
from .parsing import MAX_BYTES, DeckInputError


@rate_limited("deck-validate")
def validate_page(request):
    context = {"formats": formats.FORMATS, "format": "ivory", "date": dt.date.today().isoformat(), "decklist": ""}
    if request.method == "POST":
        context.update(format=request.POST.get("format", "ivory"), date=request.POST.get("date", ""),
                       decklist=request.POST.get("decklist", ""))
        upload = request.FILES.get("file")
        decklist = context["decklist"]
        try:
            if upload is not None:
                if upload.size > MAX_BYTES:
                    raise DeckInputError("too-large", f"The upload is {upload.size:,} bytes; the limit is {MAX_BYTES:,}.")
                decklist = upload.read()
            verdict = service.run(decklist, None, context["format"], context["date"], with_l5d=True)
            context["verdict"] = verdict
            if upload is not None:
                context["decklist"] = "\n".join(line["text"] for line in verdict["lines"])
        except DeckInputError as exc:
            context["error"] = exc.message
    status = 400 if "error" in context else 200
    return render(request, "decks/validate.html", context, status=status)


def formats_page(request):
    return render(request, "decks/formats.html", {"formats": [f.as_dict() for f in formats.FORMATS]})
