from django.urls import path

from . import views

app_name = "positions"
urlpatterns = [
    path("", views.checker, name="checker"),
    path("format/", views.format_page, name="format"),
    path("<str:key>/", views.saved, name="saved"),
]
