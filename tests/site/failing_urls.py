"""URLs for the error-handling tests: the site's own, plus two views that fail unexpectedly."""
from django.urls import path
from rest_framework.views import APIView

from judgeapp.urls import urlpatterns as site_urlpatterns


def broken_page(request):
    raise RuntimeError("a page failed")


class BrokenApi(APIView):
    def get(self, request):
        raise RuntimeError("an API view failed")


def broken_plain_api(request):
    raise RuntimeError("a plain view under /api/ failed")


urlpatterns = [
    path("api/broken", BrokenApi.as_view()),
    path("api/broken-plain", broken_plain_api),
    path("broken/", broken_page),
    *site_urlpatterns,
]
handler404 = "judgeapp.views.not_found"
handler500 = "judgeapp.views.server_error"
