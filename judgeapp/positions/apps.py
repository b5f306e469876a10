from django.apps import AppConfig


class PositionsConfig(AppConfig):
    name = "judgeapp.positions"
    label = "positions"
    verbose_name = "Position checker"
