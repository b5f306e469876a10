from django.apps import AppConfig


class RulesCorpusConfig(AppConfig):
    name = "rules_corpus"
    verbose_name = "Rules documents"
