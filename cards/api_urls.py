from django.urls import path

from . import api

urlpatterns = [
    path("", api.CardSearchView.as_view(), name="api-card-search"),
    path("<str:card_id>", api.CardView.as_view(), name="api-card"),
]
