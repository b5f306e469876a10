"""The position format's documentation for judges (format.md beside this module), as a
page: Markdown rendered once per process, headings given anchors, sanitized with nh3
like every rendered HTML of the site; each whole example position gets a link that
opens it in the checker.

The same file is replayed by the engine's tests (tests/engine/test_format_doc.py), so
every example on the page works.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import markdown
import nh3

SOURCE = Path(__file__).resolve().parent / "format.md"
TAGS = {"h1", "h2", "h3", "h4", "p", "br", "ul", "ol", "li", "a", "strong", "em", "code", "pre", "blockquote",
        "table", "thead", "tbody", "tr", "th", "td", "hr"}
ATTRIBUTES = {"a": {"href", "title"}, "h2": {"id"}, "h3": {"id"}, "h4": {"id"}, "th": {"align"}, "td": {"align"}}
WHOLE_POSITION = re.compile(r'<pre tabindex="0"><code>l5r-position: 1.*?</pre>', re.S)


def examples() -> list[str]:
    """The whole positions of the page, in order (the checker's ``?example=N``, from 1)."""
    blocks = re.findall(r"```yaml\n(.*?)```", SOURCE.read_text(encoding="utf-8"), re.S)
    return [b for b in blocks if b.startswith("l5r-position: 1")]


@lru_cache(maxsize=1)
def rendered() -> dict:
    """``{"title", "html", "toc": [{"id", "title", "level"}]}``."""
    text = SOURCE.read_text(encoding="utf-8")
    md = markdown.Markdown(extensions=["tables", "fenced_code", "sane_lists", "toc"],
                           extension_configs={"toc": {"toc_depth": "2-3"}})
    body = nh3.clean(md.convert(text), tags=TAGS, attributes=ATTRIBUTES, link_rel=None)
    body = body.replace("<pre>", '<pre tabindex="0">')  # a wide example scrolls: by keyboard too
    count = iter(range(1, 1000))
    body = WHOLE_POSITION.sub(lambda m: f'{m.group(0)}<p class="try"><a class="open-example" '
                                        f'href="/positions/?example={next(count)}">Open this position in the '
                                        f"checker</a></p>", body)
    toc = []
    for top in md.toc_tokens:
        toc.append({"id": top["id"], "title": top["name"], "level": top["level"]})
        toc += [{"id": c["id"], "title": c["name"], "level": c["level"]} for c in top["children"]]
    return {"title": text.splitlines()[0].lstrip("# ").strip(), "html": body, "toc": toc}
