from django.urls import path

from . import views

app_name = "rules"
urlpatterns = [
    path("", views.document_list, name="documents"),
    path("search", views.search_page, name="search"),
    path("changes/", views.changes_page, name="changes"),
    path("glossary/", views.glossary_page, name="glossary"),
    path("term/<slug:key>/", views.term_page, name="term"),
    path("<slug:doc>/", views.document_page, name="document"),
    path("<slug:doc>/full/", views.document_full_page, name="document-full"),
    path("<slug:doc>/<path:section_id>/", views.section_page, name="section"),
]
