"""The API's JSON renderer, safe for whatever input a response echoes back.

Readable UTF-8 JSON as usual; but a value can hold what UTF-8 or strict JSON cannot
carry, because responses quote the client's own input (an error naming the bad value,
a position's title or expectations): a lone surrogate (``"\\ud800"`` arrives escaped in
a JSON body, or as ``!!float``/``.inf`` in YAML).  Such a response is written
ASCII-escaped, with infinities and NaN as the strings ``"inf"``, ``"-inf"``, ``"nan"``,
instead of failing with a server error.
"""
import json
import math

from rest_framework.renderers import JSONRenderer


def _finite(value):
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(item) for item in value]
    return value


class SafeJSONRenderer(JSONRenderer):
    def render(self, data, accepted_media_type=None, renderer_context=None):
        try:
            return super().render(data, accepted_media_type, renderer_context)
        except (UnicodeEncodeError, ValueError):
            return json.dumps(_finite(data), cls=self.encoder_class, ensure_ascii=True,
                              separators=(",", ":")).encode("ascii")
