from django.urls import path

from . import views

app_name = "decks"
urlpatterns = [
    path("", views.validate_page, name="validate"),
    path("formats/", views.formats_page, name="formats"),
    path("list/<str:token>/", views.list_page, name="list"),
    path("list/<str:token>/print/", views.print_page, name="print"),
]
