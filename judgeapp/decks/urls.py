from django.urls import path

from . import views

app_name = "decks"
urlpatterns = [
    path("", views.validate_page, name="validate"),
    path("formats/", views.formats_page, name="formats"),
]
