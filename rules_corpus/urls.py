from django.urls import path

from . import views

app_name = "rules"
urlpatterns = [
    path("", views.document_list, name="documents"),
    path("search", views.search_page, name="search"),
    path("term/<slug:key>/", views.term_page, name="term"),
    path("<slug:doc>/", views.document_page, name="document"),
    path("<slug:doc>/<path:section_id>/", views.section_page, name="section"),
]
