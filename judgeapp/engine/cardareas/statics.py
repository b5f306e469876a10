"""Continuous traits (``continuous-traits``): stat changes and keywords for groups of cards,
the conditions they hold under, restrictions and permissions."""
from __future__ import annotations

from ..cardtree import NP, Unreadable, _sub, _tok
from ..structures import Condition, Filter

WORDS = {"opposes": "OPPOSES", "oppose": "OPPOSES"}


class Readers:
    """Readers of the statics area (a mixin of ``SentenceReader``)."""

    # ----- conditions ---------------------------------------------------------------------------
    def c_other_clan(self, node):
        """"if another player is Lion Clan": some other player has that Clan Alignment (``clan-alignment``)."""
        return Condition(other_clan=_tok(node, "CLAN").value)

    def c_other_controls(self, node):
        """"while another player controls an Ashalan card": such a card in play, not yours (``control``)."""
        sub = _sub(node, *NP)
        if sub.data not in ("phrase", "bare"):
            raise Unreadable("another player's control of a named card is not read")
        return Condition(exists=self.filter_of(sub).model_copy(update={"side": "other"}))

    def c_card_has_type(self, node):
        """"while he has an attachment", "while she has a Spell": one attached to him (``attachments``)."""
        return Condition.model_validate({"card": self._card_cond(node),
                                         "has_attached": [_tok(node, "TYPE").value.capitalize()]})

    def c_opposing(self, node):
        """"Atsuto has Resilient while opposing a dishonorable Personality": the trait's card, or each
        card of its group, is at a battlefield on the other side from such a card (``opposing``)."""
        subject = getattr(self, "trait_subject", None)
        if subject is None:
            raise Unreadable("'opposing …' with no card before it is not read")
        return self._opposes(subject, node)

    def c_card_opposes(self, node):
        return self._opposes(self._card_cond(node), node)

    def _opposes(self, card, node) -> Condition:
        nps = [c for c in node.children if hasattr(c, "data") and c.data in NP]
        sub = nps[-1]
        if sub.data not in ("phrase", "bare"):
            raise Unreadable("opposing one named card is not read")
        return Condition.model_validate({"card": card, "fits": Filter(opposes=self.filter_of(sub)).model_dump(
            exclude_defaults=True)})
