"""Site-wide pages: the home page and friendly error pages."""
from django.http import JsonResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt

from judgeapp.api_errors import error_body

from rules_corpus.models import Document


def home(request):
    return render(request, "home.html", {"documents": Document.objects.all()})


def not_found(request, exception=None):
    return render(request, "error.html", {"status": 404, "message": str(exception or "Page not found.")},
                  status=404)


def server_error(request):
    return render(request, "error.html", {"status": 500, "message": "Something went wrong on our side."},
                  status=500)


@csrf_exempt
def api_not_found(request):
    """Unknown API paths answer in the API's error shape, not with an HTML page (nor with
    the CSRF refusal page for a POST: nothing is changed here)."""
    return JsonResponse(error_body("not-found", f"No API endpoint at {request.path}. See /api/docs/."),
                        status=404)
