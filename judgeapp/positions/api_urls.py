from django.urls import path

from . import api

urlpatterns = [path("positions/replay", api.ReplayView.as_view(), name="api-position-replay")]
