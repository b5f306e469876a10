from django.urls import path

from . import views

app_name = "events"
urlpatterns = [
    path("", views.event_list, name="list"),
    path("new/", views.event_new, name="new"),
    path("invitations/<str:token>/", views.invitation, name="invitation"),
    path("<int:pk>/", views.event_detail, name="detail"),
    path("<int:pk>/edit/", views.event_edit, name="edit"),
    path("<int:pk>/staff/", views.staff_page, name="staff"),
    path("<int:pk>/register/", views.register, name="register"),
    path("<int:pk>/players/add/", views.player_add, name="player_add"),
    path("<int:pk>/players/import/", views.roster_import, name="import"),
    path("<int:pk>/decklists/", views.decklists, name="decklists"),
    path("<int:pk>/decklists.csv", views.export_csv, name="csv"),
    path("<int:pk>/print/", views.print_all, name="print"),
    path("<int:pk>/validate/", views.validate, name="validate"),
    path("<int:pk>/registrations/<int:rid>/", views.registration_page, name="registration"),
    path("<int:pk>/registrations/<int:rid>/versions/<int:number>/", views.version_page, name="version"),
    path("<int:pk>/registrations/<int:rid>/unlock/", views.unlock, name="unlock"),
    path("<int:pk>/registrations/<int:rid>/deck-check/", views.deck_check, name="deck_check"),
]
