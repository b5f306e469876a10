from django.urls import path

from . import api, rounds_api

urlpatterns = [
    path("events/", api.EventsView.as_view(), name="api-events"),
    path("events/<int:pk>/", api.EventView.as_view(), name="api-event"),
    path("events/<int:pk>/staff", api.StaffView.as_view(), name="api-event-staff"),
    path("events/<int:pk>/registrations", api.RegistrationsView.as_view(), name="api-event-registrations"),
    path("events/<int:pk>/registrations/import", api.ImportView.as_view(), name="api-event-import"),
    path("events/<int:pk>/registrations/<int:rid>/decklist", api.DecklistView.as_view(), name="api-decklist"),
    path("events/<int:pk>/registrations/<int:rid>/decklist/versions", api.VersionsView.as_view(),
         name="api-decklist-versions"),
    path("events/<int:pk>/registrations/<int:rid>/unlock", api.UnlockView.as_view(), name="api-unlock"),
    path("events/<int:pk>/decklists", api.DecklistsView.as_view(), name="api-event-decklists"),
    path("events/<int:pk>/decklists.csv", api.DecklistsCsvView.as_view(), name="api-event-decklists-csv"),
    path("events/<int:pk>/validate", api.ValidateView.as_view(), name="api-event-validate"),
    path("events/<int:pk>/registrations/<int:rid>/drop", rounds_api.DropView.as_view(), name="api-drop"),
    path("events/<int:pk>/rounds", rounds_api.RoundsView.as_view(), name="api-rounds"),
    path("events/<int:pk>/rounds/<int:number>", rounds_api.RoundView.as_view(), name="api-round"),
    path("events/<int:pk>/rounds/<int:number>/results", rounds_api.ResultsView.as_view(), name="api-results"),
    path("events/<int:pk>/standings", rounds_api.StandingsView.as_view(), name="api-standings"),
    path("events/<int:pk>/top-cut", rounds_api.TopCutView.as_view(), name="api-top-cut"),
    path("tasks/<uuid:task>", api.TaskView.as_view(), name="api-task"),
    path("auth/token", api.token_view, name="api-token"),
]
