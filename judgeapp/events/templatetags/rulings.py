"""``{% cited_rulings "card" card.id %}`` / ``{% cited_rulings "section" s.id %}``: the published
rulings that cite a card or a rule section, for the card and rules pages (one include each)."""
from django import template

from judgeapp.events import rulings

register = template.Library()


@register.inclusion_tag("rulings/_cited.html")
def cited_rulings(kind: str, ref: str) -> dict:
    return {"rulings": rulings.cited(kind, ref), "kind": kind}
