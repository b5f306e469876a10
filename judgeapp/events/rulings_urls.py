from django.urls import path

from . import rulings_views

app_name = "rulings"
urlpatterns = [
    path("", rulings_views.search_page, name="search"),
    path("<int:ruling_id>/", rulings_views.ruling_short, name="short"),
]
