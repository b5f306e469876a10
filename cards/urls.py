from django.urls import path

from . import views

app_name = "cards"
urlpatterns = [
    path("", views.search_page, name="search"),
    path("help/", views.help_page, name="help"),
    path("advanced/", views.advanced_page, name="advanced"),
    path("random/", views.random_page, name="random"),
    path("sets/", views.sets_page, name="sets"),
    path("sets/<slug:slug>/", views.set_page, name="set"),
    path("<str:card_id>/", views.card_redirect, name="card-short"),
    path("<str:card_id>/<slug:slug>/", views.card_page, name="card"),
]
