from django.urls import path

from . import api

urlpatterns = [
    path("search", api.RulesSearchView.as_view(), name="api-rules-search"),
    path("documents", api.DocumentsView.as_view(), name="api-rules-documents"),
    path("sections/<slug:doc>/<path:section_id>", api.SectionView.as_view(), name="api-rules-section"),
]
