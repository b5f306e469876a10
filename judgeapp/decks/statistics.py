"""A checked list's statistics as bar charts: cards by type, the Gold cost curve, the
Force and Chi of its Personalities, Focus values, Gold production.

Charts are drawn on the server as SVG geometry (the page has no script for them and
the Content-Security-Policy allows none inline): this module counts and lays out the
bars; ``templates/decks/_charts.html`` writes the markup, each chart with its numbers
as a table for screen readers.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .l5d import TYPE_HEADINGS

WIDTH, HEIGHT = 320, 170
LEFT, RIGHT, TOP, BOTTOM = 10, 6, 16, 34
CAP = 10  # values above this are counted as "10+"


@dataclass
class Series:
    name: str
    values: list[int]
    css: str = ""


@dataclass
class Chart:
    key: str
    title: str
    description: str
    categories: list[str]
    series: list[Series]
    layout: dict = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(sum(s.values) for s in self.series)

    @property
    def rows(self) -> list[dict]:
        """The numbers as table rows: each category with its value in each series."""
        return [{"category": c, "values": [s.values[i] for s in self.series]} for i, c in enumerate(self.categories)]


def _lay_out(chart: Chart) -> Chart:
    """Bar rectangles, value labels and category ticks in a WIDTH × HEIGHT box."""
    groups, per_group = len(chart.categories), len(chart.series)
    peak = max((v for s in chart.series for v in s.values), default=0) or 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    slot = plot_w / max(groups, 1)
    bar_w = max(2.0, slot * 0.8 / per_group)
    bars, ticks = [], []
    for i, category in enumerate(chart.categories):
        start = LEFT + i * slot + (slot - bar_w * per_group) / 2
        ticks.append({"x": round(LEFT + (i + 0.5) * slot, 1), "label": category})
        for j, series in enumerate(chart.series):
            value = series.values[i]
            height = plot_h * value / peak
            x, y = start + j * bar_w, TOP + plot_h - height
            bars.append({"x": round(x, 1), "y": round(y, 1), "w": round(bar_w - 1, 1), "h": round(height, 1),
                         "value": value, "css": series.css, "label_x": round(x + bar_w / 2 - 0.5, 1),
                         "label_y": round(y - 3, 1), "title": f"{series.name}, {category}: {value}"})
    chart.layout = {"width": WIDTH, "height": HEIGHT, "bars": bars, "ticks": ticks, "baseline": TOP + plot_h,
                    "left": LEFT, "right": WIDTH - RIGHT, "tick_y": TOP + plot_h + 14,
                    "legend": [{"name": s.name, "css": s.css, "x": LEFT + k * 110, "y": HEIGHT - 4}
                               for k, s in enumerate(chart.series)] if per_group > 1 else []}
    return chart


def _by_value(key, title, description, named: list[tuple[str, Counter, str]]) -> Chart | None:
    """A chart of how many copies have each value (0 … 10+), one series per (name, counter, css)."""
    top = max((v for _, counter, _ in named for v in counter), default=None)
    if top is None:
        return None
    bucket = lambda v: min(max(v, 0), CAP)  # noqa: E731
    series = []
    for name, counter, css in named:
        buckets = Counter()
        for value, n in counter.items():
            buckets[bucket(value)] += n
        series.append(Series(name, [buckets[v] for v in range(bucket(top) + 1)], css))
    labels = [f"{v}+" if v == CAP and top > CAP else str(v) for v in range(bucket(top) + 1)]
    return _lay_out(Chart(key, title, description, labels, series))


def charts(verdict: dict, pool) -> list[Chart]:
    """The charts of a verdict's read lines (cards the pool knows); empty ones are left out."""
    by_type: dict[str, Counter] = {"dynasty": Counter(), "fate": Counter()}
    cost = {"dynasty": Counter(), "fate": Counter()}
    force, chi, focus, production = Counter(), Counter(), Counter(), Counter()
    for line in verdict["lines"]:
        card = pool.by_id.get(line.get("card_id")) if line.get("card_id") else None
        if card is None:
            continue
        n, slot = line["count"], line["deck"]
        if slot in by_type:
            by_type[slot][TYPE_HEADINGS.get(card.type, card.type or "Other")] += n
            if card.stat("gold_cost") is not None:
                cost[slot][card.stat("gold_cost")] += n
        if card.type == "Personality" and slot == "dynasty":
            for counter, stat in ((force, "force"), (chi, "chi")):
                if card.stat(stat) is not None:
                    counter[card.stat(stat)] += n
        if slot == "fate" and card.stat("focus") is not None:
            focus[card.stat("focus")] += n
        if card.stat("gold_production") is not None and card.type in ("Holding", "Stronghold"):
            production[card.stat("gold_production")] += n
    types = [t for t, _ in (by_type["dynasty"] + by_type["fate"]).most_common()]
    found = []
    if types:
        found.append(_lay_out(Chart(
            "types", "Cards by type", "Copies of each card type in the Dynasty and Fate decks.", types,
            [Series("Dynasty", [by_type["dynasty"][t] for t in types]),
             Series("Fate", [by_type["fate"][t] for t in types], "alt")])))
    found += [c for c in (
        _by_value("cost", "Gold cost curve", "Copies at each Gold cost, Dynasty and Fate.",
                  [("Dynasty", cost["dynasty"], ""), ("Fate", cost["fate"], "alt")]),
        _by_value("force-chi", "Force and Chi of Personalities", "Personalities' copies at each Force and Chi.",
                  [("Force", force, ""), ("Chi", chi, "alt")]),
        _by_value("focus", "Focus values", "Fate cards' copies at each Focus value.", [("Focus", focus, "alt")]),
        _by_value("production", "Gold production", "Holdings' and the Stronghold's copies at each Gold production.",
                  [("Gold production", production, "")]),
    ) if c is not None and c.total]
    return found
