from django.urls import path

from . import api

urlpatterns = [
    path("decks/validate", api.ValidateView.as_view(), name="api-deck-validate"),
    path("formats", api.FormatsView.as_view(), name="api-formats"),
]
