"""Root URLs: pages per app, the API under /api/, OpenAPI docs served offline (CSP-clean split view)."""
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("about/", views.about, name="about"),
    path("search", views.search, name="search"),
    path("favicon.ico", views.favicon),
    path("rules/", include("rules_corpus.urls")),
    path("cards/", include("cards.urls")),
    path("decks/", include("judgeapp.decks.urls")),
    path("positions/", include("judgeapp.positions.urls")),
    path("events/", include("judgeapp.events.urls")),
    path("accounts/", include("judgeapp.events.accounts")),
    path("rulings/", include("judgeapp.events.rulings_urls")),
    path("api/rules/", include("rules_corpus.api_urls")),
    path("api/cards/", include("cards.api_urls")),
    path("api/", include("judgeapp.decks.api_urls")),
    path("api/", include("judgeapp.positions.api_urls")),
    path("api/", include("judgeapp.events.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema", template_name="api/swagger_ui.html"),
         name="api-docs"),
    re_path(r"^api/", views.api_not_found),
]

handler400 = "judgeapp.views.bad_request"
handler403 = "judgeapp.views.permission_denied"
handler404 = "judgeapp.views.not_found"
handler500 = "judgeapp.views.server_error"
