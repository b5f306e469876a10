from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "judgeapp.decks"
    label = "decks"
    verbose_name = "Decklist validation"
