"""Effects about the duel in progress: consequences a Focus Effect gives for the duel's
outcome (``focus-focus-effect``, ``duel``)."""
from __future__ import annotations

from pydantic import Field, model_validator

from ..registry import Effect, Primitive, primitive
from ..structures import Model
from ..vocab import StepKind


class ConsequenceArgs(Model):
    do: list[Effect] = Field(min_length=1, max_length=10)

    @model_validator(mode="before")
    @classmethod
    def _one(cls, data):
        if isinstance(data, dict) and isinstance(data.get("do"), dict):
            data = {**data, "do": [data["do"]]}
        return data


@primitive
class DuelConsequence(Primitive):
    """"As a Focus Effect, give the duel's winner +3F": Focus Effects resolve before the duel
    does (``duel`` step 4), so what they say about its winner, its loser, or "if you win" is a
    consequence applied once the duel has resolved, with the duel's other consequences (step 5:
    "Further effects from the duel or other cards may give consequences for the loser or
    winner. Apply these consequences now"); a duel that ends without resolution has none."""

    name, Args, cite = "duel_consequence", ConsequenceArgs, "duel"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        duel = ctx.duel
        if duel is None or duel.get("winner") is not None or duel.get("losers"):
            g.record(StepKind.EFFECT, f"{ctx.why()}: no duel is about to resolve, so “{cls.describe(args)}” "
                                      "does nothing", [cls.cite, "focus-focus-effect"], ctx.player, "resolve")
            return False
        duel["consequences"].append((ctx, list(args.do)))
        g.record(StepKind.EFFECT, f"{ctx.why()}: {cls.describe(args)}", [cls.cite, "focus-focus-effect"], ctx.player,
                 "resolve")
        return True

    @classmethod
    def describe(cls, args):
        from ..abilities import describe_effect

        return "once the duel has resolved: " + "; ".join(describe_effect(e) for e in args.do)
